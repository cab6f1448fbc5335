"""The grade promotion report of a section or an event, in the reader's language.

The core (``crosstable.grades``) decides everything: who earned which grade, the caps, the
validity date. This module hands it a section's results (through the bridge, in the order of
the section's standings) and says the result in words: the column headings, the note of each
line, the rules applied. An event whose regulations have no ``[grades]`` table has no report
(``has_report`` is False: no link anywhere, the report's URLs answer 404).
"""

from __future__ import annotations

import dataclasses
import datetime
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from crosstable.grades import (
    COLUMNS,
    Cap,
    Outcome,
    PromotionLine,
    SectionPromotions,
    format_points,
    format_rate,
    grade_on_entry,
    report_table,
    section_promotions,
    validity_date,
)
from crosstable.regulations import Calendar, GradeRules, PromotionRule
from crosstable_web.events import models
from crosstable_web.events.ranking import standings
from crosstable_web.events.regulations import rules

HEADINGS = {
    "section": gettext_lazy("Section"),
    "number": gettext_lazy("No."),
    "name": gettext_lazy("Name"),
    "unit": gettext_lazy("School/club/team"),
    "grade_on_entry": gettext_lazy("Grade on entry"),
    "games": gettext_lazy("Games"),
    "points": gettext_lazy("Points"),
    "score_rate": gettext_lazy("Score rate (%)"),
    "new_grade": gettext_lazy("New grade"),
    "valid_until": gettext_lazy("Valid until"),
    "note": gettext_lazy("Note"),
}
"""The heading of each column of ``crosstable.grades.COLUMNS``, in the reader's language."""


def grade_rules(event: models.Event) -> GradeRules | None:
    """The event's ``[grades]`` table (None: no promotion report)."""
    regulations = rules.event_regulations(event)
    return None if regulations is None else regulations.grades


def has_report(event: models.Event) -> bool:
    return grade_rules(event) is not None


def section_reported(section: models.Section) -> bool:
    """Whether the report covers the section (a playing group): the event has ``[grades]``,
    the section is individual and its regulations' section is known."""
    return (
        has_report(section.event)
        and not section.is_team_section
        and rules.section_rules(section) is not None
    )


def reported_sections(event: models.Event) -> list[models.Section]:
    """The sections (playing groups) the report covers."""
    return [section for section in event.sections.all() if section_reported(section)]


def valid_until(event: models.Event) -> datetime.date | None:
    grades = grade_rules(event)
    regulations = rules.event_regulations(event)
    if grades is None or regulations is None:
        return None
    return validity_date(grades, regulations.end_date, regulations.calendar)


def calendar(event: models.Event) -> Calendar:
    return Calendar(event.calendar)


@dataclasses.dataclass(frozen=True, slots=True)
class SectionReport:
    """One section's report, with each player's place in its standings."""

    section: models.Section
    promotions: SectionPromotions
    places: dict[int, str]
    """Pairing number → place (the unranked have none)."""


def section_report(section: models.Section) -> SectionReport | None:
    """The section's report after its completed rounds, lines in the order of its standings
    (None: the event has no ``[grades]`` or the report does not cover the section)."""
    grades = grade_rules(section.event)
    section_rules = rules.section_rules(section)
    if grades is None or section_rules is None or not section_reported(section):
        return None
    results = standings.section_results(section)
    order = [row.number for row in results.main.rows + results.main.unranked]
    promotions = section_promotions(
        results.tournament,
        section_rules,
        grades,
        rounds=section.total_rounds,
        rounds_played=results.rounds,
        order=order,
        label=section.name,
    )
    return SectionReport(section, promotions, {row.number: row.place for row in results.main.rows})


def _caps(line: PromotionLine, report: SectionPromotions) -> str:
    grades = report.grades
    reasons = []
    for cap in line.caps:
        if cap is Cap.HIGHEST:
            reasons.append(
                _("this event awards at most %(title)s") % {"title": grades.highest_name()}
            )
        elif cap is Cap.ROUNDS:
            reasons.append(_("the section has %(rounds)d rounds") % {"rounds": report.rounds})
        else:
            minutes = format_points(report.minutes) if report.minutes is not None else "—"
            reasons.append(_("games of %(minutes)s minutes") % {"minutes": minutes})
    return _("; ").join(reasons)


def note(line: PromotionLine, report: SectionPromotions) -> str:
    """Why the line reads as it does, in the reader's language."""
    parts: list[str] = []
    if line.adult_rule:
        parts.append(_("adult rule: entered as %(grade)s") % {"grade": grade_on_entry(line)})
    rule = line.rule
    match line.outcome:
        case Outcome.CAPPED:
            assert line.earned is not None
            parts.append(
                _("earned %(grade)s, capped: %(reasons)s")
                % {"grade": line.earned.name, "reasons": _caps(line, report)}
            )
        case Outcome.NOT_AWARDABLE:
            assert line.earned is not None
            parts.append(
                _("earned %(grade)s, not awarded: %(reasons)s")
                % {"grade": line.earned.name, "reasons": _caps(line, report)}
            )
        case Outcome.RATE_BELOW:
            assert rule is not None
            parts.append(
                _("score rate below %(rate)s%%") % {"rate": format_points(rule.rate_percent)}
            )
        case Outcome.TOO_FEW_GAMES:
            assert rule is not None
            parts.append(_("fewer than %(games)d games") % {"games": rule.min_games})
        case Outcome.NO_RULE:
            parts.append(_("no promotion rule from this grade"))
        case Outcome.RESULTS_CANCELLED:
            parts.append(_("withdrawn after forfeits, results cancelled"))
        case Outcome.HOUSE_PLAYER:
            parts.append(_("house player (not ranked, no prize)"))
        case Outcome.GRADE_NOT_ON_LADDER:
            parts.append(
                _("the grade “%(grade)s” is not on the regulations' list")
                % {"grade": line.recorded_grade}
            )
        case Outcome.PROMOTED:
            pass
    return _("; ").join(parts)


def headings() -> list[str]:
    return [str(HEADINGS[code]) for code, _english in COLUMNS]


def table(reports: list[SectionPromotions], event: models.Event) -> list[list[str]]:
    """The association's rows (``crosstable.grades.report_table``) with notes in words."""
    return report_table(
        reports, valid_until=valid_until(event), calendar=calendar(event), note=note
    )


@dataclasses.dataclass(frozen=True, slots=True)
class RuleLine:
    """A promotion rule as the printed report lists it."""

    from_grade: str
    to_grade: str
    rate: str
    min_games: int


def rule_lines(grades: GradeRules, reports: list[SectionPromotions]) -> list[RuleLine]:
    """The promotion rules from the grades the report's players entered on, strongest
    first: what a reader checks the rows against."""
    entered = {
        line.on_entry.key
        for report in reports
        for line in report.lines
        if line.on_entry is not None
    }

    def order(rule: PromotionRule) -> tuple[int, int]:
        return grades.strength(rule.from_grade), grades.strength(rule.to_grade)

    return [
        RuleLine(
            grades.grade(rule.from_grade).name,
            grades.grade(rule.to_grade).name,
            format_points(rule.rate_percent),
            rule.min_games,
        )
        for rule in sorted(grades.promotions, key=order)
        if rule.from_grade in entered
    ]


def all_rule_lines(grades: GradeRules) -> list[RuleLine]:
    """Every promotion rule in words, in the file's order."""
    return [
        RuleLine(
            grades.grade(rule.from_grade).name,
            grades.grade(rule.to_grade).name,
            format_points(rule.rate_percent),
            rule.min_games,
        )
        for rule in grades.promotions
    ]


def is_example(event: models.Event) -> bool:
    """Whether the event's promotion rules are the template's example (``example = true``):
    its pages and every report say so until the organiser loads the association's table."""
    grades = grade_rules(event)
    return grades is not None and grades.example


def rows(report: SectionReport) -> list[dict[str, Any]]:
    """The printed lines of one section: place, number, name, unit, grade on entry, games,
    points, rate, new grade and note."""
    return [
        {
            "line": line,
            "place": report.places.get(line.number, ""),
            "grade_on_entry": grade_on_entry(line),
            "points": format_points(line.points),
            "rate": format_rate(line.rate),
            "note": note(line, report.promotions),
        }
        for line in report.promotions.lines
    ]
