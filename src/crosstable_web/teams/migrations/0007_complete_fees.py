"""Teams saved before team fees were computed (migration 0003 gave them 0, 0004 left their
``fee_computed_at`` empty) get their fee once, here, logged as ``team.fee`` by "system" (reason
``first_computed``) and linked to the team. Until now the fee pages and the team section page
computed it on the visit (a GET that locked rows and wrote); it is done at write time since
(a team saved, an entry corrected, the regulations changed: ``teams.fees``).

The fee is computed by today's fee code (``fees.refresh_fee``): it is what the pages gave until
now. A team whose fee is unchanged (a section without a team fee, a fee really 0) is marked
computed without a line.
"""

import importlib
from typing import Any

from django.db import migrations
from django.utils import timezone

# A line is appended to the audit chain with the digest as frozen in events.0012 (params hashed
# when present, links never).
_append = importlib.import_module("crosstable_web.events.migrations.0012_audit_links")._append


def _complete_fees(apps: Any, schema_editor: Any) -> None:
    from crosstable_web.teams.fees import refresh_fee

    Team = apps.get_model("teams", "Team")
    AuditLog = apps.get_model("events", "AuditLog")
    TeamAuditLink = apps.get_model("teams", "TeamAuditLink")
    stale = Team.objects.filter(fee_computed_at__isnull=True).select_related("section__event")
    for team in stale.order_by("section__event_id", "section__position", "number"):
        old = {"fee_due": str(team.fee_due), "discounts": list(team.fee_discounts)}
        new = refresh_fee(team)
        if new == old:
            continue
        section = team.section
        line = AuditLog(
            event=section.event,
            username="system",
            at=timezone.now(),
            action="team.fee",
            target=f"{section.key}/team {team.number} {team.name}"[:300],
            old=old,
            new={**new, "reason": "first_computed"},
            warnings=[],
            params={"section": section.key, "team": team.name},
        )
        _append(AuditLog, line)
        TeamAuditLink.objects.create(line=line, team=team)


class Migration(migrations.Migration):
    dependencies = [
        ("teams", "0006_audit_links"),
        ("events", "0012_audit_links"),
    ]

    operations = [
        migrations.RunPython(_complete_fees, migrations.RunPython.noop),
    ]
