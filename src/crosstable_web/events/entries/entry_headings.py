"""The column headings of an entry list, in the words organisers use in four languages.

A heading is recognised whatever its case, spacing, full-width letters, Arabic or Persian
letter forms, and whatever it says in brackets or after a star (``Birth date (YYYY-MM-DD)``,
``出生日期（年/月/日）``, ``姓名*``). Headings of columns the app does not store (a serial
number, remarks, a phone number, an identity card number) are recognised too, and left out
of the import with a note saying so; any other heading is refused (it may be a misspelt
column that would otherwise be lost).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext_lazy

from crosstable import languages
from crosstable.typed.dates import normalise_persian
from crosstable.typed.digits import as_typed_on_a_latin_keyboard
from crosstable_web.common.localisation import word_list

HEADINGS: dict[str, dict[str, tuple[str, ...]]] = {
    "section": {
        "en": ("section", "group", "category", "division", "table"),
        "zh": ("组别", "組別", "组", "組", "分组", "分組", "参赛组别", "參賽組別", "组别名称"),
        "ms": ("kumpulan", "kategori", "bahagian", "acara"),
        "fa": ("جدول", "گروه", "رده", "بخش", "رده سنی"),
    },
    "name": {
        "en": ("name", "full name", "player", "player name", "player's name"),
        "zh": ("姓名", "名字", "选手", "選手", "选手姓名", "選手姓名", "棋手", "棋手姓名",
               "运动员", "運動員", "运动员姓名", "運動員姓名", "队员姓名", "隊員姓名"),
        "ms": ("nama", "nama pemain", "nama penuh", "nama peserta", "peserta"),
        "fa": ("نام و نام خانوادگی", "نام بازیکن", "نام کامل", "بازیکن"),
    },
    "given_name": {
        "en": ("first name", "given name", "forename"),
        "zh": ("名",),
        "ms": ("nama pertama",),
        "fa": ("نام",),
    },
    "family_name": {
        "en": ("last name", "surname", "family name"),
        "zh": ("姓",),
        "ms": ("nama keluarga",),
        "fa": ("نام خانوادگی", "فامیلی", "نام فامیل"),
    },
    "sex": {
        "en": ("sex", "gender"),
        "zh": ("性别", "性別"),
        "ms": ("jantina", "jenis kelamin"),
        "fa": ("جنسیت", "جنس"),
    },
    "birth_date": {
        "en": ("birth date", "date of birth", "dob", "birthday", "born", "birth"),
        "zh": ("出生日期", "出生年月日", "生日", "出生时间", "出生時間"),
        "ms": ("tarikh lahir", "tarikh kelahiran"),
        "fa": ("تاریخ تولد", "تولد"),
    },
    "rating": {
        "en": ("rating", "elo", "fide rating", "national rating"),
        "zh": ("等级分", "等級分", "国际等级分", "國際等級分", "积分", "積分"),
        "ms": ("penarafan", "reting", "mata rating"),
        "fa": ("ریتینگ", "ریتینگ فیده", "ایلو"),
    },
    "title": {
        "en": ("title", "fide title"),
        "zh": ("称号", "稱號", "头衔", "頭銜"),
        "ms": ("gelaran",),
        "fa": ("عنوان",),
    },
    "federation": {
        "en": ("federation", "fed", "country", "nation"),
        "zh": ("国家", "國家", "协会", "協會", "国籍", "國籍"),
        "ms": ("persekutuan", "negara"),
        "fa": ("فدراسیون", "کشور", "ملیت"),
    },
    "fide_id": {
        "en": ("fide id", "fide", "fide no", "fide number", "fide code", "id fide"),
        "zh": ("国际棋联id", "國際棋聯id", "棋联id", "fide号", "fide编号"),
        "ms": ("no fide", "nombor fide"),
        "fa": ("شناسه فیده", "کد فیده", "آی دی فیده"),
    },
    "national_grade": {
        "en": ("grade", "national grade", "chess grade"),
        "zh": ("等级", "等級", "棋士等级", "棋士等級", "级别", "級別", "等级证书", "棋级"),
        "ms": ("gred",),
        "fa": ("درجه",),
    },
    "unit": {
        "en": ("unit", "school", "club", "team", "organisation", "organization", "county"),
        "zh": ("单位", "單位", "参赛单位", "參賽單位", "学校", "學校", "所在学校", "就读学校",
               "俱乐部", "俱樂部", "代表队", "代表隊", "队名", "隊名", "县名", "縣名", "县",
               "縣", "县市", "縣市"),
        "ms": ("sekolah", "nama sekolah", "kelab", "pasukan", "organisasi", "unit"),
        "fa": ("واحد", "مدرسه", "باشگاه", "تیم", "شهرستان", "هیئت", "هیات"),
    },
    "unit_kind": {
        "en": ("unit kind", "kind", "unit type", "type"),
        "zh": ("单位类型", "單位類型", "单位性质", "單位性質", "单位类别", "類型", "类型"),
        "ms": ("jenis unit", "jenis"),
        "fa": ("نوع واحد", "نوع"),
    },
    "native_unit": {
        "en": ("native of", "native unit", "hometown"),
        "zh": ("籍贯", "籍貫", "户籍", "戶籍", "户籍所在地"),
        "ms": ("asal", "negeri asal"),
        "fa": ("زادگاه", "محل تولد", "بومی"),
    },
    "member_id": {
        "en": ("member id", "membership", "membership id", "member no", "membership number"),
        "zh": ("会员号", "會員號", "注册号", "註冊號", "会员编号"),
        "ms": ("no ahli", "nombor ahli", "no keahlian"),
        "fa": ("کد عضویت", "شماره عضویت", "کد ثبت نام"),
    },
    "fee_paid": {
        "en": ("fee paid", "paid", "amount paid", "payment"),
        "zh": ("已缴费", "已繳費", "缴费", "繳費", "已交费", "已交費", "缴费金额", "报名费"),
        "ms": ("yuran", "yuran dibayar", "bayaran", "dibayar"),
        "fa": ("پرداختی", "مبلغ پرداختی", "ورودیه", "مبلغ"),
    },
    "game": {
        "en": ("game", "discipline"),
        "zh": ("项目", "項目", "棋种", "棋種", "棋类", "棋類", "比赛项目"),
        "ms": ("permainan",),
        "fa": ("رشته",),
    },
}  # fmt: skip
"""Column -> its headings per language (the code itself is always a heading too)."""

NOT_STORED: dict[str, tuple[str, ...]] = {
    "serial number": ("no", "#", "number", "序号", "序號", "编号", "編號", "bil", "ردیف"),
    "remarks": ("remarks", "notes", "note", "comment", "备注", "備註", "说明", "catatan",
                "توضیحات"),
    "phone": ("phone", "telephone", "mobile", "电话", "電話", "联系电话", "聯繫電話", "手机",
              "手機", "telefon", "no telefon", "تلفن", "موبایل", "شماره تماس"),
    "identity card": ("id number", "ic", "ic no", "mykad", "no kp", "身份证号", "身份證號",
                      "身份证号码", "身份證號碼", "身份证", "کد ملی", "شماره ملی"),
    "guardian": ("parent", "guardian", "家长", "家長", "监护人", "監護人", "penjaga", "ولی"),
    "age": ("age", "年龄", "年齡", "umur", "سن"),
    "school year": ("school year", "class", "年级", "年級", "班级", "班級", "kelas", "darjah",
                    "tingkatan", "پایه", "کلاس"),
    "email": ("email", "e-mail", "邮箱", "郵箱", "电子邮件", "emel", "ایمیل"),
    "address": ("address", "地址", "alamat", "آدرس", "نشانی"),
    "coach": ("coach", "教练", "教練", "jurulatih", "مربی"),
    "province": ("province", "省市名称", "省市名稱", "省市", "省份", "所在省", "استان"),
    "team role": ("position", "team role", "职务", "職務", "队内职务", "jawatan", "سمت"),
}  # fmt: skip
"""Columns organisers' sheets carry that the app does not store (recognised, left out)."""

_BRACKETS = re.compile(r"\([^)]*\)|（[^）]*）|\[[^\]]*\]|【[^】]*】|<[^>]*>")
_PUNCTUATION = re.compile(r"[\s_\-./*:：'’]+")


def heading_key(text: str) -> str:
    """How a heading is looked up (see the module)."""
    text = unicodedata.normalize("NFKC", as_typed_on_a_latin_keyboard(text))
    text = _BRACKETS.sub("", normalise_persian(text).casefold())
    return _PUNCTUATION.sub("", text)


_COLUMN_OF = {
    heading_key(word): column
    for column, languages in HEADINGS.items()
    for words in languages.values()
    for word in (column, *words)
}
_NOT_STORED_OF = {heading_key(word): kind for kind, words in NOT_STORED.items() for word in words}

CJK_HEADINGS = frozenset(
    heading_key(word) for column in HEADINGS.values() for word in column.get("zh", ())
)
"""Chinese headings: a sheet with 姓 and 名 joins them family name first, without a space."""


def column_of(heading: str) -> str | None:
    """The column a heading names (``"出生日期"`` -> ``"birth_date"``), None if none."""
    return _COLUMN_OF.get(heading_key(heading))


def not_stored(heading: str) -> str | None:
    """What a heading of a column the app does not store is (``"序号"`` -> ``"serial
    number"``), None if it is not one."""
    return _NOT_STORED_OF.get(heading_key(heading))


def heading_score(cells: Sequence[str]) -> int:
    """How many cells of a line are headings the app stores (the spreadsheet reader picks
    the encoding and separator that recognise the most)."""
    return sum(1 for cell in cells if column_of(cell) is not None)


COLUMN_LABELS: dict[str, Any] = {
    "section": gettext_lazy("Section"),
    "name": gettext_lazy("Name"),
    "given_name": gettext_lazy("Given name"),
    "family_name": gettext_lazy("Family name"),
    "sex": gettext_lazy("Sex"),
    "birth_date": gettext_lazy("Birth date"),
    "rating": gettext_lazy("Rating"),
    "title": gettext_lazy("Title"),
    "federation": gettext_lazy("Federation"),
    "fide_id": gettext_lazy("FIDE id"),
    "national_grade": gettext_lazy("National grade"),
    "unit": gettext_lazy("Unit (school, club, team)"),
    "unit_kind": gettext_lazy("Unit kind (e.g. school, club or county)"),
    "native_unit": gettext_lazy("Native of"),
    "member_id": gettext_lazy("Membership id"),
    "fee_paid": gettext_lazy("Fee paid"),
    "game": gettext_lazy("Game (chess or xiangqi)"),
}
"""What each column holds, in the page's language (the import page's list)."""


def accepted_headings(language: str) -> list[tuple[Any, str]]:
    """For the import page: each column's label and its headings in ``language``
    (``zh-hans``, ``ms``, ``fa``, ``en``; the English page adds the column's code). Every
    language's headings are read whatever the page's language (docs/imports.md lists
    them all)."""
    own = languages.of(language).short
    return [
        (
            COLUMN_LABELS[column],
            word_list(
                dict.fromkeys((*((column,) if own == "en" else ()), *words.get(own, ()))),
                own,
            ),
        )
        for column, words in HEADINGS.items()
    ]
