"""The committed catalogues in locale/: every message translated into zh_Hans, ms and fa, every
translation keeping its msgid's placeholders, and each .mo compiled from its .po."""

from __future__ import annotations

import gettext
import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest
from django.utils import translation

LOCALE = Path(__file__).resolve().parents[2] / "locale"
LANGUAGES = ["zh_Hans", "ms", "fa"]


def _fill_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "fill_translations", LOCALE / "fill_translations.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FILL = _fill_script()


def _entries(language: str) -> list[dict[str, str]]:
    po = LOCALE / language / "LC_MESSAGES" / "django.po"
    blocks = po.read_text(encoding="utf-8").split("\n\n")
    return [fields for fields in map(FILL._fields, blocks) if fields.get("msgid")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated(language: str) -> None:
    assert FILL.untranslated(LOCALE / language / "LC_MESSAGES" / "django.po") == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_placeholders(language: str) -> None:
    wrong = []
    for fields in _entries(language):
        for name, text in fields.items():
            if not name.startswith("msgstr") or not text:
                continue
            source = (
                fields["msgid"]
                if name in ("msgstr", "msgstr[0]")
                else fields.get("msgid_plural", fields["msgid"])
            )
            if FILL.placeholders(text) != FILL.placeholders(source):
                wrong.append((source, text))
    assert wrong == []


def test_a_table_row_with_a_lost_placeholder_is_refused(tmp_path: Path) -> None:
    table = {
        "messages": {
            "Round %(round)d has no board %(board)d.": [
                "第%(round)d轮没有第%(board)d台。",
                "Pusingan %(round)d tiada papan.",
                "دور %(round)d میز %(board)d ندارد.",
            ]
        }
    }
    (tmp_path / "area.json").write_text(json.dumps(table), encoding="utf-8")
    problems = FILL.Tables(tmp_path).problems()
    assert len(problems) == 1 and "Pusingan %(round)d tiada papan." in problems[0]


def test_placeholder_forms() -> None:
    assert FILL.placeholders("%(diff)+d, %s, {0} and 100%%") == {"%(diff)+d": 1, "%s": 1, "{0}": 1}


@pytest.mark.parametrize("language", LANGUAGES)
def test_compiled_catalogue_matches_its_po(language: str) -> None:
    folder = LOCALE / language / "LC_MESSAGES"
    with (folder / "django.mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    for fields in _entries(language):
        msgid = fields["msgid"]
        context = fields.get("msgctxt")
        if "msgid_plural" in fields:
            got = (
                compiled.npgettext(context, msgid, fields["msgid_plural"], 1)
                if context
                else compiled.ngettext(msgid, fields["msgid_plural"], 1)
            )
            assert got == fields["msgstr[0]"]
        else:
            got = compiled.pgettext(context, msgid) if context else compiled.gettext(msgid)
            assert got == fields["msgstr"], msgid


def test_back_office_messages_reach_django() -> None:
    message = "Only an arbiter of this event may do that."
    with translation.override("zh-hans"):
        assert translation.gettext(message) == "只有本赛事的裁判可以进行此操作。"
        assert translation.pgettext("chess", "table") == "桌次"
    with translation.override("ms"):
        assert translation.gettext(message).startswith("Hanya pengadil")
    with translation.override("fa"):
        assert "داور" in translation.gettext(message)
