"""``grant_role EVENT USERNAME organiser|chief_arbiter|arbiter|captain [--team TEAM]``: give an
account a role on an event (a captain's on a team: ``SECTION/NUMBER`` or the team's name);
``arbiter`` is a deputy of the chief arbiter, and a new ``chief_arbiter`` makes the old one a
deputy; audited."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import CommandError, CommandParser

from crosstable_web.accounts import services
from crosstable_web.events.management import cli
from crosstable_web.events.services import ServiceError


class Command(cli.ActingCommand):
    help = (
        "Give an account a role on an event (organiser, chief arbiter, deputy arbiter, or "
        "captain of a team)."
    )
    revoking = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event")
        parser.add_argument("username")
        parser.add_argument("role", choices=services.ROLES)
        parser.add_argument("--team", help="the team of a captain: SECTION/NUMBER or its name")

    def handle(self, *args: Any, **options: Any) -> None:
        event = cli.event(options["event"])
        account = User.objects.filter(username=options["username"]).first()
        if account is None:
            raise CommandError(f"no account {options['username']!r}")
        role = options["role"]
        try:
            team = services.find_team(event, options["team"]) if options["team"] else None
            if role == "captain" and team is None and not self.revoking:
                raise CommandError("a captain is the captain of a team: give --team")
            act = services.revoke if self.revoking else services.grant
            changed = act(event, account, role, cli.actor(options["user"]), team)
        except ServiceError as error:
            raise CommandError(str(error)) from None
        what = f"{role} of {team.name}" if team is not None else role
        if self.revoking:
            done = "is no longer" if changed else "was not"
        else:
            done = "is now" if changed else "was already"
        self.stdout.write(f"{account.get_username()} {done} {what} ({event.slug})")
