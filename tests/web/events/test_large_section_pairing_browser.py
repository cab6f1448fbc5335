"""Two 2,000-player sections paired from their pages in a real browser (Debian's chromium) by
the chief arbiter (issue 32 [scale-rules]): a section of Kinabatangan's rules (the L12 section
of examples/kinabatangan-school-2024.toml, FIDE Dutch) and a xiangqi section (Huayuan's rules,
examples/huayuan-xiangqi-invitational-2019.toml). Round 1 is paired from the section page and
round 2 from round 1's page: no request the browser makes waits for the engine (each is
shorter than the engine's deliberate delay, by Playwright's own timing of each request, sent
to response end), the progress line is shown while the engine works, and each round is stored
once, 1,000 boards.

The issue's figure, no request over 2 s, is a speed target: it is measured in docs/bench.md
(the round page of 1,000 boards, 0.45-0.49 s of CPU a GET), not asserted here, where the
wall time of a request depends on what else the machine runs (CI's two test processes, the
live server and chromium on 2 cores: a round page of 2.3 s and 4.1 s was seen there before
the page was made lighter). What this test asserts cannot pass if a request ran the engine.

The players and round 1's results are written in bulk (bulk_create / update), not through
the pages: the pages under test are the pairing's. The templates render as the site's do
(``plain_templates``): Django's test instrumentation of each template took a round page of
1,000 boards from 1.1-1.2 s of CPU to 2.7 s. The engine is the section's own, run in
its worker process six seconds late (``stand_in_engines.slow_engine``) so that the progress
line is shown whatever the machine's speed (the pairing itself, 2,000 players, may take less
than the 1.5 s wait) and a request that waited for it would take longer than that."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import transaction

from crosstable_web.events import models, services
from crosstable_web.events.regulations import rules
from crosstable_web.events.rounds import pairing_runs
from web.events import stand_in_engines

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
PLAYERS = 2000
ENGINE_DELAY_SECONDS = 6
LONGEST_REQUEST_MS = ENGINE_DELAY_SECONDS * 1000  # a request that waited for the engine
UNITS = tuple(f"Unit {number:02d}" for number in range(40))


def _big_section(example: str, key: str | None, organiser: User, arbiter: User) -> models.Section:
    event = services.create_event(rules.load_event_spec(EXAMPLES / example), organiser)
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section = event.sections.get(key=key) if key else event.sections.get()
    models.Entry.objects.bulk_create(
        models.Entry(
            section=section,
            name=f"Player {index:04d}",
            sex="M",  # L12 is the boys' section
            unit=UNITS[index % len(UNITS)],
            native_unit=UNITS[index % len(UNITS)],
            rating=1000 + (index * 7919) % 1500,
        )
        for index in range(PLAYERS)
    )
    with transaction.atomic():
        services.assign_pairing_numbers(section, arbiter)
    return section


def _log_in(
    chromium: Any, live_server: Any, arbiter: User, first: str
) -> tuple[Any, list[tuple[str, str, float]]]:
    arbiter.set_password("Papan-2000")
    arbiter.save()
    context = chromium.new_context()
    page = context.new_page()
    page.set_default_timeout(120_000)
    page.goto(f"{live_server.url}/accounts/login/?next={first}")
    page.fill("#id_username", arbiter.username)
    page.fill("#id_password", "Papan-2000")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    # Every request from here on, with its time from sent to the response's end.
    timings: list[tuple[str, str, float]] = []
    page.on(
        "requestfinished",
        lambda request: timings.append(
            (request.method, request.url, request.timing["responseEnd"])
        ),
    )
    return page, timings


def _pair(page: Any, section: models.Section, number: int) -> None:
    """Press "Pair next round" on the page open now; the progress line shows, then the new
    round's page opens by itself."""
    with page.expect_navigation():
        page.click("#pair-next")
    line = page.inner_text("#pairing-run-text")
    assert str(number) in line, line
    assert page.locator("#pair-next").count() == 0
    page.wait_for_url(f"**/e/{section.event.slug}/s/{section.key}/r/{number}/", timeout=300_000)
    page.wait_for_load_state("load")


def _play(section: models.Section, number: int) -> None:
    """Round ``number``'s results in bulk: white wins on the odd boards, black on the even."""
    boards = models.Board.objects.filter(round__section=section, round__number=number)
    boards.filter(number__in=range(1, PLAYERS, 2)).update(white_result="1", black_result="0")
    boards.filter(number__in=range(2, PLAYERS, 2)).update(white_result="0", black_result="1")


def _check_stored_once(section: models.Section, number: int) -> None:
    assert section.rounds.filter(number=number).count() == 1
    round_row = section.rounds.get(number=number)
    assert round_row.boards.count() == PLAYERS // 2
    assert round_row.byes.count() == 0
    paired = [
        entry for pair in round_row.boards.values_list("white_id", "black_id") for entry in pair
    ]
    assert len(set(paired)) == PLAYERS  # nobody twice
    assert (
        models.AuditLog.objects.filter(
            event=section.event, action="round.pair", target=f"{section.key} R{number}"
        ).count()
        == 1
    )
    assert section.pairing_runs.filter(round_number=number).count() == 1


@pytest.mark.parametrize(
    ("example", "key"),
    [("kinabatangan-school-2024.toml", "L12"), ("huayuan-xiangqi-invitational-2019.toml", None)],
    ids=["kinabatangan-L12", "huayuan-xiangqi"],
)
def test_two_thousand_players_pair_from_the_pages(
    example: str,
    key: str | None,
    chromium: Any,
    live_server: Any,
    organiser: User,
    arbiter: User,
    settings: Any,
    monkeypatch: pytest.MonkeyPatch,
    plain_templates: None,
) -> None:
    settings.PAIRING_JOBS = True
    settings.PAIRING_WAIT_SECONDS = 1.5
    monkeypatch.setattr(
        pairing_runs, "WORK", partial(stand_in_engines.slow_engine, seconds=ENGINE_DELAY_SECONDS)
    )
    section = _big_section(example, key, organiser, arbiter)
    base = f"/e/{section.event.slug}/s/{section.key}/"
    page, timings = _log_in(chromium, live_server, arbiter, base)
    page.wait_for_url(f"**{base}")

    _pair(page, section, 1)
    _check_stored_once(section, 1)
    _play(section, 1)
    page.reload()
    _pair(page, section, 2)
    _check_stored_once(section, 2)

    slow = [(method, url, round(ms)) for method, url, ms in timings if ms > LONGEST_REQUEST_MS]
    longest = max(timings, key=lambda timing: timing[2])
    print(f"{len(timings)} requests, the longest {longest[2]:.0f} ms: {longest[0]} {longest[1]}")
    assert timings
    assert not slow, slow
    page.context.close()
