"""A section exports as TRF-2026 (the whole event as JSON: tests/web/backup)."""

from __future__ import annotations

from crosstable.formats.trf import read_trf
from crosstable_web.events import models
from crosstable_web.events.files import exchange


def test_trf_export_reads_back(played_event: models.Event) -> None:
    section = played_event.sections.get(key="open")
    tournament = read_trf(exchange.export_section_trf(section, full_birth_dates=True))
    assert len(tournament.players) == 5
    assert tournament.players[1].rounds[0].opponent == 2
    assert tournament.players[3].rounds[0].result.value == "+"
