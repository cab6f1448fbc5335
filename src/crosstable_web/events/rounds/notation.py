"""Which notation a section writes its games in (``crosstable_web.common.notation``): its game
and points. A section's game is its regulations' (a Futian youth event plays xiangqi and chess
sections side by side), else the event's.
"""

from __future__ import annotations

from crosstable_web.common.notation import Notation
from crosstable_web.events import bridge, models
from crosstable_web.events.regulations import rules


def section_is_xiangqi(section: models.Section) -> bool:
    """Whether ``section`` plays xiangqi: its regulations' game, else the event's."""
    section_rules = rules.section_rules(section)
    if section_rules is not None:
        return section_rules.game.value == models.Game.XIANGQI
    return section.event.game == models.Game.XIANGQI


def of_section(section: models.Section) -> Notation:
    """The notation of ``section`` (its game and points)."""
    return Notation(xiangqi=section_is_xiangqi(section), scoring=bridge.section_scoring(section))
