"""Ruleset families, one module each, imported only when a ruleset is asked for."""
