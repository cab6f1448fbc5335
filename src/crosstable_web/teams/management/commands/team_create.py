"""``team_create EVENT SECTION NAME PLAYER… [--unit U] [--unit-kind K] [--captain USER]``:
register a team with its roster in board order; players by entry id or exact name."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import CommandError, CommandParser

from crosstable.typed import TypedValueError, read_unit_kind, whole_number_or_none
from crosstable_web.events.management import cli
from crosstable_web.events.models import Entry
from crosstable_web.events.regulations import rules
from crosstable_web.events.services import ServiceError
from crosstable_web.teams.services import rosters as team_rosters


class Command(cli.ActingCommand):
    help = "Register a team: its roster in board order (main boards, then reserves)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event")
        parser.add_argument("section")
        parser.add_argument("name")
        parser.add_argument("players", nargs="+", help="entry ids or exact names, board order")
        parser.add_argument("--unit", default="")
        parser.add_argument("--unit-kind", default="", help='e.g. "county", "school", "club"')
        parser.add_argument("--captain", default="", help="account that submits line-ups")

    def handle(self, *args: Any, **options: Any) -> None:
        section = cli.section(cli.event(options["event"]), options["section"])
        members: list[Entry] = []
        for text in options["players"]:
            entry_id = whole_number_or_none(text, 1)
            found = (
                section.entries.filter(pk=entry_id)
                if entry_id is not None
                else (section.entries.filter(name=text))
            )
            if found.count() != 1:
                raise CommandError(
                    f"{text!r}: no single entry of {section.key} has that id or name"
                )
            members.append(found.get())
        captain = None
        if options["captain"]:
            captain = User.objects.filter(username=options["captain"]).first()
            if captain is None:
                raise CommandError(f"--captain: no account {options['captain']!r}")
        regulations = rules.event_regulations(section.event)
        try:
            unit_kind = read_unit_kind(
                options["unit_kind"], regulations.unit_kinds if regulations else ()
            )
        except TypedValueError as error:
            kinds = ", ".join(error.details.get("kinds", ()))
            raise CommandError(
                f"--unit-kind: {options['unit_kind']!r} is not a unit kind ({kinds})"
            ) from None
        actor = cli.actor(options["user"])
        try:
            team = team_rosters.create_team(
                section,
                options["name"],
                members,
                actor,
                unit=options["unit"],
                unit_kind=unit_kind,
            )
            if captain is not None:
                team_rosters.set_captain(team, captain, actor)
        except ServiceError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"team {team.number}: {team.name} ({len(members)} players)")
