"""The five seeds' rules set through the settings forms from a blank event (issue 29, "Done
when"), used by the test-client runs (``test_seeds_from_blank_forms``) and the browser's
(``tests/web/journeys/settings_steps``).

What the organiser types is what the settings pages of an event built from the seed's own
file show, box by box, in the organiser's language (Persian digits and Jalali days on a
Persian page, the file's code words as their words, the tie-breaks by their names): the
reference pages are read, never written. The organiser starts from the blank event form
(:data:`BLANK`: the event and its first section, typed by hand in the seed's language) and
fills each form of each settings page (``settings.pages``: a page per part) until it shows
what the reference shows; a new row (a section, a discount, a prize) is one more form
sent. The regulations the forms wrote are then compared with the example file's by
meaning (:func:`differences`: the loaded ``Regulations``, key by key), never by text.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from crosstable.regulations import Regulations
from crosstable.tiebreaks.descriptor import parse_descriptor
from crosstable_web.events.settings import pages

from ..form_crawl import Form, forms_of

NOT_FILLED = ("regulations",)
"""The TOML editor: never typed into (no organiser writes TOML)."""
NOT_COPIED = ("slug", "csrfmiddlewaretoken", "action")
"""Boxes whose reference value is the reference event's own (its short name)."""

BLANK: dict[str, dict[str, str | list[str]]] = {
    # 2.1: boys under 12; the original leaves the date and the rounds blank: the form
    # asks for rounds, the settings page empties them again ("left to the arbiter")
    "kinabatangan-school-2024": {
        "name": "Kejohanan Catur Sekolah-Sekolah Daerah Kinabatangan",
        "game": "chess",
        "language": "ms",
        "time_zone": "Asia/Kuching",
        "calendar": "gregorian",
        "start_date": "",
        "end_date": "",
        "venue": "Bilik Gerakan SK Bukit Garam, Kinabatangan",
        "section_key": "L12",
        "section_name": "Lelaki bawah 12 tahun",
        "rounds": "7",
        "system": "FIDE_DUTCH_2026",
        "tiebreaks-0": "OTHER_LJF",
    },
    "futian-chess-grade-2019": {
        "name": "2019年秋季福田区第三届国际象棋等级赛",
        "game": "chess",
        "language": "zh_Hans",
        "time_zone": "Asia/Shanghai",
        "calendar": "gregorian",
        "start_date": "2019年12月22日",
        "end_date": "2019-12-22",
        "venue": "深圳实验学校小学部",
        "section_key": "A",
        "section_name": "A组：四、五级棋士组",
        "rounds": "７",
        "system": "FIDE_DUTCH_2026",
        "tiebreaks-0": "OTHER_OS",
        "tiebreaks-1": "OTHER_LJF",
    },
    "futian-youth-xiangqi-chess-2009": {
        "name": "2009年深圳市福田区少儿中国象棋、国际象棋比赛",
        "game": "xiangqi",
        "language": "zh_Hans",
        "time_zone": "Asia/Shanghai",
        "calendar": "gregorian",
        "start_date": "2009-11-14",
        "end_date": "2009/11/15",
        "venue": "福田区荔园小学（南校区）",
        "section_key": "xq-K",
        "section_name": "中国象棋幼儿组",
        "rounds": "7",
        "system": "XIANGQI_SWISS",
    },
    "huayuan-xiangqi-invitational-2019": {
        "name": "2019年四省边区“锦绣花园杯”象棋邀请赛",
        "game": "xiangqi",
        "language": "zh_Hans",
        "time_zone": "Asia/Shanghai",
        "calendar": "gregorian",
        "start_date": "2019-01-01",
        "end_date": "2019-01-03",
        "venue": "花垣县锦绣花园",
        "section_key": "main",
        "section_name": "男子象棋邀请赛",
        "rounds": "11",
        "system": "XIANGQI_SWISS",
        "tiebreaks-0": "OTHER_DSF",
        "tiebreaks-1": "WIN",
        "tiebreaks-2": "OTHER_ZS",
        "tiebreaks-3": "OTHER_FOUL",
        "tiebreaks-4": "BPG",
        "tiebreaks-5": "OTHER_PREV",
    },
    # 3: the open table first; Persian digits, Jalali days
    "fars-team-league-1398": {
        "name": "لیگ تیمی شطرنج استان فارس",
        "game": "chess",
        "language": "fa",
        "time_zone": "Asia/Tehran",
        "calendar": "jalali",
        "start_date": "۱۳۹۸-۰۸-۱۶",
        "end_date": "۱۳۹۸/۰۹/۲۹",
        "venue": "شیراز، خانه شطرنج اندیشه (هیات شطرنج استان فارس)",
        "section_key": "A",
        "section_name": "جدول آزاد (A)",
        "rounds": "۱۱",
        "system": "FIDE_TEAM",
        "tiebreaks-0": "MPVGP",
        "tiebreaks-1": "DE",
        "tiebreaks-2": "BH",
        "tiebreaks-3": "BH/C1",
        "tiebreaks-4": "BH/M1",
        "boards": "۴",
    },
}
"""The blank event form as each seed's organiser fills it, in the seed's language."""

LANGUAGE = {
    "kinabatangan-school-2024": "ms",
    "futian-chess-grade-2019": "zh-hans",
    "futian-youth-xiangqi-chess-2009": "zh-hans",
    "huayuan-xiangqi-invitational-2019": "zh-hans",
    "fars-team-league-1398": "fa",
}


# --- the page's forms -----------------------------------------------------------------------


def page_forms(body: bytes, address: str) -> dict[str, Form]:
    """A settings page's forms by their ``action`` (each part's own; ``settings.pages``:
    which page shows which)."""
    found = {}
    for form in forms_of(body, address):
        action = next((f.value for f in form.fields if f.name == "action"), "")
        if action and action not in NOT_FILLED:
            found[action] = form
    return found


def _boxes(form: Form) -> dict[str, list[str]]:
    """What each box of ``form`` holds: a text, the chosen option, the ticked boxes."""
    held: dict[str, list[str]] = {}
    for field in form.fields:
        if field.kind == "hidden" or field.name in NOT_COPIED:
            continue
        values = held.setdefault(field.name, [])
        if field.kind in ("checkbox", "radio"):
            if field.value:
                values.append(field.value)
        else:
            values.append(field.value)
    return held


_NEW_ROW = re.compile(r"~([a-z_]+)new(?=-|~|$)")


def _reference_name(name: str, ours: set[str]) -> str:
    """A box of our page named as the reference page names it: the empty row offered to
    add one (``…~discountsnew``) is the reference's row of the same position."""

    def position(match: re.Match[str]) -> str:
        stem = name[: match.start()]
        rows = {
            int(found[1])
            for other in ours
            if other.startswith(stem)
            and (found := re.match(rf"~{match[1]}(\d+)(?=-|~|$)", other[len(stem) :]))
        }
        return f"~{match[1]}{len(rows)}"

    return _NEW_ROW.sub(position, name)


@dataclasses.dataclass
class Change:
    """One form to send: the boxes that differ from the reference (name: values)."""

    action: str
    boxes: dict[str, list[str]]
    kinds: dict[str, str]
    """Each changed box's kind (``text``, ``select``, ``checkbox``)."""


def changes(ours: Form, reference: Form | None) -> Change | None:
    """What ``ours`` needs typed to show what ``reference`` shows (None: nothing)."""
    if reference is None:
        return None
    own, theirs = _boxes(ours), _boxes(reference)
    kinds = {field.name: field.kind for field in ours.fields}
    action = next(f.value for f in ours.fields if f.name == "action")
    changed: dict[str, list[str]] = {}
    for name, values in own.items():
        if name.endswith("-remove"):
            continue
        wanted = theirs.get(_reference_name(name, set(own)))
        if wanted is None:
            continue  # a box the reference does not have (yet): left as it is
        if kinds[name] == "checkbox":
            if sorted(wanted) != sorted(values):
                changed[name] = wanted
        elif wanted != values:
            changed[name] = wanted
    typed = [name for name in changed if "tiebreaks" in name and kinds[name] != "select"]
    assert not typed, f"a tie-break is chosen from its list by name, never typed: {typed}"
    return Change(action, changed, {name: kinds[name] for name in changed}) if changed else None


PARTS = tuple(page.name for page in pages.PAGES if page.name != pages.FILE)
"""The settings pages filled, in the navigation's order (the file's page is the TOML
editor: never typed into)."""


def all_forms(read_part: Callable[[str], dict[str, Form]]) -> dict[str, Form]:
    """Every settings form by its ``action``, each part's page read once."""
    found: dict[str, Form] = {}
    for part in PARTS:
        found |= read_part(part)
    return found


def fill(
    read_part: Callable[[str], dict[str, Form]],
    send: Callable[[Form, Change], str | None],
    reference: dict[str, Form],
    passes: int = 12,
) -> list[str]:
    """Send each form of each settings page (``read_part``: a page's forms by its name)
    that differs from the reference, part by part in the navigation's order, until none
    does. ``send`` answers None when the form was saved, else the page's refusal; the
    actions sent in order are returned. Fails with the refusals when the pages stop
    changing."""
    sent: list[str] = []
    remaining: dict[str, Change] = {}
    for _pass in range(passes):
        progress = False
        refusals: dict[str, str] = {}
        for part in PARTS:
            page = read_part(part)
            for action in list(page):
                # a form sent again while it saves and still differs: rows added one after
                # another (the sections, a grade ladder's eighteen rungs)
                for _row in range(40):
                    if action not in page:
                        break
                    change = changes(page[action], reference.get(action))
                    if change is None:
                        break
                    refusal = send(page[action], change)
                    if refusal is not None:
                        refusals[action] = refusal
                        break
                    sent.append(action)
                    progress = True
                    page = read_part(part)  # a saving changes the page (a new row, …)
        remaining = {
            action: change
            for action, form in all_forms(read_part).items()
            if (change := changes(form, reference.get(action))) is not None
        }
        if not remaining:
            return sent
        if not progress:
            raise AssertionError(
                f"the forms stop short of the seed: {remaining}\nrefused: {refusals}"
            )
    raise AssertionError(f"still differing after {passes} passes: {remaining}")


# --- the comparison -------------------------------------------------------------------------

UNORDERED = ("local_rules",)
"""Lists whose order means nothing: the local rules a section applies (ticked boxes)."""


def _plain(value: Any, key: str) -> Any:
    """A loaded value compared by meaning: tie-break codes as the registry reads them
    (``MPvGP`` is ``MPVGP``), the file's own text left out."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            field.name: _plain(getattr(value, field.name), field.name)
            for field in dataclasses.fields(value)
            if field.name not in ("source",)
        }
    if isinstance(value, tuple | list):
        if key == "tiebreaks":
            return [_tiebreak(code) for code in value]
        if key in UNORDERED:
            return sorted(_plain(item, key) for item in value)
        return [_plain(item, key) for item in value]
    if isinstance(value, dict):
        return {str(k): _plain(v, key) for k, v in value.items()}
    if isinstance(value, Fraction):
        return value
    return value


def _tiebreak(code: Any) -> Any:
    try:
        return str(parse_descriptor(str(code)))
    except Exception:  # a team ranking's place criterion (best_place): a word of its own
        return code


def differences(built: Regulations, seed: Regulations) -> list[str]:
    """Every key where the two mean different things (``sections[2].team.boards: 4 != 3``)."""
    found: list[str] = []

    def walk(ours: Any, theirs: Any, key: str) -> None:
        if isinstance(ours, dict) and isinstance(theirs, dict):
            for name in sorted(set(ours) | set(theirs), key=str):
                walk(ours.get(name), theirs.get(name), f"{key}.{name}" if key else str(name))
        elif isinstance(ours, list) and isinstance(theirs, list) and len(ours) == len(theirs):
            for number, (one, other) in enumerate(zip(ours, theirs, strict=True)):
                walk(one, other, f"{key}[{number}]")
        elif ours != theirs:
            found.append(f"{key}: {ours!r} != {theirs!r}")

    walk(_plain(built, ""), _plain(seed, ""), "")
    return found
