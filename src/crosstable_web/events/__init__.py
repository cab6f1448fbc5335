"""Events: sections, entries, rounds, games, roles and the audit log."""
