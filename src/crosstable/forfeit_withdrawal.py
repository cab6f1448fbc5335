"""Withdrawal after forfeits: the regulations' ``forfeits_to_withdraw`` and, where they say so,
``forfeits_cancel_results`` (Futian grade tournament 九.5: "各轮迟到15分钟算弃权，累计弃权两轮则
取消成绩，按照自动退出比赛处理" — 15 minutes late is a forfeit; two forfeits in all and the
results are cancelled, the player treated as having left the event).

A forfeit here is a game lost without playing (``ResultCode.FORFEIT_LOSS``: the player did not
turn up; a double forfeit counts for both). Byes, requested absences and zero-point byes are no
forfeits. The player is withdrawn after the round of the ``limit``-th forfeit: not paired in
any later round.

Cancelled results (our reading of 取消成绩, docs/regulations.md): the player is not ranked
and wins no prize; the pages list them apart, marked withdrawn. Their games stand for their
opponents — points, Buchholz and the progressive scores are computed on the whole section as
played — because the rounds after were paired on those scores and the regulation cancels the
withdrawn player's results, not the opponents'.

The rule is decided here, on a player's rounds, so the command line (``crosstable
standings --regulations``) and the web app withdraw and un-rank the same players.
"""

from __future__ import annotations

import dataclasses

from crosstable.model.player import Player
from crosstable.model.results import ResultCode
from crosstable.model.tournament import Tournament


@dataclasses.dataclass(frozen=True, slots=True)
class ForfeitRule:
    """``limit`` forfeits and the player is withdrawn; ``cancels_results``: and is not ranked."""

    limit: int
    cancels_results: bool = False

    def __post_init__(self) -> None:
        if self.limit < 1:
            raise ValueError(f"forfeits_to_withdraw must be at least 1, got {self.limit}")


def forfeit_rounds(player: Player, up_to_round: int | None = None) -> list[int]:
    """The rounds (1-based, in order) the player lost by forfeit, up to ``up_to_round``."""
    last = len(player.rounds) if up_to_round is None else min(up_to_round, len(player.rounds))
    return [
        number
        for number, entry in enumerate(player.rounds[:last], start=1)
        if entry.result is ResultCode.FORFEIT_LOSS
    ]


def withdrawal_round(
    player: Player, rule: ForfeitRule, up_to_round: int | None = None
) -> int | None:
    """The round after which ``rule`` withdraws the player (the round of the ``limit``-th
    forfeit), or None while they have fewer forfeits (in the rounds up to ``up_to_round``)."""
    rounds = forfeit_rounds(player, up_to_round)
    return rounds[rule.limit - 1] if len(rounds) >= rule.limit else None


def results_cancelled(
    tournament: Tournament, rule: ForfeitRule | None, up_to_round: int | None = None
) -> frozenset[int]:
    """The pairing numbers whose results ``rule`` cancels after ``up_to_round`` rounds
    (none when there is no rule or it only withdraws)."""
    if rule is None or not rule.cancels_results:
        return frozenset()
    return frozenset(
        number
        for number, player in tournament.players.items()
        if withdrawal_round(player, rule, up_to_round) is not None
    )


def apply_withdrawals(tournament: Tournament, rule: ForfeitRule | None) -> dict[int, int]:
    """Withdraw every player ``rule`` withdraws (``Player.withdrawn_after_round``), so the next
    round is paired without them; an earlier withdrawal the arbiter recorded is kept. Returns
    pairing number → the round after which the player is withdrawn, for the players changed."""
    changed: dict[int, int] = {}
    if rule is None:
        return changed
    for number, player in tournament.players.items():
        after = withdrawal_round(player, rule)
        if after is None:
            continue
        if player.withdrawn_after_round is None or player.withdrawn_after_round > after:
            player.withdrawn_after_round = after
            changed[number] = after
    return changed
