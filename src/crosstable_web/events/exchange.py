"""A section as TRF-2026 (the whole event as one JSON file is ``crosstable_web.backup``)."""

from __future__ import annotations

from crosstable.model import Acceleration, Tournament
from crosstable.pairing.acceleration import AccelerationError, asks_for_baku, baku_accelerations
from crosstable_web import bridge
<<<<<<< HEAD
from crosstable_web.events import models, rules
=======
from crosstable_web.events import audit, models, rules
from crosstable_web.events.audit import Actor
from crosstable_web.events.services import ServiceError

FORMAT = "crosstable-event"
VERSION = 1

_ENTRY_FIELDS = (
    "pairing_number",
    "name",
    "sex",
    "rating",
    "title",
    "federation",
    "fide_id",
    "national_grade",
    "unit",
    "native_unit",
    "member_id",
    "joined_before_round",
    "withdrawn_after_round",
    "withdrawn_automatically",
)
_SECTION_FIELDS = (
    "key",
    "name",
    "position",
    "total_rounds",
    "system_code",
    "scoring",
    "tiebreaks",
    "forfeits_to_withdraw",
    "max_entries",
    "settings",
)


def _entry_json(entry: models.Entry) -> dict[str, Any]:
    data: dict[str, Any] = {name: getattr(entry, name) for name in _ENTRY_FIELDS}
    data["unit_kind"] = entry.unit_kind
    data["id"] = entry.pk
    data["birth_date"] = entry.birth_date.isoformat() if entry.birth_date else None
    data["fee_due"] = str(entry.fee_due)
    data["fee_paid"] = str(entry.fee_paid)
    data["house"] = entry.house
    data["requested_byes"] = [
        [bye.round_number, bye.result] for bye in entry.requested_byes.order_by("round_number")
    ]
    return data


def event_document(event: models.Event) -> dict[str, Any]:
    """The event as plain data (what the JSON file holds)."""
    sections = []
    for section in event.sections.all():
        data: dict[str, Any] = {name: getattr(section, name) for name in _SECTION_FIELDS}
        data["entry_fee"] = str(section.entry_fee)
        data["entries"] = [_entry_json(entry) for entry in section.entries.order_by("id")]
        data["rounds"] = [
            {
                "number": round_row.number,
                "starts_at": round_row.starts_at.isoformat() if round_row.starts_at else None,
                "boards": [
                    [
                        b.number,
                        b.white_id,
                        b.black_id,
                        b.white_result,
                        b.black_result,
                        b.white_fouls,
                        b.black_fouls,
                    ]
                    for b in round_row.boards.order_by("number")
                ],
                "byes": [[bye.entry_id, bye.result] for bye in round_row.byes.order_by("entry_id")],
            }
            for round_row in section.rounds.order_by("number")
        ]
        sections.append(data)
    return {
        "format": FORMAT,
        "version": VERSION,
        "event": {
            "slug": event.slug,
            "name": event.name,
            "game": event.game,
            "registration_open": event.registration_open,
            "regulations_text": event.regulations_text,
            "time_zone": event.time_zone,
            "calendar": event.calendar,
            "start_date": event.start_date.isoformat() if event.start_date else None,
            "end_date": event.end_date.isoformat() if event.end_date else None,
            "venue": event.venue,
        },
        "roles": [
            [role.user.get_username(), role.role]
            for role in event.roles.select_related("user").order_by("user__username", "role")
        ],
        "sections": sections,
        "audit_log": [
            {
                "at": line.at.isoformat(),
                "username": line.username,
                "action": line.action,
                "target": line.target,
                "old": line.old,
                "new": line.new,
                "warnings": line.warnings,
            }
            for line in event.audit_log.order_by("at", "id")
        ],
    }


def export_event_json(event: models.Event) -> str:
    return json.dumps(event_document(event), ensure_ascii=False, indent=1, sort_keys=True)


def comparable(document: dict[str, Any]) -> dict[str, Any]:
    """The document without what a re-import necessarily renumbers (row ids, the import's
    own audit line), for checking that a round trip loses nothing."""
    text = json.dumps(document, sort_keys=True)
    copy: dict[str, Any] = json.loads(text)
    for section in copy["sections"]:
        ids = {
            entry["id"]: entry["pairing_number"] or f"#{i}"
            for i, entry in enumerate(section["entries"])
        }
        for entry in section["entries"]:
            entry.pop("id")
        for round_data in section["rounds"]:
            for board in round_data["boards"]:
                board[1], board[2] = ids[board[1]], ids[board[2]]
            for bye in round_data["byes"]:
                bye[0] = ids[bye[0]]
    copy["audit_log"] = [line for line in copy["audit_log"] if line["action"] != "event.import"]
    copy["event"].pop("slug")
    return copy


def _date_or_none(text: str | None) -> datetime.date | None:
    return datetime.date.fromisoformat(text) if text else None


@transaction.atomic
def import_event_json(text: str, actor: Actor, slug: str | None = None) -> models.Event:
    """Re-create an exported event (a new slug can be given if the old one is taken)."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise ServiceError(
            _("Not a JSON file: line %(line)d column %(col)d: %(msg)s")
            % {"line": error.lineno, "col": error.colno, "msg": error.msg}
        ) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ServiceError(_("Not a crosstable event file (format must be %(f)s).") % {"f": FORMAT})
    if document.get("version") != VERSION:
        raise ServiceError(
            _("Unsupported event file version %(v)s.") % {"v": document.get("version")}
        )
    data = document["event"]
    slug = slug or data["slug"]
    if models.Event.objects.filter(slug=slug).exists():
        raise ServiceError(_("An event with the code %(slug)s already exists.") % {"slug": slug})
    event = models.Event.objects.create(
        slug=slug,
        name=data["name"],
        game=data["game"],
        registration_open=data["registration_open"],
        regulations_text=data["regulations_text"],
        # files written before events had a zone, calendar and dates: the defaults
        time_zone=data.get("time_zone", "UTC"),
        calendar=data.get("calendar", models.Calendar.GREGORIAN),
        start_date=_date_or_none(data.get("start_date")),
        end_date=_date_or_none(data.get("end_date")),
        venue=data.get("venue", ""),
    )
    for username, role in document.get("roles", []):
        user = User.objects.filter(username=username).first()
        if user is not None:
            models.EventRole.objects.create(event=event, user=user, role=role)
    for section_data in document["sections"]:
        section = models.Section.objects.create(
            event=event,
            entry_fee=Decimal(section_data["entry_fee"]),
            **{name: section_data[name] for name in _SECTION_FIELDS},
        )
        new_ids: dict[int, int] = {}
        for entry_data in section_data["entries"]:
            entry = models.Entry.objects.create(
                section=section,
                birth_date=(
                    datetime.date.fromisoformat(entry_data["birth_date"])
                    if entry_data["birth_date"]
                    else None
                ),
                fee_due=Decimal(entry_data["fee_due"]),
                fee_paid=Decimal(entry_data["fee_paid"]),
                house=bool(entry_data.get("house", False)),  # absent before house players
                unit_kind=str(entry_data.get("unit_kind", "")),  # absent before unit kinds
                **{name: entry_data[name] for name in _ENTRY_FIELDS},
            )
            new_ids[entry_data["id"]] = entry.pk
            models.RequestedBye.objects.bulk_create(
                models.RequestedBye(entry=entry, round_number=number, result=result)
                for number, result in entry_data["requested_byes"]
            )
        for round_data in section_data["rounds"]:
            starts_at = round_data.get("starts_at")
            round_row = models.Round.objects.create(
                section=section,
                number=round_data["number"],
                starts_at=datetime.datetime.fromisoformat(starts_at) if starts_at else None,
            )
            models.Board.objects.bulk_create(
                models.Board(
                    round=round_row,
                    number=number,
                    white_id=new_ids[white],
                    black_id=new_ids[black],
                    white_result=w_result,
                    black_result=b_result,
                    white_fouls=w_fouls,
                    black_fouls=b_fouls,
                )
                for number, white, black, w_result, b_result, w_fouls, b_fouls in round_data[
                    "boards"
                ]
            )
            models.Bye.objects.bulk_create(
                models.Bye(round=round_row, entry_id=new_ids[entry_id], result=result)
                for entry_id, result in round_data["byes"]
            )
    for line in document.get("audit_log", []):
        row = models.AuditLog.objects.create(
            event=event,
            username=line["username"],
            action=line["action"],
            target=line["target"],
            old=line["old"],
            new=line["new"],
            warnings=line["warnings"],
        )
        # ``at`` is set on creation; keep the original time.
        models.AuditLog.objects.filter(pk=row.pk).update(at=parse_datetime(line["at"]))
    audit.record(event, actor, "event.import", event.name, None, {"slug": slug})
    return event
>>>>>>> f5036c6 (Events: IANA time zone, calendar, dates and venue per event (regulations event.time_zone, the five examples name theirs; migration fills existing events from their regulations); slugs from names in any script (pinyin, Persian letters, year in the event's calendar; was '2019'/'event'), checked when given; event list shows dates, venue and short name so same-named events are told apart; pages of an event show times in its zone (TimeZoneMiddleware resets), audit log at the venue in its calendar; create_event --time-zone; revoke_role service; tests)


def export_section_trf(section: models.Section) -> str:
    """The section as a TRF-2026 file; a section paired with Baku acceleration carries it as
    records 250 (:func:`pairing_accelerations`), so the file re-pairs as the app paired it."""
    from crosstable.formats.trf import write_trf

    tournament = bridge.section_tournament(section)
    tournament.accelerations = pairing_accelerations(section, tournament)
    return write_trf(tournament)


def pairing_accelerations(section: models.Section, tournament: Tournament) -> list[Acceleration]:
    """The accelerations the app pairs ``section`` with, as explicit ranges (TRF-2026 record
    250): the standard Baku ranges when the regulations say ``pairing.acceleration = "baku"``
    (or the system code ends in ``_BAKU``) and the system is the Dutch one, which alone
    applies it (``crosstable.pairing.registry``); none otherwise.

    Written out rather than left to the reader: a ``crosstable engine -p`` / ``-c`` of the file
    (or another program) knows nothing of the regulations, and record 192 keeps the section's
    own code. The ranges are those every pairing of the section computed (group A from the
    players paired in round 1, ``acceleration.baku_accelerations``), so round by round the
    file pairs the same. A section whose scoring Baku cannot take was refused at pairing;
    its file gets none."""
    declared = rules.section_rules(section)
    acceleration = None if declared is None else declared.pairing.acceleration
    if not section.system_code.strip().upper().startswith("FIDE_DUTCH"):
        return []
    if not asks_for_baku(tournament, acceleration):
        return []
    try:
        return baku_accelerations(tournament)
    except AccelerationError:
        return []
