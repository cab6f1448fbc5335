"""The public pages: reachable without login, correct right after a result, no private data."""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models, rounds, services

PRIVATE_BIRTH_DATE = datetime.date(2013, 7, 29)
PRIVATE_FIDE_ID = "98765432"
PRIVATE_MEMBER_ID = "MEM-55501"
PRIVATE_FEE = Decimal("123.45")


@pytest.fixture
def running_section(
    event: models.Event, organiser: User, arbiter: User, simple_pairing: Callable[..., object]
) -> models.Section:
    """The Open section: six players (one Chinese name) with private fields filled in,
    round 1 paired and board 1 decided."""
    section = event.sections.get(key="open")
    names = ["Ana Lim", "陈小明", "Bao Tran", "李华", "Dara Noor", "Farid Rahimi"]
    for index, name in enumerate(names):
        services.add_entry(
            section,
            services.EntryData(
                name=name,
                sex="m",
                rating=1900 - 20 * index,
                birth_date=PRIVATE_BIRTH_DATE,
                unit=f"Club {index % 3}",
                fide_id=f"{PRIVATE_FIDE_ID[:-1]}{index}",
                member_id=PRIVATE_MEMBER_ID,
            ),
            organiser,
        )
    models.Entry.objects.filter(section=section).update(fee_due=PRIVATE_FEE, fee_paid=PRIVATE_FEE)
    services.assign_pairing_numbers(section, organiser, "rating")
    round_row = rounds.pair_next_round(section, arbiter)
    rounds.enter_result(round_row, 1, "1", arbiter)
    return section


def public_urls(section: models.Section) -> list[str]:
    slug, key = section.event.slug, section.key
    return [
        f"/p/{slug}/",
        f"/p/{slug}/{key}/",
        f"/p/{slug}/{key}/round/1/",
        f"/p/{slug}/{key}/standings/",
        f"/p/{slug}/{key}/crosstable/",
        f"/p/{slug}/{key}/player/1/",
        f"/p/{slug}/{key}/player/2/",
        *(
            f"/print/{slug}/{key}/{kind}/"
            for kind in (
                "pairings",
                "pairings-by-name",
                "slips",
                "standings",
                "crosstable",
                "wallchart",
                "prizes",
                "certificates",
            )
        ),
    ]


def test_public_pages_need_no_login_and_show_no_private_field(
    running_section: models.Section,
) -> None:
    client = Client()
    private = [
        PRIVATE_BIRTH_DATE.isoformat(),
        "2013",
        "29 July",
        PRIVATE_MEMBER_ID,
        PRIVATE_FIDE_ID[:-1],
        "123.45",
        "123,45",
    ]
    for url in public_urls(running_section):
        response = client.get(url)
        assert response.status_code == 200, url
        text = response.content.decode()
        for value in private:
            assert value not in text, f"{url} shows {value}"
    assert client.get(f"/print/{running_section.event.slug}/entries/").status_code == 403


def test_pairings_show_board_and_colour_of_each_player(running_section: models.Section) -> None:
    text = Client().get(f"/p/{running_section.event.slug}/open/").content.decode()
    board = models.Board.objects.get(round__section=running_section, number=1)
    assert board.white.name in text and board.black.name in text
    # The A–Z list: Chinese names by pinyin (陈 chen before 李 li, between Bao and Dara).
    order = [
        text.index(name)
        for name in ("Ana Lim", "Bao Tran", "陈小明", "Dara Noor", "Farid Rahimi", "李华")
    ]
    assert order == sorted(order)


def test_pages_are_correct_right_after_a_result(
    running_section: models.Section, arbiter: User
) -> None:
    client = Client()
    url = f"/p/{running_section.event.slug}/open/standings/"
    before = client.get(url).content.decode()
    round_row = running_section.rounds.get(number=1)
    board = round_row.boards.get(number=2)
    rounds.enter_result(round_row, 2, "0", arbiter)
    after = client.get(url).content.decode()
    assert after != before
    pairings = client.get(f"/p/{running_section.event.slug}/open/").content.decode()
    assert "0-1" in pairings
    winner = board.black.name
    assert after.index(winner) < after.index(board.white.name)


def test_event_language_from_regulations_and_switch(running_section: models.Section) -> None:
    client = Client()
    url = f"/p/{running_section.event.slug}/open/"
    response = client.get(f"/p/language/fa/?next={url}")
    assert response.status_code == 302 and response["Location"] == url
    text = client.get(url).content.decode()
    assert 'dir="rtl"' in text and 'lang="fa"' in text
    assert "۱" in text  # Persian digits


def test_qr_code_opens_the_pairings(running_section: models.Section) -> None:
    response = Client().get(f"/p/{running_section.event.slug}/open/qr.svg")
    assert response["Content-Type"] == "image/svg+xml"
    assert f"/p/{running_section.event.slug}/open/" in response.content.decode()


def test_crosstable_tells_namesakes_apart_by_school(
    event: models.Event, organiser: User, arbiter: User, simple_pairing: Callable[..., object]
) -> None:
    """Three "Ahmad bin Salleh" in one Kinabatangan section: the cross-table shows each
    one's school under the name, as the standings do."""
    section = event.sections.get(key="open")
    for index, school in enumerate(["SK Tongod", "SK Balat", "SK Sukau"]):
        services.add_entry(
            section,
            services.EntryData(
                name="Ahmad bin Salleh",
                birth_date=datetime.date(2013, 1, 1 + index),
                rating=1500 - index,
                unit=school,
            ),
            organiser,
        )
    services.add_entry(section, services.EntryData(name="Aina", unit="SK Bilit"), organiser)
    services.assign_pairing_numbers(section, arbiter, "rating")
    rounds.pair_next_round(section, arbiter)
    text = Client().get(f"/p/{event.slug}/open/crosstable/").content.decode()
    rows = re.findall(r"<tr[^>]*><td class=\"num\">.*?</tr>", text)
    schools = [re.search(r'<span class="unit">([^<]*)</span>', row) for row in rows]
    assert sorted(match.group(1) for match in schools if match) == [
        "SK Balat",
        "SK Bilit",
        "SK Sukau",
        "SK Tongod",
    ]
