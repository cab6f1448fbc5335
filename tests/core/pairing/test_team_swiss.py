"""FIDE Swiss Team Pairing System (C.04.6, 2026): rules one by one, on small hand-built events.

Every expected pairing here is worked out by hand from the article named in the test.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from crosstable.model import Colour, Player, ResultCode, RoundEntry, Team, Tournament
from crosstable.model.team_match import TeamRoundKind, team_event_records, team_rounds
from crosstable.model.team_records import MatchPointSystem, TeamEventRecords
from crosstable.pairing.base import PairingError, TeamMatch
from crosstable.pairing.team_swiss import (
    RULES,
    ColourPreferenceType,
    TeamSwissVariant,
    colour_preference,
    pair_team_round,
)
from crosstable.pairing.team_swiss_check import check_team_tournament
from crosstable.pairing.team_swiss_round import _profiles, _Team, _upfloater_sets

W, B = Colour.WHITE, Colour.BLACK
_OPPOSITE_RESULT = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def build_event(
    teams: int,
    rounds: list[list[tuple[int, int, str]]],
    *,
    boards: int = 4,
    total_rounds: int = 9,
    system_code: str = "FIDE_TEAM_TYPEA_MP_GP",
    initial_colour: Colour | None = W,
    byes: dict[int, int] | None = None,
    absences: dict[int, dict[int, ResultCode]] | None = None,
) -> Tournament:
    """A team event whose round r holds ``rounds[r-1]``: ``(first, second, results)`` with
    ``first`` having White on board 1 (352 WBWB...) and ``results`` one character per board
    from ``first``'s side (1 = 0 + -)."""
    tournament = Tournament(total_rounds=total_rounds, system_code=system_code)
    tournament.initial_colour = initial_colour
    for number in range(1, teams + 1):
        members = [(number - 1) * boards + board for board in range(1, boards + 1)]
        tournament.teams.append(Team(number, f"Team {number}", members))
        for member in members:
            tournament.add_player(Player(member, f"Player {member}"))
    for round_number, matches in enumerate(rounds, start=1):
        for first, second, results in matches:
            for board, mark in enumerate(results, start=1):
                home = (first - 1) * boards + board
                away = (second - 1) * boards + board
                home_colour = W if board % 2 == 1 else B
                tournament.players[home].set_entry(
                    round_number, RoundEntry(away, home_colour, ResultCode(mark))
                )
                tournament.players[away].set_entry(
                    round_number,
                    RoundEntry(home, home_colour.opposite, ResultCode(_OPPOSITE_RESULT[mark])),
                )
    colours = "WB" * (boards // 2)  # 352 WBWB…, 362 2/1/0, 320: a bye is 1 MP and 2 GP
    tournament.team_records = TeamEventRecords(
        board_colours=colours,
        boards=len(colours),
        match_points=MatchPointSystem(),
        bye_match_points=Fraction(1),
        bye_game_points=Fraction(2),
        bye_teams={r: t for r, t in (byes or {}).items() if r <= len(rounds) and t > 0},
    )
    tournament.absences = absences or {}
    return tournament


def matches(tournament: Tournament, round_number: int, **options: object) -> set[TeamMatch]:
    pairing = pair_team_round(tournament, round_number, **options)  # type: ignore[arg-type]
    return set(pairing.boards)


# --- the rules table ------------------------------------------------------------------------


def test_rules_table_names_every_criterion() -> None:
    for code in ("C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9", "C10"):
        assert RULES[code][0].isdigit(), code
    assert RULES["C1"].startswith("2.1.1")
    assert RULES["C10"].startswith("2.3.7")


# --- the variant (art. 1.2, 1.7) and TRF 192 --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("FIDE_TEAM_TYPEB_GP_MP", "typeb-gp+mp"),
        ("FIDE_TEAM_TYPEA_MP", "typea-mp"),
        ("FIDE_TEAM_MP", "nocolor-mp"),
        ("FIDE_TEAM_GP_MP", "nocolor-gp+mp"),
        ("FIDE_TEAM", "typea-mp+gp"),
        ("typeb-gp", "typeb-gp"),
        ("fideteam-nocolor-mp+gp", "nocolor-mp+gp"),
    ],
)
def test_variant_from_system_code_or_name(text: str, expected: str) -> None:
    assert TeamSwissVariant.parse(text).name == expected


def test_unknown_variant_is_refused_with_its_name() -> None:
    with pytest.raises(ValueError, match="typec"):
        TeamSwissVariant.parse("typec-mp")


# --- colour preferences (art. 1.7) ------------------------------------------------------------


@pytest.mark.parametrize(
    ("colours", "kind", "last_round", "expected"),
    [
        ((B, B), ColourPreferenceType.TYPE_A, False, (W, True)),  # CD -2
        ((W, B, B), ColourPreferenceType.TYPE_A, False, (W, True)),  # CD -1, last two Black
        ((B, W, W), ColourPreferenceType.TYPE_A, False, (B, True)),  # CD +1, last two White
        ((W, B), ColourPreferenceType.TYPE_A, False, (None, False)),  # CD 0, alternating
        ((B,), ColourPreferenceType.TYPE_A, False, (None, False)),  # CD -1, one match
        ((B,), ColourPreferenceType.TYPE_B, False, (W, False)),  # mild: CD -1
        ((W, B), ColourPreferenceType.TYPE_B, False, (W, False)),  # mild: CD 0, last Black
        ((W, B), ColourPreferenceType.TYPE_B, True, (None, False)),  # CD 0 in the last round
        ((), ColourPreferenceType.TYPE_B, False, (None, False)),  # no match played
        ((B, B), ColourPreferenceType.NONE, False, (None, False)),
    ],
)
def test_colour_preference(
    colours: tuple[Colour, ...],
    kind: ColourPreferenceType,
    last_round: bool,
    expected: tuple[Colour | None, bool],
) -> None:
    assert colour_preference(colours, kind, last_round) == expected


# --- art. 3.5: upfloater sets, in the order of the regulation's example ---------------------


def _team(number: int, level: int) -> _Team:
    team = _Team(number, Fraction(level), Fraction(0), 0, frozenset(), (), False, False)
    team.level = level
    return team


def test_upfloater_sets_follow_the_example_of_article_3_5_4() -> None:
    # 2, 6, 8 have 3 points; 1, 3, 5 have 2.5; two upfloaters of 3 points and one of 2.5.
    lower = {3: [_team(n, 3) for n in (2, 6, 8)], 2: [_team(n, 2) for n in (1, 3, 5)]}
    sets = [[t.number for t in chosen] for chosen in _upfloater_sets(lower, (2, 3, 3))]
    assert sets[:4] == [[2, 6, 1], [2, 6, 3], [2, 6, 5], [2, 8, 1]]
    assert sets[-1] == [6, 8, 5]
    assert len(sets) == 9


def test_score_profiles_maximise_the_lowest_upfloater_first() -> None:
    # [C5]: the scores in ascending order, maximised: the lowest upfloater counts first.
    profiles = list(_profiles({3: 2, 2: 2, 1: 1}, 2))
    assert profiles == [(3, 3), (2, 3), (2, 2), (1, 3), (1, 2)]
    assert list(_profiles({3: 1, 2: 1}, 0)) == [()]


# --- round 1: the fold and the initial colour (art. 3.6, 4.3.1) ------------------------------


def test_round_one_pairs_top_half_against_bottom_half() -> None:
    event = build_event(6, [])
    # first teams 1, 2, 3; odd TPN gets the initial colour (White), even the opposite.
    assert matches(event, 1) == {TeamMatch(1, 4), TeamMatch(5, 2), TeamMatch(3, 6)}


def test_round_one_with_black_drawn() -> None:
    event = build_event(6, [], initial_colour=B)
    assert matches(event, 1) == {TeamMatch(4, 1), TeamMatch(2, 5), TeamMatch(6, 3)}


def test_round_one_board_order_follows_tpn() -> None:
    pairing = pair_team_round(build_event(6, []), 1)
    assert [min(m.first, m.second) for m in pairing.boards] == [1, 2, 3]
    assert pairing.bye is None


# --- [C1] and the identifier (art. 3.6.2) ----------------------------------------------------


def test_no_rematch_and_smallest_identifier() -> None:
    # Round 1: 1-3 and 2-4 drawn, so all four teams stay in one scoregroup. The fold 1-3,
    # 2-4 would repeat both matches; of 1-2/3-4 (top members 1, 3) and 1-4/2-3 (top
    # members 1, 2) the second has the smaller identifier.
    event = build_event(4, [[(1, 3, "1=0="), (2, 4, "=10=")]])
    paired = matches(event, 2)
    assert {frozenset((m.first, m.second)) for m in paired} == {
        frozenset((1, 4)),
        frozenset((2, 3)),
    }


def test_round_with_no_legal_pairing_is_refused() -> None:
    # 2 teams that already met: nobody else to play ([C1], art. 3.3.3).
    event = build_event(2, [[(1, 2, "1111")]])
    with pytest.raises(PairingError):
        pair_team_round(event, 2)


# --- the pairing-allocated bye (art. 3.4, [C2]) ----------------------------------------------


def test_bye_goes_to_the_lowest_team_with_the_largest_tpn() -> None:
    # Round 1 (5 teams): 1-4 and 2-5 won by 1 and 2, team 3 had the bye. Losers 4 and 5
    # have the lowest score and the same number of matches: the larger TPN, 5, gets it.
    event = build_event(5, [[(1, 4, "1111"), (5, 2, "0000")]], byes={1: 3})
    pairing = pair_team_round(event, 2)
    assert pairing.bye == 5


def test_team_that_had_the_bye_cannot_get_it_again() -> None:
    # Round 1 (7 teams): 5 and 6 absent, 7 had the bye worth 0 match points (320), 1-3 and
    # 2-4 drawn. Round 2: 5, 6 and 7 share the lowest score with no match played; 7 has
    # the largest TPN but already had the bye ([C2]), so it goes to 6.
    event = build_event(
        7,
        [[(1, 3, "===="), (2, 4, "====")]],
        byes={1: 7},
        absences={1: {5: ResultCode.ZERO_POINT_BYE, 6: ResultCode.ZERO_POINT_BYE}},
    )
    assert event.team_records is not None
    event.team_records = dataclasses.replace(
        event.team_records, bye_match_points=Fraction(0), bye_game_points=Fraction(0)
    )
    assert pair_team_round(event, 2).bye == 6


def test_forfeited_match_is_a_win_but_not_a_meeting() -> None:
    # Round 1: team 2 did not turn up against 1 (all boards forfeited).
    event = build_event(4, [[(1, 2, "++++"), (3, 4, "1111")]])
    history = team_rounds(event, team_event_records(event))
    won, lost = history[1][0], history[2][0]
    assert (won.kind, won.result, won.match_points) == (
        TeamRoundKind.NOT_PLAYED,
        ResultCode.FORFEIT_WIN,
        Fraction(2),
    )
    assert (lost.result, lost.match_points, lost.played_colour) == (
        ResultCode.FORFEIT_LOSS,
        Fraction(0),
        None,
    )


# --- colour allocation (art. 4.3) ------------------------------------------------------------


def test_colours_alternate_from_the_first_teams_last_colour() -> None:
    # Round 1 (fold, White drawn): 1-3 and 4-2, won by 1 and 4 with equal game points.
    # Round 2: 1 v 4, neither has a Type A preference, equal colour differences and colour
    # sequences (rules 5, 6), so rule 8: the first team (1, smaller TPN) alternates -> Black.
    # 2 v 3: first team 2 (smaller TPN) had Black -> White.
    event = build_event(4, [[(1, 3, "1111"), (4, 2, "1111")]])
    assert matches(event, 2) == {TeamMatch(4, 1), TeamMatch(2, 3)}


def test_lower_colour_difference_gets_white_before_alternation() -> None:
    # Colours after three drawn rounds: 1 W W B (CD +1), 2 B W W, 3 B B W (CD -1), 4 W B B.
    # Only 1-3 and 2-4 are left (C1). No preferences (nocolor), so rule 5 decides: the
    # lower colour difference gets White, 3 against 1 and 4 against 2 - where rule 6
    # (alternate to the last round with different colours) would have given 1 White.
    event = build_event(
        4,
        [
            [(1, 2, "===="), (4, 3, "====")],
            [(1, 4, "===="), (2, 3, "====")],
            [(2, 1, "===="), (3, 4, "====")],
        ],
        system_code="FIDE_TEAM_MP_GP",
    )
    assert matches(event, 4) == {TeamMatch(3, 1), TeamMatch(4, 2)}


# --- scores: game points primary (art. 1.2) --------------------------------------------------


def test_game_points_primary_changes_the_scoregroups() -> None:
    # Round 1: 4 beats 1 by 2.5-1.5, 2 beats 5 and 6 beats 3 by 4-0.
    event = build_event(6, [[(1, 4, "0==="), (2, 5, "1111"), (3, 6, "0000")]])
    # Match points: 2, 4, 6 lead; the upfloater is 1 (first in TPN order) and the bracket's
    # smallest identifier is 1-6, 2-4; then 3-5.
    by_mp = {frozenset((m.first, m.second)) for m in matches(event, 2)}
    assert by_mp == {frozenset((1, 6)), frozenset((2, 4)), frozenset((3, 5))}
    # Game points: 2 and 6 (4) lead alone, then 4 (2.5), 1 (1.5), 3 and 5 (0). 4 cannot
    # take 1 (they met), so its upfloater comes from 0 points: 3; then 1-5.
    by_gp = {frozenset((m.first, m.second)) for m in matches(event, 2, variant="typea-gp+mp")}
    assert by_gp == {frozenset((2, 6)), frozenset((3, 4)), frozenset((1, 5))}


def test_absent_team_is_not_paired() -> None:
    event = build_event(5, [], absences={1: {5: ResultCode.ZERO_POINT_BYE}})
    pairing = pair_team_round(event, 1)
    assert pairing.bye is None
    assert all(5 not in (m.first, m.second) for m in pairing.boards)


def test_check_reports_a_tampered_round() -> None:
    # The file says 3-1 in round 1 where the rules give 1-3: the check must say so.
    event = build_event(4, [[(3, 1, "0000"), (2, 4, "1111")]], total_rounds=5)
    (check,) = check_team_tournament(event)
    assert not check.agrees
    assert any("recorded 3-1" in line for line in check.differences())


def test_bad_input_is_refused_with_a_message() -> None:
    with pytest.raises(ValueError, match="no teams"):
        pair_team_round(Tournament(total_rounds=5), 1)
    event = build_event(4, [])
    event.total_rounds = None
    with pytest.raises(ValueError, match="142"):
        pair_team_round(event, 1)


def test_next_round_is_the_default() -> None:
    event = build_event(4, [[(1, 3, "1111"), (4, 2, "1111")]])
    assert pair_team_round(event).round_number == 2


def test_unknown_system_code_token_is_refused() -> None:
    with pytest.raises(ValueError, match="FIDE_TEAM_NOCOLOR_GP"):
        TeamSwissVariant.parse("FIDE_TEAM_NOCOLOR_GP")
