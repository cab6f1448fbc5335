"""Tie-break descriptors (TRF-2026 / MTB26 syntax, handbook hyphen forms, Chinese names) and
the registry's checks."""

from __future__ import annotations

from fractions import Fraction

import pytest

from crosstable.tiebreaks.descriptor import (
    DescriptorError,
    TiebreakSpec,
    parse_descriptor,
    parse_descriptor_list,
)
from crosstable.tiebreaks.registry import UnknownTiebreakError, definitions, lookup, registry


def test_modifiers() -> None:
    assert parse_descriptor("bh/c1") == TiebreakSpec("BH", cut=1)
    assert parse_descriptor("BH-M1") == TiebreakSpec("BH", cut=1, high=1)
    assert parse_descriptor("BH:MP/M2/P") == TiebreakSpec(
        "BH", score="MP", cut=2, high=2, forfeits_as_played=True
    )
    assert parse_descriptor("KS/L+1").limit == Fraction(1, 2)
    assert parse_descriptor("KS/L-2").limit == Fraction(-1)
    assert parse_descriptor("SSSC/K4").k == 4
    assert parse_descriptor("AOB/F").fore
    assert parse_descriptor("TPN/R").reverse


def test_round_trip_to_text() -> None:
    for text in ("BH/C1", "BH/M1", "BH:GP/C2/P", "KS/L+1", "SSSC/K4", "TPN/R", "EDE/P"):
        assert str(parse_descriptor(text)) == text


def test_list_drops_leading_pts_and_reads_chinese_names() -> None:
    specs = parse_descriptor_list("PTS,对手分,胜局,犯规,后走局数")
    assert [spec.code for spec in specs] == ["OTHER_DSF", "WIN", "OTHER_FOUL", "BPG"]


@pytest.mark.parametrize("text", ["", "BH/X1", "BH:XP", "B H", "BH/C"])
def test_bad_descriptors_name_the_text(text: str) -> None:
    with pytest.raises(DescriptorError):
        parse_descriptor(text)


def test_unknown_code_lists_the_known_codes() -> None:
    with pytest.raises(UnknownTiebreakError) as error:
        lookup(parse_descriptor("XYZ"))
    assert "BH" in str(error.value) and "SB" in str(error.value)
    with pytest.raises(UnknownTiebreakError):
        lookup(parse_descriptor("EDE"))  # a team tie-break, not for individuals
    with pytest.raises(UnknownTiebreakError):
        lookup(parse_descriptor("WIN/C1"))  # WIN takes no Cut


def test_every_issue_tiebreak_is_registered() -> None:
    wanted = [
        "BH",
        "FB",
        "AOB",
        "ARO",
        "TPR",
        "PTP",
        "APRO",
        "APPO",
        "SB",
        "DE",
        "WIN",
        "WON",
        "BPG",
        "BWG",
        "GE",
        "REP",
        "PS",
        "KS",
        "STD",
        "TPN",
        "RTNG",
        "MP",
        "GP",
        "MPVGP",
        "EMMSB",
        "EMGSB",
        "EGMSB",
        "EGGSB",
        "ESB",
        "BC",
        "TBR",
        "BBE",
        "EDE",
        "EDET",
        "EDEB",
        "EDEBT",
        "EDEBB",
        "SSSC",
        "OTHER_DSF",
        "OTHER_LJF",
        "OTHER_FOUL",
        "OTHER_ZS",
        "OTHER_PREV",
    ]
    assert set(wanted) <= set(registry())
    for definition in definitions():
        assert definition.article and definition.definition and definition.unplayed


def test_docs_table_lists_every_tiebreak() -> None:
    from pathlib import Path

    docs = Path(__file__).parents[3] / "docs" / "tiebreaks.md"
    rows = [line for line in docs.read_text().splitlines() if line.startswith("| `")]
    documented = {row.split("`")[1] for row in rows}
    assert documented == {definition.code for definition in definitions()}


def test_one_spelling_per_tiebreak() -> None:
    """The Fars file's ``MPvGP`` (C.07's spelling), its other cases and the registry's
    aliases all come back as the registry's one code, modifiers in their order."""
    from crosstable.tiebreaks.registry import canonical_code

    assert canonical_code("MPvGP") == "MPVGP"
    assert canonical_code("mpvgp") == "MPVGP"
    assert canonical_code("GE") == "REP"
    assert canonical_code("小分") == "SB"
    assert canonical_code("bh-c1") == "BH/C1"
    assert canonical_code("ede:gp/p") == "EDE:GP/P"
    with pytest.raises(DescriptorError):
        canonical_code("BH/Q")
