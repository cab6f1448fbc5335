"""Drawing of lots, reproducible: every lot of a section is drawn from the event's seed
(``Event.lots_seed``, made with the event and never changed) and the section's code.

Round 1's initial colour (C.04.3: drawn by lot before round 1, unless the regulations fix
it) is drawn, in FIDE mode, when round 1 is paired, kept in the section's settings and
written to the TRF file (record 152); the order of participants still tied after the tie-break list
(``final_tie = "lots"``) is drawn by ``crosstable.standings`` from :func:`seed_of`. The seed
is exported with the event (backup, and a ``###`` line of the TRF file), so anyone can draw
again and get the same lots (``standings.tie_lots``, the section's lots page).
"""

from __future__ import annotations

import random

from crosstable.model import Colour
from crosstable.pairing import registry
from crosstable_web.events import models

DRAWN_INITIAL_COLOUR = "drawn_initial_colour"
"""``Section.settings`` key: round 1's initial colour as drawn by lot ("w" or "b")."""


def seed_of(section: models.Section) -> str:
    """The seed of the section's lots."""
    return f"{section.event.lots_seed or section.event.slug}/{section.key}"


def draws_initial_colour(section: models.Section) -> bool:
    """A section in FIDE mode whose system draws round 1's colour by lot (the registry's
    ``initial_colour_by_lot``: the Dutch rules) and whose regulations fix none draws it
    from the seed. (Other sections leave it to the engine, which draws it from the
    tournament's name: a section's round 1 is paired as it always was.)"""
    return (
        section.fide_mode
        and _system_draws_colour(section.system_code)
        and section.settings.get("initial_colour") not in ("w", "b")
    )


def _system_draws_colour(code: str) -> bool:
    """The registry's word on it; a code it does not know draws nothing."""
    try:
        return registry.any_system(code).initial_colour_by_lot
    except KeyError:
        return False


def initial_colour(section: models.Section) -> Colour | None:
    """Round 1's initial colour: the regulations', else the one drawn (None: not yet)."""
    value = section.settings.get("initial_colour") or section.settings.get(DRAWN_INITIAL_COLOUR)
    return Colour(value) if value in ("w", "b") else None


def colour_to_draw(section: models.Section) -> Colour | None:
    """Round 1's initial colour drawn by lot from the seed, for a section that draws one and
    has not kept one yet (None otherwise): the same seed always draws the same colour."""
    if not draws_initial_colour(section) or section.settings.get(DRAWN_INITIAL_COLOUR):
        return None
    draw = random.Random(f"{seed_of(section)}/initial-colour").random()
    return Colour.WHITE if draw < 0.5 else Colour.BLACK


def keep_drawn_colour(section: models.Section, colour: Colour) -> None:
    """Keep the colour drawn (the caller stores round 1 in the same transaction, and its
    audit line names the colour and the seed)."""
    section.settings = {**section.settings, DRAWN_INITIAL_COLOUR: colour.value}
    section.save(update_fields=["settings"])
