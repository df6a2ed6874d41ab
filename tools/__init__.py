"""Desktop-only tools (solver, strategy-table writer, bundle builder). Never imported on a device."""
