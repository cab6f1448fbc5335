"""``verify_audit [EVENT …] [--anchor LINES:DIGEST]``: check the chain of digests of each
event's audit log, and its head against the heads kept outside the database (the anchors
file; a head typed from the printed prize list)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from crosstable_web.events import models
from crosstable_web.events.management import cli
from crosstable_web.events.oversight import anchors, audit


class Command(BaseCommand):
    help = (
        "Check that no line of an event's audit log was edited or deleted (each line's digest "
        "covers the line before it). Prints each event's line count and last digest; exits "
        "with status 1 when a chain is broken."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "events",
            nargs="*",
            help="event codes (default: every event, and the lines of no event: accounts, site)",
        )
        parser.add_argument(
            "--anchor",
            metavar="LINES:DIGEST",
            help="the line count and last digest written down elsewhere (the signed prize "
            "list prints them); with one event",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        events: list[models.Event | None] = (
            [cli.event(slug) for slug in options["events"]]
            if options["events"]
            else [*models.Event.objects.order_by("slug"), None]
        )
        typed: anchors.Anchor | None = None
        if options["anchor"]:
            if len(events) != 1:
                raise CommandError("--anchor checks one event: name it")
            try:
                typed = anchors.parse(options["anchor"])
            except ValueError as error:
                raise CommandError(str(error)) from None
        broken = []
        for event in events:
            name = "(site: lines of no event)" if event is None else event.slug
            report = audit.verify(event)
            if report.intact:
                self.stdout.write(
                    f"{name}: {report.lines} lines, chain intact, last digest {report.head}"
                )
                heads = [] if event is None else [anchors.latest(event.pk), typed]
                for anchor in filter(None, heads):
                    assert event is not None
                    problem = audit.check_anchor(event, anchor)
                    if problem is None:
                        self.stdout.write(
                            f"{name}: holds line {anchor.lines} as {anchor.source} anchored it"
                        )
                    else:
                        broken.append(name)
                        self.stdout.write(f"{name}: NOT AS ANCHORED: {problem}")
                continue
            line = report.line
            assert line is not None
            broken.append(name)
            self.stdout.write(
                f"{name}: chain BROKEN at line {report.broken_at} of {report.lines} "
                f"({line.at:%Y-%m-%d %H:%M:%S} {line.username} {line.action} {line.target}): "
                "this line was changed after it was written, or a line just before it was "
                "deleted or changed"
            )
        if broken:
            raise CommandError(f"audit log tampered with: {', '.join(broken)}", returncode=1)
