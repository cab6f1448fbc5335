"""Lists on a Persian page are separated by the Persian comma (the known open defect of
issue 11's journeys: "۱, ۲" on the line-up page's boards accepted out of order, seed 002)."""

from __future__ import annotations

from crosstable_web.public.right_to_left import localise_page


def test_a_list_comma_is_persian_and_a_grouping_comma_stays_one() -> None:
    page = "<p>Boards: 1, 2</p><p>Kazerun, Fars</p><p>1,234,567</p><a href='?a=1, 2'>x</a>"
    assert localise_page(page, "fa") == (
        "<p>Boards: ۱، ۲</p><p>Kazerun، Fars</p><p>۱٬۲۳۴٬۵۶۷</p><a href='?a=1, 2'>x</a>"
    )
    assert localise_page(page, "en") == page
