"""Lists on a Persian page are separated by the Persian comma (the known open defect of
issue 11's journeys: "۱, ۲" on the line-up page's boards accepted out of order, seed 002)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory
from django.utils import translation

from crosstable_web.public.right_to_left import PersianPageMiddleware, localise_page


def test_a_list_comma_is_persian_and_a_grouping_comma_stays_one() -> None:
    page = "<p>Boards: 1, 2</p><p>Kazerun, Fars</p><p>1,234,567</p><a href='?a=1, 2'>x</a>"
    assert localise_page(page, "fa") == (
        "<p>Boards: ۱، ۲</p><p>Kazerun، Fars</p><p>۱٬۲۳۴٬۵۶۷</p><a href='?a=1, 2'>x</a>"
    )
    assert localise_page(page, "en") == page


def test_a_persian_page_is_sent_whole() -> None:
    """The digits become Persian ones (two bytes each) after CommonMiddleware measured the
    page: the length sent must be the new page's, or the browser cuts its end off (the Fars
    settings page lost its 'save the regulations' button so)."""

    def view(request: HttpRequest) -> HttpResponse:
        response = HttpResponse("<p>دور 12</p>")
        response["Content-Length"] = str(len(response.content))  # as CommonMiddleware does
        return response

    with translation.override("fa"):
        response = PersianPageMiddleware(view)(RequestFactory().get("/"))
    assert response.content.decode() == "<p>دور ۱۲</p>"
    assert int(response["Content-Length"]) == len(response.content)
