"""Printouts: every listed printout renders as an A4 page; printed to PDF by chromium, the
file holds the right names (Latin, Chinese and Persian script); the entry list with fees is
for the event's staff only."""

from __future__ import annotations

import io
import re
import shutil
import unicodedata
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models, rounds, services
from crosstable_web.printing.views import PRINTOUTS

NAMES = ["Ana Lim", "陈小明", "رضا کریمی", "Bao Tran", "李华"]


@pytest.fixture
def section(event: models.Event, organiser: User, arbiter: User,
            simple_pairing: Callable[..., object]) -> models.Section:
    section = event.sections.get(key="open")
    for index, name in enumerate(NAMES):
        services.add_entry(section, services.EntryData(
            name=name, sex="m", rating=1900 - 20 * index, unit=f"Club {index}"), organiser)
    services.assign_pairing_numbers(section, organiser, "rating")
    round_row = rounds.pair_next_round(section, arbiter)
    for board in round_row.boards.all():
        rounds.enter_result(round_row, board.number, "1", arbiter)
    return section


def test_every_printout_renders(section: models.Section) -> None:
    client = Client()
    for kind in PRINTOUTS:
        response = client.get(f"/print/{section.event.slug}/open/{kind}/")
        assert response.status_code == 200, kind
        text = response.content.decode()
        assert "size: A4" in text
        assert "Ana Lim" in text, kind


def test_pairings_by_name_are_alphabetical(section: models.Section) -> None:
    text = Client().get(f"/print/{section.event.slug}/open/pairings-by-name/").content.decode()
    first_column = re.findall(r"<tr><td>([^<]*)</td>", text)
    # Chinese names by pinyin among the Latin ones (陈 chen, 李 li); other scripts after.
    assert first_column == ["Ana Lim", "Bao Tran", "陈小明", "李华", "رضا کریمی"]


def test_entry_list_with_fees_is_for_staff_only(section: models.Section) -> None:
    url = f"/print/{section.event.slug}/entries/"
    assert Client().get(url).status_code == 403
    staff = Client()
    staff.login(username="olga", password="organiser-pass")
    response = staff.get(url)
    assert response.status_code == 200
    assert "5.00" in response.content.decode()  # the section's fee


@pytest.mark.browser
@pytest.mark.parametrize("kind", ["pairings-by-name", "certificates"])
def test_printout_as_pdf_holds_the_names(section: models.Section, kind: str) -> None:
    if not shutil.which("chromium"):
        pytest.skip("chromium is not installed (scripts/bootstrap installs it as root)")
    pypdf = pytest.importorskip("pypdf")
    response = Client().get(f"/print/{section.event.slug}/open/{kind}/?format=pdf&lang=fa")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    reader = pypdf.PdfReader(io.BytesIO(response.content))
    box = reader.pages[0].mediabox
    # A4 (595 x 842 points), portrait or landscape.
    assert sorted((round(float(box.width)), round(float(box.height)))) == [595, 842]
    # NFKC: the font maps some characters to compatibility forms (⼩ for 小, Arabic
    # presentation forms for Persian letters); Persian words come in visual order.
    text = unicodedata.normalize("NFKC", "".join(page.extract_text() for page in reader.pages))
    if kind == "certificates":
        html = Client().get(f"/print/{section.event.slug}/open/{kind}/").content.decode()
        names = re.findall(r'<div class="name">([^<]*)</div>', html)
        assert names  # the first places
    else:
        names = ["Ana Lim", "陈小明", "李华", "رضا", "کریمی"]
    for name in names:
        for word in name.split():
            assert word in text, word
