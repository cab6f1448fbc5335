"""The team commands over the store, and the TRF-2026 export of a team section read back."""

from __future__ import annotations

from fractions import Fraction
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client

from crosstable.formats.trf import read_trf
from crosstable.model.team_match import team_event_records, team_rounds
from crosstable_web.events import models as event_models
from crosstable_web.events import services
from crosstable_web.events.services import EntryData
from crosstable_web.teams import models


def _run(*args: object) -> str:
    out = StringIO()
    call_command(*[str(a) for a in args], stdout=out)
    return out.getvalue()


def test_pair_lineup_results_and_standings_from_the_command_line(
    league: event_models.Section,
) -> None:
    slug = league.event.slug
    paired = _run(
        "team_pair", slug, "A", "--starts-at", "2030-01-01T09:30:00+00:00", "--as", "arif"
    )
    assert paired.splitlines()[0] == "round 1" and len(paired.splitlines()) == 4
    first = models.TeamMatch.objects.get(round__section=league, round__number=1, number=1)
    _run("team_lineup", slug, "A", first.first.number, 1, 1, 2, 3, 5, "--as", "arif")
    stored = models.LineUp.objects.get(team=first.first, round_number=1)
    roster = [m.entry_id for m in first.first.members.all()]
    assert stored.boards == [roster[0], roster[1], roster[2], roster[4]]
    with pytest.raises(CommandError, match="roster"):
        _run("team_lineup", slug, "A", first.first.number, 1, 2, 1, 3, 4, "--as", "arif")
    out = _run(
        "team_result", slug, "A", 1, 1, 1, "1-0", 2, "1/2", 3, "0-1", 4, "1-0", "--as", "arif"
    )
    assert out.strip() == f"{first.first.name} 5/2 - 3/2 {first.second.name}"
    with pytest.raises(CommandError, match="Not a board result: 2-0"):
        _run("team_result", slug, "A", 1, 1, 1, "2-0", "--as", "arif")
    standings = _run("team_standings", slug, "A")
    assert standings.splitlines()[0].startswith("place team points")
    assert event_models.AuditLog.objects.filter(action="board.result").count() == 4


def test_team_trf_export_reads_back(league: event_models.Section, arbiter: User) -> None:
    slug = league.event.slug
    _run("team_pair", slug, "A", "--as", "arif")
    for table in (1, 2, 3):
        _run(
            "team_result",
            slug,
            "A",
            1,
            table,
            1,
            "1-0",
            2,
            "1-0",
            3,
            "1/2",
            4,
            "0-1",
            "--as",
            "arif",
        )
    client = Client()
    text = client.get(f"/e/{slug}/s/A/teams/trf/").content.decode()
    tournament = read_trf(text)
    assert [len(team.members) for team in tournament.teams] == [6] * 6
    rounds = team_rounds(tournament, team_event_records(tournament))
    matches = models.TeamMatch.objects.filter(round__section=league, round__number=1)
    for match in matches:
        first = rounds[match.first.number][0]
        assert first.opponent == match.second.number
        assert (first.game_points, first.match_points) == (Fraction(5, 2), 2)
        assert rounds[match.second.number][0].match_points == 0


def test_team_create_from_the_command_line(
    league: event_models.Section, organiser: User, captain: User
) -> None:
    slug = league.event.slug
    entries = [
        services.add_entry(league, EntryData(name=f"New {board}", member_id=f"9{board}"), organiser)
        for board in range(1, 7)
    ]
    out = _run(
        "team_create",
        slug,
        "A",
        "Newcomers",
        *[e.pk for e in entries[:5]],
        entries[5].name,
        "--unit",
        "Kazerun",
        "--unit-kind",
        "county",
        "--captain",
        captain.username,
        "--as",
        "olga",
    )
    assert out.strip() == "team 7: Newcomers (6 players)"
    team = models.Team.objects.get(section=league, number=7)
    assert [m.entry_id for m in team.members.all()] == [e.pk for e in entries]
    assert team.captain == captain and team.unit_kind == "county"
    with pytest.raises(CommandError, match="no single entry"):
        _run("team_create", slug, "A", "Ghosts", "Nobody", "--as", "olga")
    assert event_models.AuditLog.objects.filter(
        action="team.captain", target__contains="Newcomers"
    ).exists()
