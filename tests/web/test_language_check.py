"""The language check itself: what it lets through as data (format names, a digest's hex
groups) and what it still finds (an English word among them)."""

from __future__ import annotations

from .language_check import foreign_in_pdf_text, foreign_text


def test_a_printed_audit_head_is_data_but_a_word_beside_it_is_not() -> None:
    head = "打印时的操作记录：共 349 行；最后一行的摘要： 349:82c3b61fd5f87e51 70c3486aed407d7f"
    assert foreign_in_pdf_text(head + "\n5f23fb687eec5af6 4ad58e720f068902", "zh-hans") == []
    # a hex-looking word of another length, or an English word, is still found
    assert foreign_in_pdf_text(head + " defaced", "zh-hans")
    assert foreign_in_pdf_text("摘要：82c3b61fd5f87e51 digest", "zh-hans")


def test_the_archive_format_is_named_as_written_and_data_marked_as_such_is_skipped() -> None:
    assert foreign_text("<p>备份（含材料文件，ZIP）</p>", "zh-hans") == []
    assert (
        foreign_text('<p>主办单位：<bdi translate="no">Pengelola Catur Daerah</bdi></p>', "zh-hans")
        == []
    )
    assert foreign_text("<p>主办单位：Pengelola Catur Daerah</p>", "zh-hans")


def test_a_chinese_name_keeps_its_digits_on_a_persian_page_but_persian_text_does_not() -> None:
    # public.right_to_left leaves a number inside Chinese text as written (issue 26.11)
    meeting = "<p>نشست سرپرستان: 领队、教练会议（福田区委大楼2318会议室）</p>"
    assert foreign_text(meeting, "fa") == []
    assert foreign_text("<p>2019年秋季福田区第3届国际象棋等级赛</p>", "fa") == []
    # as a printout's text reads back: a space beside the number, radicals for characters
    assert foreign_in_pdf_text("2009 年深圳市福⽥区少⼉中国象棋、国际象棋⽐赛", "fa") == []
    # a number of the Persian sentence itself is still found
    assert foreign_text("<p>دور 3: 领队会议</p>", "fa")
