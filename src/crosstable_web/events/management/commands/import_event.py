"""``import_event FILE.json [--slug S]``: re-create an exported event."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from crosstable_web.backup import json_file
from crosstable_web.events import services
from crosstable_web.events.management import cli


class Command(BaseCommand):
    help = "Import an event exported as JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--slug", help="a new code, if the exported one is taken")
        cli.add_user_argument(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"{path}: {error}") from None
        try:
            imported = json_file.import_event_json(
                text, cli.actor(options["user"]), options["slug"]
            )
        except services.ServiceError as error:
            raise CommandError(f"{path}: {error}") from None
        for name in imported.created_accounts:
            self.stderr.write(f"account {name} created without a password (set one to use it)")
        self.stdout.write(self.style.SUCCESS(f"imported {imported.event.slug}"))
