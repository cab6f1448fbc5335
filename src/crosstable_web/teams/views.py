"""Thin views of a team section: teams and rounds, the organiser's team form (create, edit the
roster before round 1, captain), the captain's line-up page, the arbiter's results entry by
match, team standings with board rankings and prizes. The services check who may act."""

from __future__ import annotations

import dataclasses
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from crosstable.formats.trf.writer import write_trf
from crosstable.model import ResultCode
from crosstable.teams.board_prizes import team_prize_attributes
from crosstable.teams.lineups import lineup_deadline
from crosstable.typed import as_typed_on_a_latin_keyboard, whole_number_or_none
from crosstable_web.common import localisation
from crosstable_web.events import (
    acting,
    event_time,
    exchange,
    permissions,
    rounds,
    rules,
    standings,
    wording,
)
from crosstable_web.events import services as event_services
from crosstable_web.events.models import Entry, Section
from crosstable_web.events.notation import of_section, points_text
from crosstable_web.events.services import EntryData, ServiceError
from crosstable_web.teams import bridge, fees, forms, models, services
from crosstable_web.teams import exchange as team_exchange
from crosstable_web.teams.models import BoardGame
from crosstable_web.teams.publishing import lineups_published, team_standings_heading
from crosstable_web.teams.typed_entry import parse_typed_results
from crosstable_web.teams.wording import match_note, rescoring_text


def _section(slug: str, key: str) -> Section:
    """The section of a page; the page's times are shown in its event's time zone."""
    section = get_object_or_404(Section.objects.select_related("event"), event__slug=slug, key=key)
    event_time.activate(section.event)
    return section


_acting = acting.run


def team_section(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    section = _section(slug, key)
    teams = section.teams.prefetch_related("members__entry").select_related("captain")
    manage = services.can_manage_lineups(request.user, section)
    captain_of = [t for t in teams if services.is_captain(request.user, t)]
    fee_lines = {line.team.pk: line for line in fees.section_fee_lines(section)}
    return render(
        request,
        "teams/team_section.html",
        {
            "event": section.event,
            "section": section,
            "teams": teams,
            # Fee, payments and admitted / waiting, per team (the staff see the amounts); the
            # teams that do not play (fees.field_teams) are listed apart, in waiting order.
            "team_rows": [
                (team, fee_lines[team.pk])
                for team in teams
                if fee_lines[team.pk].status != "waiting"
            ],
            "waiting_rows": sorted(
                (
                    (team, fee_lines[team.pk])
                    for team in teams
                    if fee_lines[team.pk].status == "waiting"
                ),
                key=lambda row: row[1].waiting_place or 0,
            ),
            "team_fee": fees.team_fees(section) is not None,
            "by_payment": fees.admission_by_payment(section),
            "can_see_fees": permissions.can_organise(request.user, section.event) or manage,
            "rounds": section.team_rounds.all(),
            # the next round's start by the schedule, as the arbiter types it at the venue
            "next_start": event_time.wall_clock_text(
                section.event,
                event_time.scheduled_start(section, section.team_rounds.count() + 1),
            ),
            "can_arbitrate": permissions.can_arbitrate(request.user, section.event),
            "can_organise": permissions.can_organise(request.user, section.event),
            "can_manage_lineups": manage,
            "captain_of": captain_of,
            # A captain sees the line-up pages of their own teams only; staff those of all.
            "lineup_teams": list(teams) if manage else captain_of,
            **_ineligible_context(request, section, teams),
        },
    )


def _ineligible_context(request: HttpRequest, section: Section, teams: Any) -> dict[str, Any]:
    """The players declared ineligible, for the staff (the reason may hold a birth date): who,
    why, from which round; the staff may declare one, organisers withdraw a declaration; and
    what the regulations do to their team's matches."""
    declared = {
        row.entry_id: row for row in models.IneligiblePlayer.objects.filter(entry__section=section)
    }
    rows = []
    candidates = []
    for team in teams:
        for member in team.members.all():
            row = declared.get(member.entry_id)
            if row is not None:
                rows.append({"declared": row, "entry": member.entry, "team": team})
            else:
                candidates.append((member.entry, team))
    return {
        "ineligible_rows": rows,
        "ineligible_candidates": candidates,
        "can_declare": permissions.can_organise(request.user, section.event)
        or permissions.can_arbitrate(request.user, section.event),
        "opponents_win_all_games": bridge.match_rules(section).opponents_win_all_games,
    }


@login_required
@require_POST
def declare_ineligible(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """The staff's "Declare ineligible" form of the team section page."""
    section = _section(slug, key)
    permissions.require_staff(request.user, section.event)  # before reading the form
    text = request.POST.get("entry", "")
    entry = Entry.objects.filter(section=section, pk=int(text)).first() if text.isdigit() else None
    if entry is None:
        messages.error(request, _("Choose the player to declare ineligible."))
    else:
        changes = _acting(
            request,
            lambda: services.declare_ineligible(
                entry, request.POST.get("reason", ""), request.user
            ),
        )
        if changes is not None:
            messages.success(
                request,
                _("%(name)s declared ineligible; matches re-scored: %(count)d.")
                % {"name": entry.name, "count": len(changes)},
            )
    return redirect(reverse("teams:team_section", args=[slug, key]) + "#ineligible")


@login_required
@require_POST
def undo_ineligible(request: HttpRequest, slug: str, key: str, entry_id: int) -> HttpResponse:
    """The organiser's "Withdraw the declaration" button, with its reason."""
    section = _section(slug, key)
    entry = get_object_or_404(Entry, section=section, pk=entry_id)
    _acting(
        request,
        lambda: services.undo_ineligible(entry, request.POST.get("reason", ""), request.user),
        _("The declaration that %(name)s is ineligible is withdrawn.") % {"name": entry.name},
    )
    return redirect(reverse("teams:team_section", args=[slug, key]) + "#ineligible")


def _team_form(request: HttpRequest, section: Section, team: models.Team | None) -> HttpResponse:
    """Create (``team`` None) or edit a team; organisers only."""
    if not permissions.can_organise(request.user, section.event):
        raise PermissionDenied(_("Only an organiser of this event may do that."))
    team_rules = bridge.team_rules(section)
    places = team_rules.boards + team_rules.reserves
    regulations = rules.section_rules(section)
    attribute_kinds = team_prize_attributes(regulations.prizes if regulations else ())
    for name, kind in fees.team_fee_attributes(section).items():
        attribute_kinds.setdefault(name, kind)
    member_attributes = fees.member_fee_attributes(section)
    # A count the roster's check boxes give (Fars: local players) is not typed in as well.
    derived = {count: name for count, name in DERIVED_COUNTS.items() if name in member_attributes}
    for count in derived:
        attribute_kinds.pop(count, None)
    initial: dict[str, object] = {}
    if team is not None:
        initial = {
            "name": team.name,
            "unit": team.unit,
            "unit_kind": team.unit_kind,
            "captain": team.captain_id,
        }
        for member in team.members.select_related("entry"):
            initial[f"player_{member.position}"] = str(member.entry_id)
            initial[f"rating_{member.position}"] = member.entry.rating or None
            for name in member_attributes:
                initial[f"roster_{name}_{member.position}"] = bool(member.attributes.get(name))
        for name in attribute_kinds:
            initial[f"attribute_{name}"] = team.attributes.get(name)
    form = forms.TeamForm(
        section,
        places,
        team,
        request.POST or None,
        initial=initial,
        attributes=attribute_kinds,
        member_attributes=member_attributes,
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        attributes = {
            name: value
            for name, value in (team.attributes if team else {}).items()
            if name not in attribute_kinds
        } | data["attributes"]
        for count, name in derived.items():
            attributes[count] = sum(1 for values in data["member_attributes"] if values.get(name))
        try:
            with transaction.atomic():
                members = _roster_entries(request, section, data["roster"], data["ratings"])
                if team is None:
                    saved = services.create_team(
                        section,
                        data["name"],
                        members,
                        request.user,
                        unit=data["unit"],
                        unit_kind=data["unit_kind"],
                        attributes=attributes,
                        member_attributes=data["member_attributes"],
                    )
                else:
                    saved = services.edit_team(
                        team,
                        data["name"],
                        members,
                        request.user,
                        unit=data["unit"],
                        unit_kind=data["unit_kind"],
                        attributes=attributes,
                        member_attributes=data["member_attributes"],
                    )
                if saved.captain_id != (data["captain"].pk if data["captain"] else None):
                    services.set_captain(saved, data["captain"], request.user)
        except (ServiceError, PermissionDenied) as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Team %(name)s saved.") % {"name": saved.name})
            return redirect(reverse("teams:team_section", args=[section.event.slug, section.key]))
    return render(
        request,
        "teams/team_form.html",
        {
            "event": section.event,
            "section": section,
            "team": team,
            "form": form,
            "rounds_paired": section.team_rounds.exists(),
            "previous_events": fees.previous_events(section),
            "fee_line": next(
                (line for line in fees.section_fee_lines(section) if line.team.pk == team.pk),
                None,
            )
            if team is not None
            else None,
        },
    )


DERIVED_COUNTS = {"local_players": "local"}
"""Team attributes (tested by team prizes) that count the roster's players with a per-player
attribute (tested by fee discounts): the form sets the count from the check boxes."""


@login_required
def team_fee(request: HttpRequest, slug: str, key: str, team: int) -> HttpResponse:
    """A team's fee (the regulations' fee, each discount named, due, paid, balance, admitted
    or waiting) and its payments; organisers record a payment here (amount and date)."""
    section = _section(slug, key)
    if not (
        permissions.can_organise(request.user, section.event)
        or permissions.can_arbitrate(request.user, section.event)
    ):
        raise PermissionDenied(_("Only an organiser or an arbiter of this event may see this."))
    team_row = models.Team.objects.filter(section=section, number=team).first()
    if team_row is None:
        messages.error(
            request,
            _("%(section)s has no team %(team)d (it may have been deleted); nothing was recorded.")
            % {"section": section.name, "team": team},
        )
        return redirect(reverse("teams:team_section", args=[slug, key]))
    if request.method == "POST" and "cancel" in request.POST:
        _cancel_payment(request, team_row, request.POST.get("cancel", ""))
        return redirect(reverse("teams:team_fee", args=[slug, key, team]))
    form = forms.TeamPaymentForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            payment = _acting(
                request,
                lambda: fees.record_team_payment(
                    team_row,
                    form.cleaned_data["amount"],
                    form.cleaned_data["paid_on"],
                    request.user,
                ),
                _("Payment recorded for %(team)s.") % {"team": team_row.name},
            )
            if payment is not None:
                return redirect(reverse("teams:team_fee", args=[slug, key, team]))
        else:
            messages.error(request, _("The payment was not recorded; see the form."))
    line = next(line for line in fees.section_fee_lines(section) if line.team.pk == team_row.pk)
    return render(
        request,
        "teams/team_fee.html",
        {
            "event": section.event,
            "section": section,
            "team": team_row,
            "line": line,
            "payments": _payment_rows(team_row),
            "form": form,
            "can_organise": permissions.can_organise(request.user, section.event),
        },
    )


def _payment_rows(team: models.Team) -> list[dict[str, Any]]:
    """The team's ledger in date order: each payment, whether a later entry cancels it (and
    why), and each cancellation naming the payment it reverses."""
    payments = list(team.payments.all())
    reversal_of = {p.reverses_id: p for p in payments if p.reverses_id is not None}
    by_pk = {p.pk: p for p in payments}
    return [
        {
            "payment": payment,
            "cancelled_by": reversal_of.get(payment.pk),
            "reverses": by_pk.get(payment.reverses_id) if payment.reverses_id else None,
        }
        for payment in payments
    ]


def _cancel_payment(request: HttpRequest, team: models.Team, payment_id: str) -> None:
    """The fee page's "Cancel payment" button: a reversing entry with the reason typed."""
    payment_pk = whole_number_or_none(payment_id, 1)
    payment = (
        models.TeamPayment.objects.filter(team=team, pk=payment_pk).first()
        if payment_pk is not None
        else None
    )
    if payment is None:
        messages.error(
            request,
            _("%(team)s has no such payment (it may have been cancelled); nothing was changed.")
            % {"team": team.name},
        )
        return
    _acting(
        request,
        lambda: fees.cancel_team_payment(payment, request.POST.get("reason", ""), request.user),
        _("Payment of %(amount)s on %(date)s cancelled for %(team)s.")
        % {
            "amount": wording.value_text(payment.amount),
            "date": localisation.date_text(payment.paid_on),
            "team": team.name,
        },
    )


def _roster_entries(
    request: HttpRequest,
    section: Section,
    places: list[Entry | tuple[str, str]],
    ratings: list[int | None],
) -> list[Entry]:
    """The roster's entries: new players entered in the section with their rating, and the
    changed ratings of entered players saved (the team's average rating counts them). A
    blank rating keeps an entered player's rating (an imported list's ratings are not lost
    when the box is left empty) and enters a new player unrated; 0 makes a player unrated."""
    members: list[Entry] = []
    for place, rating in zip(places, ratings, strict=True):
        if isinstance(place, Entry):
            if rating is not None and rating != place.rating:
                data = dataclasses.replace(event_services.entry_data_of(place), rating=rating)
                place = event_services.update_entry(place, data, request.user)
            members.append(place)
        else:
            members.append(
                event_services.add_entry(
                    section,
                    EntryData(name=place[0], member_id=place[1], rating=rating or 0),
                    request.user,
                )
            )
    return members


@login_required
def team_create(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    return _team_form(request, _section(slug, key), None)


@login_required
def team_edit(request: HttpRequest, slug: str, key: str, team: int) -> HttpResponse:
    section = _section(slug, key)
    return _team_form(
        request, section, get_object_or_404(models.Team, section=section, number=team)
    )


@login_required
@require_POST
def team_delete(request: HttpRequest, slug: str, key: str, team: int) -> HttpResponse:
    """Delete a team before round 1 is paired (organisers; refused with a message after)."""
    section = _section(slug, key)
    team_row = get_object_or_404(models.Team, section=section, number=team)
    name = team_row.name

    def delete() -> bool:
        services.delete_team(team_row, request.user)
        return True

    if _acting(request, delete, _("Team %(name)s deleted.") % {"name": name}) is None:
        return redirect(reverse("teams:team_edit", args=[slug, key, team]))
    return redirect(reverse("teams:team_section", args=[slug, key]))


@login_required
def my_teams(request: HttpRequest) -> HttpResponse:
    """A captain's back office: their own teams, each with its line-up pages and deadlines
    (and nothing of the other teams')."""
    teams = (
        models.Team.objects.filter(captain_id=request.user.pk)
        .select_related("section__event")
        .order_by("section__event__name", "number")
    )
    rows = []
    for team in teams:
        rounds = list(team.section.team_rounds.all())
        numbers = [r.number for r in rounds]
        if len(numbers) < team.section.total_rounds:
            numbers.append(len(numbers) + 1)  # the next round, before it is paired
        rows.append(
            {
                "team": team,
                "rounds": [
                    (
                        number,
                        services.deadline(team, number),
                        team.lineups.filter(round_number=number).first(),
                        bool(_closed_for_captain(request.user, team, number)),
                    )
                    for number in numbers
                ],
            }
        )
    return render(request, "teams/my_teams.html", {"rows": rows})


@login_required
def lineup(request: HttpRequest, slug: str, key: str, team: int, number: int) -> HttpResponse:
    """The captain's (or arbiter's) line-up page for one round, with the opponent and the
    deadline at the venue's time. A refused line-up comes back as it was chosen, with the
    reason: the captain corrects a board, not the whole form."""
    section = _section(slug, key)
    team_row = get_object_or_404(models.Team, section=section, number=team)
    if not services.may_see_lineup(request.user, team_row):
        raise PermissionDenied(
            _("Only this team's captain, an arbiter or an organiser may see this page.")
        )
    team_rules = bridge.team_rules(section)
    closed = _closed_for_captain(request.user, team_row, number)
    if request.method == "POST" and closed:
        messages.error(request, closed)
        return redirect(reverse("teams:lineup", args=[slug, key, team, number]))
    if request.method == "POST":
        boards: list[int | None] = []
        unreadable = []
        for board in range(1, team_rules.boards + 1):
            value = request.POST.get(f"board_{board}", "").strip()
            entry_id = whole_number_or_none(value, 1)
            if value and entry_id is None:
                # the form offers the roster's players: anything else is refused, never
                # taken for an empty board
                unreadable.append(board)
            boards.append(entry_id)
        accept = request.POST.get("accept_order_errors") == "on"
        for board in unreadable:
            messages.error(request, _("Board %(board)d: no such player.") % {"board": board})
        if not unreadable and _acting(
            request,
            lambda: services.submit_lineup(
                team_row, number, boards, request.user, accept_order_errors=accept
            ),
            _("Line-up saved."),
        ):
            return redirect(reverse("teams:lineup", args=[slug, key, team, number]))
        return _lineup_page(request, team_row, number, closed, boards, accept)
    return _lineup_page(request, team_row, number, closed)


def _opponent(team: models.Team, number: int) -> tuple[models.TeamMatch | None, models.Team | None]:
    """``team``'s match of round ``number`` and its opponent (None before the pairing)."""
    match = (
        models.TeamMatch.objects.filter(round__section=team.section, round__number=number)
        .filter(Q(first=team) | Q(second=team))
        .select_related("first", "second")
        .first()
    )
    if match is None:
        return None, None
    return match, match.second if match.first_id == team.pk else match.first


def _lineup_page(
    request: HttpRequest,
    team_row: models.Team,
    number: int,
    closed: str,
    posted: list[int | None] | None = None,
    accept: bool = False,
) -> HttpResponse:
    """The line-up form: the boards ``posted`` (a refused submission, kept as chosen), else
    the stored line-up, else the registered one."""
    section = team_row.section
    team_rules = bridge.team_rules(section)
    stored = team_row.lineups.filter(round_number=number).first()
    # A player declared ineligible is offered on no board from the declaration on.
    barred = bridge.unavailable_in(bridge.ineligible_from(section), number)
    roster = bridge.roster(team_row)
    available = dataclasses.replace(
        roster, members=tuple(m for m in roster.members if m not in barred)
    )
    registered = available.registered_lineup(team_rules.boards)
    if posted is not None:
        chosen = posted
    elif stored:
        chosen = [b if b is None else int(b) for b in stored.boards]
    else:
        chosen = list(registered)
    members = [m for m in team_row.members.select_related("entry") if m.entry_id not in barred]
    match, opponent = _opponent(team_row, number)
    due = services.deadline(team_row, number)
    return render(
        request,
        "teams/lineup.html",
        {
            "event": section.event,
            "section": section,
            "team": team_row,
            "number": number,
            "members": members,
            "deadline": due,
            "zone": event_time.describe_zone(section.event, due)
            if due is not None and section.event.time_zone
            else "",
            "match": match,
            "opponent": opponent,
            "stored": stored,
            "refused": posted is not None,
            "accept": accept,
            "can_arbitrate": permissions.can_arbitrate(request.user, section.event),
            "closed": closed,
            # board, chosen entry id, its roster member (None: an empty board)
            "boards": [
                (board, entry_id, next((m for m in members if m.entry_id == entry_id), None))
                for board, entry_id in (
                    (board, chosen[board - 1] if board <= len(chosen) else None)
                    for board in range(1, team_rules.boards + 1)
                )
            ],
        },
    )


def _closed_for_captain(user: Any, team: models.Team, number: int) -> str:
    """Why a captain may no longer submit this round's line-up (empty when they may, and
    always for arbiters and organisers, who correct line-ups at any time): the deadline has
    passed or results of the round are in — the refusals of ``services.submit_lineup``,
    said before the captain fills in a form that would be refused."""
    if services.can_manage_lineups(user, team.section):
        return ""
    due = services.deadline(team, number)
    if due is not None and timezone.now() > due:
        return _("The line-up deadline has passed; the registered line-up will be played.")
    if (
        BoardGame.objects.filter(match__round__section=team.section, match__round__number=number)
        .exclude(first_result=ResultCode.PENDING.value)
        .exists()
    ):
        return _("Results of this round are already in.")
    return ""


@login_required
def team_round(request: HttpRequest, slug: str, key: str, number: int) -> HttpResponse:
    """A team round's matches board by board, every line-up shown: the arbiters' and
    organisers' page (arbiters enter results here, from the keyboard: ``3.2 1-0`` or a
    whole match ``3 1-0 1/2 0-1 1-0``). Captains and visitors are refused: the line-ups are
    secret until their deadline, and the public round page publishes them then."""
    section = _section(slug, key)
    if not services.can_manage_lineups(request.user, section):
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
        if not can_arbitrate:
            raise PermissionDenied(_("Only an arbiter of this event may do that."))
        if "starts_at" in request.POST:
            _move_round_start(request, round_row)
        elif "typed" in request.POST:
            typed = as_typed_on_a_latin_keyboard(request.POST.get("typed", ""))
            _enter_typed_results(request, round_row, typed)
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
                _acting(
                    request,
                    lambda: services.enter_board_result(
                        match, board, request.POST.get("result", ""), request.user
                    ),
                    _("Table %(table)d board %(board)d saved.")
                    % {"table": match.number, "board": board},
                )
        return redirect(reverse("teams:team_round", args=[slug, key, number]))
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
                }
                for b in scored_match.boards
            ],
        }
        for table, scored_match in enumerate(of_round, start=1)
    ]
    return render(
        request,
        "teams/team_round.html",
        {
            "event": section.event,
            "section": section,
            "round": round_row,
            "starts_at_text": event_time.wall_clock_text(section.event, round_row.starts_at),
            "deadline": lineup_deadline(round_row.starts_at, bridge.team_rules(section))
            if round_row.starts_at
            else None,
            "matches": matches,
            "can_arbitrate": can_arbitrate,
        },
    )


def _move_round_start(request: HttpRequest, round_row: models.TeamRound) -> None:
    """The arbiter's "Round starts at" box on the team round page (at the venue)."""
    try:
        starts_at = event_time.read_wall_clock(
            round_row.section.event, request.POST.get("starts_at", "")
        )
    except ValueError as error:
        messages.error(request, str(error))
        return
    _acting(
        request,
        lambda: services.set_round_start(round_row, starts_at, request.user),
        _("Round start saved."),
    )


def _enter_typed_results(request: HttpRequest, round_row: models.TeamRound, typed: str) -> None:
    """The arbiter's keyboard entry: ``3.2 1-0`` (table 3, board 2), ``3 1-0 1/2 0-1 1-0``
    (table 3, boards in order), several separated by commas or new lines; each board saved
    and logged on its own, a line that cannot be read refused with its text."""
    boards = bridge.team_rules(round_row.section).boards
    try:
        entries = parse_typed_results(typed, boards)
    except ServiceError as error:
        messages.error(request, str(error))
        return
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
            services.enter_board_result(match, board, result, request.user)
        except ServiceError as error:
            messages.error(request, f"{table}.{board} {result}: {error}")
            continue
        except PermissionDenied as error:
            acting.refused(request, error)
            continue
        saved.append(f"{table}.{board} {result}")
    if saved:
        messages.success(request, _("Saved: %(boards)s.") % {"boards": ", ".join(saved)})


@login_required
@require_POST
def pair_round(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    section = _section(slug, key)
    try:
        starts_at = event_time.read_wall_clock(section.event, request.POST.get("starts_at", ""))
    except ValueError as error:
        messages.error(request, str(error))
        return redirect(reverse("teams:team_section", args=[slug, key]))
    round_row = _acting(request, lambda: services.pair_next_round(section, request.user, starts_at))
    if round_row is None:
        return redirect(reverse("teams:team_section", args=[slug, key]))
    return redirect(reverse("teams:team_round", args=[slug, key, round_row.number]))


def team_standings(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    section = _section(slug, key)
    results = services.team_results(section)
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
    section = _section(slug, key)
    last_round: int | None = None
    if not services.can_manage_lineups(request.user, section):
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
