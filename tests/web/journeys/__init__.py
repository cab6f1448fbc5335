"""Seed journeys (issue 11.1): each seed event run from an empty database by its real users,
in their language, through the browser only."""
