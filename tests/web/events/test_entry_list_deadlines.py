"""Kinabatangan 3.3 and 3.4, enforced:

3.3 "Sebarang pertukaran nama pemain selepas senarai nama dihantar hendaklah dimaklumkan kepada
    pengelola kejohanan sekurang-kurangnya sejam sebelum pertandingan bermula" — a player may be
    replaced by another until one hour before the start, compared at the venue's clock
    (Asia/Kuching, UTC+8);
3.4 "Pertambahan bilangan peserta tidak dibenarkan selepas senarai nama dihantar" — no player is
    added once the list is in: registration closed for good, no new-entry or late-entry form,
    no import; the organiser's house player (4.6) stays the one addition allowed.
In Malay, the event's language, through the pages.
"""

from __future__ import annotations

import datetime
import io
from collections.abc import Iterator
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone, translation

from crosstable_web.events import models, rounds, services
from crosstable_web.events.regulations import event_time, rules

pytestmark = pytest.mark.django_db

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "kinabatangan-school-2024.toml"
KUCHING = ZoneInfo("Asia/Kuching")


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    yield
    translation.activate("en")


@pytest.fixture
def boys(organiser: User, arbiter: User) -> models.Section:
    event = services.create_event(rules.load_event_spec(EXAMPLE, rounds=5), organiser, slug="kcs")
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section = event.sections.get(key="L12")
    for index in range(1, 7):
        services.add_entry(
            section,
            services.EntryData(name=f"Murid {index}", sex="M", unit=f"SK {index % 3}"),
            organiser,
        )
    return section


def _malay(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    client.cookies["django_language"] = "ms"
    return client


def _replace(entry: models.Entry, name: str) -> services.EntryData:
    data = services.entry_data_of(entry)
    data.name = name
    return data


def test_no_additions_once_the_list_is_in(
    boys: models.Section, organiser: User, arbiter: User
) -> None:
    organiser_pages = _malay(organiser)
    page = organiser_pages.get("/e/kcs/s/L12/").content.decode()
    assert 'id="entry-form"' in page  # registration open: the list is not in yet

    services.set_registration_open(boys.event, False, organiser)  # the list is in
    page = organiser_pages.get("/e/kcs/s/L12/").content.decode()
    assert 'id="entry-form"' not in page
    refusal = "Senarai nama telah dihantar: peraturan tidak membenarkan pertambahan peserta."
    assert refusal in page
    event_page = organiser_pages.get("/e/kcs/").content.decode()
    assert 'id="registration-final"' in event_page and "Buka pendaftaran" not in event_page
    with pytest.raises(services.ServiceError, match="pertambahan peserta"):
        services.set_registration_open(boys.event, True, organiser)
    with pytest.raises(services.ServiceError, match="pertambahan peserta"):
        services.add_entry(boys, services.EntryData(name="Murid 7", sex="M"), organiser)
    # a posted form is refused too, with the reason, and nothing is added
    response = organiser_pages.post(
        "/e/kcs/s/L12/", {"section": "L12", "name": "Murid 7", "sex": "M"}, follow=True
    )
    assert refusal in response.content.decode()
    assert boys.entries.count() == 6

    services.assign_pairing_numbers(boys, arbiter, "rating")
    rounds.pair_next_round(boys, arbiter)
    # after round 1: no late-entry form for the arbiter either (it used to be offered)
    page = _malay(arbiter).get("/e/kcs/s/L12/").content.decode()
    assert 'id="entry-form"' not in page and refusal in page


def test_an_import_after_the_list_is_in_is_refused(
    boys: models.Section, organiser: User, arbiter: User
) -> None:
    services.assign_pairing_numbers(boys, arbiter, "rating")
    rounds.pair_next_round(boys, arbiter)
    upload = io.BytesIO(b"section,name,sex,unit\nL12,Murid 8,M,SK 1\n")
    upload.name = "tambahan.csv"
    page = _malay(organiser).post("/e/kcs/import/", {"file": upload}).content.decode()
    assert "peraturan tidak membenarkan pertambahan peserta" in page
    assert boys.entries.count() == 6


def test_a_player_is_replaced_until_an_hour_before_the_start_at_the_venue(
    boys: models.Section, organiser: User, arbiter: User
) -> None:
    services.assign_pairing_numbers(boys, arbiter, "rating")
    round_one = rounds.pair_next_round(boys, arbiter)
    # the arbiter sets round 1 for 08:00 at the venue on 2 March 2024: 00:00 UTC
    start = datetime.datetime(2024, 3, 2, 8, 0, tzinfo=KUCHING)
    event_time.set_round_start(round_one, start, arbiter)
    entry = boys.entries.get(pairing_number=2)
    utc = datetime.UTC
    # 06:59 at the venue (22:59 UTC on 1 March): a replacement is still in time …
    before = datetime.datetime(2024, 3, 1, 22, 59, tzinfo=utc)
    services.update_entry(entry, _replace(entry, "Ali bin Abu"), organiser, now=before)
    assert entry.name == "Ali bin Abu"
    # … at 07:00 at the venue (23:00 UTC) it is too late; the message gives the venue's time
    at_deadline = datetime.datetime(2024, 3, 1, 23, 0, tzinfo=utc)
    with translation.override("ms"), pytest.raises(services.ServiceError) as refused:
        services.update_entry(entry, _replace(entry, "Chong Wei"), organiser, now=at_deadline)
    message = str(refused.value)
    assert "sehingga 60 minit sebelum pertandingan bermula" in message
    assert "(sehingga Sabtu 2 Mac 2024 07:00 waktu tempat pertandingan)" in message
    entry.refresh_from_db()
    assert entry.name == "Ali bin Abu"
    # the same player's name spelt right is no replacement
    services.update_entry(
        entry, _replace(entry, "Ali Bin Abu"), organiser, spelling_correction=True, now=at_deadline
    )
    line = models.AuditLog.objects.filter(action="entry.update").first()
    # kept as data, said in the reader's language on the audit page (rounds.warning_text)
    assert line is not None and line.warnings == [{"kind": "spelling_correction"}]


def test_the_entry_page_refuses_a_late_replacement_in_malay(
    boys: models.Section, organiser: User, arbiter: User
) -> None:
    services.assign_pairing_numbers(boys, arbiter, "rating")
    round_one = rounds.pair_next_round(boys, arbiter)
    event_time.set_round_start(round_one, timezone.now() + datetime.timedelta(minutes=30), arbiter)
    entry = boys.entries.get(pairing_number=3)
    form = {
        "action": "edit",
        "section": "L12",
        "name": "Pemain Baharu",
        "sex": "M",
        "rating": "0",
        "unit": entry.unit,
    }
    client = _malay(organiser)
    page = client.post(f"/e/kcs/entry/{entry.pk}/", form, follow=True).content.decode()
    assert "masa itu telah berlalu" in page and "Pembetulan ejaan" in page
    entry.refresh_from_db()
    assert entry.name == "Murid 3"
    page = client.post(
        f"/e/kcs/entry/{entry.pk}/", {**form, "name": "Murid  Tiga", "spelling_correction": "on"}
    )
    entry.refresh_from_db()
    assert entry.name == "Murid  Tiga"
