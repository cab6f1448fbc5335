"""The committed catalogues in locale/: every message translated into zh_Hans, ms and fa, every
translation keeping its msgid's placeholders, and each .mo compiled from its .po."""

from __future__ import annotations

import gettext
import importlib.util
import re
from pathlib import Path
from types import ModuleType

import polib
import pytest
from django.utils import translation

LOCALE = Path(__file__).resolve().parents[2] / "locale"
LANGUAGES = ["zh_Hans", "ms", "fa"]


def _catalogues() -> ModuleType:
    spec = importlib.util.spec_from_file_location("catalogues", LOCALE / "catalogues.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CATALOGUES = _catalogues()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated(language: str) -> None:
    assert CATALOGUES.untranslated(CATALOGUES.load(language)) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_placeholders(language: str) -> None:
    assert CATALOGUES.wrong_placeholders(CATALOGUES.load(language)) == []


def test_a_lost_placeholder_is_found() -> None:
    catalogue = polib.POFile()
    catalogue.append(
        polib.POEntry(
            msgid="Round %(round)d has no board %(board)d.",
            msgstr="Pusingan %(round)d tiada papan.",
        )
    )
    catalogue.append(polib.POEntry(msgid="Round %(round)d.", msgstr="第%(round)d轮。"))
    assert CATALOGUES.wrong_placeholders(catalogue) == [
        "'Round %(round)d has no board %(board)d.': 'Pusingan %(round)d tiada papan.'"
    ]


def test_a_working_row_with_a_lost_placeholder_is_refused() -> None:
    rows = {
        "messages": {
            "Round %(round)d has no board %(board)d.": [
                "第%(round)d轮没有第%(board)d台。",
                "Pusingan %(round)d tiada papan.",
                "دور %(round)d میز %(board)d ندارد.",
            ]
        }
    }
    problems = CATALOGUES.rows_problems(rows)
    assert len(problems) == 1 and "Pusingan %(round)d tiada papan." in problems[0]


def test_add_fills_the_untranslated_and_keeps_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for language in LANGUAGES:
        folder = tmp_path / language / "LC_MESSAGES"
        folder.mkdir(parents=True)
        catalogue = polib.POFile()
        catalogue.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
        catalogue.append(polib.POEntry(msgid="Board %(board)d", msgstr=""))
        catalogue.append(polib.POEntry(msgid="Round", msgstr="kept"))
        catalogue.save(str(folder / "django.po"))
    monkeypatch.setattr(CATALOGUES, "HERE", tmp_path)
    rows = {
        "messages": {
            "Board %(board)d": ["第%(board)d台", "Papan %(board)d", "میز %(board)d"],
            "Round": ["轮", "Pusingan", "دور"],
        }
    }
    assert CATALOGUES.add(rows) == {"zh_Hans": 1, "ms": 1, "fa": 1}
    fa = CATALOGUES.load("fa")
    assert fa.find("Board %(board)d").msgstr == "میز %(board)d"
    assert fa.find("Round").msgstr == "kept"
    assert CATALOGUES.add(rows, replace=True)["fa"] == 2
    assert CATALOGUES.load("fa").find("Round").msgstr == "دور"


def test_placeholder_forms() -> None:
    assert CATALOGUES.placeholders("%(diff)+d, %s, {0} and 100%%") == {
        "%(diff)+d": 1,
        "%s": 1,
        "{0}": 1,
    }


@pytest.mark.parametrize("language", LANGUAGES)
def test_compiled_catalogue_matches_its_po(language: str) -> None:
    folder = LOCALE / language / "LC_MESSAGES"
    with (folder / "django.mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    for entry in CATALOGUES.load(language):
        if entry.obsolete:
            continue
        context = entry.msgctxt
        if entry.msgid_plural:
            got = (
                compiled.npgettext(context, entry.msgid, entry.msgid_plural, 1)
                if context
                else compiled.ngettext(entry.msgid, entry.msgid_plural, 1)
            )
            assert got == entry.msgstr_plural[0]
        else:
            got = (
                compiled.pgettext(context, entry.msgid)
                if context
                else compiled.gettext(entry.msgid)
            )
            assert got == entry.msgstr, entry.msgid


def test_back_office_messages_reach_django() -> None:
    message = "Only an arbiter of this event may do that."
    with translation.override("zh-hans"):
        assert translation.gettext(message) == "只有本赛事的裁判可以进行此操作。"
        assert translation.pgettext("chess", "table") == "桌号"
    with translation.override("ms"):
        assert translation.gettext(message).startswith("Hanya pengadil")
    with translation.override("fa"):
        assert "داور" in translation.gettext(message)


def test_persian_calls_a_board_and_a_table_one_word_each() -> None:
    """docs/translations.md: in Persian a board (a game's number in a round, a team's board)
    is «میز», a team match's table «میز تیمی», the chessboard played on «صفحهٔ شطرنج»; «صفحه»
    alone is a web page. Every message naming a board or a table keeps to it — the round page,
    the pairings, the result forms and the printouts all read the same catalogue."""
    mixed = []
    for entry in polib.pofile(str(LOCALE / "fa" / "LC_MESSAGES" / "django.po")):
        if entry.obsolete or "letter from its board" in entry.msgid:  # a federation's board
            continue
        text = entry.msgstr or " ".join(entry.msgstr_plural.values())
        words = {word.strip(".,:;()") for word in entry.msgid.lower().split()}
        if "over the board" in entry.msgid:  # played, not forfeited: the chessboard
            if "صفحهٔ شطرنج" not in text:
                mixed.append((entry.msgid, text))
        elif words & {"board", "boards"}:
            if "میز" not in text or "صفحه" in text:
                mixed.append((entry.msgid, text))
            if words & {"table", "tables"} and "میز تیمی" not in text:  # told apart
                mixed.append((entry.msgid, text))
    assert mixed == []


# A team match's table, a board and the chessboard in Chinese and Malay (docs/translations.md):
# (the table's word, the board's word, the chessboard's words, words of neither).
TEAM_TABLE = re.compile(r"(?i)\btables? (%|\d|and board)|on a table|^table$|table\.board|\(table %")
# (a database table, in the laptop's audit messages, is neither)
DATABASE_TABLE = re.compile(r"audit log|events\.event")
TABLE_AND_BOARD_WORDS = {
    "zh_Hans": ("桌", "台", "", ("盘", "桌次")),
    "ms": ("meja", "papan", "papan catur", ()),
}


@pytest.mark.parametrize("language", sorted(TABLE_AND_BOARD_WORDS))
def test_chinese_and_malay_call_a_board_and_a_table_one_word_each(language: str) -> None:
    """docs/translations.md: a team match's table is 桌 (第3桌, 桌号) / meja, a board 台 (第2台,
    台次) / papan, the chessboard played on "papan catur" in Malay (Chinese says 实际对弈,
    "actually played", with no board at all). Before, Chinese called a table 台 in the hand
    pairing page and its messages ("第 3 台只有一支队伍", the column 台次) and a board 盘 (a
    game's word) in the result change log, and Malay's "di papan" (over the board) read as "on
    board N"."""
    table, board, chessboard, neither = TABLE_AND_BOARD_WORDS[language]
    mixed = []
    for entry in polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "django.po")):
        if entry.obsolete or "letter from its board" in entry.msgid:  # a federation's board
            continue
        text = (entry.msgstr or " ".join(entry.msgstr_plural.values())).lower()
        words = {word.strip(".,:;()") for word in entry.msgid.lower().split()}
        if "over the board" in entry.msgid:
            if chessboard not in text:
                mixed.append((entry.msgid, text))
            continue
        if any(word in text for word in neither):
            mixed.append((entry.msgid, text))
        # a team match's table, not a table of prizes, rules or data
        names_a_table = bool(TEAM_TABLE.search(entry.msgid)) and not DATABASE_TABLE.search(
            entry.msgid
        )
        names_a_board = bool(words & {"board", "boards", "table.board"})
        if names_a_table and table not in text:
            mixed.append((entry.msgid, text))
        if names_a_table and not names_a_board and board in text.replace(chessboard or "\0", ""):
            mixed.append((entry.msgid, text))
    assert mixed == []
