"""Printouts: A4 print views of a section, each also as a PDF file (``?format=pdf``).

Pairings by board and alphabetical (for the wall), result slips, standings, cross-table, wall
chart, prize list, certificates; for a team section, the team pairings (each match with its
boards, line-ups and results) and the team standings with board rankings; and the event's
entry list with fees (organisers and arbiters only: it holds fees). The PDF is the same page
printed by chromium (``pdf``).
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _

from crosstable_web.events import models, permissions, standings
from crosstable_web.printing.pdf import PdfError, html_to_pdf
from crosstable_web.public import localisation, pages, team_pages

PRINTOUTS = (
    "pairings",
    "pairings-by-name",
    "slips",
    "standings",
    "crosstable",
    "wallchart",
    "prizes",
    "certificates",
)
TEAM_PRINTOUTS = ("team-pairings", "team-standings")
"""Printouts of a team section only."""


def _respond(
    request: HttpRequest, template: str, context: dict[str, Any], filename: str
) -> HttpResponse:
    html = render_to_string(template, context, request=request)
    if request.GET.get("format") != "pdf":
        return HttpResponse(html)
    try:
        data = html_to_pdf(html)
    except PdfError as error:
        return HttpResponse(str(error), status=503, content_type="text/plain; charset=utf-8")
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}.pdf"'
    return response


def _language(request: HttpRequest, event: models.Event) -> None:
    """Print in the visitor's language (cookie or ``?lang=``), else the event's own."""
    chosen = request.GET.get("lang") or request.COOKIES.get("django_language")
    if chosen not in ("en", "zh-hans", "ms", "fa"):
        chosen = localisation.event_language(event)
    translation.activate(chosen)
    request.LANGUAGE_CODE = chosen


def _round_number(request: HttpRequest, section: models.Section) -> int:
    text = request.GET.get("round", "")
    if text.isdigit():
        return int(text)
    last = section.rounds.order_by("-number").values_list("number", flat=True).first()
    if last is None:
        raise Http404(_("Not paired yet."))
    return last


def section_printout(request: HttpRequest, slug: str, key: str, kind: str) -> HttpResponse:
    if kind not in PRINTOUTS and kind not in TEAM_PRINTOUTS:
        raise Http404
    section = get_object_or_404(
        models.Section.objects.select_related("event"), event__slug=slug, key=key
    )
    event = section.event
    _language(request, event)
    context: dict[str, Any] = {
        "event": event,
        "section": section,
        "kind": kind,
        "xiangqi": event.game == models.Game.XIANGQI,
    }
    if kind in TEAM_PRINTOUTS:
        return _team_printout(request, section, kind, context)
    if kind in ("pairings", "pairings-by-name", "slips"):
        number = _round_number(request, section)
        round_page = pages.round_page(section, number)
        if round_page is None:
            raise Http404
        context["round"] = round_page
        filename = f"{slug}-{key}-r{number}-{kind}"
    else:
        # The wall chart is filled in as the rounds are paired: the round being played shows
        # each opponent and colour, its results to come; the other printouts rank after the
        # completed rounds (standings.completed_rounds).
        results = standings.section_results(
            section, rounds=section.rounds.count() if kind == "wallchart" else None
        )
        context["results"] = results
        filename = f"{slug}-{key}-{kind}"
        context["rows"] = pages.standing_rows(section, results, with_cells=True)
        context["round_numbers"] = range(1, results.rounds + 1)
        if kind == "wallchart":
            context["chart"] = _wall_chart(results)
        if kind in ("prizes", "certificates"):
            context["prizes"] = standings.prize_rows(section, results)
        if kind == "certificates":
            context["certificates"] = _certificates(context["prizes"], context["rows"])
    return _respond(request, f"printing/{kind}.html", context, filename)


def _team_printout(
    request: HttpRequest, section: models.Section, kind: str, context: dict[str, Any]
) -> HttpResponse:
    """Team pairings of a round (``?round=N``, default the last) or the team standings."""
    if not section.teams.exists():
        raise Http404
    slug, key = section.event.slug, section.key
    if kind == "team-pairings":
        text = request.GET.get("round", "")
        numbers = team_pages.round_numbers(section)
        number = int(text) if text.isdigit() else (numbers[-1] if numbers else 0)
        round_page = team_pages.team_round_page(section, number)
        if round_page is None:
            raise Http404(_("Not paired yet."))
        context["round"] = round_page
        return _respond(
            request, "printing/team-pairings.html", context, f"{slug}-{key}-r{number}-{kind}"
        )
    context.update(team_pages.team_standings_context(section))
    context["rounds"] = len(team_pages.round_numbers(section))
    return _respond(request, "printing/team-standings.html", context, f"{slug}-{key}-{kind}")


def _wall_chart(results: standings.SectionResults) -> list[dict[str, Any]]:
    """One line per player in pairing-number order: each round's opponent number, colour and
    result, and the running score."""
    tournament = results.tournament
    lines = []
    for number in sorted(tournament.players):
        player = tournament.players[number]
        cells = []
        for round_number in range(1, results.rounds + 1):
            entry = player.entry(round_number)
            if entry is None:
                cells.append(("", ""))
                continue
            head = (
                f"{entry.opponent}{entry.colour.value if entry.colour else ''}"
                if entry.opponent is not None
                else ""
            )
            score = standings.format_points(tournament.points(player, round_number))
            cells.append((f"{head}{entry.result.value.strip()}", score))
        lines.append(
            {
                "number": number,
                "name": player.name,
                "unit": player.club,
                "rating": player.rating,
                "cells": cells,
                "house": player.house,
            }
        )
    return lines


def _certificates(prizes: list[dict[str, Any]], rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A certificate per prize winner, or for the first three places without prize tables."""
    certificates = [
        {"name": award["name"], "place": award["award"].first_place, "prize": award["prize"]}
        for table in prizes
        for award in table["awards"]
    ]
    if certificates:
        return certificates
    return [
        {"name": row["name"], "place": row["row"].rank, "prize": ""}
        for row in rows
        if not row["row"].house and row["row"].rank <= 3
    ]


def entry_list(request: HttpRequest, slug: str) -> HttpResponse:
    """Every entry with its fee due and paid, by section then name (organisers only)."""
    event = get_object_or_404(models.Event, slug=slug)
    permissions.require_staff(request.user, event)
    _language(request, event)
    entries = list(
        models.Entry.objects.filter(section__event=event)
        .select_related("section")
        .only(
            "name",
            "unit",
            "fee_due",
            "fee_paid",
            "section__name",
            "section__position",
            "section__key",
        )
    )
    entries.sort(
        key=lambda entry: (
            entry.section.position,
            entry.section.key,
            localisation.name_sort_key(entry.name),
        )
    )
    return _respond(
        request,
        "printing/entries.html",
        {
            "event": event,
            "entries": entries,
            "due": sum(entry.fee_due for entry in entries),
            "paid": sum(entry.fee_paid for entry in entries),
        },
        f"{slug}-entries",
    )
