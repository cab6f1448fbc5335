"""The public site: no login, phone first, cached per event version (see ``versions``).

Pages: event home (sections, schedule), pairings and results of a round (searchable, each
player's board and colour), standings, cross-table, a player's games, unit standings, and a
QR code per section that opens its pairings. A team section has team rounds (matches with
their boards, searchable) and team pages instead of individual pairings (``team_pages``).
Language: the visitor's choice (cookie), else the event's default language from its
regulations.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseNotModified,
    HttpResponseRedirect,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import http_date, url_has_allowed_host_and_scheme, urlencode
from django.views.decorators.http import require_GET

from crosstable_web.common import localisation
from crosstable_web.events import models
from crosstable_web.events.ranking import standings
from crosstable_web.events.regulations import event_time, rules
from crosstable_web.events.regulations.language import event_language
from crosstable_web.events.rounds import notation
from crosstable_web.public import addresses, pages, qr, search, team_pages, versions

Renderer = Callable[[models.Event], HttpResponse]


@require_GET
def language(request: HttpRequest, code: str) -> HttpResponse:
    """Switch language with a plain link (public pages are cached: no form, no CSRF token)."""
    if code not in dict(settings.LANGUAGES):
        raise Http404
    target = request.GET.get("next", "/")
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}):
        target = "/"
    response = HttpResponseRedirect(target)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME, code, max_age=365 * 24 * 3600, samesite="Lax"
    )
    return response


def _serve(request: HttpRequest, slug: str, page: Renderer) -> HttpResponse:
    version = versions.lookup(slug)
    if version is None:
        raise Http404
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    if chosen not in dict(settings.LANGUAGES):
        chosen = versions.cached_value(
            version,
            "language",
            lambda: event_language(models.Event.objects.get(pk=version.event_id)),
        )
    translation.activate(chosen)
    request.LANGUAGE_CODE = translation.get_language()
    request.public_version = version  # type: ignore[attr-defined]
    tag = versions.etag(version, request)
    if tag in request.headers.get("If-None-Match", "") and versions.has_page(version, request):
        # The visitor (or a proxy) holds this very page: nothing changed since.
        return _caching_headers(HttpResponseNotModified(), tag, version)

    def render_page() -> HttpResponse:
        event = models.Event.objects.get(pk=version.event_id)
        event_time.activate(event)
        return page(event)

    response = versions.cached_page(version, request, render_page)
    if getattr(response, "public_cached", False):
        return _caching_headers(response, tag, version)
    response["Cache-Control"] = "no-cache"
    response["Vary"] = "Cookie, Accept-Language"
    return response


def _caching_headers(response: HttpResponse, tag: str, version: versions.Version) -> HttpResponse:
    """What lets a browser, a reverse proxy or a CDN keep the page and ask again cheaply:
    the version's ETag and Last-Modified, and a short life (``PUBLIC_MAX_AGE`` seconds)
    after which it must ask whether the page changed (a 304 when it did not)."""
    response["ETag"] = tag
    response["Last-Modified"] = http_date(version.changed_at.timestamp())
    response["Cache-Control"] = f"public, max-age={settings.PUBLIC_MAX_AGE}, must-revalidate"
    response["Vary"] = "Cookie, Accept-Language"
    return response


def _section(event: models.Event, key: str) -> models.Section:
    section = get_object_or_404(event.sections, key=key)
    section.event = event
    return section


def _common(event: models.Event, section: models.Section | None = None) -> dict[str, object]:
    team_section = section is not None and (section.is_team_section or section.teams.exists())
    has_teams = section is not None and (team_section or rules.ranks_units(section))
    return {
        "event": event,
        "section": section,
        "has_teams": has_teams,
        "team_section": team_section,
        # Red/Black and the points of xiangqi where the section plays it (notation).
        "xiangqi": (
            notation.section_is_xiangqi(section)
            if section is not None
            else event.game == models.Game.XIANGQI
        ),
        "sections": list(event.sections.all()),
    }


def event_home(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's sections with their current round, the schedule, the event's QR code, and
    the parents' search box (``?q=``): a player found in whichever section, with board,
    colour, opponent and round time (``search``)."""
    query = request.GET.get("q", "")

    def page(event: models.Event) -> HttpResponse:
        sections = []
        for section in event.sections.all():
            section.event = event
            team_rounds = team_pages.round_numbers(section)
            sections.append(
                {
                    "section": section,
                    "players": section.entries.count(),
                    "last_round": section.rounds.order_by("-number")
                    .values_list("number", flat=True)
                    .first()
                    or (team_rounds[-1] if team_rounds else None),
                    "team_section": section.teams.exists(),
                }
            )
        return render(
            request,
            "public/event.html",
            {
                **_common(event),
                "section_rows": sections,
                "schedules": pages.event_schedules(event),
                "query": query,
                "search": search.find_players(event, query) if query.strip() else None,
                # online registration: open or not, said as the form says it
                "registration": event_time.registration_state(event),
            },
        )

    return _serve(request, slug, page)


def section_round(
    request: HttpRequest, slug: str, key: str, number: int | None = None
) -> HttpResponse:
    def page(event: models.Event) -> HttpResponse:
        section = _section(event, key)
        if (section.is_team_section or section.teams.exists()) and not section.rounds.exists():
            # A team section is paired in team rounds: its pairings are the matches.
            target = reverse(
                "public:team_pairings" if number is None else "public:team_round",
                args=[slug, key] if number is None else [slug, key, number],
            )
            query = request.GET.get("q", "")
            return HttpResponseRedirect(f"{target}?{urlencode({'q': query})}" if query else target)
        numbers = list(section.rounds.order_by("number").values_list("number", flat=True))
        shown = number if number is not None else (numbers[-1] if numbers else None)
        round_page = pages.round_page(section, shown) if shown is not None else None
        if number is not None and round_page is None:
            raise Http404
        players = (
            sorted(
                pages.public_players(section).values(),
                key=lambda player: localisation.name_sort_key(player.name),
            )
            if round_page is None
            else []
        )
        return render(
            request,
            "public/round.html",
            {
                **_common(event, section),
                "round": round_page,
                "round_numbers": numbers,
                "players": players,
                "schedule": pages.schedule(event, section),
                "query": request.GET.get("q", ""),
                "tab": "pairings",
            },
        )

    return _serve(request, slug, page)


def section_standings(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    def page(event: models.Event) -> HttpResponse:
        section = _section(event, key)
        if section.is_team_section:
            # A team section is ranked by team: its standings are the team standings.
            return HttpResponseRedirect(reverse("public:teams", args=[slug, key]))
        results = standings.section_results(section)
        rows = pages.standing_rows(section, results)
        subs = standings.sub_ranking_rows(results)
        return render(
            request,
            "public/standings.html",
            {
                **_common(event, section),
                "results": results,
                "rows": rows,
                "subs": subs,
                "tab": "standings",
            },
        )

    return _serve(request, slug, page)


def section_crosstable(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    def page(event: models.Event) -> HttpResponse:
        section = _section(event, key)
        if section.is_team_section:
            return render(
                request,
                "public/team_crosstable.html",
                {
                    **_common(event, section),
                    "rows": team_pages.team_cross_rows(section),
                    "letters": notation.of_section(section).colour_letters,
                    "round_numbers": range(1, section.team_rounds.count() + 1),
                    "tab": "crosstable",
                },
            )
        results = standings.section_results(section)
        rows = pages.standing_rows(section, results, with_cells=True)
        grid = (
            pages.round_robin_rows(section, results)
            if standings.is_predetermined(section)
            else None
        )
        return render(
            request,
            "public/crosstable.html",
            {
                **_common(event, section),
                "results": results,
                "rows": rows,
                "grid": grid,
                "round_numbers": results.column_numbers,
                "notation": notation.of_section(section),
                "tab": "crosstable",
            },
        )

    return _serve(request, slug, page)


def section_teams(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """Team standings: a team section's match standings and board rankings, or the units
    ranked by the sum of their players' places where the regulations say so."""

    def page(event: models.Event) -> HttpResponse:
        section = _section(event, key)
        context: dict[str, object] = {**_common(event, section), "tab": "teams"}
        unit_ranking = (
            None if section.is_team_section else standings.section_results(section).unit_ranking
        )
        if unit_ranking is not None:
            # an individual section whose units are ranked by their players' places (Huayuan),
            # whether or not its players were entered as teams
            context["ranking"] = unit_ranking
        elif section.is_team_section or section.teams.exists():
            context.update(team_pages.team_standings_context(section))
        else:
            raise Http404
        return render(request, "public/teams.html", context)

    return _serve(request, slug, page)


def team_round(
    request: HttpRequest, slug: str, key: str, number: int | None = None
) -> HttpResponse:
    """A team round: each match with its boards, line-ups and results; every player's table,
    board and colour in an A–Z list with a search box (the last round without a number)."""

    def page(event: models.Event) -> HttpResponse:
        section = _section(event, key)
        if not (section.is_team_section or section.teams.exists()):
            raise Http404
        numbers = team_pages.round_numbers(section)
        shown = number if number is not None else (numbers[-1] if numbers else None)
        round_page = team_pages.team_round_page(section, shown) if shown is not None else None
        if number is not None and round_page is None:
            raise Http404
        teams = [] if round_page is not None else list(team_pages.teams_by_number(section).values())
        response = render(
            request,
            "public/team_round.html",
            {
                **_common(event, section),
                "round": round_page,
                "round_numbers": numbers,
                "teams": teams,
                "schedule": pages.schedule(event, section),
                "query": request.GET.get("q", ""),
                "tab": "team_pairings",
            },
        )
        if round_page is not None and not round_page.cacheable:
            response.public_uncacheable = True  # type: ignore[attr-defined]
        return response

    return _serve(request, slug, page)


def team(request: HttpRequest, slug: str, key: str, entry_number: int) -> HttpResponse:
    """A team: its roster in board order with each player's score, and its matches; addressed
    by its entry number, which round 1's renumbering leaves alone (a saved link stays)."""

    def page(event: models.Event) -> HttpResponse:
        section = _section(event, key)
        number = team_pages.team_number(section, entry_number)
        shown = None if number is None else team_pages.team_page(section, number)
        if shown is None:
            raise Http404
        return render(
            request,
            "public/team.html",
            {
                **_common(event, section),
                "team": shown,
                "tab": "teams",
            },
        )

    return _serve(request, slug, page)


def team_by_number(request: HttpRequest, slug: str, key: str, number: int) -> HttpResponse:
    """The address team pages had before entry numbers (``teams/team/<number>/``): to the
    page of the team that has this number now."""

    def page(event: models.Event) -> HttpResponse:
        section = _section(event, key)
        entry_number = team_pages.entry_numbers(section).get(number)
        if entry_number is None:
            raise Http404
        return redirect("public:team", slug, key, entry_number)

    return _serve(request, slug, page)


def player(request: HttpRequest, slug: str, key: str, number: int) -> HttpResponse:
    def page(event: models.Event) -> HttpResponse:
        section = _section(event, key)
        found = versions.cached_item(
            request.public_version,  # type: ignore[attr-defined]
            f"games:{section.pk}:{translation.get_language()}",
            number,
            lambda: pages.section_games(section),
        )
        if found is None:
            raise Http404
        shown, games = found
        return render(
            request,
            "public/player.html",
            {
                **_common(event, section),
                "player": shown,
                "games": games,
            },
        )

    return _serve(request, slug, page)


def section_qr(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """An SVG QR code that opens the section's current pairings."""
    section = get_object_or_404(
        models.Section.objects.select_related("event"), event__slug=slug, key=key
    )
    url = addresses.public_url(request, section.event, "public:pairings", section.key)
    return HttpResponse(qr.qr_svg(url), content_type="image/svg+xml")


def event_qr(request: HttpRequest, slug: str) -> HttpResponse:
    """An SVG QR code that opens the event's public home (its search box finds a player in
    any section): one code for the whole venue."""
    event = get_object_or_404(models.Event, slug=slug)
    url = addresses.public_url(request, event, "public:event")
    return HttpResponse(qr.qr_svg(url), content_type="image/svg+xml")
