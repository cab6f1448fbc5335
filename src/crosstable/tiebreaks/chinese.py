"""The Chinese tie-breaks of 《象棋竞赛规则》 Art. 14 and Chinese Swiss practice.

* 对手分 (``OTHER_DSF``): Σ of the opponents' final scores; a bye (轮空) counts as the lowest
  score among the participants who scored (14.4).
* 对手分 as chess regulations write it (``OTHER_OS``, Futian grade 2019 九.3 ②): the plain Σ of
  the final scores of the opponents paired against; a bye or an absence adds nothing — no
  FIDE adjustment (C.07 Art. 16), no xiangqi bye rule.
* 犯规 (``OTHER_FOUL``): rule infractions recorded by the arbiters; fewer ranks higher.
* 前一轮名次 (``OTHER_PREV``): the standing after round r−1, then r−2, … until separated.

累进分 with 逐轮递减 lives in ``progressive``, 直胜 in ``direct_encounter``; 胜局, 后走局数 and
后胜局 are WIN, BPG and BWG.
"""

from __future__ import annotations

from fractions import Fraction

from crosstable.model.results import ResultCode
from crosstable.tiebreaks.context import IndividualContext
from crosstable.tiebreaks.descriptor import TiebreakSpec

_BYES = frozenset({ResultCode.PAIRING_BYE, ResultCode.FULL_POINT_BYE})


def opponents_score_xiangqi(
    ctx: IndividualContext, spec: TiebreakSpec
) -> dict[int, Fraction | None]:
    """对手分: opponents' final scores (forfeits count the scheduled opponent); each bye counts
    the lowest non-zero final score in the tournament; other absences count nothing."""
    scored = [score for score in ctx.score.values() if score > 0]
    lowest = min(scored, default=0)
    result: dict[int, Fraction | None] = {}
    for number in ctx.numbers:
        total = 0
        for record in ctx.records[number]:
            if record.opponent is not None:
                total += ctx.score[record.opponent]
            elif record.result in _BYES:
                total += lowest
        result[number] = ctx.fraction(total)
    return result


def opponents_score_plain(ctx: IndividualContext, spec: TiebreakSpec) -> dict[int, Fraction | None]:
    """对手分, plain: Σ of the final scores (as awarded) of the opponents paired against, a
    forfeit counting the scheduled opponent; byes and absences add nothing."""
    result: dict[int, Fraction | None] = {}
    for number in ctx.numbers:
        total = sum(
            ctx.score[record.opponent]
            for record in ctx.records[number]
            if record.opponent is not None
        )
        result[number] = ctx.fraction(total)
    return result


def fouls(ctx: IndividualContext, spec: TiebreakSpec) -> dict[int, int | None]:
    """犯规: fouls recorded against the participant over all rounds (fewer is better)."""
    return {number: sum(record.fouls for record in ctx.records[number]) for number in ctx.numbers}


def previous_round_standing(
    ctx: IndividualContext, spec: TiebreakSpec
) -> dict[int, tuple[int, ...] | None]:
    """前一轮名次: (rank after round r−1, rank after r−2, …, rank after round 1); smaller first.

    The ranks come from the same standings rules applied to the earlier rounds, with ties
    kept (no lots); ``ctx.rank_history`` is set by the standings module.
    """
    history = ctx.rank_history
    ranks_by_round = [history(round_number) for round_number in range(ctx.rounds - 1, 0, -1)]
    return {number: tuple(ranks[number] for ranks in ranks_by_round) for number in ctx.numbers}
