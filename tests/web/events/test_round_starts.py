"""Individual rounds start when the regulations' schedule says, at the venue (issue 12.4)."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from crosstable_web.events import models, rounds, services
from crosstable_web.events.regulations import event_time, rules

pytestmark = pytest.mark.django_db
EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "futian-chess-grade-2019.toml"


def test_round_starts_come_from_the_schedule_in_shenzhen_time(
    organiser: User, arbiter: User, simple_pairing: object
) -> None:
    event = services.create_event(rules.load_event_spec(EXAMPLE), organiser)
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section = event.sections.order_by("position").first()
    assert section is not None
    # seven rounds on 22 December 2019, round 1 at 08:00 in Shenzhen (UTC+8): 00:00 UTC
    assert event_time.scheduled_start(section, 1) == datetime.datetime(
        2019, 12, 22, 0, 0, tzinfo=datetime.UTC
    )
    assert event_time.scheduled_start(section, 9) is None
    for index in range(4):
        models.Entry.objects.create(section=section, name=f"P{index}", pairing_number=index + 1)
    round_row = rounds.pair_next_round(section, arbiter)
    assert round_row.starts_at == datetime.datetime(2019, 12, 22, 0, 0, tzinfo=datetime.UTC)
    assert event_time.wall_clock_text(event, round_row.starts_at) == "2019-12-22 08:00"
    moved = event_time.read_wall_clock(event, "2019-12-22 08:30")
    event_time.set_round_start(round_row, moved, arbiter)
    line = event.audit_log.get(action="round.start")
    assert (line.old, line.new) == ("2019-12-22T08:00+08:00", "2019-12-22T08:30+08:00")
