""" "Pair the next round of all sections" checks every section before it starts (issue 11; issue
21 item 5): players without a pairing number (a pairing would leave them out) and playing
groups the regulations split a section into that are not formed (boys and girls would be paired
together) are listed in one preview, with the buttons that put them right, and nothing is paired
until they are. Pairing numbers are assigned in every section at once.

Futian grade tournament (seed 001), in Chinese: section B has 10 boys and 10 girls — 六(2):
each sex plays apart when both have 10 or more, so B must become B-M and B-F —; section C has
6 players and no numbers yet (merged: nothing to split); A, D, E, F and G have no player.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from crosstable_web.events import models, rounds, services
from crosstable_web.events.regulations import rules

pytestmark = pytest.mark.django_db

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "futian-chess-grade-2019.toml"


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    yield
    translation.activate("en")


@pytest.fixture
def futian(organiser: User, arbiter: User, simple_pairing: object) -> models.Event:
    event = services.create_event(rules.load_event_spec(EXAMPLE), organiser, slug="futian")
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section_b, section_c = event.sections.get(key="B"), event.sections.get(key="C")
    for index in range(20):
        services.add_entry(
            section_b,
            services.EntryData(
                name=f"乙{index:02d}",
                sex="MF"[index % 2],
                national_grade="6",
                birth_date=datetime.date(2010, 1, 1),
                rating=1500 - index,
            ),
            organiser,
        )
    for index in range(6):
        services.add_entry(
            section_c,
            services.EntryData(
                name=f"丙{index}",
                sex="M",
                national_grade="8",
                birth_date=datetime.date(2011, 1, 1),
                rating=1300 - index,
            ),
            organiser,
        )
    return event


def _chinese(user: User) -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = "zh-hans"
    return client


def test_one_preview_of_problems_then_numbers_for_all_then_pair_all(
    futian: models.Event, organiser: User, arbiter: User
) -> None:
    arbiter_pages = _chinese(arbiter)
    preview = arbiter_pages.post("/e/futian/pair-all/").content.decode()
    problems = re.findall(r"<li>([^<]*)</li>", preview.split('id="confirm-problems"')[1])
    assert problems[0] == (
        # the groups by name, in the event's language (never the keys B-M, B-F)
        "B组：六、七级棋士组：竞赛规程将本组分为 "
        "B组：六、七级棋士组（男子）, B组：六、七级棋士组（女子）："
        "请先组成比赛小组（赛事页面“组成比赛小组”）。"
    )
    assert problems[1:] == [
        "B组：六、七级棋士组：20名选手没有编号（乙00, 乙01, 乙02, 乙03, 乙04 …）：请先分配编号。",
        "C组：八、九级棋士组：6名选手没有编号（丙0, 丙1, 丙2, 丙3, 丙4 …）：请先分配编号。",
    ]
    assert 'name="confirm"' not in preview  # nothing to confirm until they are put right
    assert 'id="numbers-all-form"' in preview
    assert "由组委会组成比赛小组（赛事页面）。" in preview  # the arbiter is not the organiser
    # the preview's problems, by hand or by a stray request, stop the run: nothing is paired
    page = arbiter_pages.post("/e/futian/pair-all/", {"confirm": "yes"}, follow=True)
    assert "未编排任何组别" in page.content.decode()
    assert not models.Round.objects.filter(section__event=futian).exists()

    services.form_playing_groups(futian, organiser)  # the organiser forms B-M and B-F
    # A way of numbering the list does not offer is refused with a word, not read as "by
    # rating" (it numbered every section by rating without a word).
    page = arbiter_pages.post("/e/futian/numbers/", {"method": "alphabet"}, follow=True)
    assert "编号按等级分或抽签分配；未作任何更改。" in page.content.decode()
    assert not futian.sections.get(key="C").entries.exclude(pairing_number=None).exists()
    page = arbiter_pages.post("/e/futian/numbers/", {"method": "rating"}, follow=True)
    text = page.content.decode()
    assert "已在3个组别分配编号。" in text
    assert "A组：四、五级棋士组：没有选手" in text
    numbered = {
        section.key: sorted(section.entries.values_list("pairing_number", flat=True))
        for section in futian.sections.filter(key__in=["B-M", "B-F", "C"])
    }
    assert numbered == {
        "B-M": list(range(1, 11)),
        "B-F": list(range(1, 11)),
        "C": [1, 2, 3, 4, 5, 6],
    }
    # numbers by rating: B-M's first is its highest rated boy, 乙00 (1500)
    assert futian.sections.get(key="B-M").entries.get(pairing_number=1).name == "乙00"

    preview = arbiter_pages.post("/e/futian/pair-all/").content.decode()
    assert 'id="confirm-problems"' not in preview and 'name="confirm"' in preview
    assert "未编排：没有选手" in preview  # A, D, E, F, G
    arbiter_pages.post("/e/futian/pair-all/", {"confirm": "yes"})
    paired = sorted(
        models.Round.objects.filter(section__event=futian).values_list("section__key", "number")
    )
    assert paired == [("B-F", 1), ("B-M", 1), ("C", 1)]
    # the boys' group prints its ranking once: no "boys" copy of it, no empty "girls" table
    printed = Client().get("/print/futian/B-M/standings/?lang=zh-hans").content.decode()
    assert printed.count("<tbody>") == 1 and 'class="sub-ranking"' not in printed


def test_a_late_import_without_numbers_is_caught(
    futian: models.Event, organiser: User, arbiter: User
) -> None:
    """Players entered after the numbers (an import gives none) would silently miss round 1."""
    services.form_playing_groups(futian, organiser)
    result = services.assign_all_pairing_numbers(futian, arbiter, "rating")
    assert sorted(section.key for section in result.numbered) == ["B-F", "B-M", "C"]
    section_c = futian.sections.get(key="C")
    models.Entry.objects.create(section=section_c, name="丙9", sex="M", national_grade="8")
    lines = {line.section.key: line for line in rounds.pair_all_preview(futian)}
    assert lines["C"].unnumbered == ["丙9"] and lines["B-M"].ready
    with pytest.raises(services.ServiceError, match="1 player has no pairing number"):
        rounds.pair_all_sections(futian, arbiter)
    assert not models.Round.objects.filter(section__event=futian).exists()
