"""A Burstein section (issue 34) from an EMPTY database, in Chinese, through the browser only,
each person with their own sign-in:

* the site administrator (the only account before the journey) invites the organiser;
* the organiser creates the event from the club's regulations file
  (tests/data/journeys/burstein-club-open.toml: one section, FIDE_BURSTEIN, 3 rounds, BH
  then SB, ties shared), enters six players by the form and invites the chief arbiter;
* the arbiter numbers the players (by rating), pairs the three rounds and types the results;
* the standings page and the printed standings (A4 PDF) are read back.

The pairings, worked by hand from the Burstein text crosstable implements (the one
bbpPairings implements, docs/pairing/burstein.md; bbpPairings 16a000f pairs every round of
this event the same, for either drawn colour). Round 1's colour is drawn by lot: with White
drawn for 1 the boards are as below; with Black every colour is the other one.

Round 1 (accelerated: the upper half, 1 2 3, have a win's point more in rounds 1-2): groups
{1 2 3} on 1 and {4 5 6} on 0. 1 takes the lowest of his group he may meet, 3; 2 floats down
and takes the lowest of {4 5 6}, 6; 4-5. Colours: 1 (odd) the drawn colour; 2 and 4 (even)
the other: 1-3, 6-2, 5-4.  Results: 1 beats 3, 2 beats 6, 4 beats 5.
Round 2 (accelerated): 1, 2 on 1 + 1; 3, 4 on 0 + 1 and 1; 5, 6 on 0: 1-2, 3-4, 5-6.
Colours: 2 had Black, 1 White: 2-1. 3 and 4 both had Black: the higher, 3 (lower number at
equal index), White: 3-4. 5 and 6 both had White: the higher by the index is 6 (his opponent
2 had a virtual point: Buchholz 2 against 5's 1), who gets his Black: 5-6.
Results: 1 beats 2, 4 beats 3, 5 beats 6.
Round 3: 1, 4 on 2; 2, 5 on 1; 3, 6 on 0: 1-4, 2-5, 3-6. 4 had Black twice (must have White),
5 White twice (must have Black), 6 wants White after Black: 4-1, 2-5, 6-3.
Results: 1 beats 4, 2 beats 5, 3-6 drawn.

Final, by hand: 1 three wins, 3; 2 beat 6 and 5, 2; 4 beat 5 and 3, 2; 5 beat 6, 1; 3 and 6
½ each (sum 9 = 3 rounds × 3 boards).
Buchholz (C.07 8.1, all games played): 1: 3 (½) + 2 (2) + 4 (2) = 4½; 2: 6 (½) + 1 (3) + 5
(1) = 4½; 4: 5 (1) + 3 (½) + 1 (3) = 4½; 5: 4 (2) + 6 (½) + 2 (2) = 4½; 3: 1 (3) + 4 (2) + 6
(½) = 5½; 6: 2 (2) + 5 (1) + 3 (½) = 3½.
Sonneborn-Berger (9.1): 2: 6's ½ + 5's 1 = 1½; 4: 5's 1 + 3's ½ = 1½; 3 and 6: ½ × ½ = ¼.
Places: 1 first; 2 and 4 tie on points, BH and SB: they share 2-3 (the regulations break no
tie by lot); 5 fourth; 3 (BH 5½) fifth before 6 (3½).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ..language_check import foreign_in_pdf_text, foreign_text
from .steps import (
    Person,
    accept_invitation,
    chief_arbiter_invited,
    enter_players,
    event_from_file,
    organiser_invited,
    person,
    round_boards,
    round_byes,
    site_before_the_journey,
    table_rows,
    type_result,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

REGULATIONS = Path(__file__).resolve().parents[2] / "data" / "journeys" / "burstein-club-open.toml"
JOURNEY = "burstein-club-open"
PLAYERS = {  # pairing number (by rating) -> name, rating
    1: ("王立新", 2100),
    2: ("陈思雨", 2000),
    3: ("李浩然", 1900),
    4: ("张敏", 1800),
    5: ("刘洋", 1700),
    6: ("赵子涵", 1600),
}
NAMES = {number: name for number, (name, _rating) in PLAYERS.items()}
# Each round's boards with White drawn for player 1 (white, black, winner or "=").
ROUNDS = {
    1: [(1, 3, 1), (6, 2, 2), (5, 4, 4)],
    2: [(2, 1, 1), (3, 4, 4), (5, 6, 5)],
    3: [(4, 1, 1), (2, 5, 2), (6, 3, "=")],
}
# place, number, points, BH, SB (hand-worked above; the pages write values as decimals)
STANDINGS = [
    ("1", 1, "3", "4.5", "4.5"),
    ("2-3", 2, "2", "4.5", "1.5"),
    ("2-3", 4, "2", "4.5", "1.5"),
    ("4", 5, "1", "4.5", "0.5"),
    ("5", 3, "0.5", "5.5", "0.25"),
    ("6", 6, "0.5", "3.5", "0.25"),
]


def _play_round(arbiter: Person, slug: str, number: int, white_drawn: bool) -> None:
    arbiter.go(f"/e/{slug}/s/K/r/{number}/")
    shown = [(board.white, board.black) for board in round_boards(arbiter)]
    expected = [
        (white, black) if white_drawn else (black, white) for white, black, _w in ROUNDS[number]
    ]
    assert shown == [(NAMES[w], NAMES[b]) for w, b in expected], (number, shown)
    assert round_byes(arbiter) == []
    for board, ((white, _black), (_a, _b, winner)) in enumerate(
        zip(expected, ROUNDS[number], strict=True), start=1
    ):
        typed = "=" if winner == "=" else ("1" if winner == white else "0")
        assert type_result(arbiter, board, typed) in ("1-0", "0-1", "½-½")
    assert arbiter.page.locator("tr.pending").count() == 0
    arbiter.shot(f"round-{number}")


def test_burstein_journey(chromium: Any, live_server: Any) -> None:
    base = live_server.url
    site_before_the_journey(
        ("guanliyuan", "admin@example.cn", "Guanli-Yuan-2026"), anyone_creates_events=True
    )
    _admin, organiser = organiser_invited(
        chromium,
        base,
        JOURNEY,
        "zh-hans",
        ("guanliyuan", "Guanli-Yuan-2026"),
        "club@example.cn",
        ("futianclub", "周建国", "Qi-Pan-Zhou-2026"),
    )

    # --- the organiser: the event from the club's regulations file ----------------------
    slug = event_from_file(organiser, REGULATIONS, "赛事已创建。")
    organiser.go(f"/e/{slug}/s/K/")
    assert "国际棋联瑞士制（伯斯坦制）" in organiser.main_text()
    enter_players(organiser, PLAYERS, "报名已添加。")
    link = chief_arbiter_invited(organiser, slug, "arbiter@example.cn")
    arbiter = person(chromium, base, JOURNEY, "arbiter", "zh-hans")
    accept_invitation(arbiter, link, "liuzp", "刘振平", "Cai-Pan-Yuan-2026")

    # --- the arbiter: numbers, then three rounds ---------------------------------------
    arbiter.go("/")
    arbiter.page.click(f"#event-{slug} a")
    arbiter.submit("#numbers-all")
    arbiter.go(f"/e/{slug}/s/K/")
    numbered = [(int(row[0]), row[1]) for row in table_rows(arbiter, "main table")]
    assert numbered == [(n, NAMES[n]) for n in sorted(NAMES)], numbered
    white_drawn = True
    for number in range(1, 4):
        arbiter.go(f"/e/{slug}/")
        arbiter.submit("#pair-all")
        arbiter.submit("#confirm-button")
        if number == 1:
            arbiter.go(f"/e/{slug}/s/K/r/1/")
            white_drawn = round_boards(arbiter)[0].white == NAMES[1]
        _play_round(arbiter, slug, number, white_drawn)

    # --- the standings, on the page and printed ----------------------------------------
    arbiter.go(f"/e/{slug}/s/K/standings/")
    assert "第3轮后（共3轮）" in arbiter.main_text()
    rows = table_rows(arbiter, "#standings")
    lines = [(row[0], int(row[1]), row[2], row[-3], row[-2], row[-1]) for row in rows]
    assert lines == [
        (place, number, NAMES[number], points, bh, sb)
        for place, number, points, bh, sb in STANDINGS
    ], rows
    arbiter.shot("standings")
    assert foreign_text(arbiter.page.content(), "zh", [*NAMES.values(), "liuzp"]) == []

    (text,) = organiser.pdf(f"/print/{slug}/K/standings/?format=pdf", "standings")
    # the PDF's text layer spaces the digits and writes the parentheses plain
    assert "公开组  — 排名" in text and "第 3 轮后(共 3 轮)" in text, text
    printed = text.splitlines()
    for place, number, points, bh, sb in STANDINGS:
        assert any(
            line.startswith(f"{place} {number} {NAMES[number]}")
            and f" {points} " in f"{line} "
            and line.rstrip().endswith(f"{bh} {sb}")
            for line in printed
        ), (place, number, printed)
    assert foreign_in_pdf_text(text, "zh", [*NAMES.values()]) == []
