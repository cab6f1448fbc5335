"""The languages crosstable speaks: the one list every place that lists languages reads.

Each :class:`Language` says how it is named (its code in a regulations file and in
``locale/``, its code for Django and the browser, its own name, its name in English), how its
readers write (digits, calendar, the order of a date's fields, quotation marks, the list
separator, right to left) and what their files are likely to be (the 8-bit encodings of a
spreadsheet, in the order tried). :data:`LANGUAGES` is in catalogue order, English (the
message ids) first.

Adding a language is one entry here, then its catalogue (``locale/<code>/LC_MESSAGES``,
``locale/catalogues.py``); the web settings, the forms' choices, the regulations loader, the
printouts, the spreadsheet reader and the pages' digits, dates and quotes read this list
(docs/dev/extending.md, "a language").
"""

from __future__ import annotations

import dataclasses

from crosstable.message import Message


@dataclasses.dataclass(frozen=True, slots=True)
class Language:
    code: str
    """In a regulations file (``language = "zh_Hans"``) and ``locale/``'s directory names."""
    django_code: str
    """Django's and the browser's (``zh-hans``): ``settings.LANGUAGES``, the language cookie."""
    name: str
    """Its own name, as the language menus show it (简体中文)."""
    english_name: Message
    """Its name in English, translated on the pages (a regulations message names the
    language of ``language = "zh_Hans"`` as Message("Simplified Chinese"), 简体中文, …)."""
    digits: str = "latin"
    """``"latin"`` (0-9) or ``"persian"`` (۰-۹) on its pages."""
    calendar: str = "gregorian"
    """The calendar its pages write and read dates in (``crosstable.typed.calendars``)."""
    date_order: str = "ymd"
    """How a typed date with a two-digit year or day is read: ``"ymd"``, or ``"dmy"``
    (03/04/2015 is 3 April)."""
    quotes: tuple[str, str] = ('"', '"')
    """Opening and closing quotation marks around a quoted value in a message."""
    list_separator: str = ", "
    right_to_left: bool = False
    encodings: tuple[str, ...] = ("cp1252", "gb18030", "cp1256")
    """The 8-bit encodings a spreadsheet in this language is tried in (after UTF-8 and
    UTF-16), most likely first."""
    catalogue: bool = True
    """Whether its messages are translated in ``locale/<code>/`` (English is the message ids)."""
    aliases: tuple[str, ...] = ()
    """Other spellings a regulations file or a browser may use for it (``zh``, ``zh-cn``)."""

    @property
    def short(self) -> str:
        """The two-letter code word lists are keyed by (``zh``)."""
        return self.code.split("_")[0].lower()


LANGUAGES: tuple[Language, ...] = (
    Language("en", "en", "English", Message("English"), catalogue=False),
    Language(
        "zh_Hans",
        "zh-hans",
        "简体中文",
        Message("Simplified Chinese"),
        quotes=("“", "”"),
        list_separator="、",
        encodings=("gb18030", "cp1256", "cp1252"),
        aliases=("zh", "zh-cn", "zh_cn", "zh-sg"),
    ),
    Language("ms", "ms", "Bahasa Melayu", Message("Malay"), date_order="dmy", aliases=("ms-my",)),
    Language(
        "fa",
        "fa",
        "فارسی",
        Message("Persian"),
        digits="persian",
        calendar="jalali",
        quotes=("«", "»"),
        list_separator="، ",
        right_to_left=True,
        encodings=("cp1256", "gb18030", "cp1252"),
        aliases=("fa-ir",),
    ),
)

ENGLISH = LANGUAGES[0]


def codes() -> tuple[str, ...]:
    """Every language's code as a regulations file writes it, in catalogue order."""
    return tuple(language.code for language in LANGUAGES)


def catalogue_codes() -> tuple[str, ...]:
    """The languages translated in ``locale/``, in catalogue order."""
    return tuple(language.code for language in LANGUAGES if language.catalogue)


def find(code: str | None) -> Language | None:
    """The language any of its spellings names (``zh_Hans``, ``zh-hans``, ``zh``, ``fa-IR``),
    None for a code no language has."""
    if not code:
        return None
    wanted = code.strip().lower().replace("_", "-")
    for language in LANGUAGES:
        spellings = (language.code, language.django_code, *language.aliases)
        if wanted in (spelling.lower().replace("_", "-") for spelling in spellings):
            return language
    return None


def of(code: str | None) -> Language:
    """The language ``code`` names, else the one its first two letters name (a browser's
    ``fa-AF``), else English."""
    found = find(code)
    if found is None and code:
        found = find(code.strip()[:2])
    return found or ENGLISH


def django_languages() -> list[tuple[str, str]]:
    """``settings.LANGUAGES``: each language's Django code and own name."""
    return [(language.django_code, language.name) for language in LANGUAGES]
