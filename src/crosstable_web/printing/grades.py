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

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from crosstable.grades import report_csv
from crosstable_web.events import models
from crosstable_web.events.oversight import arbiters, permissions
from crosstable_web.events.ranking import promotions
from crosstable_web.events.settings import event_settings, promotion_table
from crosstable_web.printing.fitting import name_column_mm
from crosstable_web.printing.views import _language, _respond

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
NUMBER_COLUMNS = ("games", "points", "score_rate")
"""Columns written as numbers in the workbook (exact decimals, never floats)."""


MAX_TABLE_BYTES = 200_000
"""A promotion table is a few dozen lines: a bigger file is not one."""


class PromotionTableForm(forms.Form):
    source = forms.CharField(
        label=gettext_lazy("Name of the table (printed under every report)"),
        max_length=200,
        widget=forms.TextInput(attrs={"size": 60}),
    )
    table = forms.FileField(label=gettext_lazy("The table as a CSV file"), required=False)
    rows = forms.CharField(
        label=gettext_lazy("or its rows pasted from a spreadsheet"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 10, "cols": 60, "dir": "auto"}),
    )

    def text(self) -> str:
        """The rows: the file's (UTF-8, with or without a byte-order mark) or the pasted."""
        upload = self.cleaned_data.get("table")
        if upload is None:
            return str(self.cleaned_data.get("rows") or "")
        data = upload.read(MAX_TABLE_BYTES + 1)
        if len(data) > MAX_TABLE_BYTES:
            raise promotion_table.TableError(_("The file is too large for a promotion table."))
        try:
            return str(data.decode("utf-8-sig"))
        except UnicodeDecodeError:
            try:
                return str(data.decode("gb18030"))  # a CSV saved by Excel on a Chinese Windows
            except UnicodeDecodeError:
                raise promotion_table.TableError(
                    _("The file is not text: save the table as CSV (UTF-8).")
                ) from None

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if cleaned.get("table") is None and not str(cleaned.get("rows") or "").strip():
            raise forms.ValidationError(_("Choose the table's file or paste its rows."))
        return cleaned


@login_required
def load_table(request: HttpRequest, slug: str) -> HttpResponse:
    """The organisers load the association's promotion table in place of the template's
    example (or of an earlier table) before printing the report."""
    event = get_object_or_404(models.Event, slug=slug)
    permissions.require_organiser(request.user, event)
    grades = promotions.grade_rules(event)
    if grades is None:
        raise _no_report()
    form = PromotionTableForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            count = promotion_table.load_table(
                event, form.text(), form.cleaned_data["source"], request.user
            )
        except promotion_table.TableError as error:
            form.add_error(None, str(error))
        except event_settings.SettingsError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request,
                ngettext(
                    "%(count)d promotion rule loaded: the report uses the table “%(source)s”.",
                    "%(count)d promotion rules loaded: the report uses the table “%(source)s”.",
                    count,
                )
                % {"count": count, "source": form.cleaned_data["source"]},
            )
            return redirect("events:event_detail", slug=event.slug)
    return render(
        request,
        "printing/grade_table.html",
        {
            "event": event,
            "form": form,
            "grades": grades,
            "rules": promotions.all_rule_lines(grades),
        },
    )


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
        "highest": grades.highest_name(),
        "valid_until": promotions.valid_until(event),
        "source": grades.source,
        "example": grades.example,
        "can_organise": permissions.can_organise(request.user, event),
        "arbiters": arbiters.of_event(event),
        "rules": promotions.rule_lines(grades, [report.promotions for report in reports]),
        "reports": [
            {
                "section": report.section,
                "promotions": report.promotions,
                "rows": promotions.rows(report),
                "promoted": len(report.promotions.promoted),
                # The table's cells are set at 9 pt (grades.html).
                "name_mm": name_column_mm((line.name for line in report.promotions.lines), 9),
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
