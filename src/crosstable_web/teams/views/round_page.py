"""The team round page: matches board by board, every line-up; the arbiter's results, typed
or clicked, and the round's start.

Results go in without reloading the page when the browser runs the individual round page's
script (``static/crosstable_web/round_results.js``): it posts the same forms with
``Accept: application/json`` and puts the answer in place — every board's result cell (keyed
``table.board``), each match's score line, the progress and the messages. Without the script
the forms post as usual and the page reloads: one view, both ways."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from crosstable.model import ResultCode
from crosstable.teams.lineups import lineup_deadline
from crosstable.typed import as_typed_on_a_latin_keyboard, whole_number_or_none
from crosstable.typed.results import read_board_result
from crosstable_web.common import localisation
from crosstable_web.common.notation import points_text
from crosstable_web.events import rounds
from crosstable_web.events.oversight import permissions
from crosstable_web.events.regulations import event_time
from crosstable_web.events.rounds import acting, pairing_runs, rule_warnings
from crosstable_web.events.rounds.notation import of_section
from crosstable_web.events.services import ServiceError
from crosstable_web.events.views.page import find_section
from crosstable_web.events.views.round_page import wants_json
from crosstable_web.teams import bridge, models
from crosstable_web.teams.services import lineups as team_lineups
from crosstable_web.teams.services import matches as team_matches
from crosstable_web.teams.typed_entry import parse_typed_results
from crosstable_web.teams.wording import match_note


@login_required
def team_round(request: HttpRequest, slug: str, key: str, number: int) -> HttpResponse:
    """A team round's matches board by board, every line-up shown: the arbiters' and
    organisers' page (arbiters enter results here, from the keyboard: ``3.2 1-0`` or a
    whole match ``3 1-0 1/2 0-1 1-0``). Captains and visitors are refused: the line-ups are
    secret until their deadline, and the public round page publishes them then."""
    section = find_section(slug, key)
    if not team_lineups.can_manage_lineups(request.user, section):
        raise PermissionDenied(
            _(
                "Only an arbiter or an organiser of this event may see this page; the public "
                "round page shows the line-ups once their deadline has passed."
            )
        )
    round_row = get_object_or_404(
        models.TeamRound.objects.select_related("bye_team"), section=section, number=number
    )
    can_arbitrate = permissions.can_arbitrate(request.user, section.event)
    if request.method == "POST":
        permissions.require_arbiter(request.user, section.event)
        # the question asked before stored results are replaced (team_result.replace)
        ask: HttpResponse | None = None
        if "starts_at" in request.POST:
            _move_round_start(request, round_row)
        elif "typed" in request.POST or "entry" in request.POST:
            typed = as_typed_on_a_latin_keyboard(
                request.POST.get("entry", request.POST.get("typed", ""))
            ).strip()
            current = request.POST.get("current", "")
            if typed and " " not in typed and "." in current:
                # a result alone, typed without the script: the board the page names
                typed = f"{current} {typed}"
            ask = _enter_typed_results(request, round_row, typed)
        elif "." in request.POST.get("board", ""):
            # a board's key (3.2) with its result: the per-board forms, or a result alone
            # typed for the board the script names
            ask = _enter_keyed_result(request, round_row)
        else:
            # the per-board buttons: a table and a board of this round, or a message
            table = whole_number_or_none(request.POST.get("match", ""), 1)
            board = whole_number_or_none(request.POST.get("board", ""), 1)
            match = round_row.matches.filter(number=table).first() if table else None
            if match is None or board is None:
                messages.error(request, _("No such table and board in this round."))
            elif not request.POST.get("result", "").strip():
                # Every result control starts empty: nothing chosen, nothing entered.
                messages.error(
                    request,
                    _("Table %(table)d board %(board)d: choose a result; nothing was saved.")
                    % {"table": match.number, "board": board},
                )
            else:
                result = request.POST.get("result", "")
                confirmed, ask = _replacements_confirmed(
                    request, round_row, [(match.number, board, result)]
                )
                if confirmed:
                    acting.run(
                        request,
                        lambda: team_matches.enter_board_result(match, board, result, request.user),
                        _("Table %(table)d board %(board)d saved.")
                        % {"table": match.number, "board": board},
                    )
        if wants_json(request):
            return _answer(request, round_row, ask)
        if ask is not None:
            return ask
        return redirect(reverse("teams:team_round", args=[slug, key, number]))
    return render(
        request,
        "teams/team_round.html",
        {
            **_round_context(request, round_row),
            "starts_at_text": event_time.wall_clock_text(section.event, round_row.starts_at),
            "deadline": lineup_deadline(round_row.starts_at, bridge.team_rules(section))
            if round_row.starts_at
            else None,
            "can_arbitrate": can_arbitrate,
            # the next round's pairing while its engine computes it (a job), on the last round
            **pairing_runs.page_context(section, can_arbitrate),
        },
    )


def _round_context(request: HttpRequest, round_row: models.TeamRound) -> dict[str, Any]:
    """The round's matches board by board, as the page and the script's answer show them."""
    section = round_row.section
    number = round_row.number
    scored, _changes = bridge.scored_matches(section)
    of_round = [m for m in scored if m.round_number == number]
    notation = of_section(section)
    entries = {entry.pk: entry for entry in section.entries.all()}
    names = dict(section.teams.values_list("number", "name"))
    matches = [
        {
            "table": table,
            "match": scored_match,
            "note": match_note(
                scored_match.note, names, {pk: entry.name for pk, entry in entries.items()}
            ),
            "first": names[scored_match.first_team],
            "second": names[scored_match.second_team],
            # 2½ – 1½, as the public team pages write a match score.
            "first_points": points_text(scored_match.first_game_points),
            # a match is complete only when every board has a result: until then its score
            # is a count so far, and the boards still missing are named
            "missing": [
                b.board for b in scored_match.boards if b.first_result is ResultCode.PENDING
            ]
            if scored_match.first_result is ResultCode.PENDING
            else [],
            "second_points": points_text(scored_match.second_game_points),
            "boards": [
                {
                    "board": b,
                    "first": entries.get(b.first_player or 0),
                    "second": entries.get(b.second_player or 0),
                    # As on the individual round page: 1-0, ½-½, 0-1, +/- (empty while pending).
                    "label": rounds.result_label(
                        b.first_result.value, b.second_result.value, notation
                    ),
                    "pending": b.first_result is ResultCode.PENDING,
                }
                for b in scored_match.boards
            ],
        }
        for table, scored_match in enumerate(of_round, start=1)
    ]
    # every board's key (table.board) and whether it still waits for its result
    boards = [
        (f"{table}.{b.board}", b.first_result is ResultCode.PENDING)
        for table, scored_match in enumerate(of_round, start=1)
        for b in scored_match.boards
    ]
    current = next((key for key, pending in boards if pending), "")
    return {
        "current": current,
        "event": section.event,
        "section": section,
        "round": round_row,
        "matches": matches,
        "progress": {
            "done": sum(not pending for _key, pending in boards),
            "total": len(boards),
        },
    }


def _answer(
    request: HttpRequest, round_row: models.TeamRound, ask: HttpResponse | None = None
) -> JsonResponse:
    """The script's answer: the round as it now stands — every board's result cell (keyed
    ``table.board``), each match's score line, the progress and the messages (taken from
    the queue: shown once, here) — and the question to ask first (``ask``: replacing stored
    results), which the script shows in place."""
    context = _round_context(request, round_row)
    status = render_to_string(
        "teams/_round_status.html",
        {**context, "live_messages": list(messages.get_messages(request))},
        request,
    )
    cells: dict[str, str] = {}
    pending: list[str] = []
    parts: dict[str, str] = {}
    for item in context["matches"]:
        for board in item["boards"]:
            key = f"{item['table']}.{board['board'].board}"
            cells[key] = localisation.digits(board["label"])
            if board["pending"]:
                pending.append(key)
        parts[f"match-{item['table']}"] = render_to_string(
            "teams/_match_heading.html", {"item": item}, request
        )
    return JsonResponse(
        {
            "status": status,
            "cells": cells,
            "pending": pending,
            "parts": parts,
            "ask": ask.content.decode() if ask is not None else None,
        }
    )


def _replacements_confirmed(
    request: HttpRequest, round_row: models.TeamRound, boards: list[tuple[int, int, str]]
) -> tuple[bool, HttpResponse | None]:
    """Whether ``boards`` (table, board, result) may be saved: none replaces a stored result,
    or the arbiter confirmed the question naming those that do (the same form posted again
    with the token). Else (False, the question to show), or (False, None) when refused (the
    reason is in the messages)."""
    section = round_row.section
    outcome = rule_warnings.attempt(
        request,
        lambda token: team_matches.confirm_replacements(round_row, boards, request.user, token),
        section=section,
        cancel=reverse(
            "teams:team_round", args=[section.event.slug, section.key, round_row.number]
        ),
        title=_("Correct a result"),
        fragment=wants_json(request),
    )
    return outcome.done, outcome.page


def _enter_keyed_result(request: HttpRequest, round_row: models.TeamRound) -> HttpResponse | None:
    """One board by its key (``3.2``) and a result, stored (``1-0``, ``+-`` from the board's
    list) or typed (``1``, ``=``, ``+``): entered as the typed box enters ``3.2 1``. Returns
    the question to ask first when it replaces a stored result."""
    place = as_typed_on_a_latin_keyboard(request.POST.get("board", "")).strip()
    result = as_typed_on_a_latin_keyboard(request.POST.get("result", "")).strip()
    table_text, _dot, board_text = place.partition(".")
    table = whole_number_or_none(table_text, 1)
    board = whole_number_or_none(board_text, 1)
    match = round_row.matches.filter(number=table).first() if table else None
    if match is None or board is None:
        messages.error(request, _("No such table and board in this round."))
        return None
    if not result:
        messages.error(
            request,
            _("Table %(table)d board %(board)d: choose a result; nothing was saved.")
            % {"table": match.number, "board": board},
        )
        return None
    try:
        read_board_result(result)
    except ValueError:
        return _enter_typed_results(request, round_row, f"{place} {result}")
    confirmed, ask = _replacements_confirmed(request, round_row, [(match.number, board, result)])
    if not confirmed:
        return ask
    acting.run(
        request,
        lambda: team_matches.enter_board_result(match, board, result, request.user),
        _("Table %(table)d board %(board)d saved.") % {"table": match.number, "board": board},
    )
    return None


def _move_round_start(request: HttpRequest, round_row: models.TeamRound) -> None:
    """The arbiter's "Round starts at" box on the team round page (at the venue)."""
    try:
        starts_at = event_time.read_wall_clock(
            round_row.section.event, request.POST.get("starts_at", "")
        )
    except ValueError as error:
        messages.error(request, str(error))
        return
    acting.run(
        request,
        lambda: team_matches.set_round_start(round_row, starts_at, request.user),
        _("Round start saved."),
    )


def _enter_typed_results(
    request: HttpRequest, round_row: models.TeamRound, typed: str
) -> HttpResponse | None:
    """The arbiter's keyboard entry: ``3.2 1-0`` (table 3, board 2), ``3 1-0 1/2 0-1 1-0``
    (table 3, boards in order), several separated by commas or new lines; each board saved
    and logged on its own, a line that cannot be read refused with its text. Stored results
    it would replace are named in one question first (returned; nothing saved until it is
    confirmed)."""
    boards = bridge.team_rules(round_row.section).boards
    try:
        entries = parse_typed_results(typed, boards)
    except ServiceError as error:
        messages.error(request, str(error))
        return None
    confirmed, ask = _replacements_confirmed(
        request, round_row, [(e.table, e.board, e.result) for e in entries]
    )
    if not confirmed:
        return ask
    tables = {match.number: match for match in round_row.matches.all()}
    saved: list[str] = []
    for table, board, result in ((e.table, e.board, e.result) for e in entries):
        match = tables.get(table)
        if match is None:
            messages.error(
                request,
                _("Round %(round)d has no table %(table)d.")
                % {"round": round_row.number, "table": table},
            )
            continue
        try:
            team_matches.enter_board_result(match, board, result, request.user)
        except ServiceError as error:
            messages.error(request, f"{table}.{board} {result}: {error}")
            continue
        except PermissionDenied as error:
            acting.refused(request, error)
            continue
        saved.append(f"{table}.{board} {result}")
    if saved:
        messages.success(request, _("Saved: %(boards)s.") % {"boards": ", ".join(saved)})
    return None
