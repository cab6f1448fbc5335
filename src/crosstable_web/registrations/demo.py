"""Demo registrations for the example events that take online registration: one waiting in
the organisers' queue with its documents, a payment and a change asked, so the demo shows
the queue and the backup and privacy tests meet every registration table.

Called by the events demo loader (``crosstable_web.events.demo``) once the event's entries
are in and before its registration closes.
"""

from __future__ import annotations

import dataclasses
import datetime
import random
import struct
import zlib
from decimal import Decimal

from django.contrib.auth.models import User

from crosstable.regulations.registration import closing_moment
from crosstable.regulations.schema import Registrant
from crosstable_web.events.models import Event
from crosstable_web.events.regulations import event_time, rules
from crosstable_web.registrations import documents
from crosstable_web.registrations.services import changing as registration_changing
from crosstable_web.registrations.services import checking as registration_checking
from crosstable_web.registrations.services import opening as registration_opening
from crosstable_web.registrations.services import paying as registration_paying
from crosstable_web.registrations.services import sending as registration_sending


def picture() -> bytes:
    """A small grey PNG (a stand-in for a scanned document)."""
    width = height = 8
    raw = b"".join(b"\0" + b"\x99" * width for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def add_registrations(event: Event, script: str, rng: random.Random, organiser: User) -> None:
    # The demo spans the apps: its player generator is the events demo's.
    from crosstable_web.events.demo import generate_entry

    regulations = rules.event_regulations(event)
    table = registration_opening.registration_rules(event)
    if regulations is None or table is None:
        return
    closing = closing_moment(regulations)
    now = (
        event_time.from_wall_clock(event, closing) - datetime.timedelta(days=2)
        if closing is not None
        else event_time.at_venue(event, event.start_date or datetime.date.today(), datetime.time())
        - datetime.timedelta(days=7)
    )
    kind = table.by[0]
    sections = [
        s
        for s in event.sections.all()
        if s.is_team_section == (kind is Registrant.TEAM)
        and not s.entries.filter(house=True).exists()  # a house player's section takes no one
    ]
    if not sections:
        return
    section = sections[0]
    count = 6 if kind is Registrant.TEAM else (2 if kind is Registrant.UNIT else 1)
    taken = set(section.entries.values_list("name", flat=True))
    players = []
    for index in range(count):
        data = generate_entry(section, script, rng, 100 + index, taken)
        values = {name: str(value or "") for name, value in dataclasses.asdict(data).items()}
        values["section"] = section.key
        values["sex"] = section.settings.get("group_sex") or values["sex"]  # a one-sex group
        uploads = {
            rule.key: documents.Upload(f"{rule.key}.png", picture()) for rule in table.documents
        }
        players.append(registration_checking.PlayerForm(values, uploads))
    sending = registration_checking.Sending(
        kind.value,
        "Demo registrant",
        email="registrant@example.org",
        unit="Demo unit",
        team_name="Demo team",
        team_section=section.key,
        players=players,
    )
    try:
        registration = registration_sending.submit(event, sending, now=now)
    except registration_checking.Refused as refused:
        print(f"  {event.slug}: demo registration refused: {refused}")
        return
    registration_paying.record_payment(registration, Decimal(1), now.date(), organiser)
    player = registration.players.order_by("position").first()
    assert player is not None
    after = (
        now + datetime.timedelta(days=3)
        if closing is not None
        else now  # no closing moment: approve nothing, ask the change while waiting
    )
    if closing is None:
        event.registration_open, was = False, event.registration_open
        event.save(update_fields=["registration_open"])
    registration_changing.change_player(
        registration, player, {"name": player.name + " Jr"}, now=after
    )
    if closing is None:
        event.registration_open = was
        event.save(update_fields=["registration_open"])
