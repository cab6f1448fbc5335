"""Issue 13.1: the team Swiss engine's refusal, shown by the arbiter's "pair the next round",
is said in the reader's words — the engine's reason (a core message) as well as the sentence
around it, numbers in Persian digits in Persian."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from crosstable_web.events import models as event_models
from crosstable_web.events.services import ServiceError
from crosstable_web.teams.services import matches as team_matches
from web.teams.conftest import fars_table_a


@pytest.fixture
def two_teams_that_met(organiser: User, arbiter: User) -> event_models.Section:
    """Fars table A with two teams only; round 1 played, team 1 winning all four boards."""
    section = fars_table_a(organiser, arbiter, teams=2)
    match = team_matches.pair_next_round(section, arbiter).matches.get()
    first_wins = "1-0" if match.first.name == "Team 1" else "0-1"
    for board in range(1, 5):  # four boards (team.boards; six players with the reserves)
        team_matches.enter_board_result(match, board, first_wins, arbiter)
    return section


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "expected"),
    [
        # Team 1 has 2 match points (a match won: win = 2 in the Fars regulations, 8), team 2
        # none; the only pairing left is the rematch ([C1]), so team 1's scoregroup cannot be
        # completed (C.04.6 art. 3.3.3)
        (
            "fa",
            "هیچ قرعه‌کشی‌ای با قواعد سازگار نیست: گروه امتیازی ۲ امتیاز با هیچ مجموعه‌ای از "
            "تیم‌های بالاآمده جفت نمی‌شود (مادهٔ ۳٫۳٫۳ قواعد سوئیسی تیمی فیده: سرداور تصمیم "
            "می‌گیرد)",
        ),
        (
            "zh-hans",
            "没有符合规则的编排：2分的分数组无论配上哪些升组队伍都无法编排（国际棋联团体瑞士制第3.3.3条："
            "由裁判长决定）",
        ),
    ],
)
def test_the_refusal_in_the_readers_words(
    two_teams_that_met: event_models.Section, arbiter: User, language: str, expected: str
) -> None:
    with translation.override(language), pytest.raises(ServiceError) as refused:
        team_matches.pair_next_round(two_teams_that_met, arbiter)
    assert str(refused.value) == expected
    assert two_teams_that_met.team_rounds.count() == 1  # round 1 kept, nothing paired


@pytest.mark.django_db
def test_a_section_without_teams_is_refused_in_words(organiser: User, arbiter: User) -> None:
    section = fars_table_a(organiser, arbiter, teams=0)
    with translation.override("fa"), pytest.raises(ServiceError) as refused:
        team_matches.pair_next_round(section, arbiter)
    assert str(refused.value) == "این گروه هنوز تیمی ندارد: پیش از جفت‌سازی تیم‌ها را بیفزایید."
    assert not section.team_rounds.exists()
