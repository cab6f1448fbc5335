"""The audit log's chain of digests: a digest column, ``at`` set by default rather than
``auto_now_add`` (the digest covers the value stored), and the digests of the lines already
written, event by event, oldest first."""

import datetime
import hashlib
import json
from typing import Any

import django.utils.timezone
from django.db import migrations, models


def _digest(previous: str, line: Any) -> str:
    # A frozen copy of crosstable_web.events.oversight.audit.digest as of this migration.
    at = line.at.astimezone(datetime.UTC).isoformat(timespec="microseconds")
    content = json.dumps(
        [at, line.username, line.action, line.target, line.old, line.new, line.warnings],
        ensure_ascii=False,
        sort_keys=True,
        separators=(",", ":"),
    )
    return hashlib.sha256(f"{previous}\n{content}".encode()).hexdigest()


def chain_existing_lines(apps: Any, schema_editor: Any) -> None:
    AuditLog = apps.get_model("events", "AuditLog")
    previous: dict[Any, str] = {}
    for line in AuditLog.objects.order_by("pk").iterator():
        line.digest = _digest(previous.get(line.event_id, ""), line)
        previous[line.event_id] = line.digest
        AuditLog.objects.filter(pk=line.pk).update(digest=line.digest)


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0006_event_time_zone_calendar_dates"),
    ]

    operations = [
        migrations.AddField(
            model_name="auditlog",
            name="digest",
            field=models.CharField(blank=True, max_length=64),
        ),
        migrations.AlterField(
            model_name="auditlog",
            name="at",
            field=models.DateTimeField(db_index=True, default=django.utils.timezone.now),
        ),
        migrations.RunPython(chain_existing_lines, migrations.RunPython.noop),
    ]
