"""A Double-Swiss section (issue 34, Done-when) from an EMPTY database, in Malay, through the
browser only, each person with their own sign-in:

* the site administrator (the only account before the journey) invites the organiser;
* the organiser creates the event from the club's regulations file
  (tests/data/journeys/swiss-berganda-terbuka.toml: one section, FIDE_DOUBLESWISS, 4 rounds =
  2 matches of 2 games), enters five players by the form and invites the chief arbiter;
* the arbiter numbers the players, pairs the four rounds and types every result;
* the standings, the cross-table and the prize list, printed to PDF and read back.

Every pairing and value below is worked by hand from C.04.5 (docs/pairing/double_swiss.md).
Round 1's colour is drawn by lot, so the colours are checked from the drawn one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ..language_check import foreign_text
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

REGULATIONS = (
    Path(__file__).resolve().parents[2] / "data" / "journeys" / "swiss-berganda-terbuka.toml"
)
JOURNEY = "double-swiss-terbuka"
EVENT = "Kejohanan Swiss Berganda Kelab Catur Sandakan"
PLAYERS = {  # pairing number (by rating) -> name, rating
    1: ("Amir Hamzah", 2100),
    2: ("Balqis Zainal", 2000),
    3: ("Chong Wei Ming", 1900),
    4: ("Devi Ramasamy", 1800),
    5: ("Emran Yusof", 1700),
}
NAMES = {number: name for number, (name, _rating) in PLAYERS.items()}

# The record, each round's pairs (in board order, the higher-ranked player first) and who won
# each game (a number, or "=" for a draw); the bye of the match.
#
# Match 1 (rounds 1-2). 3.4: five players, the bye to the lowest score (all 0), most matches
# played (none), largest TPN: 5. 3.6: 1-3, 2-4 (the first identifier of 1 2 3 4). 4.3.1: 1
# (odd TPN) has the drawn colour, 2 (even) the other. Game 2 reverses both boards.
#   1-3: 1 wins, then a draw: 1 1½, 3 ½.   2-4: a draw, then 2 wins: 2 1½, 4 ½.   5: bye 1½.
# Match 2 (rounds 3-4), scores 1, 2, 5: 1½; 3, 4: ½. 3.4: lowest are 3 and 4, one match
# each: the larger TPN, 4. The top scoregroup {1, 2, 5} takes one upfloater ([C4]), 3; of the
# pairings of 1 2 3 5 avoiding 1-3 the first identifier is 1-5, 2-3 (1 2 | 5 3 before 1 3 | 2
# 5). Colours: lot White for 1: 5 had no White, 1 one (4.3.2): 5 White; 2 and 3 both had
# Black: 2 (higher ranked) alternates, White. Lot Black for 1: 1 and 5 no White, no colour of
# 5 to compare: 1 alternates Black -> White (4.3.4); 2 and 3 both White: 2 Black.
#   1-5: 1 wins both: 1 3½, 5 2.   2-3: 2 wins, then a draw: 2 3, 3 1.   4: bye 2.
RECORD = {
    1: ([(1, 3, 1), (2, 4, "=")], 5),
    2: ([(1, 3, "="), (2, 4, 2)], 5),
    3: ([(1, 5, 1), (2, 3, 2)], 4),
    4: ([(1, 5, 1), (2, 3, "=")], 4),
}
# Final, by hand: 1 Amir 1½ + 2 = 3½; 2 Balqis 1½ + 1½ = 3; 4 Devi ½ + the bye 1½ = 2; 5
# Emran the bye 1½ + 0 = 1½ (the bye of a match is worth a game won and a game drawn, art.
# 3.4, ¾ a round); 3 Chong ½ + ½ = 1. No tie: places 1 Amir, 2 Balqis, 3 Devi, 4 Emran, 5 Chong.
STANDINGS = [(1, "3.5"), (2, "3"), (4, "2"), (5, "1.5"), (3, "1")]


def _typed(white: int, black: int, winner: int | str) -> str:
    if winner == "=":
        return "="
    return "1" if winner == white else "0"


def _play_round(arbiter: Person, slug: str, number: int, white_one: int) -> None:
    """Round ``number``: the boards as worked by hand (colours from the drawn colour of 1 in
    round 1: ``white_one`` is the player with White on board 1 of round 1), the bye, the
    results typed."""
    arbiter.go(f"/e/{slug}/s/T/r/{number}/")
    boards = round_boards(arbiter)
    pairs, bye = RECORD[number]
    shown = [(board.white, board.black) for board in boards]
    assert [frozenset(p) for p in shown] == [
        frozenset((NAMES[a], NAMES[b])) for a, b, _w in pairs
    ], shown
    drawn_white = white_one == 1
    if number % 2:
        expected = _white_black(number, drawn_white)
    else:  # game 2 of a match: game 1 reversed
        expected = [(black, white) for white, black in _white_black(number - 1, drawn_white)]
    assert shown == [(NAMES[w], NAMES[b]) for w, b in expected], (number, shown)
    assert [name for name, _what in round_byes(arbiter)] == [NAMES[bye]]
    # Game 2 repeats game 1's pairing and bye: no rematch or second-bye warning to check.
    assert arbiter.page.locator("#boards-to-check").count() == 0, arbiter.main_text()[:1500]
    for board, ((white, black), (_a, _b, winner)) in enumerate(
        zip(expected, pairs, strict=True), start=1
    ):
        cell = type_result(arbiter, board, _typed(white, black, winner))
        assert cell in ("1-0", "0-1", "½-½"), cell
    assert arbiter.page.locator("tr.pending").count() == 0
    arbiter.shot(f"round-{number}")


def _white_black(number: int, drawn_white: bool) -> list[tuple[int, int]]:
    if number == 1:
        return [(1, 3), (4, 2)] if drawn_white else [(3, 1), (2, 4)]
    return [(5, 1), (2, 3)] if drawn_white else [(1, 5), (3, 2)]


def test_double_swiss_journey(chromium: Any, live_server: Any) -> None:
    base = live_server.url
    site_before_the_journey(
        ("pentadbir", "pentadbir@example.my", "Pentadbir-Laman-2026"), anyone_creates_events=True
    )
    _admin, organiser = organiser_invited(
        chromium,
        base,
        JOURNEY,
        "ms",
        ("pentadbir", "Pentadbir-Laman-2026"),
        "kelab@example.my",
        ("kelabcatur", "Siti Aminah", "Catur-Sandakan-2026"),
    )

    # --- the organiser: the event from the club's regulations file ----------------------
    slug = event_from_file(organiser, REGULATIONS, "Acara dicipta.")
    organiser.go(f"/e/{slug}/s/T/")
    assert "Sistem Swiss Berganda FIDE" in organiser.main_text()
    enter_players(organiser, PLAYERS, "Penyertaan ditambah.")

    link = chief_arbiter_invited(organiser, slug, "rahim@example.my")
    arbiter = person(chromium, base, JOURNEY, "arbiter", "ms")
    accept_invitation(arbiter, link, "rahim", "Rahim bin Sulaiman", "Pengadil-Catur-2026")

    # --- the arbiter: numbers, then two matches of two games ----------------------------
    arbiter.go("/")
    arbiter.page.click(f"#event-{slug} a")
    arbiter.submit("#numbers-all")
    arbiter.go(f"/e/{slug}/s/T/")
    numbered = [(int(row[0]), row[1]) for row in table_rows(arbiter, "main table")]
    assert numbered == [(n, NAMES[n]) for n in sorted(NAMES)], numbered
    white_one = 0
    for number in range(1, 5):
        arbiter.go(f"/e/{slug}/")
        arbiter.submit("#pair-all")
        arbiter.submit("#confirm-button")
        if number == 1:
            arbiter.go(f"/e/{slug}/s/T/r/1/")
            first = round_boards(arbiter)[0]
            white_one = 1 if first.white == NAMES[1] else 3
        _play_round(arbiter, slug, number, white_one)

    # --- standings, cross-table, prizes -------------------------------------------------
    arbiter.go(f"/e/{slug}/s/T/standings/")
    assert "Selepas pusingan 4 daripada 4" in arbiter.main_text()
    rows = table_rows(arbiter, "#standings")
    lines = [(row[0], int(row[1]), row[2], row[-2]) for row in rows]
    assert lines == [
        (str(place), number, NAMES[number], points)
        for place, (number, points) in enumerate(STANDINGS, start=1)
    ], rows
    # The cross-table's cells: a column per match (two games), as a printed Double-Swiss
    # cross-table has: the bye's match 1½ (¾ each round), then match 2 against Amir (line 1),
    # the colour of game 1 (Emran had White in round 3) and the match's points, 0.
    emran = next(row for row in rows if row[2] == NAMES[5])
    assert emran[4:6] == ["bye 1½", "1p0"], emran
    # Amir: match 1 against Chong (line 5) 1½, match 2 against Emran (line 4) 2.
    amir = next(row for row in rows if row[2] == NAMES[1])
    assert [cell[:1] + cell[2:] for cell in amir[4:6]] == ["51½", "42"], amir
    prizes = table_rows(arbiter, "#prizes")
    assert [row[1] for row in prizes] == [NAMES[1], NAMES[2]], prizes
    arbiter.shot("standings")
    found = foreign_text(arbiter.page.content(), "ms", [*NAMES.values(), EVENT, "Terbuka"])
    assert [word for word in found if word != "English word: No «No.»"] == [], found

    (text,) = organiser.pdf(f"/print/{slug}/T/standings/?format=pdf", "standings")
    assert "Terbuka — Kedudukan" in text and "Selepas pusingan 4 daripada 4" in text
    lines_printed = text.splitlines()
    for place, (number, points) in enumerate(STANDINGS, start=1):
        assert any(
            line.startswith(f"{place} {number} {NAMES[number]}") and f" {points} " in f"{line} "
            for line in lines_printed
        ), (place, number, lines_printed)
    crosstable = organiser.pdf(f"/print/{slug}/T/crosstable/?format=pdf", "crosstable")
    joined = "\n".join(crosstable)
    for name in NAMES.values():
        assert name in joined, (name, joined)
    (prize_text,) = organiser.pdf(f"/print/{slug}/T/prizes/?format=pdf", "prizes")
    prize_lines = [line.rstrip() for line in prize_text.splitlines()]
    assert f"1 {NAMES[1]} johan" in prize_lines, prize_lines
    assert f"2 {NAMES[2]} naib johan" in prize_lines, prize_lines
