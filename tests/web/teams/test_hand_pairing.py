"""The chief arbiter's last word in a team section (issue 25), from the arbiter's pages in
Persian: when no pairing exists the page says why and offers the ways out; a round paired
by hand with a warned rematch is saved only on the chief arbiter's confirmation (a deputy
proposes), named in the audit log and in the TRF file's ### MPA line; bad input refused
with its reason and nothing saved; the last round un-paired after a confirmation naming its
results; prohibited pairs of teams kept apart by the engine and written to the TRF (260).

Two teams of the Fars league (table A) have met in round 1 (team 1 won 4-0): round 2 has no
pairing (C.04.6 [C1]; 3.3.3: the chief arbiter decides)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from crosstable_web.events import models as event_models
from crosstable_web.events import services
from crosstable_web.events.models import AuditLog
from crosstable_web.events.rounds import rule_warnings
from crosstable_web.teams import models
from crosstable_web.teams.services import matches as team_matches
from web.teams.test_team_refusal_words import two_teams_that_met

pytestmark = pytest.mark.django_db
PERSIAN = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
__all__ = ["two_teams_that_met"]


@pytest.fixture
def chief(two_teams_that_met: event_models.Section, organiser: User) -> User:
    user = User.objects.create_user("sardavar", first_name="سارا", last_name="داوری")
    services.grant_role(two_teams_that_met.event, user, event_models.Role.CHIEF_ARBITER, organiser)
    return user


def _client(user: User, language: str = "fa") -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    return client


def _url(section: event_models.Section, name: str) -> str:
    return reverse(f"teams:{name}", args=[section.event.slug, section.key])


def _messages(response: Any) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def _confirm_all(client: Client, url: str, data: dict[str, str]) -> tuple[list[str], Any]:
    """Post ``data`` and confirm every step asked; the warnings' codes shown, and the last
    response."""
    codes: list[str] = []
    response = client.post(url, data)
    for _step in range(3):
        page = response.content.decode()
        if f'name="{rule_warnings.TOKEN_FIELD}"' not in page:
            return codes, response
        codes += [part.split('"')[0] for part in page.split('data-code="')[1:]]
        token = page.split(f'name="{rule_warnings.TOKEN_FIELD}" value="')[1].split('"')[0]
        response = client.post(url, {**data, rule_warnings.TOKEN_FIELD: token})
    raise AssertionError("still asking after three confirmations")


def _teams(section: event_models.Section) -> dict[str, models.Team]:
    return {team.name: team for team in section.teams.all()}


def test_no_pairing_the_deputy_proposes_the_chief_pairs_a_warned_rematch(
    two_teams_that_met: event_models.Section, arbiter: User, chief: User
) -> None:
    section = two_teams_that_met
    deputy = _client(arbiter)
    # "Pair next round": no pairing; the arbiter lands on the page saying why
    response = deputy.post(_url(section, "pair_round"), {"starts_at": ""}, follow=True)
    assert response.redirect_chain[-1][0] == _url(section, "hand_pair")
    page = response.content.decode()
    assert 'id="no-pairing-reason"' in page
    assert "سرداور تصمیم" in page  # the engine's reason, in Persian (C.04.6 3.3.3)
    assert 'id="relax-form"' in page
    teams = _teams(section)
    one, two = teams["Team 1"], teams["Team 2"]
    # the way out: rematches allowed for Team 2 -> the engine proposes the rematch
    proposed = deputy.get(_url(section, "hand_pair"), {"relax": [str(two.pk)]}).content.decode()
    assert 'id="relaxed-proposal"' in proposed
    assert f'<option value="{one.pk}" selected>' in proposed.split('name="first_1"')[1]
    # the deputy checks the pairing: the rematch is named in words
    form = {"first_1": str(one.pk), "second_1": str(two.pk), "starts_at": ""}
    checked = deputy.post(_url(section, "hand_pair"), {**form, "action": "check"})
    assert "بازی تکراری: Team 1 و Team 2 پیش‌تر با هم بازی کرده‌اند." in checked.content.decode()
    # ... and cannot save it: a proposal, the chief's decision
    saved = deputy.post(_url(section, "hand_pair"), {**form, "action": "save"})
    assert any("سارا داوری" in message for message in _messages(saved))
    assert section.team_rounds.count() == 1
    # the chief arbiter confirms the rematch (level 3) and the pairing made by hand (level 4)
    codes, done = _confirm_all(
        _client(chief), _url(section, "hand_pair"), {**form, "action": "save"}
    )
    # Team 1 has 2 match points, Team 2 none: also a float (a note to acknowledge)
    assert set(codes) == {"team_manual.rematch", "team_manual.float", "team_manual.no_engine"}
    assert done.status_code == 302
    round_two = section.team_rounds.get(number=2)
    match = round_two.matches.get()
    assert (match.first, match.second) == (one, two)
    assert match.games.count() == 4
    line = AuditLog.objects.filter(action="team_round.manual_pair").get()
    assert line.user == chief
    assert [w["code"] for w in line.warnings] == [
        "team_manual.rematch",
        "team_manual.float",
        "team_manual.no_engine",
    ]
    trf = Client().get(_url(section, "team_trf")).content.decode()
    assert f"### MPA @ Round 2: manual {one.number}-{two.number}; engine: no pairing" in trf


def test_bad_input_is_refused_with_its_reason_and_nothing_saved(
    two_teams_that_met: event_models.Section, chief: User, organiser: User
) -> None:
    section = two_teams_that_met
    teams = _teams(section)
    one = teams["Team 1"]
    other_section = section.event.sections.get(key="B")
    stranger = models.Team.objects.create(section=other_section, number=1, name="Team B")
    client = _client(chief)
    url = _url(section, "hand_pair")
    cases = [
        ({"first_1": str(one.pk), "second_1": ""}, "میز تیمی ۱ تنها یک تیم دارد"),
        (
            {"first_1": str(one.pk), "second_1": str(one.pk)},
            "Team ۱ دو بار جفت شده است: میز تیمی ۱ و میز تیمی ۱",
        ),
        (
            {"first_1": str(one.pk), "second_1": str(stranger.pk)},
            "Team B در گروه دیگری بازی می‌کند",
        ),
    ]
    for data, reason in cases:
        page = client.post(url, {**data, "action": "save"}).content.decode()
        assert reason in page, page[page.find("<main") :]
    assert section.team_rounds.count() == 1
    assert not AuditLog.objects.filter(action="team_round.manual_pair").exists()


def test_unpairing_a_round_with_results_names_them_first(
    two_teams_that_met: event_models.Section, arbiter: User, chief: User
) -> None:
    section = two_teams_that_met
    # a deputy may not un-pair
    refused = _client(arbiter).post(_url(section, "unpair"), follow=True)
    assert any("سارا داوری" in message for message in _messages(refused))
    assert section.team_rounds.count() == 1
    client = _client(chief)
    first_page = client.post(_url(section, "unpair")).content.decode()
    assert 'data-code="team_round.unpair_results"' in first_page
    assert section.team_rounds.count() == 1
    token = first_page.split(f'name="{rule_warnings.TOKEN_FIELD}" value="')[1].split('"')[0]
    second_page = client.post(_url(section, "unpair"), {rule_warnings.TOKEN_FIELD: token})
    # the second page names the results to be removed (four boards of table 1), each as the
    # round page writes it (1-0, never the stored codes "10")
    removed = second_page.content.decode().replace("\u200f", "")
    for board in range(1, 5):
        place = str(board).translate(PERSIAN)
        assert re.search(f"میز تیمی ۱، میز {place}: Team . – Team . ۱-۰[؛.]", removed), removed
    _codes, done = _confirm_all(client, _url(section, "unpair"), {})
    assert done.status_code == 302 and not section.team_rounds.exists()
    line = AuditLog.objects.filter(action="team_round.unpair").get()
    assert line.user == chief and len(line.old["results"]) == 4
    # paired again by the engine
    assert team_matches.pair_next_round(section, chief).number == 1


def test_a_prohibited_pair_is_kept_apart_and_exported(
    league: event_models.Section, organiser: User, arbiter: User
) -> None:
    """Six teams: round 1 would be 1-4, 2-5, 3-6 (TPN by rating). With Team 1 – Team 4
    kept apart in round 1 (by the arbiter, chief while none is appointed) the engine pairs
    round 1 without them together."""
    client = _client(arbiter)
    teams = _teams(league)
    response = client.post(
        _url(league, "prohibited"),
        {"first": teams["Team 1"].pk, "second": teams["Team 4"].pk, "round": "1", "action": "add"},
        follow=True,
    )
    assert 'id="prohibited-teams"' in response.content.decode()
    round_one = team_matches.pair_next_round(league, arbiter)
    pairs = {
        frozenset((m.first.name, m.second.name))
        for m in round_one.matches.select_related("first", "second")
    }
    assert frozenset(("Team 1", "Team 4")) not in pairs
    trf = client.get(_url(league, "team_trf")).content.decode()
    numbers = sorted((teams["Team 1"].number, teams["Team 4"].number))
    assert f"260 001 001 {numbers[0]:4d} {numbers[1]:4d}" in trf
