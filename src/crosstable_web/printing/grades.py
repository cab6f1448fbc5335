"""The grade promotion report: for the event (every section) or one section, as an A4 print
view, a PDF (``?format=pdf``), a CSV file (``?format=csv``, UTF-8 with a byte-order mark so
Excel reads the Chinese) or an Excel workbook (``?format=xlsx``) for the association's
application. The event's organisers and arbiters only (the report is the organisers' to
send); 404 for an event whose regulations have no ``[grades]`` table.
"""

from __future__ import annotations

import io
from decimal import Decimal, InvalidOperation
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _

from crosstable.grades import report_csv
from crosstable_web.events import models
from crosstable_web.events.oversight import arbiters, permissions
from crosstable_web.events.ranking import promotions
from crosstable_web.printing.views import _language, _respond

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
NUMBER_COLUMNS = ("games", "points", "score_rate")
"""Columns written as numbers in the workbook (exact decimals, never floats)."""


def _no_report() -> Http404:
    return Http404(_("The regulations of this event have no grade promotion rules."))


def event_report(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(models.Event, slug=slug)
    permissions.require_staff(request.user, event)
    if not promotions.has_report(event):
        raise _no_report()
    _language(request, event)
    # sections without a numbered player have nothing to report
    reports = [
        report
        for section in promotions.reported_sections(event)
        if section.entries.filter(pairing_number__isnull=False).exists()
        and (report := promotions.section_report(section)) is not None
    ]
    return _answer(request, event, reports, f"{slug}-grades", None)


def section_report(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    section = get_object_or_404(
        models.Section.objects.select_related("event"), event__slug=slug, key=key
    )
    event = section.event
    permissions.require_staff(request.user, event)
    report = promotions.section_report(section)
    if report is None:
        raise _no_report()
    _language(request, event)
    return _answer(request, event, [report], f"{slug}-{key}-grades", section)


def _answer(
    request: HttpRequest,
    event: models.Event,
    reports: list[promotions.SectionReport],
    filename: str,
    section: models.Section | None,
) -> HttpResponse:
    asked = request.GET.get("format", "")
    if asked in ("csv", "xlsx"):
        headings = promotions.headings()
        rows = promotions.table([report.promotions for report in reports], event)
        if asked == "csv":
            data = report_csv(headings, rows).encode("utf-8-sig")
            return _download(data, "text/csv; charset=utf-8", f"{filename}.csv")
        return _download(_workbook(headings, rows), XLSX, f"{filename}.xlsx")
    grades = promotions.grade_rules(event)
    assert grades is not None
    context: dict[str, Any] = {
        "event": event,
        "section": section,
        "highest": grades.grade(grades.highest).name,
        "valid_until": promotions.valid_until(event),
        "source": grades.source,
        "arbiters": arbiters.of_event(event),
        "rules": promotions.rule_lines(grades, [report.promotions for report in reports]),
        "reports": [
            {
                "section": report.section,
                "promotions": report.promotions,
                "rows": promotions.rows(report),
                "promoted": len(report.promotions.promoted),
            }
            for report in reports
        ],
    }
    return _respond(request, "printing/grades.html", context, filename)


def _download(data: bytes, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


def _workbook(headings: list[str], rows: list[list[str]]) -> bytes:
    """One sheet: the headings in bold, then the rows; games, points and rates as exact
    numbers, everything else as text (a Jalali date is no spreadsheet date)."""
    import openpyxl
    from openpyxl.styles import Font

    from crosstable.grades import COLUMNS

    numeric = {index for index, (code, _heading) in enumerate(COLUMNS) if code in NUMBER_COLUMNS}
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = _("Grade promotions")[:31]
    sheet.append(headings)
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for row in rows:
        sheet.append(
            [_number(value) if index in numeric else value for index, value in enumerate(row)]
        )
    for index, heading in enumerate(headings, start=1):
        widest = max([len(heading), *(len(row[index - 1]) for row in rows)])
        sheet.column_dimensions[openpyxl.utils.get_column_letter(index)].width = min(widest + 4, 60)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def _number(text: str) -> Decimal | str:
    """An exact decimal for the workbook ("" stays empty; "10/3" stays text)."""
    if not text:
        return text
    try:
        return Decimal(text)
    except InvalidOperation:
        return text
