"""Finding a name (or a school) from what someone types into a search box, in any script.

A parent looks for a child by typing part of the name as their keyboard writes it: ``刘`` or
``liu`` (pinyin, with or without tone marks, ``lü`` as ``lv`` or ``lu``, initials ``lxm`` for
刘小明), ``Ahmad`` in any case, ``احمدی`` with the Arabic or the Persian letter forms, with or
without the zero-width non-joiner and the short-vowel marks, full-width or Persian digits.
Both sides are brought to one written form (:func:`search_text`) and a query matches a name
when it is found inside it, or — for Chinese characters — when it spells consecutive
characters' pinyin (:func:`matches`).

A Chinese character may have several readings (单: dan, shan, chan; 曾: zeng, ceng): each one
matches, so a surname read its own way is found.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from pypinyin import Style, pinyin

from crosstable.typed.digits import as_typed_on_a_latin_keyboard
from crosstable.typed.people import vocabulary_key

_CJK = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")

_LETTER_FORMS = str.maketrans(
    {
        "أ": "ا",
        "إ": "ا",
        "آ": "ا",
        "ٱ": "ا",
        "ؤ": "و",
        "ئ": "ی",
        "ۀ": "ه",
        "ـ": None,  # tatweel (kashida), a stretching stroke
        "\u200c": None,  # zero-width non-joiner
        "\u200d": None,  # zero-width joiner
    }
)
"""Persian and Arabic letter forms read alike (besides ``normalise_persian``'s ي ى ك ة)."""


def search_text(text: str) -> str:
    """``text`` in the one form a search compares: digits and full-width letters as a Latin
    keyboard types them, case folded, Persian letter forms unified, accents and Arabic short
    vowels dropped, and no spaces or punctuation (``Nur  Aisyah`` = ``nuraisyah``)."""
    text = vocabulary_key(as_typed_on_a_latin_keyboard(text)).translate(_LETTER_FORMS)
    decomposed = unicodedata.normalize("NFKD", text)
    kept = (
        char
        for char in decomposed
        if not unicodedata.combining(char) and (char.isalnum() or _CJK.match(char))
    )
    return unicodedata.normalize("NFC", "".join(kept))


@functools.lru_cache(maxsize=65_536)
def _readings(text: str) -> tuple[frozenset[str], ...]:
    """Each character of ``search_text(text)``: the pinyin readings of a Chinese character
    (``ü`` written both ``v`` and ``u``), any other character as itself."""
    readings: list[frozenset[str]] = []
    for char in text:
        if _CJK.match(char):
            spelt = pinyin(char, style=Style.NORMAL, heteronym=True)[0]
            readings.append(frozenset(word for r in spelt for word in (r, r.replace("v", "u"))))
        else:
            readings.append(frozenset({char}))
    return tuple(readings)


def _spells(query: str, readings: tuple[frozenset[str], ...]) -> bool:
    """Whether ``query`` spells consecutive characters' readings, each written in full or
    by its first letter (``lxm``, ``liuxm``), the last one possibly cut short (``liuxi``)."""
    for start in range(len(readings)):
        positions = {0}
        for reading in readings[start:]:
            following: set[int] = set()
            for at in positions:
                rest = query[at:]
                for word in reading:
                    if word.startswith(rest):
                        return True  # the query ends inside (or with) this reading
                    if rest.startswith(word):
                        following.add(at + len(word))
                    if rest[:1] == word[:1]:
                        following.add(at + 1)  # an initial
            positions = following
            if not positions:
                break
    return False


def matches(query: str, text: str) -> bool:
    """Whether the typed ``query`` finds ``text`` (a name or a school): found inside it once
    both are written alike, or spelt in pinyin over its Chinese characters."""
    wanted = search_text(query)
    if not wanted:
        return False
    written = search_text(text)
    if wanted in written:
        return True
    if not _CJK.search(written) or not wanted.isascii():
        return False
    return _spells(wanted, _readings(written))
