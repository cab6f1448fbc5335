"""What can come of a publication, one code each, said in the reader's language at both ends:
the hub answers with the code and its values, the venue's page and command write them in
their own words (and the hub adds its English sentence for logs)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

APPLIED = "applied"
UNCHANGED = "unchanged"
STALE = "stale"
ACCEPTED = frozenset({APPLIED, UNCHANGED, STALE})

MESSAGES: dict[str, Promise] = {
    APPLIED: gettext_lazy("Published: the public site holds the event up to audit line %(lines)s."),
    UNCHANGED: gettext_lazy(
        "Up to date: the public site already holds the event up to audit line %(lines)s."
    ),
    STALE: gettext_lazy(
        "An older publication arrived late and was ignored: the public site holds the event "
        "up to audit line %(lines)s."
    ),
    "no_slot": gettext_lazy(
        "The public site has no event %(slug)s to publish to: its organiser creates it there "
        "and gives you its publishing key."
    ),
    "too_large": gettext_lazy(
        "The publication is larger than the public site accepts (%(size)s bytes, at most "
        "%(limit)s)."
    ),
    "incomplete": gettext_lazy(
        "The publication arrived incomplete or altered on the way (%(size)s bytes received): "
        "it is sent again."
    ),
    "expired": gettext_lazy(
        "The publication's time is %(seconds)s seconds away from the public site's clock: "
        "check the date and time of this laptop."
    ),
    "bad_key": gettext_lazy(
        "The public site refused the publishing key: copy this event's key from the public "
        "site again."
    ),
    "replayed": gettext_lazy("The public site had already received this very request: refused."),
    "other_event": gettext_lazy(
        "The publication is of the event %(given)s, sent to the address of %(slug)s."
    ),
    "bad_body": gettext_lazy("The public site could not read the publication: %(detail)s"),
    "broken_chain": gettext_lazy(
        "The venue's audit log is broken at line %(place)s (%(line)s): a line was changed or "
        "deleted in the laptop's database. The public site keeps what it had."
    ),
    "history_rewritten": gettext_lazy(
        "The venue's audit log no longer continues what the public site holds: line "
        "%(place)s (%(line)s) was changed or removed at the venue. The public site keeps what "
        "it had."
    ),
    "changed_without_audit": gettext_lazy(
        "The event at the venue changed without a line in its audit log (table %(table)s): "
        "it was changed outside crosstable, in the laptop's database. The public site keeps "
        "what it had."
    ),
    "unreachable": gettext_lazy(
        "The public site cannot be reached (%(detail)s): publishing resumes when the network "
        "is back."
    ),
    "hub_error": gettext_lazy(
        "The public site answered with an error (HTTP %(status)s): the publication is sent again."
    ),
}

STATUS: dict[str, int] = {
    "no_slot": 404,
    "too_large": 413,
    "incomplete": 400,
    "expired": 401,
    "bad_key": 403,
    "replayed": 409,
    "other_event": 400,
    "bad_body": 400,
    "broken_chain": 409,
    "history_rewritten": 409,
    "changed_without_audit": 409,
}
"""The hub's HTTP status for each refusal (200 for the accepted codes)."""


def text(code: str, params: Mapping[str, Any]) -> str:
    """The outcome in the active language (a code this version does not know: as given)."""
    template = MESSAGES.get(code)
    if template is None:
        return f"{code}: {dict(params)}"
    try:
        return str(template) % dict(params)
    except (KeyError, TypeError, ValueError):
        return str(template)


def english(code: str, params: Mapping[str, Any]) -> str:
    with translation.override("en"):
        return text(code, params)
