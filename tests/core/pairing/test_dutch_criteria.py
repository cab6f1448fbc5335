"""The Dutch criteria table (``crosstable.pairing.dutch_criteria``, C.04.3 2026 Art. 2) and the
engine's weight layout agree (issue 19 item 1): every bracket the engine weighs has the fields
of [C6]-[C21] in the table's order, most significant first, and nothing else but the local
rules' fields."""

from __future__ import annotations

from pathlib import Path

import pytest

from crosstable.formats.trf.reader import load_trf
from crosstable.pairing import dutch, dutch_weights
from crosstable.pairing.dutch_criteria import CRITERIA, QUALITY_CRITERIA
from crosstable.pairing.weights import WeightLayout

SAMPLE = Path(__file__).parent / "corpus_sample" / "basic"


def test_the_table_lists_c1_to_c21_in_the_order_of_article_2() -> None:
    assert [c.code for c in CRITERIA] == [f"C{n}" for n in range(1, 22)]
    articles = [tuple(int(part) for part in c.article.split(".")) for c in CRITERIA]
    assert articles == sorted(articles)
    assert [c.code for c in QUALITY_CRITERIA] == [f"C{n}" for n in range(6, 22)]
    assert all(c.fields for c in QUALITY_CRITERIA)
    assert not any(c.fields for c in CRITERIA if c.kind != "quality")


def _criterion_of(field: str) -> str:
    name = field.split(":")[0]
    for criterion in QUALITY_CRITERIA:
        if any(f.name == name for f in criterion.fields):
            return criterion.code
    raise AssertionError(f"weight field {field!r} is in no criterion of the table")


@pytest.mark.parametrize("path", sorted(SAMPLE.glob("*.trf"))[:2], ids=lambda p: p.stem)
def test_every_bracket_weighs_the_table_criteria_in_order(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    layouts: list[list[str]] = []

    class Recording(WeightLayout):
        def __init__(self, fields):  # type: ignore[no-untyped-def]
            declared = list(fields)
            layouts.append([name for name, _ in declared])
            super().__init__(declared)

    monkeypatch.setattr(dutch_weights, "WeightLayout", Recording)
    tournament = load_trf(path)
    for round_number in range(2, tournament.rounds_recorded + 1):
        dutch.pair_round(tournament, round_number)
    # the bracket quality layouts (the others order the candidates of Art. 4: no criterion)
    quality = [names for names in layouts if "c6" in names]
    assert quality
    seen_per_level = False
    for names in quality:
        codes = [_criterion_of(name) for name in names]
        order = [int(code[1:]) for code in codes]
        assert order == sorted(order), names
        # every criterion has its field(s); a per-score criterion may have none only when the
        # bracket has no MDP (no score to count)
        single = {c.code for c in QUALITY_CRITERIA if all(not f.per for f in c.fields)}
        assert single <= set(codes), names
        seen_per_level = seen_per_level or any(name.startswith("c7:") for name in names)
    assert seen_per_level  # some bracket had MDPs: [C7], [C18]-[C21] were weighed per score
