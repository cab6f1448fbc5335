"""A team entered before team fees existed (migration teams.0003) gets its fee, on the real
database: the schema is taken back to teams.0002, forward again through 0003 (fee 0) and 0004
(never computed), and the fee pages then show the fee the regulations give.

Fars table A (examples/fars-team-league-1398.toml): 720,000 toman a team in six shares of
120,000; two women free (240,000), a man over 50 half his share (60,000): 420,000 due.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from crosstable_web.events import models as event_models
from crosstable_web.events import services
from crosstable_web.events.regulations import rules
from crosstable_web.events.services import EntryData
from crosstable_web.teams import models
from crosstable_web.teams.services import rosters as team_rosters
from web.teams.conftest import EXAMPLE

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = [
    ("m", datetime.date(1990, 3, 1)),
    ("m", datetime.date(1990, 3, 1)),
    ("m", datetime.date(1990, 3, 1)),
    ("m", datetime.date(1960, 5, 1)),  # over 50
    ("f", datetime.date(1995, 6, 1)),
    ("f", datetime.date(1995, 6, 1)),
]


def _migrate(target: list[tuple[str, str]]) -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(target)


@pytest.fixture
def schema_restored() -> Iterator[None]:
    """Whatever happens, the schema is back at the latest migrations afterwards."""
    yield
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_a_team_entered_before_fees_gets_its_fee_when_shown(
    organiser: User, schema_restored: None
) -> None:
    event = services.create_event(rules.load_event_spec(EXAMPLE), organiser, slug="fars-old")
    section = event.sections.get(key="A")
    entries = [
        services.add_entry(
            section,
            EntryData(name=f"Shiraz {n}", sex=sex, birth_date=born, member_id=str(500 + n)),
            organiser,
        )
        for n, (sex, born) in enumerate(PLAYERS, start=1)
    ]
    team_rosters.create_team(section, "Shiraz", entries, organiser, unit="Shiraz")
    # Back to before team fees, then forward as a deployment would run it.
    _migrate([("teams", "0002_lineup_out_of_order")])
    _migrate([("teams", "0003_team_fees")])
    with connection.cursor() as cursor:
        cursor.execute("SELECT fee_due FROM teams_team")
        assert [Decimal(row[0]) for row in cursor.fetchall()] == [Decimal(0)]
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    team = models.Team.objects.get()
    assert team.fee_computed_at is None and team.fee_due == 0
    client = Client()
    client.force_login(organiser)
    page = client.get(f"/e/{event.slug}/s/A/teams/{team.pk}/fee/").content.decode()
    assert 'id="fee-due">420,000 toman' in page and 'id="fee-balance">420,000 toman' in page
    team.refresh_from_db()
    assert team.fee_due == Decimal("420000.00") and team.fee_computed_at is not None
    (log,) = event_models.AuditLog.objects.filter(action="team.fee")
    assert (log.username, log.old["fee_due"], log.new["fee_due"]) == ("system", "0.00", "420000.00")
