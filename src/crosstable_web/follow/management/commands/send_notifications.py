"""``crosstable-web send_notifications [--loop]``: send what followers are owed."""

from __future__ import annotations

import os
import time
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand
from django.db import close_old_connections

from crosstable_web.follow import delivery, notices


class Command(BaseCommand):
    help = (
        "Send the followers' notifications (e-mail, Web Push) of rounds paired and results "
        "entered; failed sends are retried later. Once, or --loop beside the web server."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--loop",
            action="store_true",
            help="keep going: woken after each commit that made a notice, else every --interval",
        )
        parser.add_argument("--interval", type=float, default=30.0, help="seconds (--loop)")
        parser.add_argument(
            "--status",
            action="store_true",
            help="send nothing: count the deliveries by status and list those being retried "
            "or failed with their last error (no addresses)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["status"]:
            for line in delivery.status_lines():
                self.stdout.write(line)
            return
        if not options["loop"]:
            self.stdout.write(str(delivery.run_once()))
            return
        parent = os.getppid()
        seen = self._stamp()
        while os.getppid() == parent:  # ends with the server that started it
            report = delivery.run_once()
            if report.notices or report.sent or report.retried or report.failed:
                self.stdout.write(str(report))
            close_old_connections()
            waited = 0.0
            while waited < options["interval"] and self._stamp() == seen:
                time.sleep(0.25)
                waited += 0.25
            seen = self._stamp()

    @staticmethod
    def _stamp() -> float:
        path = notices.wake_file()
        try:
            return path.stat().st_mtime if path is not None else 0.0
        except FileNotFoundError:
            return 0.0
