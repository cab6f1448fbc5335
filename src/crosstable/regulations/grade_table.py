"""Reading the ``[grades]`` table: the grade ladder, the event's highest title, the promotion
rules and the validity period of a grade tournament (docs/regulations.md, "[grades]").

Nothing here knows a threshold: every number comes from the file, and every key is checked
against the rest of the file (sections, time controls, the event's end date) so that a
promotion report can never rest on a rule that does not hold together.
"""

from __future__ import annotations

import datetime

from crosstable.message import Key, Message, Quoted
from crosstable.regulations.reader import (
    MISSING,
    RegulationsError,
    TableReader,
    describe,
    no_section,
)
from crosstable.regulations.schema import (
    Grade,
    GradeRules,
    PromotionRule,
    SectionRules,
    ValidityPeriod,
)
from crosstable.typed import TypedValueError
from crosstable.typed.people import read_grade

MAX_GRADE_NUMBER = 99
MAX_RUNGS = 100
MAX_MONTHS = 120
MAX_DAYS = 3660


def read_grades(
    root: TableReader,
    sections: tuple[SectionRules, ...],
    end_date: datetime.date | None,
) -> GradeRules | None:
    """The file's ``[grades]`` table checked against its ``sections`` and ``event.end_date``
    (None when the file has no such table)."""
    table = root.table("grades")
    if table is None:
        return None
    ladder = _ladder(table, sections)
    keys = [grade.key for grade in ladder]
    written = table.raw("highest")
    promotions = _promotions(table, ladder)
    # The cap matters to promotion rules only: a ladder listed before them (the settings
    # forms save the ladder rung by rung, then the highest title once its rung is there)
    # may leave it unsaid; with rules it is required (a report never guesses a cap).
    highest = None if written is None and not promotions else _key(table, "highest", written)
    if highest is not None and highest not in keys:
        raise table.error("highest", _no_rung(highest))
    valid_for = _validity(table, end_date)
    rules = GradeRules(
        ladder=ladder,
        highest=highest,
        promotions=promotions,
        valid_for=valid_for,
        source=table.string("source", ""),
        example=table.boolean("example", False),
    )
    table.finish()
    _check_time_controls(root, rules, sections)
    return rules


def _no_rung(key: object) -> Message:
    return Message(
        "no rung of %(ladder)s has the key %(key)s",
        ladder=Key("grades.ladder"),
        key=describe(key),
    )


def _numbered(key: str) -> bool:
    """Whether a rung key is a numbered national grade (ASCII digits only)."""
    return key.isascii() and key.isdigit()


def _key(reader: TableReader, name: str, value: object) -> str:
    """A rung key as written: a whole number (a numbered national grade) or a title's word."""
    if value is None:
        raise reader.error(name, MISSING)
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise reader.error(
            name,
            Message("expected a grade number or a title, got %(value)s", value=describe(value)),
        )
    if isinstance(value, int):
        return str(reader.check_int(name, value, 1, MAX_GRADE_NUMBER))
    text = value.strip()
    reader.check_text(name, text, 40)
    if not text:
        raise reader.error(name, Message("expected a grade number or a title, got an empty string"))
    return text


def _ladder(table: TableReader, sections: tuple[SectionRules, ...]) -> tuple[Grade, ...]:
    rungs: list[Grade] = []
    for reader in table.tables("ladder"):
        ungraded = reader.boolean("ungraded", False)
        key = _key(reader, "key", reader.raw("key"))
        if not ungraded and not _numbered(key):
            # A numbered grade written in words ("三级", "3级") would never match an entry,
            # which records it as 3; "无级" is the ungraded rung.
            try:
                number = read_grade(key)
            except TypedValueError:
                number = -1  # a title of its own (棋协大师): kept as written
            if number is None:
                raise reader.error(
                    "key",
                    Message("%(value)s means no grade: add ungraded = true", value=Quoted(key)),
                )
            if number > 0:
                raise reader.error(
                    "key",
                    Message(
                        "write the numbered grade as a number (%(number)s), not %(value)s",
                        number=number,
                        value=Quoted(key),
                    ),
                )
        if _numbered(key):
            key = str(int(key))
        grade = Grade(
            key=key,
            name=reader.string("name", max_length=100, name_like=True),
            ungraded=ungraded,
            section=reader.string("section", "", max_length=40, name_like=True),
            min_rounds=reader.optional_int("min_rounds", 1, 99),
            min_minutes=reader.optional_int("min_minutes", 1, 100_000),
        )
        if grade.section:
            _check_section(reader, grade, sections)
        reader.finish()
        rungs.append(grade)
        if len(rungs) > MAX_RUNGS:
            raise table.error("ladder", Message("more than %(most)s grades", most=MAX_RUNGS))
    if not rungs:
        raise table.error("ladder", Message("missing: list the grades, strongest first"))
    seen: set[str] = set()
    last_number = 0
    for index, grade in enumerate(rungs):
        where = f"ladder[{index}]"
        if grade.key in seen:
            raise table.error(
                f"{where}.key", Message("the key %(key)s is listed twice", key=Quoted(grade.key))
            )
        seen.add(grade.key)
        if grade.ungraded and index != len(rungs) - 1:
            raise table.error(
                f"{where}.ungraded", Message("the ungraded rung must be the last (weakest)")
            )
        if _numbered(grade.key) and not grade.ungraded:
            if int(grade.key) <= last_number:
                raise table.error(
                    f"{where}.key",
                    Message(
                        "grades run strongest first: %(grade)s comes after %(last)s",
                        grade=int(grade.key),
                        last=last_number,
                    ),
                )
            last_number = int(grade.key)
    return tuple(rungs)


def _check_section(reader: TableReader, grade: Grade, sections: tuple[SectionRules, ...]) -> None:
    section = next((s for s in sections if s.key == grade.section), None)
    if section is None:
        raise reader.error("section", no_section(grade.section))
    rules = section.eligibility
    ranged = rules.grade_from is not None and rules.grade_to is not None
    takes_ungraded = rules.ungraded is True or (not ranged and rules.ungraded is None)
    if grade.ungraded:
        if not takes_ungraded:
            raise reader.error(
                "section",
                Message(
                    "section %(section)s does not take players without a grade",
                    section=Quoted(section.key),
                ),
            )
        return
    if not ranged and rules.ungraded is True:
        raise reader.error(
            "section",
            Message(
                "section %(section)s is for players without a grade", section=Quoted(section.key)
            ),
        )
    if (
        _numbered(grade.key)
        and rules.grade_from is not None
        and rules.grade_to is not None
        and not rules.grade_from <= int(grade.key) <= rules.grade_to
    ):
        raise reader.error(
            "section",
            Message(
                "section %(section)s is for grades %(first)s-%(last)s, not %(grade)s",
                section=Quoted(section.key),
                first=rules.grade_from,
                last=rules.grade_to,
                grade=int(grade.key),
            ),
        )


def _promotions(table: TableReader, ladder: tuple[Grade, ...]) -> tuple[PromotionRule, ...]:
    strength = {grade.key: index for index, grade in enumerate(ladder)}
    rules: list[PromotionRule] = []
    for reader in table.tables("promotions"):
        from_grade = _rung(reader, "from", strength)
        to_grade = _rung(reader, "to", strength)
        if strength[to_grade] >= strength[from_grade]:
            raise reader.error(
                "to",
                Message(
                    "%(to)s is not stronger than %(from)s",
                    to=Quoted(to_grade),
                    **{"from": Quoted(from_grade)},
                ),
            )
        rate = reader.percent("rate")
        rule = PromotionRule(from_grade, to_grade, rate, reader.integer("min_games", 1, maximum=99))
        reader.finish()
        for index, earlier in enumerate(rules):
            if (earlier.from_grade, earlier.to_grade) == (from_grade, to_grade):
                raise reader.error(
                    "to",
                    Message(
                        "%(earlier)s already gives %(to)s from %(from)s",
                        earlier=Key(f"grades.promotions[{index}]"),
                        to=Quoted(to_grade),
                        **{"from": Quoted(from_grade)},
                    ),
                )
        rules.append(rule)
    return tuple(rules)


def _rung(reader: TableReader, name: str, strength: dict[str, int]) -> str:
    key = _key(reader, name, reader.raw(name))
    if _numbered(key):
        key = str(int(key))
    if key not in strength:
        raise reader.error(name, _no_rung(key))
    return key


def _validity(table: TableReader, end_date: datetime.date | None) -> ValidityPeriod | None:
    period = table.table("valid_for")
    if period is None:
        return None
    validity = ValidityPeriod(
        months=period.integer("months", 0, 0, MAX_MONTHS),
        days=period.integer("days", 0, 0, MAX_DAYS),
    )
    period.finish()
    if not validity.months and not validity.days:
        raise table.error("valid_for", Message("give months or days, e.g. months = 2"))
    if end_date is None:
        raise table.error(
            "valid_for",
            Message("needs %(key)s (the period runs from the end)", key=Key("event.end_date")),
        )
    return validity


def _check_time_controls(
    root: TableReader, rules: GradeRules, sections: tuple[SectionRules, ...]
) -> None:
    """A rung that needs a playing time can only be checked where the section says its time
    control: refuse the file rather than award (or refuse) titles on a guess."""
    needing = [grade for grade in rules.ladder if grade.min_minutes is not None]
    if not needing:
        return
    for index, section in enumerate(sections):
        if section.time_control is None:
            raise RegulationsError(
                root.source,
                f"sections[{index}].time_control",
                Message(
                    "missing: %(ladder)s gives %(grade)s a %(key)s, so every section needs its "
                    "time control",
                    ladder=Key("grades.ladder"),
                    grade=Quoted(needing[0].key),
                    key=Key("min_minutes"),
                ),
            )
