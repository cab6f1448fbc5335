"""Audit lines linked to the entries and teams they are about (issue 19, item 5).

An entry's history (its page) and a team's (its fee page) are the lines linked to that row,
not the lines whose text contains its name: before, "Ali"'s page listed "Alice"'s payment
("Ali" is in "open: Alice") and a renamed player's page lost every line written under the old
name. The links travel with a backup (renumbered with the entries) and are not part of the
chain of digests; lines written before links were kept are linked by their params (migration
events.0012, teams.0006).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from crosstable_web.events import models, rounds, services
from crosstable_web.events.files import event_file
from crosstable_web.events.oversight import audit
from web.history import history_lines


def _history(client: Client, event: models.Event, entry: models.Entry) -> list[str]:
    return history_lines(client, f"/e/{event.slug}/entry/{entry.pk}/?lang=en")


def _ali_and_alice(event: models.Event, organiser: User) -> tuple[models.Entry, models.Entry]:
    section = event.sections.get(key="open")
    ali = services.add_entry(section, services.EntryData(name="Ali", sex="m"), organiser)
    alice = services.add_entry(section, services.EntryData(name="Alice", sex="f"), organiser)
    services.record_payment(alice, Decimal("5"), organiser)
    rounds.request_bye(ali, 2, "H", organiser)
    return ali, alice


def test_a_players_history_is_their_own_lines_and_survives_a_rename(
    event: models.Event, organiser: User
) -> None:
    ali, alice = _ali_and_alice(event, organiser)
    client = Client()
    client.force_login(organiser)
    lines = _history(client, event, ali)
    assert len(lines) == 2, lines  # entered, bye asked: not Alice's entry nor her payment
    assert "Bye requested" in lines[0] and "Player entered" in lines[1]
    assert not any("Alice" in line or "Fee paid" in line for line in lines)
    assert len(_history(client, event, alice)) == 2  # entered, paid

    data = services.entry_data_of(ali)
    services.update_entry(ali, dataclasses.replace(data, name="Ali Reza"), organiser)
    lines = _history(client, event, ali)
    assert len(lines) == 3, lines  # the lines written under "Ali" stay in the history
    assert "Entry changed" in lines[0] and "Player entered" in lines[2]


def test_a_result_is_in_both_players_histories(paired: models.Round, arbiter: User) -> None:
    board = rounds.enter_result(paired, 1, "1-0", arbiter)
    for entry in (board.white, board.black):
        linked = models.AuditLog.objects.filter(entry_links__entry=entry, action="result.enter")
        assert linked.count() == 1
    others = models.Entry.objects.filter(section=paired.section).exclude(
        pk__in=(board.white_id, board.black_id)
    )
    assert not models.AuditLog.objects.filter(
        entry_links__entry__in=others, action="result.enter"
    ).exists()


def test_links_survive_a_backup_and_stay_out_of_the_chain(
    event: models.Event, organiser: User
) -> None:
    ali, _alice = _ali_and_alice(event, organiser)
    imported = event_file.import_event_json(
        event_file.export_event_json(event), "cli", slug="copy"
    ).event
    copy_of_ali = models.Entry.objects.get(section__event=imported, name="Ali")
    copied = models.AuditLog.objects.filter(entry_links__entry=copy_of_ali)
    original = models.AuditLog.objects.filter(entry_links__entry=ali)
    assert [line.digest for line in copied] == [line.digest for line in original]
    assert audit.verify(imported).intact
    # Deleting an entry deletes its links, not its lines: the chain is still whole.
    services.delete_entry(ali, organiser)
    assert not models.EntryAuditLink.objects.filter(entry_id=ali.pk).exists()
    assert audit.verify(event).intact


@pytest.fixture
def schema_restored() -> Iterator[None]:
    """Whatever happens, the schema is back at the latest migrations afterwards."""
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_lines_written_before_links_are_linked_by_their_params(
    event: models.Event, organiser: User, schema_restored: None
) -> None:
    ali, alice = _ali_and_alice(event, organiser)
    data = services.entry_data_of(ali)
    services.update_entry(ali, dataclasses.replace(data, name="Ali Reza"), organiser)
    linked_then = {
        entry.pk: sorted(entry.audit_links.values_list("line_id", flat=True))
        for entry in (ali, alice)
    }
    MigrationExecutor(connection).migrate([("teams", "0005_ineligible_from_round")])
    MigrationExecutor(connection).migrate([("events", "0011_chief_arbiter")])
    MigrationExecutor(connection).migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    linked_now = {
        entry.pk: sorted(entry.audit_links.values_list("line_id", flat=True))
        for entry in (ali, alice)
    }
    # Every line is found again, the ones written under "Ali" through the rename.
    assert linked_now == linked_then and len(linked_now[ali.pk]) == 3
    assert audit.verify(event).intact
