"""``publish EVENT [--to URL --key KEY] [--loop]``: send the event to its public site."""

from __future__ import annotations

import os
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import close_old_connections

from crosstable_web.events import models as event_models
from crosstable_web.events.management import cli
from crosstable_web.events.services import ServiceError
from crosstable_web.hub import outcomes, sending, services
from crosstable_web.hub.models import VenueLink

REFUSED_WAIT = 30.0
"""Seconds before trying again after the hub refused (a wrong key is not fixed in 2 s)."""


class Command(BaseCommand):
    help = (
        "Publish EVENT to its public site (a crosstable hub): the whole event, signed with the "
        "event's publishing key. --to and --key set the hub's address (the event's public "
        "address there) and key and keep them; --all publishes every event linked to a public "
        "site; --loop keeps publishing each change whenever the network is there (beside the "
        "venue's web server, which scripts/venue starts)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", nargs="?")
        parser.add_argument("--all", action="store_true", help="every event with a public site")
        parser.add_argument("--to", metavar="URL", help="the event's public address on the hub")
        parser.add_argument("--key", help="the event's publishing key (crosstable-web hub_key)")
        parser.add_argument("--loop", action="store_true", help="keep publishing each change")
        parser.add_argument(
            "--interval", type=float, default=2.0, help="seconds between looks (--loop)"
        )
        parser.add_argument("--force", action="store_true", help="send even if nothing changed")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["all"] == bool(options["event"]):
            raise CommandError("name one EVENT, or --all")
        if options["event"]:
            event = cli.event(options["event"])
            link = VenueLink.objects.filter(event=event).first()
            if options["to"] or options["key"]:
                link = self._link(event, link, options["to"], options["key"])
            if link is None:
                raise CommandError(
                    f"{event.slug} has no public site yet: give --to URL --key KEY (the key "
                    "from crosstable-web hub_key on the public site, or its “Public site” page)"
                )
        if not options["loop"]:
            failed = False
            for link in self._links(options["event"]):
                outcome = sending.publish(link, force=options["force"])
                self._say(link, outcome)
                failed = failed or not outcome.ok
            if failed:
                raise CommandError("not published", returncode=2)
            return
        parent = os.getppid()
        waits: dict[int, float] = {}
        while os.getppid() == parent:  # ends with the script that started it
            for link in self._links(options["event"]):
                if waits.get(link.pk, 0.0) > time.monotonic():
                    continue
                outcome = sending.publish(link)
                if outcome.sent:
                    self._say(link, outcome)
                refused = not outcome.ok and outcome.code not in {"unreachable", "hub_error"}
                waits[link.pk] = time.monotonic() + (REFUSED_WAIT if refused else 0.0)
            close_old_connections()
            time.sleep(options["interval"])

    @staticmethod
    def _links(slug: str | None) -> list[VenueLink]:
        links = VenueLink.objects.select_related("event").order_by("pk")
        return list(links.filter(event__slug=slug) if slug else links)

    def _link(
        self,
        event: event_models.Event,
        link: VenueLink | None,
        url: str | None,
        key: str | None,
    ) -> VenueLink:
        if link is None and not (url and key):
            raise CommandError("give both --to URL and --key KEY")
        try:
            return services.save_link(
                event, url or (link.url if link else ""), key or (link.key if link else "")
            )
        except ServiceError as error:
            raise CommandError(str(error)) from None

    def _say(self, link: VenueLink, outcome: sending.Outcome) -> None:
        stamp = time.strftime("%H:%M:%S")
        words = outcomes.english(outcome.code, outcome.params)
        line = f"{stamp} {link.event.slug} {outcome.code}: {words}"
        if outcome.detail and not outcome.ok:
            line += f" [{outcome.detail}]"
        (self.stdout if outcome.ok else self.stderr).write(line)
