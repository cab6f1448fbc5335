"""Events, entries, roles and the audit log through the service layer."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied

from crosstable_web.events import models, services


def test_creating_an_event_makes_sections_and_the_creator_organiser(
    event: models.Event, organiser: User, make_players: Callable[..., list[models.Entry]]
) -> None:
    assert [s.key for s in event.sections.all()] == ["open", "girls"]
    girls = event.sections.get(key="girls")
    assert girls.scoring["win"] == "2"
    assert models.EventRole.objects.filter(
        event=event, user=organiser, role=models.Role.ORGANISER
    ).exists()
    log = models.AuditLog.objects.get(event=event, action="event.create")
    assert log.username == "olga"


def test_only_event_staff_can_change_anything(
    event: models.Event, outsider: User, arbiter: User
) -> None:
    section = event.sections.get(key="open")
    data = services.EntryData(name="Mallory")
    with pytest.raises(PermissionDenied):
        services.add_entry(section, data, outsider)
    with pytest.raises(PermissionDenied):
        services.add_entry(section, data, arbiter)  # entries are the organiser's before R1
    with pytest.raises(PermissionDenied):
        services.assign_pairing_numbers(section, outsider)
    assert not section.entries.exists()


def test_entry_checks_eligibility_duplicates_and_limits(
    event: models.Event, organiser: User, make_players: Callable[..., list[models.Entry]]
) -> None:
    girls = event.sections.get(key="girls")
    checker = services.EntryChecker(event)
    boy = services.EntryData(name="Ali", sex="m", birth_date=datetime.date(2015, 3, 1))
    old = services.EntryData(name="Siti", sex="f", birth_date=datetime.date(2010, 3, 1))
    assert any("one sex" in p for p in checker.problems(girls, boy))
    assert any("Born too early" in p for p in checker.problems(girls, old))

    make_players(girls, 3, organiser)  # units School 1, 2, 3
    again = services.EntryData(name="player  01", sex="f", birth_date=datetime.date(2015, 1, 1))
    with pytest.raises(services.ServiceError, match="already entered"):
        services.add_entry(girls, again, organiser)
    for index in range(3):
        services.add_entry(
            girls,
            services.EntryData(
                name=f"Extra {index}",
                sex="f",
                unit="Big School",
                birth_date=datetime.date(2015, 1, 1),
            ),
            organiser,
        )
    with pytest.raises(services.ServiceError, match="full"):
        services.add_entry(
            girls,
            services.EntryData(name="Seventh", sex="f", birth_date=datetime.date(2015, 1, 1)),
            organiser,
        )
    assert girls.entries.count() == 6


def test_per_unit_limit(
    event: models.Event, organiser: User, make_players: Callable[..., list[models.Entry]]
) -> None:
    girls = event.sections.get(key="girls")
    for index in range(3):
        services.add_entry(
            girls,
            services.EntryData(
                name=f"Unit girl {index}",
                sex="f",
                unit="SK Kinabatangan",
                birth_date=datetime.date(2015, 1, 1),
            ),
            organiser,
        )
    with pytest.raises(services.ServiceError, match="already has 3 players"):
        services.add_entry(
            girls,
            services.EntryData(
                name="Fourth", sex="f", unit="SK Kinabatangan", birth_date=datetime.date(2015, 1, 1)
            ),
            organiser,
        )


def test_pairing_numbers_by_rating_and_audit(
    event: models.Event, organiser: User, make_players: Callable[..., list[models.Entry]]
) -> None:
    section = event.sections.get(key="open")
    entries = make_players(section, 5, organiser)
    entries[4].rating = 2500
    entries[4].save()
    services.assign_pairing_numbers(section, organiser)
    ordered = list(section.entries.order_by("pairing_number").values_list("name", flat=True))
    assert ordered[0] == "Player 05"
    assert ordered[1:] == ["Player 01", "Player 02", "Player 03", "Player 04"]
    log = models.AuditLog.objects.get(action="section.pairing_numbers")
    assert log.new["Player 05"] == 1
    assert log.old["Player 05"] is None


def test_fee_report_totals_per_unit_and_section(
    event: models.Event, organiser: User, make_players: Callable[..., list[models.Entry]]
) -> None:
    section = event.sections.get(key="open")
    entries = make_players(section, 4, organiser)
    services.record_payment(entries[0], Decimal("5.00"), organiser)
    services.record_payment(entries[1], Decimal("2.50"), organiser)
    report = services.fee_report(event)
    assert report.total.due == Decimal("20.00")
    assert report.total.paid == Decimal("7.50")
    assert report.total.outstanding == Decimal("12.50")
    by_unit = {line.label: line for line in report.by_unit}
    assert by_unit["School 1"].paid == Decimal("5.00")
    assert by_unit["School 2"].paid == Decimal("2.50")
    assert sum(line.entries for line in report.by_unit) == 4
    log = models.AuditLog.objects.filter(action="entry.fee_paid").order_by("id").last()
    assert log is not None and (log.old, log.new) == ("0.00", "2.50")


def test_played_entries_stay_but_a_whole_event_can_be_deleted(
    event: models.Event,
    organiser: User,
    arbiter: User,
    make_players: Callable[..., list[models.Entry]],
    simple_pairing: object,
) -> None:
    from crosstable_web.events import rounds

    section = event.sections.get(key="open")
    entries = make_players(section, 4, organiser)
    services.assign_pairing_numbers(section, arbiter)
    round_one = rounds.pair_next_round(section, arbiter)
    rounds.enter_result(round_one, 1, "1", arbiter)
    with pytest.raises(services.ServiceError, match="withdraw"):
        services.delete_entry(entries[0], organiser)
    event.delete()  # e.g. the demo loader replacing an event
    assert not models.Board.objects.exists()
    assert not models.Entry.objects.exists()


def test_closed_registration_and_no_additions_after_the_list(
    organiser: User, arbiter: User, simple_pairing: object
) -> None:
    from pathlib import Path

    from crosstable_web.events import rounds
    from crosstable_web.events.regulations import rules

    example = Path(__file__).resolve().parents[3] / "examples" / "kinabatangan-school-2024.toml"
    event = services.create_event(rules.load_event_spec(example), organiser)
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    boys = event.sections.get(key="L12")
    for index in range(4):
        services.add_entry(boys, services.EntryData(name=f"Murid {index}", sex="M"), organiser)
    services.set_registration_open(event, False, organiser)
    # closing registration is the list being in (3.4): the reason given is the rule
    with pytest.raises(services.ServiceError, match="the regulations allow no additions"):
        services.add_entry(boys, services.EntryData(name="Lewat", sex="M"), organiser)
    services.assign_pairing_numbers(boys, arbiter)
    rounds.pair_next_round(boys, arbiter)
    # Kinabatangan 3.4: no additions once the list is in — not even a late entry.
    with pytest.raises(services.ServiceError, match="no additions"):
        services.add_entry(boys, services.EntryData(name="Lewat", sex="M"), arbiter)


def test_sections_split_by_sex_as_the_regulations_say(organiser: User) -> None:
    from pathlib import Path

    from crosstable_web.events.regulations import rules

    example = Path(__file__).resolve().parents[3] / "examples" / "futian-chess-grade-2019.toml"
    event = services.create_event(rules.load_event_spec(example), organiser)
    a_section, b_section = event.sections.get(key="A"), event.sections.get(key="B")
    # A: 10 boys and 10 girls play apart; B: 10 boys and 3 girls play merged.
    for index in range(20):
        services.add_entry(
            a_section,
            services.EntryData(
                name=f"甲{index}",
                sex="MF"[index % 2],
                national_grade="4",
                birth_date=datetime.date(2010, 1, 1),
            ),
            organiser,
        )
    for index in range(13):
        services.add_entry(
            b_section,
            services.EntryData(
                name=f"乙{index}",
                sex="M" if index < 10 else "F",
                national_grade="6",
                birth_date=datetime.date(2010, 1, 1),
            ),
            organiser,
        )
    created = services.form_playing_groups(event, organiser)
    assert sorted(section.key for section in created) == ["A-F", "A-M"]
    girls = event.sections.get(key="A-F")
    assert set(girls.entries.values_list("sex", flat=True)) == {"F"}
    assert girls.entries.count() == 10
    assert not event.sections.filter(key="A").exists()
    assert event.sections.get(key="B").entries.count() == 13
    # The group keeps the rules of A (grades 4-5) and its own sex.
    with pytest.raises(services.ServiceError, match="one sex"):
        services.add_entry(
            girls,
            services.EntryData(
                name="男生", sex="M", national_grade="4", birth_date=datetime.date(2010, 1, 1)
            ),
            organiser,
        )
    with pytest.raises(services.ServiceError, match="grade"):
        services.add_entry(
            girls,
            services.EntryData(
                name="女生", sex="F", national_grade="9", birth_date=datetime.date(2010, 1, 1)
            ),
            organiser,
        )
