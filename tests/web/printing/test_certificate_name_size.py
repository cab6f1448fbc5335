"""A certificate's name size (crosstable_web.printing.fitting), without printing: a usual name
at 40 pt, a longer one smaller, and whatever the entry form takes (200 characters, in any
script) no taller than two lines at 40 pt by the estimate. The PDFs themselves are read in
test_printed_sheets (test_a_long_name_fits_its_certificate)."""

from __future__ import annotations

import pytest

from crosstable_web.printing.fitting import (
    NAME_COLUMN_MM,
    NARROWEST_NAME_COLUMN_MM,
    SIZES,
    certificate_name_size,
    lines_at,
    name_column_mm,
)


@pytest.mark.parametrize(
    "name",
    [
        "高宸嘉",
        "欧阳子轩",
        "Nur Aisyah Sofea binti Mohd Khairul Anuar",
        "NUR AISYAH SOFEA BINTI MOHD KHAIRUL ANUAR",
        "سیدمحمدحسین میرحسینی‌نژاد",
        "سید محمدحسین میرزاخانی‌نژاد طباطبایی اصفهانی",
    ],
)
def test_usual_names_keep_the_full_size(name: str) -> None:
    assert certificate_name_size(name) == 40


def test_a_school_in_brackets_is_set_smaller() -> None:
    name = "Nur Aisyah Sofea binti Mohd Khairul Anuar (Sekolah Kebangsaan Pekan Kinabatangan Satu)"
    assert lines_at(name, 40) >= 3
    size = certificate_name_size(name)
    assert size < 40 and lines_at(name, size) * size <= 2 * 40


@pytest.mark.parametrize(
    "name",
    [
        "W" * 200,
        "欧" * 200,
        ("سیدمحمدحسین میرحسینی‌نژاد " * 8)[:200],
        ("Nur Aisyah Sofea binti Mohd Khairul Anuar " * 5)[:200],
        "x" * 200,  # one word longer than a line: broken anywhere
    ],
)
def test_the_longest_name_the_form_takes_stays_two_lines_high(name: str) -> None:
    size = certificate_name_size(name)
    assert size in SIZES
    assert lines_at(name, size) * size <= 2 * 40, (size, lines_at(name, size))


def test_a_longer_name_is_never_set_larger() -> None:
    words = ["Nur", "Aisyah", "Sofea", "binti", "Mohd", "Khairul", "Anuar", "Sekolah", "Pekan"]
    sizes = [certificate_name_size(" ".join(words[:count])) for count in range(1, len(words) + 1)]
    assert sizes == sorted(sizes, reverse=True)


def test_a_name_column_is_as_wide_as_its_names_need() -> None:
    """The grade report's name column (9 pt): left to the table's layout for short names,
    else the least width at which every name takes two lines at most."""
    assert name_column_mm(["王一", "张三", "Ali bin Abu"], 9) == 0
    assert name_column_mm([], 9) == 0
    long_name = "Nur Aisyah Sofea binti Mohd Khairul Anuar"  # 41 characters
    width = name_column_mm(["王一", long_name], 9)
    assert width in NAME_COLUMN_MM
    assert lines_at(long_name, 9, width) <= 2
    narrower = [step for step in NAME_COLUMN_MM if step < width]
    assert all(lines_at(long_name, 9, step) > 2 for step in narrower)
    assert lines_at(long_name, 9, NARROWEST_NAME_COLUMN_MM) >= 4  # as it printed before
    assert name_column_mm(["x" * 200], 9) == NAME_COLUMN_MM[-1]  # the widest, at most
