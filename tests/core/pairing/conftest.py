"""Every pairing test checks that the Dutch engine's player classes hold: in each class
solve, every pair of players weighs what the table of their two classes says
(``crosstable.pairing.graph.CHECK_CLASSES``; a pass over all pairs, off in production)."""

from collections.abc import Iterator

import pytest

from crosstable.pairing import graph


@pytest.fixture(autouse=True)
def check_player_classes(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(graph, "CHECK_CLASSES", True)
    yield
