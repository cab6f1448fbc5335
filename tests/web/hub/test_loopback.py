"""Issue 27's loopback journey: Kinabatangan L12 run at the venue (its own process, SQLite,
settings.venue) in Malay and published by ``crosstable-web publish --all --loop`` to a hub
(another process, PostgreSQL). A parent follows a boy on the hub on a 390-px phone; the hub is
stopped for rounds 2 and 3 (typed at the venue while it is away: the venue's page says the
public site cannot be reached); started again, everything arrives within 5 seconds, exactly
once (the two events' backup files equal table by table, one notice per pairing and result),
and the parent gets the round-3 e-mail from the hub."""

from __future__ import annotations

import email
import json
import time
import zoneinfo
from pathlib import Path
from typing import Any

import pytest

from crosstable_web.events.files import event_file
from crosstable_web.hub import receiving

from ..log_in import log_in
from .processes import ROOT, Site, hub_query, hub_site, stop_all, venue_query, venue_site

pytestmark = pytest.mark.slow
PHONE = {"width": 390, "height": 844}
REGULATIONS = ROOT / "examples" / "kinabatangan-school-2024.toml"
ENTRY_FORM = ROOT / "tests" / "data" / "journeys" / "kinabatangan-sekolah.xlsx"
VENUE_SLUG, HUB_SLUG = "kinabatangan-2024", "kinabatangan-l12"
BOYS = 9  # the entry form's boys ("L"): four boards and a bye each round
SHOTS = Path("/tmp/venue-shots")


def _tables(text: str) -> dict[str, Any]:
    document = event_file.comparable(json.loads(text))
    return {k: v for k, v in document["tables"].items() if k not in receiving.HUB_OWNED}


def _play(venue: Site, number: int) -> None:
    """Round ``number`` of L12 paired and its four results typed at the venue."""
    venue.run("pair", VENUE_SLUG, "--section", "L12", "--as", "cikgu")
    results = []
    for board in range(1, BOYS // 2 + 1):
        results += [str(board), ("1-0", "0-1", "=")[(board + number) % 3]]
    venue.run("result", VENUE_SLUG, "L12", str(number), *results, "--as", "cikgu")


def _venue_lines(venue: Site) -> int:
    return int(
        venue_query(
            venue,
            "SELECT count(*) FROM events_auditlog a JOIN events_event e ON a.event_id = e.id "
            "WHERE e.slug = ?",
            VENUE_SLUG,
        )[0][0]
    )


def _hub_lines(hub: Site) -> int:
    rows = hub_query(
        hub,
        "SELECT s.lines FROM hub_hubslot s JOIN events_event e ON s.event_id = e.id "
        "WHERE e.slug = %s",
        HUB_SLUG,
    )
    return int(rows[0][0]) if rows else -1


def _wait(condition: Any, seconds: float, what: str) -> float:
    started = time.monotonic()
    while not condition():
        if time.monotonic() - started > seconds:
            raise AssertionError(f"not within {seconds} s: {what}")
        time.sleep(0.1)
    return time.monotonic() - started


def _mails(hub: Site) -> list[tuple[str, str]]:
    found = []
    for path in sorted((hub.folder / "mail").glob("*.log")):
        for chunk in path.read_bytes().split(b"\n" + b"-" * 79 + b"\n"):
            if chunk.strip():
                message = email.message_from_bytes(chunk.strip())
                body = message.get_payload(decode=True)
                assert isinstance(body, bytes)
                found.append((str(message["To"]), body.decode()))
    return found


def test_kinabatangan_l12_reaches_the_hub_after_it_was_away(tmp_path: Path, chromium: Any) -> None:
    SHOTS.mkdir(exist_ok=True)
    publisher = None
    with hub_site(tmp_path / "hub") as hub:
        venue = venue_site(tmp_path / "venue")
        # the teacher is the laptop's first account; the hub's organiser runs the public site
        make = (
            "from django.contrib.auth.models import User; User.objects.create_superuser(%r, '', %r)"
        )
        venue.run("shell", "-c", make % ("cikgu", "cikgu-pass"))
        hub.run("shell", "-c", make % ("penganjur", "penganjur-pass"))
        for site, slug in ((venue, VENUE_SLUG), (hub, HUB_SLUG)):
            user = "cikgu" if site is venue else "penganjur"
            site.run(
                "create_event", str(REGULATIONS), "--slug", slug, "--rounds", "3", "--as", user
            )
        venue.run(
            "import_entries", VENUE_SLUG, str(ENTRY_FORM), "--numbers", "rating", "--as", "cikgu"
        )
        key = hub.run("hub_key", HUB_SLUG, "--as", "penganjur").stdout.strip()
        hub.start()
        address = f"{hub.url}/p/{HUB_SLUG}/"
        first = venue.run("publish", VENUE_SLUG, "--to", address, "--key", key)
        assert "applied: Published" in first.stdout
        publisher = venue.background("publish", "--all", "--loop", "--interval", "0.5")
        venue.start()
        try:
            _play(venue, 1)
            _wait(lambda: _hub_lines(hub) == _venue_lines(venue), 30, "round 1 on the hub")

            # --- a parent follows the first boy on the hub, on her phone, in Malay ----------
            phone = chromium.new_context(
                viewport=PHONE, is_mobile=True, has_touch=True, locale="ms-MY"
            )
            page = phone.new_page()
            page.set_default_timeout(30_000)
            page.goto(f"{hub.url}/p/language/ms/?next=/p/{HUB_SLUG}/L12/player/1/")
            boy = page.locator("h1").inner_text()
            update = page.locator("#venue-update").inner_text()
            updated_at = hub_query(hub, "SELECT updated_at FROM hub_hubslot")[0][0]
            local = updated_at.astimezone(zoneinfo.ZoneInfo("Asia/Kuching"))
            assert update.startswith("Kemas kini terakhir dari tempat pertandingan:")
            assert update.endswith(local.strftime("%H:%M")), (update, local)
            page.tap("#follow-player")
            page.fill("#follow-address", "ibu@example.my")
            with page.expect_navigation():
                page.tap("#follow-email button")
            [(to, body)] = _mails(hub)
            assert to == "ibu@example.my"
            link = next(word for word in body.split() if "/p/follow/confirm/" in word)
            page.goto(link)
            page.screenshot(path=str(SHOTS / "hub-follow-ms-390.png"), full_page=True)

            # --- the hub goes away for rounds 2 and 3 -----------------------------------
            hub.stop()
            _play(venue, 2)
            _play(venue, 3)
            _wait(
                lambda: (
                    venue_query(venue, "SELECT last_code FROM hub_venuelink")[0][0] == "unreachable"
                ),
                30,
                "the venue sees the hub gone",
            )
            desk = chromium.new_context(locale="ms-MY")
            arbiter = desk.new_page()
            log_in(arbiter, venue.url, "cikgu", "cikgu-pass", f"/e/{VENUE_SLUG}/")
            status = arbiter.locator("#publishing-status").inner_text()
            assert "Laman awam tidak dapat dihubungi" in status, status
            arbiter.screenshot(path=str(SHOTS / "venue-offline-ms.png"), full_page=True)

            # --- back: everything within 5 s, exactly once -------------------------------
            hub.start()
            took = _wait(lambda: _hub_lines(hub) == _venue_lines(venue), 5, "rounds 2-3 on the hub")
            print(f"hub caught up {took:.2f} s after it answered again")
            arbiter.reload()
            assert "Diterbitkan" in arbiter.locator("#publishing-status").inner_text()
            venue_tables = _tables(venue.run("export_event", VENUE_SLUG).stdout)
            hub_tables = _tables(hub.run("export_event", HUB_SLUG).stdout)
            assert sorted(venue_tables) == sorted(hub_tables)
            for label in venue_tables:
                assert hub_tables[label] == venue_tables[label], label
            notices = hub_query(
                hub,
                "SELECT kind, round_number, board_number, count(*) FROM follow_notice "
                "GROUP BY kind, round_number, board_number ORDER BY 2, 1, 3",
            )
            expected = [
                (kind, number, board, 1)
                for number in (1, 2, 3)
                for kind, board in [("result", b) for b in range(1, BOYS // 2 + 1)]
                + [("round", None)]
            ]
            assert notices == sorted(expected, key=lambda n: (n[1], n[0], n[2] or 0))

            page.goto(f"{hub.url}/p/{HUB_SLUG}/L12/round/3/")
            assert (
                "Kemas kini terakhir dari tempat pertandingan:"
                in page.locator("#venue-update").inner_text()
            )
            page.screenshot(path=str(SHOTS / "hub-round3-ms-390.png"), full_page=True)

            hub.run("send_notifications")
            letters = [body for to, body in _mails(hub)[1:] if to == "ibu@example.my"]
            round_three = [body for body in letters if "Pusingan 3" in body]
            assert len(round_three) == 2, letters  # paired, then the result: once each
            # the pairing names the opponent, the result both players
            assert sum(boy in body for body in round_three) >= 1, (boy, round_three)
        finally:
            stop_all(publisher)
            venue.stop()
