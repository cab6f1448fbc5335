"""Audit lines linked to the entries they are about (``EntryAuditLink``), and two data steps:

1. Lines written before links were kept are linked where their ``params`` name one entry:
   the player (or white and black, first and second) by name among the entries of the line's
   section (of the event when the line names no section), linked only when exactly one entry
   bears that name. The lines are read newest first, so a rename (an ``entry.update`` line whose
   old and new ``name`` differ) is followed back: the lines before it name the entry by its
   old name. Lines without params (older still) stay unlinked.
2. Entries of a section whose units are its teams saved before such shares were computed
   (Huayuan events entered before issue 11) owe 0: each is given its share once, here, logged as
   ``entry.fee`` by "system". Until now the fee and entry pages did this on every visit (a GET
   that wrote); it is done at write time since (``services.add_entry``, the event settings).
"""

import datetime
import hashlib
import json
from typing import Any

import django.db.models.deletion
from django.db import migrations, models
from django.utils import timezone

_NAMED = ("player", "white", "black", "first", "second")


def _renamed(line: Any, action: str) -> tuple[str, str] | None:
    """The old and new name when ``line`` (an ``action`` line) renamed its subject."""
    old, new = line.old, line.new
    if line.action != action or not isinstance(old, dict) or not isinstance(new, dict):
        return None
    if old.get("name") and new.get("name") and old["name"] != new["name"]:
        return old["name"], new["name"]
    return None


def _link_lines(apps: Any, schema_editor: Any) -> None:
    AuditLog = apps.get_model("events", "AuditLog")
    Entry = apps.get_model("events", "Entry")
    EntryAuditLink = apps.get_model("events", "EntryAuditLink")
    lines = AuditLog.objects.exclude(event=None).order_by()  # no ordering: one row an event
    event_ids = lines.values_list("event", flat=True).distinct()
    for event_id in event_ids:
        # section key ("" for the whole event) → name → the ids of the entries of that name
        named: dict[str, dict[str, set[int]]] = {}
        for pk, key, name in Entry.objects.filter(section__event_id=event_id).values_list(
            "pk", "section__key", "name"
        ):
            for scope in (key, ""):
                named.setdefault(scope, {}).setdefault(name, set()).add(pk)
        links: list[Any] = []
        for line in AuditLog.objects.filter(event_id=event_id).order_by("-pk").iterator():
            params = line.params or {}
            scope = named.get(str(params.get("section", "")), {})
            found: set[int] = set()
            for key in _NAMED:
                ids = scope.get(str(params.get(key) or ""), set())
                if len(ids) == 1:
                    found |= ids
            links.extend(EntryAuditLink(line_id=line.pk, entry_id=pk) for pk in found)
            renamed = _renamed(line, "entry.update")
            if renamed is not None and len(found) == 1:
                # Before this line the entry bore its old name.
                for names in (scope, named.get("", {})):
                    names.get(renamed[1], set()).difference_update(found)
                    names.setdefault(renamed[0], set()).update(found)
        EntryAuditLink.objects.bulk_create(links, batch_size=500)


def _digest(previous: str, line: Any) -> str:
    # A frozen copy of crosstable_web.events.oversight.audit.digest as of this migration (params hashed
    # when present; links never).
    at = line.at.astimezone(datetime.UTC).isoformat(timespec="microseconds")
    covered = [at, line.username, line.action, line.target, line.old, line.new, line.warnings]
    if line.params:
        covered.append(line.params)
    content = json.dumps(covered, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(f"{previous}\n{content}".encode()).hexdigest()


def _complete_unit_shares(apps: Any, schema_editor: Any) -> None:
    # The regulations are read by today's code (the shares are what the pages gave until now).
    from crosstable_web.events.entry_data import ENTRY_FIELDS, EntryData
    from crosstable_web.events.regulations import rules

    Event = apps.get_model("events", "Event")
    AuditLog = apps.get_model("events", "AuditLog")
    EntryAuditLink = apps.get_model("events", "EntryAuditLink")
    for event in Event.objects.exclude(regulations_text="").order_by("pk"):
        for section in event.sections.order_by("position", "pk"):
            if rules.unit_team_size(section) is None:
                continue
            for entry in section.entries.filter(fee_due=0, house=False).order_by("pk"):
                data = EntryData(**{name: getattr(entry, name) for name in ENTRY_FIELDS})
                due = rules.fee_for(section, data)
                if due == 0:
                    continue
                entry.fee_due = due
                entry.save(update_fields=["fee_due"])
                line = AuditLog(
                    event=event,
                    username="system",
                    at=timezone.now(),
                    action="entry.fee",
                    target=f"{section.key}: {entry.name}"[:300],
                    old={"fee_due": "0.00"},
                    new={"fee_due": str(due)},
                    warnings=[],
                    params={"section": section.key, "player": entry.name},
                )
                last = (
                    AuditLog.objects.filter(event=event)
                    .order_by("-pk")
                    .values_list("digest", flat=True)
                    .first()
                )
                line.digest = _digest(last or "", line)
                line.save()
                EntryAuditLink.objects.create(line=line, entry=entry)


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0011_chief_arbiter"),
    ]

    operations = [
        migrations.CreateModel(
            name="EntryAuditLink",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "entry",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="audit_links",
                        to="events.entry",
                    ),
                ),
                (
                    "line",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="entry_links",
                        to="events.auditlog",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        fields=("line", "entry"), name="unique_entry_audit_link"
                    )
                ],
            },
        ),
        migrations.RunPython(_link_lines, migrations.RunPython.noop),
        migrations.RunPython(_complete_unit_shares, migrations.RunPython.noop),
    ]
