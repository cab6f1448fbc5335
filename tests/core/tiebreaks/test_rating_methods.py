"""Rating tie-breaks with unrated players and with several ratings per player (C.07 Art. 10,
2026): the two methods for unrated players — the tie-break dropped (the default) or a rating
the regulations give them — and, for an event spanning rating lists, each opponent's rating
of the round played or the first rating (the default), chosen per section in the
regulations (``[sections.rating_tiebreaks]``). Values worked by hand.

Four players, two rounds. Ratings: 1 2000, 2 1800 (1900 on the list valid from round 2),
3 unrated, 4 1600. Round 1: 1-3 1-0, 2-4 ½-½. Round 2: 1-2 ½-½, 3-4 1-0.
ARO, unrated as 1000, first ratings: 1 (3, 2) (1000 + 1800) / 2 = 1400; 2 (4, 1) 1800;
3 (1, 4) 1800; 4 (2, 3) 1400. Each round's rating: 1 meets 2 in round 2 at 1900: 1450;
4 met 2 in round 1 (1800): still 1400.
"""

from __future__ import annotations

import pytest

from crosstable.model import Colour, Player, ResultCode, RoundEntry, Tournament
from crosstable.regulations import RegulationsError, parse_regulations
from crosstable.standings import StandingsRules, compute_standings

W, B = Colour.WHITE, Colour.BLACK


def _tournament() -> Tournament:
    tournament = Tournament(total_rounds=2)
    for number, rating in ((1, 2000), (2, 1800), (3, 0), (4, 1600)):
        tournament.add_player(Player(number, f"P{number}", rating=rating))
    tournament.players[2].later_ratings[2] = 1900
    games = {
        1: [RoundEntry(3, W, ResultCode.WIN), RoundEntry(2, W, ResultCode.DRAW)],
        2: [RoundEntry(4, W, ResultCode.DRAW), RoundEntry(1, B, ResultCode.DRAW)],
        3: [RoundEntry(1, B, ResultCode.LOSS), RoundEntry(4, W, ResultCode.WIN)],
        4: [RoundEntry(2, B, ResultCode.DRAW), RoundEntry(3, B, ResultCode.LOSS)],
    }
    for number, entries in games.items():
        tournament.players[number].rounds.extend(entries)
    return tournament


def _regulations(table: str) -> StandingsRules:
    text = f"""
[event]
name = "Long league"
game = "chess"

[[sections]]
key = "a"
name = "A"
rounds = 2
tiebreaks = ["ARO", "RTNG"]
{table}
[sections.pairing]
system = "FIDE_DUTCH_2026"
"""
    return StandingsRules.from_regulations(parse_regulations(text).section("a"))


def _values(rules: StandingsRules) -> dict[int, tuple[object, ...]]:
    standings = compute_standings(_tournament(), rules)
    return {row.number: row.values for row in standings.rows}


def test_by_default_rating_tiebreaks_are_dropped_while_a_player_is_unrated() -> None:
    assert {values for values in _values(_regulations("")).values()} == {(None, None)}


def test_a_rating_for_unrated_players_and_the_first_rating() -> None:
    rules = _regulations("[sections.rating_tiebreaks]\nunrated = 1000\n")
    assert (rules.unrated_rating, rules.ratings_per_round) == (1000, False)
    values = _values(rules)
    assert {number: value[0] for number, value in values.items()} == {
        1: 1400,
        2: 1800,
        3: 1800,
        4: 1400,
    }
    assert values[2][1] == 1800 and values[3][1] == 1000  # RTNG: the first rating


def test_each_rounds_rating() -> None:
    rules = _regulations('[sections.rating_tiebreaks]\nunrated = 1000\nratings = "per_round"\n')
    values = _values(rules)
    assert {number: value[0] for number, value in values.items()} == {
        1: 1450,
        2: 1800,
        3: 1800,
        4: 1400,
    }


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('unrated = "guess"', 'expected "drop" or a rating'),
        ("unrated = 4000", 'expected "drop" or a rating'),
        ('ratings = "last"', 'expected one of "first", "per_round"'),
        ("colour = 1", "unknown key"),
    ],
)
def test_bad_values_name_the_key(table: str, message: str) -> None:
    with pytest.raises(RegulationsError, match=message):
        _regulations(f"[sections.rating_tiebreaks]\n{table}\n")


def test_fide_rated_is_read() -> None:
    text = """
[event]
name = "Rated"
game = "chess"

[[sections]]
key = "a"
name = "A"
rounds = 5
fide_rated = true
[sections.pairing]
system = "FIDE_DUTCH_2026"
"""
    assert parse_regulations(text).section("a").fide_rated
