"""Sexes, grades, titles, federations, FIDE IDs, games and unit kinds in the words of the four
languages (issue 13 item 5), and the characters a name may not hold (issue 14 item 2)."""

from __future__ import annotations

import pytest

from crosstable.typed import (
    TypedValueError,
    read_federation,
    read_fide_id,
    read_game,
    read_grade,
    read_sex,
    read_title,
    read_unit_kind,
    unit_kind_words,
    unsafe_characters,
)


@pytest.mark.parametrize(
    ("text", "sex"),
    [
        ("男", "M"), ("女", "F"), ("L", "M"), ("P", "F"), ("lelaki", "M"),
        ("Perempuan", "F"), ("مرد", "M"), ("زن", "F"), ("پسر", "M"), ("دختر", "F"),
        ("m", "M"), ("F", "F"), ("W", "F"), ("Ｍ", "M"), ("", ""), (" ", ""),
    ],
)  # fmt: skip
def test_sexes(text: str, sex: str) -> None:
    assert read_sex(text) == sex


@pytest.mark.parametrize("text", ["mf", "MF", "x", "男女", "1"])
def test_unknown_sex_is_refused(text: str) -> None:
    with pytest.raises(TypedValueError) as refused:
        read_sex(text)
    assert refused.value.code == "unknown_sex"


@pytest.mark.parametrize(
    ("text", "grade"),
    [
        ("六级", 6), ("6级", 6), ("六級", 6), ("6", 6), ("６级", 6), ("六级棋士", 6),
        ("国家六级", 6), ("十级", 10), ("十一级", 11), ("十五级", 15), ("一级", 1),
        ("grade 6", 6), ("gred 6", 6), ("درجه ۶", 6), ("6th", 6),
        ("", None), ("无", None), ("无级", None), ("none", None),
    ],
)  # fmt: skip
def test_grades(text: str, grade: int | None) -> None:
    assert read_grade(text) == grade


@pytest.mark.parametrize("text", ["棋协大师", "16级", "0", "二十级", "six", "6级级"])
def test_unreadable_grade_is_an_error_not_ungraded(text: str) -> None:
    """Issue 11: `六级` went into G (ungraded) because it was not digits."""
    with pytest.raises(TypedValueError) as refused:
        read_grade(text)
    assert refused.value.code == "unknown_grade"


def test_titles() -> None:
    assert [read_title(t) for t in ("gm", "WGM", "wf", "国际大师", "")] == [
        "GM",
        "WGM",
        "WFM",
        "IM",
        "",
    ]
    with pytest.raises(TypedValueError):
        read_title("Grandmaster!")


def test_federations() -> None:
    assert [read_federation(t) for t in ("MAS", "mas", "IRI", " CHN ", "")] == [
        "MAS",
        "MAS",
        "IRI",
        "CHN",
        "",
    ]
    for text, meant in (("MALAYSIA", "MAS"), ("ایران", "IRI"), ("中国", "CHN"), ("MAL", "")):
        with pytest.raises(TypedValueError) as refused:
            read_federation(text)
        assert refused.value.details["meant"] == meant


def test_fide_ids() -> None:
    assert read_fide_id("4100018") == "4100018"
    assert read_fide_id("۴۱۰۰۰۱۸") == "4100018"
    assert read_fide_id("0") == ""
    assert read_fide_id("") == ""
    for text in ("41-00018", "1" * 13, "4100018.5", "abc"):
        with pytest.raises(TypedValueError):
            read_fide_id(text)


def test_games() -> None:
    assert [read_game(t) for t in ("国际象棋", "中国象棋", "象棋", "Chess", "شطرنج", "")] == [
        "chess",
        "xiangqi",
        "xiangqi",
        "chess",
        "chess",
        "",
    ]
    with pytest.raises(TypedValueError):
        read_game("go")


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("学校", "school"), ("學校", "school"), ("sekolah", "school"), ("مدرسه", "school"),
        ("School", "school"), ("شهرستان", "county"), ("县", "county"), ("county", "county"),
        ("幼儿园", "kindergarten"), ("俱乐部", "club"), ("kelab", "club"), ("", ""),
    ],
)  # fmt: skip
def test_unit_kinds_in_the_organisers_words(text: str, kind: str) -> None:
    assert read_unit_kind(text, ("county",)) == kind


def test_a_kind_only_the_regulations_know_is_read_as_they_write_it() -> None:
    assert read_unit_kind("Street_Office", ("street_office",)) == "street_office"
    with pytest.raises(TypedValueError) as refused:
        read_unit_kind("schol", ("school",))
    assert refused.value.details["kinds"] == ("school",)
    assert unit_kind_words("county", "fa") == "شهرستان"
    assert unit_kind_words("school", "zh_Hans") == "学校"
    assert unit_kind_words("street_office", "zh") == "street_office"


def test_unsafe_characters() -> None:
    assert unsafe_characters("Ali\u202eEvil") == ["U+202E"]
    assert unsafe_characters("Nur\nAisyah\t\x00") == ["U+000A", "U+0009", "U+0000"]
    assert unsafe_characters("\u2066x\u2069") == ["U+2066", "U+2069"]
    # Persian names keep their zero-width non-joiner; Chinese and Malay names are plain
    assert unsafe_characters("عبدالله\u200cزاده") == []
    assert unsafe_characters("王芳") == [] and unsafe_characters("Nur Aisyah binti Ali") == []
