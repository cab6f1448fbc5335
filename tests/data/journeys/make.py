"""Writes the organisers' entry sheets of the seed journeys (run once; the files are committed).

Each sheet is what the organiser of that event really has, in the event's language:

* ``kinabatangan-sekolah.xlsx`` (seed 000, Malay): the district's entry form as the schools
  sent it, typed into one Excel sheet: a title line, then Bil / Nama / Jantina (L, P) /
  Sekolah / Tarikh Lahir (real Excel dates, and two typed day first, 3/5/2013) / Yuran
  (RM 5.00, 5, or blank where the school has not paid). No category column: the sections
  are by sex (L -> boys under 12, P -> girls under 12).
* ``futian-grade-d.csv`` (seed 001, Chinese): the club secretary's section D list saved by
  Chinese Windows Excel as "CSV (逗号分隔)", i.e. GB18030: 序号, 姓名, 性别 (男/女),
  出生日期 (2012/5/3, 2012年1月9日), 等级 (十级, 11级, 十一級), 单位, 组别 (D组), 联系电话.
  ``futian-grade-d-first.csv`` is the list as first sent, with three mistakes the import
  must refuse (an adult entered in D, a 12th grade player in D, a grade 十六级 that does not
  exist).
* ``futian-youth-xq.xlsx`` (seed 004, Chinese): the units' entry forms for the xiangqi
  children A group gathered in one workbook: 序号, 姓名, 性别, 出生日期 (Excel dates and
  2002/5/3 text), 单位, 单位类型 (学校, 少年宫), 项目 (中国象棋), 组别 (儿童A组), 备注.
  ``futian-youth-xq-first.xlsx`` as first sent: a fifth player of 荔园小学 (4 per unit
  allowed) and a child born before 1 September 2001.
* ``fars-table-b.xlsx`` (seed 002, Persian): the Fars chess board's list of table B (under
  14) players, counties and clubs, as its secretary keeps it: a title line, then ردیف /
  نام و نام خانوادگی / جنسیت (پسر, دختر) / تاریخ تولد (Jalali, mostly in Persian digits
  ۱۳۸۶/۰۳/۱۲, two typed in Latin digits) / ریتینگ (Persian digits, blank: unrated) / کد عضویت /
  شهرستان (the county or club) / جدول (زیر ۱۴ سال) / تلفن. ``fars-table-b-first.xlsx`` as
  first sent: مرودشت's sixth player born 27 Azar 1384, a day before the cutoff (born on or
  after 28 Azar 1384).
* ``huayuan-counties.xlsx`` (seed 003, Chinese): the counties' entry forms (the regulation's
  own 报名表: 序号, 省市名称, 县名, 姓名, 性别, 职务 领队/队员, 身份证号码, 联系电话, 备注)
  gathered by the organiser in one sheet, with a 籍贯 column added from the identity cards
  (四(三)1: natives of the county only). ``huayuan-counties-first.xlsx`` as first gathered:
  a seventh player of 花垣 (six a team, 四(二)) and a 保靖 player whose card says 吉首.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import openpyxl

HERE = Path(__file__).resolve().parent

# --- seed 000: Kinabatangan ----------------------------------------------------------------

MALAY_HEADINGS = ["Bil", "Nama", "Jantina", "Sekolah", "Tarikh Lahir", "Yuran"]
MALAY = [
    # nama, jantina, sekolah, tarikh lahir (date or day-first text), yuran
    ("Ahmad Danish bin Rosli", "L", "SK Bukit Garam", datetime.date(2013, 2, 11), "RM 5.00"),
    ("Mohd Faizal bin Amin", "L", "SK Bukit Garam", datetime.date(2013, 7, 30), "RM 5.00"),
    ("Jefri bin Jainal", "L", "SK Bukit Garam", "3/5/2013", "RM 5.00"),
    ("Nur Haziq bin Salleh", "L", "SK Bukit Garam", datetime.date(2014, 1, 19), "RM 5.00"),
    ("Kenny Lo Wei Jie", "L", "SK Sukau", datetime.date(2013, 9, 2), "5"),
    ("Mohd Irfan bin Abdullah", "L", "SK Sukau", datetime.date(2013, 4, 4), "5"),
    ("Alvin Gomez", "L", "SK Bilit", datetime.date(2013, 12, 24), "RM 5.00"),
    ("Shahrul Nizam bin Karim", "L", "SK Bilit", datetime.date(2014, 6, 6), ""),
    ("Eddy Juanis", "L", "SK Kota Kinabatangan", datetime.date(2013, 8, 17), "RM 5.00"),
    ("Nurul Aina binti Hamid", "P", "SK Bukit Garam", datetime.date(2013, 3, 3), "RM 5.00"),
    ("Siti Hajar binti Musa", "P", "SK Bukit Garam", datetime.date(2013, 10, 10), "RM 5.00"),
    ("Farah Nadia binti Yusof", "P", "SK Bukit Garam", "14/2/2014", "RM 5.00"),
    ("Grace Lim Mei Ling", "P", "SK Sukau", datetime.date(2013, 5, 21), "5"),
    ("Aisyah binti Ramli", "P", "SK Sukau", datetime.date(2014, 2, 28), "5"),
    ("Melissa Jimmy", "P", "SK Bilit", datetime.date(2013, 11, 1), "RM 5.00"),
    ("Dayang Nurfarah binti Awang", "P", "SK Bilit", datetime.date(2013, 6, 15), ""),
    ("Vanessa Sinring", "P", "SK Tungku", datetime.date(2013, 1, 8), "RM 5.00"),
]


def kinabatangan() -> None:
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = "Borang Penyertaan"
    sheet.append(["KEJOHANAN CATUR SEKOLAH-SEKOLAH DAERAH KINABATANGAN - BORANG PENYERTAAN"])
    sheet.append(MALAY_HEADINGS)
    for serial, (name, sex, school, born, fee) in enumerate(MALAY, start=1):
        sheet.append([serial, name, sex, school, born, fee])
    for row in sheet.iter_rows(min_row=3, min_col=5, max_col=5):
        for cell in row:
            if isinstance(cell.value, datetime.datetime):
                cell.number_format = "d/m/yyyy"  # as a Malaysian Excel shows dates
    workbook.save(HERE / "kinabatangan-sekolah.xlsx")


# --- seed 001: Futian grade tournament, section D -----------------------------------------

FUTIAN_HEADINGS = ["序号", "姓名", "性别", "出生日期", "等级", "单位", "组别", "联系电话"]
FUTIAN_D = [
    # 姓名, 性别, 出生日期, 等级, 单位
    ("王浩然", "男", "2011/5/3", "十级", "福田小学"),
    ("李子轩", "男", "2012年1月9日", "十一级", "荔园小学"),
    ("张一鸣", "男", "2011/11/20", "10级", "鹏城国际象棋俱乐部"),
    ("刘宇航", "男", "2012/3/14", "十一級", "福田小学"),
    ("陈思远", "男", "2011/8/8", "十级", "深圳实验学校小学部"),
    ("黄俊杰", "男", "2012/6/1", "11级", "荔园小学"),
    ("赵雨涵", "女", "2011/4/22", "十级", "福田小学"),
    ("孙梓萱", "女", "2012/2/2", "十一级", "鹏城国际象棋俱乐部"),
    ("周欣怡", "女", "2011/12/12", "十一级", "深圳实验学校小学部"),
    ("吴诗琪", "女", "2012/7/7", "十级", "荔园小学"),
]
FUTIAN_D_MISTAKES = [
    # an adult (18 or older on 22 December 2019) with a 10th grade certificate: 五.2 says
    # adults enter at the 6th grade section at the lowest, so not D
    ("郑国强", "男", "1995/3/1", "十级", "鹏城国际象棋俱乐部"),
    # a 12th grade player belongs to E (十二、十三级), not D
    ("冯晓东", "男", "2012/9/9", "十二级", "福田小学"),
]


def _csv(rows: list[list[str]]) -> bytes:
    return ("\r\n".join(",".join(row) for row in rows) + "\r\n").encode("gb18030")


def futian_grade() -> None:
    def line(serial: int, row: tuple[str, str, str, str, str]) -> list[str]:
        name, sex, born, grade, unit = row
        return [str(serial), name, sex, born, grade, unit, "D组", f"1380000{serial:04d}"]

    rows = [line(serial, row) for serial, row in enumerate(FUTIAN_D, start=1)]
    (HERE / "futian-grade-d.csv").write_bytes(_csv([FUTIAN_HEADINGS, *rows]))
    first = [line(serial, row) for serial, row in enumerate(FUTIAN_D + FUTIAN_D_MISTAKES, 1)]
    first[3][4] = "十六级"  # 刘宇航's grade mistyped: there is no 16th grade
    (HERE / "futian-grade-d-first.csv").write_bytes(_csv([FUTIAN_HEADINGS, *first]))


# --- seed 004: Futian youth, xiangqi children A --------------------------------------------

YOUTH_HEADINGS = ["序号", "姓名", "性别", "出生日期", "单位", "单位类型", "项目", "组别", "备注"]
YOUTH = [
    # 姓名, 性别, 出生日期 (date or text), 单位, 单位类型
    ("林浩宇", "男", datetime.date(2002, 3, 15), "荔园小学", "学校"),
    ("郭子豪", "男", "2002/5/3", "荔园小学", "学校"),
    ("何俊熙", "男", datetime.date(2001, 10, 20), "荔园小学", "学校"),
    ("罗欣然", "女", datetime.date(2002, 8, 8), "荔园小学", "学校"),
    ("马天佑", "男", datetime.date(2001, 12, 1), "福田小学", "学校"),
    ("胡博文", "男", "2002年2月2日", "福田小学", "学校"),
    ("高雅琪", "女", datetime.date(2002, 1, 11), "福田小学", "学校"),
    ("谢雨桐", "女", datetime.date(2003, 10, 8), "福田小学", "学校"),
    ("宋家乐", "男", datetime.date(2002, 6, 30), "园岭小学", "学校"),
    ("唐诗雨", "女", datetime.date(2002, 4, 4), "园岭小学", "学校"),
    ("韩志强", "男", datetime.date(2001, 9, 1), "福田区少年宫", "少年宫"),
    ("冯子健", "男", datetime.date(2002, 11, 11), "福田区少年宫", "少年宫"),
]
YOUTH_MISTAKES = [
    # a fifth player of 荔园小学: 六(二)1 allows 4 per unit per game in children A
    ("曹一凡", "男", datetime.date(2002, 7, 7), "荔园小学", "学校"),
    # born 31 August 2001: children A is for those born on or after 1 September 2001
    ("许文杰", "男", "2001/8/31", "园岭小学", "学校"),
]


def _youth_workbook(rows: list[tuple[str, str, object, str, str]], path: Path) -> None:
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = "报名表"
    sheet.append(["2009年深圳市福田区少儿中国象棋、国际象棋比赛报名表（中国象棋儿童A组）"])
    sheet.append(YOUTH_HEADINGS)
    for serial, (name, sex, born, unit, kind) in enumerate(rows, start=1):
        value = (
            datetime.datetime(born.year, born.month, born.day)
            if isinstance(born, datetime.date)
            else born
        )
        note = "幼儿组年龄，报儿童A组" if name == "谢雨桐" else ""
        sheet.append([serial, name, sex, value, unit, kind, "中国象棋", "儿童A组", note])
    workbook.save(path)


def futian_youth() -> None:
    _youth_workbook(YOUTH, HERE / "futian-youth-xq.xlsx")
    _youth_workbook(
        [*YOUTH[:4], YOUTH_MISTAKES[0], *YOUTH[4:10], YOUTH_MISTAKES[1], *YOUTH[10:]],
        HERE / "futian-youth-xq-first.xlsx",
    )


# --- seed 002: Fars team league, table B (under 14) -----------------------------------------

FARS_HEADINGS = [
    "ردیف", "نام و نام خانوادگی", "جنسیت", "تاریخ تولد", "ریتینگ", "کد عضویت", "شهرستان",
    "جدول", "تلفن",
]  # fmt: skip
FARS_B = [
    # نام, جنسیت, تاریخ تولد (Jalali), ریتینگ ("" unrated), county or club; six per team in
    # roster order
    ("علی رضایی", "پسر", "1386/03/12", "1650", "کازرون"),
    ("محمد کریمی", "پسر", "1387/7/1", "1580", "کازرون"),
    ("امیرحسین نوری", "پسر", "1386/11/20", "1500", "کازرون"),
    ("رضا جعفری", "پسر", "1388/02/05", "", "کازرون"),
    ("سارا محمدی", "دختر", "1387/05/14", "1420", "کازرون"),
    ("حسین احمدی", "پسر", "1389/01/30", "", "کازرون"),
    ("مهدی حسینی", "پسر", "1386/04/18", "1720", "مرودشت"),
    ("پارسا موسوی", "پسر", "1387/08/09", "1610", "مرودشت"),
    ("عرفان قاسمی", "پسر", "1386/12/25", "1550", "مرودشت"),
    ("یاسین عباسی", "پسر", "1388/06/11", "1480", "مرودشت"),
    ("آرش صادقی", "پسر", "1389/03/03", "", "مرودشت"),
    ("کیان رحیمی", "پسر", "1388/10/10", "", "مرودشت"),
    ("سینا اکبری", "پسر", "1386/01/22", "1500", "فسا"),
    ("محمدرضا زارعی", "پسر", "1387/04/04", "1450", "فسا"),
    ("امید شریفی", "پسر", "1388/09/17", "", "فسا"),
    ("دانیال مرادی", "پسر", "1389/06/26", "", "فسا"),
    ("نیما طاهری", "پسر", "1388/12/01", "", "فسا"),
    ("بهراد کاظمی", "پسر", "1390/02/14", "", "فسا"),
    ("ابوالفضل رستمی", "پسر", "1386/06/06", "1600", "جهرم"),
    ("زهرا حیدری", "دختر", "1387/01/15", "1520", "جهرم"),
    ("متین یوسفی", "پسر", "1387/10/28", "1400", "جهرم"),
    ("فاطمه کرمی", "دختر", "1388/04/21", "1350", "جهرم"),
    ("هادی نظری", "پسر", "1389/08/08", "1300", "جهرم"),
    ("سبحان بهرامی", "پسر", "1390/05/05", "", "جهرم"),
    ("آرمان فرهادی", "پسر", "1385/10/03", "1850", "باشگاه اندیشه شیراز"),
    ("بردیا سلیمانی", "پسر", "1386/02/27", "1700", "باشگاه اندیشه شیراز"),
    ("هستی نجفی", "دختر", "1386/09/30", "1650", "باشگاه اندیشه شیراز"),
    ("امیرعلی خسروی", "پسر", "1387/03/19", "1600", "باشگاه اندیشه شیراز"),
    ("سامان رنجبر", "پسر", "1388/07/07", "1500", "باشگاه اندیشه شیراز"),
    ("رادین اصغری", "پسر", "1389/11/11", "1450", "باشگاه اندیشه شیراز"),
    ("محمدحسین وحیدی", "پسر", "1386/05/05", "1550", "باشگاه فجر شیراز"),
    ("علیرضا منصوری", "پسر", "1387/02/02", "1500", "باشگاه فجر شیراز"),
    # his birth certificate says 1384/08/16: found after round 3, declared ineligible
    ("پویا حسن‌زاده", "پسر", "1386/08/16", "1480", "باشگاه فجر شیراز"),
    ("شایان کریمیان", "پسر", "1388/01/01", "1400", "باشگاه فجر شیراز"),
    ("ماهان فتحی", "پسر", "1389/04/12", "", "باشگاه فجر شیراز"),
    ("آرین نادری", "پسر", "1390/06/30", "", "باشگاه فجر شیراز"),
]
FARS_B_MISTAKE = (
    # born 27 Azar 1384: table B is for those born on or after 28 Azar 1384 (4); مرودشت
    # replaced him by کیان رحیمی
    ("امین رحمانی", "پسر", "1384/09/27", "", "مرودشت")
)
PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
LATIN_DATES = {"محمد کریمی", "دانیال مرادی"}
"""Two dates typed on a Latin keyboard, as they are in a real list."""


def _fars_workbook(rows: list[tuple[str, str, str, str, str]], path: Path) -> None:
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = "جدول B"
    sheet.sheet_view.rightToLeft = True
    sheet.append(["لیگ تیمی شطرنج استان فارس — فهرست بازیکنان جدول زیر ۱۴ سال"])
    sheet.append(FARS_HEADINGS)
    for serial, (name, sex, born, rating, county) in enumerate(rows, start=1):
        typed = born if name in LATIN_DATES else born.translate(PERSIAN_DIGITS)
        sheet.append(
            [
                str(serial).translate(PERSIAN_DIGITS),
                name,
                sex,
                typed,
                rating.translate(PERSIAN_DIGITS),
                f"71{serial:05d}".translate(PERSIAN_DIGITS),
                county,
                "زیر ۱۴ سال",
                f"0917{serial:07d}".translate(PERSIAN_DIGITS),
            ]
        )
    workbook.save(path)


def fars() -> None:
    _fars_workbook(FARS_B, HERE / "fars-table-b.xlsx")
    _fars_workbook([*FARS_B[:11], FARS_B_MISTAKE, *FARS_B[12:]], HERE / "fars-table-b-first.xlsx")


# --- seed 003: Huayuan four-province invitational --------------------------------------------

HUAYUAN_HEADINGS = [
    "序号", "省市名称", "县名", "姓名", "性别", "职务", "籍贯", "身份证号码", "联系电话", "备注",
]  # fmt: skip
# county: (province, the identity card's area code (GB/T 2260), players, the leader first)
HUAYUAN = {
    "花垣": ("湖南省", "433124", ["石光明", "龙建华", "麻文军", "吴志刚", "杨永强", "田德胜"]),
    "吉首": ("湖南省", "433101", ["向国庆", "彭立新", "符海涛", "张春生", "覃小兵", "梁正权"]),
    "保靖": ("湖南省", "433125", ["彭大勇", "向红军", "田世平", "姚长青", "吴登科", "舒文斌"]),
    "秀山": ("重庆市", "500241", ["杨再兴", "冉启明", "白云飞", "何家富"]),  # four came
}


def _identity_card(area: str, serial: int) -> str:
    """A second-generation identity card number (GB 11643): area, birth date, sequence (odd:
    a man) and the ISO 7064 MOD 11-2 check character."""
    body = f"{area}{1970 + serial % 25}{serial % 12 + 1:02d}{serial % 27 + 1:02d}{serial:02d}1"
    weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
    return body + "10X98765432"[sum(int(d) * w for d, w in zip(body, weights, strict=True)) % 11]


def _huayuan_sheet(rows: list[tuple[str, str, str, str]], path: Path) -> None:
    """rows: (county, name, 籍贯, 备注)."""
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = "报名表"
    sheet.append(["2019年四省边区“锦绣花园杯”象棋邀请赛报名表"])
    sheet.append(HUAYUAN_HEADINGS)
    leaders = {players[0] for _province, _area, players in HUAYUAN.values()}
    areas = {county: area for county, (_province, area, _players) in HUAYUAN.items()}
    for serial, (county, name, native, note) in enumerate(rows, start=1):
        province = HUAYUAN[county][0]
        role = "领队" if name in leaders else "队员"
        card = _identity_card(areas[native], serial)
        phone = f"1397430{serial:04d}"
        sheet.append([serial, province, county, name, "男", role, native, card, phone, note])
    workbook.save(path)


def huayuan() -> None:
    rows = [
        (county, name, county, "")
        for county, (_province, _area, players) in HUAYUAN.items()
        for name in players
    ]
    _huayuan_sheet(rows, HERE / "huayuan-counties.xlsx")
    first = list(rows)
    # 花垣, the host county, lists a seventh player (四(二): six a team, the leader among them)
    first.insert(6, ("花垣", "滕树林", "花垣", "替补"))
    # 保靖's fifth player was 贾建国, whose identity card is of 吉首 (四(三)1: natives only);
    # 保靖 then sent 吴登科 instead
    fifth = next(i for i, row in enumerate(first) if row[1] == "吴登科")
    first[fifth] = ("保靖", "贾建国", "吉首", "")
    _huayuan_sheet(first, HERE / "huayuan-counties-first.xlsx")


def main() -> None:
    kinabatangan()
    futian_grade()
    futian_youth()
    fars()
    huayuan()


if __name__ == "__main__":
    main()
