"""A team section's results: the team standings with board rankings and prizes, and the TRF
file."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from crosstable.formats.trf.writer import write_trf
from crosstable_web.events.files import exchange
from crosstable_web.events.oversight import permissions
from crosstable_web.events.ranking import standings
from crosstable_web.events.views.page import find_section
from crosstable_web.teams import exchange as team_exchange
from crosstable_web.teams.publishing import lineups_published, team_standings_heading
from crosstable_web.teams.services import lineups as team_lineups
from crosstable_web.teams.services import ranking as team_ranking
from crosstable_web.teams.wording import rescoring_text


def team_standings(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    section = find_section(slug, key)
    if not section.is_team_section:
        # No team matches here: its units' ranking (sum of places) is the public team page's
        return redirect(reverse("public:teams", args=[slug, key]))
    results = team_ranking.team_results(section)
    entries = {entry.pk: entry for entry in section.entries.all()}
    names = dict(section.teams.values_list("number", "name"))
    prize_names = standings.prize_names(section)
    return render(
        request,
        "teams/team_standings.html",
        {
            "event": section.event,
            "section": section,
            "results": results,
            **team_standings_heading(section, results.matches),
            "entries": entries,
            "names": names,
            # Scores as the public team standings write them (standings.format_value).
            "team_rows": [
                {
                    "row": row,
                    "points": standings.format_value(row.points),
                    "values": [standings.format_value(value) for value in row.values],
                }
                for row in results.standings.rows
            ],
            # Re-scored matches and prizes in words: names, never numbers, ids or keys.
            "rescorings": [
                rescoring_text(change, names, {pk: e.name for pk, e in entries.items()})
                for change in results.rescorings
            ],
            # Each award with its prize named as the regulations name it (never the key
            # "place" or "rating_below_1700") and its amount in the table's currency.
            "team_awards": [
                [
                    {
                        "award": award,
                        "prize": prize_names.get(award.prize, award.prize),
                        "name": names.get(award.pairing_number, ""),
                        "currency": table.rules.currency,
                    }
                    for award in table.prizes.awards
                ]
                for table in results.prize_tables
                if table.board is None
            ],
            "board_awards": [
                {
                    "board": table.board,
                    "award": award,
                    "prize": prize_names.get(award.prize, award.prize),
                    "entry": entries.get(award.pairing_number),
                    "currency": table.rules.currency,
                }
                for table in results.prize_tables
                if table.board is not None
                for award in table.prizes.awards
            ],
            "boards": [
                (
                    standing.board,
                    [
                        (
                            place,
                            entries.get(place.record.player),
                            names.get(place.record.team, ""),
                            standings.format_value(place.record.points),
                        )
                        for place in standing.places
                    ],
                )
                for standing in results.boards
            ],
        },
    )


def team_trf(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """The team section as TRF-2026 (players, board games, 310 rosters, 320 byes, 362); for
    anyone but the staff, without a round whose line-ups are not published yet and with
    birth years only."""
    section = find_section(slug, key)
    if not section.is_team_section:
        # a section paired player by player: its file is the section's own
        return redirect(reverse("events:section_trf", args=[slug, key]))
    last_round: int | None = None
    if not team_lineups.can_manage_lineups(request.user, section):
        # A visitor's (or captain's) file stops before a round whose line-ups are secret.
        published = [
            round_row.number
            for round_row in section.team_rounds.all()
            if lineups_published(round_row, section)[0]
        ]
        last_round = next(
            (n - 1 for n in range(1, section.team_rounds.count() + 1) if n not in published),
            None,
        )
    tournament = team_exchange.trf_tournament(section, last_round)
    if not permissions.sees_private_data(request.user, section.event):
        exchange.birth_years_only(tournament)
    text = write_trf(tournament, "2026")
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slug}-{key}-teams.trf"'
    return response
