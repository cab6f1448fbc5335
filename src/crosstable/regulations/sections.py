"""Placing entrants in sections: eligibility checks, and the merge and split rules.

``check_eligibility`` lists why an entrant may not play a section (an empty list: eligible).
``assign_sections`` places every entrant in the section they asked for (or the first one they
are eligible for), then applies each section's sex split with its merge threshold, and splits
sections with too many entries into subsections.
"""

from __future__ import annotations

import dataclasses
import datetime
import math
from collections.abc import Iterable, Mapping, Sequence

from crosstable.regulations.schema import (
    AttributeValue,
    Eligibility,
    Regulations,
    SectionRules,
)


@dataclasses.dataclass(frozen=True, slots=True)
class EntrantData:
    """What registration knows about one player, as the eligibility rules need it."""

    name: str
    sex: str = ""
    """"M" or "F" ("" when unknown)."""
    birth_date: datetime.date | None = None
    grade: int | None = None
    """National grade level (1 strongest … 15); None when ungraded."""
    rating: int = 0
    """0 when unrated."""
    unit: str = ""
    """The school, club, county or other unit the player represents."""
    unit_kind: str = ""
    """What kind of unit it is, e.g. "school", "kindergarten", "county"."""
    native_unit: str = ""
    """The unit the player is a native of (identity card, residence)."""
    member_id: str = ""
    federation: str = ""
    section: str = ""
    """The section key the entrant asked for ("": any they are eligible for)."""
    attributes: Mapping[str, AttributeValue] = dataclasses.field(default_factory=dict)
    """Anything else conditions may test (e.g. "local": True)."""

    def age_on(self, day: datetime.date) -> int | None:
        """Age in completed years on ``day`` (someone born on 29 February ages on 1 March)."""
        if self.birth_date is None:
            return None
        birthday_passed = (day.month, day.day) >= (self.birth_date.month, self.birth_date.day)
        return day.year - self.birth_date.year - (0 if birthday_passed else 1)

    def condition_attributes(
        self, age_on: datetime.date | None = None
    ) -> dict[str, AttributeValue]:
        """The entrant as the attributes conditions test (``age`` needs a reference date)."""
        attributes: dict[str, AttributeValue] = {
            "sex": self.sex or None,
            "birth_date": self.birth_date,
            "grade": self.grade,
            "rating": self.rating,
            "unit": self.unit or None,
            "unit_kind": self.unit_kind or None,
            "federation": self.federation or None,
        }
        if age_on is not None:
            attributes["age"] = self.age_on(age_on)
        attributes.update(self.attributes)
        return attributes


@dataclasses.dataclass(frozen=True, slots=True)
class Problem:
    """Why something is refused: a message code (for translation), an English message, and
    the values the message names (``values``: dates, ages, grades, the section's name …), so
    that a user interface can say it in its reader's language and calendar."""

    code: str
    message: str
    values: Mapping[str, object] = dataclasses.field(default_factory=dict)

    def __str__(self) -> str:
        return self.message


def check_eligibility(section: SectionRules, entrant: EntrantData) -> list[Problem]:
    """Every reason ``entrant`` may not play ``section``; empty when eligible."""
    rules = section.eligibility
    problems: list[Problem] = []
    if rules.sexes and entrant.sex not in rules.sexes:
        accepted = " or ".join(sorted(rules.sexes))
        problems.append(
            Problem(
                "sex_not_accepted",
                f"{section.name} is for sex {accepted} only",
                {"section": section.name, "sexes": tuple(sorted(rules.sexes))},
            )
        )
    elif section.sex_split is not None and entrant.sex not in ("M", "F"):
        problems.append(
            Problem(
                "sex_missing",
                f"{section.name} is split by sex: the sex must be M or F",
                {"section": section.name},
            )
        )
    problems.extend(_birth_date_problems(rules, entrant))
    problems.extend(_grade_problems(rules, entrant))
    if rules.rating_at_least is not None and entrant.rating < rules.rating_at_least:
        problems.append(
            Problem(
                "rating_too_low",
                f"rating {entrant.rating} is below {rules.rating_at_least}",
                {"rating": entrant.rating, "limit": rules.rating_at_least},
            )
        )
    if rules.rating_below is not None and entrant.rating >= rules.rating_below:
        problems.append(
            Problem(
                "rating_too_high",
                f"rating {entrant.rating} is not below {rules.rating_below}",
                {"rating": entrant.rating, "limit": rules.rating_below},
            )
        )
    if rules.units and entrant.unit not in rules.units:
        problems.append(
            Problem(
                "unit_not_accepted",
                f'unit "{entrant.unit}" is not invited to this section',
                {"unit": entrant.unit},
            )
        )
    if rules.native_of_unit and entrant.native_unit != entrant.unit:
        problems.append(
            Problem(
                "not_native_of_unit",
                f'the player is not a native of "{entrant.unit}", the unit they represent',
                {"unit": entrant.unit},
            )
        )
    if rules.member_id_required and not entrant.member_id:
        problems.append(Problem("member_id_missing", "a federation membership id is required"))
    return problems


def _birth_date_problems(rules: Eligibility, entrant: EntrantData) -> list[Problem]:
    needs_birth_date = (
        rules.born_on_or_after is not None
        or rules.born_on_or_before is not None
        or rules.has_age_limit
    )
    if not needs_birth_date:
        return []
    birth = entrant.birth_date
    if birth is None:
        return [Problem("birth_date_missing", "a birth date is required for this section")]
    problems = []
    if rules.born_on_or_after is not None and birth < rules.born_on_or_after:
        problems.append(
            Problem(
                "born_too_early",
                f"born {birth.isoformat()}: must be born on or after "
                f"{rules.born_on_or_after.isoformat()}",
                {"born": birth, "limit": rules.born_on_or_after},
            )
        )
    if rules.born_on_or_before is not None and birth > rules.born_on_or_before:
        problems.append(
            Problem(
                "born_too_late",
                f"born {birth.isoformat()}: must be born on or before "
                f"{rules.born_on_or_before.isoformat()}",
                {"born": birth, "limit": rules.born_on_or_before},
            )
        )
    if rules.age_on is not None:
        age = entrant.age_on(rules.age_on)
        assert age is not None
        on = rules.age_on.isoformat()
        if rules.age_below is not None and age >= rules.age_below:
            problems.append(
                Problem(
                    "too_old",
                    f"aged {age} on {on}: must be under {rules.age_below}",
                    {"age": age, "on": rules.age_on, "limit": rules.age_below},
                )
            )
        if rules.age_at_least is not None and age < rules.age_at_least:
            problems.append(
                Problem(
                    "too_young",
                    f"aged {age} on {on}: must be at least {rules.age_at_least}",
                    {"age": age, "on": rules.age_on, "limit": rules.age_at_least},
                )
            )
    return problems


def effective_grade(rules: Eligibility, entrant: EntrantData) -> int | None:
    """The grade the entrant enters with: their own, or the adult floor for adults below it."""
    adult = rules.adult_grade_rule
    if adult is None:
        return entrant.grade
    age = entrant.age_on(adult.age_on)
    if age is None or age < adult.adult_age:
        return entrant.grade
    if entrant.grade is None or entrant.grade > adult.lowest_grade:
        return adult.lowest_grade
    return entrant.grade


def _grade_problems(rules: Eligibility, entrant: EntrantData) -> list[Problem]:
    has_range = rules.grade_from is not None
    if not has_range and rules.ungraded is None:
        return []
    grade = effective_grade(rules, entrant)
    if grade is None:
        if rules.ungraded:
            return []
        return [Problem("ungraded_not_accepted", "players without a grade may not enter")]
    if grade != entrant.grade:
        # The adult rule, not the player's grade, keeps them out: say so (an adult with
        # grade 9 told "grade 6: this section is for grades 8-9" reads it as a typo).
        adult = rules.adult_grade_rule
        assert adult is not None
        why = (
            f"age rule: adults (aged {adult.adult_age} or older on {adult.age_on.isoformat()}) "
            f"enter at grade {adult.lowest_grade} at the lowest (the player's grade: "
            f"{entrant.grade if entrant.grade is not None else 'none'})"
        )
    else:
        why = f"grade {grade}"
    values = {"grade": grade, "low": rules.grade_from, "high": rules.grade_to}
    if not has_range:
        if rules.ungraded:
            return [
                Problem(
                    "graded_not_accepted",
                    f"{why}: this section is for players without a grade",
                    values,
                )
            ]
        return []
    assert rules.grade_from is not None and rules.grade_to is not None
    if grade < rules.grade_from:
        return [
            Problem(
                "grade_too_strong",
                f"{why}: this section is for grades {rules.grade_from}-{rules.grade_to}",
                values,
            )
        ]
    if grade > rules.grade_to:
        return [
            Problem(
                "grade_too_weak",
                f"{why}: this section is for grades {rules.grade_from}-{rules.grade_to}",
                values,
            )
        ]
    return []


@dataclasses.dataclass(frozen=True, slots=True)
class AssignedSection:
    """A group that is paired on its own: a section, one sex of it, or a subsection."""

    key: str
    """Unique key, e.g. "A", "A-M", "A-F-2"."""
    name: str
    rules: SectionRules
    entrants: tuple[EntrantData, ...]
    sex: str = ""
    """"M" or "F" when the section was split by sex and this group is one sex."""
    ranked_separately_by_sex: bool = False
    """The sexes play together (merged) but are ranked separately."""
    part: int | None = None
    """Subsection number (1-based) when the group was split for size."""


@dataclasses.dataclass(frozen=True, slots=True)
class Unplaced:
    entrant: EntrantData
    problems: tuple[Problem, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class SectionAssignment:
    groups: tuple[AssignedSection, ...]
    unplaced: tuple[Unplaced, ...]

    def group(self, key: str) -> AssignedSection:
        for group in self.groups:
            if group.key == key:
                return group
        raise KeyError(key)


def assign_sections(regulations: Regulations, entrants: Iterable[EntrantData]) -> SectionAssignment:
    """Place ``entrants`` and apply the merge and split rules of each section.

    Sex split: each sex plays apart, unless either sex has fewer than ``merge_below`` entries;
    then they play together, ranked separately. Size split: a group with more than
    ``split_over`` entries is dealt into the fewest subsections that respect the limit,
    serpentine by rating (then name), so that the subsections are equally strong.
    """
    by_section: dict[str, list[EntrantData]] = {s.key: [] for s in regulations.sections}
    unplaced: list[Unplaced] = []
    for entrant in entrants:
        section, problems = _choose_section(regulations, entrant)
        if section is None:
            unplaced.append(Unplaced(entrant, tuple(problems)))
        else:
            by_section[section.key].append(entrant)
    groups: list[AssignedSection] = []
    for section in regulations.sections:
        for group in _sex_groups(section, by_section[section.key]):
            groups.extend(_size_split(group))
    return SectionAssignment(tuple(groups), tuple(unplaced))


def _choose_section(
    regulations: Regulations, entrant: EntrantData
) -> tuple[SectionRules | None, list[Problem]]:
    if entrant.section:
        try:
            section = regulations.section(entrant.section)
        except KeyError:
            return None, [
                Problem(
                    "unknown_section",
                    f'there is no section "{entrant.section}"',
                    {"section": entrant.section},
                )
            ]
        problems = check_eligibility(section, entrant)
        return (None, problems) if problems else (section, [])
    for section in regulations.sections:
        if not check_eligibility(section, entrant):
            return section, []
    return None, [
        Problem(
            "no_section", f"{entrant.name} is not eligible for any section", {"name": entrant.name}
        )
    ]


def _sex_groups(section: SectionRules, entrants: Sequence[EntrantData]) -> list[AssignedSection]:
    whole = AssignedSection(section.key, section.name, section, tuple(entrants))
    split = section.sex_split
    if split is None:
        return [whole]
    by_sex = {sex: tuple(e for e in entrants if e.sex == sex) for sex in ("M", "F")}
    if split.merge_below is not None and any(
        len(group) < split.merge_below for group in by_sex.values()
    ):
        return [dataclasses.replace(whole, ranked_separately_by_sex=True)]
    return [
        AssignedSection(f"{section.key}-{sex}", f"{section.name} ({sex})", section, group, sex)
        for sex, group in by_sex.items()
    ]


def _size_split(group: AssignedSection) -> list[AssignedSection]:
    limit = group.rules.split_over
    if limit is None or len(group.entrants) <= limit:
        return [group]
    parts = math.ceil(len(group.entrants) / limit)
    seeded = sorted(group.entrants, key=lambda e: (-e.rating, e.name))
    dealt: list[list[EntrantData]] = [[] for _ in range(parts)]
    for position, entrant in enumerate(seeded):
        lap, offset = divmod(position, parts)
        dealt[offset if lap % 2 == 0 else parts - 1 - offset].append(entrant)
    return [
        dataclasses.replace(
            group,
            key=f"{group.key}-{number}",
            name=f"{group.name} {number}",
            entrants=tuple(members),
            part=number,
        )
        for number, members in enumerate(dealt, start=1)
    ]
