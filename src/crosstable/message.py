"""Messages the core writes for people: an English template and the values it names.

The core speaks English (the command line prints ``str(message)``), but a user interface
speaks its reader's language. So a problem found in a regulations file, or a pairing engine's
refusal, is a :class:`Message`: an English template with ``%(name)s`` placeholders, which is
also the message id the web translates (``gettext(template) % values``), and the values kept
apart and typed, so that each is written in the reader's words too — a number in the reader's
digits, a key of the file in words, a code word (``"lots"``, ``"M"``) in words, a value the
organiser typed quoted as typed.

Every template is written as the literal first argument of ``Message(...)``: the web's
``makemessages`` finds them there (``crosstable_web.events.management.commands.makemessages``)
and a test checks that each has its translations.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import TypeAlias


@dataclasses.dataclass(frozen=True, slots=True)
class Quoted:
    """Text as the organiser wrote it (a value, a key they invented): shown quoted, as is."""

    text: str

    def __str__(self) -> str:
        return f'"{self.text}"'


@dataclasses.dataclass(frozen=True, slots=True)
class Key:
    """A key of the regulations file (``sections[1].schedule``, or a name inside the table
    being read, ``forfeits_to_withdraw``): the web says it in words."""

    path: str

    def __str__(self) -> str:
        return self.path


@dataclasses.dataclass(frozen=True, slots=True)
class Code:
    """A word of a closed set the file uses (``"lots"``, ``"M"``, a pairing system code): the
    web says what it means; ``quoted`` is how English writes it (``"lots"`` or ``lots``)."""

    code: str
    quoted: bool = True

    def __str__(self) -> str:
        return f'"{self.code}"' if self.quoted else self.code


@dataclasses.dataclass(frozen=True, slots=True)
class Choices:
    """Several values, read as alternatives ("a, b or c")."""

    items: tuple[Value, ...]

    def __str__(self) -> str:
        return ", ".join(str(item) for item in self.items)


@dataclasses.dataclass(frozen=True, slots=True)
class Message:
    """An English template (``%(name)s`` placeholders; also the translation's message id) and
    its values. ``str()`` is the English sentence."""

    template: str
    values: Mapping[str, Value] = dataclasses.field(default_factory=dict)

    def __init__(self, template: str, **values: Value) -> None:
        object.__setattr__(self, "template", template)
        object.__setattr__(self, "values", values)

    def __str__(self) -> str:
        if not self.values:
            return self.template
        return self.template % {name: str(value) for name, value in self.values.items()}


Value: TypeAlias = "int | Fraction | Decimal | Quoted | Key | Code | Choices | Message"
"""What a message's placeholder may hold: a number (written in the reader's digits), a
quoted text, a key, a code word, alternatives, or a message (words in their own right)."""
