"""The core's messages in the reader's words: a regulations file's problems (the loader's
``RegulationsError``) and a pairing engine's refusals.

The core writes each as a :class:`crosstable.message.Message`: an English template, which is
the message id (``makemessages`` finds it in the core: ``management/commands/makemessages``),
and typed values. Here the template is translated and each value written for the reader:
numbers in the reader's digits, keys of the file in words (``sections[1].schedule`` →
“Section 2 (Open) — schedule”, with the section's own name from the file), code words by what
they mean (``"lots"`` → drawing of lots, a pairing system by its name), what the organiser
typed quoted as typed.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.utils.translation import get_language, gettext

from crosstable import languages
from crosstable.message import Choices, Code, Key, Message, Quoted, Value
from crosstable.pairing.registry import SYSTEMS, TEAM_SYSTEMS
from crosstable.regulations import RegulationsError
from crosstable.regulations.key_words import CODE_WORDS, KEY_WORDS
from crosstable_web.common.localisation import digits, uses_persian_digits, word_list
from crosstable_web.events.words import pairing_names

_PART = re.compile(r"([^.\[\]]+)((?:\[\d+\])*)")


def _language() -> str:
    return (get_language() or "en").split("-")[0].split("_")[0]


def message_text(message: Message, data: Mapping[str, Any] | None = None) -> str:
    """``message`` in the active language; ``data``: the parsed file, for the names of the
    sections its keys name."""
    template = gettext(message.template)
    if not message.values:
        return template
    return template % {name: value_text(value, data) for name, value in message.values.items()}


def value_text(value: Value, data: Mapping[str, Any] | None = None) -> str:
    """One value of a message, in the reader's words."""
    if isinstance(value, Message):
        return message_text(value, data)
    if isinstance(value, Quoted):
        return quoted(value.text)
    if isinstance(value, Key):
        return key_text(value.path, data)
    if isinstance(value, Code):
        # English readers type the file's own words: they see them as written
        return str(value) if _language() == "en" else code_text(value.code)
    if isinstance(value, Choices):
        items = [value_text(item, data) for item in value.items]
        if len(items) < 2:
            return "".join(items)
        return gettext("%(items)s or %(last)s") % {
            "items": word_list(items[:-1]),
            "last": items[-1],
        }
    return number_text(value)


def number_text(value: int | Fraction | Decimal) -> str:
    """A number in the reader's digits (grouped by thousands from 10,000)."""
    if isinstance(value, Fraction) and value.denominator != 1:
        text = f"{value.numerator}/{value.denominator}"
    else:
        number: int | Decimal = value if isinstance(value, Decimal) else int(value)
        text = f"{number:,}" if not -10_000 < number < 10_000 else str(number)
    if uses_persian_digits():
        text = text.replace(",", "٬")
    return digits(text)


def quoted(text: str) -> str:
    """What the organiser typed, between the reader's quotation marks."""
    opening, closing = languages.of(get_language()).quotes
    return f"{opening}{text}{closing}"


def code_text(code: str) -> str:
    """A code word of the file by what it means."""
    if code.upper() in SYSTEMS or code.upper() in TEAM_SYSTEMS:
        return pairing_names.system_choice_name(code)
    board = re.fullmatch(r"board:(\d+)", code)
    if board:
        return gettext("board %(board)s") % {"board": number_text(int(board[1]))}
    if code in CODE_WORDS:
        return message_text(CODE_WORDS[code])
    if code.startswith("U+"):
        return code  # a character's code point: the one name a hidden character has
    return quoted(code)


def key_text(key: str, data: Mapping[str, Any] | None = None) -> str:
    """A key of the regulations file in words: ``sections[1].schedule`` → “Section 2
    (Open) — schedule” (the section's name from ``data``, the parsed file)."""
    words: list[str] = []
    table: Any = data
    for match in _PART.finditer(key):
        name, indexes = match[1], [int(i) for i in re.findall(r"\d+", match[2])]
        table = table.get(name) if isinstance(table, dict) else None
        if name == "sections" and not words and len(indexes) == 1:
            index = indexes[0]
            section = table[index] if isinstance(table, list) and index < len(table) else None
            table = section
            words.append(_section_words(index, section))
            continue
        word = message_text(KEY_WORDS[name]) if name in KEY_WORDS else quoted(name)
        for index in indexes:
            table = table[index] if isinstance(table, list) and index < len(table) else None
            word = gettext("%(what)s, no. %(number)s") % {
                "what": word,
                "number": number_text(index + 1),
            }
        words.append(word)
    return ("—" if _language() == "zh" else " — ").join(words)


def _section_words(index: int, section: object) -> str:
    title = ""
    if isinstance(section, dict):
        title = str(section.get("name") or section.get("key") or "")
    number = number_text(index + 1)
    if not title:
        return gettext("Section %(number)s") % {"number": number}
    return gettext("Section %(number)s (%(name)s)") % {"number": number, "name": title}


def problem_text(error: RegulationsError, text: str | None = None) -> str:
    """The loader's ``error`` as the reader reads it: where, then what (``text``: the file,
    for the names of its sections)."""
    data: Mapping[str, Any] | None = None
    if text is not None and error.key:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            data = None
    place = key_text(error.key, data) if error.key else gettext("the file")
    place = place[:1].upper() + place[1:]  # the sentence's first word
    return gettext("%(key)s: %(problem)s") % {
        "key": place,
        "problem": message_text(error.message, data),
    }


def reason_text(error: Exception) -> str:
    """A pairing engine's refusal (``PairingError``) in the reader's words; an error the core
    wrote only in English (a ``ValueError``) as it is."""
    message = getattr(error, "message", None)
    return message_text(message) if isinstance(message, Message) else str(error)
