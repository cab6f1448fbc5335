"""Standings pages name tie-breaks in words (header, its title and a footnote in order) in
every language, from one mapping, and say when the round they are after is still being
played ("in progress: k of m results")."""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from crosstable.tiebreaks.registry import known_codes
from crosstable_web.events import models, rounds, services
from crosstable_web.events.ranking import standings
from crosstable_web.events.words import tiebreak_labels

pytestmark = pytest.mark.django_db


def test_every_registry_code_has_words() -> None:
    assert tiebreak_labels.known_codes() == set(known_codes())


def test_modifiers_are_spelt_out() -> None:
    with translation.override("en"):
        assert tiebreak_labels.label("BH/C1").short == "Buchholz cut 1"
        assert tiebreak_labels.label("BH/M1").short == "Buchholz median 1"
        assert tiebreak_labels.label("EMGSB/C1").short == "Extended Sonneborn-Berger MP×GP cut 1"
        assert tiebreak_labels.label("BH:GP/P").short == (
            "Buchholz (on game points, forfeits as played)"
        )
        described = tiebreak_labels.label("BH/C1").description
        assert described == (
            "Sum of the opponents' scores as FIDE C.07 counts them: an opponent's unplayed "
            "rounds adjusted (Art. 16.3), each of the player's own unplayed rounds a game "
            "against a dummy opponent (Art. 16.4). Leaving out the lowest 1."
        )
    with translation.override("zh-hans"):
        assert tiebreak_labels.label("OTHER_LJF").short == "累进分逐轮递减"
        assert tiebreak_labels.label("累进分").short == "累进分逐轮递减"
        assert tiebreak_labels.label("PS").short == "累进分"
        assert tiebreak_labels.label("OTHER_DSF").short == "对手分"
        assert tiebreak_labels.label("OTHER_FOUL").short == "犯规"
        assert tiebreak_labels.label("BPG").short == "后走局数"
    with translation.override("fa"):
        assert tiebreak_labels.label("BH/C1").short == "بوخ هولز قطع شده 1"
        assert tiebreak_labels.label("BH/M1").short == "بوخ هولز متوسط 1"
    with translation.override("ms"):
        assert tiebreak_labels.label("PS").short == "Kumulatif"


def _headers(page: str) -> list[tuple[str, str]]:
    head = page[page.index('<table id="standings"') :]
    head = head[: head.index("</thead>")]
    return re.findall(r'<th class="num tiebreak" title="([^"]*)">([^<]*)</th>', head)


def _running_section(
    event: models.Event, organiser: User, arbiter: User, make_players: Callable[..., object]
) -> models.Section:
    """Open (BH, PS): four players, round 1 paired, one of its two results in."""
    section = event.sections.get(key="open")
    section.tiebreaks = ["OTHER_LJF", "BH/C1"]
    section.save()
    make_players(section, 4, organiser)
    services.assign_pairing_numbers(section, arbiter, "rating")
    round_row = rounds.pair_next_round(section, arbiter)
    rounds.enter_result(round_row, 1, "1", arbiter)
    return section


def test_headers_in_words_and_live_round_on_every_page(
    event: models.Event,
    organiser: User,
    arbiter: User,
    simple_pairing: Callable[..., object],
    make_players: Callable[..., object],
) -> None:
    section = _running_section(event, organiser, arbiter, make_players)
    client = Client()
    client.force_login(arbiter)
    back_office = client.get(f"/e/{event.slug}/s/open/standings/").content.decode()
    assert [short for _, short in _headers(back_office)] == [
        "Progressive score, dropping rounds",
        "Buchholz cut 1",
    ]
    assert ">OTHER_LJF<" not in back_office and ">BH/C1<" not in back_office
    notes = back_office[back_office.index('id="tiebreak-notes"') :]
    assert notes.index("(OTHER_LJF)") < notes.index("(BH/C1)")
    assert "Leaving out the lowest 1." in notes
    assert "After round 1 of 3 (in progress: 1 of 2 results)" in back_office

    client.cookies["django_language"] = "zh-hans"
    chinese = client.get(f"/e/{event.slug}/s/open/standings/").content.decode()
    assert next(short for _, short in _headers(chinese)) == "累进分逐轮递减"
    assert "进行中" in chinese

    public = Client()
    public.cookies["django_language"] = "zh-hans"
    page = public.get(f"/p/{event.slug}/open/standings/").content.decode()
    assert [short for _, short in _headers(page)] == [
        "累进分逐轮递减",
        "布赫霍尔茨分（去掉最低1个）",  # FIDE's Buchholz; 对手分 is OTHER_OS (issue 26.6)
    ]
    assert "进行中：1/2" in page

    printed = Client().get(f"/print/{event.slug}/open/standings/?lang=fa").content.decode()
    shorts = [short for _, short in _headers(printed)]
    assert shorts[1] == "بوخ هولز قطع شده ۱"
    assert "OTHER_LJF" not in shorts[0]
    english = Client().get(f"/print/{event.slug}/open/standings/?lang=en").content.decode()
    assert "(in progress: 1 of 2 results)" in english

    # The round's last result: no longer in progress.
    round_row = section.rounds.get(number=1)
    rounds.enter_result(round_row, 2, "=", arbiter)
    done = Client().get(f"/print/{event.slug}/open/standings/?lang=en").content.decode()
    assert "After round 1 of 3</p>" in done and "in progress" not in done


@pytest.mark.parametrize(
    ("first_day", "edition", "buchholz_of_3"),
    [
        # C.07 of 2023 (before 1 March 2026): 3's forfeit win is a game against a dummy
        # scoring 3's own score, 1
        (datetime.date(2019, 12, 22), "2023", 1),
        # C.07 of 2026: the dummy's score capped at the absent opponent's, 4's 0 (16.4)
        (datetime.date(2026, 4, 1), "2026", 0),
    ],
)
def test_buchholz_counts_unplayed_rounds_by_the_text_in_force_on_the_first_day(
    played_event: models.Event,
    organiser: User,
    first_day: datetime.date,
    edition: str,
    buchholz_of_3: int,
) -> None:
    """Issue 26.6: a 2019 event's Buchholz follows the C.07 text then in force, as the
    ``crosstable standings`` command reads a TRF's start date (before: always 2026), and
    the footnote says which text, in the reader's language."""
    models.Event.objects.filter(pk=played_event.pk).update(start_date=first_day)
    section = played_event.sections.get(key="open")
    section.tiebreaks = ["BH"]
    section.save()
    results = standings.section_results(models.Section.objects.get(pk=section.pk))
    values = {row.number: row.values[0] for row in results.main.rows}
    assert values[3] == buchholz_of_3  # round 1: 1-2 1-0, 3-4 +/- (4 absent), 5 the bye
    client = Client()
    client.cookies["django_language"] = "zh-hans"
    page = client.get(f"/p/{played_event.slug}/open/standings/").content.decode()
    assert f"国际棋联破同分方法中的未赛轮次按国际棋联C.07的{edition}年文本计算" in page


def test_chess_pages_cite_no_xiangqi_rule(played_event: models.Event, arbiter: User) -> None:
    """Issue 26.9: a chess section ranked by progressive score dropping rounds (Kinabatangan
    6.4's tie-break) cites no xiangqi rule in Malay, and its round page offers no xiangqi
    foul shortcut (before: "peraturan xiangqi 14.3.2" and "犯 1 0 (kesalahan)")."""
    section = played_event.sections.get(key="open")
    section.tiebreaks = ["OTHER_LJF"]
    section.save()
    client = Client()
    client.cookies["django_language"] = "ms"
    client.force_login(arbiter)
    page = client.get(f"/e/{played_event.slug}/s/open/standings/").content.decode()
    assert "Kumulatif tanpa pusingan 1, kemudian tanpa pusingan 1–2" in page
    assert "xiangqi" not in page.lower()
    round_page = client.get(f"/e/{played_event.slug}/s/open/r/1/").content.decode()
    help_text = re.search(r'id="entry-help">(.*?)</span>', round_page, re.S)
    assert help_text is not None and "* (kosongkan)." in help_text.group(1)
    assert "kesalahan" not in help_text.group(1)
