"""``crosstable-web queue_worker``: do the queued background work (followers' notifications,
PDFs) on the shared Redis — as many of these as needed, on any hosts (docs/deploy.md)."""

from __future__ import annotations

import os
import signal
import threading
import time
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from crosstable_web import background


class Command(BaseCommand):
    help = (
        "Do the queued background work (followers' notifications, PDFs) from the Redis named "
        "by REDIS_URL or CROSSTABLE_QUEUE_URL; several may run, on any hosts."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--queues",
            nargs="+",
            choices=background.QUEUES,
            default=list(background.QUEUES),
            help="which queues, in order of priority (default: all)",
        )
        parser.add_argument("--burst", action="store_true", help="stop when the queues are empty")

    def handle(self, *args: Any, **options: Any) -> None:
        if not background.enabled():
            raise CommandError(
                "No queue: set REDIS_URL (or CROSSTABLE_QUEUE_URL) to the shared Redis "
                "(docs/deploy.md). Without Redis, `send_notifications --loop` sends the "
                "notifications and PDFs are printed in the request."
            )
        # One process runs the jobs one after another (background.Worker); start more
        # workers for more at once.
        worker = background.Worker(
            [background.queue(name) for name in options["queues"]],
            connection=background.connection(),
        )
        if not options["burst"]:
            threading.Thread(target=_end_with_parent, args=(os.getppid(),), daemon=True).start()
        worker.work(burst=options["burst"], logging_level="WARNING")


def _end_with_parent(parent: int) -> None:
    """Beside the web server (scripts/serve): when the server that started this worker ends,
    the worker finishes its job and ends too (SIGTERM: RQ's warm shutdown)."""
    while os.getppid() == parent:
        time.sleep(1)
    os.kill(os.getpid(), signal.SIGTERM)
