"""Printouts: every listed printout renders as an A4 page; printed to PDF by chromium, the
file holds the right names (Latin, Chinese and Persian script); the entry list with fees is
for the event's staff only."""

from __future__ import annotations

import datetime
import io
import re
import shutil
import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models, rounds, services
from crosstable_web.events.regulations import rules
from crosstable_web.printing import views as printing_views
from crosstable_web.printing.views import PRINTOUTS

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
NAMES = ["Ana Lim", "陈小明", "رضا کریمی", "Bao Tran", "李华"]


@pytest.fixture
def section(
    event: models.Event, organiser: User, arbiter: User, simple_pairing: Callable[..., object]
) -> models.Section:
    section = event.sections.get(key="open")
    for index, name in enumerate(NAMES):
        services.add_entry(
            section,
            services.EntryData(name=name, sex="m", rating=1900 - 20 * index, unit=f"Club {index}"),
            organiser,
        )
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


def test_team_printout_addresses_of_an_individual_section_are_not_found(
    section: models.Section,
) -> None:
    """Issue 31 item 5: a printout of another kind of section asked by its address is a page
    not found (with its reason), never a server error."""
    client = Client(raise_request_exception=False)
    for kind in ("team-pairings", "team-standings", "team-ranking"):
        response = client.get(f"/print/{section.event.slug}/open/{kind}/")
        assert response.status_code == 404, kind


def test_pairings_by_name_are_alphabetical(section: models.Section) -> None:
    text = Client().get(f"/print/{section.event.slug}/open/pairings-by-name/").content.decode()
    first_column = re.findall(r'<tr><td class="person"><bdi>([^<]*)</bdi>', text)  # bdi: apart
    # Chinese names by pinyin among the Latin ones (陈 chen, 李 li); other scripts after.
    assert first_column == ["Ana Lim", "Bao Tran", "陈小明", "李华", "رضا کریمی"]


def test_entry_list_with_fees_is_for_staff_only(section: models.Section) -> None:
    url = f"/print/{section.event.slug}/entries/"
    assert Client().get(url).status_code == 403
    staff = Client()
    staff.login(username="olga", password="organiser-pass")
    response = staff.get(url)
    assert response.status_code == 200
    # the section's fee, as money is written: 5, not 5.00
    assert '<td class="num">5</td>' in response.content.decode()


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
        names = re.findall(r'<div class="name"[^>]*>([^<]*)</div>', html)
        assert names  # the first places
    else:
        names = ["Ana Lim", "陈小明", "李华", "رضا", "کریمی"]
    for name in names:
        for word in name.split():
            assert word in text, word


def test_prize_list_and_certificates_name_rankings_and_prizes_in_words(
    organiser: User, simple_pairing: Callable[..., object]
) -> None:
    """Futian: "top 8 of each sex" is one prize table for the rankings "M" and "F". The
    prize list is headed by the ranking's name, a table nobody is in (no girls here) is left
    out, and the place prizes' key "place" is printed nowhere (it was, on every certificate:
    "Place 1 — place")."""
    spec = rules.load_event_spec(EXAMPLES / "futian-chess-grade-2019.toml")
    event = services.create_event(spec, organiser, slug="futian")
    models.EventRole.objects.create(event=event, user=organiser, role=models.Role.ARBITER)
    section = event.sections.get(key="G")
    for index in range(4):
        services.add_entry(
            section,
            services.EntryData(
                name=f"Boy {index}",
                sex="M",
                birth_date=datetime.date(2012, 1, 1),
                unit=f"School {index}",
            ),
            organiser,
        )
    services.assign_pairing_numbers(section, organiser, "rating")
    round_row = rounds.pair_next_round(section, organiser)
    for board in round_row.boards.all():
        rounds.enter_result(round_row, board.number, "1", organiser)

    client = Client()
    prizes = client.get("/print/futian/G/prizes/?lang=en").content.decode()
    assert "<h2>Boys / men</h2>" in prizes
    assert "<h2>M</h2>" not in prizes and "<h2>F</h2>" not in prizes
    assert "Girls / women" not in prizes  # no girl: no award, no empty table
    assert ">place<" not in prizes
    assert prizes.count("Boy ") == 4  # places 1–8 prized, four boys
    certificates = client.get("/print/futian/G/certificates/?lang=en").content.decode()
    assert "Place 1" in certificates and "place</div>" not in certificates
    client.force_login(organiser)
    standings_page = client.get("/e/futian/s/G/standings/").content.decode()
    assert "<h3>Boys / men</h3>" in standings_page and ">place<" not in standings_page


def test_next_round_paired_wall_chart_shows_it_standings_wait(
    section: models.Section, arbiter: User
) -> None:
    """Round 2 paired, no result yet: the standings printout is still after round 1, the
    wall chart already shows each round-2 opponent and colour, the result left blank."""
    rounds.pair_next_round(section, arbiter)
    client = Client()
    printed = client.get(f"/print/{section.event.slug}/open/standings/?lang=en").content.decode()
    assert "After round 1 of 3" in printed
    chart = client.get(f"/print/{section.event.slug}/open/wallchart/?lang=en").content.decode()
    head = chart[chart.index("<thead>") : chart.index("</thead>")]
    assert re.findall(r'<th class="num">(\d)</th>', head) == ["1", "2"]
    # Adjacent pairing: after round 1 (1 and 3 won, 5 had the bye) board 1 is 1 (White) – 3.
    first_line = chart[chart.index("<tbody>") :].split("</tr>")[0]
    assert '<td class="num cell">3w<span>1</span></td>' in first_line


@pytest.mark.browser
def test_a_persian_printout_prints_persian_digits(
    section: models.Section, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Persian sheet's six is the Persian ۶ (U+06F6) on paper too: Noto Naskh Arabic draws
    U+06F6 with the Arabic-Indic ٦'s glyph (its text layer says U+0666), so the printouts
    ask for Noto Sans Arabic first, whose ۶ is the Persian one."""
    if not shutil.which("chromium"):
        pytest.skip("chromium is not installed (scripts/bootstrap installs it as root)")
    pypdf = pytest.importorskip("pypdf")
    # printed on Monday 16 Azar 1405
    monkeypatch.setattr(printing_views, "printed_on", lambda event: datetime.date(2026, 12, 7))
    address = f"/print/{section.event.slug}/open/pairings-by-name/?lang=fa"
    html = Client().get(address).content.decode()
    assert "دوشنبه ۱۶ آذر ۱۴۰۵" in html  # U+06F6
    response = Client().get(f"{address}&format=pdf")
    reader = pypdf.PdfReader(io.BytesIO(response.content))
    text = unicodedata.normalize("NFKC", "".join(page.extract_text() for page in reader.pages))
    assert "۶" in text, text
    assert not re.search("[\u0660-\u0669]", text), text
