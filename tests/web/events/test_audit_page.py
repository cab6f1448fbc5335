"""The audit log page reads as sentences: an action name in the reader's language (not
"entry.update"), what changed field by field (old → new, not a Python dict), and the stored
JSON one click away."""

from __future__ import annotations

import dataclasses
import datetime
import html
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from crosstable_web.events import models, rounds, services
from crosstable_web.events.oversight import audit

pytestmark = pytest.mark.django_db


def _rows(page: str) -> dict[str, str]:
    """Each line of the audit table by its action code (the last line of each code)."""
    body = page[page.index("<tbody>") :]
    found = {}
    for row in body.split("</tr>")[:-1]:
        code = row.split('data-action="')[1].split('"')[0]
        found[code] = row
    return found


def test_audit_page_names_actions_and_changed_fields(
    event: models.Event,
    organiser: User,
    arbiter: User,
    simple_pairing: Callable[..., object],
    make_players: Callable[..., list[models.Entry]],
) -> None:
    section = event.sections.get(key="open")
    first, *_ = make_players(section, 4, organiser)
    changed = dataclasses.replace(services.entry_data_of(first), rating=1600, unit="Kampung")
    services.update_entry(first, changed, organiser)
    services.assign_pairing_numbers(section, arbiter, "rating")
    rounds.pair_next_round(section, arbiter)

    client = Client()
    client.force_login(organiser)
    page = client.get(f"/e/{event.slug}/audit/").content.decode()
    rows = _rows(page)
    update = rows["entry.update"]
    assert "Entry changed" in update and "Open: Player 01" in update
    # Only the fields that changed, old → new (Player 01 was rated 1990, School 1).
    assert "<li><b>Rating</b>: 1990 → 1600</li>" in update
    assert "<li><b>Unit</b>: School 1 → Kampung</li>" in update
    assert "<b>Name</b>" not in update.split("<details")[0]
    # The stored JSON is kept, behind a toggle.
    raw = html.unescape(update.split("<details")[1])
    assert '"rating": 1600' in raw and '"rating": 1990' in raw
    assert "{'" not in page  # no Python dict anywhere

    added = rows["entry.add"]
    assert "Player entered" in added and "<b>Birth date</b>: – → 1 January 2015" in added
    pairing = rows["round.pair"]
    assert "Round paired" in pairing and "<b>Boards</b>: – → 1–2, 3–4" in pairing

    client.cookies["django_language"] = "zh-hans"
    chinese = _rows(client.get(f"/e/{event.slug}/audit/").content.decode())
    assert (
        "修改报名" in chinese["entry.update"]
        and "<b>等级分</b>: 1990 → 1600" in (chinese["entry.update"])
    )
    assert ">entry.update<" not in chinese["entry.update"]


def test_changes_of_plain_values_and_unknown_actions() -> None:
    translation.activate("en")
    assert audit.changes(None, None) == []
    assert audit.changes(False, True) == [audit.Change("", "no", "yes")]
    assert audit.changes("A", ["A-M", "A-F"]) == [audit.Change("", "A", "A-M, A-F")]
    assert audit.action_name("something.new") == "something.new"
    assert audit.changes({"x": 1}, 2) == [audit.Change("x", "1", ""), audit.Change("", "", "2")]
    assert datetime.date(2015, 1, 1).isoformat() in audit.raw_json({"d": "2015-01-01"})
