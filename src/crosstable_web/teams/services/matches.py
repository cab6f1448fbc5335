"""A team round: the arbiter pairs it with the section's team pairing system
(``NoPairing`` when the engine finds none), sets its start, numbers the teams by rating
before round 1 and enters the boards' results.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Sequence

from django.db import transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from crosstable.model import ResultCode
from crosstable.pairing.base import PairingError, TeamRoundPairing
from crosstable.pairing.registry import is_team_system, team_pair_function
from crosstable.teams.seeding import TeamSeed, seeding_order, team_strength
from crosstable.typed.results import read_board_result
from crosstable_web.common import localisation
from crosstable_web.events.models import Section
from crosstable_web.events.oversight import permissions
from crosstable_web.events.oversight.audit import Actor, record
from crosstable_web.events.regulations import event_time, regulation_messages, rules
from crosstable_web.events.rounds import pairing as section_pairing
from crosstable_web.events.rounds import pairing_runs, rule_warnings
from crosstable_web.events.rounds.notation import of_section
from crosstable_web.events.rounds.results import result_label
from crosstable_web.events.rounds.rule_warnings import RuleWarning
from crosstable_web.events.services import ServiceError
from crosstable_web.events.words.pairing_names import system_name
from crosstable_web.pairing_jobs import PairingJob
from crosstable_web.teams import bridge, hand_pairing, models, places


class NoPairing(ServiceError):
    """The engine found no pairing of the round (C.04.6 3.3.3: the chief arbiter decides)."""


@dataclasses.dataclass(slots=True)
class TeamPairingPlan:
    """What pairing the next team round of a section needs (:func:`plan_next_round`): the
    engine's job, read from the section, and what storing its answer checks."""

    section: Section
    job: PairingJob
    starts_at: datetime.datetime | None
    last_change: int | None
    """The event's last audit line when the plan was read: the same line when storing means
    nothing changed meanwhile (every change of teams, line-ups and results writes one)."""


def plan_next_round(
    section: Section, actor: Actor, starts_at: datetime.datetime | None = None
) -> TeamPairingPlan:
    """Read what the next round of ``section`` is paired from, or say why it cannot be
    (ServiceError). Before round 1 the teams are numbered by rating (a write, logged): call
    it in a transaction that also stores the round, as :func:`pair_next_round` does."""
    permissions.require_arbiter(actor, section.event)
    last_change = section_pairing._last_change(section.event_id)
    if not is_team_system(section.system_code):
        raise ServiceError(
            _("%(code)s is not a team pairing system.") % {"code": system_name(section.system_code)}
        )
    number = 1 + section.team_rounds.count()
    if number > section.total_rounds:
        raise ServiceError(_("All rounds have been paired."))
    # A match decided without its boards (a short team) needs no board results.
    scored, _changes = bridge.scored_matches(section)
    if any(match.first_result is ResultCode.PENDING for match in scored):
        raise ServiceError(_("Enter every result of the previous round first."))
    if not section.teams.exists():
        # the engine would refuse in English, naming TRF records
        raise ServiceError(_("This section has no teams yet: add them before pairing."))
    if starts_at is not None and timezone.is_naive(starts_at):
        raise ValueError("a round start must be an aware moment")
    # Places given by payment date: only the admitted teams are paired (places.playing_teams).
    playing = places.playing_teams(section, number)
    if number == 1:
        playing = number_teams_by_rating(section, playing, actor)
    tournament = bridge.tournament(section, playing)
    # the chief arbiter's prohibited pairs of teams (issue 25): an absolute criterion
    tournament.prohibited_pairings.extend(hand_pairing.prohibitions(section))
    job = PairingJob(section.system_code, tournament, number)
    return TeamPairingPlan(section, job, starts_at, last_change)


def no_pairing(error: Exception) -> NoPairing:
    """The engine found no pairing: its reason (a core message) in the reader's words, like
    the sentence around it; the pages then offer the ways out (teams.hand_pairing)."""
    return NoPairing(
        _("No pairing satisfies the rules: %(reason)s")
        % {"reason": regulation_messages.reason_text(error)}
    )


@transaction.atomic
def pair_next_round(
    section: Section, actor: Actor, starts_at: datetime.datetime | None = None
) -> models.TeamRound:
    """Pair the next round with the section's team pairing system and create its matches,
    the engine within this transaction (a pairing computed as a job: ``plan_next_round``,
    the engine in a worker, ``store_planned_round``).
    ``starts_at`` (aware) sets the round's start; None: the regulations' schedule, at the
    venue (the line-up deadline counts from it)."""
    permissions.require_arbiter(actor, section.event)
    section = Section.objects.select_for_update().get(pk=section.pk)
    plan = plan_next_round(section, actor, starts_at)
    try:
        pairing = team_pair_function(section.system_code)(
            plan.job.tournament, plan.job.round_number
        )
    except (PairingError, ValueError) as error:
        raise no_pairing(error) from None
    return _store(plan, pairing, actor)


def store_planned_round(
    plan: TeamPairingPlan, pairing: TeamRoundPairing, actor: Actor
) -> models.TeamRound:
    """Store ``pairing``, computed from ``plan`` outside any transaction, in a short one: the
    section is locked and the round stored only if what it was paired from is unchanged
    (nothing logged in the event since the plan was read, or else the section read again
    gives the same job), else ServiceError: pair it again."""
    with transaction.atomic():
        section = Section.objects.select_for_update().get(pk=plan.section.pk)
        permissions.require_arbiter(actor, section.event)
        unchanged = plan.last_change is not None and (
            section_pairing._last_change(section.event_id) == plan.last_change
        )
        if not unchanged and plan_next_round(section, actor, plan.starts_at).job != plan.job:
            raise ServiceError(_("Changed while it was being paired: pair it again."))
        plan.section = section
        return _store(plan, pairing, actor)


def _store(plan: TeamPairingPlan, pairing: TeamRoundPairing, actor: Actor) -> models.TeamRound:
    section, number = plan.section, plan.job.round_number
    teams = {team.number: team for team in section.teams.all()}
    round_row = models.TeamRound.objects.create(
        section=section,
        number=number,
        starts_at=plan.starts_at or event_time.scheduled_start(section, number),
        bye_team=teams[pairing.bye] if pairing.bye is not None else None,
    )
    boards = bridge.team_rules(section).boards
    for table, match in enumerate(pairing.boards, start=1):
        row = models.TeamMatch.objects.create(
            round=round_row, number=table, first=teams[match.first], second=teams[match.second]
        )
        models.BoardGame.objects.bulk_create(
            models.BoardGame(match=row, board=board) for board in range(1, boards + 1)
        )
    record(
        section.event,
        actor,
        "team_round.pair",
        f"{section.key} round {number}",
        None,
        {"matches": [[m.first, m.second] for m in pairing.boards], "bye": pairing.bye},
        params={"section": section.key, "round": number},
    )
    return round_row


def _back_url(section: Section) -> str:
    return reverse("teams:team_section", args=[section.event.slug, section.key])


def _round_url(section: Section, number: int) -> str:
    return reverse("teams:team_round", args=[section.event.slug, section.key, number])


PAIRER = pairing_runs.Pairer(
    pair_here=pair_next_round,
    plan=plan_next_round,
    store=store_planned_round,
    engine_error=no_pairing,
    paired_round=lambda section, number: section.team_rounds.filter(number=number).first(),
    next_number=lambda section: 1 + section.team_rounds.count(),
    round_url=_round_url,
    back_url=_back_url,
    way_out_url=lambda section: reverse("teams:hand_pair", args=[section.event.slug, section.key]),
    # Round 1 numbers the teams by rating first (a write), and its pairing is the fold: it
    # is paired within the request, so that a failure leaves the numbers as they were.
    as_job=lambda section: section.team_rounds.exists(),
)
"""A team section's next round, paired as a job (``events.rounds.pairing_runs``)."""


@transaction.atomic
def set_round_start(
    round_row: models.TeamRound, starts_at: datetime.datetime | None, actor: Actor
) -> None:
    """The arbiter moves a team round's start (and with it the line-up deadline); audited."""
    section = round_row.section
    permissions.require_arbiter(actor, section.event)
    if starts_at is not None and timezone.is_naive(starts_at):
        raise ValueError("a round start must be an aware moment")
    old = round_row.starts_at
    round_row.starts_at = starts_at
    round_row.save(update_fields=["starts_at"])
    record(
        section.event,
        actor,
        "round.start",
        f"{section.key} round {round_row.number}",
        event_time.wall_clock_text(section.event, old) or None,
        event_time.wall_clock_text(section.event, starts_at) or None,
    )


def number_teams_by_rating(
    section: Section, playing: set[int] | None, actor: Actor
) -> set[int] | None:
    """Before round 1: the teams numbered in their starting order (``crosstable.teams.seeding``:
    by the average rating of their ``boards`` strongest players, an unrated player counting as
    the regulations' value for a team's average), the playing teams first, the waiting ones
    after them in their order; the team numbers are the pairing numbers (TPN). Logged when it
    changes a number (``team.numbers``: name -> old and new number, with each team's average).
    Returns ``playing`` (the admitted teams' numbers) in the new numbers."""
    teams = list(section.teams.prefetch_related("members__entry").order_by("number"))
    boards = bridge.team_rules(section).boards
    unrated = _unrated_rating(section)
    seeds = {
        team.number: TeamSeed(
            team.number, team.name, tuple(m.entry.rating for m in team.members.all())
        )
        for team in teams
    }
    playing_seeds = [seeds[t.number] for t in teams if playing is None or t.number in playing]
    order = seeding_order(playing_seeds, boards, unrated, localisation.name_sort_key)
    order += [t.number for t in teams if t.number not in order]
    new_number = {old: new for new, old in enumerate(order, start=1)}
    if all(old == new for old, new in new_number.items()):
        return playing
    by_number = {team.number: team for team in teams}
    offset = 1 + max(new_number)  # two passes keep (section, number) unique throughout
    models.Team.objects.filter(section=section).update(number=F("number") + offset)
    for old, new in new_number.items():
        models.Team.objects.filter(pk=by_number[old].pk).update(number=new)
    record(
        section.event,
        actor,
        "team.numbers",
        section.key,
        {team.name: team.number for team in teams},
        {
            "numbers": {by_number[old].name: new for old, new in new_number.items()},
            "average_ratings": {
                seeds[old].name: str(team_strength(seeds[old].ratings, boards, unrated))
                for old in order
            },
        },
    )
    return None if playing is None else {new_number[old] for old in playing}


def _unrated_rating(section: Section) -> int:
    """What an unrated player counts as in a team's average rating: the regulations' value
    (a team prize's ``unrated_rating``: Fars 1000), else 0."""
    regulations = rules.section_rules(section)
    values = [
        category.unrated_rating
        for table in (regulations.prizes if regulations is not None else ())
        if "team" in table.rankings
        for category in table.categories
        if category.unrated_rating is not None
    ]
    return values[0] if values else 0


def enter_board_result(match: models.TeamMatch, board: int, text: str, actor: Actor) -> None:
    """Set a board's result (``1-0``, ``0-1``, ``1/2``, ``+-``, ``-+``, ``--``, ``*``)."""
    event = match.round.section.event
    permissions.require_arbiter(actor, event)
    try:
        first, second = read_board_result(text)
    except ValueError:
        raise ServiceError(
            _("Not a board result: %(text)s (write 1-0, 0-1, 1/2, +-, -+, -- or *).")
            % {"text": text}
        ) from None
    with transaction.atomic():
        game = models.BoardGame.objects.select_for_update().filter(match=match, board=board).first()
        if game is None:
            raise ServiceError(
                _("Table %(table)d has no board %(board)s.")
                % {"table": match.number, "board": board}
            )
        old = game.first_result + game.second_result
        if (
            old != first.value + second.value
            and match.round.section.team_rounds.filter(number__gt=match.round.number).exists()
        ):
            # the next round was paired from the result as it was: the chief arbiter's
            # decision, as for an individual section (``events.rounds``)
            permissions.require_chief(actor, event)
        game.first_result, game.second_result = first.value, second.value
        game.save(update_fields=["first_result", "second_result"])
        record(
            event,
            actor,
            "board.result",
            f"{match.round.section.key} round {match.round.number} table {match.number} "
            f"board {board}",
            old,
            first.value + second.value,
            params={
                "section": match.round.section.key,
                "round": match.round.number,
                "table": match.number,
                "board": board,
            },
            about=(match.first, match.second),
        )


def confirm_replacements(
    round_row: models.TeamRound,
    boards: Sequence[tuple[int, int, str]],
    actor: Actor,
    token: str | None = None,
) -> list[RuleWarning]:
    """Before results typed or clicked on the round page go in (``boards``: table, board and
    the result as :func:`enter_board_result` reads it): every board that already holds
    another result is named — table, board, teams, the result stored and the one typed
    (``team_result.replace``, level 3, as the individual round page asks) — and the lot is
    confirmed once (``token``). Boards that hold nothing yet, the same result, or a result
    that cannot be read are not asked about (:func:`enter_board_result` refuses the last
    with its reason). Returns the confirmed warnings; raises ``NeedsConfirmation`` until
    they are confirmed."""
    section = round_row.section
    notation = of_section(section)
    matches = {m.number: m for m in round_row.matches.select_related("first", "second")}
    games = {
        (game.match.number, game.board): game
        for game in models.BoardGame.objects.filter(match__round=round_row).select_related("match")
    }
    warnings: list[RuleWarning] = []
    changes: list[str] = []
    for table, board, text in boards:
        game = games.get((table, board))
        if game is None or game.first_result == ResultCode.PENDING.value:
            continue
        try:
            first, second = read_board_result(text)
        except ValueError:
            continue
        if (game.first_result, game.second_result) == (first.value, second.value):
            continue
        match = matches[table]
        warnings.append(
            RuleWarning(
                "team_result.replace",
                {
                    "table": table,
                    "board": board,
                    "teams": f"{match.first.name} – {match.second.name}",
                    "was": result_label(game.first_result, game.second_result, notation),
                    "result": result_label(first.value, second.value, notation) or "*",
                },
            )
        )
        # the action names the results stored now: a confirmation is void once a board
        # holds another (another arbiter entered it meanwhile)
        changes.append(
            f"{table}.{board}:{game.first_result}{game.second_result}>{first.value}{second.value}"
        )
    return rule_warnings.require(
        section, actor, f"team_results:{round_row.pk}:{','.join(changes)}", warnings, token
    )
