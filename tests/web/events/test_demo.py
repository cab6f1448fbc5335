"""The demo loader (`scripts/demo`): the examples it loads come up at the stages it promises."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from crosstable_web.events import demo, models
from crosstable_web.teams import models as team_models

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


@pytest.mark.django_db
def test_demo_loads_the_house_player_and_the_team_league(tmp_path: Path) -> None:
    for name in ("kinabatangan-school-2024.toml", "fars-team-league-1398.toml"):
        shutil.copy(EXAMPLES / name, tmp_path / name)
    events = demo.load_demo(tmp_path, log=lambda *_: None)
    assert sorted(event.slug for event in events) == [
        "fars-team-league-1398",
        "kinabatangan-school-2024",
    ]
    kinabatangan = models.Event.objects.get(slug="kinabatangan-school-2024")
    for section in kinabatangan.sections.all():
        # 17 pupils generated: when all are accepted the organiser adds a house player, so
        # every section has an even count and no bye is ever given.
        assert section.entries.count() % 2 == 0
        assert section.entries.filter(house=True).count() <= 1
        assert section.rounds.count() == 3
        assert not models.Bye.objects.filter(round__section=section).exists()
    assert models.Entry.objects.filter(section__event=kinabatangan, house=True).exists()

    fars = models.Event.objects.get(slug="fars-team-league-1398")
    for section in fars.sections.all():
        teams = team_models.Team.objects.filter(section=section)
        assert teams.count() >= 8
        # every entry is on a team of a full roster: 4 boards + 2 reserves
        assert {team.members.count() for team in teams} == {6}
        assert section.entries.count() == 6 * teams.count()
        assert section.team_rounds.count() == 3
        games = team_models.BoardGame.objects.filter(match__round__section=section)
        assert games.exists() and not games.filter(first_result="*").exists()
        assert team_models.LineUp.objects.filter(team__section=section).exists()
        # a per-team fee: the players owe and pay nothing on their own, most teams have paid
        assert not section.entries.exclude(fee_due=0, fee_paid=0).exists()
        assert team_models.TeamPayment.objects.filter(team__section=section).exists()
        # the demo captain captains one team of each table
        assert teams.filter(captain__username="captain").count() == 1


@pytest.mark.django_db
def test_demo_has_no_namesakes_in_a_section(tmp_path: Path) -> None:
    """The Futian grade event (60 generated players per section, Chinese names of a
    surname and one or two characters) had two 朱敏 in C-M; names are now drawn again while
    taken in the section (deterministic: the same seed gives the same demo)."""
    shutil.copy(EXAMPLES / "futian-chess-grade-2019.toml", tmp_path / "futian-grade.toml")
    demo.load_demo(tmp_path, log=lambda *_: None)
    event = models.Event.objects.get()
    sections = list(event.sections.all())
    assert len(sections) > 7  # split by sex into playing groups
    for section in sections:
        names = list(section.entries.values_list("name", flat=True))
        assert len(names) == len(set(names)), section.key
    first = sorted(models.Entry.objects.values_list("name", flat=True))
    models.Event.objects.all().delete()
    demo.load_demo(tmp_path, log=lambda *_: None)
    assert sorted(models.Entry.objects.values_list("name", flat=True)) == first
