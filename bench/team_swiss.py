"""Team Swiss (C.04.6) benchmark: time to pair each round of a team league.

    .venv/bin/python -m bench.team_swiss                 # 61 teams, 11 rounds, 4 boards
    .venv/bin/python -m bench.team_swiss --teams 101 --variant typeb-gp+mp

A league is simulated with the engine under test: every round is paired by
``pair_team_round`` from the rounds before it, then given seeded random board results
(White wins 40 %, draws 30 %, Black wins 30 %). The table gives the wall time of each
round's pairing call; the corpus rows re-pair every round of the largest files of the shared
team corpus (64 and 100 teams, 11 rounds, histories paired by gacrux). Target: under one
second per round for 61 teams.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from fractions import Fraction

from bench import CORPUS as SHARED_CORPUS
from crosstable.formats.trf import load_trf
from crosstable.model import Colour, Player, ResultCode, RoundEntry, Team, Tournament
from crosstable.model.team_records import MatchPointSystem, TeamEventRecords
from crosstable.pairing.base import TeamRoundPairing
from crosstable.pairing.team_swiss import TeamSwissVariant, pair_team_round

CORPUS = SHARED_CORPUS / "team"


def simulate_league(
    teams: int,
    rounds: int,
    boards: int,
    seed: int,
    variant: str,
    pair: Callable[[Tournament, int], TeamRoundPairing] | None = None,
) -> tuple[Tournament, list[float]]:
    """Pair and play ``rounds`` rounds; return the tournament and each pairing's seconds.
    ``pair``: the pairing call (default ``pair_team_round`` under ``variant``)."""
    rng = random.Random(seed)
    tournament = Tournament(
        name=f"Simulated league, {teams} teams",
        total_rounds=rounds,
        system_code=_system_code(TeamSwissVariant.parse(variant)),
        initial_colour=Colour.WHITE,
    )
    for number in range(1, teams + 1):
        members = [(number - 1) * boards + board for board in range(1, boards + 1)]
        tournament.teams.append(Team(number, f"Team {number}", members))
        for member in members:
            tournament.add_player(Player(member, f"Player {member}"))
    pattern = ("WB" * boards)[:boards]
    byes: list[int] = []
    timings: list[float] = []
    for round_number in range(1, rounds + 1):
        tournament.team_records = _records(pattern, boards, byes)
        started = time.perf_counter()
        if pair is None:
            pairing = pair_team_round(tournament, round_number, variant)
        else:
            pairing = pair(tournament, round_number)
        timings.append(time.perf_counter() - started)
        for match in pairing.boards:
            for board in range(1, boards + 1):
                home = (match.first - 1) * boards + board
                away = (match.second - 1) * boards + board
                home_colour = Colour.WHITE if pattern[board - 1] == "W" else Colour.BLACK
                white_result, black_result = _play(rng)
                home_result, away_result = (
                    (white_result, black_result)
                    if home_colour is Colour.WHITE
                    else (black_result, white_result)
                )
                tournament.players[home].set_entry(
                    round_number, RoundEntry(away, home_colour, home_result)
                )
                tournament.players[away].set_entry(
                    round_number, RoundEntry(home, home_colour.opposite, away_result)
                )
        byes.append(pairing.bye or 0)
    tournament.team_records = _records(pattern, boards, byes)
    return tournament, timings


def _records(pattern: str, boards: int, byes: list[int]) -> TeamEventRecords:
    """352 ``pattern``, 362 2/1/0, 320: a bye worth 1 MP and half the boards, ``byes`` by round
    (0: none)."""
    return TeamEventRecords(
        board_colours=pattern,
        boards=len(pattern),
        match_points=MatchPointSystem(),
        bye_match_points=Fraction(1),
        bye_game_points=Fraction(boards, 2),
        bye_teams={r: team for r, team in enumerate(byes, start=1) if team},
    )


def _system_code(variant: TeamSwissVariant) -> str:
    """The TRF 192 code of ``variant`` (no TYPE token: no colour preferences)."""
    colour = {"typea": "TYPEA_", "typeb": "TYPEB_", "nocolor": ""}[variant.colour_type.value]
    primary = variant.primary.value.upper()
    other = "GP" if primary == "MP" else "MP"
    return f"FIDE_TEAM_{colour}{primary}" + (f"_{other}" if variant.secondary_used else "")


def _play(rng: random.Random) -> tuple[ResultCode, ResultCode]:
    draw = rng.random()
    if draw < 0.4:
        return ResultCode.WIN, ResultCode.LOSS
    if draw < 0.7:
        return ResultCode.DRAW, ResultCode.DRAW
    return ResultCode.LOSS, ResultCode.WIN


def _corpus_rows() -> list[tuple[str, int, list[float]]]:
    rows = []
    for path in sorted(CORPUS.glob("*/large_*.trf")):
        tournament = load_trf(path)
        rounds = tournament.total_rounds or 0
        timings = []
        for round_number in range(1, rounds + 1):
            started = time.perf_counter()
            pair_team_round(tournament, round_number)
            timings.append(time.perf_counter() - started)
        rows.append((path.stem, len(tournament.teams), timings))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.team_swiss", description=__doc__)
    parser.add_argument("--teams", type=int, default=61)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--boards", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="typea-mp+gp")
    parser.add_argument("--no-corpus", action="store_true", help="skip the corpus rows")
    args = parser.parse_args()
    TeamSwissVariant.parse(args.variant)  # a clear error before the simulation starts

    _, timings = simulate_league(args.teams, args.rounds, args.boards, args.seed, args.variant)
    print(f"simulated league: {args.teams} teams, {args.boards} boards, {args.variant}")
    print("round  seconds")
    for round_number, seconds in enumerate(timings, start=1):
        print(f"{round_number:5}  {seconds:7.3f}")
    print(f"  max  {max(timings):7.3f}   (target < 1 s)")
    if args.no_corpus or not CORPUS.exists():
        return
    print()
    print(f"{'corpus file (every round re-paired)':48} teams  mean s   max s")
    for name, teams, corpus_timings in _corpus_rows():
        mean = sum(corpus_timings) / len(corpus_timings)
        print(f"{name:48} {teams:5} {mean:7.3f} {max(corpus_timings):7.3f}")


if __name__ == "__main__":
    main()
