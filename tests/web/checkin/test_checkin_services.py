"""Check-in by the services: an absence is a zero-point bye asked for each round not yet
paired (the announced-absence mechanism the pairing reads), a late arrival takes back those
not yet paired, every change is one audit line. Pairings worked by hand with the tests'
neighbour pairing (conftest.adjacent_pairing: available players by score, then number,
1st-2nd, 3rd-4th)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied

from crosstable_web.checkin import services as checkin
from crosstable_web.checkin.models import CheckIn
from crosstable_web.events import models, rounds, services
from crosstable_web.events.services import ServiceError

pytestmark = pytest.mark.django_db


def _numbered(
    event: models.Event,
    count: int,
    organiser: User,
    arbiter: User,
    make: Callable[..., list[models.Entry]],
) -> dict[int, models.Entry]:
    section = event.sections.get(key="open")
    make(section, count, organiser)
    services.assign_pairing_numbers(section, arbiter)
    return {entry.pairing_number: entry for entry in section.entries.all() if entry.pairing_number}


def _seats(round_row: models.Round) -> tuple[list[tuple[int, int]], dict[int, str]]:
    boards = [
        (board.white.pairing_number, board.black.pairing_number)
        for board in round_row.boards.select_related("white", "black").order_by("number")
    ]
    byes = {bye.entry.pairing_number: bye.result for bye in round_row.byes.select_related("entry")}
    return boards, byes  # type: ignore[return-value]


def test_absent_player_is_not_paired_and_a_late_arrival_is_paired_next_round(
    event: models.Event,
    organiser: User,
    arbiter: User,
    make_players: Callable[..., list[models.Entry]],
    simple_pairing: object,
) -> None:
    players = _numbered(event, 6, organiser, arbiter, make_players)
    section = event.sections.get(key="open")
    for number in (1, 3, 4, 5):
        checkin.mark(players[number], True, arbiter)
    checkin.mark(players[2], False, organiser)  # arrives late
    checkin.mark(players[6], False, arbiter)  # never comes
    # the absences are the announced-absence rows, rounds 1-3 (three rounds)
    assert sorted(
        models.RequestedBye.objects.filter(entry=players[2]).values_list("round_number", "result")
    ) == [(1, "Z"), (2, "Z"), (3, "Z")]
    whole = checkin.sheet(event)
    assert (whole.present, whole.total, whole.unchecked) == (4, 6, 0)

    round_one = rounds.pair_next_round(section, arbiter)
    # 1, 3, 4, 5 available: 1-3, 4-5; 2 and 6 a zero-point bye (no pairing bye)
    assert _seats(round_one) == ([(1, 3), (4, 5)], {2: "Z", 6: "Z"})
    rounds.enter_result(round_one, 1, "1", arbiter)
    rounds.enter_result(round_one, 2, "=", arbiter)

    checkin.mark(players[2], True, arbiter)  # arrives during round 1
    assert list(
        models.RequestedBye.objects.filter(entry=players[2]).values_list("round_number", flat=True)
    ) == [1]  # round 1 is paired: its bye stands; rounds 2 and 3 are taken back
    assert CheckIn.objects.get(entry=players[2]).byes_requested == [1]
    round_two = rounds.pair_next_round(section, arbiter)
    # scores: 1 has 1, 4 and 5 have ½, 2, 3 (and absent 6) 0: 1-4, 5-2 by score then number;
    # 3 the pairing bye; 6 still absent
    assert _seats(round_two) == ([(1, 4), (5, 2)], {3: "U", 6: "Z"})
    whole = checkin.sheet(event)
    assert (whole.sections[0].round, whole.present, whole.total) == (3, 5, 6)


def test_an_announced_bye_stays_when_the_player_is_checked_in(
    event: models.Event,
    organiser: User,
    arbiter: User,
    make_players: Callable[..., list[models.Entry]],
) -> None:
    players = _numbered(event, 4, organiser, arbiter, make_players)
    rounds.request_bye(players[1], 3, "H", arbiter)  # announced before: a half point in round 3
    checkin.mark(players[1], False, arbiter)
    assert dict(
        models.RequestedBye.objects.filter(entry=players[1]).values_list("round_number", "result")
    ) == {1: "Z", 2: "Z", 3: "H"}
    checkin.mark(players[1], True, arbiter)
    assert dict(
        models.RequestedBye.objects.filter(entry=players[1]).values_list("round_number", "result")
    ) == {3: "H"}
    lines = list(models.AuditLog.objects.filter(event=event, action="entry.checkin").order_by("pk"))
    assert [(line.old, line.new) for line in lines] == [
        (None, {"status": "absent", "from_round": 1, "byes_asked": [1, 2]}),
        ({"status": "absent"}, {"status": "present", "from_round": 1, "byes_taken_back": [1, 2]}),
    ]
    assert lines[0].username == "arif" and lines[0].params["player"] == players[1].name
    # the same tap again changes nothing and writes no line
    checkin.mark(players[1], True, arbiter)
    assert models.AuditLog.objects.filter(event=event, action="entry.checkin").count() == 2


def test_the_rest_marked_absent_and_who_may_check_in(
    event: models.Event,
    organiser: User,
    arbiter: User,
    outsider: User,
    make_players: Callable[..., list[models.Entry]],
) -> None:
    players = _numbered(event, 4, organiser, arbiter, make_players)
    with pytest.raises(PermissionDenied):
        checkin.mark(players[1], True, outsider)
    # issue 26.3: before anyone checked in, the whole field is not marked absent
    with pytest.raises(ServiceError, match="Nobody is checked in yet"):
        checkin.mark_unchecked_absent(event, organiser)
    assert not CheckIn.objects.exists() and not models.RequestedBye.objects.exists()
    checkin.mark(players[1], True, arbiter)
    done = checkin.mark_unchecked_absent(event, organiser)
    assert sorted(done.marked) == sorted(players[n].pk for n in (2, 3, 4))
    # the girls' section, where nobody checked in, is left alone and named
    assert done.skipped == ()  # (it has no players: nothing to leave)
    whole = checkin.sheet(event)
    assert (whole.present, whole.total, whole.unchecked) == (1, 4, 0)
    # undo: the three are back to not checked in, their zero-point byes taken back
    assert checkin.undo_absent(event, done.marked, arbiter) == 3
    whole = checkin.sheet(event)
    assert (whole.present, whole.total, whole.unchecked) == (1, 4, 3)
    assert not models.RequestedBye.objects.exists()
    lines = models.AuditLog.objects.filter(event=event, action="entry.checkin")
    undone = lines.order_by("pk").last()
    assert undone is not None and (undone.old, undone.new) == (
        {"status": "absent"},
        {"status": "unchecked", "from_round": 1, "byes_taken_back": [1, 2, 3]},
    )
    assert checkin.undo_absent(event, done.marked, arbiter) == 0  # nothing left to undo
    # found by number (Persian digits too), by name, by school
    found = {line.entry.pk for line in checkin.sheet(event, "۲").sections[0].lines}
    assert found == {players[2].pk}
    assert len(checkin.sheet(event, "school 1").sections[0].lines) == 1


def test_a_withdrawn_player_is_refused_and_not_listed(
    event: models.Event,
    organiser: User,
    arbiter: User,
    make_players: Callable[..., list[models.Entry]],
) -> None:
    players = _numbered(event, 4, organiser, arbiter, make_players)
    rounds.withdraw(players[4], 0, arbiter)
    with pytest.raises(ServiceError, match="withdrawn"):
        checkin.mark(players[4], False, arbiter)
    assert players[4].pk not in {line.entry.pk for line in checkin.sheet(event).sections[0].lines}
