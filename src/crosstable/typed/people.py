"""What a player's row says about them: sex, grade, title, federation, FIDE ID, the game
(chess or xiangqi) they enter, and which characters a name may not hold.

Each vocabulary lists the words of the site's four languages (English, Chinese, Malay,
Persian); a word outside it is refused with the accepted ones, never stored as written and
never replaced by a default (``mf`` is not ``M``; ``六级`` is grade 6, not "ungraded").
"""

from __future__ import annotations

import re
import unicodedata

from crosstable.typed.dates import normalise_persian
from crosstable.typed.digits import as_typed_on_a_latin_keyboard
from crosstable.typed.errors import TypedValueError
from crosstable.typed.federations import FEDERATIONS, federation_named


def vocabulary_key(text: str) -> str:
    """How a word is looked up: full-width letters as ASCII, case folded, Persian letter
    forms unified, spaces collapsed."""
    text = unicodedata.normalize("NFKC", as_typed_on_a_latin_keyboard(text))
    return " ".join(normalise_persian(text).casefold().split())


SEXES: dict[str, tuple[str, ...]] = {
    "M": (
        "m", "male", "man", "boy", "men", "boys",
        "男", "男子", "男生", "男性", "男孩", "男士",
        "l", "lelaki", "laki-laki", "laki laki", "putera",
        "مرد", "پسر", "آقا", "مذکر",
    ),
    "F": (
        "f", "w", "female", "woman", "girl", "women", "girls",
        "女", "女子", "女生", "女性", "女孩", "女士",
        "p", "perempuan", "wanita", "puteri",
        "زن", "دختر", "خانم", "مونث", "مؤنث",
    ),
}  # fmt: skip
"""Stored sex -> the words a sheet may write for it (Malay L/P: lelaki/perempuan)."""

_SEX_OF = {vocabulary_key(word): sex for sex, words in SEXES.items() for word in words}


def read_sex(text: str) -> str:
    """``M``, ``F`` or ``""`` (blank); ``TypedValueError("unknown_sex")`` otherwise."""
    key = vocabulary_key(text)
    if not key:
        return ""
    sex = _SEX_OF.get(key)
    if sex is None:
        raise TypedValueError("unknown_sex", text)
    return sex


GAMES: dict[str, tuple[str, ...]] = {
    "chess": ("chess", "国际象棋", "國際象棋", "国象", "國象", "catur", "شطرنج"),
    "xiangqi": (
        "xiangqi", "chinese chess", "中国象棋", "中國象棋", "象棋", "catur cina",
        "شطرنج چینی",
    ),
}  # fmt: skip
_GAME_OF = {vocabulary_key(word): game for game, words in GAMES.items() for word in words}


def read_game(text: str) -> str:
    """``chess``, ``xiangqi`` or ``""``; ``TypedValueError("unknown_game")`` otherwise."""
    key = vocabulary_key(text)
    if not key:
        return ""
    game = _GAME_OF.get(key)
    if game is None:
        raise TypedValueError("unknown_game", text)
    return game


LOWEST_GRADE = 15
"""National grades run from 1 (strongest) to 15 (中国国际象棋协会棋士等级)."""
UNGRADED_WORDS = ("无", "無", "无级", "無級", "无等级", "無等級", "none", "ungraded", "tiada", "-")
_CHINESE_NUMERALS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7}
_CHINESE_NUMERALS |= {"八": 8, "九": 9}
_GRADE = re.compile(
    r"(?:国家|國家|grade|gred|درجه)?\s*([0-9]{1,2}|[一二两三四五六七八九十]{1,3})\s*"
    r"(?:级|級|th|st|nd|rd)?\s*(?:棋士|grade)?"
)
_UNGRADED = {vocabulary_key(word) for word in UNGRADED_WORDS}


def _chinese_number(text: str) -> int | None:
    """一 … 九十九 written in Chinese numerals (None: not one)."""
    if text.isascii():
        return int(text)
    if "十" not in text:
        return _CHINESE_NUMERALS.get(text) if len(text) == 1 else None
    tens_text, _, units_text = text.partition("十")
    tens = 1 if not tens_text else _CHINESE_NUMERALS.get(tens_text)
    units = 0 if not units_text else _CHINESE_NUMERALS.get(units_text)
    if tens is None or units is None or "十" in units_text:
        return None
    return tens * 10 + units


def read_grade(text: str) -> int | None:
    """A national grade 1-15 written ``6``, ``6级``, ``六级``, ``六級``, ``六级棋士``,
    ``grade 6``, ``gred 6``, ``درجه ۶``; None when blank or written as ungraded (``无``, ``none``).

    ``TypedValueError("unknown_grade")`` for anything else (``棋协大师``, ``16级``): a grade
    that cannot be read is never taken for "ungraded"."""
    key = vocabulary_key(text).replace(" ", "")
    if not key or key in _UNGRADED:
        return None
    match = _GRADE.fullmatch(key)
    number = _chinese_number(match[1]) if match else None
    if number is None or not 1 <= number <= LOWEST_GRADE:
        raise TypedValueError("unknown_grade", text, lowest=LOWEST_GRADE)
    return number


TITLES: dict[str, tuple[str, ...]] = {
    "GM": ("gm", "g", "特级大师", "國際特級大師", "国际特级大师", "特級大師"),
    "IM": ("im", "m", "国际大师", "國際大師"),
    "FM": ("fm", "f", "棋联大师", "国际棋联大师", "棋聯大師"),
    "CM": ("cm", "c", "候选大师", "候選大師"),
    "WGM": ("wgm", "wg", "女子特级大师", "女子國際特級大師", "女子特級大師"),
    "WIM": ("wim", "wm", "女子国际大师", "女子國際大師"),
    "WFM": ("wfm", "wf", "女子棋联大师", "女子棋聯大師"),
    "WCM": ("wcm", "wc", "女子候选大师", "女子候選大師"),
}
"""FIDE titles: the stored code and the other ways of writing it (TRF letters, Chinese)."""
_TITLE_OF = {vocabulary_key(word): title for title, words in TITLES.items() for word in words}


def read_title(text: str) -> str:
    """A FIDE title code (``GM`` … ``WCM``) or ``""``; ``TypedValueError("unknown_title")``."""
    key = vocabulary_key(text)
    if not key:
        return ""
    title = _TITLE_OF.get(key)
    if title is None:
        raise TypedValueError("unknown_title", text)
    return title


def read_federation(text: str) -> str:
    """A FIDE federation code (``MAS``, ``CHN``, ``IRI``) or ``""``.

    ``TypedValueError("unknown_federation")`` for anything else, with ``details["meant"]`` the
    code meant when the text names a country (``MALAYSIA`` -> ``MAS``), so the message can
    say which code to write."""
    cleaned = vocabulary_key(text).upper()
    if not cleaned:
        return ""
    if cleaned in FEDERATIONS:
        return cleaned
    raise TypedValueError("unknown_federation", text, meant=federation_named(text) or "")


def read_fide_id(text: str) -> str:
    """A FIDE ID: digits only (any digit set), at most 12, leading zeros dropped; ``""`` when
    blank or all zeros (how rating lists write "none"). ``TypedValueError("not_a_fide_id")``
    otherwise."""
    cleaned = as_typed_on_a_latin_keyboard(text).strip()
    if not cleaned:
        return ""
    if not (cleaned.isascii() and cleaned.isdigit() and len(cleaned) <= 12):
        raise TypedValueError("not_a_fide_id", text)
    return cleaned.lstrip("0")


_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Embeddings, overrides and isolates: they reorder what follows (a name that displays
backwards, or swallows the cell after it). Joiners (ZWNJ in Persian names) stay allowed."""


def unsafe_characters(text: str) -> list[str]:
    """The characters a name or other stored text may not hold, each as ``U+XXXX``: control
    characters (newline, tab, NUL…), line and paragraph separators, bidi embeddings,
    overrides and isolates, surrogates, private-use and unassigned code points."""
    found: list[str] = []
    for character in text:
        category = unicodedata.category(character)
        if character in _BIDI_CONTROLS or category in ("Cc", "Cs", "Co", "Cn", "Zl", "Zp"):
            code = f"U+{ord(character):04X}"
            if code not in found:
                found.append(code)
    return found
