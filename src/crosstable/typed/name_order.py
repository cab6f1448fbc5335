"""Alphabetical order of names written in the Persian (or Arabic) script.

Unicode puts the four letters Persian adds to the Arabic alphabet (پ چ ژ گ) and its own
kāf and yeh (ک ی) after all the Arabic ones, so sorting by code point lists پارس after
تهران and گلستان after یزد. A Persian reader expects the alphabet's order:
آ ا ب پ ت ث ج چ ح خ د ذ ر ز ژ س ش ص ض ط ظ ع غ ف ق ک گ ل م ن و ه ی. Arabic forms of
the same letters (ك ي ى ة أ إ ؤ ئ) sort as the Persian letter they are written for; short
vowel marks, tatweel and the zero-width non-joiner are not letters and do not count.
Latin and other scripts sort by their case-folded letters, as before.
"""

from __future__ import annotations

PERSIAN_ALPHABET = "آابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهی"

_SAME_LETTER = str.maketrans(
    {
        "ك": "ک",
        "ي": "ی",
        "ى": "ی",
        "ة": "ه",
        "ۀ": "ه",
        "أ": "ا",
        "إ": "ا",
        "ٱ": "ا",
        "ؤ": "و",
        "ئ": "ی",
    }
)
_NOT_LETTERS = dict.fromkeys(
    [0x200C, 0x200D, 0x0640, *range(0x064B, 0x0653), 0x0654, 0x0655, 0x0670], None
)
_PLACES = str.maketrans(
    {letter: chr(0x0621 + index) for index, letter in enumerate(PERSIAN_ALPHABET)}
)
"""Each Persian letter mapped to a code point in the alphabet's order, in the Arabic block
(so Persian names keep sorting after Latin ones and before CJK, as by code point)."""


def alphabetical_key(name: str) -> str:
    """The key that sorts ``name`` alphabetically: Persian letters in the Persian alphabet's
    order, everything else case-folded."""
    return name.casefold().translate(_NOT_LETTERS).translate(_SAME_LETTER).translate(_PLACES)
