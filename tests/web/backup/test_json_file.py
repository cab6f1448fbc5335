"""The event file: read back identically, older files read, bad files refused with the
place named and nothing saved."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from crosstable_web.events import models, services
from crosstable_web.events.files import event_file

VERSION_ONE = Path(__file__).parent / "data" / "event-v1.json"
"""Written by the version-1 exporter (before backups covered every table) for the
``played_event`` fixture: five players, round 1 played, a requested bye, two roles."""


def test_round_trip_is_the_same_file(played_event: models.Event, organiser: User) -> None:
    text = event_file.export_event_json(played_event)
    copy = event_file.import_event_json(text, organiser, slug="copy").event
    again = json.loads(event_file.export_event_json(copy))
    assert again["tables"]["events.event"][0]["slug"] == "copy"
    assert again["tables"]["events.auditlog"][-1]["action"] == "event.import"
    assert event_file.comparable(again) == event_file.comparable(json.loads(text))
    # ids are places in the table, not database keys: the two files are the same text
    original = json.loads(text)
    again["tables"]["events.event"][0]["slug"] = original["tables"]["events.event"][0]["slug"]
    again["tables"]["events.auditlog"].pop()
    assert json.dumps(again, sort_keys=True) == json.dumps(original, sort_keys=True)


def test_a_version_one_file_is_read(organiser: User, arbiter: User) -> None:
    imported = event_file.import_event_json(VERSION_ONE.read_text(encoding="utf-8"), organiser)
    event = imported.event
    assert event.slug == "test-open-2026" and imported.created_accounts == []
    section = event.sections.get(key="open")
    assert section.entries.count() == 5
    round_one = section.rounds.get(number=1)
    assert [
        (board.white.pairing_number, board.black.pairing_number, board.white_result)
        for board in round_one.boards.select_related("white", "black")
    ] == [(1, 2, "1"), (3, 4, "+")]
    assert [bye.entry.pairing_number for bye in round_one.byes.all()] == [5]
    assert section.entries.get(pairing_number=2).requested_byes.get().result == "H"
    assert set(event.roles.values_list("user__username", "role")) == {
        ("arif", "arbiter"),
        ("olga", "organiser"),
    }
    lines = list(event.audit_log.order_by("pk").values_list("action", flat=True))
    assert lines[0] == "event.create" and lines[-1] == "event.import"
    assert event.audit_log.order_by("pk").last().new["file_version"] == 1  # type: ignore[union-attr]


def test_missing_accounts_are_created_without_a_password(
    played_event: models.Event, organiser: User
) -> None:
    document = json.loads(event_file.export_event_json(played_event))
    document["accounts"] = ["nadia" if name == "arif" else name for name in document["accounts"]]
    for table in ("events.eventrole", "events.auditlog"):
        for row in document["tables"][table]:
            if row["user"] == "arif":
                row["user"] = "nadia"
    imported = event_file.import_event_json(json.dumps(document), organiser, slug="copy")
    assert imported.created_accounts == ["nadia"]
    nadia = User.objects.get(username="nadia")
    assert not nadia.has_usable_password()
    assert imported.event.roles.filter(user=nadia, role="arbiter").exists()


Change = Callable[[dict[str, Any]], None]


def _set(table: str, place: int, field: str, value: Any) -> Change:
    def change(document: dict[str, Any]) -> None:
        document["tables"][table][place][field] = value

    return change


def _drop(table: str, place: int, field: str) -> Change:
    def change(document: dict[str, Any]) -> None:
        del document["tables"][table][place][field]

    return change


def _add_table(document: dict[str, Any]) -> None:
    document["tables"]["events.stray"] = []


def _duplicate_first_entry(document: dict[str, Any]) -> None:
    entries = document["tables"]["events.entry"]
    entries.append(dict(entries[0]))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_set("events.entry", 2, "birth_date", "2015-13-45"), "events.entry row 3, birth_date"),
        (_set("events.entry", 0, "rating", "abc"), "events.entry row 1, rating"),
        (_set("events.entry", 0, "name", "x" * 201), "events.entry row 1, name"),
        (_set("events.entry", 0, "fee_paid", "NaN"), "events.entry row 1, fee_paid"),
        (_set("events.entry", 0, "name", "Ali\x00"), "events.entry row 1, name"),
        (_set("events.entry", 1, "house", "yes"), "events.entry row 2, house"),
        (_set("events.board", 0, "white", 99), "events.board row 1, white: no row 99"),
        (_set("events.eventrole", 0, "user", "zed"), "events.eventrole row 1, user"),
        (_set("events.entry", 0, "colour", "white"), "events.entry row 1: unknown fields colour"),
        (_drop("events.entry", 0, "name"), "events.entry row 1, name: missing"),
        (_set("events.entry", 0, "section", None), "events.entry row 1: no value for section"),
        (_add_table, "does not know: events.stray"),
        (_duplicate_first_entry, "events.entry: two rows have the same id"),
    ],
)
def test_a_bad_file_names_the_place_and_saves_nothing(
    played_event: models.Event, organiser: User, change: Change, message: str
) -> None:
    document = json.loads(event_file.export_event_json(played_event))
    change(document)
    events, entries, users = (
        models.Event.objects.count(),
        models.Entry.objects.count(),
        User.objects.count(),
    )
    with pytest.raises(services.ServiceError, match=message):
        event_file.import_event_json(json.dumps(document), organiser, slug="copy")
    assert (models.Event.objects.count(), models.Entry.objects.count()) == (events, entries)
    assert User.objects.count() == users


def test_other_files_are_refused(organiser: User, db: None) -> None:
    with pytest.raises(services.ServiceError, match="line 1"):
        event_file.import_event_json("{oops", organiser)
    with pytest.raises(services.ServiceError, match="crosstable-event"):
        event_file.import_event_json('{"format": "other"}', organiser)
    with pytest.raises(services.ServiceError, match="version 7"):
        event_file.import_event_json('{"format": "crosstable-event", "version": 7}', organiser)
    event_file.import_event_json(VERSION_ONE.read_text(encoding="utf-8"), organiser)
    with pytest.raises(services.ServiceError, match="already exists"):
        event_file.import_event_json(VERSION_ONE.read_text(encoding="utf-8"), organiser)
