"""Reading a version-1 event file (written before backups covered every table).

Version 1 held the event, its roles, sections with entries (and their requested byes), rounds
with boards and byes, and the audit log, nested; it knew nothing of teams, payments or other
tables. :func:`as_version_two` rewrites it as the tables of a version-2 document. What version
1 did not store — when the event, an entry or a round was created — becomes the time of the
import (the import's audit line says the file was version 1).
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from crosstable_web.events.models import AuditLog
from crosstable_web.events.oversight import audit
from crosstable_web.events.services import ServiceError

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
    "entry_fee",
)
_ENTRY_FIELDS = (
    "pairing_number",
    "name",
    "sex",
    "birth_date",
    "rating",
    "title",
    "federation",
    "fide_id",
    "national_grade",
    "unit",
    "native_unit",
    "member_id",
    "fee_due",
    "fee_paid",
    "joined_before_round",
    "withdrawn_after_round",
    "withdrawn_automatically",
)


def as_version_two(document: dict[str, Any]) -> dict[str, Any]:
    """The version-2 document of a version-1 file."""
    try:
        return _convert(document)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ServiceError(
            _("A version-1 event file that cannot be read: %(problem)s")
            % {"problem": f"{type(error).__name__}: {error}"}
        ) from None


def _convert(document: dict[str, Any]) -> dict[str, Any]:
    now = timezone.now().isoformat()
    data = document["event"]
    event = {
        "id": 1,
        "slug": data["slug"],
        "name": data["name"],
        "game": data["game"],
        "registration_open": data["registration_open"],
        "regulations_text": data["regulations_text"],
        "created_at": now,
    }
    roles = [
        {"id": place, "event": 1, "user": username, "role": role}
        for place, (username, role) in enumerate(document.get("roles", []), start=1)
    ]
    sections: list[dict[str, Any]] = []
    entries: list[dict[str, Any]] = []
    requested: list[dict[str, Any]] = []
    rounds: list[dict[str, Any]] = []
    boards: list[dict[str, Any]] = []
    byes: list[dict[str, Any]] = []
    for section_id, section in enumerate(document["sections"], start=1):
        sections.append(
            {"id": section_id, "event": 1} | {name: section[name] for name in _SECTION_FIELDS}
        )
        local: dict[int, int] = {}
        for entry in section["entries"]:
            local[entry["id"]] = len(entries) + 1
            row = {name: entry[name] for name in _ENTRY_FIELDS}
            row |= {
                "id": local[entry["id"]],
                "section": section_id,
                "unit_kind": entry.get("unit_kind", ""),
                "house": bool(entry.get("house", False)),
                "created_at": now,
            }
            entries.append(row)
            for number, result in entry["requested_byes"]:
                requested.append(
                    {
                        "id": len(requested) + 1,
                        "entry": local[entry["id"]],
                        "round_number": number,
                        "result": result,
                    }
                )
        for round_data in section["rounds"]:
            round_id = len(rounds) + 1
            rounds.append(
                {
                    "id": round_id,
                    "section": section_id,
                    "number": round_data["number"],
                    "paired_at": now,
                }
            )
            for number, white, black, w_result, b_result, w_fouls, b_fouls in round_data["boards"]:
                boards.append(
                    {
                        "id": len(boards) + 1,
                        "round": round_id,
                        "number": number,
                        "white": local[white],
                        "black": local[black],
                        "white_result": w_result,
                        "black_result": b_result,
                        "white_fouls": w_fouls,
                        "black_fouls": b_fouls,
                    }
                )
            for entry_id, result in round_data["byes"]:
                byes.append(
                    {
                        "id": len(byes) + 1,
                        "round": round_id,
                        "entry": local[entry_id],
                        "result": result,
                    }
                )
    lines = []
    previous = ""
    for place, line in enumerate(document.get("audit_log", []), start=1):
        row = {
            "id": place,
            "event": 1,
            "user": None,
            "username": line["username"],
            "at": line["at"],
            "action": line["action"],
            "target": line["target"],
            "old": line["old"],
            "new": line["new"],
            "warnings": line["warnings"],
        }
        # Version 1 had no chain of digests: the lines are chained as they are read.
        at = parse_datetime(line["at"])
        if at is None:
            raise ValueError(f"audit line {place}: time {line['at']!r}")
        fields = {name: row[name] for name in ("username", "action", "target", "old", "new")}
        unsaved = AuditLog(at=at, warnings=row["warnings"], **fields)
        row["digest"] = previous = audit.digest(previous, unsaved)
        lines.append(row)
    return {
        "format": document["format"],
        "version": 2,
        "accounts": sorted({role["user"] for role in roles}),
        "tables": {
            "events.event": [event],
            "events.eventrole": roles,
            "events.section": sections,
            "events.entry": entries,
            "events.requestedbye": requested,
            "events.round": rounds,
            "events.board": boards,
            "events.bye": byes,
            "events.auditlog": lines,
        },
    }
