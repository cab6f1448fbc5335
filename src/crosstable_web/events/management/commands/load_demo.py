"""``load_demo``: the example events with generated entries at different stages, and the
demo accounts (admin/admin, organiser/organiser, arbiter/arbiter, captain/captain)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from crosstable_web.events import demo
from crosstable_web.events.models import Section

EXAMPLES = Path(__file__).resolve().parents[5] / "examples"


class Command(BaseCommand):
    help = "Load the demo: example events with generated entries, and demo accounts."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--examples",
            type=Path,
            default=EXAMPLES,
            help="folder of regulations files (default: examples/)",
        )
        parser.add_argument("--seed", type=int, default=2026)

    def handle(self, *args: Any, **options: Any) -> None:
        events = demo.load_demo(options["examples"], options["seed"], log=self.stdout.write)
        for event in events:
            sections = ", ".join(_summary(section) for section in event.sections.all())
            self.stdout.write(f"{event.slug}: {event.name}: {sections}")
        self.stdout.write(
            "Accounts: admin/admin, organiser/organiser, arbiter/arbiter, "
            "captain/captain (captains a Fars team)"
        )


def _summary(section: Section) -> str:
    teams = section.teams.count()
    if teams:
        played = section.team_rounds.count()
        return (
            f"{section.key} ({teams} teams of {section.entries.count()} players, "
            f"{played}/{section.total_rounds} rounds)"
        )
    return (
        f"{section.key} ({section.entries.count()} players, "
        f"{section.rounds.count()}/{section.total_rounds} rounds)"
    )
