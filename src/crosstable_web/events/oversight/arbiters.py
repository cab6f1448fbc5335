"""The arbiters a printout names where an arbiter signs, and a TRF file's records 102 (chief
arbiter) and 112 (deputies), taken from the event's roles (``permissions``)."""

from __future__ import annotations

import dataclasses

from crosstable.model import Tournament
from crosstable_web.common.localisation import person_name
from crosstable_web.events import models


@dataclasses.dataclass(frozen=True, slots=True)
class Arbiters:
    chief: str | None
    """The chief arbiter's name (None: none appointed, which the printouts say)."""
    deputies: tuple[str, ...]


def of_event(event: models.Event) -> Arbiters:
    """The chief arbiter and the deputies, each by full name (else user name), deputies in
    name order."""
    rows = models.EventRole.objects.filter(
        event=event, role__in=(models.Role.CHIEF_ARBITER, models.Role.ARBITER)
    ).select_related("user")
    chief = None
    deputies = []
    for row in rows:
        if row.role == models.Role.CHIEF_ARBITER:
            chief = person_name(row.user)
        else:
            deputies.append(person_name(row.user))
    return Arbiters(chief, tuple(sorted(deputies)))


def name_in_trf(tournament: Tournament, event: models.Event) -> None:
    """Records 102 and 112 of a TRF file from the roles: the chief arbiter and each deputy
    (a section read from a file keeps the names its file gave when the event has none)."""
    named = of_event(event)
    if named.chief is not None:
        tournament.chief_arbiter = named.chief
    if named.deputies:
        tournament.deputy_arbiters = list(named.deputies)
