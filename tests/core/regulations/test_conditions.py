"""Condition tables (``where``, ``entry``, ``members``): how the file's syntax reads."""

from __future__ import annotations

import datetime

import pytest

from crosstable.regulations import (
    AttributeValue,
    Condition,
    Operator,
    matches,
    parse_regulations,
)

TEXT = """
[event]
name = "C"
game = "chess"
calendar = "jalali"
[[sections]]
key = "s"
name = "S"
pairing.system = "FIDE_DUTCH_2026"
[[sections.sub_rankings]]
key = "juniors"
name = "Juniors"
age_on = "1398-09-28"
[sections.sub_rankings.where]
sex = "F"
unit_kind = ["county", "city"]
age = { at_least = 8, below = 10 }
local = true
[[sections.sub_rankings]]
key = "seniors"
name = "Seniors"
where = { born_on_or_before = "1348-09-29" }
"""


def test_condition_table_syntax() -> None:
    juniors, seniors = parse_regulations(TEXT, "c.toml").sections[0].sub_rankings
    assert juniors.age_on == datetime.date(2019, 12, 19)
    assert set(juniors.where) == {
        Condition("sex", Operator.EQUALS, "F"),
        Condition("unit_kind", Operator.IN, ("county", "city")),
        Condition("age", Operator.AT_LEAST, 8),
        Condition("age", Operator.BELOW, 10),
        Condition("local", Operator.EQUALS, True),
    }
    assert seniors.where == (
        Condition("birth_date", Operator.AT_MOST, datetime.date(1969, 12, 20)),
    )


@pytest.mark.parametrize(
    ("attributes", "expected"),
    [
        ({"sex": "F", "unit_kind": "city", "age": 8, "local": True}, True),
        ({"sex": "F", "unit_kind": "city", "age": 9, "local": True}, True),
        ({"sex": "F", "unit_kind": "city", "age": 10, "local": True}, False),
        ({"sex": "F", "unit_kind": "city", "age": 7, "local": True}, False),
        ({"sex": "M", "unit_kind": "city", "age": 9, "local": True}, False),
        ({"sex": "F", "unit_kind": "club", "age": 9, "local": True}, False),
        ({"sex": "F", "unit_kind": "city", "age": 9, "local": False}, False),
        ({"sex": "F", "unit_kind": "city", "local": True}, False),  # age unknown
    ],
)
def test_all_conditions_must_hold(attributes: dict[str, AttributeValue], expected: bool) -> None:
    juniors = parse_regulations(TEXT, "c.toml").sections[0].sub_rankings[0]
    assert matches(juniors.where, attributes) is expected


def test_bad_condition_values() -> None:
    bad_bound = TEXT.replace("at_least = 8", 'at_least = "8"')
    with pytest.raises(ValueError, match=r"where\.age\.at_least: expected a number"):
        parse_regulations(bad_bound, "c.toml")
    bad_operator = TEXT.replace("at_least = 8", "over = 8")
    with pytest.raises(ValueError, match=r"where\.age\.over: unknown key"):
        parse_regulations(bad_operator, "c.toml")
