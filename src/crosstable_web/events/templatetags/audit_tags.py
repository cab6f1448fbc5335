"""The audit log page's filters: ``{{ line.action|audit_action }}`` (the action in words),
(what the line is about comes from the view: ``audit.subject``),
``{{ line|audit_changes }}`` (what changed, field by field: :func:`audit.changes`) and
``{{ line.old|audit_json }}`` (the stored JSON, for the details toggle)."""

from __future__ import annotations

from typing import Any

from django import template

from crosstable_web.events import models
from crosstable_web.events.oversight import audit

register = template.Library()


@register.filter
def audit_action(code: str) -> str:
    return audit.action_name(code)


@register.filter
def audit_changes(line: models.AuditLog) -> list[audit.Change]:
    return audit.changes(line.old, line.new, line.action)


@register.filter
def audit_json(value: Any) -> str:
    return audit.raw_json(value)
