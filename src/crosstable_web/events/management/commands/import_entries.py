"""``import_entries EVENT FILE``: entries from CSV/Excel; nothing saved unless all rows pass."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import CommandError, CommandParser

from crosstable_web.events import services
from crosstable_web.events.entries import entries_import, spreadsheet
from crosstable_web.events.management import cli
from crosstable_web.events.regulations import language


class Command(cli.ActingCommand):
    help = "Import entries from a CSV or Excel file (all or nothing, with a report)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event")
        parser.add_argument("file", type=Path)
        parser.add_argument(
            "--numbers",
            choices=["rating", "lot"],
            help="then assign pairing numbers in every section",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        event = cli.event(options["event"])
        path: Path = options["file"]
        try:
            if path.stat().st_size > spreadsheet.MAX_FILE_BYTES:
                raise CommandError(
                    f"{path}: larger than {spreadsheet.MAX_FILE_BYTES // 2**20} MB: not read"
                )
            rows = entries_import.read_entries_file(
                path.read_bytes(), path.name, language=language.event_language(event)
            )
        except OSError as error:
            raise CommandError(f"{path}: {error.strerror}") from None
        except entries_import.ImportFileError as error:
            raise CommandError(f"{path}: {error}") from None
        actor = cli.actor(options["user"])
        report = entries_import.import_entries(event, rows, actor)
        for note in report.notes:
            self.stderr.write(f"{path}: {note}")
        if not report.is_clean:
            for line in report.lines():
                self.stderr.write(f"{path}: {line}")
            raise CommandError(f"{report.problem_count} problems: nothing was imported")
        self.stdout.write(self.style.SUCCESS(f"{len(report.rows)} entries imported"))
        if options["numbers"]:
            for section in event.sections.all():
                try:
                    services.assign_pairing_numbers(section, actor, options["numbers"])
                except services.ServiceError as error:
                    raise CommandError(f"{section.key}: {error}") from None
