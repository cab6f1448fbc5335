"""Is a page really in the reader's language? ``foreign_text(body, language)`` lists what a
Chinese, Malay or Persian reader would find on a page (or a printout's PDF text) that is not
in their language: English words, identifiers of the code (``FIDE_DUTCH_2026``,
``result.enter``, ``best_girl``, ``(short:11)``), Latin digits, Gregorian dates, mirrored
half points, left-to-right results and Latin commas between Persian words on a Persian
page.

Names of people, units, teams and events are the organisers' own words and may be in any
script: pass them as ``proper_nouns`` (``proper_nouns_of_the_database()`` collects every name
the database holds). ``ALLOWED`` is the short list of words that are the same in every
language (the brand, file formats, FIDE titles). Text inside an element marked
``translate="no"`` (stored JSON on the audit page, what a user typed into a box) is data, not
words of the page, and is left out.

Used by ``test_language_of_every_page.py`` over the demo and meant for any crawl
(``from web.language_check import foreign_text``).
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Iterable
from html.parser import HTMLParser
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[2] / "locale"

ALLOWED = frozenset(
    {
        "crosstable",  # the brand
        "PDF",
        "TRF",
        "CSV",
        "JSON",
        "TOML",
        "ZIP",  # the archive format's name (a backup with its documents)
        "XLSX",
        "xlsx",  # the file name's ending (.xlsx)
        "MB",
        "Excel",  # the program's name
        "UTF",  # a text encoding's name (UTF-8, UTF-16), as a refused file's message names it
        "UTC",  # the time standard, written so in every language (UTC+03:30)
        "Enter",  # the key as keyboards label it (Persian and Chinese keyboards too)
        "QR",
        "FIDE",
        "Elo",
        "English",  # the language switch names each language in its own words
        "Melayu",
        "Bahasa",
        # FIDE titles are written the same in every language.
        *("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"),
    }
)
"""Words written the same way on a page in any language."""

_HANDBOOK_CODE = re.compile(r"(?<![A-Za-z])[A-E]\.\d{2}(?:\.\d+)*")
"""An article of FIDE's Handbook (``C.07``, ``C.04.3``): written so in every language, as
FIDE's own translations cite them."""
_DIGEST = re.compile(r"(?<![0-9A-Za-z])(?:\d+:)?[0-9a-f]{16}(?![0-9A-Za-z])")
"""A group of 16 hexadecimal digits of a digest (the audit log's head printed on a prize
list, ``65:9ec5272978ee2f24``): data, written so in every language."""
_PATH_PART = re.compile(r"(?<![\w/])/[a-z]+/(?![\w])")
"""A part of a web address quoted in a sentence (``/p/``, the public pages' prefix)."""
_TYPE_LETTER = re.compile(r"\bjenis [AB]\b")
"""A Team Swiss colour-preference type as Malay names it (``jenis A``)."""
_ADDRESS = re.compile(r"https?://\S+(?:\n[\w\-./]+/(?=\s|$))?")
"""A web address (a printout's QR code caption), with its end when a PDF line breaks it."""
_IDENTIFIER = re.compile(
    r"\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b"  # snake_case, FIDE_DUTCH_2026, age_10_12
    r"|\b[a-z]+(?:\.[a-z_]+)+\b"  # dotted codes: result.enter, team.payment.cancel
    r"|\([A-Za-z0-9_]+:[A-Za-z0-9_]+\)"  # (short:11), not words: （象棋：后走） read from a PDF
)
_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’\-]*")
_LATIN_DIGIT = re.compile(r"[0-9]")
_CJK = "\u2e80-\u2fdf\u3000-\u303f\u3400-\u9fff\uff00-\uffef"
_NUMBER_IN_CHINESE = re.compile(
    rf"(?:(?<=[{_CJK}])|(?<=[{_CJK}] ))[0-9]+(?:[.,][0-9]+)*|[0-9]+(?:[.,][0-9]+)*(?= ?[{_CJK}])"
)
"""A number written inside Chinese text (``2019年秋季``, ``第3届``, ``2318会议室``) is part of a
Chinese name, which a Persian page quotes as written (issue 26.11: ``public.right_to_left``);
a PDF's text may hold a space beside it (``2009 年``) and radicals for characters (⽥ for 田)."""
_LATIN_EDGE = re.compile(r"[A-Za-z0-9]")
_MIRRORED_HALF = re.compile(r"[0-9۰-۹٠-٩]½")
_ISOLATED = re.compile("\u2066[^\u2069]*\u2069")
_PERSIAN_SCRIPT = "\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff"
_LATIN_LIST_COMMA = re.compile(rf"[{_PERSIAN_SCRIPT}]\s*[,;]|[,;]\s*[{_PERSIAN_SCRIPT}]")
"""A Latin comma or semicolon beside Persian words: Persian writes ``،`` and ``؛``."""
_LEFT_TO_RIGHT_NUMBERS = re.compile(r"[0-9۰-۹½] ?[-–] ?[0-9۰-۹½]")
_GREGORIAN_DATE = re.compile(r"(?:19|20|۱۹|۲۰)[0-9۰-۹]{2}[-/][0-9۰-۹]{1,2}[-/][0-9۰-۹]{1,2}")
_PLACEHOLDER = re.compile(r"%\([^)]*\)[-+ #0]*\d*(?:\.\d+)?[a-zA-Z]|%[sd]|\{[^{}]*\}")
_BLOCK_TAGS = frozenset(
    {"p", "div", "li", "tr", "td", "th", "h1", "h2", "h3", "h4", "br", "option", "section"}
)
_SHOWN_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt")

ENGLISH_FUNCTION_WORDS = frozenset(
    [
        "the",
        "a",
        "an",
        "and",
        "or",
        "of",
        "for",
        "to",
        "in",
        "on",
        "at",
        "by",
        "with",
        "from",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "not",
        "must",
        "may",
        "has",
        "have",
        "this",
        "that",
        "these",
        "those",
        "it",
        "its",
        "than",
        "then",
        "only",
        "after",
        "before",
        "under",
        "over",
        "aged",
        "born",
        "until",
        "each",
        "every",
        "all",
        "any",
        "none",
        "yes",
    ]
)
"""English words that are no Malay words (Malay has ``had``: a limit; and ``no``: ``No.``,
``no fide`` are nombor, as Malay forms write it)."""


def _words(text: str) -> set[str]:
    return {word.lower() for word in _LATIN_WORD.findall(_PLACEHOLDER.sub(" ", text))}


@functools.cache
def english_vocabulary() -> frozenset[str]:
    """Words of the site's English messages that its Malay catalogue never uses, plus the
    common English words: on a Malay page, any of them is English left untranslated."""
    english: set[str] = set(ENGLISH_FUNCTION_WORDS)
    malay: set[str] = set()
    po = (LOCALE / "ms" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    for match in re.finditer(r'^(msgid|msgid_plural|msgstr(?:\[\d\])?) "(.*)"$', po, re.M):
        keyword, text = match.groups()
        (english if keyword.startswith("msgid") else malay).update(_words(text))
    english -= malay - ENGLISH_FUNCTION_WORDS
    # Two letters are an abbreviation more often than a word (``hh``: two Black games in a
    # colour history, h for hitam); the short English words are the function words.
    return frozenset(word for word in english if len(word) > 2 or word in ENGLISH_FUNCTION_WORDS)


class _VisibleText(HTMLParser):
    """The text a reader sees: text nodes and shown attributes, outside scripts, styles,
    and elements marked ``translate="no"``; each block element starts a new piece. A
    piece inside a left-to-right isolate (``dir="ltr"``) is marked as such."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.pieces: list[tuple[str, bool]] = []
        self._stack: list[tuple[str, bool, bool]] = []  # tag, hidden, left-to-right
        self._current: list[str] = []
        self._current_ltr = False

    def _hidden(self) -> bool:
        return bool(self._stack) and self._stack[-1][1]

    def _ltr(self) -> bool:
        return bool(self._stack) and self._stack[-1][2]

    def _flush(self) -> None:
        text = " ".join("".join(self._current).split())
        if text:
            self.pieces.append((text, self._current_ltr))
        self._current = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        hidden = (
            self._hidden()
            or tag in ("script", "style", "template")
            or values.get("translate") == "no"
            or (tag == "input" and values.get("type") == "hidden")
        )
        ltr = values.get("dir") == "ltr" or (self._ltr() and values.get("dir") != "rtl")
        if tag in _BLOCK_TAGS or ltr != self._ltr():
            self._flush()
        if not hidden:
            for name in _SHOWN_ATTRIBUTES:
                if values.get(name):
                    self.pieces.append((str(values[name]), ltr))
            if (
                tag == "input"
                and values.get("type") in ("submit", "button")
                and values.get("value")
            ):
                self.pieces.append((str(values["value"]), ltr))
        if tag not in ("br", "input", "meta", "link", "img", "hr"):
            self._stack.append((tag, hidden, ltr))
        self._current_ltr = ltr
        self._current.append(" ")  # a name and its unit in two spans are two words

    def handle_endtag(self, tag: str) -> None:
        if tag in _BLOCK_TAGS:
            self._flush()
        ltr = self._ltr()  # an end tag without its start (a piece of a page) changes nothing
        while self._stack:
            popped, _hidden, ltr = self._stack.pop()
            if popped == tag:
                break
        if ltr != self._ltr():
            self._flush()
        self._current_ltr = self._ltr()
        self._current.append(" ")

    def handle_data(self, data: str) -> None:
        if not self._hidden():
            self._current.append(data)

    def close(self) -> None:
        super().close()
        self._flush()


def visible_text(body: str | bytes) -> list[tuple[str, bool]]:
    """The pieces of text a reader of the HTML ``body`` sees, each with whether it sits in a
    left-to-right isolate."""
    parser = _VisibleText()
    parser.feed(body.decode("utf-8") if isinstance(body, bytes) else body)
    parser.close()
    return parser.pieces


FORMAT_NAMES = re.compile(r"\bTRF-2026\b|\bTRF16\b")
"""File formats named with their version (the TRF-2026 export): written so in any language."""


def _without_proper_nouns(text: str, proper_nouns: Iterable[str]) -> str:
    """``text`` with each proper noun blanked out; a noun that starts or ends with a Latin
    letter or digit only as a whole word (section ``A`` is no part of ``America``)."""
    for noun in proper_nouns:
        if noun and noun in text:
            if _LATIN_EDGE.match(noun[0]) or _LATIN_EDGE.match(noun[-1]):
                text = re.sub(rf"(?<![A-Za-z0-9]){re.escape(noun)}(?![A-Za-z0-9])", " ", text)
            else:
                text = text.replace(noun, " ")
    return text


def foreign_in_text(
    text: str, language: str, proper_nouns: Iterable[str] = (), *, left_to_right: bool = False
) -> list[str]:
    """What is not in ``language`` (``zh-hans``, ``ms``, ``fa``) in one piece of running
    text (a page's text node, a line of a PDF): each finding as ``"kind: what «in context»"``."""
    findings: list[str] = []
    cleaned = FORMAT_NAMES.sub(" ", _without_proper_nouns(_ADDRESS.sub(" ", text), proper_nouns))
    cleaned = _PATH_PART.sub(" ", _HANDBOOK_CODE.sub(" ", _DIGEST.sub(" ", cleaned)))

    def found(kind: str, what: str) -> None:
        findings.append(f"{kind}: {what} «{text[:160]}»")

    for match in _IDENTIFIER.finditer(cleaned):
        found("identifier", match.group())
    cleaned = _IDENTIFIER.sub(" ", cleaned)
    if language.startswith(("zh", "fa")):
        for word in _LATIN_WORD.findall(cleaned):
            if word not in ALLOWED and word.strip("-'’") not in ALLOWED:
                found("Latin word", word)
    elif language == "ms":
        vocabulary = english_vocabulary()
        # FIDE's Team Swiss names its colour-preference types by a letter (C.04.6 "Type A",
        # "Type B"): in Malay "jenis A" is that name, not the English article.
        cleaned = _TYPE_LETTER.sub("jenis ", cleaned)
        for word in _LATIN_WORD.findall(cleaned):
            if word not in ALLOWED and word.lower() in vocabulary:
                found("English word", word)
    if language.startswith("fa"):
        for match in _LATIN_DIGIT.finditer(_NUMBER_IN_CHINESE.sub(" ", cleaned)):
            found("Latin digit", match.group())
            break
        if _GREGORIAN_DATE.search(cleaned):
            found("Gregorian date", _GREGORIAN_DATE.search(cleaned).group())  # type: ignore[union-attr]
        if not left_to_right:
            right_to_left = _ISOLATED.sub(" ", cleaned)
            if _MIRRORED_HALF.search(right_to_left):
                found("half point in right-to-left text (shows as ½۶)", "½")
            joined = _LEFT_TO_RIGHT_NUMBERS.search(right_to_left)
            if joined:
                found("numbers joined left to right in right-to-left text", joined.group())
            comma = _LATIN_LIST_COMMA.search(right_to_left)
            if comma:
                found("Latin comma in Persian text (، ؛)", comma.group())
    return findings


def _as_written_on_the_page(nouns: Iterable[str]) -> set[str]:
    """The names and the same names with a Persian page's list punctuation (a venue
    ``Bukit Garam, Kinabatangan`` reads ``Bukit Garam، Kinabatangan`` there)."""
    found = {noun for noun in nouns if noun}
    return found | {noun.replace(", ", "، ").replace("; ", "؛ ") for noun in found}


def foreign_text(body: str | bytes, language: str, proper_nouns: Iterable[str] = ()) -> list[str]:
    """Everything on the HTML page ``body`` that a reader of ``language`` would find in
    another language or written as code (see the module's docstring)."""
    nouns = sorted(_as_written_on_the_page(proper_nouns), key=len, reverse=True)
    findings: list[str] = []
    for text, left_to_right in visible_text(body):
        findings.extend(foreign_in_text(text, language, nouns, left_to_right=left_to_right))
    return findings


def _made_of(word: str, pieces: frozenset[str]) -> bool:
    """Whether ``word`` is one or more of ``pieces`` written together."""
    if not word:
        return True
    return any(
        word.startswith(piece) and _made_of(word[len(piece) :], pieces) for piece in pieces if piece
    )


def foreign_in_pdf_text(text: str, language: str, proper_nouns: Iterable[str] = ()) -> list[str]:
    """The same checks over a printout's PDF text (``pdftotext``, pypdf), line by line. The
    PDF's text has no markup to tell a left-to-right isolate apart: the half-point check is
    left to the HTML. Its text layer runs neighbouring cells together (a name and its
    school: ``Ahmad bin AbdullahSK Kinabatangan``): a Latin word made only of the words of
    proper nouns is one of them."""
    nouns = sorted(_as_written_on_the_page(proper_nouns), key=len, reverse=True)
    noun_words = frozenset(word for noun in nouns for word in _LATIN_WORD.findall(noun))
    findings: list[str] = []
    for line in _ADDRESS.sub(" ", text).splitlines():
        if line.strip():
            findings.extend(
                finding
                for finding in foreign_in_text(line, language, nouns, left_to_right=True)
                if not (
                    finding.startswith(("Latin word: ", "English word: "))
                    and _made_of(finding.split(": ", 1)[1].split(" «")[0], noun_words)
                )
            )
    return findings


_NAMING_KEYS = frozenset({"name", "venue", "items", "units", "unit", "title", "key"})
"""Keys of a regulations file whose strings are the organisers' own words: names and codes
of the event, sections, categories and prizes (``johan``, 冠军, section ``C``), venues,
units."""


def _regulation_words(value: object, key: str = "") -> Iterable[str]:
    if isinstance(value, dict):
        for inner_key, inner in value.items():
            yield from _regulation_words(inner, inner_key)
    elif isinstance(value, list):
        for inner in value:
            yield from _regulation_words(inner, key)
    elif isinstance(value, str) and key in _NAMING_KEYS:
        yield value


@functools.cache
def _place_names_of_the_time_zones() -> frozenset[str]:
    """The time zones whose name in the Unicode CLDR keeps a city's own spelling, which the
    checks would take for English (Waktu Amerika Syarikat (New York), Waktu Isle of Man):
    place names, as a zone box lists them."""
    from crosstable_web.common.localisation import zone_label
    from crosstable_web.events.regulations.event_time import common_zones

    return frozenset(
        label
        for zone in common_zones()
        for language in ("zh-hans", "ms", "fa")
        if foreign_in_text(label := zone_label(zone, language), language)
    )


def proper_nouns_of_the_database() -> set[str]:
    """Every name the database holds in the organisers' or users' own words: events (name,
    short name, venue, time zone), sections (name, code), players (name, unit, federation),
    teams, registrations (registrant, e-mail, unit, team, players, documents' file names,
    payment references, names asked for), account names and the audit log's "who", and the
    names the regulations give to sections, categories and prizes."""
    import tomllib

    from django.contrib.auth.models import User

    from crosstable_web.events import models
    from crosstable_web.teams.models import Team

    nouns: set[str] = set(User.objects.values_list("username", flat=True))
    # the names printed where an arbiter signs (events.arbiters: the full name, else the user name)
    nouns.update(user.get_full_name() for user in User.objects.all() if user.get_full_name())
    for event in models.Event.objects.all():
        # Not the time zone: pages name it in the reader's words (common.localisation.zone_label).
        nouns.update((event.name, event.slug, event.venue))
        if event.regulations_text:
            with contextlib.suppress(tomllib.TOMLDecodeError):
                nouns.update(_regulation_words(tomllib.loads(event.regulations_text)))
    nouns.update(_place_names_of_the_time_zones())
    nouns.update(models.Section.objects.values_list("name", flat=True))
    nouns.update(models.Section.objects.values_list("key", flat=True))
    # A player's federation is FIDE's three-letter code (MAS, CHN, IRI), as typed.
    for name, unit, federation in models.Entry.objects.values_list("name", "unit", "federation"):
        nouns.update((name, unit, federation))
    for name, unit in Team.objects.values_list("name", "unit"):
        nouns.update((name, unit))
    from crosstable_web.registrations.models import (
        ChangeRequest,
        Document,
        RegisteredPlayer,
        Registration,
    )

    fields = ("registrant", "unit", "team_name", "email", "payment_reference")
    for values in Registration.objects.values_list(*fields):
        nouns.update(values)
    nouns.update(RegisteredPlayer.objects.values_list("name", flat=True))
    nouns.update(Document.objects.values_list("original_name", flat=True))  # as uploaded
    for new_values in ChangeRequest.objects.values_list("new_values", flat=True):
        nouns.update(str(value) for value in (new_values or {}).values())
    # Who made each audit line: an account, or the registrant's own words for themselves.
    nouns.update(models.AuditLog.objects.values_list("username", flat=True))
    return {noun for noun in nouns if noun and noun.strip()}
