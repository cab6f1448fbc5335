"""The three Chinese seeds built from the BLANK event form in the browser (issue 29, "Done
when"), from an EMPTY database, in simplified Chinese, by an organiser who is not staff
(invited by the site's administrator); no template, no file, not a character of TOML typed:

* 003 — 2019年四省边区“锦绣花园杯”象棋邀请赛 (Huayuan, Hunan): an individual xiangqi Swiss of
  11 rounds whose teams are the invited counties, ranked by the sum of their six places;
* 004 — 2009年深圳市福田区少儿中国象棋、国际象棋比赛: two games by four age groups (eight
  sections), a unit's team by the places of its best two boys and best girl;
* 001 — 2019年秋季福田区第三届国际象棋等级赛: seven grade sections, two timetables, the
  grade ladder and its promotions.

The organiser types the blank form as the seed's organiser would (``seed_forms.BLANK``), then
every part of the settings until the pages show what an event made from the seed's own file
shows (``settings_steps.fill_settings``, the shared driver; the reference is read, never
written). On the way the mistakes a real organiser makes, each refused at its box in
Chinese, the regulations unchanged and what was typed still there: a fee written in
characters, a day the month does not have, a limit written in words, birth-date limits
the wrong way round (no child could enter), a grade range upside down. At the end the
regulations the organiser downloads mean what ``examples/<seed>.toml`` means, key by key
(``seed_forms.differences`` over the loaded regulations, as the test-client runs compare).

Pictures of the refused forms and of some filled parts: ``$CROSSTABLE_JOURNEY_SHOTS``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from crosstable.regulations import load_regulations, parse_regulations
from crosstable_web.events import models

from ..events.seed_forms import differences
from .settings_steps import (
    fill_settings,
    open_part,
    organiser_at_a_blank_event,
    reference_forms,
    refused_at,
    regulations_file,
)
from .steps import Person

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
NOT_AN_AMOUNT = "不是金额：请写成 5、5.00 或 1,500.50（最多 2 位小数，不用科学记数法）。"
"""The refusal of an amount typed in characters or with its unit, after the text typed."""


def the_organiser(
    chromium: Any, live_server: Any, journey: str, account: tuple[str, str], seed: str
) -> tuple[Person, str]:
    """The organiser (``account``: user name, name), invited by the site's administrator,
    working in Chinese, at the seed's event made with the blank form; its short name."""
    username, name = account
    return organiser_at_a_blank_event(
        chromium, live_server, journey, "zh-hans", ("root", "root@example.cn", "Guanliyuan-2019!"),
        (username, f"{username}@example.cn", name, f"{username.title()}-Qixie-2019"), seed,
    )  # fmt: skip


def means_the_seed(organiser: Person, slug: str, seed: str, pictured: tuple[str, ...]) -> None:
    """The regulations the organiser downloads mean the example file's, key by key, every
    section's rules written by the forms; the journey's event is the only one. The parts
    ``pictured`` are pictured as filled."""
    text = regulations_file(organiser, slug)
    assert differences(parse_regulations(text), load_regulations(EXAMPLES / f"{seed}.toml")) == []
    assert "[section_defaults]" not in text
    assert list(models.Event.objects.values_list("slug", flat=True)) == [slug]
    for part in pictured:
        open_part(organiser, part)
        organiser.shot(f"settings-{part}")


# --- 003: the Huayuan xiangqi invitational ----------------------------------------------------


def test_huayuan_invitational_from_the_blank_form(chromium: Any, live_server: Any) -> None:
    seed = "huayuan-xiangqi-invitational-2019"
    reference = reference_forms(seed, "zh-hans")
    organiser, slug = the_organiser(
        chromium, live_server, "003-huayuan-blank", ("chenhengliu", "陈横流"), seed
    )

    # 七(二)(四): 600 yuan a team, typed in characters as a letter would write it
    refused_at(
        organiser, slug, "fees", "fees", {"fees_amount": "六百元", "fees_currency": "CNY"},
        "fees_amount", f"“六百元”{NOT_AN_AMOUNT}",
    )  # fmt: skip
    # 八: round 1 on 1 January, typed as a day January does not have
    refused_at(
        organiser, slug, "schedule", "schedule",
        {"schedule_0_1_date": "2019年1月32日", "schedule_0_1_start": "9:00"},
        "schedule_0_1_date", "“2019年1月32日”不是日历上存在的日期。",
    )  # fmt: skip

    sent = fill_settings(organiser, slug, reference)
    assert {"schedule", "eligibility", "team-rules", "ranking-rules", "prize-places"} <= set(sent)
    means_the_seed(organiser, slug, seed, ("ranking", "prizes"))


# --- 004: the Futian youth xiangqi and chess championship -----------------------------------


def test_futian_youth_championship_from_the_blank_form(chromium: Any, live_server: Any) -> None:
    seed = "futian-youth-xiangqi-chess-2009"
    reference = reference_forms(seed, "zh-hans")
    organiser, slug = the_organiser(
        chromium, live_server, "004-futian-youth-blank", ("litiyu", "李老师"), seed
    )

    # 六: the kindergarten group is born on or after 1 September 2003; the organiser also
    # types the juniors' date into "born on or before": no child could enter
    refused_at(
        organiser, slug, "entry", "eligibility",
        {"elig_xq-K_born_on_or_after": "2003年9月1日",
         "elig_xq-K_born_on_or_before": "1994年9月1日"},
        "elig_xq-K_born_on_or_before",
        "组别1（中国象棋幼儿组）—参赛资格—出生不晚于：早于“出生不早于”的日期：没有人的出生日期能同时满足两项",
    )  # fmt: skip
    # 六: up to six players a unit, typed in words
    refused_at(
        organiser, slug, "pairing", "play-rules", {"r-xq-K-max_per_unit": "六名"},
        "r-xq-K-max_per_unit", "“六名”不是整数。",
    )  # fmt: skip

    sent = fill_settings(organiser, slug, reference)
    assert {"section-list", "eligibility", "document-rules", "prize-categories"} <= set(sent)
    means_the_seed(organiser, slug, seed, ("entry", "categories"))


# --- 001: the Futian chess grade tournament --------------------------------------------------


def test_futian_grade_tournament_from_the_blank_form(chromium: Any, live_server: Any) -> None:
    seed = "futian-chess-grade-2019"
    reference = reference_forms(seed, "zh-hans")
    organiser, slug = the_organiser(
        chromium, live_server, "001-futian-grade-blank", ("shou", "寿老师"), seed
    )

    # 十二.5: 260 yuan a player, typed with the unit
    refused_at(
        organiser, slug, "fees", "fees", {"fees_amount": "260元"},
        "fees_amount", f"“260元”{NOT_AN_AMOUNT}",
    )  # fmt: skip
    # 五: section A is the 4th and 5th grades, typed the wrong way round
    refused_at(
        organiser, slug, "entry", "eligibility",
        {"elig_A_grade_from": "5", "elig_A_grade_to": "4"},
        "elig_A_grade_to",
        "组别1（A组：四、五级棋士组）—参赛资格—等级—到：必须是比起始等级更低（数字更大）的等级",
    )  # fmt: skip

    sent = fill_settings(organiser, slug, reference)
    assert {"section-list", "schedule", "grade-ladder", "grade-promotions"} <= set(sent)
    means_the_seed(organiser, slug, seed, ("event", "grades"))
