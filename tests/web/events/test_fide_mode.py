"""FIDE mode (issue 18): on by default for FIDE-rated sections and TRF imports, warnings at
the checklist's levels through one mechanism, a POST that cannot skip a confirmation,
leaving the mode (two confirmations, audited, a ``###`` line, final), manual pairing as a
phase compared with the engine, the edits FIDE mode allows, and the ``###`` lines of the
TRF file. The FIDE (Dutch) engine pairs for real; values worked by hand where stated."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from crosstable.formats.trf import read_trf
from crosstable_web.events import bridge, models, rounds, services
from crosstable_web.events.files import exchange, trf_import
from crosstable_web.events.ranking import standings
from crosstable_web.events.regulations import rules
from crosstable_web.events.rounds import fide_mode, manual_pairing, rule_warnings
from crosstable_web.events.rounds.rule_warnings import (
    Level,
    NeedsConfirmation,
    Refused,
    RuleWarning,
)
from crosstable_web.events.settings import event_settings

REGULATIONS = """
[event]
name = "Oslo Rated Open 2026"
game = "chess"
time_zone = "Europe/Oslo"
start_date = 2026-06-01
end_date = 2026-06-05

[[sections]]
key = "open"
name = "Open"
rounds = 7
fide_rated = true
tiebreaks = ["BH/C1", "BH", "SB"]
[sections.pairing]
system = "FIDE_DUTCH_2026"

[[sections]]
key = "club"
name = "Club"
rounds = 5
tiebreaks = ["BH"]
[sections.pairing]
system = "FIDE_DUTCH_2026"
"""

RATINGS = (2400, 2350, 2300, 2250, 2200, 2150, 2100, 2050)


def confirmed(action: Callable[[str | None], Any]) -> Any:
    """Run ``action`` confirming every step it asks for (at most two)."""
    token = None
    for _step in range(3):
        try:
            return action(token)
        except NeedsConfirmation as pending:
            token = pending.token
    raise AssertionError("still asking after two confirmations")


@pytest.fixture
def event(organiser: User, arbiter: User) -> models.Event:
    spec = rules.event_spec_from_regulations(event_settings.read(REGULATIONS), REGULATIONS)
    created = services.create_event(spec, organiser)
    models.EventRole.objects.create(event=created, user=arbiter, role=models.Role.ARBITER)
    return created


def _fill(section: models.Section, organiser: User, arbiter: User, count: int = 8) -> None:
    for index in range(count):
        services.add_entry(
            section,
            services.EntryData(
                name=f"Player {index + 1}", rating=RATINGS[index % len(RATINGS)] - index // 8
            ),
            organiser,
        )
    services.assign_pairing_numbers(section, arbiter)


@pytest.fixture
def rated(event: models.Event, organiser: User, arbiter: User) -> models.Section:
    section = event.sections.get(key="open")
    _fill(section, organiser, arbiter)
    return section


def _play(round_row: models.Round, arbiter: User, result: str = "1") -> None:
    for board in round_row.boards.all():
        rounds.enter_result(round_row, board.number, result, arbiter)


# --- FIDE mode on, the indicator, leaving it ------------------------------------------------


def test_fide_mode_is_on_for_fide_rated_sections_and_trf_imports(
    rated: models.Section, organiser: User
) -> None:
    event = rated.event
    assert event.sections.get(key="open").fide_mode
    assert not event.sections.get(key="club").fide_mode
    text = exchange.export_section_trf(rated, full_birth_dates=True)
    imported = trf_import.create_event_from_trf(
        text.encode(), "open.trf", organiser, time_zone="Europe/Oslo"
    )
    assert imported.event.sections.get().fide_mode


def test_every_back_office_page_of_the_section_shows_the_mode(
    rated: models.Section, arbiter: User
) -> None:
    client = Client()
    client.force_login(arbiter)
    slug, key = rated.event.slug, rated.key
    round_one = rounds.pair_next_round(rated, arbiter)
    entry = rated.entries.first()
    assert entry is not None
    pages = [
        reverse("events:section_detail", args=[slug, key]),
        reverse("events:round_detail", args=[slug, key, round_one.number]),
        reverse("events:standings", args=[slug, key]),
        reverse("events:entry_detail", args=[slug, entry.pk]),
        reverse("events:fide_mode", args=[slug, key]),
        reverse("events:lots", args=[slug, key]),
    ]
    for page in pages:
        body = client.get(page).content.decode()
        assert 'id="fide-mode"' in body and 'class="fide-mode on"' in body, page
    confirmed(lambda token: fide_mode.leave(rated, arbiter, token))
    for page in pages:
        body = client.get(page).content.decode()
        assert 'class="fide-mode left"' in body and "FIDE mode left after round 1" in body, page


def test_leaving_takes_two_confirmations_naming_the_consequences_and_is_final(
    rated: models.Section, arbiter: User, organiser: User
) -> None:
    round_one = rounds.pair_next_round(rated, arbiter)
    _play(round_one, arbiter)
    rounds.pair_next_round(rated, arbiter)
    with pytest.raises(NeedsConfirmation) as first:
        fide_mode.leave(rated, arbiter)
    assert (first.value.level, first.value.step, first.value.last_step) == (4, 1, False)
    with pytest.raises(NeedsConfirmation) as second:
        fide_mode.leave(rated, arbiter, first.value.token)
    assert second.value.step == 2 and second.value.last_step
    consequences = second.value.warnings[0].consequences()
    assert any("cannot be entered again" in line for line in consequences)
    assert any("after round 2" in line for line in consequences)
    rated.refresh_from_db()
    assert rated.fide_mode  # nothing changed before the second confirmation
    # another arbiter cannot use this arbiter's confirmation
    other = User.objects.create_user("ada", password="x")
    models.EventRole.objects.create(event=rated.event, user=other, role=models.Role.ARBITER)
    with pytest.raises(NeedsConfirmation) as again:
        fide_mode.leave(rated, other, second.value.token)
    assert again.value.step == 1
    assert fide_mode.leave(rated, arbiter, second.value.token) == 2
    rated.refresh_from_db()
    assert (rated.fide_mode, rated.fide_mode_left_after) == (False, 2)
    line = models.AuditLog.objects.get(action="section.fide_mode_left")
    assert line.warnings[0]["code"] == "fide_mode.leave" and line.warnings[0]["level"] == 4
    trf = exchange.export_section_trf(rated, full_birth_dates=False)
    assert "### FIDE mode left @ Round 2: by arif" in trf
    assert "### FIDE mode: on" not in trf
    with pytest.raises(services.ServiceError, match="cannot be entered again"):
        fide_mode.enter(rated, arbiter)


def test_a_post_cannot_skip_the_confirmation(rated: models.Section, arbiter: User) -> None:
    client = Client()
    client.force_login(arbiter)
    url = reverse("events:fide_mode", args=[rated.event.slug, rated.key])
    # the posted form without a token, or with a made-up one, or "confirm=yes": a page asks
    for data in (
        {"action": "leave"},
        {"action": "leave", "confirm": "yes"},
        {"action": "leave", rule_warnings.TOKEN_FIELD: "forged"},
    ):
        page = client.post(url, data).content.decode()
        assert 'data-level="4" data-step="1"' in page
        rated.refresh_from_db()
        assert rated.fide_mode
    token = page.split(f'name="{rule_warnings.TOKEN_FIELD}" value="')[1].split('"')[0]
    page = client.post(url, {"action": "leave", rule_warnings.TOKEN_FIELD: token}).content.decode()
    assert 'data-level="4" data-step="2"' in page and 'id="rule-consequences"' in page
    rated.refresh_from_db()
    assert rated.fide_mode
    token = page.split(f'name="{rule_warnings.TOKEN_FIELD}" value="')[1].split('"')[0]
    client.post(url, {"action": "leave", rule_warnings.TOKEN_FIELD: token})
    rated.refresh_from_db()
    assert not rated.fide_mode


# --- the levels -------------------------------------------------------------------------------


def test_each_level_asks_as_the_checklist_says(rated: models.Section, arbiter: User) -> None:
    club = rated.event.sections.get(key="club")
    acknowledge = [RuleWarning("bye.full_point", {"player": "1 A"})]
    confirm = [RuleWarning("bye.second_half_point", {"player": "1 A", "other": 2})]
    two_steps = [
        RuleWarning("tiebreaks.after_start", {"section": "Open", "old": "BH", "new": "SB"})
    ]
    refused = [RuleWarning("result.older_round", {"round": 1})]
    assert rule_warnings.require(rated, arbiter, "x", [], None) == []
    for warnings, level, steps in ((acknowledge, 2, 1), (confirm, 3, 1), (two_steps, 4, 2)):
        token = None
        for step in range(1, steps + 1):
            with pytest.raises(NeedsConfirmation) as pending:
                rule_warnings.require(rated, arbiter, "x", warnings, token)
            assert (pending.value.level, pending.value.step) == (level, step)
            token = pending.value.token
        done = rule_warnings.require(rated, arbiter, "x", warnings, token)
        assert [warning.effective_level for warning in done] == [level]
        # the token is for that action only
        with pytest.raises(NeedsConfirmation):
            rule_warnings.require(rated, arbiter, "y", warnings, token)
    with pytest.raises(Refused, match="only possible after leaving FIDE mode"):
        rule_warnings.require(rated, arbiter, "x", refused, None)
    # outside FIDE mode a level-5 action asks as level 4
    with pytest.raises(NeedsConfirmation) as pending:
        rule_warnings.require(club, arbiter, "x", refused, None)
    assert pending.value.level == Level.TWO_STEPS
    # the levels are part of the warnings, not settings
    assert {kind.level for kind in rule_warnings.KINDS.values()} == set(Level)


# --- manual pairing ------------------------------------------------------------------------


def test_manual_pairing_is_a_phase_compared_with_the_engine(
    rated: models.Section, arbiter: User
) -> None:
    round_one = rounds.pair_next_round(rated, arbiter)
    # 8 players by rating: round 1 is 1-5, 6-2, 3-7, 8-4 (top half against bottom half,
    # colours alternating from the initial colour drawn by lot)
    pairs = {
        frozenset((b.white.pairing_number, b.black.pairing_number))
        for b in round_one.boards.select_related("white", "black")
    }
    assert pairs == {frozenset(p) for p in ((1, 5), (2, 6), (3, 7), (4, 8))}
    _play(round_one, arbiter)  # 1, 2, 3, 4 (or their opponents) win by White... as paired
    round_two = rounds.pair_next_round(rated, arbiter)
    board = round_two.boards.select_related("white", "black").get(number=1)
    white, black = board.white, board.black
    with pytest.raises(services.ServiceError, match="Start the manual changes"):
        manual_pairing.swap_colours(round_two, 1, arbiter)
    manual_pairing.start(round_two, arbiter)
    with pytest.raises(services.ServiceError, match="changed by hand"):
        rounds.enter_result(round_two, 1, "1", arbiter)
    with pytest.raises(services.ServiceError, match="changed by hand"):
        rounds.pair_next_round(rated, arbiter)
    # the round-1 opponent of board 1's White back against them: a rematch, level 3
    first_opponent = round_one.boards.filter(white=white).first() or round_one.boards.get(
        black=white
    )
    old = first_opponent.black if first_opponent.white_id == white.pk else first_opponent.white
    with pytest.raises(NeedsConfirmation) as pending:
        manual_pairing.swap_players(round_two, black, old, arbiter)
    assert "manual.rematch" in {w.code for w in pending.value.warnings}
    assert pending.value.level == Level.CONFIRM
    round_two.refresh_from_db()
    assert round_two.boards.get(number=1).black_id == black.pk
    confirmed(lambda token: manual_pairing.swap_players(round_two, black, old, arbiter, token))
    with pytest.raises(NeedsConfirmation) as ending:
        manual_pairing.end(round_two, arbiter)
    assert ending.value.level == Level.TWO_STEPS
    assert ending.value.warnings[0].code == "manual.not_engine"
    text = confirmed(lambda token: manual_pairing.end(round_two, arbiter, token))
    manual, engine = text.removeprefix("MPA @ Round 2: manual ").split("; engine ")
    assert f"{white.pairing_number}-{old.pairing_number}" in manual.split()
    assert f"{white.pairing_number}-{black.pairing_number}" in engine.split()
    trf = exchange.export_section_trf(rated, full_birth_dates=False)
    assert f"### {text}" in trf
    # starting again clears the line; ending on the engine's pairing writes none
    manual_pairing.start(round_two, arbiter)
    assert not rated.report_notes.filter(kind=manual_pairing.MPA).exists()
    confirmed(lambda token: manual_pairing.swap_players(round_two, black, old, arbiter, token))
    assert manual_pairing.end(round_two, arbiter) == ""
    assert not rated.report_notes.filter(kind=manual_pairing.MPA).exists()


# --- edits in FIDE mode ---------------------------------------------------------------------


def test_only_the_previous_rounds_results_change_and_older_ones_go_to_the_rating_report(
    rated: models.Section, arbiter: User
) -> None:
    for _ in range(2):
        _play(rounds.pair_next_round(rated, arbiter), arbiter)
    round_three = rounds.pair_next_round(rated, arbiter)
    round_one, round_two = rated.rounds.get(number=1), rated.rounds.get(number=2)
    rounds.enter_result(round_three, 1, "=", arbiter)  # the current round: no question
    with pytest.raises(NeedsConfirmation) as pending:
        rounds.record_result(round_two, 1, "=", arbiter)
    assert pending.value.warnings[0].code == "result.previous_round"
    assert pending.value.level == Level.CONFIRM
    confirmed(lambda token: rounds.record_result(round_two, 1, "=", arbiter, token))
    assert round_two.boards.get(number=1).white_result == "="
    before = standings.section_results(rated).main.rows
    with pytest.raises(Refused):
        rounds.record_result(round_one, 1, "0", arbiter)
    assert round_one.boards.get(number=1).white_result == "1"
    note = rounds.correct_for_rating_report(round_one, 1, "0", "slip misread", arbiter)
    assert standings.section_results(rated).main.rows == before
    board = round_one.boards.select_related("white", "black").get(number=1)
    assert note.text == (
        f"Rating report @ Round 1: board 1, {board.white.pairing_number} {board.white.name} - "
        f"{board.black.pairing_number} {board.black.name}: 0-1 (recorded 1-0); slip misread"
    )
    assert f"### {note.text}" in exchange.export_section_trf(rated, full_birth_dates=False)
    # outside FIDE mode the same corrections are made without a question
    club = rated.event.sections.get(key="club")
    assert not rounds.correction_warnings(club, round_one)


def test_prohibited_pairings_before_round_one_only(rated: models.Section, arbiter: User) -> None:
    one, two = (rated.entries.get(pairing_number=n) for n in (1, 5))
    rounds.set_prohibited_pair(rated, one, two, True, arbiter)
    round_one = rounds.pair_next_round(rated, arbiter)
    # 1 would meet 5 in round 1: the engine pairs them apart
    assert not round_one.boards.filter(white=one, black=two).exists()
    assert not round_one.boards.filter(white=two, black=one).exists()
    trf = exchange.export_section_trf(rated, full_birth_dates=False)
    assert any(line.startswith("260") and "   1    5" in line for line in trf.splitlines())
    three = rated.entries.get(pairing_number=3)
    with pytest.raises(Refused):
        rounds.set_prohibited_pair(rated, one, three, True, arbiter)
    assert rated.prohibited.count() == 1


def test_a_tiebreak_change_after_the_start_asks_twice_and_is_written(
    rated: models.Section, organiser: User, arbiter: User
) -> None:
    _play(rounds.pair_next_round(rated, arbiter), arbiter)
    changed = REGULATIONS.replace('tiebreaks = ["BH/C1", "BH", "SB"]', 'tiebreaks = ["SB", "BH"]')
    with pytest.raises(NeedsConfirmation) as first:
        event_settings.apply_regulations(rated.event, changed, organiser)
    assert first.value.warnings[0].code == "tiebreaks.after_start"
    assert first.value.level == Level.TWO_STEPS
    confirmed(
        lambda token: event_settings.apply_regulations(rated.event, changed, organiser, token=token)
    )
    rated.refresh_from_db()
    assert rated.tiebreaks == ["SB", "BH"]
    assert "### Tie-breaks changed @ Round 1: BH/C1,BH,SB -> SB,BH" in exchange.export_section_trf(
        rated, full_birth_dates=False
    )


def test_late_entries_take_their_place_until_round_four_then_the_next_number(
    rated: models.Section, organiser: User, arbiter: User
) -> None:
    """Ratings 2400 … 2050 hold numbers 1-8. A late entry rated 2275 joins after round 1:
    between 2300 (3) and 2250 (4), so number 4, and 2250…2050 become 5-9. After round 4 a
    late entry rated 2500 takes the next number, 10."""
    _play(rounds.pair_next_round(rated, arbiter), arbiter)
    late = services.add_entry(rated, services.EntryData(name="Late", rating=2275), arbiter)
    assert late.pairing_number == 4
    numbers = dict(rated.entries.values_list("name", "pairing_number"))
    assert numbers["Player 4"] == 5 and numbers["Player 8"] == 9
    for _ in range(3):
        _play(rounds.pair_next_round(rated, arbiter), arbiter)
    later = services.add_entry(rated, services.EntryData(name="Later", rating=2500), arbiter)
    assert later.pairing_number == 10


def test_byes_in_fide_mode(rated: models.Section, arbiter: User) -> None:
    entry = rated.entries.get(pairing_number=2)
    rounds.request_bye(entry, 2, "H", arbiter)  # the first half-point bye: no question
    with pytest.raises(NeedsConfirmation) as second:
        rounds.request_bye(entry, 3, "H", arbiter)
    assert (second.value.warnings[0].code, second.value.level) == ("bye.second_half_point", 3)
    with pytest.raises(NeedsConfirmation) as full:
        rounds.request_bye(entry, 4, "F", arbiter)
    assert (full.value.warnings[0].code, full.value.level) == ("bye.full_point", 2)
    assert "deprecates" in full.value.warnings[0].text()
    confirmed(lambda token: rounds.request_bye(entry, 4, "F", arbiter, token))
    trf = exchange.export_section_trf(rated, full_birth_dates=False)
    assert "### Full-point bye @ Round 4: 2 Player 2 (FIDE-deprecated)" in trf
    rounds.request_bye(entry, 4, "", arbiter)  # cancelled: the line goes too
    assert "Full-point bye" not in exchange.export_section_trf(rated, full_birth_dates=False)


def test_an_expelled_player_is_not_paired_nor_ranked(rated: models.Section, arbiter: User) -> None:
    _play(rounds.pair_next_round(rated, arbiter), arbiter)
    entry = rated.entries.get(pairing_number=8)
    with pytest.raises(NeedsConfirmation) as pending:
        rounds.expel(entry, 1, arbiter)
    assert pending.value.level == Level.CONFIRM
    confirmed(lambda token: rounds.expel(entry, 1, arbiter, token))
    results = standings.section_results(rated)
    assert 8 not in {row.number for row in results.main.rows}
    assert [row.number for row in results.main.unranked if row.expelled] == [8]
    round_two = rounds.pair_next_round(rated, arbiter)
    assert not round_two.boards.filter(white=entry).exists()
    assert not round_two.boards.filter(black=entry).exists()


# --- drawing of lots ---------------------------------------------------------------------


def test_lots_come_from_the_seed_kept_with_the_event(
    rated: models.Section, arbiter: User, organiser: User
) -> None:
    event = rated.event
    assert event.lots_seed == event.slug  # its first short name, kept when that changes
    rounds.pair_next_round(rated, arbiter)
    rated.refresh_from_db()
    drawn = rated.settings["drawn_initial_colour"]
    line = models.AuditLog.objects.get(action="round.pair")
    assert (
        line.new["initial_colour"] == drawn and line.new["lots_seed"] == f"{event.lots_seed}/open"
    )
    tournament = read_trf(exchange.export_section_trf(rated, full_birth_dates=False))
    assert tournament.initial_colour is not None and tournament.initial_colour.value == drawn
    assert f"### Lots seed: {event.lots_seed}/open" in tournament.extra_records
    # the same seed in another event draws the same colour
    spec = rules.event_spec_from_regulations(event_settings.read(REGULATIONS), REGULATIONS)
    spec.lots_seed = event.lots_seed
    twin = services.create_event(spec, organiser, "twin").sections.get(key="open")
    assert twin.event.lots_seed == event.lots_seed
    models.EventRole.objects.create(event=twin.event, user=arbiter, role=models.Role.ARBITER)
    _fill(twin, organiser, arbiter)
    rounds.pair_next_round(twin, arbiter)
    twin.refresh_from_db()
    assert twin.settings["drawn_initial_colour"] == drawn


def test_tied_players_drawn_again_come_out_in_the_same_order(
    rated: models.Section, arbiter: User
) -> None:
    """After a drawn round 1 everybody is tied on every tie-break: one group of 8 drawn by
    lot; drawing again (the page reloaded) gives the same order, another seed another one."""
    _play(rounds.pair_next_round(rated, arbiter), arbiter, "=")
    client = Client()
    url = reverse("events:lots", args=[rated.event.slug, rated.key])
    first = client.get(url).content.decode()
    again = client.get(url + "?again=1").content.decode()
    table = first.split('id="tie-lots"')[1].split("</table>")[0]
    assert table == again.split('id="tie-lots"')[1].split("</table>")[0]
    assert 'id="drawn-again"' in again
    from crosstable_web.events.ranking import standings

    (group,) = standings.tie_lots(rated)
    assert sorted(group.numbers) == list(range(1, 9))
    rated.event.lots_seed = "another"
    rated.event.save()
    assert standings.tie_lots(models.Section.objects.get(pk=rated.pk))[0].numbers != group.numbers


# --- a TRF file ------------------------------------------------------------------------------


def test_an_event_from_a_trf_file_pairs_on_as_the_file(
    rated: models.Section, organiser: User, arbiter: User
) -> None:
    for _ in range(2):
        _play(rounds.pair_next_round(rated, arbiter), arbiter, "=")
    text = exchange.export_section_trf(rated, full_birth_dates=True)
    event = trf_import.create_event_from_trf(
        text.encode(), "oslo.trf", organiser, time_zone="Europe/Oslo", slug="oslo-copy"
    ).event
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    copy = event.sections.get()
    assert (copy.total_rounds, copy.tiebreaks, copy.fide_mode) == (7, ["BH/C1", "BH", "SB"], True)
    assert event.start_date == datetime.date(2026, 6, 1)
    original = bridge.section_tournament(rated)
    imported = bridge.section_tournament(copy)
    assert [p.rounds for p in imported] == [p.rounds for p in original]
    assert [p.name for p in imported] == [p.name for p in original]
    # both pair round 3 alike
    three = rounds.pair_next_round(rated, arbiter)
    three_copy = rounds.pair_next_round(copy, arbiter)

    def pairs(round_row: models.Round) -> set[tuple[int, int]]:
        return {
            (b.white.pairing_number or 0, b.black.pairing_number or 0)
            for b in round_row.boards.select_related("white", "black")
        }

    assert pairs(three) == pairs(three_copy)


def test_a_team_file_or_a_broken_file_is_refused(organiser: User) -> None:
    with pytest.raises(services.ServiceError, match="line 2"):
        trf_import.create_event_from_trf(
            b"012 x\n001    1 m    A\n001    1 m    B\n", "bad.trf", organiser, time_zone="UTC"
        )
    assert not models.Event.objects.exists()
