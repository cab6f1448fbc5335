"""Writes the organisers' entry files of this folder (run once; the files are committed).

The Chinese sheet is what a Futian (seed 001) club secretary sends: GB18030 text from Chinese
Windows Excel ("CSV (逗号分隔)"), Chinese headings, 男/女, dates as 2010/5/3 or 2011年2月14日,
grades as 六级/7级/四級, a serial-number and a phone column, no section column (the regulations
place players by grade). The Persian sheet is a Fars league (seed 002) entry list: UTF-8 with a
byte-order mark (Excel's "CSV UTF-8"), Persian headings, Persian digits, Jalali birth dates,
first and family names in two columns, the county as the unit and «شهرستان» as its kind.
The XLSX files hold the same players as an organiser's workbook: a title line above the
headings, real Excel dates in the Chinese one, Jalali dates as text in the Persian one.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import openpyxl

HERE = Path(__file__).resolve().parent

CHINESE_HEADINGS = ["序号", "姓名", "性别", "出生日期", "等级", "单位", "联系电话"]
CHINESE = [
    ["1", "王小明", "男", "2010/5/3", "六级", "福田小学", "13800000001"],
    ["2", "李芳", "女", "2011年2月14日", "7级", "荔园小学", "13800000002"],
    ["3", "张伟", "男", "2009-09-09", "十级", "福田小学", "13800000003"],
    ["4", "陈静", "女", "2012/1/20", "", "景田小学", "13800000004"],
    ["5", "刘洋", "男", "2008/12/1", "四級", "园岭小学", "13800000005"],
    ["6", "赵雷", "男", "1990/6/15", "九级", "鹏城国际象棋俱乐部", "13800000006"],
    ["7", "孙丽", "女", "2010/10/10", "十五级", "福田小学", "13800000007"],
    ["8", "周杰", "男", "2011/3/8", "无", "荔园小学", "13800000008"],
]

PERSIAN_HEADINGS = [
    "ردیف", "نام", "نام خانوادگی", "جنسیت", "تاریخ تولد", "جدول", "شهرستان", "نوع واحد",
    "کد عضویت", "ریتینگ",
]  # fmt: skip
PERSIAN = [
    ["۱", "علی", "رضایی", "مرد", "۱۳۸۵/۰۳/۱۲", "جدول آزاد", "کازرون", "شهرستان", "۱۲۳۴۵۶۷", "۱۸۵۰"],
    ["۲", "مریم", "احمدی", "زن", "۱۳۸۶/۰۷/۰۱", "جدول B", "شیراز", "باشگاه", "۱۲۳۴۵۶۸", ""],
    ["۳", "رضا", "کریمی", "مرد", "۱۳۶۰-۰۱-۰۱", "A", "مرودشت", "شهرستان", "۱۲۳۴۵۶۹", "۲۱۰۵"],
    ["۴", "زهرا", "حسینی", "زن", "۱۳۸۹/۰۲/۱۳", "زیر ۱۴ سال", "فسا", "شهرستان", "۱۲۳۴۵۷۰", "۱۲۰۰"],
    ["۵", "محمد", "عبدالله\u200cزاده", "پسر", "۱۲ خرداد ۱۳۸۵", "جدول A", "شیراز", "باشگاه",
     "۱۲۳۴۵۷۱", "۱۶۰۰"],
]  # fmt: skip


def _csv(rows: list[list[str]]) -> str:
    return "\r\n".join(",".join(row) for row in rows) + "\r\n"


def main() -> None:
    (HERE / "futian-grade-zh.csv").write_bytes(_csv([CHINESE_HEADINGS, *CHINESE]).encode("gb18030"))
    (HERE / "fars-league-fa.csv").write_bytes(
        _csv([PERSIAN_HEADINGS, *PERSIAN]).encode("utf-8-sig")
    )
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = "报名表"
    sheet.append(["2019年秋季福田区第三届国际象棋等级赛报名表"])
    sheet.append([*CHINESE_HEADINGS[:4], "棋士等级", "参赛单位", "组别", "备注"])
    for serial, name, sex, born, grade, unit, _phone in CHINESE:
        day = born.replace("年", "/").replace("月", "/").replace("日", "").replace("-", "/")
        year, month, date = (int(part) for part in day.split("/"))
        section = "B组" if name == "王小明" else ""  # one row names its section
        sheet.append(
            [int(serial), name, sex, datetime.datetime(year, month, date), grade, unit, section]
        )
    workbook.save(HERE / "futian-grade-zh.xlsx")
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = "بازیکنان"
    sheet.append(["لیگ تیمی شطرنج استان فارس — فهرست بازیکنان"])
    sheet.append(PERSIAN_HEADINGS)
    for row in PERSIAN:
        sheet.append(row)
    workbook.save(HERE / "fars-league-fa.xlsx")


if __name__ == "__main__":
    main()
