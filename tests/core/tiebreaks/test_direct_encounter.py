"""Direct encounter (C.07 Art. 6) and 直胜 read as "exactly two tied", on hand-made groups."""

from __future__ import annotations

from tiebreak_builders import tournament

from crosstable.tiebreaks.context import IndividualContext
from crosstable.tiebreaks.descriptor import parse_descriptor
from crosstable.tiebreaks.direct_encounter import (
    direct_encounter_split,
    two_tied_encounter_split,
)


def split(grid, group, code="DE", predetermined=False):
    ctx = IndividualContext.from_tournament(tournament(grid), predetermined=predetermined)
    spec = parse_descriptor(code)
    if spec.code == "OTHER_ZS":
        return two_tied_encounter_split(ctx, spec, group)
    return direct_encounter_split(ctx, spec, group)


# A round robin of four: 1 beat 2 and 4, lost to 3; 2 beat 3 and 4; 4 beat 3.
ROUND_ROBIN = {
    1: ["2w1", "3w0", "4w1"],
    2: ["1b0", "4w1", "3w1"],
    3: ["4w0", "1b1", "2b0"],
    4: ["3b1", "2b0", "1b0"],
}


def test_all_met_orders_by_the_mini_table_and_reapplies_to_sub_ties() -> None:
    # Mini-table: 1 → 2, 2 → 2, 3 → 1, 4 → 1. Re-applied: 1 beat 2, 4 beat 3.
    assert split(ROUND_ROBIN, [1, 2, 3, 4]) == [[1], [2], [4], [3]]


def test_cycle_is_not_separated() -> None:
    # Among 1, 2, 3: 1 beat 2, 2 beat 3, 3 beat 1.
    assert split(ROUND_ROBIN, [1, 2, 3]) == [[1, 2, 3]]


SWISS = {
    1: ["2w1", "3b1", "4w="],
    2: ["1b0", "4w1", "3b="],
    3: ["4b=", "1w0", "2w="],
    4: ["3w=", "2b0", "1b="],
}


def test_swiss_alone_on_top_whatever_the_missing_games() -> None:
    # Among 1, 2, 3 everyone met (1 beat 2 and 3; 2-3 drawn): 1, then 2 and 3 tied → ½ each.
    assert split(SWISS, [1, 2, 3]) == [[1], [2, 3]]


def test_swiss_not_all_met() -> None:
    grid = {
        1: ["2w1", "3b1"],
        2: ["1b0", "4w1"],
        3: ["4b1", "1w0"],
        4: ["3w0", "2b0"],
    }
    # 1 beat 2 and 3; 2 and 3 did not meet: 1 is first whatever that game; 2 and 3 stay tied.
    assert split(grid, [1, 2, 3]) == [[1], [2, 3]]
    # 2 beat 4, 3 beat 4, but 2 and 3 did not meet 1... here among 2, 3, 4: 4 lost to both,
    # 2 and 3 could still finish level (their game is missing): nobody is alone on top.
    assert split(grid, [2, 3, 4]) == [[2, 3, 4]]


def test_games_played_twice_are_averaged() -> None:
    grid = {1: ["2w1", "2b0", "2w="], 2: ["1b0", "1w1", "1b="]}
    assert split(grid, [1, 2]) == [[1, 2]]
    grid = {1: ["2w1", "2b=", ""], 2: ["1b0", "1w=", ""]}
    assert split(grid, [1, 2]) == [[1], [2]]


def test_forfeits_are_excluded_unless_p() -> None:
    grid = {1: ["2w+"], 2: ["1b-"]}
    assert split(grid, [1, 2]) == [[1, 2]]
    assert split(grid, [1, 2], "DE/P") == [[1], [2]]
    assert split(grid, [1, 2], predetermined=True) == [[1], [2]]


def test_zhisheng_applies_only_to_exactly_two() -> None:
    assert split(ROUND_ROBIN, [1, 3], "OTHER_ZS") == [[3], [1]]
    assert split(ROUND_ROBIN, [1, 2, 3, 4], "直胜") == [[1, 2, 3, 4]]
    assert split(ROUND_ROBIN, [1, 2, 3, 4], "DE") != [[1, 2, 3, 4]]
