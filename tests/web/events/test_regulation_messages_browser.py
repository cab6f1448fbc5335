"""Issues 12.3 and 13.1 in a real browser: the Fars organiser, reading the site in Persian, cuts
the under-14 table (section 2, «جدول زیر ۱۴ سال (B)») to 5 rounds while its schedule
(table_b) still lists 9. The page says so at the rounds box, in Persian words and digits, right
to left, and nothing saved changes."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from crosstable_web.events import models, services
from crosstable_web.events.regulations import rules
from web.events.test_regulation_messages import EXAMPLES, FARS_FIVE_ROUNDS
from web.log_in import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_fars_schedule_problem_in_persian_at_the_rounds_box(
    chromium: Any, live_server: Any, tmp_path: Path
) -> None:
    organiser = User.objects.create_user("parisa", password="parisa-pass")
    spec = rules.load_event_spec(EXAMPLES / "fars-team-league-1398.toml")
    event = services.create_event(spec, organiser, slug="fars")
    saved = event.regulations_text
    context = chromium.new_context(locale="fa-IR")
    page = context.new_page()
    page.set_default_timeout(30_000)
    log_in(page, live_server.url, "parisa", "parisa-pass", "/e/fars/settings/")
    page.wait_for_selector("html[lang='fa'][dir='rtl']")
    # table B's rounds in the Sections form, typed on a Persian keyboard
    named = '[name="r-event~sections1-rounds"]'
    rounds = f"#section-list-form {named}"
    page.fill(rounds, "۵")
    with page.expect_navigation():
        page.click("#save-section-list")
    box = page.locator(rounds)
    assert box.input_value() == "۵"
    # the error list the template puts at the head of the box's rule
    error = page.locator(
        '#section-list-form div.rule:has([name="r-event~sections1-rounds"]) ul.errorlist'
    )
    assert " ".join(error.inner_text().split()) == " ".join(FARS_FIVE_ROUNDS.split())
    folder = Path(os.environ.get("CROSSTABLE_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    # the section's part of the form: the message above its rounds box, right to left
    error.locator("xpath=..").screenshot(path=str(folder / "fars-schedule-problem-fa.png"))
    context.close()
    event = models.Event.objects.get()
    assert event.regulations_text == saved
    assert event.sections.get(key="B").total_rounds == 9
