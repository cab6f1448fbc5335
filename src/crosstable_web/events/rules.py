"""What the web app needs from an event's regulations, read once when the event is created.

``load_event_spec`` reads a regulations file with ``crosstable.regulations`` and keeps, per
section, the values the app stores in its rows (rounds, pairing system, scoring, tie-breaks,
forfeit limit, fee, limits, eligibility). Checks that need the full regulations at run time
(eligibility, fees, prizes) go through the functions below.
"""

from __future__ import annotations

import dataclasses
import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

from crosstable.model import ScoringSystem

if TYPE_CHECKING:
    from crosstable_web.events import models
    from crosstable_web.events.services import EntryData


@dataclasses.dataclass(slots=True)
class SectionSpec:
    key: str
    name: str
    total_rounds: int
    system_code: str = "FIDE_DUTCH_2025"
    scoring: ScoringSystem = dataclasses.field(default_factory=ScoringSystem)
    tiebreaks: list[str] = dataclasses.field(default_factory=list)
    forfeits_to_withdraw: int | None = None
    entry_fee: Decimal = Decimal(0)
    max_entries: int | None = None
    settings: dict[str, Any] = dataclasses.field(default_factory=dict)
    """Eligibility (sex, born_on_or_after, born_on_or_before, grades), max_per_unit,
    same_unit_apart_until_round, initial_colour, prize places…"""


@dataclasses.dataclass(slots=True)
class EventSpec:
    name: str
    game: str = "chess"
    sections: list[SectionSpec] = dataclasses.field(default_factory=list)
    regulations_text: str = ""


def eligibility_problems(section: models.Section, data: EntryData) -> list[str]:
    """Why a player may not play in ``section`` according to its stored eligibility rules."""
    rules = section.settings
    problems: list[str] = []
    sex = rules.get("sex")
    if sex and data.sex and data.sex.lower().replace("w", "f") != sex:
        problems.append(_("This section is for one sex only."))
    if sex and not data.sex:
        problems.append(_("The sex is missing (the section is for one sex only)."))
    born_after = rules.get("born_on_or_after")
    born_before = rules.get("born_on_or_before")
    if born_after or born_before:
        if data.birth_date is None:
            problems.append(_("The birth date is missing (the section has an age limit)."))
        else:
            if born_after and data.birth_date < datetime.date.fromisoformat(born_after):
                problems.append(
                    _("Born too early for this section (born on or after %(date)s).")
                    % {"date": born_after}
                )
            if born_before and data.birth_date > datetime.date.fromisoformat(born_before):
                problems.append(
                    _("Born too late for this section (born on or before %(date)s).")
                    % {"date": born_before}
                )
    grades = rules.get("grades")
    if grades and data.national_grade not in grades:
        problems.append(
            _("The grade %(grade)s does not belong in this section (allowed: %(grades)s).")
            % {"grade": data.national_grade or "—", "grades": ", ".join(grades)}
        )
    return problems


def fee_for(section: models.Section, data: EntryData) -> Decimal:
    """The fee due for one entry (the section's entry fee)."""
    return section.entry_fee
