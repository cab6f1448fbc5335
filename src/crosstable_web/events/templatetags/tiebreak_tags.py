"""Template tags for the names of the rules: ``{{ code|pairing_system }}`` names a pairing
system in words (:mod:`crosstable_web.events.words.pairing_names`); ``{{ code|tiebreak }}`` gives a
:class:`~crosstable_web.events.words.tiebreak_labels.TiebreakLabel` (``.short``, ``.description``)
for a descriptor such as ``BH/C1``; ``{% tiebreak_notes labels %}`` lists them in order under a
table. Used by every standings page, so they all name tie-breaks the same way."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template

from crosstable.tiebreaks.descriptor import TiebreakSpec
from crosstable_web.events.words import pairing_names, tiebreak_labels

register = template.Library()


@register.filter
def pairing_system(code: str) -> str:
    """The pairing system ``code`` (``FIDE_DUTCH_2026``) in words."""
    return pairing_names.system_name(code)


@register.filter
def tiebreak(
    value: TiebreakSpec | str | tiebreak_labels.TiebreakLabel,
) -> tiebreak_labels.TiebreakLabel:
    """The label of one tie-break descriptor (or an existing label, unchanged)."""
    if isinstance(value, tiebreak_labels.TiebreakLabel):
        return value
    return tiebreak_labels.label(value)


@register.inclusion_tag("events/_tiebreak_notes.html")
def tiebreak_notes(
    items: Iterable[TiebreakSpec | str | tiebreak_labels.TiebreakLabel],
) -> dict[str, Any]:
    """The footnote: "Tie-breaks, in order: 1. Buchholz cut 1 (BH/C1): …"."""
    return {"labels": [tiebreak(item) for item in items]}
