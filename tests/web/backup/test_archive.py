"""Backups with their documents (issue 31 item 2): the archive (the event's JSON and every
registration document's file, each with its SHA-256) restores on a second server (its own
process, SQLite database file and documents folder) with every document, there after the
original purged its own; a damaged file is refused by name with nothing saved; a purge marks
the copies and the backup archives still holding what it deleted."""

from __future__ import annotations

import datetime
import hashlib
import io
import json
import os
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import translation

from crosstable_web.events import models as event_models
from crosstable_web.events.files import archive, event_file
from crosstable_web.events.services import ServiceError
from crosstable_web.registrations import documents, models
from crosstable_web.registrations.services import purging as registration_purging

from ..registrations.files import CERTIFICATE_JPEG, ID_PHOTO_PNG
from ..registrations.test_services import child, futian, parent_sends

__all__ = ["futian"]  # the fixture, used by name

pytestmark = pytest.mark.django_db
AFTER_THE_EVENT = datetime.date(2019, 12, 23)


def _organiser_sees(event: event_models.Event, organiser: User) -> dict[str, bytes]:
    """Each document's label on the registration's page → the bytes the organiser gets."""
    client = Client()
    client.force_login(organiser)
    seen = {}
    for document in models.Document.objects.filter(player__registration__event=event):
        answer = client.get(_url(event, document))
        seen[document.key] = (
            b"".join(answer.streaming_content) if answer.status_code == 200 else b""
        )
    return seen


SECOND_SERVER_OPENS = """
import hashlib, json
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from crosstable_web.registrations import documents, models
client = Client()
client.force_login(User.objects.get(username="olga"))
seen = {}
for document in models.Document.objects.filter(player__registration__event__slug="futian"):
    answer = client.get(reverse("registrations:document", args=["futian", document.pk]))
    content = b"".join(answer.streaming_content) if answer.status_code == 200 else b""
    path = documents.path_of(document.stored_name)
    seen[document.key + " " + document.player.name] = {
        "status": answer.status_code,
        "sha256": hashlib.sha256(content).hexdigest(),
        "file": str(path) if path else "",
    }
print(json.dumps(seen, ensure_ascii=False))
"""
"""Run on the second server (``crosstable-web shell -c``): the imported event's organiser opens
every document through the registration's document view; each answer's status, the SHA-256 of
the bytes received and the file it came from, as JSON."""


def _second_server(folder: Path) -> Callable[..., str]:
    """Another server: its own process, settings (the venue's), SQLite database file and
    documents folder under ``folder``, nothing shared with this test's database (SQLite or
    PostgreSQL) or documents folder. The function runs ``crosstable-web ARGS`` there."""
    environment = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("DJANGO_", "DATABASE_URL", "REDIS_URL", "CACHE_URL", "CROSSTABLE_"))
    }
    environment.update(
        DJANGO_SETTINGS_MODULE="crosstable_web.settings.venue",
        DATABASE_URL=f"sqlite:///{folder / 'second.sqlite3'}",
        CROSSTABLE_VAR_DIR=str(folder / "var"),
        CROSSTABLE_DOCUMENTS_DIR=str(folder / "documents"),
        CROSSTABLE_ALLOWED_HOSTS="testserver",
        DJANGO_SUPERUSER_PASSWORD="second-server-admin-2026",
    )

    def run(*arguments: str) -> str:
        done = subprocess.run(
            [str(Path(sys.executable).with_name("crosstable-web")), *arguments],
            env=environment,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    return run


@pytest.mark.slow
def test_an_archive_restores_on_a_second_server_with_every_document(
    futian: event_models.Event, organiser: User, tmp_path: Path
) -> None:
    """The issue's words: a backup restored on a second server (a separate database and media
    folder) shows every document — there after the original purged its own."""
    parent_sends(futian, child())
    parent_sends(futian, child("王小红", sex="女"))
    backup = tmp_path / "futian.zip"
    call_command("export_event", "futian", "-o", str(backup))
    original_files = {path.read_bytes() for path in documents.folder().rglob("*") if path.is_file()}
    assert original_files == {ID_PHOTO_PNG, CERTIFICATE_JPEG}
    # the second server: an empty database made by its own migrations, an account to act as
    second = _second_server(tmp_path / "second-server")
    second("migrate", "--noinput", "-v", "0")
    second("createsuperuser", "--noinput", "--username", "admin", "--email", "a@example.org")
    restored = second("import_event", str(backup), "--as", "admin")
    assert "imported futian" in restored
    # the original purges its documents after the event: its own files are gone
    assert registration_purging.purge_documents(futian, organiser, today=AFTER_THE_EVENT) == 6
    assert set(_organiser_sees(futian, organiser).values()) == {b""}
    assert not [path for path in documents.folder().rglob("*") if path.is_file()]
    # every document opens on the second server, from its own folder, byte for byte
    opened = json.loads(second("shell", "--no-imports", "-c", SECOND_SERVER_OPENS))
    expected = {
        f"{key} {name}": CERTIFICATE_JPEG if key == "certificate" else ID_PHOTO_PNG
        for key in ("id_photo", "portrait", "certificate")
        for name in ("李小明", "王小红")
    }
    assert sorted(opened) == sorted(expected)
    for label, content in expected.items():
        assert opened[label]["status"] == 200, label
        assert opened[label]["sha256"] == hashlib.sha256(content).hexdigest(), label
        assert Path(opened[label]["file"]).is_relative_to(tmp_path / "second-server" / "documents")
    # the second server's database is its own file: this test's database never had a copy
    assert event_models.Event.objects.filter(slug="futian").count() == 1
    assert (tmp_path / "second-server" / "second.sqlite3").stat().st_size > 0


def _url(event: event_models.Event, document: models.Document) -> str:
    from django.urls import reverse

    return reverse("registrations:document", args=[event.slug, document.pk])


def _damaged(content: bytes, member_start: str) -> bytes:
    """The archive with one byte of the first member named ``member_start…`` changed, its
    listing left as it was (a disk's or a transfer's fault, not an edit)."""
    source = zipfile.ZipFile(io.BytesIO(content))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_STORED) as target:
        done = False
        for info in source.infolist():
            data = source.read(info.filename)
            if not done and info.filename.startswith(member_start):
                data = data[:40] + bytes([data[40] ^ 0x55]) + data[41:]
                done = True
            target.writestr(info.filename, data)
    return buffer.getvalue()


def test_a_damaged_document_is_refused_by_name_and_nothing_is_saved(
    futian: event_models.Event, organiser: User, tmp_path: Path
) -> None:
    parent_sends(futian, child())
    content = archive.export_archive(futian)
    manifest = json.loads(zipfile.ZipFile(io.BytesIO(content)).read("manifest.json"))
    certificate = models.Document.objects.get(key="certificate")
    member = f"documents/{certificate.stored_name}"
    assert member in manifest["files"]
    events_before = event_models.Event.objects.count()
    files_before = sorted(documents.folder().rglob("*"))
    with pytest.raises(ServiceError) as refused:
        archive.import_archive(_damaged(content, member), organiser, slug="futian-copy")
    message = str(refused.value)
    assert member in message
    assert "registrations.document row 3" in message and "证书.jpg" in message
    assert "damaged" in message and "Nothing was imported" in message
    assert event_models.Event.objects.count() == events_before
    assert sorted(documents.folder().rglob("*")) == files_before
    # the command says the same, naming the archive
    path = tmp_path / "futian.zip"
    path.write_bytes(_damaged(content, member))
    User.objects.create_superuser("admin", password="admin-pass-2026")
    with pytest.raises(CommandError, match=member.replace(".", r"\.")):
        call_command("import_event", str(path), "--slug", "futian-copy", "--as", "admin")
    # in Chinese: the file's name stays as it is
    with translation.override("zh-hans"), pytest.raises(ServiceError) as refused_zh:
        archive.import_archive(_damaged(content, member), organiser, slug="futian-copy")
    assert member in str(refused_zh.value) and "损坏" in str(refused_zh.value)


def test_a_missing_file_and_an_unlisted_one_are_refused(
    futian: event_models.Event, organiser: User
) -> None:
    parent_sends(futian, child())
    content = archive.export_archive(futian)
    portrait = models.Document.objects.get(key="portrait")
    source = zipfile.ZipFile(io.BytesIO(content))
    without = io.BytesIO()
    with zipfile.ZipFile(without, "w") as target:
        for info in source.infolist():
            if info.filename != f"documents/{portrait.stored_name}":
                target.writestr(info.filename, source.read(info.filename))
    with pytest.raises(ServiceError, match="is missing"):
        archive.import_archive(without.getvalue(), organiser, slug="futian-copy")
    extra = io.BytesIO()
    with zipfile.ZipFile(extra, "w") as target:
        for info in source.infolist():
            target.writestr(info.filename, source.read(info.filename))
        target.writestr("documents/../../etc/passwd", b"x")
    with pytest.raises(ServiceError, match="does not list"):
        archive.import_archive(extra.getvalue(), organiser, slug="futian-copy")
    with pytest.raises(ServiceError, match="Not a backup archive"):
        archive.import_archive(b"PK\x03\x04 not a zip", organiser)


def test_a_copy_keeps_its_documents_after_the_original_is_purged_and_is_marked(
    futian: event_models.Event, organiser: User
) -> None:
    """The probe's finding: a copy imported beside the original (JSON alone) shared the
    original's files, so after the original's purge it listed documents answering 404."""
    registration = parent_sends(futian, child())
    text = event_file.export_event_json(futian)
    copy = event_file.import_event_json(text, organiser, slug="futian-copy").event
    copy_names = set(
        models.Document.objects.filter(player__registration__event=copy).values_list(
            "stored_name", flat=True
        )
    )
    original_names = set(registration.players.get().documents.values_list("stored_name", flat=True))
    assert copy_names and not copy_names & original_names  # files of its own
    assert registration_purging.purge_documents(futian, organiser, today=AFTER_THE_EVENT) == 3
    assert set(_organiser_sees(copy, organiser).values()) == {ID_PHOTO_PNG, CERTIFICATE_JPEG}
    marks = [
        document.marks
        for document in models.Document.objects.filter(player__registration__event=copy)
    ]
    assert all(
        len(found) == 1 and found[0]["kind"] == "purged_elsewhere" and found[0]["event"] == "futian"
        for found in marks
    )
    line = futian.audit_log.get(action="registration.purge_documents")
    assert line.new["copies_marked"] == ["futian-copy"]
    # the copy's organiser reads it on the registration's page, in each language
    client = Client()
    client.force_login(organiser)
    copied = models.Registration.objects.get(event=copy)
    for language, words in (
        ("en", "The same file was purged from the event"),
        ("zh-hans", "已从赛事"),
        ("ms", "Fail yang sama telah dihapuskan"),
        ("fa", "همین پرونده"),
    ):
        page = client.get(
            f"/e/futian-copy/registrations/{copied.pk}/", HTTP_ACCEPT_LANGUAGE=language
        )
        client.cookies.pop("django_language", None)
        text_of_page = page.content.decode()
        assert text_of_page.count(words) == 3, language


def test_a_purge_marks_the_archives_made_before_it_and_a_restore_here_leaves_them_out(
    futian: event_models.Event, organiser: User
) -> None:
    parent_sends(futian, child())
    before = archive.export_archive(futian)
    registration_purging.purge_documents(futian, organiser, today=AFTER_THE_EVENT)
    line = futian.audit_log.get(action="registration.purge_documents")
    (backup,) = line.new["backups_still_holding"]
    assert (backup["of"], backup["documents"]) == ("futian", 2)  # two pictures are the same
    out = io.StringIO()
    call_command("purge_documents", "futian", "--as", "olga", stdout=out)
    restored = archive.import_archive(before, organiser, slug="futian-restored")
    assert (restored.files_restored, restored.files_left_out) == (0, 3)
    for document in models.Document.objects.filter(player__registration__event=restored.event):
        assert document.stored_name == ""
        assert [mark["kind"] for mark in document.marks] == ["purged_before_restore"]


def test_a_json_file_alone_restored_elsewhere_says_which_documents_it_lacks(
    futian: event_models.Event, organiser: User, settings: object, tmp_path: Path
) -> None:
    parent_sends(futian, child())
    text = event_file.export_event_json(futian)
    futian.delete()
    settings.REGISTRATION_DOCUMENTS_DIR = tmp_path / "elsewhere"  # type: ignore[attr-defined]
    imported = event_file.import_event_json(text, organiser)
    assert (imported.files_restored, imported.files_left_out) == (0, 3)
    assert {
        mark["kind"] for document in models.Document.objects.all() for mark in document.marks
    } == {"not_in_backup"}


def test_the_organiser_downloads_the_archive_from_the_event_page_in_malay(
    futian: event_models.Event, organiser: User, arbiter: User
) -> None:
    """The organiser (no staff account) takes the backup home; a deputy arbiter may not
    (the documents are the organisers' alone)."""
    parent_sends(futian, child())
    event_models.EventRole.objects.create(
        event=futian, user=arbiter, role=event_models.Role.ARBITER
    )
    client = Client()
    client.force_login(organiser)
    client.cookies["django_language"] = "ms"
    page = client.get("/e/futian/").content.decode()
    assert 'id="export-archive"' in page and "Sandaran beserta dokumen (ZIP)" in page
    answer = client.get("/e/futian/backup.zip")
    assert answer.status_code == 200 and answer["Content-Type"] == "application/zip"
    content = b"".join(answer.streaming_content)  # type: ignore[attr-defined]
    assert event_models.BackupArchive.objects.get(event=futian).made_by == "olga"
    deputy = Client()
    deputy.force_login(arbiter)
    assert deputy.get("/e/futian/backup.zip").status_code == 403
    assert 'id="export-archive"' not in deputy.get("/e/futian/").content.decode()
    restored = archive.import_archive(content, organiser, slug="futian-home")
    assert (restored.files_restored, restored.files_left_out) == (3, 0)
