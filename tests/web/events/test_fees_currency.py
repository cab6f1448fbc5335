"""The fees page says which currency its amounts are in, from the regulations' fees
currency, named in the reader's language (RM / Ringgit Malaysia, 元 / 人民币, تومان)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import services
from crosstable_web.events.regulations import rules

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("example", "language", "expected"),
    [
        ("kinabatangan-school-2024.toml", "ms", "Semua jumlah dalam Ringgit Malaysia (RM)."),
        ("kinabatangan-school-2024.toml", "en", "All amounts in Malaysian ringgit (RM)."),
        ("futian-chess-grade-2019.toml", "zh-hans", "所有金额单位：人民币（元）。"),
        # the toman has no symbol but its name: said once (issue 26.11: "تومان (تومان)")
        ("fars-team-league-1398.toml", "fa", "همهٔ مبالغ به تومان."),
    ],
)
def test_fees_page_names_the_currency(
    organiser: User, example: str, language: str, expected: str
) -> None:
    event = services.create_event(rules.load_event_spec(EXAMPLES / example), organiser)
    client = Client()
    client.force_login(organiser)
    client.cookies["django_language"] = language
    page = client.get(f"/e/{event.slug}/fees/").content.decode()
    line = page[page.index('id="fees-currency"') :].split("</p>")[0]
    assert expected in line


def test_no_currency_line_without_regulations(event: object, organiser: User) -> None:
    client = Client()
    client.force_login(organiser)
    page = client.get("/e/test-open-2026/fees/").content.decode()
    assert "<h1>Fees</h1>" in page and "fees-currency" not in page
