"""The one error every reader of typed values raises."""

from __future__ import annotations

from typing import Any


class TypedValueError(ValueError):
    """``text`` cannot be read as the value asked for.

    ``code`` says why (for example ``not_a_date``, ``ambiguous_date``, ``out_of_range``), and
    ``details`` holds the values a message needs (the bounds, the accepted words…): the web
    app and the command line turn both into a sentence in the reader's language; the English
    ``str()`` is for logs and tests."""

    def __init__(self, code: str, text: str, **details: Any) -> None:
        self.code = code
        self.text = text
        self.details = details
        extra = ", ".join(f"{key}={value!r}" for key, value in details.items())
        super().__init__(f"{code}: {text!r}" + (f" ({extra})" if extra else ""))
