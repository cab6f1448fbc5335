"""The audit log is tamper-evident: each line's digest covers the line before it, the
``verify_audit`` command finds a line edited or deleted afterwards, the chain survives a
backup, and commands act as a real account (``--as``)."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from crosstable_web.events import models, rounds
from crosstable_web.events.files import event_file
from crosstable_web.events.oversight import audit


def _verify(*slugs: str) -> str:
    out = io.StringIO()
    call_command("verify_audit", *slugs, stdout=out)
    return out.getvalue()


def _lines(event: models.Event) -> list[models.AuditLog]:
    return list(event.audit_log.order_by("pk"))


def test_an_intact_log_verifies_and_names_its_last_digest(played_event: models.Event) -> None:
    lines = _lines(played_event)
    assert len(lines) == 11  # created, 5 entries, numbers, paired, 2 results, a bye
    assert all(len(line.digest) == 64 for line in lines)
    assert len({line.digest for line in lines}) == len(lines)
    report = audit.verify(played_event)
    assert (report.intact, report.lines, report.head) == (True, 11, lines[-1].digest)
    assert _verify(played_event.slug).strip() == (
        f"{played_event.slug}: 11 lines, chain intact, last digest {lines[-1].digest}"
    )


def test_an_edited_line_is_found(played_event: models.Event) -> None:
    lines = _lines(played_event)
    result = next(line for line in lines if line.action == "result.enter")
    place = lines.index(result) + 1
    # someone with access to the database turns a win into a loss
    models.AuditLog.objects.filter(pk=result.pk).update(new={"white": "0", "black": "1"})
    report = audit.verify(played_event)
    assert report.broken_at == place
    with pytest.raises(CommandError, match="tampered with") as refused:
        _verify(played_event.slug)
    assert refused.value.returncode == 1


def test_a_line_edited_with_a_new_digest_breaks_the_next_one(played_event: models.Event) -> None:
    lines = _lines(played_event)
    edited = lines[3]
    edited.target = "open: someone else"
    edited.digest = audit.digest(lines[2].digest, edited)
    edited.save()
    assert audit.verify(played_event).broken_at == 5


def test_a_deleted_line_is_found(played_event: models.Event) -> None:
    lines = _lines(played_event)
    models.AuditLog.objects.filter(pk=lines[5].pk).delete()
    report = audit.verify(played_event)
    assert report.broken_at == 6 and report.line == lines[6]
    out = io.StringIO()
    with pytest.raises(CommandError):
        call_command("verify_audit", stdout=out)
    assert f"{played_event.slug}: chain BROKEN at line 6 of 10" in out.getvalue()


def test_the_chain_survives_a_backup_and_an_edited_file_shows(
    played_event: models.Event, organiser: User
) -> None:
    text = event_file.export_event_json(played_event)
    copy = event_file.import_event_json(text, organiser, slug="copy")
    assert copy.audit_chain_broken_at is None
    assert audit.verify(copy.event).intact and audit.verify(copy.event).lines == 12
    document = json.loads(text)
    document["tables"]["events.auditlog"][7]["username"] = "nobody"
    edited = event_file.import_event_json(json.dumps(document), organiser, slug="edited")
    assert edited.audit_chain_broken_at == 8
    line = edited.event.audit_log.order_by("pk").last()
    assert line is not None and line.new["audit_chain_broken_at"] == 8


@pytest.mark.django_db
def test_commands_act_as_a_real_account(
    played_event: models.Event, organiser: User, arbiter: User
) -> None:
    slug = played_event.slug
    out = io.StringIO()
    with pytest.raises(CommandError, match="--as"):
        call_command("withdraw", slug, "open", "3", "--after-round", "1", stdout=out)
    with pytest.raises(CommandError, match="no account 'ghost'"):
        call_command("withdraw", slug, "open", "3", "--after-round", "1", "--as", "ghost")
    User.objects.create_user("retired", password="x", is_active=False)
    with pytest.raises(CommandError, match="'retired' is disabled"):
        call_command("withdraw", slug, "open", "3", "--after-round", "1", "--as", "retired")
    # an organiser is no arbiter: the account's own rights apply
    with pytest.raises(CommandError, match="olga: Only an arbiter"):
        call_command("pair", slug, "--section", "open", "--as", "olga")
    # creating an event takes a staff account, as on the web
    with pytest.raises(CommandError, match="may not create or import events"):
        call_command("create_event", "examples/kinabatangan-school-2024.toml", "--as", "arif")
    before = models.AuditLog.objects.count()
    call_command("withdraw", slug, "open", "3", "--after-round", "1", "--as", "arif", stdout=out)
    assert models.AuditLog.objects.count() == before + 1
    line = played_event.audit_log.order_by("pk").last()
    assert line is not None
    assert (line.action, line.user, line.username) == ("entry.withdraw", arbiter, "arif")
    assert audit.verify(played_event).intact


def test_pairing_and_results_by_many_actions_keep_one_chain(
    played_event: models.Event, arbiter: User
) -> None:
    section = played_event.sections.get(key="open")
    round_two = rounds.pair_next_round(section, arbiter)
    for board in round_two.boards.all():
        rounds.enter_result(round_two, board.number, "=", arbiter)
    previous = ""
    for line in _lines(played_event):
        assert line.digest == audit.digest(previous, line)
        previous = line.digest


@pytest.fixture
def schema_restored() -> Iterator[None]:
    yield
    MigrationExecutor(connection).migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_lines_written_before_the_chain_are_chained_by_the_migration(
    schema_restored: None,
) -> None:
    executor = MigrationExecutor(connection)
    executor.migrate([("events", "0006_event_time_zone_calendar_dates")])
    old_apps = executor.loader.project_state(
        [("events", "0006_event_time_zone_calendar_dates")]
    ).apps
    event_model = old_apps.get_model("events", "Event")
    line_model = old_apps.get_model("events", "AuditLog")
    events = [event_model.objects.create(slug=f"old-{n}", name=f"Old {n}") for n in (1, 2)]
    for n in range(6):
        line_model.objects.create(
            event=events[n % 2],
            username="olga",
            action="entry.add",
            target=f"open: P{n}",
            new={"name": f"P{n}", "rating": 1500 + n},
        )
    # up to today's schema (the chain's migration, and any after it) before the models are used
    latest = MigrationExecutor(connection)
    latest.migrate(latest.loader.graph.leaf_nodes())
    for event in models.Event.objects.filter(slug__startswith="old-"):
        report = audit.verify(event)
        assert (report.intact, report.lines) == (True, 3)
