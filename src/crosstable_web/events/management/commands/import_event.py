"""``import_event FILE.json|FILE.zip [--slug S]``: re-create an exported event (from a backup
archive: with its documents' files, each checked against its checksum first)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import CommandError, CommandParser

from crosstable_web.events import services
from crosstable_web.events.files import archive, event_file
from crosstable_web.events.management import cli


class Command(cli.ActingCommand):
    help = "Import an event exported as JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--slug", help="a new code, if the exported one is taken")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        try:
            content = path.read_bytes()
            text = "" if archive.is_archive(content) else content.decode("utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"{path}: {error}") from None
        actor = cli.event_creator(options["user"])
        try:
            if archive.is_archive(content):
                imported = archive.import_archive(content, actor, options["slug"])
            else:
                imported = event_file.import_event_json(text, actor, options["slug"])
        except services.ServiceError as error:
            raise CommandError(f"{path}: {error}") from None
        if imported.audit_chain_broken_at is not None:
            self.stderr.write(
                f"warning: the file's audit log was changed: its chain of digests breaks at "
                f"line {imported.audit_chain_broken_at} (crosstable-web verify_audit)"
            )
        if imported.files_left_out:
            self.stderr.write(
                f"warning: {imported.files_left_out} documents restored without their file "
                "(not in the backup, or purged here since it was made): each says which"
            )
        for name in imported.created_accounts:
            self.stderr.write(f"account {name} created without a password (set one to use it)")
        self.stdout.write(self.style.SUCCESS(f"imported {imported.event.slug}"))
