"""Fill the public site's and printouts' messages into locale/*/django.po, then compile .mo.

    .venv/bin/python locale/fill_translations.py

Run after ``crosstable-web makemessages -l zh_Hans -l ms -l fa`` (from src/crosstable_web).
Entries already translated are kept; the compiled .mo files are committed, so a fresh machine
needs no gettext tools. Compiling uses Python's own msgfmt logic (no apt package).
"""

from __future__ import annotations

import ast
import re
import struct
from pathlib import Path

HERE = Path(__file__).resolve().parent

# msgid → (简体中文, Bahasa Melayu, فارسی)
TRANSLATIONS: dict[str, tuple[str, str, str]] = {
    "Language": ("语言", "Bahasa", "زبان"),
    "Pairings": ("对阵表", "Pasangan", "جدول بازی‌ها"),
    "Standings": ("排名", "Kedudukan", "رده‌بندی"),
    "Cross-table": ("交叉表", "Jadual silang", "جدول متقاطع"),
    "Sections": ("组别", "Kumpulan", "گروه‌ها"),
    "Schedule": ("赛程", "Jadual", "برنامه"),
    "not paired yet": ("尚未编排", "belum dipasangkan", "هنوز قرعه‌کشی نشده"),
    "Not paired yet.": ("尚未编排。", "Belum dipasangkan.", "هنوز قرعه‌کشی نشده است."),
    "Find a player by name or school/club/team": (
        "按姓名或学校/俱乐部/队伍查找棋手", "Cari pemain mengikut nama atau sekolah/kelab/pasukan",
        "جستجوی بازیکن با نام یا مدرسه/باشگاه/تیم"),
    "Name or school/club/team": ("姓名或学校/俱乐部/队伍", "Nama atau sekolah/kelab/pasukan",
                                 "نام یا مدرسه/باشگاه/تیم"),
    "Players A–Z": ("棋手（按字母）", "Pemain A–Z", "بازیکنان به ترتیب الفبا"),
    "Players": ("棋手", "Pemain", "بازیکنان"),
    "Name": ("姓名", "Nama", "نام"),
    "Board": ("台次", "Papan", "میز"),
    "Boards": ("台次", "Papan", "میزها"),
    "Colour": ("执色", "Warna", "رنگ"),
    "White": ("白方", "Putih", "سفید"),
    "Black": ("黑方", "Hitam", "سیاه"),
    "Red": ("红方", "Merah", "قرمز"),
    "Pts": ("积分", "Mata", "امتیاز"),
    "Points": ("积分", "Mata", "امتیاز"),
    "Result": ("结果", "Keputusan", "نتیجه"),
    "Byes": ("轮空", "Bye", "استراحت‌ها"),
    "Place": ("名次", "Tempat", "رتبه"),
    "No.": ("编号", "No.", "شماره"),
    "Rating": ("等级分", "Rating", "ریتینگ"),
    "Opponent": ("对手", "Lawan", "حریف"),
    "Round": ("轮次", "Pusingan", "دور"),
    "Score": ("累计积分", "Jumlah mata", "امتیاز کل"),
    "Round %(number)s": ("第%(number)s轮", "Pusingan %(number)s", "دور %(number)s"),
    "Round %(number)d": ("第%(number)d轮", "Pusingan %(number)d", "دور %(number)d"),
    "round %(number)s of %(total)s": ("第%(number)s轮（共%(total)s轮）",
                                      "pusingan %(number)s daripada %(total)s",
                                      "دور %(number)s از %(total)s"),
    "After round %(rounds)s of %(total)s": ("第%(rounds)s轮后（共%(total)s轮）",
                                            "Selepas pusingan %(rounds)s daripada %(total)s",
                                            "پس از دور %(rounds)s از %(total)s"),
    "QR code of these pairings": ("本组对阵表二维码", "Kod QR pasangan ini",
                                  "کد QR این جدول بازی‌ها"),
    "Each cell: the opponent's place, colour (w/b) and result.": (
        "每格：对手名次、执色（w/b）和结果。",
        "Setiap sel: tempat lawan, warna (w/b) dan keputusan.",
        "هر خانه: رتبهٔ حریف، رنگ (w/b) و نتیجه."),
    "order decided by drawing of lots": (
        "名次由抽签决定", "susunan ditentukan melalui cabutan undi", "ترتیب با قرعه تعیین شد"),
    "a play-off decides this place": (
        "此名次由附加赛决定", "perlawanan penentu menentukan tempat ini",
        "این رتبه با بازی تعیین‌کننده مشخص می‌شود"),
    "Team standings": ("团体排名", "Kedudukan pasukan", "رده‌بندی تیمی"),
    "School/club/team": ("学校/俱乐部/队伍", "Sekolah/kelab/pasukan", "مدرسه/باشگاه/تیم"),
    "Sum of places": ("名次之和", "Jumlah tempat", "مجموع رتبه‌ها"),
    "Places counted": ("计入的名次", "Tempat yang dikira", "رتبه‌های شمرده‌شده"),
    "pairing bye": ("轮空", "bye pasangan", "استراحت قرعه"),
    "full-point bye": ("轮空（记1分）", "bye satu mata", "استراحت با امتیاز کامل"),
    "half-point bye": ("请假（记半分）", "bye separuh mata", "استراحت با نیم امتیاز"),
    "zero-point bye": ("请假（不记分）", "bye kosong mata", "استراحت بدون امتیاز"),
    "(forfeit)": ("（弃权）", "(tarik diri)", "(غیبت)"),
    "Certificate": ("荣誉证书", "Sijil", "گواهی‌نامه"),
    "Place %(place)s": ("第%(place)s名", "Tempat ke-%(place)s", "رتبهٔ %(place)s"),
    "No standings yet.": ("尚无排名。", "Belum ada kedudukan.", "هنوز رده‌بندی وجود ندارد."),
    "Prize list": ("获奖名单", "Senarai hadiah", "فهرست جوایز"),
    "The regulations list no prizes for this section.": (
        "本组竞赛规程未列奖项。", "Peraturan tidak menyenaraikan hadiah untuk kumpulan ini.",
        "آیین‌نامه برای این گروه جایزه‌ای تعیین نکرده است."),
    "Wall chart": ("总表", "Carta dinding", "جدول دیواری"),
    "Signature": ("签名", "Tandatangan", "امضا"),
    "Entry list with fees": ("报名名单及费用", "Senarai penyertaan dan yuran",
                             "فهرست ثبت‌نام و ورودیه"),
    "Section": ("组别", "Kumpulan", "گروه"),
    "Fee due": ("应缴费用", "Yuran perlu dibayar", "ورودیه"),
    "Fee paid": ("已缴费用", "Yuran dibayar", "پرداخت‌شده"),
    "Total": ("合计", "Jumlah", "جمع"),
    "Write the date as YYYY-MM-DD.": ("请按 YYYY-MM-DD 格式填写日期。",
                                      "Tulis tarikh sebagai YYYY-MM-DD.",
                                      "تاریخ را به شکل YYYY-MM-DD بنویسید."),
    "Not a Jalali date (YYYY-MM-DD): %(error)s": (
        "不是有效的伊朗历日期（YYYY-MM-DD）：%(error)s",
        "Bukan tarikh Jalali (YYYY-MM-DD): %(error)s",
        "تاریخ شمسی نادرست است (YYYY-MM-DD): %(error)s"),
    "Public page": ("公开页面", "Halaman awam", "صفحهٔ عمومی"),
    "Print": ("打印", "Cetak", "چاپ"),
    "Pairings by board": ("按台次对阵表", "Pasangan mengikut papan", "جدول بازی‌ها به ترتیب میز"),
    "Pairings A–Z (wall)": ("按姓名对阵表（张贴）", "Pasangan A–Z (dinding)",
                            "جدول بازی‌ها به ترتیب الفبا (دیواری)"),
    "Result slips": ("成绩登记单", "Slip keputusan", "برگه‌های نتیجه"),
    "Certificates": ("证书", "Sijil", "گواهی‌نامه‌ها"),
    "Fees": ("费用", "Yuran", "ورودیه‌ها"),
    "Audit log": ("操作记录", "Log audit", "گزارش تغییرات"),
    "Entries": ("报名", "Penyertaan", "ثبت‌نام‌ها"),
    "Events": ("赛事", "Acara", "رویدادها"),
    "Event created.": ("赛事已创建。", "Acara dicipta.", "رویداد ساخته شد."),
    "Entry added.": ("报名已添加。", "Penyertaan ditambah.", "ثبت‌نام افزوده شد."),
    "Pairing numbers assigned.": ("已分配编号。", "Nombor pasangan diberikan.",
                                  "شماره‌های قرعه داده شد."),
    "Username": ("用户名", "Nama pengguna", "نام کاربری"),
    "Password": ("密码", "Kata laluan", "گذرواژه"),
    "Log in": ("登录", "Log masuk", "ورود"),
    "Log out": ("退出", "Log keluar", "خروج"),
    "Boys / men": ("男子", "Lelaki", "آقایان"),
    "Girls / women": ("女子", "Perempuan", "بانوان"),
    "Prizes": ("奖项", "Hadiah", "جوایز"),
    "Unit": ("单位", "Unit", "واحد"),
    "Chess": ("国际象棋", "Catur", "شطرنج"),
    "Xiangqi": ("中国象棋", "Catur Cina", "شیانگ‌چی"),
}
PLURALS: dict[str, tuple[list[str], list[str], list[str]]] = {
    "%(shown)s player": (["%(shown)s名棋手"], ["%(shown)s pemain"],
                         ["%(shown)s بازیکن", "%(shown)s بازیکن"]),
}
COLUMN = {"zh_Hans": 0, "ms": 1, "fa": 2}


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def fill(po: Path, column: int) -> None:
    blocks = po.read_text(encoding="utf-8").split("\n\n")
    out = []
    for block in blocks:
        msgid = re.search(r'^msgid (".*")$', block, re.M)
        text = ast.literal_eval(msgid.group(1)) if msgid else ""
        if text in TRANSLATIONS and re.search(r'^msgstr ""$', block, re.M) \
                and not re.search(r'^"', block.split("msgstr", 1)[1], re.M):
            block = re.sub(r'^msgstr ""$', "msgstr " + _quote(TRANSLATIONS[text][column]),
                           block, flags=re.M)
            block = block.replace("#, fuzzy\n", "")
        elif text in PLURALS and 'msgstr[0] ""' in block:
            forms = PLURALS[text][column]
            for index in range(2):
                form = forms[min(index, len(forms) - 1)]
                block = block.replace(f'msgstr[{index}] ""', f"msgstr[{index}] {_quote(form)}")
        out.append(block)
    po.write_text("\n\n".join(out), encoding="utf-8")


def _entries(po: Path) -> dict[bytes, bytes]:
    """msgid (with context and plural joined as gettext stores them) → msgstr, translated
    and not fuzzy."""
    catalog: dict[bytes, bytes] = {}
    for block in po.read_text(encoding="utf-8").split("\n\n"):
        if "#, fuzzy" in block and 'msgid ""\nmsgstr ""' not in block:
            continue
        fields: dict[str, str] = {}
        current = ""
        for line in block.splitlines():
            if line.startswith("#") or not line.strip():
                continue
            if line.startswith('"'):
                fields[current] += ast.literal_eval(line)
                continue
            name, _, value = line.partition(" ")
            current = name
            fields[name] = ast.literal_eval(value)
        if "msgid" not in fields:
            continue
        key = fields["msgid"]
        if "msgctxt" in fields:
            key = fields["msgctxt"] + "\x04" + key
        if "msgid_plural" in fields:
            key += "\x00" + fields["msgid_plural"]
            forms = [fields[f"msgstr[{index}]"] for index in range(10)
                     if f"msgstr[{index}]" in fields]
            value = "\x00".join(forms) if all(forms) else ""
        else:
            value = fields.get("msgstr", "")
        if value:
            catalog[key.encode()] = value.encode()
    return catalog


def compile_mo(po: Path) -> None:
    """Write the .mo beside ``po`` (the GNU format, as Python's Tools/i18n/msgfmt.py)."""
    catalog = _entries(po)
    keys = sorted(catalog)
    ids = b"".join(key + b"\x00" for key in keys)
    strs = b"".join(catalog[key] + b"\x00" for key in keys)
    offsets: list[int] = []
    id_pos = strs_pos = 0
    for key in keys:
        offsets += [len(key), id_pos]
        id_pos += len(key) + 1
    value_offsets: list[int] = []
    for key in keys:
        value_offsets += [len(catalog[key]), strs_pos]
        strs_pos += len(catalog[key]) + 1
    start = 7 * 4 + len(keys) * 16
    id_start = start
    str_start = id_start + len(ids)
    table = [value for pair in zip(offsets[::2], offsets[1::2], strict=True)
             for value in (pair[0], pair[1] + id_start)]
    str_table = [value for pair in zip(value_offsets[::2], value_offsets[1::2], strict=True)
                 for value in (pair[0], pair[1] + str_start)]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4,
                         7 * 4 + len(keys) * 8, 0, 0)
    data = header + struct.pack(f"{len(table)}i", *table) + struct.pack(
        f"{len(str_table)}i", *str_table) + ids + strs
    po.with_suffix(".mo").write_bytes(data)


def main() -> None:
    for language, column in COLUMN.items():
        po = HERE / language / "LC_MESSAGES" / "django.po"
        fill(po, column)
        compile_mo(po)


if __name__ == "__main__":
    main()
