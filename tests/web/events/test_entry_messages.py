"""Entry refusals say what they compared: a duplicate names the fields (FIDE ID, else name
and birth date) and the entry it matched; an adult kept out of a grade section by the adult
rule (Futian: 18 or older on the event day start at 6th grade) is told the age rule."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from crosstable_web.events import models, services
from crosstable_web.events.regulations import rules

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"

pytestmark = pytest.mark.django_db


def test_duplicate_names_the_fields_and_the_entry(
    event: models.Event, organiser: User, make_players: Callable[..., list[models.Entry]]
) -> None:
    girls = event.sections.get(key="girls")
    make_players(girls, 1, organiser)  # "Player 01", born 2015-01-01
    again = services.EntryData(name="player  01", sex="f", birth_date=datetime.date(2015, 1, 1))
    with pytest.raises(services.ServiceError) as refused:
        services.add_entry(event.sections.get(key="open"), again, organiser)
    message = str(refused.value)
    # The section by its name, the date as the reader writes dates.
    assert "Player 01 (section Girls U12)" in message
    assert "same name and birth date (1 January 2015)" in message

    services.add_entry(
        girls,
        services.EntryData(
            name="Ana", sex="f", birth_date=datetime.date(2015, 2, 1), fide_id="123456"
        ),
        organiser,
    )
    other_name = services.EntryData(name="Anna", sex="f", fide_id="123456")
    checker = services.EntryChecker(event)
    [problem] = [p for p in checker.problems(girls, other_name) if "already" in p]
    assert "Ana (section Girls U12)" in problem and "same FIDE ID, 123456" in problem

    undated = services.EntryData(name="Bo", sex="f")
    checker.accept(girls, undated)  # an earlier row of the same import
    [problem] = [p for p in checker.problems(girls, undated) if "already" in p]
    assert "same name and no birth date" in problem


def test_adult_in_a_grade_section_is_told_the_age_rule(organiser: User) -> None:
    spec = rules.load_event_spec(EXAMPLES / "futian-chess-grade-2019.toml")
    event = services.create_event(spec, organiser, slug="futian")
    section_c = event.sections.get(key="C")  # grades 8-9
    adult = services.EntryData(
        name="王强", sex="M", birth_date=datetime.date(1990, 5, 1), national_grade="9"
    )
    with pytest.raises(services.ServiceError) as refused:
        services.add_entry(section_c, adult, organiser)
    message = str(refused.value)
    assert "age rule: players aged 18 or older on 22 December 2019 enter at grade 6" in message
    assert "this player's grade: 9" in message and "grades 8–9" in message
    assert "grade 6:" not in message

    ungraded = event.sections.get(key="G")
    with translation.override("zh-hans"), pytest.raises(services.ServiceError) as refused:
        services.add_entry(
            ungraded,
            services.EntryData(name="李明", sex="M", birth_date=datetime.date(1990, 5, 1)),
            organiser,
        )
    assert "年满18岁" in str(refused.value) and "无等级" in str(refused.value)

    child = services.EntryData(
        name="小明", sex="M", birth_date=datetime.date(2010, 5, 1), national_grade="7"
    )
    checker = services.EntryChecker(event)
    [problem] = checker.problems(section_c, child)
    assert "grade 7: this section is for grades 8–9" in problem  # a grade problem, as before
