"""A prize list printed before the last round says it is provisional, after which round: it
looked final — prizes, the chief arbiter's signature line — on a Kinabatangan arbiter's
desk after round 3 of 7 (the standings printed beside it said "Selepas pusingan 3 daripada
7", the prize list nothing). Read in Malay; the small event of the fixture: 3 rounds, round
1 played (a win, a forfeit and a bye)."""

from __future__ import annotations

import re

from django.test import Client

from crosstable_web.events import models

PROVISIONAL = "Sementara: hadiah ditentukan selepas pusingan terakhir."


def _note(html: str) -> str | None:
    found = re.search(r'<p class="provisional" id="provisional">(.*?)</p>', html, re.DOTALL)
    return None if found is None else " ".join(re.sub(r"<[^>]+>", "", found[1]).split())


def test_a_prize_list_before_the_last_round_says_it_is_provisional(
    played_event: models.Event,
) -> None:
    client = Client()
    html = client.get(f"/print/{played_event.slug}/open/prizes/?lang=ms").content.decode()
    assert _note(html) == f"{PROVISIONAL} Selepas pusingan 1 daripada 3"


def test_a_prize_list_after_the_last_round_is_not_provisional(
    played_event: models.Event,
) -> None:
    # the same section, had its regulations set one round: round 1 was its last
    played_event.sections.filter(key="open").update(total_rounds=1)
    client = Client()
    html = client.get(f"/print/{played_event.slug}/open/prizes/?lang=ms").content.decode()
    assert "Senarai hadiah" in html
    assert _note(html) is None
