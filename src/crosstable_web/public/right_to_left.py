"""A Persian page as a Persian reader expects it, in one pass over the finished HTML.

Every page, printout and PDF goes through :func:`localise_page` (``PersianPageMiddleware``
for responses, ``printing.views`` for the HTML a PDF is printed from), so no template has to
remember a filter:

- digits are Persian (``۱۲``), a decimal point between digits is ``٫`` and a grouping comma
  ``٬`` (a full stop at the end of a sentence stays one); digits of a word in Latin letters
  (a team ``P3``, a school ``SK Tongod 2``) stay as written;
- a number with a half (``۶½``) is isolated left to right (U+2066 … U+2069): in a right-to-left
  line the ½ would otherwise take the line's direction and show before the digits (``½۶``);
- a Latin comma or semicolon between the items of a list (``۱, ۲``, ``Kazerun, Fars``,
  ``آباده ۱: ۱; شیراز ۴: ۲``: followed by a space) is the Persian ``،`` / ``؛``;
- two numbers joined by a hyphen or a dash (a result ``۱-۰``, places ``۷–۱۲``, grades ``۴-۵``)
  read right to left like the words around them (a right-to-left mark on each side of the
  dash): the ``۱`` of ``۱-۰`` stands beside the first-named player, on the right, as the first
  player's name does.

Only text is touched: the text between tags and the attributes a reader sees (``title``,
``placeholder``, ``aria-label``, ``alt``), never links, form values, scripts, styles or an
element marked ``translate="no"`` (stored data such as the audit page's raw JSON). The pass
can run twice on the same page without changing it again.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation

from crosstable_web.common.localisation import ADDRESS, outside_addresses, uses_persian_digits

_PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
_DIGIT = "0-9۰-۹"
_DECIMAL_POINT = re.compile(rf"(?<=[{_DIGIT}])\.(?=[{_DIGIT}])")
_GROUPING_COMMA = re.compile(rf"(?<=[{_DIGIT}]),(?=[{_DIGIT}]{{3}}(?![{_DIGIT}]))")
_HALF_NUMBER = re.compile(rf"(?<!\u2066)(?<![{_DIGIT}٫٬])[{_DIGIT}][{_DIGIT}٫٬]*½")
_LIST_COMMA = re.compile(r",(?=\s|…)")
_LIST_SEMICOLON = re.compile(r"(&#?[A-Za-z0-9]+)?;(?=\s|…)")
"""A list's semicolon; the one that ends a character reference (``&nbsp; ``) is kept: the
Persian one there printed ``&nbsp؛`` as a stray ``؛`` in the team pairings' match headings."""
_JOINED_NUMBERS = re.compile(rf"(?<=[{_DIGIT}½]) ?[-–] ?(?=[{_DIGIT}½])")
_CJK = "\u3000-\u303f\u3400-\u9fff\uff00-\uffef"
"""Chinese characters and their punctuation: a number written inside Chinese text (an event
``2019年秋季…第3届``) is part of a Chinese name and keeps its digits (issue 26.11)."""
_LATIN_NUMBER = re.compile(
    rf"(?<![A-Za-z0-9.,{_CJK}])(?<![A-Za-z][ -])[0-9]+(?:[.,][0-9]+)*(?![A-Za-z0-9{_CJK}])"
)
"""A number to write with Persian digits: not one of a word in Latin letters (a team ``P3``,
a name such as ``Team 1``, ``Player 1.2`` or ``SK Tongod 2``, an event ``… 2024``) nor one
inside Chinese text (``2019年``, ``第3届``), which
keeps the digits it was written with."""


def _persian_number(number: str) -> str:
    number = _DECIMAL_POINT.sub("٫", number)
    number = _GROUPING_COMMA.sub("٬", number)
    return number.translate(_PERSIAN_DIGITS)


LEFT_TO_RIGHT_ISOLATE, POP_ISOLATE, RIGHT_TO_LEFT_MARK = "\u2066", "\u2069", "\u200f"

_SKIPPED = ("script", "style", "textarea")
_SHOWN_ATTRIBUTE = re.compile(r'(\s(?:title|placeholder|aria-label|alt)=")([^"]*)(")')
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|<!--.*?-->|<![^>]*>", re.S)
_VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
)


def persian_text(text: str, *, left_to_right: bool = False) -> str:
    """One piece of running text as a Persian reader writes it (see the module's
    docstring). ``left_to_right``: the text already sits in a left-to-right element (a
    ``<bdi dir="ltr">`` score): its digits only. A web or e-mail address in the text (an
    invitation link to pass on) is left as written."""
    if ADDRESS.search(text):
        return outside_addresses(text, lambda part: persian_text(part, left_to_right=left_to_right))
    text = _LATIN_NUMBER.sub(lambda match: _persian_number(match.group()), text)
    if left_to_right:
        return text
    text = _LIST_COMMA.sub("،", text)
    text = _LIST_SEMICOLON.sub(lambda match: match.group() if match.group(1) else "؛", text)
    text = _HALF_NUMBER.sub(
        lambda match: f"{LEFT_TO_RIGHT_ISOLATE}{match.group()}{POP_ISOLATE}", text
    )
    return _JOINED_NUMBERS.sub(
        lambda match: f"{RIGHT_TO_LEFT_MARK}{match.group()}{RIGHT_TO_LEFT_MARK}", text
    )


def _attributes(tag: str) -> str:
    return _SHOWN_ATTRIBUTE.sub(
        lambda match: match.group(1) + persian_text(match.group(2)) + match.group(3), tag
    )


def localise_page(html: str, language: str | None = None) -> str:
    """``html`` with its text in Persian writing when ``language`` (default: the active
    language) is Persian; unchanged otherwise."""
    if not uses_persian_digits(language):
        return html
    out: list[str] = []
    skipped: list[str] = []  # open elements whose content is left alone
    left_to_right: list[str] = []  # open elements with dir="ltr": digits only
    position = 0
    for match in _TAG.finditer(html):
        text = html[position : match.start()]
        out.append(text if skipped else persian_text(text, left_to_right=bool(left_to_right)))
        position = match.end()
        closing, name, rest = match.group(1), (match.group(2) or "").lower(), match.group(3)
        tag = match.group()
        if not name:  # a comment or a doctype
            out.append(tag)
            continue
        if closing:
            if skipped and skipped[-1] == name:
                skipped.pop()
            elif not skipped and left_to_right and left_to_right[-1] == name:
                left_to_right.pop()
            out.append(tag)
            continue
        void = name in _VOID or rest.rstrip().endswith("/")
        if skipped:
            if name == skipped[-1] and not void:
                skipped.append(name)  # the same element nested: its end is not ours
            out.append(tag)
            continue
        if name in _SKIPPED or 'translate="no"' in rest:
            if not void:
                skipped.append(name)
            out.append(tag)
            continue
        if not void and ('dir="ltr"' in rest or (left_to_right and name == left_to_right[-1])):
            left_to_right.append(name)
        out.append(_attributes(tag))
    tail = html[position:]
    out.append(tail if skipped else persian_text(tail, left_to_right=bool(left_to_right)))
    return "".join(out)


class PersianPageMiddleware:
    """Runs :func:`localise_page` over every HTML response made while Persian is active, and
    over the question (``ask``) a round page's script answer carries."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not uses_persian_digits(translation.get_language()) or response.streaming:
            return response
        kind = response.get("Content-Type", "")
        if kind.startswith("text/html"):
            charset = response.charset or "utf-8"
            response.content = localise_page(response.content.decode(charset)).encode(charset)
        elif kind.startswith("application/json"):
            # a round page's script shows the question a change asks first (``ask``: the
            # rule warnings' HTML, round_results.js) in place: the same page text as the
            # confirmation page without the script (a result 1-0 read right to left)
            charset = response.charset or "utf-8"
            try:
                answer = json.loads(response.content.decode(charset))
            except ValueError:
                return response
            if not isinstance(answer, dict) or not isinstance(answer.get("ask"), str):
                return response
            answer["ask"] = localise_page(answer["ask"])
            response.content = json.dumps(answer).encode(charset)
        else:
            return response
        # CommonMiddleware (inside this one) measured the page before its digits became
        # Persian ones, two bytes each: a stale length would cut the page's end off.
        if response.has_header("Content-Length"):
            response["Content-Length"] = str(len(response.content))
        return response
