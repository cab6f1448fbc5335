"""The settings page's forms described by rules, in the page's order, and each part's form
made for a request.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from crosstable.regulations import Regulations
from crosstable_web.events.settings.rule_fields.description import RulePart
from crosstable_web.events.settings.rule_fields.event_parts import (
    DISCOUNTS,
    DOCUMENTS,
    EVENT_RULES,
    SCHEDULE_ITEMS,
    SECTIONS,
)
from crosstable_web.events.settings.rule_fields.form import RulesForm
from crosstable_web.events.settings.rule_fields.grade_parts import (
    GRADE_LADDER,
    GRADE_PROMOTIONS,
    GRADES,
)
from crosstable_web.events.settings.rule_fields.prize_parts import (
    CATEGORY_PLACES,
    PRIZE_CATEGORIES,
    PRIZE_PLACES,
    PRIZE_TABLES,
)
from crosstable_web.events.settings.rule_fields.section_parts import (
    SECTION_PAIRING,
    SECTION_PLAY,
    SECTION_RANKING,
    SECTION_TEAMS,
    SUB_RANKINGS,
)

PARTS: tuple[RulePart, ...] = (
    EVENT_RULES,
    SECTIONS,
    SCHEDULE_ITEMS,
    DISCOUNTS,
    DOCUMENTS,
    SECTION_PLAY,
    SECTION_PAIRING,
    SECTION_RANKING,
    SECTION_TEAMS,
    SUB_RANKINGS,
    PRIZE_TABLES,
    PRIZE_CATEGORIES,
    PRIZE_PLACES,
    CATEGORY_PLACES,
    GRADES,
    GRADE_LADDER,
    GRADE_PROMOTIONS,
)
"""The settings page's forms described by rules, in the page's order."""


def rule_forms(
    regulations: Regulations,
    text: str,
    data: Any = None,
    action: str = "",
    only: Collection[str] | None = None,
) -> dict[str, RulesForm]:
    """Every part's form (those ``only`` names: a settings page's), the one ``action``
    names bound to ``data``."""
    return {
        part.name: RulesForm(
            data if part.name == action else None, part=part, text=text, regulations=regulations
        )
        for part in PARTS
        if only is None or part.name in only
    }
