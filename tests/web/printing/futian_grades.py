"""Futian (seed 001) section D played to the end, for the promotion report tests.

Six players of the 10th and 11th grades play five rounds: six players, five rounds and no
rematch make a round robin, whatever the pairings, so each player's score is the sum of their
row below, worked by hand (i's points against j):

          1    2    3    4    5    6    total  grade  example rule (examples/…futian…toml)
    1 王一  -   1    ½    1    1    1     4½     10     90 % ≥ 80 % over ≥ 4 games → 八级棋士
    2 李二  0   -    0    1    ½    1     2½     10     exactly 50 %              → 九级棋士
    3 张三  ½   1    -    ½    1    1     4      11     exactly 80 %              → 九级棋士
    4 刘四  0   0    ½    -    1    ½     2      11     40 % < 50 %: no promotion
    5 陈五  0   ½    0    0    -    ½     1      11     20 %: no promotion
    6 杨六  0   0    0    ½    ½    -     1      10     20 %: no promotion

The event ends 2019-12-22; the results are valid two months (十一.7): until 2020-02-22.
"""

from __future__ import annotations

import datetime
from fractions import Fraction
from pathlib import Path

from django.contrib.auth.models import User

from crosstable_web.events import models, rounds, services
from crosstable_web.events.regulations import rules
from crosstable_web.events.services import EntryData

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "futian-chess-grade-2019.toml"
PLAYERS = (
    ("王一", "M", "10"),
    ("李二", "F", "10"),
    ("张三", "M", "11"),
    ("刘四", "F", "11"),
    ("陈五", "M", "11"),
    ("杨六", "F", "10"),
)
H = Fraction(1, 2)
POINTS = {
    (1, 2): 1, (1, 3): H, (1, 4): 1, (1, 5): 1, (1, 6): 1,
    (2, 3): 0, (2, 4): 1, (2, 5): H, (2, 6): 1,
    (3, 4): H, (3, 5): 1, (3, 6): 1,
    (4, 5): 1, (4, 6): H,
    (5, 6): H,
}  # fmt: skip
"""Points of the lower number against the higher one."""


def points(first: int, second: int) -> Fraction:
    if (first, second) in POINTS:
        return Fraction(POINTS[first, second])
    return 1 - Fraction(POINTS[second, first])


def played_futian(
    organiser: User, arbiter: User, slug: str = "futian", rounds_played: int = 5
) -> models.Event:
    """The Futian event with section D played to the end, or up to ``rounds_played``
    (``arbiter`` enters the results)."""
    event = services.create_event(rules.load_event_spec(EXAMPLE), organiser, slug=slug)
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section = event.sections.get(key="D")
    for index, (name, sex, grade) in enumerate(PLAYERS):
        services.add_entry(
            section,
            EntryData(
                name=name,
                sex=sex,
                national_grade=grade,
                rating=1600 - 10 * index,  # pairing numbers 1-6 in the order above
                birth_date=datetime.date(2010, 3, 1 + index),
                unit="福田小学",
            ),
            organiser,
        )
    services.assign_pairing_numbers(section, arbiter)
    met: set[frozenset[int]] = set()
    for _round in range(rounds_played):
        round_row = rounds.pair_next_round(section, arbiter)
        for board in round_row.boards.select_related("white", "black"):
            white = board.white.pairing_number
            black = board.black.pairing_number
            assert white is not None and black is not None
            met.add(frozenset((white, black)))
            text = {Fraction(1): "1", H: "=", Fraction(0): "0"}[points(white, black)]
            rounds.enter_result(round_row, board.number, text, arbiter)
    assert len(met) == 3 * rounds_played  # no pair met twice: after 5 rounds, a round robin
    return event
