"""The round page as the arbiter reads and answers it (events.views.round_page, round_facts):
a result alone for the current board, the xiangqi forms, the answer the page's script gets,
a stored result replaced only after a question, the facts beside each player (worked by
hand from the rounds played) and the filters."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from crosstable_web.events import models, rounds, services
from crosstable_web.events.rounds import rule_warnings

Players = Callable[..., list[models.Entry]]
JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def section(
    event: models.Event, organiser: User, arbiter: User, make_players: Players
) -> models.Section:
    """Six players (units School 1, 2, 3, 0, 1, 2), numbered by rating."""
    open_section = event.sections.get(key="open")
    make_players(open_section, 6, organiser)
    services.assign_pairing_numbers(open_section, arbiter)
    return open_section


def _client(user: User, language: str = "en") -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    return client


def _url(section: models.Section, number: int, what: str = "") -> str:
    return f"/e/{section.event.slug}/s/{section.key}/r/{number}/{what}"


def test_a_result_alone_goes_to_the_current_board(
    section: models.Section, arbiter: User, simple_pairing: object
) -> None:
    round_one = rounds.pair_next_round(section, arbiter)
    client = _client(arbiter)
    page = client.get(_url(section, 1)).content.decode()
    assert 'name="current" id="id_current" value="1"' in page
    assert "Board 1: Player 01 – Player 02" in page
    client.post(_url(section, 1, "result/"), {"entry": "=", "current": "1"})
    client.post(_url(section, 1, "result/"), {"entry": "0", "current": "2"})
    results = list(round_one.boards.values_list("white_result", flat=True))
    assert results == ["=", "0", "*"]
    page = client.get(_url(section, 1)).content.decode()
    assert 'value="3"' in page and "2 of 3 results in" in page
    # "12 1" still names its board, whatever the current one
    client.post(_url(section, 1, "result/"), {"entry": "3 1", "current": "1"})
    assert round_one.boards.get(number=3).white_result == "1"


def test_the_scripts_answer_is_the_round_as_it_now_stands(
    section: models.Section, arbiter: User, simple_pairing: object
) -> None:
    round_one = rounds.pair_next_round(section, arbiter)
    client = _client(arbiter, "zh-hans")
    url = _url(section, 1, "result/")
    answer = json.loads(client.post(url, {"board": "2", "result": "1"}, **JSON).content)
    assert answer["board"] == 2 and answer["ask"] is None
    assert answer["cells"] == {"1": "", "2": "1-0", "3": ""}
    assert answer["pending"] == [1, 3]
    assert "已录入1/3个结果" in answer["status"]
    assert "第2台：1-0 · Player 03 – Player 04" in answer["status"]  # the message, once
    assert "缺结果（2）" in answer["status"]
    # replacing it asks first: nothing changes until the question is answered
    answer = json.loads(client.post(url, {"board": "2", "result": "0"}, **JSON).content)
    assert 'data-code="result.replace"' in answer["ask"]
    assert "第2台（Player 03 – Player 04）已有结果1-0：将改为0-1。" in answer["ask"]
    assert round_one.boards.get(number=2).white_result == "1"
    token = re.search(r'name="rule_warnings_token" value="([^"]+)"', answer["ask"])
    assert token is not None
    data = {"board": "2", "result": "0", rule_warnings.TOKEN_FIELD: token.group(1)}
    answer = json.loads(client.post(url, data, **JSON).content)
    assert answer["cells"]["2"] == "0-1" and 'id="undo-button"' in answer["status"]
    # the same confirmation again changes nothing more: the board holds 0-1 now
    answer = json.loads(client.post(url, data, **JSON).content)
    assert answer["ask"] is None and answer["cells"]["2"] == "0-1"
    assert models.AuditLog.objects.filter(action="result.correct").count() == 1
    # a mistyped entry: the error in the answer, nothing stored
    answer = json.loads(client.post(url, {"board": "3", "result": "7"}, **JSON).content)
    assert 'class="error"' in answer["status"] and answer["pending"] == [1, 3]


def test_a_confirmation_is_void_once_another_arbiter_changed_the_board(
    section: models.Section, arbiter: User, simple_pairing: object
) -> None:
    round_one = rounds.pair_next_round(section, arbiter)
    client = _client(arbiter)
    url = _url(section, 1, "result/")
    client.post(url, {"board": "1", "result": "1"})
    answer = json.loads(client.post(url, {"board": "1", "result": "0"}, **JSON).content)
    token = re.search(r'name="rule_warnings_token" value="([^"]+)"', answer["ask"])
    assert token is not None
    rounds.enter_result(round_one, 1, "=", arbiter)  # meanwhile, at another desk
    data = {"board": "1", "result": "0", rule_warnings.TOKEN_FIELD: token.group(1)}
    answer = json.loads(client.post(url, data, **JSON).content)
    assert answer["ask"] is not None and "½-½" in answer["ask"]  # asked again, with ½-½
    assert round_one.boards.get(number=1).white_result == "="


def test_xiangqi_results_typed_as_the_section_writes_them(
    event: models.Event,
    organiser: User,
    arbiter: User,
    make_players: Players,
    simple_pairing: object,
) -> None:
    models.Event.objects.filter(pk=event.pk).update(game=models.Game.XIANGQI)
    girls = event.sections.get(key="girls")
    make_players(girls, 6, organiser)
    services.assign_pairing_numbers(girls, arbiter)
    round_one = rounds.pair_next_round(girls, arbiter)
    client = _client(arbiter, "zh-hans")
    for board, typed in ((1, "2-0"), (2, "1-1"), (3, "０-２")):
        client.post(_url(girls, 1, "result/"), {"board": str(board), "result": typed})
    results = list(round_one.boards.values_list("white_result", "black_result"))
    assert results == [("1", "0"), ("=", "="), ("0", "1")]
    page = client.get(_url(girls, 1)).content.decode()
    assert "也可输入2-0、1-1、0-2。" in page
    assert '<button name="result" value="1" title="红胜">2-0</button>' in page


def test_each_player_shows_points_colours_floats_and_the_board_warnings(
    section: models.Section, arbiter: User, simple_pairing: object
) -> None:
    """Worked by hand (neighbours paired by points, then number; the first has White):
    round 1 1-2, 3-4, 5-6, White wins each. Round 2: 1 (1) – 3 (1), 5 (1) – 2 (0): 5 floats
    down, 2 up; 4 (0) – 6 (0). Results 1-0, ½-½, 0-1: before round 3, 1 has 2, 5 1½, 3 1,
    6 1, 2 ½, 4 0. Round 3: 1 – 5, 3 – 6, 2 – 4. Player 1 had White twice: a third time in a
    row is a warning; 1 and 5 are both of School 1."""
    round_one = rounds.pair_next_round(section, arbiter)
    for board in (1, 2, 3):
        rounds.enter_result(round_one, board, "1", arbiter)
    round_two = rounds.pair_next_round(section, arbiter)
    pairs = [(b.white.pairing_number, b.black.pairing_number) for b in round_two.boards.all()]
    assert pairs == [(1, 3), (5, 2), (4, 6)]
    for board, result in ((1, "1"), (2, "="), (3, "0")):
        rounds.enter_result(round_two, board, result, arbiter)
    round_three = rounds.pair_next_round(section, arbiter)
    pairs = [(b.white.pairing_number, b.black.pairing_number) for b in round_three.boards.all()]
    assert pairs == [(1, 5), (3, 6), (2, 4)]
    page = _client(arbiter).get(_url(section, 3)).content.decode()
    row = re.search(r'id="board-1"(.*?)</tr>', page, re.S)
    assert row is not None
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row.group(1), re.S)
    assert re.sub(r"<[^>]+>", "", cells[3]) == "2" and re.sub(r"<[^>]+>", "", cells[5]) == "1½"
    assert 'class="colours" title="colours so far">ww</bdi>' in cells[2]
    assert 'class="floats"' not in cells[2]  # 1 never floated
    assert "↓2" in cells[7]  # 5 met 2 (0 points) in round 2
    board_three = re.search(r'id="board-3"(.*?)</tr>', page, re.S)
    assert board_three is not None and "↑2" in board_three.group(1)  # 2 met 5 (1 point)
    assert "Colour: Player 01 gets the same colour 3 times in a row." in page
    # 1 and 5 of School 1 may meet: no rule keeps units apart here (issue 26.10: Huayuan's
    # same-county boards were flagged every round although its regulations allow them)
    assert "Same unit" not in page
    # … unless the rules keep units apart in this round (set after the pairing, as a
    # pairing changed by hand would break it)
    section.settings["same_unit_apart_until_round"] = 3
    section.save()
    page = _client(arbiter).get(_url(section, 3)).content.decode()
    assert "Same unit: School 1." in page
    # filters
    rounds.enter_result(round_three, 2, "+", arbiter)
    page = _client(arbiter).get(_url(section, 3) + "?show=forfeits").content.decode()
    assert re.findall(r'id="board-(\d+)"', page) == ["2"]
    page = _client(arbiter).get(_url(section, 3) + "?show=missing").content.decode()
    assert re.findall(r'id="board-(\d+)"', page) == ["1", "3"]
    assert "missing results (2)" in page and "forfeits (1)" in page
    # a visitor sees the facts, not the warnings nor the entry buttons
    visitor = Client().get(_url(section, 3)).content.decode()
    assert "↓2" in visitor and "Colour: Player 01" not in visitor and "board-form" not in visitor


def test_two_players_of_one_unit_are_marked(
    section: models.Section, arbiter: User, simple_pairing: object
) -> None:
    """Kinabatangan's rule (players of one school apart in round 1), set once the neighbour
    pairing has put 1 and 2 of SK Sukau together: the board is marked."""
    models.Entry.objects.filter(section=section, pairing_number__in=[1, 2]).update(unit="SK Sukau")
    rounds.pair_next_round(section, arbiter)
    page = _client(arbiter, "ms").get(_url(section, 1)).content.decode()
    assert "Unit yang sama" not in page  # no rule keeps them apart yet
    section.settings["same_unit_apart_until_round"] = 1
    section.save()
    page = _client(arbiter, "ms").get(_url(section, 1)).content.decode()
    assert "Unit yang sama: SK Sukau." in page
    assert "1 papan perlu disemak" in page
    assert page.count('class="board-warnings"') == 1


def test_the_round_page_links_the_results_sheet(
    section: models.Section, arbiter: User, simple_pairing: object
) -> None:
    rounds.pair_next_round(section, arbiter)
    page: Any = _client(arbiter).get(_url(section, 1))
    link = re.search(r'href="([^"]+)" id="results-sheet"', page.content.decode())
    assert link is not None and link.group(1) == f"/print/{section.event.slug}/results/"
    assert _client(arbiter).get(link.group(1)).status_code == 200


def _round_two_page_queries(section: models.Section, arbiter: User, players: int) -> int:
    """Players entered, rounds 1 and 2 paired (White winning round 1): the queries of round
    2's page, read by its arbiter."""
    models.Entry.objects.bulk_create(
        models.Entry(
            section=section,
            name=f"{section.key} {index:02d}",
            sex="F",
            rating=2000 - index,
            unit=f"School {index % 4}",
        )
        for index in range(players)
    )
    services.assign_pairing_numbers(section, arbiter)
    round_one = rounds.pair_next_round(section, arbiter)
    for board in range(1, players // 2 + 1):
        rounds.enter_result(round_one, board, "1", arbiter)
    rounds.pair_next_round(section, arbiter)
    client = _client(arbiter)
    client.get(_url(section, 2))  # the session and the language settled
    with CaptureQueriesContext(connection) as queries:
        page = client.get(_url(section, 2)).content.decode()
    assert page.count('class="board-form"') == players // 2
    return len(queries)


def test_the_round_pages_queries_do_not_grow_with_its_boards(
    event: models.Event, arbiter: User, simple_pairing: object
) -> None:
    """Issue 32: a 1,000-board page read each player's facts and rendered each row apart.
    Three boards or eight (one more bye-less section of the same event): the same queries."""
    few = _round_two_page_queries(event.sections.get(key="open"), arbiter, 6)
    more = _round_two_page_queries(event.sections.get(key="girls"), arbiter, 16)
    assert few == more


def test_a_boards_buttons_post_with_the_pages_one_token(
    section: models.Section, arbiter: User, simple_pairing: object
) -> None:
    """The board forms share the page's result address and CSRF token (built once per page,
    issue 32): a board's button, posted as the browser would with CSRF checks on, stores
    its result; each form names its own board."""
    round_one = rounds.pair_next_round(section, arbiter)
    client = Client(enforce_csrf_checks=True)
    client.force_login(arbiter)
    page = client.get(_url(section, 1) + "?show=missing").content.decode()
    forms = re.findall(
        r'<form method="post" action="([^"]+)" class="board-form">(.*?)</form>', page
    )
    assert [re.findall(r'name="board" value="(\d+)"', inside) for _, inside in forms] == [
        ["1"],
        ["2"],
        ["3"],
    ]
    action, inside = forms[1]
    assert action == _url(section, 1, "result/")
    assert 'name="show" value="missing"' in inside
    assert re.findall(r'<button name="result" value="([^"]+)" title="([^"]+)">', inside) == [
        ("1", "White wins"),
        ("=", "Draw"),
        ("0", "Black wins"),
    ]
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', inside))
    response = client.post(action, {**fields, "result": "="})
    assert response.status_code == 302
    assert response["Location"] == _url(section, 1) + "?show=missing"
    assert list(round_one.boards.values_list("white_result", flat=True)) == ["*", "=", "*"]


def test_a_persian_round_page_writes_the_players_and_buttons_in_its_digits(
    section: models.Section, arbiter: User, simple_pairing: object
) -> None:
    """The cells and buttons built in the view (issue 32) follow the page's language as the
    template did: Player 01's rating 1990 as ۱۹۹۰ with the Persian word for rating, the
    house player marked, the buttons' results in Persian digits."""
    models.Entry.objects.filter(section=section, pairing_number=2).update(house=True)
    rounds.pair_next_round(section, arbiter)
    page = _client(arbiter, "fa").get(_url(section, 1)).content.decode()
    row = re.search(r'id="board-1"(.*?)</tr>', page, re.S)
    assert row is not None
    assert (
        '<span class="name">Player 01</span>\n<small class="facts">'
        '<bdi class="rating" title="ریتینگ">۱۹۹۰</bdi> · <span class="unit">School 1</span></small>'
        in row.group(1)
    )
    assert '<span class="name">Player 02</span> <em>(' in row.group(1)
    assert re.findall(
        r'<button name="result" value="1" title="[^"]+">([^<]+)</button>', row.group(1)
    ) == ["۱\u200f-\u200f۰"]  # the marks keep 1-0 in order
