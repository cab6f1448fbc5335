"""Unit rankings by the sum of individual places, end to end on the command line:
``crosstable-web standings`` prints the ranking the standings page shows (both come from
``events.standings.section_results``), for the two seed events that rank units so.

- Huayuan (seed 003, examples/huayuan-xiangqi-invitational-2019.toml): a county's team is the
  sum of the places of all 6 members, lower first; equal sums by the best individual place.
- Futian youth (seed 004, examples/futian-youth-xiangqi-chess-2009.toml): the places of the
  best 2 boys and the best girl of each unit, lower first; only schools rank as teams (the
  entry's unit kind, imported from the entries file).

Each event is one round whose results are chosen so that the individual places follow from
the rules alone, whatever the round-1 draw; the expected unit rankings are worked out by hand
in the docstrings.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.utils import translation

from crosstable_web.events import models, rounds, services
from crosstable_web.events.entries import entries_import
from crosstable_web.events.files import event_file
from crosstable_web.events.regulations import rules

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    yield
    translation.activate("en")


def _standings(event: models.Event, key: str) -> str:
    out = io.StringIO()
    call_command("standings", event.slug, key, stdout=out)
    return out.getvalue()


def _unit_lines(printed: str) -> list[list[str]]:
    """The unit ranking's lines, split into columns (rank, unit, total, places)."""
    block = printed.split("unit ranking (sum of individual places, lower first)\n", 1)[1]
    lines = block.split("\n\n", 1)[0].splitlines()[1:]  # after the heading line
    return [line.split(None, 3) for line in lines if not line.startswith("not ranked")]


@pytest.mark.django_db
def test_huayuan_sum_of_all_six_places(organiser: User, arbiter: User) -> None:
    """Round 1 of 14 players: 6 of 吉首 (A), 6 of 花垣 (B) — a county's team is six players
    (四(二), ``max_per_unit = 6``) —, 2 of 凤凰 who are absent (zero-point byes). On every
    board an A player beats a B player; A meets A and B meets B in draws, the B-B draws with
    one foul against each player. Xiangqi scoring: win 2, draw 1.

    Individual places, whatever the draw: the A winners (2 points) first; then the 1-point
    players, equal on opponents' points (1), wins (0) and direct encounter (drawn), the A
    players before the B players by fouls (0 against 1, fewer is better); then the B losers
    (0 points, opponents' points 2); last the absent 凤凰 players (0 points, no opponent).
    So A holds places 1-6, B 7-12, 凤凰 13-14.
    Units: 吉首 1+2+3+4+5+6 = 21; 花垣 7+8+9+10+11+12 = 57; 凤凰 has 2 members of the 6
    counted: not ranked. Team prizes 1st 6000, 2nd 3000 yuan (六(一))."""
    spec = rules.load_event_spec(EXAMPLES / "huayuan-xiangqi-invitational-2019.toml", rounds=3)
    event = services.create_event(spec, organiser, slug="huayuan")
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section = event.sections.get(key="main")
    counties = ["吉首"] * 6 + ["花垣"] * 6 + ["凤凰"] * 2
    for index, county in enumerate(counties, start=1):
        data = services.EntryData(
            name=f"{county}{index:02d}",
            sex="M",
            rating=2000 - 7 * index,
            unit=county,
            native_unit=county,
        )
        services.add_entry(section, data, organiser)
    services.assign_pairing_numbers(section, arbiter)
    for entry in section.entries.filter(unit="凤凰"):
        rounds.request_bye(entry, 1, "Z", arbiter)
    round_row = rounds.pair_next_round(section, arbiter)
    for board in round_row.boards.select_related("white", "black"):
        units = (board.white.unit, board.black.unit)
        if units[0] != units[1]:
            rounds.enter_result(
                round_row, board.number, "1" if units[0] == "吉首" else "0", arbiter
            )
            continue
        rounds.enter_result(round_row, board.number, "=", arbiter)
        if units[0] == "花垣":
            rounds.set_fouls(round_row, board.number, 1, 1, arbiter)
    printed = _standings(event, "main")
    assert _unit_lines(printed) == [
        ["1", "吉首", "21", "1, 2, 3, 4, 5, 6"],
        ["2", "花垣", "57", "7, 8, 9, 10, 11, 12"],
    ]
    assert "not ranked (too few counted members): 凤凰" in printed
    assert "place 1: 吉首 6000.00 CNY" in printed and "place 2: 花垣 3000.00 CNY" in printed
    # the page shows the same ranking
    client = Client()
    client.force_login(arbiter)
    client.cookies["django_language"] = "en"
    page = client.get(f"/e/{event.slug}/s/main/standings/").content.decode()
    assert '<td>吉首</td><td class="num">21</td><td>1, 2, 3, 4, 5, 6</td>' in page


FUTIAN_ENTRIES = """section,name,sex,birth_date,unit,unit_kind
xq-CA,甲男1,M,2002-03-01,福田小学,school
xq-CA,甲男2,M,2002-03-02,福田小学,school
xq-CA,甲男3,M,2002-03-03,福田小学,school
xq-CA,甲女1,F,2002-03-04,福田小学,school
xq-CA,乙男1,M,2002-03-05,荔园小学,school
xq-CA,乙男2,M,2002-03-06,荔园小学,school
xq-CA,乙女1,F,2002-03-07,荔园小学,school
xq-CA,乙女2,F,2002-03-08,荔园小学,school
xq-CA,丙男1,M,2002-03-09,园岭小学,school
xq-CA,丙男2,M,2002-03-10,园岭小学,school
xq-CA,丁男1,M,2002-03-11,福田区少年宫,club
xq-CA,丁男2,M,2002-03-12,福田区少年宫,club
xq-CA,丁女1,F,2002-03-13,福田区少年宫,club
xq-CA,丁女2,F,2002-03-14,福田区少年宫,club
xq-CA,戊男1,M,2002-03-15,景田小学,school
xq-CA,戊男2,M,2002-03-16,景田小学,school
xq-CA,戊女1,F,2002-03-17,景田小学,school
"""
FULL_POINT = {"甲男1"}
ABSENT = {"甲男3", "乙男2", "乙女1", "戊女1"}


@pytest.mark.django_db
def test_futian_best_two_boys_and_best_girl_schools_only(organiser: User, arbiter: User) -> None:
    """Round 1 of 儿童A组 (xiangqi), 17 pupils of four schools and a youth centre (a club):
    甲男1 has a full-point bye, four pupils are absent (zero-point byes), the 12 others play
    and every game is drawn. The regulations name no tie-breaks and share equal places; the
    section's default tie-breaks (Buchholz, Sonneborn-Berger, direct encounter) separate no
    one here: every player who drew met an opponent with 1 point, the absent met no one.

    Places: 甲男1 1 (the only one with a win's points); the 12 who drew share place 2; the
    four absent share place 14.
    福田小学: boys 甲男1 1, 甲男2 2 (甲男3 14 not counted), girl 甲女1 2: 1+2+2 = 5.
    荔园小学: boys 乙男1 2, 乙男2 14, girl 乙女2 2 (乙女1 14): 2+14+2 = 18, best place 2.
    景田小学: boys 戊男1 2, 戊男2 2, girl 戊女1 14: 18, best place 2 — equal with 荔园小学 on
    both, so they share 2nd place.
    园岭小学 has no girl: not ranked. 福田区少年宫 is not a school: not a team at all."""
    spec = rules.load_event_spec(EXAMPLES / "futian-youth-xiangqi-chess-2009.toml", rounds=1)
    event = services.create_event(spec, organiser, slug="futian")
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    rows = entries_import.read_entries_file(FUTIAN_ENTRIES.encode(), "entries.csv")
    report = entries_import.import_entries(event, rows, organiser)
    assert report.is_clean, report
    section = event.sections.get(key="xq-CA")
    assert dict(section.entries.values_list("name", "unit_kind"))["丁女1"] == "club"
    services.assign_pairing_numbers(section, arbiter)
    for entry in section.entries.all():
        if entry.name in FULL_POINT | ABSENT:
            rounds.request_bye(entry, 1, "F" if entry.name in FULL_POINT else "Z", arbiter)
    round_row = rounds.pair_next_round(section, arbiter)
    assert round_row.boards.count() == 6
    for board in round_row.boards.all():
        rounds.enter_result(round_row, board.number, "=", arbiter)
    printed = _standings(event, "xq-CA")
    lines = _unit_lines(printed)
    assert lines[0] == ["1", "福田小学", "5", "1, 2, 2"]
    assert sorted(lines[1:]) == [
        ["2=", "景田小学", "18", "2, 2, 14"],
        ["2=", "荔园小学", "18", "2, 2, 14"],
    ]
    assert "not ranked (too few counted members): 园岭小学" in printed
    assert "福田区少年宫" not in printed.split("unit ranking", 1)[1].split("\n\n", 1)[0]
    # the unit kind travels with the event's export
    document = json.loads(event_file.export_event_json(event))
    kinds = {entry["name"]: entry["unit_kind"] for entry in document["tables"]["events.entry"]}
    assert kinds["甲男1"] == "school" and kinds["丁男1"] == "club"


@pytest.mark.django_db
def test_without_unit_kinds_no_school_is_ranked(organiser: User, arbiter: User) -> None:
    """The same regulations with entries that record no unit kind: no unit is a school, so
    none is ranked (and the command says so rather than printing an empty table)."""
    spec = rules.load_event_spec(EXAMPLES / "futian-youth-xiangqi-chess-2009.toml", rounds=1)
    event = services.create_event(spec, organiser, slug="futian-no-kinds")
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    without_kinds = "\n".join(line.rsplit(",", 1)[0] for line in FUTIAN_ENTRIES.splitlines())
    rows = entries_import.read_entries_file(without_kinds.encode(), "entries.csv")
    assert entries_import.import_entries(event, rows, organiser).is_clean
    section = event.sections.get(key="xq-CA")
    services.assign_pairing_numbers(section, arbiter)
    round_row = rounds.pair_next_round(section, arbiter)
    for board in round_row.boards.all():
        rounds.enter_result(round_row, board.number, "=", arbiter)
    printed = _standings(event, "xq-CA")
    assert "  (no unit ranked)" in printed
