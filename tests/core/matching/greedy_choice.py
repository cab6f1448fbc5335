"""The greedy of the tie rule applied to a full list of optimal matchings, for the brute-force
tests of ``crosstable.matching.lexicographic``: each chooser in turn, if not yet paired by an
earlier choice, keeps the matchings that give it the first partner of its preference list
still possible among those kept."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar


class Mates(Protocol):
    """A matching read by vertex: ``mates[v]`` is v's partner."""

    def __getitem__(self, vertex: int, /) -> int: ...


MatesT = TypeVar("MatesT", bound=Mates)


def greedy_over(optima: list[MatesT], choices: Sequence[tuple[int, Sequence[int]]]) -> list[MatesT]:
    """The optimal matchings left after the choices (one, when every vertex chooses over the
    full list of the others)."""
    kept = optima
    fixed: set[int] = set()
    for chooser, preferences in choices:
        if chooser in fixed:
            continue
        for partner in preferences:
            if partner in fixed or partner == chooser:
                continue
            narrowed = [mates for mates in kept if mates[chooser] == partner]
            if narrowed:
                kept = narrowed
                fixed.update((chooser, partner))
                break
    return kept
