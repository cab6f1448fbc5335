"""Line-ups: a team's captain submits its own team's before the deadline;
arbiters and organisers enter or correct any, at any time, and may accept one out of board
order. A refused line-up's problem is told in words (``lineup_problem_text``).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from crosstable.teams.lineups import (
    LineUpProblem,
    boards_out_of_order,
    lineup_deadline,
    validate_lineup,
)
from crosstable_web.events.models import Entry, Section
from crosstable_web.events.oversight import permissions
from crosstable_web.events.oversight.audit import Actor, record
from crosstable_web.events.services import ServiceError
from crosstable_web.teams import bridge, models
from crosstable_web.teams.services.audit_lines import audit_params, audit_target


def is_captain(actor: Actor, team: models.Team) -> bool:
    return isinstance(actor, AbstractBaseUser) and team.captain_id == actor.pk


def can_manage_lineups(actor: Actor, section: Section) -> bool:
    """Arbiters and organisers enter or correct any team's line-up, at any time."""
    return permissions.can_arbitrate(actor, section.event) or permissions.can_organise(
        actor, section.event
    )


def may_see_lineup(actor: Actor, team: models.Team) -> bool:
    """The line-up pages of a team: its captain's, and the arbiters' and organisers'."""
    return is_captain(actor, team) or can_manage_lineups(actor, team.section)


def deadline(team: models.Team, round_number: int) -> datetime.datetime | None:
    round_row = team.section.team_rounds.filter(number=round_number).first()
    if round_row is None or round_row.starts_at is None:
        return None
    return lineup_deadline(round_row.starts_at, bridge.team_rules(team.section))


def submit_lineup(
    team: models.Team,
    round_number: int,
    boards: Sequence[int | None],
    actor: Actor,
    now: datetime.datetime | None = None,
    accept_order_errors: bool = False,
) -> models.LineUp:
    """Record ``team``'s line-up (entry ids board by board, None for an empty board) for
    ``round_number``. The captain may do so until the deadline (and before any result of the
    round is in), an arbiter or organiser at any time; the log keeps the old and the new.

    ``accept_order_errors`` (arbiters only): a line-up breaking the roster order is accepted
    rather than refused; its boards out of order are lost by forfeit by this team, the other
    games stand (Fars: "an error in the board order loses only the games where it occurred")."""
    event = team.section.event
    staff = can_manage_lineups(actor, team.section)
    if not staff and not is_captain(actor, team):
        raise PermissionDenied(
            _("Only this team's captain, an arbiter or an organiser may submit its line-up.")
        )
    now = now or timezone.now()
    due = deadline(team, round_number)
    if not staff and due is not None and now > due:
        raise ServiceError(
            _("The line-up deadline has passed; the registered line-up will be played.")
        )
    if team.section.team_rounds.filter(number=round_number).exists() and not staff:
        round_row = team.section.team_rounds.get(number=round_number)
        if (
            models.BoardGame.objects.filter(match__round=round_row)
            .exclude(first_result="*")
            .exists()
        ):
            raise ServiceError(_("Results of this round are already in."))
    if accept_order_errors and not permissions.can_arbitrate(actor, event):
        raise PermissionDenied(_("Only an arbiter may accept a line-up out of board order."))
    roster, team_rules = bridge.roster(team), bridge.team_rules(team.section)
    barred = bridge.unavailable_in(bridge.ineligible_from(team.section), round_number)
    barred_here = [entry for entry in boards if entry is not None and entry in barred]
    if barred_here:
        called = dict(Entry.objects.filter(pk__in=barred_here).values_list("pk", "name"))
        raise ServiceError(
            " ".join(
                _("%(name)s was declared ineligible and may not play.") % {"name": called[entry]}
                for entry in barred_here
            )
        )
    problems = validate_lineup(roster, boards, team_rules)
    out_of_order: list[int] = []
    if accept_order_errors:
        problems = [problem for problem in problems if problem.code != "lineup.order"]
        out_of_order = sorted(boards_out_of_order(roster, boards, team_rules))
    if problems:
        named = {p.player for p in problems} | {p.above_player for p in problems}
        names = dict(
            Entry.objects.filter(pk__in=[p for p in named if p is not None]).values_list(
                "pk", "name"
            )
        )
        raise ServiceError(
            " ".join(lineup_problem_text(problem, names, team.name) for problem in problems)
        )
    source = models.LineUpSource.ARBITER if staff else models.LineUpSource.SUBMITTED
    with transaction.atomic():
        existing = models.LineUp.objects.filter(team=team, round_number=round_number).first()
        old: dict[str, Any] | None = None
        if existing is not None:
            old = {"boards": existing.boards, "by": existing.source}
            if existing.out_of_order:
                old["out_of_order"] = existing.out_of_order
        lineup, _created = models.LineUp.objects.update_or_create(
            team=team,
            round_number=round_number,
            defaults={
                "boards": list(boards),
                "source": source,
                "submitted_at": now,
                "out_of_order": out_of_order,
            },
        )
        new: dict[str, Any] = {"boards": list(boards), "by": source}
        if out_of_order:
            new["out_of_order"] = out_of_order
        record(
            event,
            actor,
            "lineup.submit",
            f"{audit_target(team)} round {round_number}",
            old,
            new,
            params=audit_params(team, round=round_number),
            about=(team,),
        )
    return lineup


def lineup_problem_text(problem: LineUpProblem, names: dict[int, str], team: str) -> str:
    """A line-up refusal in the user's language, naming the players (``names``: entry id ->
    name), their roster places and boards."""

    def called(player: int | None) -> str:
        if player is None:
            return "—"
        return names.get(player) or _("player %(id)d") % {"id": player}

    values: dict[str, object] = {
        "board": problem.board,
        "player": called(problem.player),
        "place": problem.roster_place or 0,
        "above_board": problem.above_board or 0,
        "above_player": called(problem.above_player),
        "above_place": problem.above_roster_place or 0,
        "team": team,
        "expected": problem.boards_expected or 0,
        "given": problem.boards_given or 0,
    }
    texts = {
        "lineup.order": _(
            "Board %(board)d: %(player)s (roster place %(place)d) may not play below "
            "%(above_player)s (roster place %(above_place)d) on board %(above_board)d; "
            "the line-up must keep the roster order."
        ),
        "lineup.gap": _(
            "Board %(board)d is filled but board %(above_board)d is empty: players move up, "
            "empty boards are the last ones."
        ),
        "lineup.duplicate": _("Board %(board)d: %(player)s is already listed."),
        "lineup.not_on_roster": _("Board %(board)d: %(player)s is not on the roster of %(team)s."),
        "lineup.board_count": _("A line-up has %(expected)d boards, not %(given)d."),
    }
    text = texts.get(problem.code)
    return problem.message if text is None else text % values
