"""Every key of the regulations format is set by a settings form (issue 29): no organiser
has to write TOML.

The keys are not listed by hand: they are traced from the loader itself, reading the five
examples and ``tests/data/regulations/every-table.toml`` (a probe holding the tables the
examples leave out) — every ``TableReader`` access is a key (``sections[].team.boards``;
array positions as ``[]``, names the file chooses — a schedule's, a section's in
``[fees.sections]``, a board number — as ``*``, a condition table such as ``where`` as one
key, written whole by its field). A first test checks the probe is complete: every key name
the loader's source reads appears in the trace. The forms' keys are what each settings form,
built on the same files and sent back as the page shows it, says its fields write
(``key_fields``); a table is reached when one of its keys is.

:data:`STILL_MISSING` lists the keys no form sets yet, so the gap is measured; it only shrinks.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from crosstable.regulations import condition_table, parse_regulations
from crosstable.regulations import reader as regulations_reader
from crosstable_web.events import forms
from crosstable_web.events.settings import settings_forms
from crosstable_web.events.settings.rule_fields import form as rules_form
from crosstable_web.events.settings.rule_fields import page as rule_page

ROOT = Path(__file__).resolve().parents[3]
PROBE = ROOT / "tests/data/regulations/every-table.toml"
FILES = [*sorted((ROOT / "examples").glob("*.toml")), PROBE]
PACKAGE = ROOT / "src/crosstable/regulations"

STILL_MISSING: list[str] = []


def _package_modules() -> list[Any]:
    """The modules of ``crosstable.regulations`` (the loader reads a table in each)."""
    import importlib

    return [
        importlib.import_module(f"crosstable.regulations.{path.stem}")
        for path in sorted(PACKAGE.glob("*.py"))
    ]


def _named_keys() -> set[str]:
    """Every string the regulations package passes to a call: the key names it reads (and
    some other words, which only makes the open-name test below stricter)."""
    found = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call):
                for argument in node.args:
                    if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                        found.add(argument.value)
    return found


def _read_names() -> set[str]:
    """The key names the loader's source reads: the first string of a reader's accessor."""
    accessors = {
        name
        for name, value in vars(regulations_reader.TableReader).items()
        if callable(value) and not name.startswith("_")
    } - {"key", "error", "child", "finish", "check_text", "check_int"}
    found = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in accessors
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add(node.args[0].value)
    return found


def normalised(key: str, named: set[str]) -> str:
    """``sections[2].schedule[0].date`` → ``sections[].schedule[].date``; a name the file
    chooses (no key of the format) → ``*``."""
    key = re.sub(r"\[\d+\]", "[]", key)
    parts = []
    for part in key.split("."):
        base, bracket, rest = part.partition("[")
        parts.append(("*" if base not in named else base) + bracket + rest)
    return ".".join(parts)


def schema_keys() -> set[str]:
    """The loader's keys, traced while it reads every file of :data:`FILES`."""
    named = _named_keys()
    keys: set[str] = set()
    inside_condition = [0]
    original_raw = regulations_reader.TableReader.raw
    original_where = condition_table.read_where

    def raw(self: Any, name: str) -> Any:
        if not inside_condition[0]:
            keys.add(normalised(self.key(name), named))
        return original_raw(self, name)

    def where(reader: Any, name: str) -> Any:
        keys.add(normalised(reader.key(name), named))
        inside_condition[0] += 1
        try:
            return original_where(reader, name)
        finally:
            inside_condition[0] -= 1

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(regulations_reader.TableReader, "raw", raw)
        for module in _package_modules():  # each table's reader imports it by name
            if getattr(module, "read_where", None) is original_where:
                patch.setattr(module, "read_where", where)
        for path in FILES:
            parse_regulations(path.read_text("utf-8"), str(path))
    return keys


def _sent_back(form: Any) -> dict[str, Any]:
    """What a browser sends for a form as the page shows it."""
    data = {}
    for name in form.fields:
        value = form[name].value()
        if value is None or value is False:
            continue
        data[name] = "on" if value is True else value
    return data


def _form_keys_of(path: Path) -> Iterator[str]:
    text = path.read_text("utf-8")
    regulations = parse_regulations(text, str(path))
    rounds = {section.key: section.rounds or 5 for section in regulations.sections}
    for action in settings_forms.PARTS:
        shown = settings_forms.part_forms(regulations, text, rounds)[action]
        sent = settings_forms.part_forms(regulations, text, rounds, _sent_back(shown), action)
        form = sent[action]
        assert form.is_valid(), (path.name, action, form.errors)
        yield from form.key_fields()
    for part in rule_page.PARTS:
        shown_rules = rules_form.RulesForm(part=part, text=text, regulations=regulations)
        rule_form = rules_form.RulesForm(
            _sent_back(shown_rules), part=part, text=text, regulations=regulations
        )
        assert rule_form.is_valid(), (path.name, part.name, rule_form.errors)
        assert rule_form.changes == [], (path.name, part.name, rule_form.changes)
        yield from rule_form.key_fields()
    settings = forms.EventSettingsForm(event_slug="probe")
    yield from settings.written_keys(regulations)


def form_keys() -> set[str]:
    named = _named_keys()
    return {normalised(key, named) for path in FILES for key in _form_keys_of(path)}


STRUCTURE = {"section_defaults", "sections[].team.match_points.bye"}
"""Keys no field needs: each section is ``[section_defaults]`` with its own keys on top, so
the defaults' keys are the sections' keys, which the forms write section by section; the
loader reads ``team.match_points.bye`` only to refuse it (the team bye is ``team.bye``)."""


def _reached(key: str, written: set[str]) -> bool:
    if key in STRUCTURE:
        return True
    return key in written or any(w.startswith((f"{key}.", f"{key}[")) for w in written)


def test_the_trace_reaches_every_key_the_loader_reads() -> None:
    """The probe file holds every table: each key name the loader's source reads appears
    in the trace (else add the table to tests/data/regulations/every-table.toml)."""
    traced = {part.partition("[")[0] for key in schema_keys() for part in key.split(".")}
    assert sorted(_read_names() - traced) == []


def test_every_key_of_the_regulations_is_set_by_a_settings_form() -> None:
    schema = schema_keys()
    written = form_keys()
    missing = sorted(key for key in schema if not _reached(key, written))
    assert len(schema) > 150  # the trace ran: the format has about 200 keys
    assert missing == sorted(STILL_MISSING), (
        f"{len(missing)} keys no form sets; newly missing: "
        f"{sorted(set(missing) - set(STILL_MISSING))}; now set (strike them from "
        f"STILL_MISSING): {sorted(set(STILL_MISSING) - set(missing))}"
    )
