"""Regulations: an event's rules as one declarative TOML file, loaded and validated."""
