"""``verify_audit [EVENT …]``: check the chain of digests of each event's audit log."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from crosstable_web.events import models
from crosstable_web.events.management import cli
from crosstable_web.events.oversight import audit


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

    def handle(self, *args: Any, **options: Any) -> None:
        events: list[models.Event | None] = (
            [cli.event(slug) for slug in options["events"]]
            if options["events"]
            else [*models.Event.objects.order_by("slug"), None]
        )
        broken = []
        for event in events:
            name = "(site: lines of no event)" if event is None else event.slug
            report = audit.verify(event)
            if report.intact:
                self.stdout.write(
                    f"{name}: {report.lines} lines, chain intact, last digest {report.head}"
                )
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
