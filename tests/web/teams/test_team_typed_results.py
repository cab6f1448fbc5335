"""The arbiter types team board results on the back-office round page, as on the individual
round page (issue 6), on the real database: ``TABLE.BOARD RESULT`` or ``TABLE RESULT …`` for
a whole match, results in the individual page's shorthand, from the first-named team's side.
Fars league fixture: six teams, three matches a round, 4 boards, a game 1/½/0."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models as event_models
from crosstable_web.events.services import ServiceError
from crosstable_web.teams import models
from crosstable_web.teams.services import matches as team_matches
from crosstable_web.teams.services import ranking as team_ranking
from crosstable_web.teams.typed_entry import TypedBoard, parse_typed_results


def _games(section: event_models.Section) -> dict[tuple[int, int], str]:
    return {
        (game.match.number, game.board): game.first_result + game.second_result
        for game in models.BoardGame.objects.filter(match__round__section=section).select_related(
            "match"
        )
        if game.first_result != "*"
    }


def _post(client: Client, section: event_models.Section, typed: str) -> list[str]:
    response = client.post(
        f"/e/{section.event.slug}/s/{section.key}/teams/r/1/", {"typed": typed}, follow=True
    )
    assert response.status_code == 200
    return [str(message) for message in response.context["messages"]]


def test_typed_board_and_match_results_are_saved_and_logged(
    league: event_models.Section, arbiter: User
) -> None:
    team_matches.pair_next_round(league, arbiter)
    client = Client()
    client.force_login(arbiter)
    page = client.get(f"/e/{league.event.slug}/s/A/teams/r/1/").content.decode()
    assert 'id="result-form"' in page and 'name="entry"' in page
    # Table 1 board by board; table 2 as a whole match; table 3 board 4 with "1/2".
    messages = _post(client, league, "1.1 1, 1.2 =, 1.3 0; 1.4 +\n2 0 0 = 1-0, 3.4 1/2")
    assert messages == [
        "Saved: 1.1 1-0, 1.2 1/2, 1.3 0-1, 1.4 +-, 2.1 0-1, 2.2 0-1, 2.3 1/2, 2.4 1-0, 3.4 1/2."
    ]
    assert _games(league) == {
        (1, 1): "10",
        (1, 2): "==",
        (1, 3): "01",
        (1, 4): "+-",
        (2, 1): "01",
        (2, 2): "01",
        (2, 3): "==",
        (2, 4): "10",
        (3, 4): "==",
    }
    # Table 1: 1 + ½ + 0 + 1 (forfeit) = 2½ – 1½ for the first-named team; table 2: 1½ – 2½.
    scored = {m.first_team: m for m in team_ranking.team_results(league).matches}
    table_one = models.TeamMatch.objects.get(round__section=league, number=1)
    table_two = models.TeamMatch.objects.get(round__section=league, number=2)
    one, two = scored[table_one.first.number], scored[table_two.first.number]
    assert (one.first_game_points, one.second_game_points) == (Fraction(5, 2), Fraction(3, 2))
    assert (one.first_match_points, two.first_match_points) == (2, 0)
    assert event_models.AuditLog.objects.filter(action="board.result", username="arif").count() == 9


def test_a_wrong_part_saves_nothing_and_says_which(
    league: event_models.Section, arbiter: User, organiser: User
) -> None:
    team_matches.pair_next_round(league, arbiter)
    client = Client()
    client.force_login(arbiter)
    (message,) = _post(client, league, "1.1 1, 1.2 q")
    assert message.startswith("1.2 q: Unknown result 'q'"), message
    (message,) = _post(client, league, "1.5 1")
    assert message == "1.5 1: a match has boards 1 to 4."
    (message,) = _post(client, league, "2 1 0 1 0 1")
    assert message == "2 1 0 1 0 1: a match has boards 1 to 4."
    (message,) = _post(client, league, "x 1")
    assert message.startswith("x 1: type TABLE.BOARD RESULT")
    assert _games(league) == {}
    # A table the round does not have: the other boards are saved, that one named.
    messages = _post(client, league, "9.1 1, 3.1 0")
    assert messages == ["Round 1 has no table 9.", "Saved: 3.1 0-1."]
    assert _games(league) == {(3, 1): "01"}
    # Organisers see the page but only arbiters enter results.
    organiser_client = Client()
    organiser_client.force_login(organiser)
    response = organiser_client.post(f"/e/{league.event.slug}/s/A/teams/r/1/", {"typed": "1.1 1"})
    assert response.status_code == 403


def test_the_parser_reads_the_individual_pages_shorthand() -> None:
    assert parse_typed_results("3.2 1", 4) == [TypedBoard(3, 2, "1-0")]
    assert parse_typed_results("3 ½ - -- *", 4) == [
        TypedBoard(3, 1, "1/2"),
        TypedBoard(3, 2, "-+"),
        TypedBoard(3, 3, "--"),
        TypedBoard(3, 4, "*"),
    ]
    with pytest.raises(ServiceError, match="one result after a table and board"):
        parse_typed_results("3.2 1 0", 4)
    with pytest.raises(ServiceError, match=r"e\.g\. 3\.2 1"):
        parse_typed_results(" , ", 4)


@pytest.mark.parametrize(
    ("language", "template"),
    [
        ("en", "Table.board {board}: {players}"),
        ("fa", "میز تیمی.میز {board}: {players}"),
        ("zh-hans", "桌号.台次 {board}：{players}"),
    ],
)
def test_the_board_being_entered_is_named_as_its_box_asks(
    league: event_models.Section, arbiter: User, language: str, template: str
) -> None:
    """The board a result alone goes to is named "1.3" (table 1, board 3): as the entry box's
    label asks (Table.board), not "Board 1.3" (in Persian «میز ۱.۳», a board named by a table)."""
    team_matches.pair_next_round(league, arbiter)
    client = Client()
    client.force_login(arbiter)
    client.cookies["django_language"] = language
    page = client.get(f"/e/{league.event.slug}/s/{league.key}/teams/r/1/").content.decode()
    assert f'<span id="current-board" data-template="{template}" hidden>' in page
