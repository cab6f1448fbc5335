"""The bounds a regulations file's values are checked against, and the words some keys take."""

TEAM_PLACE_TIEBREAKS = ("best_place",)
FINAL_TIES = ("lots", "shared", "playoff")
SEXES = ("M", "F")

MAX_NAME = 300
"""Event and section names (what the web app stores for them)."""
MAX_KEY = 40
MAX_ROUNDS = 99
MAX_GRADE = 99
MAX_AGE = 150
MAX_PLACE = 10_000
MAX_BOARDS = 100
MAX_FILE_CHARACTERS = 1_000_000
"""The five examples are 4-14 KB; a file a thousand times larger is no regulations file."""
MAX_NESTING = 100
"""No regulations table nests deeper than a handful of levels; a file nesting 20,000 levels
would exhaust Python's recursion limit in the TOML parser (brackets inside strings count
too, so the bound is generous)."""
