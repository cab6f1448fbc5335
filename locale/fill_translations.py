"""Fill the site's messages into locale/*/django.po from locale/translations/*.json; compile .mo.

    cd src/crosstable_web && ../../.venv/bin/crosstable-web makemessages -l zh_Hans -l ms -l fa
    cd ../.. && .venv/bin/python locale/fill_translations.py

The tables live in ``locale/translations/<area>.json`` (one file per area of the site), each
``{"messages": {msgid: [简体中文, Bahasa Melayu, فارسی]},
"in_context": {context: {msgid: [...]}},
"plurals": {msgid: [[zh forms], [ms forms], [fa forms]]}}``.
A message with a context (``pgettext``) takes its ``in_context`` entry, else the plain one.
Entries already translated are kept; fuzzy guesses from makemessages are replaced when a table
holds the message. Every translation must carry exactly the placeholders of its msgid
(``%(name)s``, ``%s``, ``{0}``): the script refuses to write otherwise. The compiled .mo files
are committed, so a fresh machine needs no gettext tools (compiling is pure Python).
"""

from __future__ import annotations

import ast
import json
import re
import struct
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
TABLES = HERE / "translations"
COLUMN = {"zh_Hans": 0, "ms": 1, "fa": 2}
PLACEHOLDER = re.compile(r"%\([^)]*\)[-+ #0]*\d*(?:\.\d+)?[a-zA-Z]|%[-+ #0]*\d*(?:\.\d+)?[sdifr]"
                         r"|\{[^{}]*\}")

Row = list[str]


def placeholders(text: str) -> Counter[str]:
    """The placeholders in ``text`` (a literal ``%%`` is not one)."""
    return Counter(PLACEHOLDER.findall(text.replace("%%", "")))


class Tables:
    """Every table in locale/translations, merged; a msgid in two files is an error."""

    def __init__(self, folder: Path = TABLES) -> None:
        self.messages: dict[str, Row] = {}
        self.in_context: dict[str, dict[str, Row]] = {}
        self.plurals: dict[str, list[Row]] = {}
        for path in sorted(folder.glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            self._merge(path.name, "messages", self.messages, data.get("messages", {}))
            self._merge(path.name, "plurals", self.plurals, data.get("plurals", {}))
            for context, table in data.get("in_context", {}).items():
                self._merge(path.name, f"in_context.{context}",
                            self.in_context.setdefault(context, {}), table)

    @staticmethod
    def _merge(source: str, section: str, into: dict[str, object],
               table: dict[str, object]) -> None:
        for msgid, row in table.items():
            if msgid in into:
                raise SystemExit(f"{source}: {section}: {msgid!r} is already in another table")
            into[msgid] = row

    def problems(self) -> list[str]:
        """Rows of the wrong length or whose placeholders differ from their msgid's."""
        found = []
        rows: list[tuple[str, str, list[str]]] = [
            ("messages", k, v) for k, v in self.messages.items()]
        rows += [(f"in_context.{c}", k, v)
                 for c, t in self.in_context.items() for k, v in t.items()]
        rows += [("plurals", k, [form for forms in v for form in forms])
                 for k, v in self.plurals.items()]
        for section, msgid, texts in rows:
            if section != "plurals" and len(texts) != len(COLUMN):
                found.append(f"{section}: {msgid!r}: needs {len(COLUMN)} translations")
            for text in texts:
                if placeholders(text) != placeholders(msgid):
                    found.append(f"{section}: {msgid!r}: placeholders differ in {text!r}")
        return found

    def singular(self, msgid: str, context: str | None) -> Row | None:
        if context is not None and msgid in self.in_context.get(context, {}):
            return self.in_context[context][msgid]
        return self.messages.get(msgid)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _fields(block: str) -> dict[str, str]:
    """The keyword fields of one .po entry (msgctxt, msgid, msgid_plural, msgstr, msgstr[n])."""
    fields: dict[str, str] = {}
    current = ""
    for line in block.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        if line.startswith('"'):
            fields[current] += ast.literal_eval(line)
            continue
        name, _, value = line.partition(" ")
        current = name
        fields[name] = ast.literal_eval(value)
    return fields


def _comments(block: str) -> list[str]:
    """The entry's comment lines without the fuzzy flag and makemessages' previous-msgid guesses."""
    kept = []
    for line in block.splitlines():
        if not line.startswith("#") or line.startswith("#|"):
            continue
        if line.startswith("#,"):
            flags = [flag.strip() for flag in line[2:].split(",") if flag.strip() != "fuzzy"]
            if flags:
                kept.append("#, " + ", ".join(flags))
            continue
        kept.append(line)
    return kept


def _translated(fields: dict[str, str], fuzzy: bool) -> bool:
    values = [value for name, value in fields.items() if name.startswith("msgstr")]
    return not fuzzy and bool(values) and all(values)


def fill(po: Path, column: int, tables: Tables) -> None:
    blocks = po.read_text(encoding="utf-8").split("\n\n")
    out = []
    for block in blocks:
        fields = _fields(block)
        msgid = fields.get("msgid", "")
        fuzzy = bool(re.search(r"^#,.*\bfuzzy\b", block, re.M))
        if not msgid or _translated(fields, fuzzy):
            out.append(block)
            continue
        head = [line for line in block.splitlines() if not line.startswith("#")]
        head = head[:next(i for i, line in enumerate(head) if line.startswith("msgstr"))]
        row = tables.singular(msgid, fields.get("msgctxt"))
        if "msgid_plural" in fields and msgid in tables.plurals:
            forms = tables.plurals[msgid][column]
            count = sum(1 for name in fields if name.startswith("msgstr["))
            values = [f"msgstr[{index}] {_quote(forms[min(index, len(forms) - 1)])}"
                      for index in range(count)]
            block = "\n".join(_comments(block) + head + values)
        elif "msgid_plural" not in fields and row is not None:
            block = "\n".join(_comments(block) + head + ["msgstr " + _quote(row[column])])
        out.append(block)
    po.write_text("\n\n".join(out), encoding="utf-8")


def untranslated(po: Path) -> list[str]:
    """The msgids of ``po`` still without a (non-fuzzy) translation."""
    missing = []
    for block in po.read_text(encoding="utf-8").split("\n\n"):
        fields = _fields(block)
        fuzzy = bool(re.search(r"^#,.*\bfuzzy\b", block, re.M))
        if fields.get("msgid") and not _translated(fields, fuzzy):
            missing.append(fields["msgid"])
    return missing


def _entries(po: Path) -> dict[bytes, bytes]:
    """msgid (with context and plural joined as gettext stores them) → msgstr, translated
    and not fuzzy."""
    catalog: dict[bytes, bytes] = {}
    for block in po.read_text(encoding="utf-8").split("\n\n"):
        if "#, fuzzy" in block and 'msgid ""\nmsgstr ""' not in block:
            continue
        fields = _fields(block)
        if "msgid" not in fields:
            continue
        key = fields["msgid"]
        if "msgctxt" in fields:
            key = fields["msgctxt"] + "\x04" + key
        if "msgid_plural" in fields:
            key += "\x00" + fields["msgid_plural"]
            forms = [fields[f"msgstr[{index}]"] for index in range(10)
                     if f"msgstr[{index}]" in fields]
            value = "\x00".join(forms) if all(forms) else ""
        else:
            value = fields.get("msgstr", "")
        if value:
            catalog[key.encode()] = value.encode()
    return catalog


def compile_mo(po: Path) -> None:
    """Write the .mo beside ``po`` (the GNU format, as Python's Tools/i18n/msgfmt.py)."""
    catalog = _entries(po)
    keys = sorted(catalog)
    ids = b"".join(key + b"\x00" for key in keys)
    strs = b"".join(catalog[key] + b"\x00" for key in keys)
    offsets: list[int] = []
    id_pos = strs_pos = 0
    for key in keys:
        offsets += [len(key), id_pos]
        id_pos += len(key) + 1
    value_offsets: list[int] = []
    for key in keys:
        value_offsets += [len(catalog[key]), strs_pos]
        strs_pos += len(catalog[key]) + 1
    start = 7 * 4 + len(keys) * 16
    id_start = start
    str_start = id_start + len(ids)
    table = [value for pair in zip(offsets[::2], offsets[1::2], strict=True)
             for value in (pair[0], pair[1] + id_start)]
    str_table = [value for pair in zip(value_offsets[::2], value_offsets[1::2], strict=True)
                 for value in (pair[0], pair[1] + str_start)]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4,
                         7 * 4 + len(keys) * 8, 0, 0)
    data = header + struct.pack(f"{len(table)}i", *table) + struct.pack(
        f"{len(str_table)}i", *str_table) + ids + strs
    po.with_suffix(".mo").write_bytes(data)


def main() -> int:
    tables = Tables()
    problems = tables.problems()
    if problems:
        print("\n".join(["locale/translations:", *problems]), file=sys.stderr)
        return 1
    for language, column in COLUMN.items():
        po = HERE / language / "LC_MESSAGES" / "django.po"
        fill(po, column, tables)
        compile_mo(po)
        print(f"{language}: {len(untranslated(po))} messages untranslated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
