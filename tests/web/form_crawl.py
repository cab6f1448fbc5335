"""The forms a crawled page offers, and what a careless or unlucky user sends through them.

``forms_of(body, page)`` reads every ``<form method="post">`` of a page (its address, its
fields as the page fills them, its submit buttons, each button with its own action when it
has one); ``attempts(form, language, calendar)`` makes the typical mistakes out of one form,
each an :class:`Attempt`: required boxes left empty, letters in a number box, a date that
does not exist or is written in the other calendar, a choice the list does not offer, a text
longer than the box allows, an impossible result, a damaged file; and last the form as the
page fills it (the boxes it leaves empty and requires filled with plausible values), sent
twice: where it is accepted, a valid submission, then a duplicate.

``test_language_of_every_form.py`` sends them and reads the answers; a journey can do the
same over its final state.
"""

from __future__ import annotations

import dataclasses
import re
from html.parser import HTMLParser
from urllib.parse import urldefrag, urljoin

TEXT_TYPES = frozenset({"text", "search", "email", "tel", "url", ""})
"""Input types a user types words into (``""``: an input without a type)."""
NOT_SENT = frozenset({"reset", "image", "button"})


@dataclasses.dataclass(frozen=True, slots=True)
class Field:
    name: str
    kind: str
    """The input's type (``text``, ``number``, ``date``, ``file``, ``hidden``, ``checkbox``,
    ``radio``), or ``select`` or ``textarea``."""
    value: str
    """What the page sends if the user changes nothing (a select's chosen option, a box's
    value; ``""`` for a checkbox or radio button the page leaves unticked)."""
    required: bool = False
    options: tuple[str, ...] = ()
    maxlength: int | None = None
    numeric: bool = False
    """A number box: ``type="number"`` or ``inputmode`` numeric or decimal."""
    accept: str = ""

    @property
    def typed(self) -> bool:
        """A box the user types words into."""
        return self.kind in TEXT_TYPES or self.kind == "textarea"

    @property
    def is_date(self) -> bool:
        return self.kind == "date" or (
            self.typed and bool(re.search(r"(^|_)(date|born|birth)", self.name))
        )


@dataclasses.dataclass(frozen=True, slots=True)
class Form:
    page: str
    action: str
    fields: tuple[Field, ...]
    button: tuple[str, str] | None
    """The submit button pressed (name, value), when it has a name."""

    def values(self) -> dict[str, list[str]]:
        """What the form sends as the page fills it."""
        sent: dict[str, list[str]] = {}
        for field in self.fields:
            if field.kind in ("checkbox", "radio") and not field.value:
                continue
            if field.kind == "file":
                continue
            if field.kind == "radio" and field.name in sent:
                continue
            sent.setdefault(field.name, []).append(field.value)
        if self.button is not None:
            sent[self.button[0]] = [self.button[1]]
        return sent

    @property
    def shape(self) -> tuple[str, ...]:
        """The names of what it sends, with the words it sends unseen (``action=approve``,
        not ``board=3``): two forms of one address and shape are one kind."""
        names = {field.name for field in self.fields if field.kind != "hidden"}
        names.update(
            f"{field.name}={field.value}" if not field.value.isdigit() else field.name
            for field in self.fields
            if field.kind == "hidden" and field.name != "csrfmiddlewaretoken"
        )
        if self.button is not None:
            button, value = self.button
            names.add(f"{button}={value}" if not value.isdigit() else button)
        return tuple(sorted(names))


@dataclasses.dataclass(frozen=True, slots=True)
class Attempt:
    mistake: str
    """What is wrong with it (``letters in a number box``…), or ``as offered``."""
    values: dict[str, list[str]]
    files: dict[str, tuple[str, bytes]] = dataclasses.field(default_factory=dict)
    """Files uploaded: the file's name and its bytes."""
    must_refuse: bool = True
    """Whether accepting it is a defect (an over-long name where names have no limit, or a
    date in the other calendar that the form reads, may be accepted)."""
    twice: bool = False
    """Sent twice: the second time it is a duplicate (an entry entered again, a payment
    recorded again) and its answer is read."""

    @property
    def typed(self) -> set[str]:
        """The texts typed: a refusal may quote them."""
        return {value for values in self.values.values() for value in values if value}


class _Forms(HTMLParser):
    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.forms: list[Form] = []
        self._action: str | None = None
        self._fields: list[Field] = []
        self._buttons: list[tuple[str | None, str, str | None]] = []
        self._select: dict[str, str | None] | None = None
        self._options: list[tuple[str, bool]] = []
        self._option_text: list[str] | None = None
        self._textarea: dict[str, str | None] | None = None
        self._textarea_text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "form":
            if (values.get("method") or "get").lower() == "post":
                # An action relative to the page (``#schedule``: the page itself, scrolled
                # to the form after the answer) is the page's address.
                self._action = urldefrag(urljoin(self.page, values.get("action") or "")).url
                self._fields, self._buttons = [], []
            return
        if self._action is None:
            return
        name = values.get("name")
        if tag == "input":
            kind = (values.get("type") or "").lower()
            if kind == "submit":
                self._buttons.append((name, values.get("value") or "", values.get("formaction")))
            elif name and kind not in NOT_SENT:
                checked = "checked" in values
                value = values.get("value")
                if kind in ("checkbox", "radio"):
                    value = (value or "on") if checked else ""
                self._fields.append(
                    Field(
                        name,
                        kind,
                        value or "",
                        required="required" in values,
                        maxlength=_number(values.get("maxlength")),
                        numeric=kind == "number"
                        or values.get("inputmode") in ("numeric", "decimal"),
                        accept=values.get("accept") or "",
                        options=(values.get("value") or "on",)
                        if kind in ("checkbox", "radio")
                        else (),
                    )
                )
        elif tag == "button":
            if (values.get("type") or "submit").lower() == "submit":
                self._buttons.append((name, values.get("value") or "", values.get("formaction")))
        elif tag == "select" and name:
            self._select = values
            self._options = []
        elif tag == "option" and self._select is not None:
            self._options.append((values.get("value") or "", "selected" in values))
            self._option_text = [] if values.get("value") is None else None
        elif tag == "textarea" and name:
            self._textarea, self._textarea_text = values, []

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self._textarea_text.append(data)
        if self._option_text is not None:
            self._option_text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._action is None:
            return
        if tag == "option" and self._option_text is not None and self._options:
            value, selected = self._options[-1]
            self._options[-1] = ("".join(self._option_text).strip(), selected)
            self._option_text = None
        elif tag == "select" and self._select is not None:
            options = tuple(value for value, _selected in self._options)
            chosen = next((value for value, selected in self._options if selected), None)
            if chosen is None and "multiple" not in self._select:
                chosen = options[0] if options else ""
            self._fields.append(
                Field(
                    str(self._select["name"]),
                    "select",
                    chosen or "",
                    required="required" in self._select,
                    options=options,
                )
            )
            self._select = None
        elif tag == "textarea" and self._textarea is not None:
            self._fields.append(
                Field(
                    str(self._textarea["name"]),
                    "textarea",
                    "".join(self._textarea_text).removeprefix("\n"),
                    required="required" in self._textarea,
                    maxlength=_number(self._textarea.get("maxlength")),
                )
            )
            self._textarea = None
        elif tag == "form":
            buttons = self._buttons or [(None, "", None)]
            for name, value, formaction in buttons:
                self.forms.append(
                    Form(
                        self.page,
                        urldefrag(urljoin(self.page, formaction)).url
                        if formaction
                        else self._action,
                        tuple(self._fields),
                        (name, value) if name else None,
                    )
                )
            self._action = None


def _number(text: str | None) -> int | None:
    return int(text) if text and text.isdigit() else None


def forms_of(body: bytes, page: str) -> list[Form]:
    """Every form of the HTML ``body`` (the page at ``page``) that sends by POST, once for
    each of its submit buttons."""
    parser = _Forms(page)
    parser.feed(body.decode("utf-8", "replace"))
    parser.close()
    return parser.forms


PLAUSIBLE = {"zh": "王小明", "ms": "Siti binti Ali", "fa": "سارا رضایی"}
"""A name a user of each language types where a form asks for words."""
DATES = {"gregorian": "2012-05-03", "jalali": "1391-02-14"}
"""3 May 2012 as typed in the event's calendar: a child's birth date."""
OTHER_CALENDAR = {"gregorian": "1391-02-14", "jalali": "2012-05-03"}
"""The same date written in the other calendar: a Jalali date in a Gregorian event reads
the year 1391; the form must refuse it or read it right, never store a year 1391."""

DAMAGED_FILES = {
    ".trf": b"012 broken tournament\n001 x\xff\xfe 9999 \x00\n",
    ".csv": b'\xff\xfe\x00n\x00a\x00,"unclosed\n\x00\x00;;;\r\n',
    ".toml": b"[[event\nname = 'no end\n\xff",
    ".xlsx": b"PK\x03\x04 not really a workbook",
    ".json": b'{"event": [1, 2',
}
"""A damaged file of each kind the forms take."""


def _damaged_upload(field: Field) -> tuple[str, bytes]:
    endings = [ending.strip() for ending in field.accept.split(",") if ending.strip()]
    ending = next((e for e in endings if e in DAMAGED_FILES), ".csv")
    return f"broken{ending}", DAMAGED_FILES[ending]


def _filled(form: Form, language: str, calendar: str) -> dict[str, list[str]]:
    """The form as offered, with the required boxes it leaves empty filled plausibly."""
    sent = form.values()
    for field in form.fields:
        if not field.required or sent.get(field.name, [""])[0]:
            continue
        if field.numeric:
            sent[field.name] = ["1"]
        elif field.is_date:
            sent[field.name] = [DATES[calendar]]
        elif field.kind == "email":
            sent[field.name] = ["someone@example.org"]
        elif field.kind in ("checkbox", "radio"):
            sent[field.name] = [field.options[0] if field.options else "on"]
        elif field.kind == "password":
            sent[field.name] = ["a-long-pass-phrase-9"]
        elif field.typed:
            sent[field.name] = [PLAUSIBLE[language[:2]]]
    return sent


def _with(
    form: Form, language: str, calendar: str, changed: dict[str, str]
) -> dict[str, list[str]]:
    sent = _filled(form, language, calendar)
    for name, value in changed.items():
        sent[name] = [value]
    return sent


RESULT_NAMES = re.compile(r"result|score|points")


def attempts(form: Form, language: str, calendar: str) -> list[Attempt]:
    """What users send through ``form`` in ``language`` in an event whose calendar is
    ``calendar``: the typical mistakes, one attempt each where the form has a box for it,
    then the form as offered, sent twice (the second time a duplicate)."""
    made: list[Attempt] = []
    visible = [field for field in form.fields if field.kind != "hidden"]

    def each(fields: list[Field], value: object) -> dict[str, str]:
        return {field.name: value(field) if callable(value) else str(value) for field in fields}

    required = [f for f in visible if f.required and f.kind not in ("checkbox", "radio", "file")]
    if required:
        made.append(
            Attempt(
                "required boxes left empty", _with(form, language, calendar, each(required, ""))
            )
        )
    numbers = [f for f in visible if f.numeric]
    if numbers:
        made.append(
            Attempt(
                "letters in a number box", _with(form, language, calendar, each(numbers, "abc"))
            )
        )
    dates = [f for f in visible if f.is_date]
    if dates:
        made.append(
            Attempt(
                "a date that does not exist",
                _with(form, language, calendar, each(dates, "2012-02-30")),
            )
        )
        made.append(
            Attempt(
                "a date in the other calendar",
                _with(form, language, calendar, each(dates, OTHER_CALENDAR[calendar])),
                must_refuse=False,
            )
        )
    results = [f for f in visible if f.typed and RESULT_NAMES.search(f.name)]
    if results:
        made.append(
            Attempt("an impossible result", _with(form, language, calendar, each(results, "3-5")))
        )
    selects = [f for f in visible if f.kind in ("select", "radio") and f.options]
    if selects:
        made.append(
            Attempt(
                "a choice the list does not offer",
                _with(form, language, calendar, each(selects, "9999")),
            )
        )
    long_boxes = [f for f in visible if f.typed and not f.is_date and not f.numeric]
    limited = [f for f in long_boxes if f.maxlength]
    if limited:
        made.append(
            Attempt(
                "a text longer than its box",
                _with(form, language, calendar, each(limited, lambda f: "长" * (f.maxlength + 1))),
            )
        )
    unlimited = [f for f in long_boxes if not f.maxlength and f.kind != "email"]
    if unlimited:
        made.append(
            Attempt(
                "a very long text",
                _with(form, language, calendar, each(unlimited, "长" * 3000)),
                must_refuse=False,
            )
        )
    uploads = [f for f in visible if f.kind == "file"]
    if uploads:
        made.append(
            Attempt(
                "a damaged file",
                _filled(form, language, calendar),
                {field.name: _damaged_upload(field) for field in uploads},
            )
        )
    made.append(
        Attempt("as offered", _filled(form, language, calendar), must_refuse=False, twice=True)
    )
    return made
