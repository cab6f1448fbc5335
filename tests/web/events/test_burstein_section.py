"""A Burstein section in the web app (issue 34 items 3 and 4): offered among the individual
systems with its name in every language, round 1 paired by the Burstein engine through the
services, and written to TRF with its system code. Expected boards worked by hand from the
reading in docs/pairing/burstein.md."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from crosstable.formats.trf import write_trf
from crosstable_web.events import bridge, models, rounds
from crosstable_web.events.words.pairing_names import system_choice_name

from .conftest import OneSection


@pytest.fixture
def burstein(one_section: OneSection) -> models.Section:
    return one_section(
        "FIDE_BURSTEIN", players=6, rounds=5, key="b", name="Open", event_name="Burstein"
    )


@pytest.mark.django_db
def test_round_one_is_paired_by_the_burstein_engine(
    burstein: models.Section, arbiter: User
) -> None:
    # Acceleration: the top half of the six (1, 2, 3) start with a win's point. Their group
    # is odd: 1 takes the lowest it may meet, 3; 2 floats down and, first in the next group,
    # takes its lowest, 6; then 4-5. Nobody has a colour: the higher-ranked player of each
    # pair gets the initial colour when his rank is odd (1), the other when even (2, 4).
    first = rounds.pair_next_round(burstein, arbiter)
    boards = [
        (b.white.pairing_number, b.black.pairing_number)
        for b in first.boards.order_by("number").select_related("white", "black")
    ]
    assert [frozenset(b) for b in boards] == [
        frozenset((1, 3)),
        frozenset((2, 6)),
        frozenset((4, 5)),
    ]
    whites = {white for white, _ in boards}
    assert whites in ({1, 6, 5}, {3, 2, 4})
    text = write_trf(bridge.section_tournament(burstein))
    assert "192 FIDE_BURSTEIN" in text


def test_forms_offer_burstein_to_individual_sections_only(
    offered_systems: tuple[list[str], list[str]],
) -> None:
    individual, team = offered_systems
    assert "FIDE_BURSTEIN" in individual
    assert "FIDE_BURSTEIN" not in team


@pytest.mark.parametrize(
    ("language", "name"),
    [
        ("en", "FIDE Swiss system (Burstein)"),
        ("zh-hans", "国际棋联瑞士制（伯斯坦制）"),
        ("ms", "Sistem Swiss FIDE (Burstein)"),
        ("fa", "سیستم سوئیسی فیده (بورستاین)"),
    ],
)
def test_its_name_in_every_language(language: str, name: str) -> None:
    with translation.override(language):
        assert system_choice_name("FIDE_BURSTEIN") == name
