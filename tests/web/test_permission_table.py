"""The permission table of docs/web.md is what the site does: every URL pattern of the site,
requested by each role with GET and with POST, gives the outcome its row says. A view added
without a row, a row without a view, or a view whose permission drifts from its row fails.

Outcomes: ``y`` served (the page, or the action was accepted or refused for a reason other
than the role), ``n`` refused for the role (403, or the page's message tagged ``permission``),
``L`` sent to sign in, ``-`` method not allowed (405). Each request runs in a savepoint rolled
back afterwards, so every one meets the same event."""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.db import transaction
from django.test import Client
from django.urls import NoReverseMatch, URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from crosstable_web.accounts import services as account_services
from crosstable_web.events import models, rounds, services
from crosstable_web.events.regulations import rules
from crosstable_web.events.rounds import acting
from crosstable_web.events.services import EntryData
from crosstable_web.follow import links as follow_links
from crosstable_web.follow.models import Follower
from crosstable_web.registrations import demo as registration_demo
from crosstable_web.registrations import documents as registration_documents
from crosstable_web.registrations import models as registration_models
from crosstable_web.registrations.services import checking as registration_checking
from crosstable_web.registrations.services import opening as registration_opening
from crosstable_web.registrations.services import paying as registration_paying
from crosstable_web.registrations.services import sending as registration_sending
from crosstable_web.teams.services import matches as team_matches
from crosstable_web.teams.services import rosters as team_rosters

DOCS = Path(__file__).resolve().parents[2] / "docs" / "web.md"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ROLES = (
    "anonymous",
    "signed in",
    "captain",
    "deputy arbiter",
    "chief arbiter",
    "organiser",
    "site admin",
)

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def url_names(patterns: list[Any], namespace: str = "") -> Iterator[str]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{pattern.namespace}:" if pattern.namespace else namespace
            yield from url_names(pattern.url_patterns, inner)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield f"{namespace}{pattern.name}"


def documented_table() -> dict[str, dict[str, str]]:
    """view name → role → ``GET/POST`` outcome, from docs/web.md's table."""
    text = DOCS.read_text(encoding="utf-8")
    table = text.split("<!-- permission-table -->")[1].split("<!-- /permission-table -->")[0]
    rows: dict[str, dict[str, str]] = {}
    for line in table.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        match = re.fullmatch(r"`([\w:]+)`.*", cells[0]) if cells else None
        if match is None:
            continue
        rows[match[1]] = dict(zip(ROLES, cells[1 : 1 + len(ROLES)], strict=True))
    return rows


@dataclasses.dataclass
class World:
    users: dict[str, User]
    kwargs: dict[str, dict[str, Any]]
    entries: dict[str, int]
    """An entry of each event (``entry_id`` of its pages)."""


@pytest.fixture
def world(db: None) -> World:
    organiser = User.objects.create_user("olga", password="pw")
    arbiter = User.objects.create_user("arif", password="pw")
    chief = User.objects.create_user("carla", password="pw")
    captain = User.objects.create_user("kian", password="pw")
    outsider = User.objects.create_user("otto", password="pw")
    admin = User.objects.create_superuser("root", "root@example.org", "pw")
    solo = services.create_event(
        rules.EventSpec(
            name="Solo Open",
            sections=[rules.SectionSpec(key="open", name="Open", total_rounds=3)],
        ),
        organiser,
        slug="solo",
    )
    models.EventRole.objects.create(event=solo, user=arbiter, role=models.Role.ARBITER)
    models.EventRole.objects.create(event=solo, user=chief, role=models.Role.CHIEF_ARBITER)
    section = solo.sections.get()
    entries = [
        services.add_entry(section, EntryData(name=f"Player {i}", rating=2000 - i), organiser)
        for i in range(4)
    ]
    services.assign_pairing_numbers(section, arbiter)
    rounds.pair_next_round(section, arbiter)
    league = services.create_event(
        rules.load_event_spec(EXAMPLES / "fars-team-league-1398.toml"), organiser, slug="league"
    )
    models.EventRole.objects.create(event=league, user=arbiter, role=models.Role.ARBITER)
    models.EventRole.objects.create(event=league, user=chief, role=models.Role.CHIEF_ARBITER)
    table = league.sections.get(key="A")
    for number in (1, 2):
        members = [
            services.add_entry(
                table,
                EntryData(name=f"T{number} P{board}", member_id=f"{number}{board}", rating=1500),
                organiser,
            )
            for board in range(1, 7)
        ]
        team = team_rosters.create_team(table, f"Team {number}", members, organiser)
        if number == 1:
            team_rosters.set_captain(team, captain, organiser)
            captains_team = team
    team_matches.pair_next_round(
        table, arbiter, starts_at=timezone.now() + datetime.timedelta(days=1)
    )
    grades = services.create_event(
        rules.load_event_spec(EXAMPLES / "futian-chess-grade-2019.toml"), organiser, slug="grades"
    )
    models.EventRole.objects.create(event=grades, user=arbiter, role=models.Role.ARBITER)
    models.EventRole.objects.create(event=grades, user=chief, role=models.Role.CHIEF_ARBITER)
    picture = registration_documents.Upload("id.png", registration_demo.picture())
    registration = registration_sending.submit(
        grades,
        registration_checking.Sending(
            "player",
            "李爸爸",
            phone="13800000000",
            players=[
                registration_checking.PlayerForm(
                    {"name": "李小明", "sex": "M", "section": "G"},
                    {"id_photo": picture, "portrait": picture},
                )
            ],
        ),
        now=datetime.datetime(2019, 12, 1, 2, 0, tzinfo=datetime.UTC),
    )
    registration_paying.record_payment(
        registration, Decimal(1), datetime.date(2019, 12, 2), organiser
    )
    document = registration_models.Document.objects.filter(
        player__registration=registration
    ).first()
    assert document is not None
    invitation = account_services.invite("new@example.org", admin)
    follower = Follower.objects.create(
        entry=entries[0], email="parent@example.org", site="http://testserver/", language="en"
    )
    solo_section = {"slug": "solo", "key": "open"}
    league_section = {"slug": "league", "key": "A"}
    kwargs: dict[str, dict[str, Any]] = {
        "password_reset_confirm": {"uidb64": "MQ", "token": "set-password"},
        "accounts:invitation": {"token": invitation.token},
        "public:language": {"code": "fa"},
        "events:event_settings_part": {"slug": "solo", "part": "fees"},
        "printing:section": {**solo_section, "kind": "pairings"},
        # the grade promotion report needs an event with [grades] (Futian, seed 001)
        "printing:grades": {"slug": "grades"},
        "printing:grade_table": {"slug": "grades"},
        "printing:section_grades": {"slug": "grades", "key": "D"},
        "public:player": {**solo_section, "number": 1},
        "follow:follow": {**solo_section, "number": 1},
        "follow:confirm": {"token": follow_links.token(follower, "confirm")},
        "follow:unsubscribe": {"token": follow_links.token(follower, "stop")},
        # online registration: seed 001 takes it (a registration sent before it closed)
        "registrations:register": {"slug": "grades"},
        "registrations:queue": {"slug": "grades"},
        "registrations:detail": {"slug": "grades", "number": registration.pk},
        "registrations:document": {"slug": "grades", "document_id": document.pk},
        "registrations:provider_confirm": {"provider": "fake"},
    }
    link = {"slug": "grades", "token": registration_opening.token(registration)}
    kwargs["registrations:mine"] = kwargs["registrations:pay"] = link
    for name in ("public:teams", "public:team_pairings"):
        kwargs[name] = league_section
    for name in ("public:team_round", "public:team_by_number"):
        kwargs[name] = {**league_section, "number": 1}
    kwargs["public:team"] = {**league_section, "entry_number": 1}
    for name in ("teams:team_edit", "teams:team_delete", "teams:team_fee"):
        kwargs[name] = {**league_section, "team": captains_team.pk}  # a team's id
    kwargs["teams:lineup"] = {**league_section, "team": captains_team.pk, "number": 1}
    kwargs["teams:team_round"] = {**league_section, "number": 1}
    users = {
        "signed in": outsider,
        "captain": captain,
        "deputy arbiter": arbiter,
        "chief arbiter": chief,
        "organiser": organiser,
        "site admin": admin,
    }
    league_entry = models.Entry.objects.filter(section=table).order_by("pk").first()
    assert league_entry is not None
    return World(users, kwargs, {"solo": entries[0].pk, "league": league_entry.pk})


def url_of(name: str, world: World) -> str:
    """The view's address in the world: its own arguments, else those its pattern asks
    (a team page of the league, any other of the individual event)."""
    if name in world.kwargs:
        return reverse(name, kwargs=world.kwargs[name])
    league = name.startswith("teams:")
    slug = "league" if league else "solo"
    key = "A" if league else "open"
    entry = world.entries[slug]
    for values in (
        {"slug": slug, "key": key, "entry_id": entry},
        {"slug": slug, "entry_id": entry},
        {"slug": slug, "key": key, "number": 1},
        {"slug": slug, "key": key},
        {"slug": slug},
        {},
    ):
        try:
            return reverse(name, kwargs=values)
        except NoReverseMatch:
            continue
    raise AssertionError(f"{name}: give its arguments in the world fixture")


def outcome(response: Any) -> str:
    if response.status_code == 405:
        return "-"
    if response.status_code == 403:
        return "n"
    if response.status_code == 302 and response["Location"].startswith(reverse("login")):
        return "L"
    tags = [message.extra_tags for message in get_messages(response.wsgi_request)]
    if any(acting.PERMISSION_TAG in (tag or "") for tag in tags):
        return "n"
    if response.status_code >= 400:
        return f"?{response.status_code}"
    return "y"


def request(world: World, role: str, method: str, url: str) -> str:
    client = Client(raise_request_exception=False)
    if role != "anonymous":
        client.force_login(world.users[role])
    with transaction.atomic():
        response = client.get(url) if method == "GET" else client.post(url, {})
        transaction.set_rollback(True)
    return outcome(response)


def test_every_view_is_in_the_table() -> None:
    views = set(url_names(get_resolver().url_patterns))
    rows = set(documented_table())
    assert sorted(views - rows) == [], "add a row to the permission table of docs/web.md"
    assert sorted(rows - views) == [], "the permission table names views the site lacks"


@pytest.mark.usefixtures("plain_templates")
def test_each_view_answers_each_role_as_the_table_says(world: World) -> None:
    table = documented_table()
    observed: dict[str, dict[str, str]] = {}
    for name in sorted(set(url_names(get_resolver().url_patterns))):
        url = url_of(name, world)
        observed[name] = {
            role: "/".join(request(world, role, method, url) for method in ("GET", "POST"))
            for role in ROLES
        }
    lines = [
        f"| `{name}` | " + " | ".join(observed[name][role] for role in ROLES) + " |"
        for name in sorted(observed)
    ]
    drift = [
        f"{name} {role}: table {table.get(name, {}).get(role)}, site {observed[name][role]}"
        for name in sorted(observed)
        for role in ROLES
        if table.get(name, {}).get(role) != observed[name][role]
    ]
    assert drift == [], "\n".join([*drift, "", "observed:", *lines])
