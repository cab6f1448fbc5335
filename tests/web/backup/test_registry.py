"""Every model of every installed app is declared: part of an event's backup or server data.
A model added without a declaration fails here."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.apps import apps
from django.db import models

from crosstable_web.backup import registry
from crosstable_web.events.models import Event


def test_every_model_is_declared_and_backed_up_as_declared() -> None:
    assert registry.problems() == []
    labels = [table.label for table in registry.event_tables()]
    assert labels[0] == "events.event"
    # each table after the tables it refers to
    assert labels.index("events.entry") > labels.index("events.section")
    assert labels.index("teams.lineup") > labels.index("events.entry")
    for model in apps.get_models():
        assert registry.declared(model) is not None, model._meta.label


@pytest.fixture
def stray_models() -> Iterator[None]:
    """Two models created for the test only (removed from the app registry afterwards)."""
    yield
    for name in ("stray", "strayscore"):
        apps.all_models["events"].pop(name, None)
    apps.clear_cache()


def test_an_undeclared_model_is_reported(stray_models: None) -> None:
    class Stray(models.Model):
        event = models.ForeignKey(Event, on_delete=models.CASCADE)

        class Meta:
            app_label = "events"

    found = registry.problems()
    assert any(problem.startswith("events.Stray is in no backup declaration") for problem in found)


def test_a_declaration_the_exporter_cannot_honour_is_reported(stray_models: None) -> None:
    class StrayScore(models.Model):
        event = models.ForeignKey(Event, on_delete=models.CASCADE)
        kind = models.ForeignKey("contenttypes.ContentType", on_delete=models.CASCADE)

        class Meta:
            app_label = "events"

    registry.event_table(StrayScore, "event__section", private=("fee",))
    try:
        found = registry.problems()
    finally:
        registry._declared.pop(StrayScore)
    assert "events.StrayScore: declared field 'fee' does not exist" in found
    assert (
        "events.StrayScore.kind refers to contenttypes.ContentType, which is not an event table"
        in found
    )
    assert "events.StrayScore: lookup path 'event__section' does not reach the event table" in found
