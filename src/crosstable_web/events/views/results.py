"""A section's results as they stand: the cross table page and the TRF file."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from crosstable.standings import cross_table
from crosstable_web.events.files import exchange
from crosstable_web.events.oversight import permissions
from crosstable_web.events.ranking import standings
from crosstable_web.events.rounds.notation import of_section
from crosstable_web.events.views.page import find_section


def section_standings(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    section = find_section(slug, key)
    if section.is_team_section:
        # Ranked by team (match points and the team tie-breaks), not player by player.
        return redirect(reverse("teams:team_standings", args=[slug, key]))
    results = standings.section_results(section)
    notation = of_section(section)
    # house players last, unranked: their lines numbered on in brackets, "(12)"
    rows = [
        {
            "row": row,
            "name": results.name(row.number),
            "club": results.club(row.number),
            "points": standings.format_points(row.points),
            "marks": results.marks(row),
            "cells": [notation.cell(cell) for cell in row_cells],
            "values": [standings.format_value(v) for v in row.values],
        }
        for row, row_cells in cross_table(results.tournament, results.main)
    ]
    subs = standings.sub_ranking_rows(results)
    prizes = standings.prize_rows(section, results, awarded_only=True)
    return render(
        request,
        "events/standings.html",
        {
            "event": section.event,
            "section": section,
            "results": results,
            "rows": rows,
            "subs": subs,
            "prizes": prizes,
            "round_numbers": results.column_numbers,
        },
    )


def section_trf(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    section = find_section(slug, key)
    if section.is_team_section:
        return redirect(reverse("teams:team_trf", args=[slug, key]))
    response = HttpResponse(
        exchange.export_section_trf(
            section, full_birth_dates=permissions.sees_private_data(request.user, section.event)
        ),
        content_type="text/plain; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{slug}-{key}.trf"'
    return response
