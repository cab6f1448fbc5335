"""The pairing system of an imported TRF file (docs/web.md, "Events from a TRF file"): a file
naming a system crosstable does not pair is refused naming the line and the code; a file
naming none is paired by FIDE_DUTCH_2026, and the organiser is told so. Through the page
``/events/new/trf/`` (an organiser who is not staff, in Chinese and in Malay) and the
``import_trf`` command."""

from __future__ import annotations

from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client

from crosstable_web.accounts.models import EventCreation, SiteSettings
from crosstable_web.events import models


@pytest.fixture(autouse=True)
def _anyone_creates_events(db: None) -> None:
    site = SiteSettings.current()
    site.event_creation = EventCreation.ANYONE
    site.save()


GONZAGA = Path(__file__).parents[2] / "data" / "real" / "gonzaga_classic_2008.trf"
"""A real file of 2008 (Irish Chess Union): 092 says "Swiss", no 192 line."""


def _with_dubov() -> bytes:
    """The Gonzaga file with ``192 FIDE_DUBOV_2026`` after its seventh line ("092 Swiss"): the
    new line is line 8 of the file."""
    lines = GONZAGA.read_bytes().splitlines(keepends=True)
    assert lines[6].startswith(b"092 Swiss")
    return b"".join([*lines[:7], b"192 FIDE_DUBOV_2026\n", *lines[7:]])


def _client(user: User, language: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def _upload(client: Client, name: str, data: bytes, slug: str) -> Any:
    from django.core.files.uploadedfile import SimpleUploadedFile

    return client.post(
        "/events/new/trf/",
        {"trf": SimpleUploadedFile(name, data), "time_zone": "Europe/Dublin", "slug": slug},
        follow=True,
    )


def test_a_system_crosstable_does_not_pair_is_refused_at_the_page_naming_line_and_code(
    organiser: User,
) -> None:
    client = _client(organiser, "zh-hans")
    response = _upload(client, "gonzaga.trf", _with_dubov(), "gonzaga")
    page = response.content.decode()
    assert response.status_code == 200
    assert "gonzaga.trf 第 8 行" in page
    assert "FIDE_DUBOV_2026" in page and "不能按文件所写的编排制" in page
    assert not models.Event.objects.exists()


def test_a_file_without_a_system_line_is_paired_by_the_dutch_system_and_the_page_says_so(
    organiser: User,
) -> None:
    client = _client(organiser, "ms")
    response = _upload(client, "gonzaga.trf", GONZAGA.read_bytes(), "gonzaga")
    page = response.content.decode()
    section = models.Section.objects.get(event__slug="gonzaga")
    assert section.system_code == "FIDE_DUTCH_2026"
    assert section.entries.count() == 12
    assert "gonzaga.trf tidak menamakan sistem pemasangan (tiada baris 192)" in page
    assert "FIDE_DUTCH_2026" in page
    line = models.AuditLog.objects.get(action="event.import_trf")
    assert line.new["system_assumed"] is True


def test_a_file_naming_a_system_the_app_pairs_keeps_it_and_says_nothing(
    organiser: User,
) -> None:
    lines = GONZAGA.read_bytes().splitlines(keepends=True)
    data = b"".join([*lines[:7], b"192 FIDE_DUTCH_BAKU\n", *lines[7:]])
    response = _upload(_client(organiser, "en"), "gonzaga.trf", data, "gonzaga")
    section = models.Section.objects.get(event__slug="gonzaga")
    assert section.system_code == "FIDE_DUTCH_BAKU"
    assert "names no pairing system" not in response.content.decode()


def test_the_command_refuses_an_unknown_system_and_tells_the_assumed_one(
    organiser: User, tmp_path: Path
) -> None:
    refused = tmp_path / "gonzaga-dubov.trf"
    refused.write_bytes(_with_dubov())
    with pytest.raises(CommandError, match=r"gonzaga-dubov.trf line 8: .*FIDE_DUBOV_2026"):
        call_command("import_trf", str(refused), "--time-zone", "Europe/Dublin", "--as", "olga")
    assert not models.Event.objects.exists()
    out = StringIO()
    call_command(
        "import_trf", str(GONZAGA), "--time-zone", "Europe/Dublin", "--as", "olga", stdout=out
    )
    assert "gonzaga_classic_2008.trf names no pairing system (no 192 line)" in out.getvalue()
    assert models.Section.objects.get().system_code == "FIDE_DUTCH_2026"
