# ruff: noqa: E501  (a translation table: lines of three scripts, CJK counts double)
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
    # Forms, models and service messages.
    "line %(line)d: %(problem)s": ("第%(line)d行：%(problem)s", "baris %(line)d: %(problem)s", "سطر %(line)d: %(problem)s"),
    "The file is empty.": ("文件为空。", "Fail kosong.", "فایل خالی است."),
    "column section: no section %(key)s.": ("section 列：没有组别 %(key)s。", "lajur section: tiada kumpulan %(key)s.", "ستون section: گروه %(key)s وجود ندارد."),
    "Regulations file (TOML)": ("竞赛规程文件（TOML）", "Fail peraturan (TOML)", "فایل آیین‌نامه (TOML)"),
    "Male": ("男", "Lelaki", "مرد"),
    "Female": ("女", "Perempuan", "زن"),
    "Birth date": ("出生日期", "Tarikh lahir", "تاریخ تولد"),
    "Title": ("称号", "Gelaran", "عنوان"),
    "Federation": ("协会", "Persekutuan", "فدراسیون"),
    "FIDE id": ("FIDE 编号", "ID FIDE", "شناسهٔ فیده"),
    "National grade": ("棋手等级", "Gred kebangsaan", "درجهٔ ملی"),
    "Unit (school, club, team)": ("单位（学校、俱乐部、队伍）", "Unit (sekolah, kelab, pasukan)", "واحد (مدرسه، باشگاه، تیم)"),
    "Native of": ("籍贯", "Berasal dari", "اهل"),
    "Membership id": ("会员编号", "ID keahlian", "شمارهٔ عضویت"),
    "Entries file (CSV or Excel)": ("报名文件（CSV 或 Excel）", "Fail penyertaan (CSV atau Excel)", "فایل ثبت‌نام (CSV یا اکسل)"),
    "Bye": ("轮空", "Bye", "استراحت"),
    "Half-point bye": ("请假（半分）", "Bye separuh mata", "استراحت با نیم امتیاز"),
    "Full-point bye": ("轮空（1分）", "Bye satu mata", "استراحت با امتیاز کامل"),
    "Zero-point bye": ("请假（0分）", "Bye kosong mata", "استراحت بدون امتیاز"),
    "Cancel the bye": ("取消请假", "Batalkan bye", "لغو استراحت"),
    "with pairing number": ("与编号", "dengan nombor pasangan", "با شمارهٔ قرعه"),
    "Confirm despite warnings": ("忽略警告并确认", "Sahkan walaupun ada amaran", "تأیید با وجود هشدارها"),
    "name": ("名称", "nama", "نام"),
    "game": ("棋种", "permainan", "بازی"),
    "regulations": ("竞赛规程", "peraturan", "آیین‌نامه"),
    "registration open": ("报名开放", "pendaftaran dibuka", "ثبت‌نام باز"),
    "Organiser": ("组织者", "Penganjur", "برگزارکننده"),
    "Arbiter": ("裁判", "Pengadil", "داور"),
    "code": ("代码", "kod", "کد"),
    "rounds": ("轮数", "pusingan", "دورها"),
    "pairing system": ("编排制度", "sistem pasangan", "سیستم قرعه"),
    "pairing number": ("编号", "nombor pasangan", "شمارهٔ قرعه"),
    "sex": ("性别", "jantina", "جنسیت"),
    "birth date": ("出生日期", "tarikh lahir", "تاریخ تولد"),
    "rating": ("等级分", "rating", "ریتینگ"),
    "title": ("称号", "gelaran", "عنوان"),
    "federation": ("协会", "persekutuan", "فدراسیون"),
    "national grade": ("棋手等级", "gred kebangsaan", "درجهٔ ملی"),
    "unit": ("单位", "unit", "واحد"),
    "native of": ("籍贯", "berasal dari", "اهل"),
    "membership id": ("会员编号", "ID keahlian", "شمارهٔ عضویت"),
    "fee due": ("应缴费用", "yuran perlu dibayar", "ورودیه"),
    "fee paid": ("已缴费用", "yuran dibayar", "پرداخت‌شده"),
    "All %(rounds)d rounds are paired.": ("全部%(rounds)d轮已编排。", "Kesemua %(rounds)d pusingan telah dipasangkan.", "همهٔ %(rounds)d دور قرعه‌کشی شده است."),
    "Assign pairing numbers first.": ("请先分配编号。", "Berikan nombor pasangan dahulu.", "نخست شماره‌های قرعه را بدهید."),
    "Only the last round can be un-paired.": ("只能撤销最后一轮的编排。", "Hanya pusingan terakhir boleh dibatalkan.", "فقط قرعهٔ دور آخر را می‌توان لغو کرد."),
    "%(count)d forfeits": ("%(count)d次弃权", "%(count)d walkover", "%(count)d غیبت"),
    "A requested bye is H, F or Z.": ("请假只能是 H、F 或 Z。", "Bye yang diminta ialah H, F atau Z.", "استراحت درخواستی H، F یا Z است."),
    "%(section)s: %(problem)s": ("%(section)s：%(problem)s", "%(section)s: %(problem)s", "%(section)s: %(problem)s"),
    "This group is for one sex only.": ("本小组只限一种性别。", "Kumpulan ini untuk satu jantina sahaja.", "این گروه فقط برای یک جنس است."),
    "This section is for one sex only.": ("本组别只限一种性别。", "Kumpulan ini untuk satu jantina sahaja.", "این گروه فقط برای یک جنس است."),
    "ungraded": ("无等级", "tiada gred", "بدون درجه"),
    "The name is missing.": ("缺少姓名。", "Nama tiada.", "نام وارد نشده است."),
    "Sex must be M or F.": ("性别须为 M 或 F。", "Jantina mesti M atau F.", "جنسیت باید M یا F باشد."),
    "A payment cannot be negative.": ("付款不能为负数。", "Bayaran tidak boleh negatif.", "پرداخت نمی‌تواند منفی باشد."),
    "(no unit)": ("（无单位）", "(tiada unit)", "(بدون واحد)"),
    "Teams, line-ups and matches": ("队伍、出场名单和比赛", "Pasukan, barisan pemain dan perlawanan", "تیم‌ها، ترکیب‌ها و مسابقه‌ها"),
    "Choose a regulations file.": ("请选择竞赛规程文件。", "Pilih fail peraturan.", "یک فایل آیین‌نامه انتخاب کنید."),
    "%(count)d playing groups formed.": ("已组成%(count)d个比赛小组。", "%(count)d kumpulan bermain dibentuk.", "%(count)d گروه بازی تشکیل شد."),
    "%(count)d sections paired.": ("已编排%(count)d个组别。", "%(count)d kumpulan dipasangkan.", "قرعهٔ %(count)d گروه انجام شد."),
    "%(count)d entries imported.": ("已导入%(count)d条报名。", "%(count)d penyertaan diimport.", "%(count)d ثبت‌نام وارد شد."),
    "Entry changed.": ("报名已修改。", "Penyertaan diubah.", "ثبت‌نام ویرایش شد."),
    "Payment recorded.": ("付款已登记。", "Bayaran direkodkan.", "پرداخت ثبت شد."),
    "Bye recorded.": ("请假已登记。", "Bye direkodkan.", "استراحت ثبت شد."),
    "Withdrawal recorded.": ("退赛已登记。", "Tarik diri direkodkan.", "انصراف ثبت شد."),
    "Board %(board)d: %(result)s": ("第%(board)d台：%(result)s", "Papan %(board)d: %(result)s", "میز %(board)d: %(result)s"),
    "Round un-paired.": ("本轮编排已撤销。", "Pasangan pusingan dibatalkan.", "قرعهٔ دور لغو شد."),
    "Give two pairing numbers.": ("请输入两个编号。", "Berikan dua nombor pasangan.", "دو شمارهٔ قرعه بدهید."),
    "Pairing changed.": ("对阵已修改。", "Pasangan diubah.", "قرعه تغییر کرد."),
    "Team competitions": ("团体赛", "Pertandingan berpasukan", "مسابقه‌های تیمی"),
    "team number": ("队伍编号", "nombor pasukan", "شمارهٔ تیم"),
    "unit kind": ("单位类型", "jenis unit", "نوع واحد"),
    "submitted by the captain": ("由队长提交", "dihantar oleh kapten", "فرستاده‌شده توسط کاپیتان"),
    "entered by the arbiter": ("由裁判录入", "dimasukkan oleh pengadil", "ثبت‌شده توسط داور"),
    "reason": ("原因", "sebab", "دلیل"),
    "%(name)s is already on a team.": ("%(name)s已在一支队伍中。", "%(name)s sudah berada dalam pasukan.", "%(name)s در تیمی دیگر است."),
    "Results of this round are already in.": ("本轮已有成绩。", "Keputusan pusingan ini sudah dimasukkan.", "نتایج این دور ثبت شده است."),
    "All rounds have been paired.": ("所有轮次均已编排。", "Semua pusingan telah dipasangkan.", "قرعهٔ همهٔ دورها انجام شده است."),
    "TRF-2026 export": ("TRF-2026 导出", "Eksport TRF-2026", "خروجی TRF-2026"),
    "Line-up saved.": ("出场名单已保存。", "Barisan pemain disimpan.", "ترکیب ذخیره شد."),
    # Back office (events app templates).
    "Sex": ("性别", "Jantina", "جنسیت"),
    "Board and result": ("台次和结果", "Papan dan keputusan", "میز و نتیجه"),
    "Paid": ("已付", "Dibayar", "پرداخت‌شده"),
    "Pairing number": ("编号", "Nombor pasangan", "شمارهٔ قرعه"),
    "none": ("无", "tiada", "هیچ"),
    "When": ("时间", "Bila", "زمان"),
    "Who": ("操作人", "Siapa", "چه کسی"),
    "What": ("操作", "Apa", "چه چیزی"),
    "Old": ("原值", "Lama", "قبلی"),
    "New": ("新值", "Baharu", "جدید"),
    "Warnings": ("警告", "Amaran", "هشدارها"),
    "Import entries": ("导入报名", "Import penyertaan", "ورود ثبت‌نام‌ها"),
    "A CSV (UTF-8) or Excel file whose first line names the columns:": (
        "CSV（UTF-8）或 Excel 文件，第一行为列名：",
        "Fail CSV (UTF-8) atau Excel yang baris pertamanya menamakan lajur:",
        "فایل CSV (UTF-8) یا اکسل که سطر اول آن نام ستون‌هاست:"),
    "Nothing is saved until every line is right.": (
        "所有行都正确后才会保存。", "Tiada apa disimpan sehingga setiap baris betul.",
        "تا همهٔ سطرها درست نباشند چیزی ذخیره نمی‌شود."),
    "Check and import": ("检查并导入", "Semak dan import", "بررسی و ورود"),
    "Line": ("行", "Baris", "سطر"),
    "Problems": ("问题", "Masalah", "مشکلات"),
    "withdrawn after round %(round)s": ("第%(round)s轮后退赛", "tarik diri selepas pusingan %(round)s",
                                        "انصراف پس از دور %(round)s"),
    "automatically, after forfeits": ("因弃权自动退赛", "secara automatik, selepas walkover",
                                      "خودکار، پس از غیبت‌ها"),
    "Change the entry": ("修改报名", "Ubah penyertaan", "ویرایش ثبت‌نام"),
    "Save": ("保存", "Simpan", "ذخیره"),
    "Fee": ("费用", "Yuran", "ورودیه"),
    "Due": ("应付", "Perlu dibayar", "بدهی"),
    "Record payment": ("登记付款", "Rekod bayaran", "ثبت پرداخت"),
    "Requested byes": ("请假轮次", "Bye yang diminta", "استراحت‌های درخواستی"),
    "Record bye": ("登记请假", "Rekod bye", "ثبت استراحت"),
    "Withdrawal": ("退赛", "Tarik diri", "انصراف"),
    "History": ("历史记录", "Sejarah", "تاریخچه"),
    "Registration open": ("报名开放中", "Pendaftaran dibuka", "ثبت‌نام باز است"),
    "Registration closed": ("报名已截止", "Pendaftaran ditutup", "ثبت‌نام بسته است"),
    "Pair the next round of all sections": (
        "编排所有组别的下一轮", "Pasangkan pusingan seterusnya semua kumpulan",
                                            "قرعهٔ دور بعد همهٔ گروه‌ها"),
    "Close registration": ("截止报名", "Tutup pendaftaran", "بستن ثبت‌نام"),
    "Open registration": ("开放报名", "Buka pendaftaran", "باز کردن ثبت‌نام"),
    "Split sections by sex or size as the regulations say (before round 1)": (
        "按规程以性别或人数分组（第1轮前）",
        "Bahagikan kumpulan mengikut jantina atau saiz seperti peraturan (sebelum pusingan 1)",
        "تقسیم گروه‌ها بر پایهٔ جنسیت یا تعداد طبق آیین‌نامه (پیش از دور ۱)"),
    "Form playing groups": ("组成比赛小组", "Bentuk kumpulan bermain", "تشکیل گروه‌های بازی"),
    "Import entries (CSV, Excel)": ("导入报名（CSV、Excel）", "Import penyertaan (CSV, Excel)",
                                    "ورود ثبت‌نام‌ها (CSV، اکسل)"),
    "Export (JSON)": ("导出（JSON）", "Eksport (JSON)", "خروجی (JSON)"),
    "Event": ("赛事", "Acara", "رویداد"),
    "Registration": ("报名", "Pendaftaran", "ثبت‌نام"),
    "open": ("开放", "dibuka", "باز"),
    "closed": ("截止", "ditutup", "بسته"),
    "No events yet.": ("尚无赛事。", "Belum ada acara.", "هنوز رویدادی نیست."),
    "New event from a regulations file": ("由竞赛规程文件新建赛事", "Acara baharu daripada fail peraturan",
                                          "رویداد جدید از فایل آیین‌نامه"),
    "Create event": ("创建赛事", "Cipta acara", "ساخت رویداد"),
    "By unit": ("按单位", "Mengikut unit", "بر پایهٔ واحد"),
    "Outstanding": ("未付", "Tertunggak", "پرداخت‌نشده"),
    "By section": ("按组别", "Mengikut kumpulan", "بر پایهٔ گروه"),
    "By entry": ("按报名", "Mengikut penyertaan", "بر پایهٔ ثبت‌نام"),
    "Enter": ("录入", "Masukkan", "ثبت"),
    "Next without result: board %(next_pending)s": (
        "下一个未录入结果：第%(next_pending)s台", "Seterusnya tanpa keputusan: papan %(next_pending)s",
        "بعدی بدون نتیجه: میز %(next_pending)s"),
    "fouls": ("犯规", "kesalahan", "خطاها"),
    "bye": ("轮空", "bye", "استراحت"),
    "½ bye": ("请假（半分）", "bye ½", "استراحت ½"),
    "1 bye": ("轮空（1分）", "bye 1", "استراحت ۱"),
    "absent": ("缺席", "tidak hadir", "غایب"),
    "Change the pairing": ("修改对阵", "Ubah pasangan", "تغییر قرعه"),
    "Exchange the two players": ("交换两名棋手", "Tukar dua pemain", "جابه‌جایی دو بازیکن"),
    "Un-pair this round": ("撤销本轮编排", "Batalkan pasangan pusingan ini", "لغو قرعهٔ این دور"),
    "Pair next round": ("编排下一轮", "Pasangkan pusingan seterusnya", "قرعهٔ دور بعد"),
    "%(rounds)s rounds, %(system)s": ("%(rounds)s轮，%(system)s", "%(rounds)s pusingan, %(system)s",
                                      "%(rounds)s دور، %(system)s"),
    "Tie-breaks": ("对手分等破同分规则", "Pemecah seri", "معیارهای تساوی‌شکن"),
    "by rating": ("按等级分", "mengikut rating", "بر پایهٔ ریتینگ"),
    "by lot": ("抽签", "melalui undian", "با قرعه"),
    "Assign pairing numbers": ("分配编号", "Berikan nombor pasangan", "دادن شماره‌های قرعه"),
    "Grade": ("等级", "Gred", "درجه"),
    "late entry from round %(round)s": (
        "第%(round)s轮起补报", "penyertaan lewat dari pusingan %(round)s",
                                        "ثبت‌نام دیرهنگام از دور %(round)s"),
    "Late entry": ("补报", "Penyertaan lewat", "ثبت‌نام دیرهنگام"),
    "New entry": ("新报名", "Penyertaan baharu", "ثبت‌نام جدید"),
    "Add player": ("添加棋手", "Tambah pemain", "افزودن بازیکن"),
    "Units (sum of places)": ("单位（名次之和）", "Unit (jumlah tempat)", "واحدها (مجموع رتبه‌ها)"),
    "Not ranked (too few counted members):": ("未排名（计分人数不足）：",
                                              "Tidak diberi kedudukan (terlalu sedikit ahli):",
                                              "بدون رتبه (اعضای شمرده‌شده کم است):"),
    "play-off": ("附加赛", "perlawanan penentu", "بازی تعیین‌کننده"),
    "Line-up": ("出场名单", "Barisan pemain", "ترکیب"),
    "Submit before %(at)s; without a line-up the registered one is played.": (
        "请在%(at)s前提交；未提交则按报名名单出场。",
        "Hantar sebelum %(at)s; tanpa barisan, barisan berdaftar dimainkan.",
        "پیش از %(at)s بفرستید؛ بدون ترکیب، ترکیب ثبت‌شده بازی می‌کند."),
    "Saved %(at)s (%(source)s).": ("已于%(at)s保存（%(source)s）。", "Disimpan %(at)s (%(source)s).",
                                   "در %(at)s ذخیره شد (%(source)s)."),
    "(empty board)": ("（空台）", "(papan kosong)", "(میز خالی)"),
    "Submit line-up": ("提交出场名单", "Hantar barisan pemain", "فرستادن ترکیب"),
    "Teams": ("队伍", "Pasukan", "تیم‌ها"),
    "Team": ("队伍", "Pasukan", "تیم"),
    "Roster": ("队员名单", "Senarai pemain", "فهرست بازیکنان"),
    "Captain": ("队长", "Kapten", "کاپیتان"),
    "Your line-ups": ("你的出场名单", "Barisan pemain anda", "ترکیب‌های شما"),
    "Next round": ("下一轮", "Pusingan seterusnya", "دور بعد"),
    "Round starts at": ("本轮开始时间", "Pusingan bermula pada", "شروع دور"),
    "Re-scored matches": ("重新计分的比赛", "Perlawanan yang dikira semula", "مسابقه‌های بازشماری‌شده"),
    "Team prizes": ("团体奖项", "Hadiah pasukan", "جوایز تیمی"),
    "Games": ("对局", "Permainan", "بازی‌ها"),
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
