"""What a local test run samples, and what it says it sampled.

The full suite takes longer than a contributor waits for (README: the test command's time),
so a local run checks a part of the slowest cases: a seeded share of a crawl's attempts, of
a property test's examples, of the PostgreSQL pass. CI runs everything: it sets ``CI=true``;
``CROSSTABLE_FULL_TESTS=1`` does the same on a contributor's machine.

The part is chosen by a seed (``CROSSTABLE_TEST_SEED``; by default the day's date, so that
the runs of successive days check other parts), printed in the run's header; the same seed
chooses the same part again. Nothing is left out silently: every sampling is listed at the
end of the run (``sampled: …``, with what was kept of what), and a finding in a sampled case
names the seed that finds it again.
"""

from __future__ import annotations

import datetime
import os
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

SEED_VARIABLE = "CROSSTABLE_TEST_SEED"
FULL_VARIABLE = "CROSSTABLE_FULL_TESTS"

_recorded: list[str] = []
"""Lines said by this process since the last test's report took them (see conftest)."""


def full_run() -> bool:
    """Whether every case runs: in CI (``CI`` set and not ``false``/``0``) or when
    ``CROSSTABLE_FULL_TESTS`` says so."""

    def said(name: str) -> bool:
        return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no")

    return said("CI") or said(FULL_VARIABLE)


def seed() -> int:
    """The run's seed: ``CROSSTABLE_TEST_SEED``, else the day's date (20261207)."""
    given = os.environ.get(SEED_VARIABLE, "").strip()
    if given:
        return int(given)
    return int(datetime.datetime.now(datetime.UTC).strftime("%Y%m%d"))


def record(line: str) -> None:
    """Say ``line`` at the end of the run (the list of what was sampled)."""
    _recorded.append(line)


def take_recorded() -> list[str]:
    taken = list(_recorded)
    _recorded.clear()
    return taken


def sample(cases: Sequence[T], keep: int | float, what: str) -> list[T]:
    """``cases`` in a full run; else ``keep`` of them (a number, or a share between 0 and
    1; at least one), chosen by the run's seed and ``what`` (the cases' name, so that two
    samplings of one run choose independently), in their order. The choice is recorded."""
    total = len(cases)
    wanted = keep if isinstance(keep, int) else max(1, round(total * keep))
    if full_run() or wanted >= total:
        return list(cases)
    chosen = [
        cases[index]
        for index in sorted(random.Random(f"{seed()}-{what}").sample(range(total), wanted))
    ]
    named = f" ({', '.join(chosen)})" if all(isinstance(case, str) for case in chosen) else ""
    record(f"{what}: {wanted} of {total}{named}")
    return chosen


def examples(count: int, what: str, share: float = 0.25) -> int:
    """A property test's number of examples: ``count`` in a full run, else ``share`` of it
    (at least 10). Hypothesis draws its examples from its own seed; the number is
    recorded."""
    if full_run():
        return count
    kept = max(10, round(count * share))
    if kept < count:
        record(f"{what}: {kept} of {count} examples")
    return min(kept, count)
