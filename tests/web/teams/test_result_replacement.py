"""A team round page asks before a stored board result is replaced (issue 25: results are
removed only after a confirmation that names them), as the individual round page does
(``result.replace``, level 3): the question names the table, the board, the teams, the
result stored and the result typed, in the arbiter's language; nothing changes until it is
confirmed; a whole match typed over stored results asks once, naming every board it changes;
a board typed again with the result it holds asks nothing.

Two Fars teams (table A) have played round 1: team 1 won all four boards (1-0 each)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from crosstable_web.events import models as event_models
from crosstable_web.events.models import AuditLog
from crosstable_web.events.rounds import rule_warnings
from web.teams.test_team_refusal_words import two_teams_that_met

pytestmark = pytest.mark.django_db
__all__ = ["two_teams_that_met"]
JSON: dict[str, Any] = {"HTTP_ACCEPT": "application/json"}


def _client(user: User, language: str) -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    return client


def _url(section: event_models.Section) -> str:
    return reverse("teams:team_round", args=[section.event.slug, section.key, 1])


def _results(section: event_models.Section) -> list[str]:
    match = section.team_rounds.get(number=1).matches.get()
    return [game.first_result + game.second_result for game in match.games.order_by("board")]


def _token(html: str) -> str:
    return html.split(f'name="{rule_warnings.TOKEN_FIELD}" value="')[1].split('"')[0]


def _first_named(section: event_models.Section) -> str:
    return str(section.team_rounds.get(number=1).matches.get().first.name)


def test_one_board_typed_over_its_result_asks_first_in_persian(
    two_teams_that_met: event_models.Section, arbiter: User
) -> None:
    section = two_teams_that_met
    client = _client(arbiter, "fa")
    before = _results(section)
    answer = json.loads(client.post(_url(section), {"entry": "1.2 ="}, **JSON).content)
    ask = answer["ask"]
    assert ask and 'data-code="team_result.replace"' in ask, answer
    # the result read right to left as on the page without the script (PersianPageMiddleware:
    # a right-to-left mark each side of the dash)
    assert "۱\u200f-\u200f۰" in ask or "۰\u200f-\u200f۱" in ask, ask
    text = ask.replace("\u200f", "")
    first = _first_named(section)
    won = "۱-۰" if first == "Team 1" else "۰-۱"
    assert "میز تیمی ۱، میز ۲ (" in text and f"از قبل نتیجهٔ {won} را دارد" in text, text
    assert "½-½" in text, text
    assert _results(section) == before  # nothing changed yet
    # confirmed: the same form again with the token
    confirmed = client.post(
        _url(section), {"entry": "1.2 =", rule_warnings.TOKEN_FIELD: _token(ask)}, **JSON
    )
    assert json.loads(confirmed.content)["ask"] is None
    assert _results(section)[1] == "=="
    assert AuditLog.objects.filter(action="board.result").count() == 5  # 4 entered, 1 changed


def test_a_whole_match_asks_once_naming_every_board_it_changes(
    two_teams_that_met: event_models.Section, arbiter: User
) -> None:
    section = two_teams_that_met
    client = _client(arbiter, "ms")
    first = _first_named(section)
    same = "1" if first == "Team 1" else "0"
    other = "0" if first == "Team 1" else "1"
    # board 1 typed as it is: no question for it; boards 2-4 changed: one question, three lines
    typed = f"1 {same} = {other} *"
    answer = json.loads(client.post(_url(section), {"entry": typed}, **JSON).content)
    ask = answer["ask"]
    assert ask.count('data-code="team_result.replace"') == 3, ask
    assert "Meja 1 papan 2" in ask and "Meja 1 papan 4" in ask and "papan 1 " not in ask, ask
    before = _results(section)
    assert json.loads(client.post(_url(section), {"entry": typed}, **JSON).content)["ask"]
    assert _results(section) == before
    client.post(_url(section), {"entry": typed, rule_warnings.TOKEN_FIELD: _token(ask)}, **JSON)
    assert _results(section)[1:] == ["==", other + same, "**"]


def test_without_the_script_the_page_asks_and_a_first_entry_does_not(
    two_teams_that_met: event_models.Section, arbiter: User
) -> None:
    section = two_teams_that_met
    client = _client(arbiter, "zh-hans")
    page: Any = client.post(_url(section), {"board": "1.3", "result": "1/2"})
    html = page.content.decode()
    assert page.status_code == 200 and 'id="rule-warnings-form"' in html, html[:500]
    assert "第1桌第3台" in html, html
    assert _results(section)[2] != "=="
    client.post(
        _url(section), {"board": "1.3", "result": "1/2", rule_warnings.TOKEN_FIELD: _token(html)}
    )
    assert _results(section)[2] == "=="
    # a board cleared then typed again: a first entry asks nothing
    cleared = client.post(_url(section), {"entry": "1.3 *"})
    token = _token(cleared.content.decode())
    client.post(_url(section), {"entry": "1.3 *", rule_warnings.TOKEN_FIELD: token})
    assert _results(section)[2] == "**"
    again = json.loads(client.post(_url(section), {"entry": "1.3 ="}, **JSON).content)
    assert again["ask"] is None and _results(section)[2] == "=="
