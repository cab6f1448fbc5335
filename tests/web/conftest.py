"""Fixtures for the web app's tests: users with roles, a small event, players.

The database is whatever ``DATABASE_URL`` names (SQLite by default; ``scripts/test`` runs
this folder a second time on PostgreSQL).
"""

from __future__ import annotations

import datetime
import os
import shutil
from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from crosstable.model import ScoringSystem, Tournament
from crosstable.pairing.base import Board, RoundPairing
from crosstable_web.events import models, services
from crosstable_web.events.regulations import rules


@pytest.fixture(autouse=True)
def _default_language_around_each_test() -> Iterator[None]:
    """A request or a command in Malay, Chinese or Persian leaves that language active in the
    thread (the locale middleware activates it and nothing resets it): the next test's
    messages would be in it. Each test starts and ends with the default language."""
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture
def plain_templates(monkeypatch: pytest.MonkeyPatch) -> None:
    """Templates rendered as the site renders them, not as Django's test environment does
    (which sends a signal for every template, even each form widget's, and the test client
    keeps a copy of its context for ``response.context``): a settings page of a thousand
    boxes took 3.9 s of CPU instead of 2.4 s. For the crawls, which read only the HTML;
    ``response.context`` is then ``None``."""
    from django.template.base import Template

    def render(template: Template, context: Any) -> Any:
        return template.nodelist.render(context)

    monkeypatch.setattr(Template, "_render", render)


@pytest.fixture
def organiser(db: None) -> User:
    return User.objects.create_user("olga", password="organiser-pass")


@pytest.fixture
def arbiter(db: None) -> User:
    return User.objects.create_user("arif", password="arbiter-pass")


@pytest.fixture
def outsider(db: None) -> User:
    return User.objects.create_user("otto", password="outsider-pass")


def small_spec() -> rules.EventSpec:
    return rules.EventSpec(
        name="Test Open 2026",
        sections=[
            rules.SectionSpec(
                key="open",
                name="Open",
                total_rounds=3,
                tiebreaks=["BH", "PS"],
                forfeits_to_withdraw=2,
                entry_fee=Decimal("5.00"),
            ),
            rules.SectionSpec(
                key="girls",
                name="Girls U12",
                total_rounds=3,
                scoring=ScoringSystem.xiangqi(),
                entry_fee=Decimal("5.00"),
                max_entries=6,
                settings={"sex": "f", "born_on_or_after": "2014-01-01", "max_per_unit": 3},
            ),
        ],
    )


@pytest.fixture
def event(organiser: User, arbiter: User) -> models.Event:
    created = services.create_event(small_spec(), organiser)
    models.EventRole.objects.create(event=created, user=arbiter, role=models.Role.ARBITER)
    return created


def add_players(section: models.Section, count: int, actor: object) -> list[models.Entry]:
    return [
        services.add_entry(
            section,
            services.EntryData(
                name=f"Player {index:02d}",
                sex="f",
                rating=2000 - 10 * index,
                birth_date=datetime.date(2015, 1, 1),
                unit=f"School {index % 4}",
            ),
            actor,  # type: ignore[arg-type]
        )
        for index in range(1, count + 1)
    ]


@pytest.fixture
def make_players() -> Callable[..., list[models.Entry]]:
    """``make_players(section, count, actor)``: enter ``count`` eligible girls."""
    return add_players


def adjacent_pairing(tournament: Tournament, round_number: int) -> RoundPairing:
    """A deliberately simple pairing for tests of storage and workflow (not of pairing
    rules): available players by score then number, paired neighbour to neighbour."""
    absent = tournament.absences.get(round_number, {})
    players = [
        p
        for p in tournament
        if p.pairing_number not in absent
        and (p.withdrawn_after_round is None or p.withdrawn_after_round >= round_number)
    ]
    players.sort(key=lambda p: (-tournament.points(p), p.pairing_number))
    bye = players.pop().pairing_number if len(players) % 2 else None
    boards = tuple(
        Board(players[i].pairing_number, players[i + 1].pairing_number)
        for i in range(0, len(players), 2)
    )
    return RoundPairing(round_number, boards, bye)


@pytest.fixture
def paired(
    event: models.Event,
    organiser: User,
    arbiter: User,
    make_players: Callable[..., list[models.Entry]],
    simple_pairing: object,
) -> models.Round:
    """Round 1 of the open section: four players, paired neighbour to neighbour."""
    section = event.sections.get(key="open")
    make_players(section, 4, organiser)
    services.assign_pairing_numbers(section, arbiter)
    from crosstable_web.events import rounds

    return rounds.pair_next_round(section, arbiter)


@pytest.fixture
def simple_pairing(monkeypatch: pytest.MonkeyPatch) -> Callable[..., RoundPairing]:
    from crosstable_web.events.rounds import pairing

    monkeypatch.setattr(
        pairing, "pairing_function", lambda code, rules=None, **options: adjacent_pairing
    )
    return adjacent_pairing


CHROMIUM = "/usr/bin/chromium"
"""Debian's chromium (scripts/bootstrap installs it as root); Playwright never downloads one."""
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def _worker_chromium() -> Iterator[Any]:
    """The test process's one headless chromium, launched by the first test that asks for
    it (seconds each time) and closed at the end."""
    playwright_api = pytest.importorskip("playwright.sync_api")
    if not shutil.which(CHROMIUM):
        pytest.skip("chromium is not installed (scripts/bootstrap installs it as root)")
    # Playwright's sync API runs an event loop in this thread; the ORM calls made by the
    # tests themselves are still synchronous.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with playwright_api.sync_playwright() as playwright:
        launch = {"executable_path": CHROMIUM, "args": CHROMIUM_ARGS}
        holder = {"browser": playwright.chromium.launch(**launch)}

        def browser() -> Any:
            if not holder["browser"].is_connected():  # a test crashed it: a new one
                holder["browser"] = playwright.chromium.launch(**launch)
            return holder["browser"]

        yield browser
        if holder["browser"].is_connected():
            holder["browser"].close()


@pytest.fixture
def chromium(_worker_chromium: Any) -> Iterator[Any]:
    """A headless chromium driven by Playwright: the test process's one browser, shared by
    its tests; every context and page a test opens (its sign-ins, cookies, storage) is
    closed after it, so each test starts with none."""
    browser = _worker_chromium()
    before = set(browser.contexts)
    yield browser
    for context in browser.contexts:
        if context not in before:
            context.close()


@pytest.fixture
def played_event(
    event: models.Event,
    organiser: User,
    arbiter: User,
    simple_pairing: object,
) -> models.Event:
    """The small event with five players in "open": round 1 paired and played (a win and a
    forfeit, player 5 has the bye), player 2 asked for a half-point bye in round 2."""
    from crosstable_web.events import rounds

    section = event.sections.get(key="open")
    add_players(section, 5, organiser)
    services.assign_pairing_numbers(section, arbiter)
    round_one = rounds.pair_next_round(section, arbiter)
    rounds.enter_result(round_one, 1, "1", arbiter)
    rounds.enter_result(round_one, 2, "+", arbiter)
    rounds.request_bye(section.entries.get(pairing_number=2), 2, "H", arbiter)
    return event
