"""The parts other apps add to the events app's work, declared in their ``AppConfig.ready``.

The events app sits below the apps built on it (teams, registrations, accounts) and never
imports them (pyproject.toml's import contract). Where one of its pages, reports, audit lines,
commands or its demo event has a part that belongs to another app, that app declares it here,
as each app's ``backup.py`` declares its tables to ``crosstable_web.backup.registry``; the
events app asks for whatever was declared:

- ``fee_lines``: an app's fee lines of an event (teams: each team's fee), in the fee report;
- ``paired``: whether an app paired a round of the event (teams: a team round);
- ``field_names`` and ``record_words``: an audit line's field names and the words of a record
  it keeps (teams: team attributes; a match re-scored for an ineligible player);
- ``may_create_events``: who may create an event (accounts: the site setting);
- ``demo``: the demo event's team sections and registration queue (teams, registrations);
- ``team_pairer``: how a team section's next round is paired, within the request or as a job
  (teams: ``events.rounds.pairing_runs.Pairer`` of the team services);
- ``public_site``: the event's public address on another site (hub: the public site a venue
  publishes to), which the venue's QR codes and printouts name instead of its own.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from crosstable_web.events import models


@dataclasses.dataclass(slots=True)
class DemoPart:
    """The demo event's parts in other apps (``crosstable_web.events.demo``)."""

    form_teams: Callable[[models.Section, User, User], None] | None = None
    """Forms the teams of a team section (section, organiser, captain)."""
    play_team_rounds: Callable[[models.Section, int, random.Random, User], None] | None = None
    """Pairs and plays a team section's first rounds (section, rounds, rng, arbiter)."""
    add_registrations: Callable[[models.Event, str, random.Random, User], None] | None = None
    """Puts registrations in the organisers' queue (event, script, rng, organiser)."""


@dataclasses.dataclass(slots=True)
class Parts:
    """Each app's declarations by its label (``teams``), so that declaring again (a second
    ``ready``) replaces them rather than counting a fee twice."""

    fee_lines: dict[str, Callable[[models.Event], Sequence[Any]]] = dataclasses.field(
        default_factory=dict
    )
    paired: dict[str, Callable[[models.Event], bool]] = dataclasses.field(default_factory=dict)
    field_names: dict[str, Mapping[str, Any]] = dataclasses.field(default_factory=dict)
    record_words: dict[str, Callable[[Mapping[str, object]], str]] = dataclasses.field(
        default_factory=dict
    )
    may_create_events: Callable[[Any], bool] | None = None
    public_site: Callable[[models.Event], str | None] | None = None
    team_pairer: Any | None = None
    """How a team section's next round is paired (``events.rounds.pairing_runs.Pairer``)."""
    demo: DemoPart = dataclasses.field(default_factory=DemoPart)


declared = Parts()
"""What the installed apps declared (filled once, by their ``AppConfig.ready``)."""


def field_name(key: str) -> Any | None:
    """An audit field's name as another app declared it (None if none did)."""
    for names in declared.field_names.values():
        if key in names:
            return names[key]
    return None
