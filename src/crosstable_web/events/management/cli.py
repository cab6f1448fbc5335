"""What the ``crosstable-web`` commands share: finding events and sections, the acting user,
and turning service errors into clear messages (never a traceback)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.management.base import CommandError, CommandParser

from crosstable_web.events import models
from crosstable_web.events.audit import Actor


def add_user_argument(parser: CommandParser) -> None:
    parser.add_argument(
        "--user",
        default="cli",
        help="name recorded in the audit log (an existing account, or any name; default: cli)",
    )


def actor(name: str) -> Actor:
    """The command line acts with every right (it runs on the server); the audit log
    records the account if it exists, else the bare name."""
    user = User.objects.filter(username=name).first()
    if user is not None and user.is_superuser:
        return user
    return name


def event(slug: str) -> models.Event:
    try:
        return models.Event.objects.get(slug=slug)
    except models.Event.DoesNotExist:
        known = ", ".join(models.Event.objects.values_list("slug", flat=True)) or "none"
        raise CommandError(f"no event {slug!r} (known: {known})") from None


def section(found_event: models.Event, key: str) -> models.Section:
    try:
        return found_event.sections.get(key=key)
    except models.Section.DoesNotExist:
        known = ", ".join(found_event.sections.values_list("key", flat=True))
        raise CommandError(
            f"event {found_event.slug!r} has no section {key!r} (sections: {known})"
        ) from None


def board_results(values: list[str]) -> list[tuple[int, str]]:
    """``BOARD RESULT [BOARD RESULT …]`` from the command line, as (board number, result)."""
    if len(values) % 2:
        raise CommandError("give pairs: BOARD RESULT [BOARD RESULT …]")
    pairs: list[tuple[int, str]] = []
    for board_text, result in zip(values[0::2], values[1::2], strict=True):
        if not board_text.isdigit():
            raise CommandError(f"{board_text!r} is not a board number")
        pairs.append((int(board_text), result))
    return pairs
