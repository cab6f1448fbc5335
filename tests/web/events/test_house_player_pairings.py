"""The house player on the pairing pages (Kinabatangan 4.6, docs/house-player.md): the
arbiter's round page, the public round page (and its player list before round 1) and the
printed pairings, pairings by name, result slips and wall chart mark the house player with
the label the standings use, "(house player)", and nobody else.

Three pupils and the organiser's house player in L12, numbered by rating: Murid 1 (1490) 1,
Murid 2 (1480) 2, Murid 3 (1470) 3, Cikgu Rahman (1400) 4. Round 1 pairs the top half
{1, 2} against the bottom half {3, 4} (no two of them share a school): 1-3 and 2-4, so the
house player meets Murid 2 on board 2 and nobody has a bye."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.utils import translation

from crosstable_web.events import models, rounds, services
from crosstable_web.events.regulations import rules

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "kinabatangan-school-2024.toml"
SCHOOLS = ["SK Bukit Garam", "SK Sukau", "SK Bilit"]
MARK_WEB = '<span class="name">Cikgu Rahman</span> <em>(house player)</em>'
"""The round page's mark: the name (its facts follow on a line of their own) and the mark."""
MARK_PUBLIC = "Cikgu Rahman</a> <em>(house player)</em>"
MARK_PRINT = "<bdi>Cikgu Rahman</bdi> <i>(house player)</i>"


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    """The pages switch the thread's language (the event's is Malay): leave English behind."""
    yield
    translation.activate("en")


@pytest.fixture
def boys(organiser: User, arbiter: User) -> models.Section:
    event = services.create_event(rules.load_event_spec(EXAMPLE, rounds=3), organiser)
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section = event.sections.get(key="L12")
    for index in range(1, 4):
        data = services.EntryData(
            name=f"Murid {index}",
            sex="M",
            rating=1500 - 10 * index,
            unit=SCHOOLS[index % len(SCHOOLS)],
        )
        services.add_entry(section, data, organiser)
    house = services.EntryData(name="Cikgu Rahman", sex="M", rating=1400, unit="PPD")
    services.add_house_player(section, house, organiser)
    services.assign_pairing_numbers(section, arbiter)
    return section


def _english(user: User | None = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    client.cookies["django_language"] = "en"  # the event's own language is Malay
    return client


@pytest.mark.django_db
def test_every_pairing_page_marks_the_house_player(boys: models.Section, arbiter: User) -> None:
    slug = boys.event.slug
    assert boys.entries.get(house=True).pairing_number == 4
    # Before round 1: the public page lists the players, the house player marked.
    before = _english().get(f"/p/{slug}/L12/").content.decode()
    assert "Not paired yet." in before
    assert "Cikgu Rahman <em>(house player)</em>" in before
    assert before.count("(house player)") == 1

    round_row = rounds.pair_next_round(boys, arbiter)
    boards = {
        (board.white.pairing_number, board.black.pairing_number)
        for board in round_row.boards.select_related("white", "black")
    }
    assert {frozenset(pair) for pair in boards} == {frozenset({1, 3}), frozenset({2, 4})}
    assert round_row.byes.count() == 0

    # The arbiter's round page: the house player's board only.
    arbiter_page = _english(arbiter).get(f"/e/{slug}/s/L12/r/1/").content.decode()
    assert MARK_WEB in arbiter_page and arbiter_page.count("(house player)") == 1
    # The public round page: the players A-Z and the boards.
    public = _english().get(f"/p/{slug}/L12/round/1/").content.decode()
    assert public.count(MARK_PUBLIC) == 2 and public.count("(house player)") == 2
    for pupil in ("Murid 1", "Murid 2", "Murid 3"):
        assert f"{pupil}</a> <em>" not in public
    # Printouts: pairings and slips name the house player once (one board), pairings by
    # name twice (their own line and as Murid 2's opponent), the wall chart once.
    expected = {"pairings": 1, "slips": 1, "pairings-by-name": 2, "wallchart": 1}
    for kind, count in expected.items():
        printed = _english().get(f"/print/{slug}/L12/{kind}/?lang=en").content.decode()
        mark = (
            "<b><bdi>Cikgu Rahman</bdi></b> <i>(house player)</i>"
            if kind == "slips"
            else MARK_PRINT
        )
        assert printed.count(mark) == count, kind
        assert printed.count("(house player)") == count, kind
    # In the event's language (Malay) the label is the standings' Malay one.
    malay = Client().get(f"/p/{slug}/L12/round/1/").content.decode()
    assert malay.count("Cikgu Rahman</a> <em>(pemain tambahan pengelola)</em>") == 2


@pytest.mark.django_db
def test_a_section_without_a_house_player_has_no_mark(organiser: User, arbiter: User) -> None:
    """An even section of pupils: no page carries the label."""
    event = services.create_event(rules.load_event_spec(EXAMPLE, rounds=3), organiser)
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    girls = event.sections.get(key="P12")
    for index in range(1, 5):
        data = services.EntryData(
            name=f"Murid P {index}",
            sex="F",
            rating=1500 - index,
            unit=SCHOOLS[index % len(SCHOOLS)],
        )
        services.add_entry(girls, data, organiser)
    services.assign_pairing_numbers(girls, arbiter)
    rounds.pair_next_round(girls, arbiter)
    pages = [
        _english(arbiter).get(f"/e/{event.slug}/s/P12/r/1/"),
        _english().get(f"/p/{event.slug}/P12/round/1/"),
        *(
            _english().get(f"/print/{event.slug}/P12/{kind}/?lang=en")
            for kind in ("pairings", "slips", "pairings-by-name", "wallchart")
        ),
    ]
    for response in pages:
        assert response.status_code == 200
        assert "(house player)" not in response.content.decode()


@pytest.mark.django_db
def test_the_pair_command_marks_the_house_player(boys: models.Section, arbiter: User) -> None:
    out = io.StringIO()
    call_command(
        "pair",
        boys.event.slug,
        "--section",
        "L12",
        "--as",
        arbiter.username,
        stdout=out,
        stderr=io.StringIO(),
    )
    lines = out.getvalue().splitlines()
    assert lines[0] == "L12 round 1"
    marked = [line for line in lines if "(house player)" in line]
    assert len(marked) == 1 and "Murid 2" in marked[0]
    assert marked[0].endswith("4 Cikgu Rahman (house player)") or (
        "4 Cikgu Rahman (house player)  –" in marked[0]
    )
