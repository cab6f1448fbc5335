"""The blossom run remembers each blossom's leaves (``BlossomState.leaves``); a remembered list
must always equal a fresh walk of the children, in the same order (the search's path, and so
the solver's answer among equal optima, follows that order), through blossoms made, rotated
by augmentations, expanded and dissolved, in solves from scratch and in re-solves."""

from __future__ import annotations

import random

from crosstable.matching.blossom import BlossomRun


def _walk(run: BlossomRun, b: int) -> list[int]:
    """The leaves of b by a walk with a stack, as the run listed them before it remembered."""
    if b < run.n:
        return [b]
    found: list[int] = []
    stack = [b]
    while stack:
        x = stack.pop()
        for c in run.children[x]:
            if c < run.n:
                found.append(c)
            else:
                stack.append(c)
    return found


class _CheckedRun(BlossomRun):
    calls = 0
    remembered = 0

    def leaves(self, b: int) -> list[int]:
        if b in self.leaf_lists:
            _CheckedRun.remembered += 1
        listed = super().leaves(b)
        assert listed == _walk(self, b), f"stale leaves of blossom {b}"
        _CheckedRun.calls += 1
        return listed


def test_remembered_leaves_equal_a_fresh_walk() -> None:
    rng = random.Random(32)
    for _ in range(60):
        n = rng.choice((12, 16, 20, 24))
        pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
        rng.shuffle(pairs)
        edges = {pair: rng.randint(0, 6) for pair in pairs[: len(pairs) * 2 // 3]}
        first = dict(list(edges.items())[: len(edges) // 2])
        run = _CheckedRun(n, first, True)
        if -1 in run.solve():
            continue  # a re-solve needs everyone paired
        added = {pair: weight for pair, weight in edges.items() if pair not in first}
        run.solve_with(added, n)
    # The check ran often on remembered lists, not only on fresh ones.
    assert _CheckedRun.remembered > 100
