"""Online registration as the regulations set it (``[registration]``): who registers (a player
or parent, a unit with several players, a team with its roster), when the form opens and
closes, which documents each player uploads, whether an organiser approves each registration,
and which of a player's details the form asks for.

The details asked follow from the rules themselves, so that the form asks for what the event
needs and no more (most players are children): a sex where sections, splits, prizes or fee
discounts test it; a birth date where an age or birth-date limit, the adult grade rule or an
age prize or discount needs one; a grade where sections go by grade; where a player is a
native of, a membership id where eligibility requires them; a unit where units are limited,
kept apart, ranked or discounted. ``asks`` adds others (a FIDE id, a rating) by name.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator

from crosstable.message import Code, Key, Message, Quoted
from crosstable.regulations.reader import TableReader, describe, expected_one_of, no_section
from crosstable.regulations.schema import (
    Deadlines,
    DocumentRule,
    Registrant,
    RegistrationRules,
    Regulations,
    SectionRules,
    Where,
)

ASKABLE = (
    "sex",
    "birth_date",
    "national_grade",
    "unit",
    "unit_kind",
    "native_unit",
    "member_id",
    "fide_id",
    "federation",
    "rating",
    "title",
)
"""The entry fields a registration form may ask for (the name is always asked), in the order
the form shows them."""

MAX_DOCUMENTS = 20


def read_registration(
    root: TableReader, sections: tuple[SectionRules, ...], deadlines: Deadlines
) -> RegistrationRules | None:
    """The file's ``[registration]`` table checked against its sections and deadlines (None
    when the file has none: entries come from the organisers only)."""
    table = root.table("registration")
    if table is None:
        return None
    team_sections = [section.key for section in sections if section.is_team_event]
    default_by = ("team",) if team_sections and len(team_sections) == len(sections) else ("player",)
    names = table.strings("by") or default_by
    by: list[Registrant] = []
    for index, name in enumerate(names):
        try:
            registrant = Registrant(name)
        except ValueError:
            raise table.error(
                f"by[{index}]",
                expected_one_of(tuple(r.value for r in Registrant), describe(name)),
            ) from None
        if registrant in by:
            raise table.error(f"by[{index}]", Message("%(name)s is named twice", name=Code(name)))
        if registrant is Registrant.TEAM and not team_sections:
            raise table.error(
                f"by[{index}]",
                Message(
                    "%(team)s needs a team section (%(key)s)",
                    team=Code("team"),
                    key=Key("team.match_points"),
                ),
            )
        by.append(registrant)
    opens = table.datetime("opens")
    closes = table.datetime("closes")
    closing = closes or deadlines.registration
    if opens is not None and closing is not None and closing <= opens:
        raise table.error(
            "closes" if closes is not None else "opens",
            Message("registration closes before it opens")
            if closes is not None
            else Message(
                "registration closes before it opens (closes: %(key)s)",
                key=Key("deadlines.registration"),
            ),
        )
    asks = table.words("asks", ASKABLE)
    documents = tuple(_documents(table, {section.key for section in sections}))
    rules = RegistrationRules(
        by=tuple(by),
        opens=opens,
        closes=closes,
        approval=table.boolean("approval", True),
        documents=documents,
        asks=tuple(dict.fromkeys(asks)),
    )
    table.finish()
    return rules


def _documents(table: TableReader, section_keys: set[str]) -> Iterator[DocumentRule]:
    keys: set[str] = set()
    for index, reader in enumerate(table.tables("documents")):
        if index >= MAX_DOCUMENTS:
            raise table.error(
                "documents", Message("at most %(most)s documents", most=MAX_DOCUMENTS)
            )
        key = reader.string("key", max_length=40, name_like=True)
        if key in keys:
            raise reader.error(
                "key", Message("two documents have the key %(key)s", key=Quoted(key))
            )
        keys.add(key)
        sections = reader.strings("sections")
        for position, section in enumerate(sections):
            if section not in section_keys:
                raise reader.error(f"sections[{position}]", no_section(section))
        document = DocumentRule(
            key=key, name=reader.string("name", max_length=300, name_like=True), sections=sections
        )
        reader.finish()
        yield document


def closing_moment(regulations: Regulations) -> datetime.datetime | None:
    """When online registration closes (a wall-clock moment at the venue): the table's
    ``closes``, else the regulations' registration deadline; None: it does not close by
    itself (the organiser closes it)."""
    rules = regulations.registration
    if rules is not None and rules.closes is not None:
        return rules.closes
    return regulations.deadlines.registration


def documents_for(rules: RegistrationRules, section_key: str) -> tuple[DocumentRule, ...]:
    """The documents a player of the section ``section_key`` must upload."""
    return tuple(document for document in rules.documents if document.applies_to(section_key))


def _conditions(regulations: Regulations) -> Iterator[Where]:
    if regulations.fees is not None:
        for discount in regulations.fees.discounts:
            yield discount.entry_where
            yield discount.members_where
    for section in regulations.sections:
        for ranking in section.sub_rankings:
            yield ranking.where
        for table in section.prizes:
            yield table.where
            for category in table.categories:
                yield category.where


def asked_fields(regulations: Regulations) -> tuple[str, ...]:
    """The player details the registration form asks for (besides the name), in the form's
    order: those some rule of the event tests, and those ``asks`` names."""
    tested = {condition.attribute for where in _conditions(regulations) for condition in where}
    asked: set[str] = set()
    for section in regulations.sections:
        eligibility = section.eligibility
        if eligibility.sexes or section.sex_split is not None:
            asked.add("sex")
        if (
            eligibility.born_on_or_after
            or eligibility.born_on_or_before
            or eligibility.has_age_limit
            or eligibility.adult_grade_rule is not None
        ):
            asked.add("birth_date")
        if (
            eligibility.grade_from is not None
            or eligibility.grade_to is not None
            or eligibility.ungraded is not None
        ):
            asked.add("national_grade")
        if eligibility.native_of_unit:
            asked.add("native_unit")
        if eligibility.member_id_required:
            asked.add("member_id")
        if (
            eligibility.units
            or section.max_per_unit is not None
            or section.pairing.avoid_same_unit_rounds is not None
            or section.team_ranking is not None
        ):
            asked.add("unit")
        if any(set(table.rankings) & {"M", "F"} for table in section.prizes):
            asked.add("sex")
    if tested & {"sex"}:
        asked.add("sex")
    if tested & {"age", "birth_date"}:
        asked.add("birth_date")
    if tested & {"grade"}:
        asked.add("national_grade")
    if tested & {"unit"}:
        asked.add("unit")
    if tested & {"rating", "average_rating"}:
        asked.add("rating")
    if tested & {"federation"}:
        asked.add("federation")
    if regulations.unit_kinds:
        asked.update({"unit", "unit_kind"})
    if regulations.grades is not None:
        asked.add("national_grade")
    if regulations.registration is not None:
        asked.update(regulations.registration.asks)
    return tuple(name for name in ASKABLE if name in asked)
