"""``{{ user|is_event_staff:event }}``: whether the signed-in person is an organiser or
arbiter of ``event`` (``permissions.require_staff``): a page shows a link to a staff page
only to them, never a link that answers "forbidden"."""

from __future__ import annotations

from typing import Any

from django import template

from crosstable_web.events.oversight import permissions

register = template.Library()


@register.filter
def is_event_staff(user: Any, event: Any) -> bool:
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return bool(permissions.roles_of(user, event))
