"""``export_event EVENT [-o FILE] [--trf SECTION]``: the whole event as JSON (``-o FILE.zip``:
the backup archive, the JSON with every document's file, checksummed), or one section as
TRF-2026."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from crosstable_web.events.files import archive, event_file, exchange
from crosstable_web.events.management import cli


class Command(BaseCommand):
    help = "Export an event as one JSON file, or a section as TRF-2026."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event")
        parser.add_argument(
            "-o",
            "--output",
            type=Path,
            help="file (default: standard output); FILE.zip: the backup archive with the "
            "documents' files",
        )
        parser.add_argument("--trf", metavar="SECTION", help="export this section as TRF-2026")
        parser.add_argument(
            "--public",
            action="store_true",
            help="a TRF file to publish: birth years only (as the public pages give it)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        event = cli.event(options["event"])
        output: Path | None = options["output"]
        if output is not None and output.suffix.lower() == ".zip" and not options["trf"]:
            with output.open("wb") as target:
                archive.write_archive(event, target, made_by="export_event")
            return
        if options["trf"]:
            text = exchange.export_section_trf(
                cli.section(event, options["trf"]), full_birth_dates=not options["public"]
            )
        else:
            text = event_file.export_event_json(event)
        if options["output"]:
            options["output"].write_text(text, encoding="utf-8")
        else:
            self.stdout.write(text, ending="")
