"""The audit chain's head anchored outside the database (issue 31 item 8): ``verify_audit``
could not see the last lines removed, nor a log rewritten with fresh digests; the anchors file
(a second store) and the head printed on the signed prize list now show both."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.db import transaction
from django.test import Client

from crosstable_web.events import models, services
from crosstable_web.events.oversight import anchors, audit

from ..conftest import small_spec

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(
    organiser: User,
    django_capture_on_commit_callbacks: Callable[..., Any],
    settings: Any,
    tmp_path: Path,
) -> models.Event:
    settings.AUDIT_ANCHORS_FILE = tmp_path / "audit-anchors.jsonl"
    with django_capture_on_commit_callbacks(execute=True):
        created = services.create_event(small_spec(), organiser, slug="anchored")
        section = created.sections.get(key="open")
        for number, name in enumerate(["Ali", "Bea", "Chen", "Dara"], start=1):
            services.add_entry(
                section, services.EntryData(name=name, rating=2000 - number), organiser
            )
    return created


def _verify(*arguments: str) -> tuple[str, bool]:
    out = io.StringIO()
    try:
        call_command("verify_audit", *arguments, stdout=out)
    except CommandError:
        return out.getvalue(), False
    return out.getvalue(), True


def test_each_committed_line_is_anchored_in_the_second_store(event: models.Event) -> None:
    count, head = audit.head(event)
    assert count == 5, count  # the event, four players
    anchor = anchors.latest(event.pk)
    assert anchor is not None and (anchor.lines, anchor.head) == (count, head)
    text, intact = _verify("anchored")
    assert intact, text
    assert f"holds line {count} as" in text


def test_the_last_lines_deleted_are_seen(event: models.Event) -> None:
    """Before: the chain of the remaining lines verified ('chain intact', status 0)."""
    models.AuditLog.objects.filter(event=event).order_by("-pk")[0].delete()
    text, intact = _verify("anchored")
    assert "chain intact" in text  # the chain alone cannot see it
    assert not intact
    assert "the log ends at line 4" in text and "held 5 lines" in text


def test_a_log_rewritten_with_fresh_digests_is_seen(event: models.Event) -> None:
    lines = list(models.AuditLog.objects.filter(event=event).order_by("pk"))
    lines[2].target = "Zed"  # a player's name changed, every digest after it recomputed
    previous = lines[1].digest
    for line in lines[2:]:
        line.digest = audit.digest(previous, line)
        line.save()
        previous = line.digest
    assert audit.verify(event).intact
    text, intact = _verify("anchored")
    assert not intact and "the log was rewritten up to that line" in text


def test_a_rolled_back_change_leaves_no_anchor(
    event: models.Event, organiser: User, django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    section = event.sections.get(key="open")
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        services.add_entry(section, services.EntryData(name="Eve"), organiser)
        raise RuntimeError("the request failed after the line")
    assert anchors.latest(event.pk) is not None
    assert anchors.latest(event.pk).lines == 5  # type: ignore[union-attr]
    assert _verify("anchored")[1]


def test_the_prize_list_prints_the_head_and_verify_checks_it_back(
    event: models.Event, organiser: User
) -> None:
    client = Client()
    client.force_login(organiser)
    page = client.get("/print/anchored/open/prizes/?lang=en")
    assert page.status_code == 200
    printed = re.search(r'id="audit-anchor">.*?<bdi[^>]*>([^<]*)</bdi>', page.content.decode())
    assert printed is not None
    count, head = audit.head(event)
    typed = printed.group(1)
    assert typed.replace(" ", "") == f"{count}:{head}"
    assert _verify("anchored", "--anchor", typed)[1]
    # later, the last line deleted: the paper still knows
    models.AuditLog.objects.filter(event=event).order_by("-pk")[0].delete()
    text, intact = _verify("anchored", "--anchor", typed[:24])
    assert not intact and "--anchor says it held 5 lines" in text
    with pytest.raises(CommandError, match="LINES:DIGEST"):
        call_command("verify_audit", "anchored", "--anchor", "5:abc")
