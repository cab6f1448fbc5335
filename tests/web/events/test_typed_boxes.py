"""Typed input is read or refused with a message, never a server error (issue 14 item 3):
the round page's box and per-board buttons, foul counts and ``?round=`` of the printouts; the
arbiter's rights are checked before anything typed is read (``paired``: round 1 of the open
section, tests/web/conftest.py)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models

pytestmark = pytest.mark.django_db


def _client(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _pending(paired: models.Round) -> bool:
    return set(paired.boards.values_list("white_result", flat=True)) == {"*"}


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("² 1", "is not a whole number"),
        ("1" * 25 + " 1", "more than 18 digits"),
        ("0 1", "is not between 1 and 99999"),
        ("-1 1", "is not between 1 and 99999"),
        ("1e3 1", "is not a whole number"),
        ("1 f 2 " + "9" * 25, "Fouls: type the board"),
        ("1 f ² 0", "Fouls: type the board"),
        ("1 f 1", "Fouls: type the board"),
        ("1 f 100 0", "Fouls: type the board"),
        ("1 ²", "Unknown result"),
        ("1", "Type the board number"),
        ("   ", "Type the board number"),
    ],
)
def test_the_round_box(paired: models.Round, arbiter: User, typed: str, says: str) -> None:
    url = f"/e/{paired.section.event.slug}/s/open/r/1/result/"
    response = _client(arbiter).post(url, {"entry": typed}, follow=True)
    assert response.status_code == 200
    assert says in response.content.decode()
    assert _pending(paired)
    assert set(paired.boards.values_list("white_fouls", flat=True)) == {0}


@pytest.mark.parametrize(
    ("board", "result"), [("1", " "), ("1", ""), ("²", "1"), ("", "1"), ("9" * 25, "1")]
)
def test_the_per_board_buttons(
    paired: models.Round, arbiter: User, board: str, result: str
) -> None:
    url = f"/e/{paired.section.event.slug}/s/open/r/1/result/"
    response = _client(arbiter).post(url, {"board": board, "result": result}, follow=True)
    assert response.status_code == 200
    assert "Type the board number" in response.content.decode()
    assert _pending(paired)


@pytest.mark.parametrize("who", ["outsider", "organiser"])
def test_rights_are_checked_before_anything_is_read(
    paired: models.Round, organiser: User, outsider: User, who: str
) -> None:
    """A blank per-board result once raised an IndexError before the check."""
    user = {"outsider": outsider, "organiser": organiser}[who]
    url = f"/e/{paired.section.event.slug}/s/open/r/1/result/"
    for data in ({"board": "1", "result": " "}, {"entry": "² 1"}, {"entry": "1 1"}):
        assert _client(user).post(url, data).status_code == 403
    assert _pending(paired)


@pytest.mark.parametrize("asked", ["²", "1e3", "0", "-1", "9" * 25, "abc"])
def test_round_query_of_the_printouts(paired: models.Round, asked: str) -> None:
    slug = paired.section.event.slug
    for kind in ("pairings", "pairings-by-name", "slips"):
        response = Client().get(f"/print/{slug}/open/{kind}/", {"round": asked})
        assert response.status_code == 404, (kind, asked)
    assert Client().get(f"/print/{slug}/open/pairings/", {"round": "۱"}).status_code == 200
