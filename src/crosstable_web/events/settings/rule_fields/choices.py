"""What the rule boxes offer: the tie-breaks of the registry (individual or team) with their
words, checked as the loader checks them, and the conditions a prize or discount may test.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils import translation
from django.utils.translation import gettext as _

from crosstable.regulations.key_words import KEY_WORDS
from crosstable.regulations.limits import TEAM_PLACE_TIEBREAKS
from crosstable.tiebreaks.descriptor import DescriptorError, parse_descriptor
from crosstable.tiebreaks.registry import (
    UnknownTiebreakError,
    canonical_code,
    definitions,
    lookup,
)
from crosstable_web.common.localisation import digits
from crosstable_web.events.regulations import regulation_messages
from crosstable_web.events.words import tiebreak_labels


def tiebreak_code(text: str) -> str:
    """A tie-break as the lists offer it: the registry's spelling (``MPvGP`` of the Fars
    file is the list's ``MPVGP``, ``bh-c1`` is ``BH/C1``), a team place criterion
    (``best_place``) as it is; a text that is no descriptor stays as typed (refused later,
    at its box, by :func:`check_tiebreak`)."""
    if text in TEAM_PLACE_TIEBREAKS:
        return text
    try:
        return canonical_code(text)
    except DescriptorError:
        return text


class TiebreakField(forms.ChoiceField):
    """One tie-break chosen from the list; the code sent is read as the registry spells it,
    whatever its case or alias (a page made before the list knew the code's spelling, a
    hand-made form post), so ``MPvGP`` is the ``MPVGP`` offered."""

    def to_python(self, value: Any) -> str:
        text = super().to_python(value)
        return tiebreak_code(text) if text else text


def tiebreak_choices(teams: bool, current: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """The registry's tie-breaks a section may use — each code, and its usual cut and median
    variants — with their words (``BH/C1`` “Buchholz, cut 1”); a code the file names that
    the list lacks (in the registry's spelling: the file's ``MPvGP`` is the list's
    ``MPVGP``) is added at the end so none is lost."""
    codes: list[str] = []
    for definition in definitions():
        if not (definition.for_teams if teams else definition.for_individuals):
            continue
        codes.append(definition.code)
        for letter, variants in (("C", ("/C1", "/C2")), ("M", ("/M1", "/M2")), ("P", ("/P",))):
            if letter in definition.modifiers:
                codes.extend(definition.code + variant for variant in variants)
    if teams:
        codes.extend(TEAM_PLACE_TIEBREAKS)  # a ranking by the sum of places
    for code in map(tiebreak_code, current):
        if code not in codes:
            codes.append(code)
    shown = []
    for code in codes:
        if code in TEAM_PLACE_TIEBREAKS:
            shown.append((code, regulation_messages.code_text(code)))
            continue
        words = tiebreak_labels.label(code)
        text = f"{words.short} — {words.description}" if words.description else words.short
        if (translation.get_language() or "en").startswith("en"):
            text = f"{code}: {text}"  # the code is English's own word for it
        shown.append((code, digits(text)))
    return shown


def check_tiebreak(code: str, teams: bool) -> None:
    if teams and code in TEAM_PLACE_TIEBREAKS:
        return  # the loader checks it goes with a ranking by places
    try:
        lookup(parse_descriptor(code), teams=teams)
    except (DescriptorError, UnknownTiebreakError):
        raise forms.ValidationError(
            _("%(code)s is not a tie-break of this kind of section.") % {"code": code}
        ) from None


CONDITION_BOXES: tuple[tuple[str, str], ...] = (
    ("sex", "sex"),
    ("unit_kind", "lines"),
    ("born_on_or_after", "day"),
    ("born_on_or_before", "day"),
    ("age.at_least", "whole"),
    ("age.below", "whole"),
    ("rating.at_least", "whole"),
    ("rating.below", "whole"),
    ("average_rating.at_least", "whole"),
    ("average_rating.below", "whole"),
    ("games.at_least", "whole"),
    ("local_players.at_least", "whole"),
    ("true", "true"),
)
"""The boxes of a condition table (docs/regulations.md, "Conditions"): the attributes the
seeds' conditions test, and "also true" — the attributes a registration records as yes
(a county board's letter: ``introduction_letter``; a local player: ``local``)."""


def condition_words(name: str) -> str:
    """A condition box's words: the attribute and its bound (“age: below”)."""
    if name == "true":
        return _("also true (one a line)")
    if name == "games.at_least":
        return _("games played: at least")
    if name == "local_players.at_least":
        return _("local players: at least")
    parts = [regulation_messages.message_text(KEY_WORDS[part]) for part in name.split(".")]
    return ": ".join(parts)
