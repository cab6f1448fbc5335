"""The organiser's house player (Kinabatangan 4.6) in the web app: the service's refusals,
the organiser-only form, the standings pages (back office, public, printouts) and the command.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import translation

from crosstable.formats.trf import read_trf
from crosstable_web.events import models, rounds, services
from crosstable_web.events.files import event_file, exchange
from crosstable_web.events.regulations import rules

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "kinabatangan-school-2024.toml"
SCHOOLS = ["SK Bukit Garam", "SK Sukau", "SK Bilit"]


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    """The pages switch the thread's language (the event's is Malay): leave English behind."""
    yield
    translation.activate("en")


@pytest.fixture
def kinabatangan(organiser: User, arbiter: User) -> models.Event:
    event = services.create_event(rules.load_event_spec(EXAMPLE, rounds=3), organiser)
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    return event


def enter_boys(section: models.Section, count: int, actor: User) -> list[models.Entry]:
    return [
        services.add_entry(
            section,
            services.EntryData(
                name=f"Murid {index}",
                sex="M",
                rating=1500 - 10 * index,
                unit=SCHOOLS[index % len(SCHOOLS)],
            ),
            actor,
        )
        for index in range(1, count + 1)
    ]


def cikgu() -> services.EntryData:
    return services.EntryData(name="Cikgu Rahman", sex="M", rating=1400, unit="PPD")


def test_the_organiser_adds_a_house_player_to_an_odd_section(
    kinabatangan: models.Event, organiser: User
) -> None:
    boys = kinabatangan.sections.get(key="L12")
    enter_boys(boys, 5, organiser)
    services.set_registration_open(kinabatangan, False, organiser)  # the list is in (3.4)
    house = services.add_house_player(boys, cikgu(), organiser)
    assert house.house and house.fee_due == Decimal(0)
    assert [entry.fee_due for entry in boys.entries.filter(house=False)] == [Decimal("5.00")] * 5
    assert models.AuditLog.objects.filter(action="entry.house_add").count() == 1


@pytest.mark.parametrize("count", [4, 6])
def test_refused_with_an_even_entry_count(
    kinabatangan: models.Event, organiser: User, count: int
) -> None:
    boys = kinabatangan.sections.get(key="L12")
    enter_boys(boys, count, organiser)
    with pytest.raises(
        services.ServiceError,
        match=rf"L12: no house player with an even number of entries \({count}\)",
    ):
        services.add_house_player(boys, cikgu(), organiser)
    assert not boys.entries.filter(house=True).exists()


def test_refused_when_the_regulations_do_not_allow_it(
    event: models.Event, organiser: User, make_players: object
) -> None:
    section = event.sections.get(key="open")
    for index in range(3):
        services.add_entry(section, services.EntryData(name=f"P{index}"), organiser)
    with pytest.raises(
        services.ServiceError, match="open: the regulations do not allow a house player"
    ):
        services.add_house_player(section, cikgu(), organiser)


def test_a_second_house_player_is_refused(kinabatangan: models.Event, organiser: User) -> None:
    boys = kinabatangan.sections.get(key="L12")
    enter_boys(boys, 3, organiser)
    services.add_house_player(boys, cikgu(), organiser)
    with pytest.raises(services.ServiceError, match="L12 already has its house player"):
        services.add_house_player(boys, services.EntryData(name="Cikgu Lain"), organiser)


def test_only_the_organiser_may_add_one(
    kinabatangan: models.Event, organiser: User, arbiter: User, outsider: User
) -> None:
    boys = kinabatangan.sections.get(key="L12")
    enter_boys(boys, 3, organiser)
    for user in (arbiter, outsider):
        with pytest.raises(PermissionDenied):
            services.add_house_player(boys, cikgu(), user)
    house = services.add_house_player(boys, cikgu(), organiser)
    with pytest.raises(PermissionDenied):
        services.remove_house_player(boys, arbiter)
    assert models.Entry.objects.filter(pk=house.pk).exists()


def test_entries_around_the_house_player(
    kinabatangan: models.Event, organiser: User, arbiter: User
) -> None:
    boys = kinabatangan.sections.get(key="L12")
    pupils = enter_boys(boys, 3, organiser)
    services.add_house_player(boys, cikgu(), organiser)
    # one more pupil, or one fewer, would leave the section odd again: remove the house first
    with pytest.raises(services.ServiceError, match="Lelaki bawah 12 tahun has a house player"):
        services.add_entry(boys, services.EntryData(name="Murid 9", sex="M"), organiser)
    with pytest.raises(services.ServiceError, match="Lelaki bawah 12 tahun has a house player"):
        services.delete_entry(pupils[0], organiser)
    # the house player is not a boy under 12 of a school: no eligibility check applies
    services.update_entry(
        boys.entries.get(house=True), services.EntryData(name="Puan Siti", sex="F"), organiser
    )
    # the pupils' details may still be corrected
    services.update_entry(pupils[0], services.EntryData(name="Murid Satu", sex="M"), organiser)
    services.remove_house_player(boys, organiser)
    services.add_entry(boys, services.EntryData(name="Murid 9", sex="M"), organiser)
    with pytest.raises(services.ServiceError, match="Lelaki bawah 12 tahun has no house player"):
        services.remove_house_player(boys, organiser)


def test_not_after_round_one(kinabatangan: models.Event, organiser: User, arbiter: User) -> None:
    boys = kinabatangan.sections.get(key="L12")
    enter_boys(boys, 3, organiser)
    services.add_house_player(boys, cikgu(), organiser)
    services.assign_pairing_numbers(boys, arbiter)
    rounds.pair_next_round(boys, arbiter)
    with pytest.raises(services.ServiceError, match="cannot be removed once a round is paired"):
        services.remove_house_player(boys, organiser)
    girls = kinabatangan.sections.get(key="P12")
    for index in range(3):
        services.add_entry(girls, services.EntryData(name=f"Murid P{index}", sex="F"), organiser)
    services.assign_pairing_numbers(girls, arbiter)
    rounds.pair_next_round(girls, arbiter)
    with pytest.raises(services.ServiceError, match="before round 1 is paired"):
        services.add_house_player(girls, cikgu(), organiser)


def _client(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_the_form_is_the_organisers(
    kinabatangan: models.Event, organiser: User, arbiter: User
) -> None:
    boys = kinabatangan.sections.get(key="L12")
    enter_boys(boys, 5, organiser)
    url = f"/e/{kinabatangan.slug}/s/L12/"
    assert 'id="house-add"' in _client(organiser).get(url).content.decode()
    assert 'id="house-add"' not in _client(arbiter).get(url).content.decode()
    assert 'id="house-add"' not in _client(None).get(url).content.decode()
    # an arbiter posting anyway is refused with the service's message
    page = (
        _client(arbiter)
        .post(f"{url}house/", {"action": "add", "name": "Cikgu"}, follow=True)
        .content.decode()
    )
    assert "Only an organiser of this event may do that." in page
    assert not boys.entries.filter(house=True).exists()
    page = (
        _client(organiser)
        .post(
            f"{url}house/",
            {"action": "add", "name": "Cikgu Rahman", "sex": "M", "rating": "1400"},
            follow=True,
        )
        .content.decode()
    )
    assert "House player added." in page
    assert "house player (not ranked, no prize)" in page
    assert 'id="house-remove"' in page and 'id="house-add"' not in page
    page = (
        _client(organiser).post(f"{url}house/", {"action": "remove"}, follow=True).content.decode()
    )
    assert "House player removed." in page
    assert not boys.entries.filter(house=True).exists()


def test_no_form_for_an_even_section(kinabatangan: models.Event, organiser: User) -> None:
    boys = kinabatangan.sections.get(key="L12")
    enter_boys(boys, 4, organiser)
    page = _client(organiser).get(f"/e/{kinabatangan.slug}/s/L12/").content.decode()
    assert 'id="house-add"' not in page
    response = _client(organiser).post(
        f"/e/{kinabatangan.slug}/s/L12/house/", {"action": "add", "name": "Cikgu"}, follow=True
    )
    assert "no house player with an even number of entries (4)" in response.content.decode()


@pytest.fixture
def played(kinabatangan: models.Event, organiser: User, arbiter: User) -> models.Section:
    """L12: three pupils and the house player, one round played (real engine).

    Numbers by rating: Murid 1 (1490) 1, Murid 2 (1480) 2, Murid 3 (1470) 3, the house
    player (1400) 4. The house player wins their game, the other board is drawn."""
    boys = kinabatangan.sections.get(key="L12")
    enter_boys(boys, 3, organiser)
    services.add_house_player(boys, cikgu(), organiser)
    services.assign_pairing_numbers(boys, arbiter)
    round_row = rounds.pair_next_round(boys, arbiter)
    assert round_row.byes.count() == 0  # the house player spares the bye
    for board in round_row.boards.select_related("white", "black"):
        if board.white.house:
            rounds.enter_result(round_row, board.number, "1", arbiter)
        elif board.black.house:
            rounds.enter_result(round_row, board.number, "0", arbiter)
        else:
            rounds.enter_result(round_row, board.number, "=", arbiter)
    return boys


def test_standings_pages_show_the_house_player_unranked(played: models.Section) -> None:
    slug = played.event.slug
    house_number = played.entries.get(house=True).pairing_number
    assert house_number == 4
    back_office = _client(None).get(f"/e/{slug}/s/L12/standings/").content.decode()
    # the house player has 1 point, the best score, yet is listed last without a place
    assert back_office.index("Cikgu Rahman") > back_office.index("Murid 1")
    # with the cross-table: the house line is numbered on from the three ranked, "(4)"
    assert '<tr class="house"><td class="num">(4)</td>' in back_office
    assert "(house player)" in back_office and 'id="house-note"' in back_office
    visitor = _client(None)
    visitor.cookies["django_language"] = "en"  # the event's own language is Malay
    public = visitor.get(f"/p/{slug}/L12/standings/").content.decode()
    assert '<tr class="house"><td class="num">–</td>' in public
    assert "Cikgu Rahman</a> <em>(house player)</em>" in public
    crosstable = visitor.get(f"/p/{slug}/L12/crosstable/").content.decode()
    assert "Cikgu Rahman</a> <em>(house player)</em>" in crosstable
    for kind in ("standings", "crosstable"):
        printed = _client(None).get(f"/print/{slug}/L12/{kind}/?lang=en").content.decode()
        assert "Cikgu Rahman <em>(house player)</em>" in printed, kind
    # no prize, no certificate: the champion (johan) is a pupil
    prizes = _client(None).get(f"/print/{slug}/L12/prizes/?lang=en").content.decode()
    certificates = _client(None).get(f"/print/{slug}/L12/certificates/?lang=en")
    assert "Cikgu Rahman" not in prizes
    assert "Cikgu Rahman" not in certificates.content.decode()
    malay = _client(None).get(f"/p/{slug}/L12/standings/").content.decode()
    assert "Cikgu Rahman</a> <em>(pemain tambahan pengelola)</em>" in malay


def test_standings_command_and_trf_export(played: models.Section) -> None:
    out = io.StringIO()
    call_command("standings", played.event.slug, "L12", stdout=out)
    lines = out.getvalue().splitlines()
    house_lines = [line for line in lines if line.startswith("house")]
    assert len(house_lines) == 1 and "Cikgu Rahman" in house_lines[0]
    assert "johan" in out.getvalue() and "Cikgu Rahman johan" not in out.getvalue()
    tournament = read_trf(exchange.export_section_trf(played, full_birth_dates=True))
    assert [player.house for player in tournament] == [False, False, False, True]
    text = event_file.export_event_json(played.event)
    copy = event_file.import_event_json(text, "cli", slug="copy").event
    assert list(
        copy.sections.get(key="L12").entries.filter(house=True).values_list("name", flat=True)
    ) == ["Cikgu Rahman"]


def test_house_player_command(kinabatangan: models.Event, organiser: User) -> None:
    boys = kinabatangan.sections.get(key="L12")
    enter_boys(boys, 5, organiser)
    out = io.StringIO()
    call_command(
        "house_player",
        kinabatangan.slug,
        "L12",
        "Cikgu Rahman",
        "--sex",
        "M",
        "--as",
        "olga",
        stdout=out,
    )
    assert out.getvalue().strip() == "L12: house player Cikgu Rahman"
    with pytest.raises(CommandError, match="L12 already has its house player"):
        call_command(
            "house_player", kinabatangan.slug, "L12", "Cikgu Lain", "--as", "olga", stdout=out
        )
    call_command("house_player", kinabatangan.slug, "L12", "--remove", "--as", "olga", stdout=out)
    assert not boys.entries.filter(house=True).exists()
    services.add_entry(boys, services.EntryData(name="Murid 6", sex="M"), organiser)
    with pytest.raises(CommandError, match="even number of entries"):
        call_command("house_player", kinabatangan.slug, "L12", "Cikgu", "--as", "olga", stdout=out)
    with pytest.raises(CommandError, match="NAME"):
        call_command("house_player", kinabatangan.slug, "L12", "--as", "olga", stdout=out)


def test_an_import_into_a_section_with_a_house_player_is_refused(
    kinabatangan: models.Event, organiser: User
) -> None:
    from crosstable_web.events.entries import entries_import

    boys = kinabatangan.sections.get(key="L12")
    enter_boys(boys, 3, organiser)
    services.add_house_player(boys, cikgu(), organiser)
    rows = entries_import.read_entries_file(
        b"section,name,sex\nL12,Murid Baru,M\nP12,Murid Perempuan,F\n", "entries.csv"
    )
    report = entries_import.import_entries(kinabatangan, rows, organiser)
    assert not report.is_clean
    assert any(
        "Lelaki bawah 12 tahun has a house player" in problem for problem in report.rows[0].problems
    )
    assert report.rows[1].problems == []  # the girls' section has none: only L12 is refused
    assert boys.entries.count() == 4 and not kinabatangan.sections.get(key="P12").entries.exists()


def test_playing_groups_are_formed_without_the_house_player(organiser: User) -> None:
    from crosstable.regulations import parse_regulations

    # the Kinabatangan rules with a size split: more than 4 boys play in two groups
    text = EXAMPLE.read_text(encoding="utf-8").replace(
        'key = "L12"\n', 'key = "L12"\nsplit_over = 4\n'
    )
    spec = rules.event_spec_from_regulations(parse_regulations(text), text, 3)
    event = services.create_event(spec, organiser)
    boys = event.sections.get(key="L12")
    enter_boys(boys, 7, organiser)
    services.add_house_player(boys, cikgu(), organiser)
    with pytest.raises(services.ServiceError, match="remove the house player before forming"):
        services.form_playing_groups(event, organiser)
    services.remove_house_player(boys, organiser)
    groups = services.form_playing_groups(event, organiser)
    odd = [group for group in groups if group.entries.count() % 2]
    assert odd  # 7 boys in two groups: one is odd and may now have its house player
    services.add_house_player(odd[0], cikgu(), organiser)
