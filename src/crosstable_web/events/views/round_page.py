"""The arbiter's round page: the boards with what an arbiter checks (points before the round,
rating, unit, colours, floats, warnings), filters, and the results typed or clicked in.

Results go in without reloading the page when the browser runs the page's script
(``static/crosstable_web/round_results.js``): it posts the same forms with
``Accept: application/json`` and gets back the round as it now stands (every board's result
cell, the progress count, the undo, the messages; or the question a change asks first), which
it puts in place. Without the script the same forms post as usual and the page reloads: one
view, one set of services, both ways.

Typing: ``12 1`` enters board 12; a result alone (``1``, ``=``, ``0``, ``2-0`` in xiangqi,
``f 1 0`` for fouls) goes to the *current* board — the first without a result, or, with the
script, the board the arbiter moved to (Enter and the arrow keys move on). Replacing or
clearing a stored result asks first (``result.replace``, level 3), and the last one replaced
can be put back (the one-step undo).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from crosstable.typed import (
    TypedValueError,
    as_typed_on_a_latin_keyboard,
    read_whole_number,
    whole_number_or_none,
)
from crosstable_web.common import localisation
from crosstable_web.common.notation import Notation
from crosstable_web.common.value_messages import value_message
from crosstable_web.events import forms, models, rounds
from crosstable_web.events.oversight import permissions
from crosstable_web.events.rounds import acting, pairing_runs, round_facts, rule_warnings
from crosstable_web.events.rounds.notation import of_section
from crosstable_web.events.views.page import MAX_FOULS, MAX_TYPED_NUMBER, find_round, find_section

UNDO_KEY = "round_result_undo"
"""Session key of the round page's one-step undo: the last result this arbiter cleared or
changed (round, board, the codes before and after, what to show)."""

FILTERS = ("missing", "forfeits")
"""The round page's filters (``?show=``): boards without a result, forfeited boards."""

JSON = "application/json"


def wants_json(request: HttpRequest) -> bool:
    """The page's script asks for the round as data (``Accept: application/json``)."""
    return request.headers.get("Accept", "").startswith(JSON)


def result_cell(board: models.Board, notation: Notation) -> SafeString:
    """The inside of a board's result cell: the result in the page's digits and the fouls."""
    label = localisation.digits(
        rounds.result_label(board.white_result, board.black_result, notation)
    )
    if not (board.white_fouls or board.black_fouls):
        return format_html("{}", label)
    return format_html(
        '{} <span class="muted" title="{}">({}/{})</span>',
        label,
        _("fouls"),
        localisation.digits(board.white_fouls),
        localisation.digits(board.black_fouls),
    )


def player_cell(entry: models.Entry, facts: round_facts.PlayerFacts | None) -> SafeString:
    """A player's cell on the round page: the name, then rating · unit · colours so far and
    the floats. Built here rather than by a template included per player: a 1,000-board
    page's 2,000 inclusions were much of its rendering time (issue 32; docs/bench.md)."""
    name = format_html('<span class="name">{}</span>', entry.name)
    if entry.house:
        name = format_html("{} <em>({})</em>", name, _("house player"))
    parts = []
    if entry.rating:
        parts.append(
            format_html(
                '<bdi class="rating" title="{}">{}</bdi>',
                _("rating"),
                localisation.digits(entry.rating),
            )
        )
    if entry.unit:
        parts.append(format_html('<span class="unit">{}</span>', entry.unit))
    if facts is not None and facts.colours:
        parts.append(
            format_html(
                '<bdi dir="ltr" class="colours" title="{}">{}</bdi>',
                _("colours so far"),
                facts.colours,
            )
        )
    small = SafeString(" · ".join(parts))
    if facts is not None and facts.floats:
        small = format_html(
            '{} <bdi dir="ltr" class="floats" title="{}">{}</bdi>',
            small,
            _("floats (↓ down, ↑ up) and their rounds"),
            localisation.digits(facts.floats),
        )
    return format_html('{}\n<small class="facts">{}</small>\n', name, small)


def _board_form_end(show: str, choices: list[tuple[str, tuple[str, str]]]) -> SafeString:
    """What every board's result form holds after its board number (the filter kept, the
    result buttons): the same on every row, so built once per page, not once per board."""
    kept = format_html('<input type="hidden" name="show" value="{}">', show) if show else ""
    buttons = [
        format_html(
            '<button name="result" value="{}" title="{}">{}</button>',
            code,
            choice[0],
            localisation.digits(choice[1]),
        )
        for code, choice in choices
    ]
    return format_html("{}{}</form>", kept, SafeString("".join(buttons)))


def _progress(boards: list[models.Board]) -> dict[str, int]:
    return {"done": sum(not board.is_pending for board in boards), "total": len(boards)}


def _status_context(
    request: HttpRequest, round_row: models.Round, boards: list[models.Board], show: str
) -> dict[str, Any]:
    can_arbitrate = permissions.can_arbitrate(request.user, round_row.section.event)
    undo = request.session.get(UNDO_KEY) if can_arbitrate else None
    return {
        "event": round_row.section.event,
        "section": round_row.section,
        "round": round_row,
        "progress": _progress(boards),
        "counts": {
            "missing": sum(board.is_pending for board in boards),
            "forfeits": sum(board.white_result in round_facts.FORFEIT_CODES for board in boards),
        },
        "undo": undo if undo and undo.get("round") == round_row.pk else None,
        "can_arbitrate": can_arbitrate,
        "show": show,
    }


def _shown(show: str, line: round_facts.BoardLine) -> bool:
    if show == "missing":
        return line.board.is_pending
    if show == "forfeits":
        return line.is_forfeit
    return True


def round_detail(request: HttpRequest, slug: str, key: str, number: int) -> HttpResponse:
    if find_section(slug, key).is_team_section:
        # A team section's rounds are its team rounds (matches, line-ups, board results).
        return redirect(reverse("teams:team_round", args=[slug, key, number]))
    round_row = find_round(slug, key, number)
    section = round_row.section
    boards = list(round_row.boards.select_related("white", "black"))
    notation = of_section(section)
    show = request.GET.get("show", "")
    if show not in FILTERS:
        show = ""
    can_arbitrate = permissions.can_arbitrate(request.user, section.event)
    facts = round_facts.player_facts(section, number, notation)
    lines = round_facts.board_lines(
        round_row, boards, notation, with_warnings=can_arbitrate, facts=facts
    )
    byes = [
        (bye, facts.get(bye.entry_id), player_cell(bye.entry, facts.get(bye.entry_id)))
        for bye in round_row.byes.select_related("entry").order_by("entry__pairing_number")
    ]
    current = next((board for board in boards if board.is_pending), None)
    choices = list(zip(("1", "=", "0"), notation.slip_choices(), strict=True))
    return render(
        request,
        "events/round_detail.html",
        {
            **_status_context(request, round_row, boards, show),
            "boards": [
                (
                    line,
                    result_cell(line.board, notation),
                    player_cell(line.board.white, line.white),
                    player_cell(line.board.black, line.black),
                )
                for line in lines
                if _shown(show, line)
            ],
            "board_form_end": _board_form_end(show, choices),
            "byes": byes,
            "current": current,
            "current_players": f"{current.white.name} – {current.black.name}" if current else "",
            "next_pending": current.number if current else None,
            "boards_with_results": any(not board.is_pending for board in boards),
            "is_last": not section.rounds.filter(number__gt=number).exists(),
            "pairing_warnings": rounds.pairing_warnings_of(round_row) if can_arbitrate else [],
            "board_warnings": sum(bool(line.warnings) for line in lines),
            "form": forms.ResultForm(),
            "foul_letter": rounds.foul_letter(),
            "choices": choices,
            "swap_form": forms.SwapForm(),
            # results of rounds before the previous one go to the rating report in FIDE mode
            "rating_form": forms.RatingCorrectionForm()
            if can_arbitrate
            and section.fide_mode
            and section.rounds.filter(number__gt=number + 1).exists()
            else None,
            "rating_corrections": section.report_notes.filter(
                round_number=number, kind=rounds.RATING_CORRECTION_NOTE
            ),
            "xiangqi": notation.xiangqi,
            **pairing_runs.page_context(section, can_arbitrate),
        },
    )


def _answer(
    request: HttpRequest,
    round_row: models.Round,
    board: int | None = None,
    ask: HttpResponse | None = None,
) -> HttpResponse:
    """After a POST: back to the round page (its filter kept), or, for the page's script,
    the round as it now stands — every board's result cell, the progress, the undo and the
    messages (taken from the queue: shown once, here) — or the question to ask first."""
    section = round_row.section
    show = request.POST.get("show", "")
    if show not in FILTERS:
        show = ""
    if not wants_json(request):
        if ask is not None:
            return ask
        target = reverse(
            "events:round_detail", args=[section.event.slug, section.key, round_row.number]
        )
        return redirect(f"{target}?show={show}" if show else target)
    boards = list(round_row.boards.all())
    notation = of_section(section)
    status = render_to_string(
        "events/_round_status.html",
        {
            **_status_context(request, round_row, boards, show),
            "live_messages": list(messages.get_messages(request)),
        },
        request,
    )
    pending = [board_row.number for board_row in boards if board_row.is_pending]
    return JsonResponse(
        {
            "status": status,
            "cells": {str(row.number): result_cell(row, notation) for row in boards},
            "pending": pending,
            "board": board,
            "ask": ask.content.decode() if ask is not None else None,
        }
    )


def _board_and_result(request: HttpRequest) -> tuple[str, str]:
    """What was typed or clicked: (board, result) as text. ``board`` and ``result`` posted
    apart (a board's buttons, the script); ``12 1`` typed; a result alone typed goes to the
    ``current`` board the page names."""
    if "board" in request.POST:
        return (
            as_typed_on_a_latin_keyboard(request.POST["board"]).strip(),
            as_typed_on_a_latin_keyboard(request.POST.get("result", "")).strip(),
        )
    text = as_typed_on_a_latin_keyboard(request.POST.get("entry", "")).strip()
    first, _space, rest = text.partition(" ")
    rest = rest.strip()
    if rest and whole_number_or_none(first, 1, MAX_TYPED_NUMBER) is not None:
        return first, rest
    current = as_typed_on_a_latin_keyboard(request.POST.get("current", "")).strip()
    if current and text:
        return current, text
    return first, rest


@login_required
@require_POST
def round_result(request: HttpRequest, slug: str, key: str, number: int) -> HttpResponse:
    """The keyboard box (``12 1``, or a result alone for the current board), the per-board
    buttons, fouls (``12 f 1 0``) and the undo of the last cleared or changed result.
    Replacing or clearing a stored result asks first (the same form posted again with the
    confirmation); the page then says what was replaced and offers to put it back."""
    round_row = find_round(slug, key, number)
    # who may act is known before anything typed is read (a blank per-board result once
    # failed before the check)
    permissions.require_arbiter(request.user, round_row.section.event)
    if request.POST.get("undo_board"):
        return _undo_result(request, round_row)
    board_text, result = _board_and_result(request)
    hint = _("Type the board number, a space and the result, e.g. 12 1.")
    try:
        board_number = read_whole_number(board_text, 1, MAX_TYPED_NUMBER)
    except TypedValueError as error:
        messages.error(request, f"{value_message(error)} {hint}" if board_text else hint)
        return _answer(request, round_row)
    parts = result.split()
    if not parts:
        messages.error(request, hint)
        return _answer(request, round_row)
    if parts[0].lower() in rounds.FOUL_LETTERS:
        # "12 f 1 0" (or the page language's letter, 12 犯 1 0): fouls (犯规) recorded against
        # each side of board 12.
        counts = [whole_number_or_none(part, 0, MAX_FOULS) for part in parts[1:]]
        if len(counts) != 2 or None in counts:
            messages.error(
                request,
                _(
                    "Fouls: type the board, %(letter)s, and two counts (0 to %(most)d), "
                    "e.g. 12 %(letter)s 1 0."
                )
                % {"most": MAX_FOULS, "letter": rounds.foul_letter()},
            )
            return _answer(request, round_row)
        white, black = (count or 0 for count in counts)
        acting.run(
            request,
            lambda: rounds.set_fouls(round_row, board_number, white, black, request.user),
            _("Board %(board)s: fouls %(white)s–%(black)s")
            % {"board": board_number, "white": white, "black": black},
        )
        return _answer(request, round_row, board_number)
    target = reverse("events:round_detail", args=[slug, key, number])
    outcome = rule_warnings.attempt(
        request,
        lambda token: rounds.record_result(
            round_row, board_number, result, request.user, token, ask_before_replacing=True
        ),
        section=round_row.section,
        cancel=target,
        title=_("Correct a result"),
        fragment=wants_json(request),
    )
    if outcome.page is not None:
        return _answer(request, round_row, board_number, ask=outcome.page)
    change = outcome.value
    if change is None:
        return _answer(request, round_row, board_number)
    _say_what_changed(request, round_row, change)
    return _answer(request, round_row, board_number)


def _say_what_changed(
    request: HttpRequest, round_row: models.Round, change: rounds.ResultChange
) -> None:
    """The message after an entry (the players too: ``14 1`` typed as ``4 1`` shows the
    wrong names at once), and the undo offered when a stored result was replaced."""
    board = change.board
    players = f"{board.white.name} – {board.black.name}"
    notation = of_section(round_row.section)
    label = rounds.result_label(board.white_result, board.black_result, notation)
    was = rounds.result_label(change.previous[0], change.previous[1], notation)
    if change.cleared:
        messages.warning(
            request,
            _("Board %(board)d: result %(was)s cleared · %(players)s")
            % {"board": board.number, "was": was, "players": players},
        )
    elif change.replaced_a_result:
        messages.success(
            request,
            _("Board %(board)d: %(result)s (was %(was)s) · %(players)s")
            % {"board": board.number, "result": label, "was": was, "players": players},
        )
    else:
        messages.success(
            request,
            _("Board %(board)d: %(result)s")
            % {"board": board.number, "result": f"{label or '*'} · {players}"},
        )
    # A second forfeit withdraws the player (and may cancel their results): said at once.
    for withdrawal in change.withdrawals:
        messages.warning(request, withdrawal.message())
    if change.replaced_a_result:
        request.session[UNDO_KEY] = {
            "round": round_row.pk,
            "board": board.number,
            "players": players,
            "previous": list(change.previous),
            "was": was,
            "replaced": [board.white_result, board.black_result],
        }
    else:
        request.session.pop(UNDO_KEY, None)  # one step: an undo offered is for the last entry


def _undo_result(request: HttpRequest, round_row: models.Round) -> HttpResponse:
    """Put back the result the arbiter's last entry on this round cleared or changed (the
    confirmation, when a warning asks first)."""
    undo = request.session.get(UNDO_KEY)
    if (
        not undo
        or undo.get("round") != round_row.pk
        or str(undo.get("board")) != (request.POST.get("undo_board"))
    ):
        messages.error(request, _("Nothing to undo."))
        return _answer(request, round_row)
    outcome = rule_warnings.attempt(
        request,
        lambda token: rounds.undo_result(
            round_row,
            int(undo["board"]),
            (undo["previous"][0], undo["previous"][1]),
            (undo["replaced"][0], undo["replaced"][1]),
            request.user,
            token,
        ),
        section=round_row.section,
        cancel=reverse(
            "events:round_detail",
            args=[round_row.section.event.slug, round_row.section.key, round_row.number],
        ),
        fragment=wants_json(request),
    )
    if outcome.page is not None:
        return _answer(request, round_row, int(undo["board"]), ask=outcome.page)
    change = outcome.value
    request.session.pop(UNDO_KEY, None)
    if change is not None:
        messages.success(
            request,
            _("Board %(board)d: %(result)s put back · %(players)s")
            % {
                "board": change.board.number,
                "players": undo["players"],
                "result": rounds.result_label(
                    change.board.white_result,
                    change.board.black_result,
                    of_section(round_row.section),
                ),
            },
        )
        for withdrawal in change.withdrawals:
            messages.warning(request, withdrawal.message())
    return _answer(request, round_row, int(undo["board"]))
