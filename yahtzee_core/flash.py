"""Where generated tables (planner_room's roll_groups.py, odds' odds_tables.py) cost no
heap to read: its own module, so a board that builds its tables never holds the code."""


def tables_in_flash():
    """True on CPython, or on a board with 100 KB free whose code is frozen into its
    firmware (ours: this module's file is on no drive). A board compiling .py or
    loading .mpy from its drive would bring the tables' bytes into RAM instead."""
    try:
        from gc import mem_free
    except ImportError:     # CPython
        return True
    if mem_free() < 102400:
        return False
    try:
        open(__file__).close()
    except OSError:
        return True
    return False
