"""The Fars line-up deadline holds in Asia/Tehran time while the machine runs in UTC (issue
12.4): the round start comes from the regulations' schedule (table A round 1: Friday 24 Aban
1398, 09:30 at the venue), line-ups are due 30 minutes before (09:00 in Shiraz = 05:30 UTC,
Iran being UTC+03:30 in November 2019, after the end of daylight saving on 22 September).

Before: starts were typed as naive UTC moments (the 09:30 box meant 09:30 UTC, 13:00 in
Shiraz), so a captain's line-up was accepted after the deadline and line-ups went public
3½ hours late."""

from __future__ import annotations

import datetime
import os
import time
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models as event_models
from crosstable_web.events.services import ServiceError
from crosstable_web.teams import models
from crosstable_web.teams.publishing import lineups_published
from crosstable_web.teams.services import lineups as team_lineups
from crosstable_web.teams.services import matches as team_matches

pytestmark = pytest.mark.django_db
UTC = datetime.UTC


@pytest.fixture(autouse=True)
def machine_in_utc() -> Iterator[None]:
    old = os.environ.get("TZ")
    os.environ["TZ"] = "UTC"
    time.tzset()
    assert datetime.datetime.now().astimezone().utcoffset() == datetime.timedelta(0)
    yield
    if old is None:
        os.environ.pop("TZ")
    else:
        os.environ["TZ"] = old
    time.tzset()


def utc(hour: int, minute: int) -> datetime.datetime:
    return datetime.datetime(2019, 11, 15, hour, minute, tzinfo=UTC)


def test_the_deadline_is_0900_in_shiraz(
    league: event_models.Section, arbiter: User, captain: User, settings: object
) -> None:
    assert league.event.time_zone == "Asia/Tehran"
    arbiter_client = Client()
    arbiter_client.force_login(arbiter)
    base = f"/e/{league.event.slug}/s/A/teams"
    # The pair form offers the schedule's start at the venue, in the Jalali calendar …
    page = arbiter_client.get(f"{base}/").content.decode()
    assert 'value="1398-08-24 09:30"' in page
    # … and the arbiter pairs with it as offered.
    arbiter_client.post(f"{base}/pair/", {"starts_at": "1398-08-24 09:30"})
    round_row = models.TeamRound.objects.get(section=league, number=1)
    assert round_row.starts_at == utc(6, 0)  # 09:30 in Tehran
    team = models.Team.objects.get(section=league, number=1)
    roster = [member.entry_id for member in team.members.order_by("position")][:4]
    # 08:59 in Shiraz: accepted
    team_lineups.submit_lineup(team, 1, roster, captain, now=utc(5, 29))
    # 09:02 in Shiraz (the captain of the issue): refused
    with pytest.raises(ServiceError, match="deadline has passed"):
        team_lineups.submit_lineup(team, 1, roster, captain, now=utc(5, 32))
    # line-ups public at 09:00 in Shiraz, not 3½ hours later
    assert lineups_published(round_row, league, now=utc(5, 29)) == (False, utc(5, 30))
    assert lineups_published(round_row, league, now=utc(5, 30))[0]
    # the captain's page says when the line-up was handed in, at the venue
    captain_client = Client(HTTP_ACCEPT_LANGUAGE="fa")
    captain_client.force_login(captain)
    lineup_page = captain_client.get(f"{base}/{team.pk}/lineup/1/").content.decode()
    assert "جمعه ۲۴ آبان ۱۳۹۸ ۰۸:۵۹" in lineup_page
    english = Client()
    english.force_login(captain)
    assert (
        "24 Aban 1398 (Friday 15 November 2019) 08:59"
        in english.get(f"{base}/{team.pk}/lineup/1/").content.decode()
    )


def test_without_a_typed_start_the_schedule_gives_it(
    league: event_models.Section, arbiter: User
) -> None:
    team_matches.pair_next_round(league, arbiter)
    assert models.TeamRound.objects.get(section=league, number=1).starts_at == utc(6, 0)


def test_the_arbiter_moves_a_round_start_at_the_venue(
    league: event_models.Section, arbiter: User, captain: User
) -> None:
    team_matches.pair_next_round(league, arbiter)
    client = Client()
    client.force_login(arbiter)
    url = f"/e/{league.event.slug}/s/A/teams/r/1/"
    assert 'value="1398-08-24 09:30"' in client.get(url).content.decode()
    client.post(url, {"starts_at": "۱۳۹۸-۰۸-۲۴ ۱۰:۰۰"})  # typed with Persian digits
    round_row = models.TeamRound.objects.get(section=league, number=1)
    assert round_row.starts_at == utc(6, 30)
    line = event_models.AuditLog.objects.get(action="round.start")
    assert (line.old, line.new) == ("1398-08-24 09:30", "1398-08-24 10:00")
    response = client.post(url, {"starts_at": "24/8 10:00"}, follow=True)
    assert "YYYY-MM-DD HH:MM" in response.content.decode()
    # a captain may not move it
    other = Client()
    other.force_login(captain)
    assert other.post(url, {"starts_at": "1398-08-24 11:00"}).status_code == 403
    assert models.TeamRound.objects.get(pk=round_row.pk).starts_at == utc(6, 30)
