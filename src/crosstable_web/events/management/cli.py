"""What the ``crosstable-web`` commands share: finding events and sections, the acting
account (``--as``), and turning refusals into clear messages (never a traceback)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.core.management.base import BaseCommand, CommandError, CommandParser

from crosstable.typed import whole_number_or_none
from crosstable_web.events import models
from crosstable_web.events.oversight import permissions
from crosstable_web.events.services import ServiceError


class ActingCommand(BaseCommand):
    """A command that changes an event: it acts as a real account named with ``--as
    USERNAME``, with that account's rights (an organiser's, an arbiter's; a superuser's are
    all), and the audit log names it. A refusal (not their role, against the rules) is a
    message, never a traceback."""

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.add_argument(
            "--as",
            dest="user",
            metavar="USERNAME",
            required=True,
            help="the account acting (it must exist); the command has its rights",
        )
        return parser

    def execute(self, *args: Any, **options: Any) -> str | None:
        try:
            return super().execute(*args, **options)
        except PermissionDenied as error:
            raise CommandError(f"{options.get('user')}: {error}") from None
        except ServiceError as error:
            raise CommandError(str(error)) from None


def actor(name: str) -> User:
    """The account ``--as`` names; an unknown or disabled account is refused."""
    user = User.objects.filter(username=name).first()
    if user is None:
        raise CommandError(
            f"no account {name!r}: the command acts as an existing account "
            "(crosstable-web createsuperuser makes one)"
        )
    if not user.is_active:
        raise CommandError(f"the account {name!r} is disabled")
    return user


def event_creator(name: str) -> User:
    """The account ``--as`` names, if it may create events (the site setting, as on the
    web: ``permissions.may_create_events``)."""
    user = actor(name)
    if not permissions.may_create_events(user):
        raise CommandError(f"{name}: this account may not create or import events")
    return user


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
        board = whole_number_or_none(board_text, 1, 99_999)
        if board is None:
            raise CommandError(f"{board_text!r} is not a board number")
        pairs.append((board, result))
    return pairs
