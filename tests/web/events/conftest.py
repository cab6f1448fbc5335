"""Fixtures shared by the events app's tests: an event of one individual section on a named
pairing system, ready for round 1 (the round-robin, Double-Swiss and Burstein sections), and
the pairing systems the settings form offers an individual and a team section."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from crosstable_web.events import forms, models, services
from crosstable_web.events.regulations import rules

OneSection = Callable[..., models.Section]
Players = Callable[..., list[models.Entry]]


@pytest.fixture
def one_section(organiser: User, arbiter: User, make_players: Players) -> OneSection:
    """``one_section(system_code, players=N, rounds=R, key=..., name=..., event_name=...)``:
    the organiser's event of one section paired by ``system_code``, the arbiter named,
    ``N`` players entered (``make_players``: Player 01 rated 1990, Player 02 1980, ...) and
    numbered by rating, no round paired."""

    def make(
        system_code: str, *, players: int, rounds: int, key: str, name: str, event_name: str
    ) -> models.Section:
        spec = rules.EventSpec(
            name=event_name,
            sections=[
                rules.SectionSpec(key=key, name=name, total_rounds=rounds, system_code=system_code)
            ],
        )
        event = services.create_event(spec, organiser)
        models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
        section = event.sections.get()
        make_players(section, players, organiser)
        services.assign_pairing_numbers(section, organiser)
        return section

    return make


@pytest.fixture
def offered_systems() -> tuple[list[str], list[str]]:
    """The pairing-system codes the blank event form offers under its two headings: the
    individual systems and the team systems."""
    system = forms.BlankEventForm().fields["system"]
    (_individual, individual), (_team, team) = system.choices  # type: ignore[attr-defined]
    return [code for code, _ in individual], [code for code, _ in team]
