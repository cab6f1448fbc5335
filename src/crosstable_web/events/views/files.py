"""Files in and out of an event: the entries import page, the whole event as JSON and its
backup archive (with the documents' files)."""

from __future__ import annotations

import tempfile

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from crosstable_web.events import forms
from crosstable_web.events.entries import entries_import, entry_headings, spreadsheet
from crosstable_web.events.files import archive, event_file
from crosstable_web.events.oversight import permissions
from crosstable_web.events.regulations import language
from crosstable_web.events.views.page import find_event


def _value_examples() -> dict[str, SafeString]:
    """Values as an import file may hold them, in every language (the import page's list):
    data, not words of the page, each list kept left to right."""
    lists = {
        "sexes": ("M/F", "男/女", "L/P", "مرد/زن"),
        "dates": ("2010-05-03", "2010/5/3", "2010年5月3日"),
        "jalali": ("1389/02/13",),
        "grades": ("6", "6级", "六级"),
        "kinds": ("学校", "sekolah", "شهرستان"),
    }
    return {
        name: format_html('<bdi dir="ltr" translate="no">{}</bdi>', ", ".join(values))
        for name, values in lists.items()
    }


@login_required
def entries_import_view(request: HttpRequest, slug: str) -> HttpResponse:
    event = find_event(slug)
    permissions.require_organiser(request.user, event)
    report = None
    form = forms.ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            if upload.size is not None and upload.size > spreadsheet.MAX_FILE_BYTES:
                raise entries_import.ImportFileError(
                    _("The file is larger than %(limit)d MB.")
                    % {"limit": spreadsheet.MAX_FILE_BYTES // 2**20}
                )
            rows = entries_import.read_entries_file(
                upload.read(), upload.name or "", language=language.event_language(event)
            )
        except entries_import.ImportFileError as error:
            messages.error(request, str(error))
        else:
            report = entries_import.import_entries(event, rows, request.user)
            if report.is_clean:
                messages.success(
                    request, _("%(count)d entries imported.") % {"count": len(report.rows)}
                )
                for note in report.notes:
                    messages.info(request, note)
                return redirect("events:event_detail", slug=slug)
    return render(
        request,
        "events/entries_import.html",
        {
            "event": event,
            "form": form,
            "report": report,
            "headings": entry_headings.accepted_headings(translation.get_language() or "en"),
            "encodings": entries_import.encoding_names(),
            "examples": _value_examples(),
            "limits": {
                "rows": spreadsheet.MAX_ROWS,
                "megabytes": spreadsheet.MAX_FILE_BYTES // 2**20,
            },
        },
    )


@require_GET
@login_required
def export_archive(request: HttpRequest, slug: str) -> FileResponse:
    """The backup archive (the whole event and every registration document's file,
    checksummed): the organisers' alone, as the documents are (docs/backup.md)."""
    event = find_event(slug)
    permissions.require_organiser(request.user, event)
    # the response closes it once sent (a file, not memory: an event's documents may be large)
    target = tempfile.TemporaryFile()  # noqa: SIM115
    archive.write_archive(event, target, made_by=request.user.get_username())
    target.seek(0)
    response = FileResponse(target, content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-backup.zip"'
    response["Cache-Control"] = "private, no-store"
    return response


def export_event(request: HttpRequest, slug: str) -> HttpResponse:
    event = find_event(slug)
    permissions.require_staff(request.user, event)
    # An arbiter who is no organiser sees no registration page: the registrants' contacts
    # and private links stay out of the file (issue 31 item 7).
    text = event_file.export_event_json(
        event, for_organisers=permissions.can_organise(request.user, event)
    )
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}.json"'
    return response
