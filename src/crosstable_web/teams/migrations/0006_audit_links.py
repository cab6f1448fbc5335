"""Audit lines linked to the teams they are about (``TeamAuditLink``); lines written before
links were kept are linked where their ``params`` name the team (its section and name, one team
of that name), newest first so that a rename (a ``team.edit`` line whose old and new ``name``
differ) is followed back, as migration events.0012 does for entries."""

from typing import Any

import django.db.models.deletion
from django.db import migrations, models


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
    Team = apps.get_model("teams", "Team")
    TeamAuditLink = apps.get_model("teams", "TeamAuditLink")
    # (event, section key) → team name → the ids of the teams of that name
    named: dict[tuple[int, str], dict[str, set[int]]] = {}
    for pk, event_id, key, name in Team.objects.values_list(
        "pk", "section__event_id", "section__key", "name"
    ):
        named.setdefault((event_id, key), {}).setdefault(name, set()).add(pk)
    links: list[Any] = []
    lines = AuditLog.objects.exclude(event=None).exclude(params={}).order_by("-pk")
    for line in lines.iterator():
        params = line.params or {}
        names = named.get((line.event_id, str(params.get("section", ""))), {})
        found = names.get(str(params.get("team") or ""), set())
        if len(found) != 1:
            continue
        links.append(TeamAuditLink(line_id=line.pk, team_id=next(iter(found))))
        renamed = _renamed(line, "team.edit")
        if renamed is not None:  # before this line the team bore its old name
            names.get(renamed[1], set()).difference_update(found)
            names.setdefault(renamed[0], set()).update(found)
    TeamAuditLink.objects.bulk_create(links, batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0012_audit_links"),
        ("teams", "0005_ineligible_from_round"),
    ]

    operations = [
        migrations.CreateModel(
            name="TeamAuditLink",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "line",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="team_links",
                        to="events.auditlog",
                    ),
                ),
                (
                    "team",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="audit_links",
                        to="teams.team",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(fields=("line", "team"), name="unique_team_audit_link")
                ],
            },
        ),
        migrations.RunPython(_link_lines, migrations.RunPython.noop),
    ]
