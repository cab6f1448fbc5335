"""The pairing engine runs outside any database transaction (on SQLite a write transaction
locks every other event's results out for as long as it lasts), and what it paired is stored
only if the section did not change meanwhile (bench/pairing_lock.py measures the lock)."""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db import transaction

from crosstable.model import Tournament
from crosstable.pairing.base import RoundPairing
from crosstable_web.events import models, rounds, services
from crosstable_web.events.rounds import pairing as round_pairing
from web.conftest import adjacent_pairing

# Real transactions (not the test's own wrapping one): the engine must see none open.
pytestmark = pytest.mark.django_db(transaction=True)


@dataclasses.dataclass
class _Engine:
    """The test engine: adjacent pairing, recording whether a transaction was open and
    running ``meanwhile`` during its first call (what another arbiter does meanwhile)."""

    meanwhile: Callable[[], None] = lambda: None
    calls: list[bool] = dataclasses.field(default_factory=list)
    ratings: list[dict[int, int]] = dataclasses.field(default_factory=list)

    def __call__(self, tournament: Tournament, number: int) -> RoundPairing:
        self.calls.append(transaction.get_connection().in_atomic_block)
        self.ratings.append({p.pairing_number: p.rating for p in tournament})
        if len(self.calls) == 1:
            self.meanwhile()
        return adjacent_pairing(tournament, number)


@pytest.fixture
def section(
    event: models.Event, organiser: User, arbiter: User, make_players: Callable[..., object]
) -> models.Section:
    open_section = event.sections.get(key="open")
    make_players(open_section, 6, organiser)
    services.assign_pairing_numbers(open_section, arbiter)
    return open_section


def _use(engine: _Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(round_pairing, "pairing_function", lambda code, rules=None, **_: engine)


def test_the_engine_runs_outside_any_transaction(
    section: models.Section, arbiter: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = _Engine()
    _use(engine, monkeypatch)
    round_one = rounds.pair_next_round(section, arbiter)
    assert engine.calls == [False]
    assert round_one.boards.count() == 3


def test_a_change_while_pairing_pairs_again(
    section: models.Section, organiser: User, arbiter: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    entry = section.entries.get(pairing_number=6)

    def correct_a_rating() -> None:
        data = services.entry_data_of(entry)
        data.rating = 2500
        services.update_entry(entry, data, organiser)

    engine = _Engine(correct_a_rating)
    _use(engine, monkeypatch)
    rounds.pair_next_round(section, arbiter)
    # paired from the old rating, refused when storing, paired again from the new one
    assert [ratings[6] for ratings in engine.ratings] == [1940, 2500]
    assert models.AuditLog.objects.filter(event=section.event, action="round.pair").count() == 1


def test_a_change_in_another_section_keeps_the_pairing(
    section: models.Section, organiser: User, arbiter: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    girls = section.event.sections.get(key="girls")

    def enter_someone_elsewhere() -> None:
        data = services.EntryData(
            name="Girl", sex="f", birth_date=datetime.date(2016, 5, 1), unit="School X"
        )
        services.add_entry(girls, data, organiser)

    engine = _Engine(enter_someone_elsewhere)
    _use(engine, monkeypatch)
    rounds.pair_next_round(section, arbiter)
    assert len(engine.calls) == 1


def test_a_section_that_keeps_changing_is_reported(
    section: models.Section, organiser: User, arbiter: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    entry = section.entries.get(pairing_number=6)

    class Restless(_Engine):
        def __call__(self, tournament: Tournament, number: int) -> RoundPairing:
            data = services.entry_data_of(entry)
            data.rating += 1
            services.update_entry(entry, data, organiser)
            return adjacent_pairing(tournament, number)

    _use(Restless(), monkeypatch)
    with pytest.raises(services.ServiceError, match="Changed while it was being paired"):
        rounds.pair_next_round(section, arbiter)
    assert not section.rounds.exists()
