"""Publishing an event from its venue to a hub (docs/venue.md): the hub's event becomes the
venue's, table by table; followers on the hub keep following; each new pairing or result
makes one notice, however often it is sent; bad input is refused with its reason and
nothing is lost at either end; the next publication resumes."""

from __future__ import annotations

import gzip
import json
import time

import pytest
from django.contrib.auth.models import User

from crosstable_web.events import models, rounds
from crosstable_web.events.services import ServiceError
from crosstable_web.follow.models import Follower, Notice
from crosstable_web.hub import receiving, sending, signing
from crosstable_web.hub.models import HubSlot, VenueLink
from crosstable_web.public import versions

from .conftest import Wire, assert_same

pytestmark = pytest.mark.django_db


def _round(event: models.Event, number: int) -> models.Round:
    return models.Round.objects.get(section__event=event, section__key="open", number=number)


def test_the_hub_receives_the_whole_event_once(link: VenueLink, wire: Wire, arbiter: User) -> None:
    venue = link.event
    hub = HubSlot.objects.get(key=link.key).event
    version_before = versions.current(hub.pk)
    outcome = sending.publish(link)
    assert outcome.code == "applied", outcome
    assert_same(venue, hub)
    slot = HubSlot.objects.get(event=hub)
    assert slot.lines == models.AuditLog.objects.filter(event=venue).count()
    assert versions.current(hub.pk) > version_before  # the hub's cached pages are renewed
    # nothing changed: nothing is sent
    assert not sending.publish(link).sent
    assert len(wire.sent) == 1
    # round 1 paired and played at the venue made one round notice and two result notices
    # on the hub (a forfeit board is a result too)
    assert sorted(
        Notice.objects.filter(section__event=hub).values_list(
            "kind", "round_number", "board_number"
        )
    ) == [
        ("result", 1, 1),
        ("result", 1, 2),
        ("round", 1, None),
    ]
    # sent again on purpose: the same lines make no second notice
    assert sending.publish(link, force=True).code == "unchanged"
    assert Notice.objects.filter(section__event=hub).count() == 3


def test_a_follower_on_the_hub_keeps_following_through_publications(
    link: VenueLink, wire: Wire, arbiter: User
) -> None:
    venue = link.event
    hub = HubSlot.objects.get(key=link.key).event
    assert sending.publish(link).ok
    followed = hub.sections.get(key="open").entries.get(pairing_number=1)
    follower = Follower.objects.create(
        entry=followed,
        email="parent@example.org",
        site="http://testserver",
        language="ms",
        confirmed=True,
    )
    section = venue.sections.get(key="open")
    round_two = rounds.pair_next_round(section, arbiter)
    rounds.enter_result(round_two, 1, "=", arbiter)
    outcome = sending.publish(link)
    assert outcome.code == "applied"
    assert_same(venue, hub)
    follower.refresh_from_db()  # the same row, the same player
    assert follower.entry_id == followed.pk
    assert follower.entry.name == venue.sections.get(key="open").entries.get(pairing_number=1).name
    assert Notice.objects.filter(section__event=hub, round_number=2).count() == 2  # paired, board 1


def test_changes_made_on_the_hub_are_refused(link: VenueLink, wire: Wire, arbiter: User) -> None:
    hub = HubSlot.objects.get(key=link.key).event
    models.EventRole.objects.create(event=hub, user=arbiter, role=models.Role.ARBITER)
    assert sending.publish(link).ok
    assert hub.roles.filter(user=arbiter).exists()  # the hub's roles stay the hub's
    with pytest.raises(ServiceError, match="published from its venue"):
        rounds.enter_result(_round(hub, 1), 1, "0", arbiter)
    assert_same(link.event, hub)


def test_a_late_older_publication_is_ignored(link: VenueLink, wire: Wire, arbiter: User) -> None:
    first_body: list[tuple[dict[str, str], bytes]] = []
    wire.fault = None
    assert sending.publish(link).ok
    first_body.append(wire.sent[-1])
    rounds.pair_next_round(link.event.sections.get(key="open"), arbiter)
    assert sending.publish(link).code == "applied"
    hub = HubSlot.objects.get(key=link.key).event
    # the first publication arrives again, late (re-signed: a replay is refused apart)
    first_headers, body = first_body[0]
    document = json.loads(gzip.decompress(body))
    assert document["sequence"] == 1
    # signed one second after the first sending: within the same second the signature would be
    # the first one's, and the hub rightly refuses that as a replay (a fast machine did)
    signed_at = max(int(time.time()), int(first_headers[signing.TIME_HEADER]) + 1)
    fresh = signing.headers(link.key, hub.slug, signed_at, body)
    status, answer = wire.post(f"http://testserver/p/{hub.slug}/publish", fresh, body)
    assert (status, json.loads(answer)["code"]) == (200, "stale")
    assert_same(link.event, hub)


def test_a_replayed_request_is_refused(link: VenueLink, wire: Wire) -> None:
    assert sending.publish(link).ok
    headers, body = wire.sent[-1]
    hub = HubSlot.objects.get(key=link.key).event
    status, answer = wire.post(f"http://testserver/p/{hub.slug}/publish", headers, body)
    assert (status, json.loads(answer)["code"]) == (409, "replayed")


@pytest.mark.parametrize(
    ("spoil", "code", "words"),
    [
        ("key", "bad_key", "publishing key"),
        ("clock", "expired", "seconds away"),
        ("event", "other_event", "hub-open"),
        ("truncated", "incomplete", "incomplete"),
        ("oversized", "too_large", "larger than"),
        ("hub_500", "hub_error", "HTTP 500"),
        ("cable", "unreachable", "cannot be reached"),
    ],
)
def test_bad_publications_are_refused_and_the_next_one_resumes(
    link: VenueLink,
    wire: Wire,
    arbiter: User,
    monkeypatch: pytest.MonkeyPatch,
    settings: object,
    spoil: str,
    code: str,
    words: str,
) -> None:
    hub = HubSlot.objects.get(key=link.key).event
    assert sending.publish(link).ok
    rounds.pair_next_round(link.event.sections.get(key="open"), arbiter)
    before = tables_of(hub)
    notices = Notice.objects.count()
    good_key = link.key
    if spoil == "key":
        link.key = "not-the-key"
        link.save()
    elif spoil == "clock":
        real = time.time
        monkeypatch.setattr(time, "time", lambda: real() - 3600)
    elif spoil == "event":
        wire.mangle = lambda headers, body: (
            signing.headers(good_key, hub.slug, int(time.time()), _other_event(body)),
            _other_event(body),
        )
    elif spoil == "truncated":
        wire.mangle = lambda headers, body: (headers, body[: len(body) // 2])
    elif spoil == "oversized":
        monkeypatch.setattr(receiving, "max_body_bytes", lambda: 100)
    elif spoil == "hub_500":
        wire.fault = lambda: (500, b"<h1>Server Error (500)</h1>")
    elif spoil == "cable":

        def cut() -> tuple[int, bytes]:
            raise ConnectionRefusedError(111, "Connection refused")

        wire.fault = cut
    outcome = sending.publish(link)
    assert outcome.code == code
    assert words in outcome.text()
    link.refresh_from_db()
    assert link.last_code == code
    # nothing changed on the hub, nothing lost at the venue
    assert tables_of(hub) == before
    assert Notice.objects.count() == notices
    # the cause gone, the next publication brings everything
    link.key = good_key
    link.save()
    wire.fault = wire.mangle = None
    monkeypatch.undo()
    monkeypatch.setattr(sending, "post", wire.post)
    outcome = sending.publish(link)
    assert outcome.code == "applied", outcome
    assert_same(link.event, hub)
    assert Notice.objects.filter(section__event=hub, round_number=2, kind="round").count() == 1


def _other_event(body: bytes) -> bytes:
    document = json.loads(gzip.decompress(body))
    document["event"] = "another-event"
    return gzip.compress(json.dumps(document).encode())


def tables_of(event: models.Event) -> object:
    from .conftest import tables

    return tables(event)


def test_a_tampered_venue_is_refused_with_the_reason(
    link: VenueLink, wire: Wire, arbiter: User
) -> None:
    hub = HubSlot.objects.get(key=link.key).event
    assert sending.publish(link).ok
    held = tables_of(hub)
    # someone deletes a line in the laptop's database (the third), then a result is entered
    lines = list(models.AuditLog.objects.filter(event=link.event).order_by("pk"))
    lines[2].delete()
    rounds.pair_next_round(link.event.sections.get(key="open"), arbiter)
    outcome = sending.publish(link)
    assert outcome.code == "broken_chain"
    assert "line 3" in outcome.text()
    assert tables_of(hub) == held
    slot = HubSlot.objects.get(event=hub)
    assert "broken at line 3" in slot.last_refusal


def last_place(event: models.Event) -> int:
    return models.AuditLog.objects.filter(event=event).count()


def test_a_venue_whose_last_lines_were_removed_is_refused(
    link: VenueLink, wire: Wire, arbiter: User
) -> None:
    hub = HubSlot.objects.get(key=link.key).event
    rounds.pair_next_round(link.event.sections.get(key="open"), arbiter)
    assert sending.publish(link).ok
    last = models.AuditLog.objects.filter(event=link.event).order_by("pk").last()
    assert last is not None and last.action == "round.pair"
    last.delete()  # the chain before it still verifies: only the hub can tell
    outcome = sending.publish(link)
    assert outcome.code == "history_rewritten"
    assert "round.pair" in outcome.text()
    assert HubSlot.objects.get(event=hub).lines == last_place(hub)


def test_a_result_edited_without_an_audit_line_is_refused(link: VenueLink, wire: Wire) -> None:
    hub = HubSlot.objects.get(key=link.key).event
    assert sending.publish(link).ok
    held = tables_of(hub)
    # board 1 of round 1 was 1-0; someone makes it 0-1 in the laptop's database
    models.Board.objects.filter(round=_round(link.event, 1), number=1).update(
        white_result="0", black_result="1"
    )
    outcome = sending.publish(link)
    assert outcome.code == "changed_without_audit"
    assert "without a line in its audit log (table events.board)" in outcome.text()
    assert tables_of(hub) == held
    assert "events.board" in HubSlot.objects.get(event=hub).last_refusal
