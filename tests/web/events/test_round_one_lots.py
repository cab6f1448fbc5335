"""Huayuan round 1 pairs the numbers drawn by lot as they are (issue 11: "seed 003 round 1 with
numbers drawn by lot in the app is not '1–2, 3–4, odd number Red' — the engine draws a second
lot: 1 of 20 boards right").

The supplementary rules (补充细则 一(一)): "第一轮所有棋手抽签编排，1-2；3-4…单数先行（同队棋手所有
轮次均不回避）" — in round 1 every player is drawn by lot; 1 plays 2, 3 plays 4, …, the odd
number moves first (Red); players of one team are not kept apart. The arbiter draws the
numbers in the app ("Assign pairing numbers: by lot") and pairs round 1: worked by hand, board
k is number 2k−1 (Red) against 2k, for every k.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models, rounds, services
from crosstable_web.events.regulations import rules

EXAMPLE = (
    Path(__file__).resolve().parents[3] / "examples" / "huayuan-xiangqi-invitational-2019.toml"
)
COUNTIES = ("花垣", "吉首", "保靖", "凤凰")


def _twenty_players(organiser: User, arbiter: User) -> tuple[models.Event, models.Section]:
    """The Huayuan event with twenty players of four counties and its arbiter."""
    event = services.create_event(rules.load_event_spec(EXAMPLE), organiser)
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section = event.sections.get()
    for index in range(20):
        county = COUNTIES[index % 4]
        services.add_entry(
            section,
            services.EntryData(
                name=f"棋手{index:02d}",
                sex="M",
                unit=county,
                native_unit=county,
                rating=2000 - 10 * index,
            ),
            organiser,
        )
    return event, section


@pytest.mark.django_db
def test_round_one_pairs_the_drawn_numbers_one_two_three_four(
    organiser: User, arbiter: User
) -> None:
    event, section = _twenty_players(organiser, arbiter)
    client = Client()
    client.force_login(arbiter)
    base = f"/e/{event.slug}/s/{section.key}"
    assert client.post(f"{base}/numbers/", {"method": "lot"}).status_code == 302
    numbers = sorted(section.entries.values_list("pairing_number", flat=True))
    assert numbers == list(range(1, 21))
    assert client.post(f"{base}/pair/").status_code == 302

    round_one = section.rounds.get(number=1)
    boards = [
        (board.number, board.white.pairing_number, board.black.pairing_number)
        for board in round_one.boards.select_related("white", "black").order_by("number")
    ]
    assert boards == [(k, 2 * k - 1, 2 * k) for k in range(1, 11)]  # Red (white) first


@pytest.mark.django_db
def test_numbers_by_rating_still_draw_the_lot_in_round_one(organiser: User, arbiter: User) -> None:
    """Numbered by rating, the players have not been drawn: round 1 draws them (the lot's
    order pairs neighbours, the first of each pair Red), so the strongest two need not meet."""
    _event, section = _twenty_players(organiser, arbiter)
    services.assign_pairing_numbers(section, organiser, "rating")
    assert section.settings["pairing_numbers_by"] == "rating"
    round_one = rounds.pair_next_round(section, arbiter)
    pairs = {
        frozenset((board.white.pairing_number, board.black.pairing_number))
        for board in round_one.boards.select_related("white", "black")
    }
    assert len(pairs) == 10
    assert pairs != {frozenset((2 * k - 1, 2 * k)) for k in range(1, 11)}


@pytest.mark.django_db
def test_the_numbers_lot_is_drawn_from_the_events_seed(organiser: User, arbiter: User) -> None:
    """Every lot of a section is drawn from the event's seed (events.lots), the numbers drawn
    for round 1 too: drawn again before round 1, the same numbers; another event with the
    same seed and the same players, the same numbers; a seed given, another draw. Before,
    the numbers' lot was drawn from nothing kept, so nobody could draw it again (and the
    Huayuan journey could not hold its record)."""
    event, section = _twenty_players(organiser, arbiter)

    def drawn(section: models.Section) -> dict[str, int | None]:
        return dict(section.entries.values_list("name", "pairing_number"))

    services.assign_pairing_numbers(section, arbiter, "lot")
    first = drawn(section)
    assert sorted(number or 0 for number in first.values()) == list(range(1, 21))
    services.assign_pairing_numbers(section, arbiter, "rating")
    services.assign_pairing_numbers(section, arbiter, "lot")
    assert drawn(section) == first
    again = services.create_event(rules.load_event_spec(EXAMPLE), organiser, slug="again")
    again.lots_seed = event.lots_seed
    again.save(update_fields=["lots_seed"])
    other = again.sections.get()
    for entry in section.entries.order_by("id"):
        services.add_entry(
            other,
            services.EntryData(name=entry.name, sex="M", unit=entry.unit, native_unit=entry.unit),
            organiser,
        )
    services.assign_pairing_numbers(other, organiser, "lot")
    assert drawn(other) == first
    services.assign_pairing_numbers(other, organiser, "lot", seed=2019)
    assert drawn(other) != first
