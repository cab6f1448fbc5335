"""How a view runs a service for the user: the service's refusal becomes a message on the next
page instead of an error page; a refusal for lack of a role is tagged ``permission`` (the
permission table test reads the tag: ``tests/web/test_permission_table.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

from crosstable_web.events.services import ServiceError

PERMISSION_TAG = "permission"


def refused(request: HttpRequest, error: PermissionDenied) -> None:
    """Say that the user may not do what they asked (a message tagged ``permission``)."""
    messages.error(request, str(error), extra_tags=PERMISSION_TAG)


def run(request: HttpRequest, action: Callable[[], Any], success: str = "") -> Any:
    """``action()``'s value; None after a refusal, which becomes a message."""
    try:
        value = action()
    except ServiceError as error:
        messages.error(request, str(error))
        return None
    except PermissionDenied as error:
        refused(request, error)
        return None
    if success:
        messages.success(request, success)
    return value


def allowed(request: HttpRequest, check: Callable[[], None]) -> bool:
    """Whether ``check()`` (a ``permissions.require_…``) lets the user act; if not, the
    refusal is said as a message. For a view that reads a form: the role comes first, so an
    empty form does not hide the refusal."""
    try:
        check()
    except PermissionDenied as error:
        refused(request, error)
        return False
    return True
