"""Parents follow a player: e-mail or Web Push when a round is paired and when the player's
result is entered (docs/registration.md, "Following a player")."""
