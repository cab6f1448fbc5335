"""``crosstable-web standings`` heads its tie-break columns as the English pages name them,
with the code in brackets ("Buchholz (BH)"), keeps each value under its heading, and says
when the last round is still in progress, as the standings page does."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.utils import translation

from crosstable_web.events import models, rounds, services


def _standings(section: models.Section, *options: str) -> list[str]:
    out = io.StringIO()
    call_command("standings", section.event.slug, section.key, *options, stdout=out)
    return out.getvalue().splitlines()


@pytest.mark.django_db
def test_tiebreak_headings_are_the_pages_words_with_the_code(
    event: models.Event,
    organiser: User,
    arbiter: User,
    make_players: Callable[..., list[models.Entry]],
    simple_pairing: object,
) -> None:
    section = event.sections.get(key="open")
    section.tiebreaks = ["BH", "BH/C1", "PS"]
    section.save()
    make_players(section, 4, organiser)
    services.assign_pairing_numbers(section, arbiter)
    # Round 1 (neighbours by number): 1-2 won by 1, 3-4 drawn.
    first = rounds.pair_next_round(section, arbiter)
    rounds.enter_result(first, 1, "1", arbiter)
    rounds.enter_result(first, 2, "=", arbiter)
    # Round 2 (by score: 1 (1), 3 (½), 4 (½), 2 (0)): 1-3 won by 1, 4-2 still to play.
    second = rounds.pair_next_round(section, arbiter)
    rounds.enter_result(second, 1, "1", arbiter)

    # Even with the server in Persian the command writes the English words.
    with translation.override("fa"):
        lines = _standings(section, "--round", "1")
    assert lines[0] == "Open: after round 1 of 3"
    header = lines[1]
    assert header.endswith("pts  Buchholz (BH)  Buchholz cut 1 (BH/C1)  Progressive score (PS)")
    # Each value ends where its heading ends.
    ends = [header.index(h) + len(h) for h in ("(BH)", "(BH/C1)", "(PS)")]
    rows = {line[11:39].strip(): line for line in lines[2:6]}
    assert set(rows) == {"Player 01", "Player 02", "Player 03", "Player 04"}
    # After round 1: 1 has 1 point, 3 and 4 ½, 2 nothing. Buchholz = the one opponent's
    # score: 1 → 0 (met 2), 2 → 1, 3 and 4 → 0.5; the cut leaves out that one opponent: 0;
    # progressive score = the score after round 1.
    expected = {
        "Player 01": ("0", "0", "1"),
        "Player 02": ("1", "0", "0"),
        "Player 03": ("0.5", "0", "0.5"),
        "Player 04": ("0.5", "0", "0.5"),
    }
    for name, values in expected.items():
        line = rows[name]
        for end, value in zip(ends, values, strict=True):
            assert line[:end].endswith(value) and line[end - len(value) - 1] == " ", (name, line)

    # Without --round: round 2 counts from its first result and is said to be in progress.
    assert _standings(section)[0] == "Open: after round 2 of 3 (in progress: 1 of 2 results)"
