"""Seed 001 (Futian grade tournament) at round 1 for the parents' search: two sections that
play to different schedules, Chinese names (two of them read "liu": 刘 and 柳), schools.

Section C (八、九级, seven rounds, round 1 at 08:00) and section D (十、十一级, five rounds,
round 1 at 10:20), numbered by rating and paired with the tests' neighbour pairing
(``conftest.adjacent_pairing``: 1–2, 3–4, … the first named White), so each seat is known
by hand: in D, 刘小明 is number 3 (third rating), on board 2 with White against 王五
(number 4, 景田小学).
"""

from __future__ import annotations

import datetime
from pathlib import Path

from django.contrib.auth.models import User

from crosstable_web.events import models, rounds, services
from crosstable_web.events.regulations import rules

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "futian-chess-grade-2019.toml"

SECTION_C = [
    # name, sex, grade, rating, school
    ("柳青", "F", "8", 1500, "福田小学"),
    ("陈一", "M", "8", 1490, "景田小学"),
    ("黄二", "M", "9", 1480, "福田小学"),
    ("张三", "F", "9", 1470, "荔园小学"),
    ("周四", "M", "8", 1460, "景田小学"),
    ("吴五", "F", "9", 1450, "荔园小学"),
]
SECTION_D = [
    ("李华", "M", "10", 1400, "荔园小学"),
    ("赵敏", "F", "11", 1390, "福田小学"),
    ("刘小明", "M", "10", 1380, "福田小学"),
    ("王五", "M", "11", 1370, "景田小学"),
    ("孙七", "F", "10", 1360, "荔园小学"),
    ("单伟", "M", "11", 1350, "景田小学"),
]


def futian_event(organiser: User, arbiter: User) -> models.Event:
    """The event (seed 001's regulations) with its arbiter, no player yet."""
    event = services.create_event(rules.load_event_spec(EXAMPLE), organiser, slug="futian")
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    return event


def enter_players(
    section: models.Section, players: list[tuple[str, str, str, int, str]], organiser: User
) -> None:
    """``players`` (name, sex, grade, rating, school), born 1 March 2011, entered."""
    for name, sex, grade, rating, school in players:
        services.add_entry(
            section,
            services.EntryData(
                name=name,
                sex=sex,
                national_grade=grade,
                birth_date=datetime.date(2011, 3, 1),
                rating=rating,
                unit=school,
            ),
            organiser,
        )


def futian_round_one(organiser: User, arbiter: User) -> models.Event:
    """The event with C and D numbered by rating and round 1 paired (``simple_pairing``
    must be active)."""
    event = futian_event(organiser, arbiter)
    for key, players in (("C", SECTION_C), ("D", SECTION_D)):
        section = event.sections.get(key=key)
        enter_players(section, players, organiser)
        services.assign_pairing_numbers(section, arbiter, "rating")
        rounds.pair_next_round(section, arbiter)
    return event
