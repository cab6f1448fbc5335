"""``declare_ineligible EVENT SECTION PLAYER --reason TEXT [--undo] --as USERNAME``: declare
a team player ineligible (Fars table B: born before the cut-off, found out during the
event), with the regulation's consequences — every match they played re-scored, no line-up
from the first round without a result, no board ranking or prize — or, with ``--undo``,
withdraw such a declaration (the rounds played meanwhile stay as played). The player by
entry id or exact name; the account acting (``--as``) needs the web's rights: an organiser or
arbiter declares, only an organiser withdraws. Each change is in the audit log with its
reason."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandError, CommandParser

from crosstable_web.events.management import cli
from crosstable_web.teams.services import eligibility as team_eligibility


class Command(cli.ActingCommand):
    help = "Declare a team player ineligible (or withdraw the declaration with --undo)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event")
        parser.add_argument("section")
        parser.add_argument("player", help="entry id or exact name")
        parser.add_argument(
            "--reason", required=True, help="why (e.g. the birth date found); logged"
        )
        parser.add_argument(
            "--undo", action="store_true", help="withdraw a declaration made in error"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        section = cli.section(cli.event(options["event"]), options["section"])
        text = options["player"]
        found = (
            section.entries.filter(pk=int(text))
            if text.isdigit()
            else section.entries.filter(name=text)
        )
        if found.count() != 1:
            raise CommandError(f"{text!r}: no single entry of {section.key} has that id or name")
        entry = found.get()
        action = (
            team_eligibility.undo_ineligible
            if options["undo"]
            else team_eligibility.declare_ineligible
        )
        changes = action(entry, options["reason"], cli.actor(options["user"]))
        if options["undo"]:
            self.stdout.write(f"{entry.name}: declaration withdrawn")
            for change in changes:
                self.stdout.write(f"  given back: {change.describe()}")
        else:
            self.stdout.write(f"{entry.name}: ineligible")
            for change in changes:
                self.stdout.write(f"  re-scored: {change.describe()}")
