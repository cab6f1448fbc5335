"""The hand-pairing pages' form, read the same way for an individual section (boards of two
players) and a team section (tables of two teams), issue 25.

The page posts, for each place ``n``, its two sides as ``<first>_<n>`` and ``<second>_<n>``
and the bye as ``bye`` (:func:`posted`); :func:`read_places` checks what was chosen: a place
left empty is skipped, a place with one side only refused, each side identified by the
section's own ``identify`` (a pairing number typed, a team's id chosen: it refuses what is
not of the section or does not play), nobody twice, nobody of the round left out. Every
refusal is a :class:`ServiceError` in the reader's words, naming the place and who; nothing
is saved. The words differ (board or table, player or team): each section gives its own
:class:`Wording`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping, Sequence

from django.http import QueryDict
from django.utils.translation import gettext as _

from crosstable_web.events.services import ServiceError


@dataclasses.dataclass(frozen=True, slots=True)
class Wording:
    """The sentences of one kind of section."""

    place: Callable[[int], str]
    """A place by its number, in running text: "board 3", "table 3"."""
    one_sided: Callable[[int], str]
    """The refusal of place n with one side only."""
    twice: Callable[[str, str, str], str]
    """The refusal of someone (named) chosen in two places (first, second)."""
    missing: Callable[[list[str]], str]
    """The refusal naming those of the round left out."""


Identify = Callable[[str, str], tuple[int, str]]
"""What a side's text (stripped, never empty) at a place (in words) names: (its number in
the pairing, its name in a refusal); raises :class:`ServiceError` with the reason."""


def posted(
    data: QueryDict, first: str, second: str, count: int
) -> tuple[list[tuple[str, str]], str]:
    """The ``count`` places as posted (the two sides' texts) and the bye's text."""
    places = [
        (data.get(f"{first}_{n}", ""), data.get(f"{second}_{n}", "")) for n in range(1, count + 1)
    ]
    return places, data.get("bye", "")


def read_places(
    places: Sequence[tuple[str, str]],
    bye: str,
    identify: Identify,
    playing: Collection[int],
    names: Mapping[int, str],
    wording: Wording,
) -> tuple[list[tuple[int, int]], int | None]:
    """The pairing chosen (``places``: the two sides' texts, in order; ``bye``: its text), as
    numbers (first, second) and the bye's, checked: see the module. ``playing``: the numbers
    of those the round pairs; ``names``: how a refusal names them."""
    seen: dict[int, str] = {}

    def number_of(text: str, where: str) -> int:
        number, named = identify(text.strip(), where)
        if number in seen:
            raise ServiceError(wording.twice(named, seen[number], where))
        seen[number] = where
        return number

    chosen: list[tuple[int, int]] = []
    for index, (first, second) in enumerate(places, start=1):
        if not first.strip() and not second.strip():
            continue
        if not first.strip() or not second.strip():
            raise ServiceError(wording.one_sided(index))
        where = wording.place(index)
        chosen.append((number_of(first, where), number_of(second, where)))
    bye_number = number_of(bye, _("the bye")) if bye.strip() else None
    missing = [names[number] for number in sorted(set(playing) - set(seen))]
    if missing:
        raise ServiceError(wording.missing(missing))
    return chosen, bye_number
