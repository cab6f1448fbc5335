"""The ``[registration]`` table: who registers, when, the documents, the details asked; every
mistake an error naming its key; the examples as the seeds say."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from crosstable.regulations import RegulationsError, load_regulations, parse_regulations
from crosstable.regulations.registration import asked_fields, closing_moment, documents_for
from crosstable.regulations.schema import Registrant

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"

BASE = """
[event]
name = "Open"
game = "chess"

[deadlines]
registration = "2026-05-10 18:00"

[section_defaults]
pairing = { system = "FIDE_DUTCH_2026" }
rounds = 5

[[sections]]
key = "A"
name = "A"

[[sections]]
key = "B"
name = "B"
"""

REGISTRATION = """
[registration]
by = ["player", "unit"]
opens = "2026-05-01 09:00"
approval = false
asks = ["fide_id"]

[[registration.documents]]
key = "photo"
name = "Photo"

[[registration.documents]]
key = "certificate"
name = "Certificate"
sections = ["B"]
"""


def load(registration: str = REGISTRATION, base: str = BASE) -> object:
    return parse_regulations(base + registration, "r.toml")


def error(registration: str, base: str = BASE) -> RegulationsError:
    with pytest.raises(RegulationsError) as caught:
        load(registration, base)
    return caught.value


def test_the_table_as_written() -> None:
    regulations = load()
    rules = regulations.registration  # type: ignore[attr-defined]
    assert rules.by == (Registrant.PLAYER, Registrant.UNIT)
    assert rules.opens == datetime.datetime(2026, 5, 1, 9, 0)
    assert rules.closes is None
    assert closing_moment(regulations) == datetime.datetime(2026, 5, 10, 18, 0)  # type: ignore[arg-type]
    assert rules.approval is False
    assert [d.key for d in documents_for(rules, "A")] == ["photo"]
    assert [d.key for d in documents_for(rules, "B")] == ["photo", "certificate"]
    # nothing in these rules tests a sex, an age, a grade or a unit: only the FIDE id is asked
    assert asked_fields(regulations) == ("fide_id",)  # type: ignore[arg-type]


def test_no_table_no_online_registration() -> None:
    assert load("").registration is None  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("change", "key", "problem"),
    [
        (('by = ["player", "unit"]', 'by = ["parent"]'), "registration.by[0]", '"player", "unit"'),
        (('by = ["player", "unit"]', 'by = ["team"]'), "registration.by[0]", "team section"),
        (('by = ["player", "unit"]', 'by = ["unit", "unit"]'), "registration.by[1]", "twice"),
        (('opens = "2026-05-01 09:00"', 'opens = "2026-05-11 09:00"'), "registration.opens",
         "closes before it opens"),
        (('opens = "2026-05-01 09:00"', 'closes = "2026-04-01 09:00"\nopens = "2026-05-01 09:00"'),
         "registration.closes", "closes before it opens"),
        (('asks = ["fide_id"]', 'asks = ["shoe_size"]'), "registration.asks[0]", "expected one"),
        (('sections = ["B"]', 'sections = ["Z"]'), "registration.documents[1].sections[0]",
         "no section"),
        (('key = "certificate"', 'key = "photo"'), "registration.documents[1].key",
         "two documents"),
        (('name = "Certificate"\n', ""), "registration.documents[1].name", "missing"),
        (("approval = false", "approval = 1"), "registration.approval", "true or false"),
        (("approval = false", "approve = false"), "registration.approve", "unknown key"),
    ],
)  # fmt: skip
def test_mistakes_name_the_key(change: tuple[str, str], key: str, problem: str) -> None:
    old, new = change
    assert old in REGISTRATION
    found = error(REGISTRATION.replace(old, new, 1))
    assert found.key == key
    assert problem in found.problem


def test_futian_grades_online_with_three_pictures() -> None:
    """Seed 001 十二: players register online with an ID photo, a one-inch photo and their
    highest certificate (none in G, the ungraded section), until 15 December 24:00."""
    regulations = load_regulations(EXAMPLES / "futian-chess-grade-2019.toml")
    rules = regulations.registration
    assert rules is not None and rules.by == (Registrant.PLAYER,) and rules.approval
    assert [d.key for d in documents_for(rules, "A")] == ["id_photo", "portrait", "certificate"]
    assert [d.key for d in documents_for(rules, "G")] == ["id_photo", "portrait"]
    assert closing_moment(regulations) == datetime.datetime(2019, 12, 16, 0, 0)
    # sections by grade and sex, the adult rule counts ages: sex, birth date and grade asked
    assert asked_fields(regulations) == ("sex", "birth_date", "national_grade")


def test_futian_youth_through_units_with_age_proof() -> None:
    """Seed 004 九(二): units register; the kindergarten groups prove the age, the others
    bring the student record, the identity card and a photo; changes need approval."""
    regulations = load_regulations(EXAMPLES / "futian-youth-xiangqi-chess-2009.toml")
    rules = regulations.registration
    assert rules is not None and rules.by == (Registrant.UNIT,)
    assert [d.key for d in documents_for(rules, "ch-K")] == ["age_proof"]
    assert [d.key for d in documents_for(rules, "ch-CA")] == [
        "student_record",
        "identity_card",
        "photo",
    ]
    assert regulations.deadlines.changes_need_approval
    assert "birth_date" in asked_fields(regulations) and "unit" in asked_fields(regulations)


def test_fars_teams_and_kinabatangan_schools() -> None:
    fars = load_regulations(EXAMPLES / "fars-team-league-1398.toml")
    assert fars.registration is not None and fars.registration.by == (Registrant.TEAM,)
    assert "member_id" in asked_fields(fars)  # 2: federation membership
    kinabatangan = load_regulations(EXAMPLES / "kinabatangan-school-2024.toml")
    assert kinabatangan.registration is not None
    assert kinabatangan.registration.by == (Registrant.UNIT,)
    assert closing_moment(kinabatangan) is None  # blank in the original: the organiser closes
    assert asked_fields(kinabatangan) == ("sex", "unit")
    huayuan = load_regulations(EXAMPLES / "huayuan-xiangqi-invitational-2019.toml")
    assert huayuan.registration is None  # an invitational: the organisers enter the teams
