"""A section as TRF-2026 (the whole event as one JSON file is ``crosstable_web.backup``)."""

from __future__ import annotations

import datetime

from crosstable.model import Acceleration, Tournament
from crosstable.pairing import registry
from crosstable.pairing.acceleration import AccelerationError, asks_for_baku, baku_accelerations
from crosstable_web.events import bridge, models
from crosstable_web.events.oversight import arbiters
from crosstable_web.events.regulations import rules
from crosstable_web.events.rounds import fide_mode


def export_section_trf(section: models.Section, *, full_birth_dates: bool) -> str:
    """The section as a TRF-2026 file; a section paired with Baku acceleration carries it as
    records 250 (:func:`pairing_accelerations`), so the file re-pairs as the app paired it.
    Without ``full_birth_dates`` (a file for anyone but the event's staff) each player's
    birth date is only its year (:func:`birth_years_only`)."""
    from crosstable.formats.trf import write_trf

    tournament = bridge.section_tournament(section)
    event = section.event
    # the event's city and dates (records 022, 042, 052): a rating report needs them
    tournament.city = tournament.city or event.venue
    if event.start_date is not None:
        tournament.start_date = event.start_date.strftime("%Y/%m/%d")
    if event.end_date is not None:
        tournament.end_date = event.end_date.strftime("%Y/%m/%d")
    tournament.accelerations = pairing_accelerations(section, tournament)
    arbiters.name_in_trf(tournament, event)
    # TRF-2026 comment lines: the seed of the drawing of lots, FIDE mode, and what the data
    # cannot say (FIDE mode left, manual pairings, corrections for the rating report only…)
    tournament.extra_records.extend(fide_mode.trf_comments(section))
    if not full_birth_dates:
        birth_years_only(tournament)
    return write_trf(tournament)


def birth_years_only(tournament: Tournament) -> None:
    """Each player's birth date cut to its year, written ``YYYY/00/00`` (TRF's way of giving a
    year alone): what age categories need, and no child's full birth date in a public file.
    The event's organisers and arbiters get the full dates (a rating report)."""
    for player in tournament:
        if isinstance(player.birth_date, datetime.date):
            player.birth_date = f"{player.birth_date.year:04d}/00/00"


def pairing_accelerations(section: models.Section, tournament: Tournament) -> list[Acceleration]:
    """The accelerations the app pairs ``section`` with, as explicit ranges (TRF-2026 record
    250): the standard Baku ranges when the regulations say ``pairing.acceleration = "baku"``
    (or the system code ends in ``_BAKU``) and the system is the Dutch one, which alone
    applies it (``crosstable.pairing.registry``); none otherwise.

    Written out rather than left to the reader: a ``crosstable engine -p`` / ``-c`` of the file
    (or another program) knows nothing of the regulations, and record 192 keeps the section's
    own code. The ranges are those every pairing of the section computed (group A from the
    players paired in round 1, ``acceleration.baku_accelerations``), so round by round the
    file pairs the same. A section whose scoring Baku cannot take was refused at pairing;
    its file gets none."""
    declared = rules.section_rules(section)
    acceleration = None if declared is None else declared.pairing.acceleration
    try:
        applies = registry.any_system(section.system_code).acceleration
    except KeyError:
        applies = False
    if not applies:
        return []
    if not asks_for_baku(tournament, acceleration):
        return []
    try:
        return baku_accelerations(tournament)
    except AccelerationError:
        return []
