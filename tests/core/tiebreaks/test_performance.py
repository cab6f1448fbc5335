"""Rating tie-breaks (C.07 Art. 10) and the FIDE B.02 conversion tables."""

from __future__ import annotations

from tiebreak_builders import tournament

from crosstable.tiebreaks import performance
from crosstable.tiebreaks.context import IndividualContext
from crosstable.tiebreaks.descriptor import parse_descriptor
from crosstable.tiebreaks.registry import evaluate


def test_dp_table_matches_the_reference_copy_of_b02() -> None:
    from gacrux import fidetables

    assert [performance.dp(p) for p in range(101)] == fidetables.ScoreToDp


def test_pd_table_matches_the_reference_copy_of_b02() -> None:
    from gacrux import fidetables

    assert [performance.expected_hundredths(d) for d in range(801)] == fidetables.DiffToPd


def test_pd_table_is_symmetric() -> None:
    for difference in range(0, 900, 7):
        assert (
            performance.expected_hundredths(difference)
            + performance.expected_hundredths(-difference)
            == 100
        )


def test_tpr_and_ptp_worked_example() -> None:
    # 2 points from 3 games against 2000, 2100, 2200: ARO 2100; p = .67 → dp 125: TPR 2225.
    # PTP: at 2225 the expected scores are .78 + .67 + .53 = 1.98 < 2; at 2226 they are
    # .79 + .67 + .54 = 2.00 → 2226.
    ratings = [2000, 2100, 2200]
    assert performance.performance_of(ratings, 4) == 2225
    assert performance.perfect_performance_of(ratings, 4) == 2226
    # Zero score: lowest opponent − 800.
    assert performance.perfect_performance_of(ratings, 0) == 1200


GRID = {
    1: ["2w1", "3b=", "4w1"],
    2: ["1b0", "4w1", "3w0"],
    3: ["4b0", "1w=", "2b1"],
    4: ["3w1", "2b0", "1b0"],
}
RATINGS = {1: 2300, 2: 2101, 3: 2000, 4: 1900}


def values(code: str, ratings: dict[int, int] = RATINGS, unrated: int | None = None):
    ctx = IndividualContext.from_tournament(
        tournament(GRID, ratings=ratings), unrated_rating=unrated
    )
    result = evaluate(parse_descriptor(code), ctx).values
    assert result is not None
    return dict(result)


def test_aro_rounds_half_up_and_cuts() -> None:
    # 1 met 2101, 2000, 1900: 6001/3 = 2000.33 → 2000. 3 met 1900, 2300, 2101: 2100.33 → 2100.
    assert values("ARO") == {1: 2000, 2: 2067, 3: 2100, 4: 2134}
    # ARO/C1 drops the lowest rating: 1 → (2101 + 2000)/2 = 2050.5 → 2051.
    assert values("ARO/C1")[1] == 2051


def test_tpr_apro_appo_rtng() -> None:
    tpr = values("TPR")
    # 1: 2½/3 → p = .83 → +273 → 2273. 4: 1/3 → p = .33 → −125 → 2134 − 125 = 2009.
    assert tpr[1] == 2273
    assert tpr[4] == 2009
    # APRO of 1: mean TPR of 2, 3, 4.
    assert values("APRO")[1] == performance.round_half_up(
        __import__("fractions").Fraction(tpr[2] + tpr[3] + tpr[4], 3)
    )
    assert values("RTNG") == RATINGS


def test_unrated_players_disable_rating_tiebreaks_unless_a_default_is_given() -> None:
    ratings = {**RATINGS, 4: 0}
    assert set(values("ARO", ratings).values()) == {None}
    assert set(values("TPR", ratings).values()) == {None}
    assert values("ARO", ratings, unrated=1900) == values("ARO")
