"""A whole event as JSON re-imports identically; a section exports as TRF-2026."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from crosstable.formats.trf import read_trf
from crosstable_web.events import exchange, models, rounds, services


@pytest.fixture
def played(
    event: models.Event,
    organiser: User,
    arbiter: User,
    make_players: Callable[..., list[models.Entry]],
    simple_pairing: object,
) -> models.Event:
    section = event.sections.get(key="open")
    make_players(section, 5, organiser)
    services.assign_pairing_numbers(section, arbiter)
    round_one = rounds.pair_next_round(section, arbiter)
    rounds.enter_result(round_one, 1, "1", arbiter)
    rounds.enter_result(round_one, 2, "+", arbiter)
    rounds.request_bye(section.entries.get(pairing_number=2), 2, "H", arbiter)
    return event


def test_json_round_trip(played: models.Event, organiser: User) -> None:
    text = exchange.export_event_json(played)
    copy = exchange.import_event_json(text, organiser, slug="copy")
    assert exchange.comparable(exchange.event_document(copy)) == exchange.comparable(
        exchange.event_document(played)
    )
    assert copy.sections.get(key="open").rounds.get(number=1).boards.count() == 2


def test_json_import_refuses_other_files(organiser: User, db: None) -> None:
    with pytest.raises(services.ServiceError, match="line 1"):
        exchange.import_event_json("{oops", organiser)
    with pytest.raises(services.ServiceError, match="crosstable-event"):
        exchange.import_event_json('{"format": "other"}', organiser)


def test_trf_export_reads_back(played: models.Event) -> None:
    section = played.sections.get(key="open")
    tournament = read_trf(exchange.export_section_trf(section))
    assert len(tournament.players) == 5
    assert tournament.players[1].rounds[0].opponent == 2
    assert tournament.players[3].rounds[0].result.value == "+"
