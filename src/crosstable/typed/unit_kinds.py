"""Kinds of unit (school, county, club…) in the organiser's words.

Regulations that rank only some kinds of unit as teams (Futian youth: ``unit_kinds =
["school"]``) or give a discount or prize to some kinds (Fars: county teams) name the kinds
in English codes. Organisers type them in their own language — 学校, sekolah, مدرسه,
شهرستان — as the form's hint invites: each word below is stored as its code, so a county
typed in Persian keeps its discount and prize. A kind the regulations name that is not in
this list is accepted as the regulations write it; any other word is refused with the
accepted ones (a typo would otherwise silently lose a discount).
"""

from __future__ import annotations

from collections.abc import Iterable

from crosstable.typed.errors import TypedValueError
from crosstable.typed.people import vocabulary_key

UNIT_KINDS: dict[str, dict[str, tuple[str, ...]]] = {
    "school": {
        "en": ("school", "primary school", "secondary school", "high school"),
        "zh": ("学校", "學校", "小学", "小學", "中学", "中學", "初中", "高中"),
        "ms": ("sekolah", "sekolah rendah", "sekolah menengah"),
        "fa": ("مدرسه", "دبستان", "دبیرستان", "هنرستان"),
    },
    "kindergarten": {
        "en": ("kindergarten", "preschool", "nursery"),
        "zh": ("幼儿园", "幼兒園"),
        "ms": ("tadika", "prasekolah"),
        "fa": ("مهدکودک", "مهد کودک", "کودکستان", "پیش دبستانی"),
    },
    "club": {
        "en": ("club", "chess club"),
        "zh": ("俱乐部", "俱樂部", "棋社", "棋院", "少年宫", "少年宮"),
        "ms": ("kelab",),
        "fa": ("باشگاه",),
    },
    "county": {
        "en": ("county",),
        "zh": ("县", "縣"),
        "ms": ("jajahan",),
        "fa": ("شهرستان",),
    },
    "district": {
        "en": ("district",),
        "zh": ("区", "區", "街道"),
        "ms": ("daerah",),
        "fa": ("بخش", "منطقه"),
    },
    "city": {
        "en": ("city", "town"),
        "zh": ("市", "城市"),
        "ms": ("bandar",),
        "fa": ("شهر",),
    },
    "province": {
        "en": ("province", "state"),
        "zh": ("省",),
        "ms": ("negeri",),
        "fa": ("استان",),
    },
    "association": {
        "en": ("association", "federation"),
        "zh": ("协会", "協會", "棋协", "棋協"),
        "ms": ("persatuan",),
        "fa": ("انجمن", "هیئت", "هیات"),
    },
    "university": {
        "en": ("university", "college"),
        "zh": ("大学", "大學", "学院", "學院"),
        "ms": ("universiti", "kolej"),
        "fa": ("دانشگاه",),
    },
    "company": {
        "en": ("company", "workplace"),
        "zh": ("公司", "企业", "企業"),
        "ms": ("syarikat",),
        "fa": ("شرکت",),
    },
}
"""Stored code -> the words for it in each of the site's languages (the first is the one a
message offers)."""

_KIND_OF = {
    vocabulary_key(word): code
    for code, languages in UNIT_KINDS.items()
    for words in languages.values()
    for word in (code, *words)
}


def read_unit_kind(text: str, regulation_kinds: Iterable[str] = ()) -> str:
    """The code of the kind of unit ``text`` names (``"学校"`` -> ``"school"``), ``""`` when
    blank; a kind the regulations name (``regulation_kinds``) is read as they write it.

    ``TypedValueError("unknown_unit_kind")`` otherwise (details: ``kinds``, the codes the
    regulations name, else every known code)."""
    key = vocabulary_key(text)
    if not key:
        return ""
    named = {vocabulary_key(kind): kind for kind in regulation_kinds}
    if key in named:
        return named[key]
    code = _KIND_OF.get(key)
    if code is not None:
        return code
    raise TypedValueError(
        "unknown_unit_kind", text, kinds=tuple(named.values()) or tuple(UNIT_KINDS)
    )


def unit_kind_words(code: str, language: str) -> str:
    """How a message names the kind ``code`` in ``language`` (``zh``, ``ms``, ``fa``, ``en``):
    the first word of that language, the code itself for a kind only the regulations know."""
    words = UNIT_KINDS.get(code, {}).get(language[:2])
    return words[0] if words else code
