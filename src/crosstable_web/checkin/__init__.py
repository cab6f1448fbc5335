"""Check-in on the day: the arbiter or organiser marks each player present or absent before a
round is paired (docs/registration.md, "Check-in")."""
