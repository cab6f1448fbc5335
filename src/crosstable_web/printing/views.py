"""Printouts: A4 print views of a section, each also as a PDF file (``?format=pdf``).

Pairings by board and alphabetical (for the wall), result slips, standings, cross-table, wall
chart, prize list, certificates; for a team section, the team pairings (each match with its
boards, line-ups and results) and the team standings with board rankings; and the event's
entry list with fees (organisers and arbiters only: it holds fees). The PDF is the same page
printed by chromium (``pdf``: a bounded number at once on the host, kept per event version).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.html import format_html
from django.utils.translation import gettext as _

from crosstable.typed import whole_number_or_none
from crosstable_web.common import localisation
from crosstable_web.common.localisation import person_name
from crosstable_web.events import models
from crosstable_web.events.oversight import arbiters, audit, permissions
from crosstable_web.events.ranking import standings
from crosstable_web.events.regulations import event_time, language, rules
from crosstable_web.events.rounds import notation
from crosstable_web.printing.fitting import certificate_name_size
from crosstable_web.printing.pdf import PdfBusy, PdfError, cached_pdf, html_to_pdf
from crosstable_web.public import addresses, pages, qr, right_to_left, team_pages, versions
from crosstable_web.teams.publishing import team_standings_heading
from crosstable_web.teams.services.ranking import team_results

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
UNIT_PRINTOUTS = ("team-ranking",)
"""Printouts of an individual section whose regulations rank its units as teams by the sum
of their members' places (Huayuan, Futian youth)."""


def _respond(
    request: HttpRequest,
    template: str,
    context: dict[str, Any],
    filename: str,
    cacheable: bool | None = None,
) -> HttpResponse:
    """The printout as a page, or with ``?format=pdf`` as a PDF (kept per event version
    unless it changes without one: ``cacheable``, by default its round's)."""

    def html() -> str:
        # The PDF is printed from the same text the page shows (Persian digits and all).
        return right_to_left.localise_page(render_to_string(template, context, request=request))

    if request.GET.get("format") != "pdf":
        return HttpResponse(html())
    try:
        if cacheable is None:
            cacheable = getattr(context.get("round"), "cacheable", True)
        data = _pdf(request, context["event"], html, cacheable)
    except PdfBusy as error:
        response = HttpResponse(str(error), status=503, content_type="text/plain; charset=utf-8")
        response["Retry-After"] = "60"
        return response
    except PdfError as error:
        return HttpResponse(str(error), status=503, content_type="text/plain; charset=utf-8")
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}.pdf"'
    return response


def _pdf(
    request: HttpRequest, event: models.Event, html: Callable[[], str], cacheable: bool
) -> bytes:
    """The PDF, from the cache of the event's current version when the page may be kept (a
    team round whose line-ups are published at a deadline changes without a new version)."""
    found = versions.lookup(event.slug)
    if found is None or not cacheable:
        return html_to_pdf(html())
    # what the page depends on besides the event: its address (kind, round, ?lang=), the
    # language it was printed in, and whether the reader sees private data
    page = "|".join(
        (
            request.get_full_path(),
            # the printout carries the day it is printed on
            printed_on(event).isoformat(),
            translation.get_language() or "",
            str(permissions.sees_private_data(request.user, event)),
        )
    )
    return cached_pdf(found.event_id, found.token, page, html)


def _language(request: HttpRequest, event: models.Event) -> None:
    """Print in the visitor's language (cookie or ``?lang=``), else the event's own; times
    in the event's time zone."""
    event_time.activate(event)
    chosen = request.GET.get("lang") or request.COOKIES.get("django_language") or ""
    if chosen not in dict(settings.LANGUAGES):
        chosen = language.event_language(event)
    translation.activate(chosen)
    request.LANGUAGE_CODE = chosen


def printed_on(event: models.Event) -> datetime.date:
    """Today at the venue: the day every printout says it was printed on (in the event's
    calendar, ``printing/_printed_on.html``), so a sheet on the wall is dated."""
    return event_time.at_event(event, timezone.now()).date()


def _asked_round(request: HttpRequest) -> int | None:
    """The ``?round=N`` asked for (any digit set), None when not asked; a value that is no
    round number (``²``, ``1e3``, 25 digits) is a page not found, not a server error and not
    silently the last round."""
    text = request.GET.get("round", "").strip()
    if not text:
        return None
    number = whole_number_or_none(text, 1, 99_999)
    if number is None:
        raise Http404(_("“%(value)s” is not a round number.") % {"value": text})
    return number


def _round_number(request: HttpRequest, section: models.Section) -> int:
    asked = _asked_round(request)
    if asked is not None:
        return asked
    last = section.rounds.order_by("-number").values_list("number", flat=True).first()
    if last is None:
        raise Http404(_("Not paired yet."))
    return last


def section_printout(request: HttpRequest, slug: str, key: str, kind: str) -> HttpResponse:
    if kind not in PRINTOUTS + TEAM_PRINTOUTS + UNIT_PRINTOUTS:
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
        "xiangqi": notation.section_is_xiangqi(section),
        "notation": notation.of_section(section),
        "arbiters": arbiters.of_event(event),
        "printed_on": printed_on(event),
    }
    if section.is_team_section:
        return _team_printout(request, section, kind, context)
    if kind in TEAM_PRINTOUTS:
        raise Http404(_("This section has no teams: it is not a team section."))
    if kind in UNIT_PRINTOUTS:
        return _unit_ranking_printout(request, section, context)
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
        # the wall chart has a column per round (game); a cross-table one per match
        context["round_numbers"] = (
            range(1, results.rounds + 1) if kind == "wallchart" else results.column_numbers
        )
        if kind == "wallchart":
            context["chart"] = _wall_chart(section, results)
        if kind == "crosstable" and standings.is_predetermined(section):
            context["grid"] = pages.round_robin_rows(section, results)
        if kind == "standings":
            context["subs"] = standings.sub_ranking_rows(results)
        if kind in ("prizes", "certificates"):
            context["prizes"] = standings.prize_rows(section, results)
            context["audit_head"] = audit.head(section.event)
            context["provisional"] = _provisional(section, results.rounds, results.progress)
        if kind == "certificates":
            context["certificates"] = _certificates(context["prizes"], context["rows"])
            context.update(_certificate_footer(event))
    return _respond(request, f"printing/{kind}.html", context, filename)


TEAM_TEMPLATES = {
    "pairings": "team-pairings",
    "team-pairings": "team-pairings",
    "pairings-by-name": "team-pairings-by-name",
    "slips": "team-slips",
    "standings": "team-standings",
    "team-standings": "team-standings",
    "team-ranking": "team-standings",
    "crosstable": "team-crosstable",
    "wallchart": "team-crosstable",
    "prizes": "prizes",
    "certificates": "certificates",
}
"""A team section's printout of each kind: its matches, players A–Z and match slips of a
round, its team standings with board rankings (also its ``team-ranking``, the address an
individual section ranking its units by places has), its team cross-table and wall chart, and its
team and board prizes (the individual prize list and certificates, filled by
``team_pages.team_prize_rows``)."""


def _team_printout(
    request: HttpRequest, section: models.Section, kind: str, context: dict[str, Any]
) -> HttpResponse:
    """A printout of a team section (:data:`TEAM_TEMPLATES`): a round's (``?round=N``,
    default the last paired) or the section's."""
    slug, key = section.event.slug, section.key
    template = TEAM_TEMPLATES[kind]
    if template in ("team-pairings", "team-pairings-by-name", "team-slips"):
        numbers = team_pages.round_numbers(section)
        asked = _asked_round(request)
        number = asked if asked is not None else (numbers[-1] if numbers else 0)
        round_page = team_pages.team_round_page(section, number)
        if round_page is None:
            raise Http404(_("Not paired yet."))
        context["round"] = round_page
        return _respond(
            request, f"printing/{template}.html", context, f"{slug}-{key}-r{number}-{kind}"
        )
    results = team_results(section)
    if template == "team-standings":
        context.update(team_pages.team_standings_context(section, results))
    elif template == "team-crosstable":
        context["wallchart"] = kind == "wallchart"
        context["rows"] = team_pages.team_cross_rows(section, kind == "wallchart", results)
        context["round_numbers"] = range(1, section.team_rounds.count() + 1)
    else:
        context["prizes"] = team_pages.team_prize_rows(section, results)
        context["audit_head"] = audit.head(section.event)
        heading = team_standings_heading(section, results.matches)
        context["provisional"] = _provisional(section, heading["rounds"], heading["progress"])
        context["rows"] = []
        if kind == "certificates":
            context["certificates"] = _certificates(context["prizes"], [])
            context.update(_certificate_footer(section.event))
    return _respond(request, f"printing/{template}.html", context, f"{slug}-{key}-{kind}")


def _provisional(section: models.Section, rounds: Any, progress: Any) -> dict[str, Any] | None:
    """While rounds remain to be played or results to be entered, what the prize list says
    at its head: it is provisional, after round N of M (in progress: k of m results). A list
    printed mid-event looked final, signatures and all."""
    if rounds >= section.total_rounds and not progress:
        return None
    return {"rounds": rounds, "total": section.total_rounds, "progress": progress}


def _unit_ranking_printout(
    request: HttpRequest, section: models.Section, context: dict[str, Any]
) -> HttpResponse:
    """The units ranked by the sum of their members' places (Huayuan: the six members of
    each county, lower first, equal sums by the best place): each unit's place, sum, best
    place and the members counted with their places; then the units not ranked."""
    results = standings.section_results(section)
    if results.unit_ranking is None:
        raise Http404(_("The regulations rank no teams in this section."))
    context["results"] = results
    context["units"] = [
        {
            "unit": unit,
            "members": [
                (member.place, results.name(member.pairing_number)) for member in unit.counted
            ],
        }
        for unit in results.unit_ranking.units
    ]
    slug, key = section.event.slug, section.key
    return _respond(request, "printing/team-ranking.html", context, f"{slug}-{key}-team-ranking")


def _wall_chart(section: models.Section, results: standings.SectionResults) -> list[dict[str, Any]]:
    """One line per player in pairing-number order: each round's opponent number, colour and
    result, and the running score."""
    tournament = results.tournament
    writing = notation.of_section(section)
    lines = []
    for number in sorted(tournament.players):
        player = tournament.players[number]
        cells = []
        for round_number in range(1, results.rounds + 1):
            entry = player.entry(round_number)
            if entry is None:
                cells.append(("", ""))
                continue
            colour = entry.colour.value if entry.colour else "-"
            cell = (
                f"{entry.opponent}{colour}{entry.result.value}"
                if entry.opponent is not None
                else entry.result.value
            )
            score = standings.format_points(tournament.points(player, round_number))
            cells.append((writing.cell(cell), score))
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
        {
            "name": award["name"],
            "place": award["award"].first_place,
            "last_place": award["award"].last_place,
            "playoff": award["award"].playoff,
            "prize": award["prize"],
            # what the prize is for: individual, team, a sub-ranking (男子/女子), or in a team
            # section the board (a board prize) or the team; a board winner's team beside
            "ranking": table.get("certificate", ""),
            "team": award.get("team", ""),
        }
        for table in prizes
        for award in table["awards"]
    ]
    if not certificates:
        certificates = [
            {"name": row["name"], "place": row["row"].rank, "prize": ""}
            for row in rows
            if row["row"].rank and row["row"].rank <= 3
        ]
    for certificate in certificates:
        # a long name set smaller, so that it and the signature lines stay inside the box
        certificate["name_size"] = certificate_name_size(str(certificate["name"]))
    return certificates


def _certificate_footer(event: models.Event) -> dict[str, Any]:
    """What a certificate says under its place: the organiser as the regulations name them
    (else the event's organisers by name) and the day it is dated, the event's last day in its
    calendar (else today at the venue); where the chief arbiter and the organiser sign."""
    regulations = rules.event_regulations(event)
    organiser = regulations.organiser if regulations is not None else ""
    if not organiser:
        organiser = localisation.word_list(
            sorted(
                person_name(role.user)
                for role in event.roles.filter(role=models.Role.ORGANISER).select_related("user")
            )
        )
    day = event.end_date or printed_on(event)
    return {
        # a name as the regulations write it (Malay on a Chinese page): data, not words to
        # translate
        "organiser": format_html('<bdi translate="no">{}</bdi>', organiser) if organiser else "",
        "certificate_date": localisation.format_date(day, calendar=event.calendar, weekday=False),
    }


def _current_round(section: models.Section) -> dict[str, Any] | None:
    """A section's current round for the event's printouts: its pairings (or team matches),
    round times and how many results are in (None: not paired yet)."""
    xiangqi = notation.section_is_xiangqi(section)
    number = section.rounds.order_by("-number").values_list("number", flat=True).first()
    if number is not None:
        page = pages.round_page(section, number)
        if page is None:
            return None
        boards = page.boards
        return {
            "section": section,
            "round": page,
            "team": False,
            "times": page.times,
            "xiangqi": xiangqi,
            "done": sum(1 for board in boards if board.result),
            "games": len(boards),
            "missing": [board for board in boards if not board.result],
        }
    numbers = team_pages.round_numbers(section)
    if not numbers:
        return None
    team_page = team_pages.team_round_page(section, numbers[-1])
    round_row = section.team_rounds.filter(number=numbers[-1]).first()
    if team_page is None or round_row is None:
        return None
    return {
        "section": section,
        "round": team_page,
        "team": True,
        "times": pages.round_times(section, round_row),
        "xiangqi": xiangqi,
        "done": sum(1 for match in team_page.matches if not match.pending),
        "games": len(team_page.matches),
        "missing": [match for match in team_page.matches if match.pending],
    }


def event_round(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    """The current round of every section on one printout: ``pairings`` for the wall (each
    section's boards or team matches with the round's times, and the QR code of the event's
    public home, whose search finds any player), or the ``results`` sheet the arbiter checks
    (results in per section, the boards still missing, every result as entered)."""
    event = get_object_or_404(models.Event, slug=slug)
    _language(request, event)
    sections = [
        current
        for section in event.sections.all()
        if (current := _current_round(section)) is not None
    ]
    if not sections:
        raise Http404(_("Not paired yet."))
    url = addresses.public_url(request, event, "public:event")
    return _respond(
        request,
        "printing/event-round.html",
        {
            "event": event,
            "sections": sections,
            "kind": kind,
            "qr": qr.qr_inline(url) if kind == "pairings" else "",
            "event_url": url,
            "arbiters": arbiters.of_event(event),
            "printed_on": printed_on(event),
        },
        f"{slug}-{kind}",
        # a team round whose line-ups are not public yet changes at its deadline
        cacheable=all(getattr(item["round"], "cacheable", True) for item in sections),
    )


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
            "printed_on": printed_on(event),
        },
        f"{slug}-entries",
    )
