"""Futian grade tournament 九.5: "各轮迟到15分钟算弃权，累计弃权两轮则取消成绩，按照自动退出比赛
处理" — two forfeits and the results are cancelled, the player treated as withdrawn. The arbiter
is told when typing the second forfeit; the player is shown withdrawn, out of the ranking, the
sub-rankings and the prizes, on every standings page and printout; the games stand for the
opponents.

Section G (ungraded, 5 rounds) of the seed's own regulations file, six girls, paired neighbour to
neighbour (``simple_pairing``) so the hand-worked figures below are fixed:
  R1: 1-2 1-0, 3-4 1-0, 5-6 +/- (6 does not turn up)
  R2 (by score, then number: 1 3 5 2 4 6): 1-3 1-0, 5-2 ½-½, 4-6 +/- (6's second forfeit)
After round 2: 1: 2, 5: 1½, 3: 1, 4: 1, 2: ½, 6: 0.
Tie-breaks ① points ② Buchholz: 3 and 4 on 1 point — BH 3 = 4 (1) + 1 (2) = 3; BH 4 = 3 (1) +
its forfeit win, a dummy of its own point capped at 6's score, 0 = 1 -> 3 before 4.
Ranking: 1st #1, 2nd #5, 3rd #3, 4th #4, 5th #2; #6 withdrawn, results cancelled, no prize
(the regulations give the top 8 girls a prize: five prizes).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from crosstable_web.events import models, rounds, services
from crosstable_web.events.ranking import standings
from crosstable_web.events.regulations import rules
from crosstable_web.events.rounds import rule_warnings

pytestmark = pytest.mark.django_db

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "futian-chess-grade-2019.toml"
NAMES = ["陈一", "李二", "张三", "王四", "赵五", "刘六"]


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    yield
    translation.activate("en")


@pytest.fixture
def section_g(organiser: User, arbiter: User, simple_pairing: object) -> models.Section:
    event = services.create_event(rules.load_event_spec(EXAMPLE), organiser, slug="futian")
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section = event.sections.get(key="G")
    for index, name in enumerate(NAMES):
        services.add_entry(
            section,
            services.EntryData(
                name=name, sex="F", birth_date=datetime.date(2012, 3, 1), rating=1600 - index
            ),
            organiser,
        )
    services.assign_pairing_numbers(section, arbiter, "rating")
    return section


def _client(user: User, language: str) -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    return client


def _type(client: Client, section: models.Section, number: int, entry: str) -> str:
    """The arbiter types one line in the round page's box (and confirms when it replaces
    a stored result); the page they land on."""
    url = f"/e/futian/s/G/r/{number}/result/"
    response = client.post(url, {"entry": entry}, follow=True)
    assert response.status_code == 200
    page = response.content.decode()
    if 'data-code="result.replace"' in page:
        token = page.split(f'name="{rule_warnings.TOKEN_FIELD}" value="')[1].split('"')[0]
        data = {"entry": entry, rule_warnings.TOKEN_FIELD: token}
        page = client.post(url, data, follow=True).content.decode()
    return page


def test_the_second_forfeit_cancels_the_results(section_g: models.Section, arbiter: User) -> None:
    client = _client(arbiter, "zh-hans")
    round_one = rounds.pair_next_round(section_g, arbiter)
    assert [(b.white.pairing_number, b.black.pairing_number) for b in round_one.boards.all()] == [
        (1, 2),
        (3, 4),
        (5, 6),
    ]
    _type(client, section_g, 1, "1 1")
    _type(client, section_g, 1, "2 1")
    page = _type(client, section_g, 1, "3 +")  # the first forfeit: no withdrawal yet
    assert "刘六" in page and "取消成绩" not in page
    round_two = rounds.pair_next_round(section_g, arbiter)
    assert [(b.white.pairing_number, b.black.pairing_number) for b in round_two.boards.all()] == [
        (1, 3),
        (5, 2),
        (4, 6),
    ]
    _type(client, section_g, 2, "1 1")
    _type(client, section_g, 2, "2 =")
    page = _type(client, section_g, 2, "3 +")  # the second forfeit
    # told at once, in the arbiter's language, on the round page
    assert "刘六：弃权2次——第2轮后退出比赛，按规程取消成绩" in page
    six = section_g.entries.get(pairing_number=6)
    assert (six.withdrawn_after_round, six.withdrawn_automatically) == (2, True)

    results = standings.section_results(section_g)
    assert [(row.place, row.number) for row in results.main.rows] == [
        ("1", 1),
        ("2", 5),
        ("3", 3),
        ("4", 4),
        ("5", 2),
    ]
    assert [row.values[0] for row in results.main.rows[2:4]] == [3, 1]  # BH 3, BH 4
    assert [row.number for row in results.cancelled] == [6]
    girls = next(ranking for ranking in results.sub_rankings if ranking.key == "F")
    assert 6 not in {row.number for row in girls.standings.rows}
    awarded = {
        award.pairing_number for table in results.prize_tables for award in table.prizes.awards
    }
    assert awarded == {1, 2, 3, 4, 5}

    # every standings page and printout shows 6 withdrawn, unranked, with the reason
    back_office = client.get("/e/futian/s/G/standings/").content.decode()
    assert '刘六 <em class="cancelled">(退出，成绩取消)</em>' in back_office
    assert 'id="cancelled-note"' in back_office
    section_page = client.get("/e/futian/s/G/").content.decode()
    assert "(弃权：成绩取消，不排名)" in section_page
    visitor = Client()
    visitor.cookies["django_language"] = "zh-hans"
    public = visitor.get("/p/futian/G/standings/").content.decode()
    cancelled_line = (
        r'<tr class="cancelled"><td class="num">–</td>\s*<td class="name"><a [^>]*>刘六</a>'
    )
    assert re.search(cancelled_line, public)
    printed = visitor.get("/print/futian/G/standings/").content.decode()
    assert '刘六 <em class="cancelled">(退出，成绩取消)</em>' in printed
    for kind in ("prizes", "certificates"):
        assert "刘六" not in visitor.get(f"/print/futian/G/{kind}/").content.decode(), kind

    # a correction that takes the forfeit back reinstates the player, and says so
    page = _type(client, section_g, 2, "3 0")
    assert "刘六：已恢复" in page
    six.refresh_from_db()
    assert six.withdrawn_after_round is None
    assert 6 in standings.section_results(section_g).main.ranks()
