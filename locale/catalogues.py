"""The site's catalogues: locale/<language>/LC_MESSAGES/django.po are the one source of the
translations; this script checks them and compiles the .mo files with polib.

    cd src/crosstable_web && ../../.venv/bin/crosstable-web makemessages -l zh_Hans -l ms -l fa
    cd ../.. && .venv/bin/python locale/catalogues.py              # check, compile, report
    .venv/bin/python locale/catalogues.py add rows.json           # put new translations in

``add`` takes a working file of new translations (not kept in the repository) shaped
``{"messages": {msgid: [简体中文, Bahasa Melayu, فارسی]},
"in_context": {context: {msgid: [...]}},
"plurals": {msgid: [[zh forms], [ms forms], [fa forms]]}}``
and writes them into the entries makemessages left untranslated or fuzzy (``--replace``:
into translated ones too, to correct them). Every translation must carry exactly the
placeholders of its msgid (``%(name)s``, ``%s``, ``{0}``): both commands refuse otherwise.
The compiled .mo files are committed, so a fresh machine needs no gettext tools.
The words chosen for a concept named in many messages (a board in Persian…):
docs/translations.md.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

import polib

from crosstable.languages import catalogue_codes

HERE = Path(__file__).resolve().parent
LANGUAGES = catalogue_codes()
"""The catalogues, in the order of a row's translations (crosstable/languages.py)."""
PLACEHOLDER = re.compile(
    r"%\([^)]*\)[-+ #0]*\d*(?:\.\d+)?[a-zA-Z]|%[-+ #0]*\d*(?:\.\d+)?[sdifr]|\{[^{}]*\}"
)


def placeholders(text: str) -> Counter[str]:
    """The placeholders in ``text`` (a literal ``%%`` is not one)."""
    return Counter(PLACEHOLDER.findall(text.replace("%%", "")))


def catalogue_path(language: str) -> Path:
    return HERE / language / "LC_MESSAGES" / "django.po"


def load(language: str) -> polib.POFile:
    return polib.pofile(str(catalogue_path(language)), wrapwidth=79)


def _is_translated(entry: polib.POEntry) -> bool:
    return entry.translated() and not entry.obsolete


def untranslated(catalogue: polib.POFile) -> list[str]:
    """The msgids still without a (non-fuzzy) translation."""
    return [e.msgid for e in catalogue if not e.obsolete and not _is_translated(e)]


def wrong_placeholders(catalogue: polib.POFile) -> list[str]:
    """Translations whose placeholders differ from their msgid's (or plural msgid's)."""
    wrong = []
    for entry in catalogue:
        if entry.obsolete:
            continue
        if entry.msgid_plural:
            for index, text in entry.msgstr_plural.items():
                source = entry.msgid if int(index) == 0 else entry.msgid_plural
                # A language with one plural form (Chinese) writes the count in its one form.
                if text and placeholders(text) not in (
                    placeholders(source),
                    placeholders(entry.msgid_plural),
                ):
                    wrong.append(f"{entry.msgid!r}: {text!r}")
        elif entry.msgstr and placeholders(entry.msgstr) != placeholders(entry.msgid):
            wrong.append(f"{entry.msgid!r}: {entry.msgstr!r}")
    return wrong


def rows_problems(rows: dict[str, object]) -> list[str]:
    """Rows of a working file with the wrong length or placeholders unlike their msgid's."""
    found = []
    messages = dict(rows.get("messages", {}))  # type: ignore[call-overload]
    for context, table in dict(rows.get("in_context", {})).items():  # type: ignore[call-overload]
        messages.update({f"{context}\x04{msgid}": row for msgid, row in table.items()})
    for key, texts in messages.items():
        msgid = key.partition("\x04")[2] or key
        if len(texts) != len(LANGUAGES):
            found.append(f"{msgid!r}: needs {len(LANGUAGES)} translations")
        found += [
            f"{msgid!r}: placeholders differ in {text!r}"
            for text in texts
            if placeholders(text) != placeholders(msgid)
        ]
    return found


def add(rows: dict[str, object], *, replace: bool = False) -> dict[str, int]:
    """Write ``rows`` into the catalogues; how many entries each language received."""
    messages: dict[str, list[str]] = rows.get("messages", {})  # type: ignore[assignment]
    in_context: dict[str, dict[str, list[str]]] = rows.get("in_context", {})  # type: ignore[assignment]
    plurals: dict[str, list[list[str]]] = rows.get("plurals", {})  # type: ignore[assignment]
    written = {}
    for column, language in enumerate(LANGUAGES):
        catalogue = load(language)
        count = 0
        for entry in catalogue:
            if entry.obsolete or (_is_translated(entry) and not replace):
                continue
            if entry.msgid_plural:
                if entry.msgid not in plurals:
                    continue
                forms = plurals[entry.msgid][column]
                width = max(len(entry.msgstr_plural), 1)
                entry.msgstr_plural = {i: forms[min(i, len(forms) - 1)] for i in range(width)}
            else:
                row = (
                    in_context.get(entry.msgctxt or "", {}).get(entry.msgid)
                    if entry.msgctxt
                    else None
                )
                row = row or messages.get(entry.msgid)
                if row is None:
                    continue
                entry.msgstr = row[column]
            if entry.fuzzy:
                entry.flags.remove("fuzzy")
            entry.previous_msgid = entry.previous_msgid_plural = entry.previous_msgctxt = None
            count += 1
        if count:  # (polib wraps lines its own way: a file left alone is not rewritten)
            catalogue.save()
        written[language] = count
    return written


def compile_all() -> int:
    """Check every catalogue and write its .mo; 1 when a placeholder is lost."""
    status = 0
    for language in LANGUAGES:
        catalogue = load(language)
        wrong = wrong_placeholders(catalogue)
        if wrong:
            print(f"{language}: placeholders differ:", *wrong, sep="\n  ", file=sys.stderr)
            status = 1
            continue
        catalogue.save_as_mofile(str(catalogue_path(language).with_suffix(".mo")))
        print(f"{language}: {len(untranslated(catalogue))} messages untranslated")
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command")
    adding = commands.add_parser("add", help="put new translations into the catalogues")
    adding.add_argument("rows", type=Path, nargs="+", help="working file(s) of translations")
    adding.add_argument("--replace", action="store_true", help="correct translated entries too")
    arguments = parser.parse_args(argv)
    if arguments.command == "add":
        for path in arguments.rows:
            rows = json.loads(path.read_text(encoding="utf-8"))
            problems = rows_problems(rows)
            if problems:
                print(f"{path}:", *problems, sep="\n  ", file=sys.stderr)
                return 1
            written = add(rows, replace=arguments.replace)
            print(f"{path}: " + ", ".join(f"{k} {v}" for k, v in written.items()))
    return compile_all()


if __name__ == "__main__":
    sys.exit(main())
