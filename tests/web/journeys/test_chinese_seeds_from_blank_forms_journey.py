"""The three Chinese seeds built from the BLANK event form in the browser (issue 29, "Done
when"), from an EMPTY database, in simplified Chinese, by an organiser who is not staff; no
template, no file, not a character of TOML typed:

* 003 — 2019年四省边区“锦绣花园杯”象棋邀请赛 (Huayuan, Hunan): an individual xiangqi Swiss of
  11 rounds whose teams are the invited counties, ranked by the sum of their six places;
* (to come) 001 — the Futian district chess grade tournament, 2019 (fourteen sections);
* (to come) 004 — the Futian district youth xiangqi and chess championship, 2009.

The organiser types the blank form by its labels, in Chinese (the tie-breaks chosen by their
words), then every settings form until the pages show what an event made from the seed's
own file shows (``seed_forms.fill``: the reference is read, never written). On the way the
mistakes a real organiser makes: a fee written with letters, a day that does not exist —
each refused at its box in Chinese, nothing saved, what was typed still there. At the end the
regulations the organiser downloads mean what ``examples/<seed>.toml`` means, key by key
(``seed_forms.differences`` over the loaded regulations, as the test-client runs compare).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from crosstable.regulations import load_regulations, parse_regulations
from crosstable_web.events import models

from ..events.seed_forms import Change, differences, fill, page_forms
from ..form_crawl import Form
from .steps import SHOTS, Person, organiser_invited, site_before_the_journey

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
SAVED = "设置已保存。"


# --- what the test knows: the seed's own file, as its settings pages show it ----------------


def reference_forms(seed: str) -> dict[str, Form]:
    """The settings forms of an event made from ``examples/<seed>.toml``, read by the test
    (never shown to the organiser) and taken away again: the database the journey starts
    from holds no event."""
    reader = User.objects.create_user("reference-reader")
    reader.is_superuser = True
    reader.save()
    client = Client(HTTP_ACCEPT_LANGUAGE="zh-hans")
    client.force_login(reader)
    upload = SimpleUploadedFile(f"{seed}.toml", (EXAMPLES / f"{seed}.toml").read_bytes())
    response = client.post(
        "/events/new/",
        {"source": "upload", "regulations": upload, "rounds": "7", "slug": "reference"},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    address = "/e/reference/settings/"
    forms = page_forms(client.get(address).content, address)
    models.Event.objects.filter(slug="reference").delete()
    reader.delete()
    return forms


# --- what the organiser does -----------------------------------------------------------------


def labelled(label: str) -> re.Pattern[str]:
    """A box's label as the page writes it: the words, then Django's colon."""
    return re.compile(rf"^\s*{re.escape(label)}\s*[:：]?\s*$")


def choose(box: Any, words: str) -> None:
    """Pick the one option of a list whose words begin with ``words`` (a tie-break by its
    name and the start of what it explains: two are called 对手分)."""
    options = [text.strip() for text in box.locator("option").all_inner_texts()]
    found = [text for text in options if text.startswith(words)]
    assert len(found) == 1, (words, found or options)
    box.select_option(label=found[0])


def blank_event(organiser: Person, typed: dict[str, str], chosen: dict[str, str]) -> str:
    """The organiser opens the new-event page and fills its blank form ("从表单创建") by the
    labels it shows: ``typed`` the boxes, ``chosen`` the lists (by the words of the option).
    The event's slug."""
    organiser.go("/")
    organiser.page.click("#new-event")
    form = organiser.page.locator("#blank-form")
    for label, value in typed.items():
        form.get_by_label(labelled(label)).fill(value)
    for label, words in chosen.items():
        choose(form.get_by_label(labelled(label)), words)
    part_shot(organiser, "#blank-form", "blank-form")
    organiser.submit("#create-from-form")
    assert organiser.path().endswith("/settings/"), organiser.main_text()[:1500]
    return organiser.path().split("/")[2]


def regulations_file(someone: Person, slug: str) -> str:
    """The event's regulations as the settings page's download link gives them."""
    response = someone.context.request.get(f"{someone.base}/e/{slug}/regulations.toml")
    assert response.status == 200
    return str(response.text())


def box_refusal(someone: Person, form: str, name: str) -> str:
    """The message the page gives at one box of a form: the error list the box names as
    its description (``aria-describedby``, what a screen reader reads with the box)."""
    box = someone.page.locator(f"#{form}-form [name='{name}']")
    described = (box.get_attribute("aria-describedby") or "").split()
    return "\n".join(
        str(someone.page.locator(f"[id='{found}']").inner_text()).strip()
        for found in described
        if "errorlist" in (someone.page.locator(f"[id='{found}']").get_attribute("class") or "")
    )


def part_shot(someone: Person, selector: str, name: str) -> Path:
    """A picture of one part of the settings (the whole is several screens long)."""
    folder = SHOTS / someone.journey
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{someone.role}-{name}.png"
    someone.page.locator(selector).screenshot(path=str(target))
    return target


def fill_in_browser(organiser: Person, slug: str, reference: dict[str, Form]) -> list[str]:
    """Every settings form the organiser types, box by box, until the pages show what the
    reference shows (``seed_forms.fill``): each form filled by its boxes' names and saved
    with its own button; a refusal is the page's messages at the form."""
    address = f"/e/{slug}/settings/"
    page = organiser.page

    def read_page() -> dict[str, Form]:
        if organiser.path() != address:
            organiser.go(address)
        return page_forms(page.content().encode(), address)

    def send(form: Form, change: Change) -> str | None:
        scope = page.locator(f"#{change.action}-form")
        for name, values in change.boxes.items():
            boxes = scope.locator(f"[name='{name}']")
            kind = change.kinds[name]
            if kind in ("checkbox", "radio"):
                for index in range(boxes.count()):
                    box = boxes.nth(index)
                    box.set_checked(box.get_attribute("value") in values or (
                        values == ["on"] and box.get_attribute("value") is None
                    ))  # fmt: skip
            elif kind == "select":
                boxes.select_option(values)
            else:
                boxes.fill(values[0])
        organiser.submit(f"#save-{change.action}")
        if SAVED in organiser.messages():
            return None
        errors = page.locator(f"#{change.action}-form .errorlist").all_inner_texts()
        return " | ".join(errors) or organiser.messages() or "refused without a message"

    return fill(read_page, send, reference)


# --- 003: the Huayuan xiangqi invitational ----------------------------------------------------

HUAYUAN = "huayuan-xiangqi-invitational-2019"


def test_huayuan_invitational_from_the_blank_form(chromium: Any, live_server: Any) -> None:
    started = time.process_time()
    reference = reference_forms(HUAYUAN)
    site_before_the_journey(
        ("root", "root@example.cn", "Guanliyuan-2019!"), anyone_creates_events=True
    )
    _admin, organiser = organiser_invited(
        chromium, live_server.url, "003-huayuan-blank", "zh-hans",
        ("root", "Guanliyuan-2019!"), "chenhengliu@example.cn",
        ("chenhengliu", "陈横流", "Huayuan-Qixie-2019"),
    )  # fmt: skip

    # the blank form, as the regulation reads: 一 the name, 二 the days and the place, 五 the
    # system (积分编排, 11 rounds) and 五(四) the tie-breaks in their words
    slug = blank_event(
        organiser,
        {
            "赛事名称": "2019年四省边区“锦绣花园杯”象棋邀请赛",
            "第一天": "2019年1月1日",
            "最后一天": "2019年1月3日",
            "比赛地点": "花垣县锦绣花园",
            "组别代码": "main",
            "组别名称": "男子象棋邀请赛",
            "轮数": "11",
        },
        {
            "棋种": "中国象棋",
            "赛事语言": "简体中文",
            "时区": "中国（上海）时间",
            "历法": "公历",
            "编排制度": "积分编排制",
            "破同分方法 1": "对手分 — 所有对手最终积分之和；轮空按全场最低",
            "破同分方法 2": "胜局 —",
            "破同分方法 3": "直胜 —",
            "破同分方法 4": "犯规 —",
            "破同分方法 5": "后走局数 —",
            "破同分方法 6": "前一轮名次",
        },
    )  # fmt: skip
    before = regulations_file(organiser, slug)

    # 七(二)(四): 600 yuan a team — typed "六百元" first: refused at the amount, in Chinese
    organiser.page.select_option("#fees-form [name=fees_per]", label="每队")
    organiser.page.fill("#fees-form [name=fees_amount]", "六百元")
    organiser.page.fill("#fees-form [name=fees_currency]", "CNY")
    organiser.submit("#save-fees")
    refusal = box_refusal(organiser, "fees", "fees_amount")
    assert refusal, organiser.messages()
    assert re.search(r"[\u4e00-\u9fff]", refusal), refusal
    assert organiser.page.input_value("#fees-form [name=fees_amount]") == "六百元"
    assert regulations_file(organiser, slug) == before
    part_shot(organiser, "#fees-form", "fee-refused")
    print("fee refusal:", refusal)

    # 八: round 1 on 1 January — typed as a day January does not have: refused at its box
    organiser.go(f"/e/{slug}/settings/")
    organiser.page.fill("#schedule-form [name=schedule_0_1_date]", "2019年1月32日")
    organiser.page.fill("#schedule-form [name=schedule_0_1_start]", "9:00")
    organiser.submit("#save-schedule")
    refusal = box_refusal(organiser, "schedule", "schedule_0_1_date")
    assert refusal, organiser.main_text()[:800]
    print("day refusal:", refusal)
    assert organiser.page.input_value("#schedule-form [name=schedule_0_1_date]") == "2019年1月32日"
    assert regulations_file(organiser, slug) == before
    part_shot(organiser, "#schedule-form", "day-refused")

    organiser.go(f"/e/{slug}/settings/")
    sent = fill_in_browser(organiser, slug, reference)
    print("sent:", sent)

    built = parse_regulations(regulations_file(organiser, slug))
    assert differences(built, load_regulations(EXAMPLES / f"{HUAYUAN}.toml")) == []
    print("CPU seconds (test process):", time.process_time() - started)
