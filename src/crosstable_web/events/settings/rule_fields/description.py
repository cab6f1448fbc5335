"""A key of the regulations described once (:class:`Rule`: its place in the file, its kind,
its words, the seed's example) and a group of them shown as one form (:class:`RulePart`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from django.utils.functional import Promise

from crosstable.regulations.key_words import KEY_WORDS
from crosstable_web.events.regulations import regulation_messages

Choices = Callable[[], list[tuple[str, str]]]


BYE_POINTS = ("match_points", "game_points")


def code_choices(*codes: str) -> Choices:
    """The file's code words, each by what it means in the reader's language."""
    return lambda: [(code, regulation_messages.code_text(code)) for code in codes]


@dataclasses.dataclass(frozen=True, slots=True)
class Rule:
    """One key of the regulations file as a field.

    ``kind``: ``whole`` (a whole number), ``yes_no`` (``default`` when the file is silent),
    ``choice`` (one code word; ``default`` when silent, else "not stated"), ``codes``
    (several code words), ``ordered`` (an ordered list of code words, ``slots`` boxes),
    ``tiebreaks`` (the registry's tie-breaks in order), ``points`` (``1``, ``1/2``),
    ``text``, ``lines`` (texts one a line), ``day``, ``moment`` (a day and a time at the
    venue), ``range`` (two whole numbers, first and last), ``boards`` (a whole number per
    board of a team), ``by_sex`` (a whole number per sex)."""

    key: str
    kind: str
    help: Promise
    example: str | Promise = ""
    """The seed's own value as its file writes it; a name or a sentence of a seed in its
    language is translated (``pgettext("example", …)``) into a seed's of the reader's."""
    choices: Choices | None = None
    default: Any = None
    minimum: int = 0
    maximum: int | None = None
    slots: int = 6
    teams: bool = False
    """Tie-breaks: the team tie-breaks (a team ranking's list)."""
    needs: str = ""
    """Shown only for a section that has this table (``team``): its boxes mean nothing
    without it, and a page of fourteen sections stays light."""

    @property
    def path(self) -> tuple[str, ...]:
        return tuple(self.key.split("."))

    def label(self) -> str:
        """The key's last name in words (``team.boards`` → “Boards”), as the loader's
        messages say it."""
        name = self.path[-1]
        words = regulation_messages.message_text(KEY_WORDS[name]) if name in KEY_WORDS else name
        if len(self.path) > 1 and name in (
            "at_least",
            "below",
            "from",
            "to",
            "win",
            "draw",
            "loss",
            "minutes",
        ):
            parent = self.path[-2]
            if parent in KEY_WORDS:
                words = f"{regulation_messages.message_text(KEY_WORDS[parent])}: {words}"
        return words[:1].upper() + words[1:]


@dataclasses.dataclass(frozen=True, slots=True)
class RulePart:
    """A group of rules shown and saved as one form of the settings page (``name`` is its
    ``action``); ``scope`` "event": keys of the file's top level, "section": keys of each
    section."""

    name: str
    title: Promise
    scope: str
    rules: tuple[Rule, ...]
    intro: Promise | None = None
    rows: str = ""
    """A list of tables (``fees.discounts``; ``prizes[].categories``: the categories of each
    prize table): the rules are each row's keys, one row more is offered empty, and a row
    can be removed."""
