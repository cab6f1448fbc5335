"""A pairing system added to the registry is one entry (issue 30 item 3): the web app asks the
entry what the system can do. A system registered under a new code with the Dutch
capabilities draws round 1's initial colour by lot in FIDE mode and writes the Baku ranges in
its TRF file, as the Dutch one does; the code's spelling plays no part."""

from __future__ import annotations

import dataclasses

import pytest
from django.contrib.auth.models import User

from crosstable.pairing import registry
from crosstable_web.events import lots, models, services
from crosstable_web.events.regulations import rules

NEW_CODE = "NEW_SWISS_2027"


@pytest.fixture
def new_system(monkeypatch: pytest.MonkeyPatch) -> registry.PairingSystem:
    dutch = registry.SYSTEMS["FIDE_DUTCH_2026"]
    added = dataclasses.replace(dutch, code=NEW_CODE, name="A new Swiss system")
    monkeypatch.setitem(registry.SYSTEMS, NEW_CODE, added)
    return added


def _section(organiser: User, code: str) -> models.Section:
    spec = rules.EventSpec(
        name="Capabilities",
        sections=[rules.SectionSpec(key="A", name="A", total_rounds=5, system_code=code)],
    )
    event = services.create_event(spec, organiser)
    section = event.sections.get()
    section.fide_mode = True
    section.save(update_fields=["fide_mode"])
    return section


@pytest.mark.django_db
def test_a_new_system_with_the_dutch_capabilities_draws_the_initial_colour(
    organiser: User, new_system: registry.PairingSystem
) -> None:
    section = _section(organiser, NEW_CODE)
    assert lots.draws_initial_colour(section)
    assert lots.colour_to_draw(section) is not None


@pytest.mark.django_db
def test_a_new_system_without_it_leaves_the_colour_to_its_engine(
    organiser: User, new_system: registry.PairingSystem, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(
        registry.SYSTEMS, NEW_CODE, dataclasses.replace(new_system, initial_colour_by_lot=False)
    )
    section = _section(organiser, NEW_CODE)
    assert not lots.draws_initial_colour(section)
    assert lots.colour_to_draw(section) is None


@pytest.mark.django_db
def test_a_section_row_made_without_a_system_gets_the_registry_default(organiser: User) -> None:
    event = services.create_event(rules.EventSpec(name="Default", sections=[]), organiser)
    section = models.Section.objects.create(event=event, key="X", name="X", total_rounds=3)
    assert section.system_code == registry.DEFAULT_SYSTEM == "FIDE_DUTCH_2026"
