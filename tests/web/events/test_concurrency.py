"""Two arbiters entering results at the same moment lose nothing (PostgreSQL: real
concurrent connections; SQLite's test database is in memory and single-connection)."""

from __future__ import annotations

import datetime
import threading
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db import connection, connections

from crosstable_web.events import models, rounds, services

pytestmark = pytest.mark.postgres


@pytest.mark.django_db(transaction=True)
def test_two_arbiters_at_once_lose_nothing(
    event: models.Event,
    organiser: User,
    arbiter: User,
    make_players: Callable[..., list[models.Entry]],
    simple_pairing: object,
) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs concurrent connections: run with DATABASE_URL=postgres://…")
    second = User.objects.create_user("bea")
    models.EventRole.objects.create(event=event, user=second, role=models.Role.ARBITER)
    section = event.sections.get(key="open")
    make_players(section, 40, organiser)
    services.assign_pairing_numbers(section, arbiter)
    round_one = rounds.pair_next_round(section, arbiter)
    numbers = list(round_one.boards.values_list("number", flat=True))
    start = threading.Barrier(2)
    errors: list[BaseException] = []

    def enter(user: User, boards: list[int], result: str) -> None:
        try:
            start.wait()
            for number in boards:
                rounds.enter_result(round_one, number, result, user)
        except BaseException as error:  # reported to the test below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=enter, args=(arbiter, numbers[0::2], "1")),
        threading.Thread(target=enter, args=(second, numbers[1::2], "0")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    results = dict(round_one.boards.values_list("number", "white_result"))
    assert all(results[n] == "1" for n in numbers[0::2])
    assert all(results[n] == "0" for n in numbers[1::2])
    logged = models.AuditLog.objects.filter(action="result.enter")
    assert logged.count() == len(numbers)
    assert set(logged.values_list("username", flat=True)) == {"arif", "bea"}


@pytest.mark.django_db(transaction=True)
def test_two_sections_at_once_keep_one_audit_chain(
    event: models.Event,
    organiser: User,
    arbiter: User,
    make_players: Callable[..., list[models.Entry]],
    simple_pairing: object,
) -> None:
    """An arbiter enters the results of one section while the organiser enters players in
    another, at the same moment: each audit line still follows the one before it (the event
    row is locked while a line is appended; without that both would follow the same line and
    the chain would fork)."""
    if connection.vendor != "postgresql":
        pytest.skip("needs concurrent connections: run with DATABASE_URL=postgres://…")
    from crosstable_web.events.oversight import audit

    section = event.sections.get(key="open")
    make_players(section, 40, organiser)
    services.assign_pairing_numbers(section, arbiter)
    round_one = rounds.pair_next_round(section, arbiter)
    girls = event.sections.get(key="girls")
    start = threading.Barrier(2)
    errors: list[BaseException] = []

    def results() -> None:
        for number in round_one.boards.values_list("number", flat=True):
            rounds.enter_result(round_one, number, "=", arbiter)

    def entries() -> None:
        for number in range(6):
            data = services.EntryData(
                name=f"Girl {number}",
                sex="f",
                birth_date=datetime.date(2016, 1, 1),
                unit=f"School {number % 3}",
            )
            services.add_entry(girls, data, organiser)

    def run(work: Callable[[], None]) -> None:
        try:
            start.wait()
            work()
        except BaseException as error:  # reported to the test below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(work,)) for work in (results, entries)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert models.AuditLog.objects.filter(action="result.enter").count() == 20
    assert (
        models.AuditLog.objects.filter(action="entry.add", target__startswith="girls").count() == 6
    )
    report = audit.verify(event)
    assert report.intact, report.broken_at
