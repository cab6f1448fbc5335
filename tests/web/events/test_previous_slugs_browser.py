"""Issue 12: a parent on a 390-px phone follows a link to the public pairings shared before the
organiser changed the event's short name (``futian`` → ``futian-grades-2019``) and lands on
the renamed event's page, in Chinese, with the child's board there."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from crosstable_web.events import models
from crosstable_web.events.settings import event_settings
from web.public.futian_parents import futian_round_one

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def test_a_parent_following_an_old_link_lands_on_the_renamed_event(
    chromium: Any, live_server: Any, tmp_path: Path, simple_pairing: Any
) -> None:
    organiser = User.objects.create_user("olga", password="organiser-pass")
    arbiter = User.objects.create_user("arif", password="arbiter-pass")
    event = futian_round_one(organiser, arbiter)
    shared = f"{live_server.url}/p/futian/D/"  # the link sent to the parents' group chat
    event_settings.apply_regulations(
        event,
        event_settings.current_text(event),
        organiser,
        slug="futian-grades-2019",
    )
    assert models.Event.objects.get().slug == "futian-grades-2019"
    page = chromium.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    page.set_default_timeout(20_000)
    response = page.goto(shared)
    assert response is not None and response.status == 200
    assert page.url == f"{live_server.url}/p/futian-grades-2019/D/"
    assert response.request.redirected_from is not None
    assert response.request.redirected_from.url == shared
    page.wait_for_selector("html[lang='zh-hans']")
    text = " ".join(page.locator("main").inner_text().split())
    assert "刘小明" in text and "王五" in text
    folder = Path(os.environ.get("CROSSTABLE_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / "old-link-renamed-event.png"), full_page=True)
