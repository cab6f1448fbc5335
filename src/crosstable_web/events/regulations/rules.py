"""What the web app needs from an event's regulations (``crosstable.regulations``).

``event_spec_from_regulations`` turns a ``Regulations`` value into the values the app keeps in
its rows (rounds, pairing system, scoring, tie-breaks, forfeit limit, fee, limits and simple
eligibility limits); the regulations text itself is kept on the event, and
``section_rules`` reads it back (cached) for what needs the full rules at run time
(sub-rankings, prizes).
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from crosstable.model import ScoringSystem
from crosstable.pairing import registry
from crosstable.pairing.rules import ColourRule
from crosstable.regulations import (
    Regulations,
    SectionRules,
    load_regulations,
    parse_regulations,
)
from crosstable.regulations.fees import TeamEntry, compute_fee
from crosstable.regulations.schema import TeamRankingMethod
from crosstable.regulations.sections import (
    EntrantData,
    Problem,
    check_eligibility,
    effective_grade,
)
from crosstable_web.common import localisation

if TYPE_CHECKING:
    from crosstable_web.events import models
    from crosstable_web.events.entry_data import EntryData

DEFAULT_ROUNDS = 7
"""Rounds of a section whose regulations leave the number to the arbiter (changeable)."""


@dataclasses.dataclass(slots=True)
class SectionSpec:
    key: str
    name: str
    total_rounds: int
    system_code: str = registry.DEFAULT_SYSTEM
    scoring: ScoringSystem = dataclasses.field(default_factory=ScoringSystem)
    tiebreaks: list[str] = dataclasses.field(default_factory=list)
    forfeits_to_withdraw: int | None = None
    entry_fee: Decimal = Decimal(0)
    max_entries: int | None = None
    settings: dict[str, Any] = dataclasses.field(default_factory=dict)
    """Eligibility limits (sex, born_on_or_after, born_on_or_before, grades, units),
    max_per_unit, same_unit_apart_until_round, initial_colour."""
    fide_mode: bool = False
    """Run in FIDE mode from the start (a FIDE-rated section, or one made from a TRF file)."""


@dataclasses.dataclass(slots=True)
class EventSpec:
    name: str
    game: str = "chess"
    sections: list[SectionSpec] = dataclasses.field(default_factory=list)
    regulations_text: str = ""
    time_zone: str = ""
    """IANA name; "" when the regulations name none (the web forms and ``create_event`` ask
    for one; code that creates an event without one gets the server's ``TIME_ZONE``)."""
    calendar: str = "gregorian"
    start_date: datetime.date | None = None
    end_date: datetime.date | None = None
    venue: str = ""
    lots_seed: str = ""
    """The seed of the event's drawing of lots ("": a new one is drawn)."""


def load_event_spec(path: str | Path, rounds: int | None = None) -> EventSpec:
    """Read a regulations file (raises ``RegulationsError`` naming the key at fault)."""
    regulations = load_regulations(path)
    text = Path(path).read_text(encoding="utf-8")
    return event_spec_from_regulations(regulations, text, rounds)


def _years_before(day: datetime.date, years: int) -> datetime.date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February
        return day.replace(year=day.year - years, day=28)


def _section_settings(rules: SectionRules) -> dict[str, Any]:
    settings: dict[str, Any] = {}
    eligibility = rules.eligibility
    if len(eligibility.sexes) == 1:
        settings["sex"] = next(iter(eligibility.sexes)).lower()
    born_after = eligibility.born_on_or_after
    born_before = eligibility.born_on_or_before
    if eligibility.age_on is not None and eligibility.age_below is not None:
        # Younger than N on the day: born after the day N years earlier.
        limit = _years_before(eligibility.age_on, eligibility.age_below)
        limit += datetime.timedelta(days=1)
        born_after = max(born_after, limit) if born_after else limit
    if eligibility.age_on is not None and eligibility.age_at_least is not None:
        limit = _years_before(eligibility.age_on, eligibility.age_at_least)
        born_before = min(born_before, limit) if born_before else limit
    if born_after:
        settings["born_on_or_after"] = born_after.isoformat()
    if born_before:
        settings["born_on_or_before"] = born_before.isoformat()
    if eligibility.grade_from is not None or eligibility.grade_to is not None:
        strongest = eligibility.grade_from or 1
        weakest = eligibility.grade_to or 15
        grades = [str(grade) for grade in range(strongest, weakest + 1)]
        if eligibility.ungraded:
            grades.append("")
        settings["grades"] = grades
    elif eligibility.ungraded is False:
        settings["graded_only"] = True
    if eligibility.units:
        settings["units"] = list(eligibility.units)
    if rules.max_per_unit:
        settings["max_per_unit"] = rules.max_per_unit
    avoid = rules.pairing.avoid_same_unit_rounds
    if avoid is not None and avoid[0] == 1:
        settings["same_unit_apart_until_round"] = avoid[1]
    if rules.pairing.round_one_colour is ColourRule.ODD_NUMBER_FIRST:
        settings["initial_colour"] = "w"
    if rules.is_team_event:
        settings["team_event"] = True
    if rules.pairing.max_same_colour_in_row:
        settings["max_same_colour_in_row"] = rules.pairing.max_same_colour_in_row
    return settings


def event_spec_from_regulations(
    regulations: Regulations, text: str = "", rounds: int | None = None
) -> EventSpec:
    """The rows to create for ``regulations``; ``rounds`` fills a section whose
    regulations leave the number of rounds open (default ``DEFAULT_ROUNDS``)."""
    fees = regulations.fees
    sections = []
    for rules in regulations.sections:
        fee = Decimal(0)
        if fees is not None and fees.per == "player":
            fee = fees.sections.get(rules.key, fees.amount)
        sections.append(
            SectionSpec(
                key=rules.key,
                name=rules.name,
                total_rounds=rules.rounds or rounds or DEFAULT_ROUNDS,
                system_code=rules.pairing.system,
                scoring=rules.scoring,
                tiebreaks=list(rules.tiebreaks),
                forfeits_to_withdraw=rules.forfeits_to_withdraw,
                entry_fee=fee,
                max_entries=rules.capacity,
                settings=_section_settings(rules),
                fide_mode=rules.fide_rated,
            )
        )
    return EventSpec(
        name=regulations.name,
        game=regulations.game.value,
        sections=sections,
        regulations_text=text,
        time_zone=regulations.time_zone,
        calendar=regulations.calendar.value,
        start_date=regulations.start_date,
        end_date=regulations.end_date,
        venue=regulations.venue,
    )


@functools.lru_cache(maxsize=32)
def _parsed(text: str) -> Regulations:
    return parse_regulations(text)


def event_regulations(event: models.Event) -> Regulations | None:
    """The event's regulations, read from the stored text (None if it has none)."""
    if not event.regulations_text:
        return None
    return _parsed(event.regulations_text)


def rules_key(section: models.Section) -> str:
    """The regulations' section a playing group follows (a sex or size subsection such as
    ``A-F-2`` follows ``A``)."""
    return str(section.settings.get("rules_key", section.key))


def section_rules(section: models.Section) -> SectionRules | None:
    regulations = event_regulations(section.event)
    if regulations is None:
        return None
    try:
        return regulations.section(rules_key(section))
    except KeyError:
        return None


def entrant_data(section: models.Section, data: EntryData) -> EntrantData:
    """An entry as the regulations' eligibility and fee rules see it."""
    grade = data.national_grade.strip()
    return EntrantData(
        name=data.name,
        sex=data.sex.upper().replace("W", "F"),
        birth_date=data.birth_date,
        # stored grades are digits (forms and imports read 六级 as 6); anything else is
        # refused by EntryChecker, never taken for a grade here
        grade=int(grade) if grade.isascii() and grade.isdigit() else None,
        rating=data.rating,
        unit=data.unit,
        unit_kind=data.unit_kind,
        federation=data.federation,
        native_unit=data.native_unit,
        member_id=data.member_id,
        section=rules_key(section),
    )


def eligibility_problems(section: models.Section, data: EntryData) -> list[str]:
    """Why a player may not play in ``section``: the regulations' own eligibility check
    (``crosstable.regulations.check_eligibility``), or, for an event without regulations
    text, the limits stored on the section."""
    section_rules_ = section_rules(section)
    if section_rules_ is None:
        return _stored_limit_problems(section, data)
    entrant = entrant_data(section, data)
    problems = [
        _("%(section)s: %(problem)s")
        % {"section": section.name, "problem": _problem_text(section_rules_, entrant, problem)}
        for problem in check_eligibility(section_rules_, entrant)
    ]
    group_sex = section.settings.get("group_sex")
    if group_sex and data.sex.upper().replace("W", "F") != group_sex:
        problems.append(_("This group is for one sex only."))
    return problems


_GRADE_PROBLEMS = ("grade_too_strong", "grade_too_weak", "graded_not_accepted")

_PROBLEM_TEXTS: dict[str, Promise] = {
    "sex_not_accepted": gettext_lazy("this section is for %(sexes)s players only."),
    "sex_missing": gettext_lazy("this section is split by sex: give the player's sex."),
    "birth_date_missing": gettext_lazy("a birth date is required for this section."),
    "born_too_early": gettext_lazy("born %(born)s: must be born on or after %(limit)s."),
    "born_too_late": gettext_lazy("born %(born)s: must be born on or before %(limit)s."),
    "too_old": gettext_lazy("aged %(age)s on %(on)s: must be under %(limit)s."),
    "too_young": gettext_lazy("aged %(age)s on %(on)s: must be at least %(limit)s."),
    "ungraded_not_accepted": gettext_lazy("players without a grade may not enter."),
    "graded_not_accepted": gettext_lazy(
        "grade %(grade)s: this section is for players without a grade."
    ),
    "grade_too_strong": gettext_lazy(
        "grade %(grade)s: this section is for grades %(low)s–%(high)s."
    ),
    "grade_too_weak": gettext_lazy("grade %(grade)s: this section is for grades %(low)s–%(high)s."),
    "rating_too_low": gettext_lazy("rating %(rating)s is below %(limit)s."),
    "rating_too_high": gettext_lazy("rating %(rating)s is not below %(limit)s."),
    "unit_not_accepted": gettext_lazy("%(unit)s is not invited to this section."),
    "not_native_of_unit": gettext_lazy(
        "the player is not a native of %(unit)s, the unit they represent."
    ),
    "member_id_missing": gettext_lazy("a federation membership id is required."),
    "unknown_section": gettext_lazy("there is no section %(section)s."),
    "no_section": gettext_lazy("%(name)s is not eligible for any section."),
}
"""The regulations' refusals (``crosstable.regulations.sections.Problem`` codes) in the
reader's words; their values are written as the reader writes them (dates in the page's
calendar: ``wording.value_text``)."""


def problem_text(problem: Problem) -> str:
    """One refusal of the regulations in the reader's language, with its values (a code
    without words here keeps the core's English message)."""
    from crosstable_web.events.words import wording

    text = _PROBLEM_TEXTS.get(problem.code)
    if text is None:
        return problem.message
    values: dict[str, str] = {}
    for name, value in problem.values.items():
        if name == "sexes" and isinstance(value, tuple | list):
            values[name] = _(" or ").join(localisation.sex_word(str(sex)) for sex in value)
        else:
            values[name] = wording.value_text(value)
    try:
        return str(text) % values
    except (KeyError, TypeError):
        return problem.message


def _problem_text(rules_: SectionRules, entrant: EntrantData, problem: Problem) -> str:
    """The regulations' reason in the reader's language: a grade problem that comes from
    the adult rule (Futian: adults, 18 or older on the event day, enter at 6th grade at the
    lowest) names the age rule, not the grade the player did not give; the others through
    :func:`problem_text`."""
    eligibility = rules_.eligibility
    adult = eligibility.adult_grade_rule
    if (
        problem.code not in _GRADE_PROBLEMS
        or adult is None
        or effective_grade(eligibility, entrant) == entrant.grade
    ):
        return problem_text(problem)
    values = {
        "age": adult.adult_age,
        "date": localisation.date_text(adult.age_on),
        "grade": adult.lowest_grade,
        "own": entrant.grade if entrant.grade is not None else _("none"),
        "low": eligibility.grade_from,
        "high": eligibility.grade_to,
    }
    if eligibility.grade_from is None:
        return (
            _(
                "age rule: players aged %(age)s or older on %(date)s enter at grade %(grade)s "
                "at the lowest (this player's grade: %(own)s), and this section is for "
                "players without a grade."
            )
            % values
        )
    return (
        _(
            "age rule: players aged %(age)s or older on %(date)s enter at grade %(grade)s at "
            "the lowest (this player's grade: %(own)s), and this section is for grades "
            "%(low)s–%(high)s."
        )
        % values
    )


def _date_text(iso: str) -> str:
    return localisation.date_text(iso)


def _stored_limit_problems(section: models.Section, data: EntryData) -> list[str]:
    limits = section.settings
    problems: list[str] = []
    sex = limits.get("sex")
    if sex and data.sex and data.sex.lower().replace("w", "f") != sex:
        problems.append(_("This section is for one sex only."))
    if sex and not data.sex:
        problems.append(_("The sex is missing (the section is for one sex only)."))
    born_after = limits.get("born_on_or_after")
    born_before = limits.get("born_on_or_before")
    if born_after or born_before:
        if data.birth_date is None:
            problems.append(_("The birth date is missing (the section has an age limit)."))
        else:
            if born_after and data.birth_date < datetime.date.fromisoformat(born_after):
                problems.append(
                    _("Born too early for this section (born on or after %(date)s).")
                    % {"date": _date_text(born_after)}
                )
            if born_before and data.birth_date > datetime.date.fromisoformat(born_before):
                problems.append(
                    _("Born too late for this section (born on or before %(date)s).")
                    % {"date": _date_text(born_before)}
                )
    grades = limits.get("grades")
    if grades is not None and data.national_grade not in grades:
        problems.append(
            _("The grade %(grade)s does not belong in this section (allowed: %(grades)s).")
            % {
                "grade": data.national_grade or _("none"),
                "grades": ", ".join(grade or _("ungraded") for grade in grades),
            }
        )
    if limits.get("graded_only") and not data.national_grade:
        problems.append(_("Only players with a grade certificate may enter this section."))
    units = limits.get("units")
    if units and data.unit not in units:
        problems.append(_("%(unit)s may not send players to this section.") % {"unit": data.unit})
    return problems


def ranks_units(section: models.Section) -> bool:
    """Whether the regulations rank this section's units by the sum of their members'
    places (Huayuan's counties, Futian's schools)."""
    section_rules_ = section_rules(section)
    return (
        section_rules_ is not None
        and section_rules_.team_ranking is not None
        and section_rules_.team_ranking.method is TeamRankingMethod.SUM_OF_PLACES
    )


def unit_team_size(section: models.Section) -> int | None:
    """The players a unit's team has in an individual section whose regulations rank its
    units as teams (Huayuan: "每队参赛棋手6人（含领队1人）", six a county, the leader among them:
    ``[team] boards = 6``); None for a team section (its teams are entered as teams) or a
    section without teams."""
    section_rules_ = section_rules(section)
    if section_rules_ is None or section_rules_.team is None or section_rules_.is_team_event:
        return None
    return section_rules_.team.boards + section_rules_.team.reserves


def fee_for(section: models.Section, data: EntryData) -> Decimal:
    """The fee due for one player entry: the regulations' fee with their discounts
    (``crosstable.regulations.compute_fee``); when the fee is per team, nothing in a team
    section (the team owes it: ``crosstable_web.teams.fees``; a player of a team is not charged
    a share on top) and, in an individual section whose units are the teams, the player's
    share of their unit's team fee (Huayuan: 600 a team of six, "100元/人": 100 each, so a
    county of six owes 600); else the section's entry fee."""
    regulations = event_regulations(section.event)
    if regulations is not None and regulations.fees is not None and regulations.fees.per == "team":
        size = unit_team_size(section)
        if size is None:
            return Decimal(0)
        # The unit's team fee with the discounts its player qualifies for, one share of it.
        team = TeamEntry(
            data.unit or data.name,
            (entrant_data(section, data),),
            unit=data.unit,
            unit_kind=data.unit_kind,
            section=rules_key(section),
        )
        whole = compute_fee(regulations, team)
        return dataclasses.replace(whole, total=whole.total / size).amount_due
    if regulations is None or regulations.fees is None or regulations.fees.per != "player":
        return section.entry_fee
    return compute_fee(regulations, entrant_data(section, data)).amount_due
