"""A section whose regulations ask for Baku acceleration (``pairing.acceleration = "baku"``):
the web app pairs it accelerated, and its TRF export carries the acceleration (records 250) so
that ``crosstable engine -c`` re-pairs every round identically.

Hand-worked (docs/pairing/dutch.md, "Acceleration"; the same 16 players as
tests/core/pairing/test_acceleration.py): 16 players, 7 rounds. Group A = 2 * ceil(16 / 4) = 8
(pairing numbers 1-8); accelerated rounds ceil(7 / 2) = 4, a win's worth (1) in the first
ceil(4 / 2) = 2, half (1/2) in rounds 3-4. Round 1: two brackets of 8 (pairing score 1: 1-8,
0: 9-16), top half against bottom half: 1-5 2-6 3-7 4-8 and 9-13 10-14 11-15 12-16 (not the
unaccelerated 1-9); White to the higher-ranked player on odd boards (initial colour White).
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from crosstable.cli.main import main
from crosstable.formats.trf import read_trf
from crosstable.model import Acceleration
from crosstable.regulations import parse_regulations
from crosstable_web.events import models, rounds, services
from crosstable_web.events.files import exchange
from crosstable_web.events.regulations import rules
from web.conftest import add_players

REGULATIONS = """
[event]
name = "Accelerated open"
game = "chess"

[[sections]]
key = "open"
name = "Open"
rounds = 7
pairing = {{ system = "FIDE_DUTCH_2026"{extra} }}
"""

ROUND_1 = [(1, 5), (6, 2), (3, 7), (8, 4), (9, 13), (14, 10), (11, 15), (16, 12)]
RESULTS_1 = ["1", "0", "1", "0", "1", "0", "1", "1"]
"""1-4 and 9-11 win; 16 beats 12."""

ROUND_2 = [(4, 1), (2, 3), (5, 9), (10, 6), (7, 11), (16, 8), (12, 14), (13, 15)]
"""Worked in tests/core/pairing/test_acceleration.py (test_sixteen_players_round_2_by_hand):
pairing scores 1-4: 1 + 1; 5-8: 0 + 1; 9, 10, 11, 16: 1; 12-15: 0, so 1-4 meet each other,
5-8 meet the group-B winners."""


def _section(organiser: User, arbiter: User, extra: str) -> models.Section:
    text = REGULATIONS.format(extra=extra)
    spec = rules.event_spec_from_regulations(parse_regulations(text), text)
    event = services.create_event(spec, organiser)
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section = event.sections.get(key="open")
    # White on board 1 (the hand-worked colours); the regulations leave it to a lot.
    section.settings = {**section.settings, "initial_colour": "w"}
    section.save(update_fields=["settings"])
    add_players(section, 16, organiser)  # ratings 1990, 1980, ...: numbered in that order
    services.assign_pairing_numbers(section, arbiter)
    return section


def _boards(round_row: models.Round) -> list[tuple[int, int]]:
    return [
        (board.white.pairing_number or 0, board.black.pairing_number or 0)
        for board in round_row.boards.select_related("white", "black").order_by("number")
    ]


def _engine_check(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    capsys.readouterr()
    status = main(["engine", "--dutch", str(path), "-c", "--format", "crosstable"])
    return status, capsys.readouterr().out


def test_a_baku_section_pairs_accelerated_and_exports_it(
    organiser: User, arbiter: User, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    section = _section(organiser, arbiter, ', acceleration = "baku"')
    round_one = rounds.pair_next_round(section, arbiter)
    assert _boards(round_one) == ROUND_1
    for board, result in enumerate(RESULTS_1, start=1):
        rounds.enter_result(round_one, board, result, arbiter)
    round_two = rounds.pair_next_round(section, arbiter)
    assert _boards(round_two) == ROUND_2
    for board in range(1, 9):
        rounds.enter_result(round_two, board, "=", arbiter)

    text = exchange.export_section_trf(section, full_birth_dates=True)
    # Group A 1-8: 1 point in rounds 1-2, 1/2 in rounds 3-4 (record 250).
    assert read_trf(text).accelerations == [
        Acceleration(Fraction(1), 1, 2, 1, 8),
        Acceleration(Fraction(1, 2), 3, 4, 1, 8),
    ]
    assert re.search(r"^192 FIDE_DUTCH_2026$", text, re.MULTILINE)
    path = tmp_path / "open.trf"
    path.write_text(text, encoding="utf-8")
    status, out = _engine_check(path, capsys)
    assert status == 0, out
    assert "all 2 rounds reproduced" in out
    # Without its records 250 the same file no longer re-pairs: round 1 would be 1-9.
    bare = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("250"))
    path.write_text(bare, encoding="utf-8")
    status, out = _engine_check(path, capsys)
    assert status == 1 and "round 1" in out


def test_a_section_without_acceleration_exports_none(
    organiser: User, arbiter: User, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    section = _section(organiser, arbiter, "")
    round_one = rounds.pair_next_round(section, arbiter)
    # One bracket of 16: 1-9, 10-2, ...
    assert _boards(round_one)[:2] == [(1, 9), (10, 2)]
    text = exchange.export_section_trf(section, full_birth_dates=True)
    assert read_trf(text).accelerations == []
    path = tmp_path / "plain.trf"
    path.write_text(text, encoding="utf-8")
    assert _engine_check(path, capsys)[0] == 0
