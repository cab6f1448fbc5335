"""Players declared ineligible (and the declaration undone): the matches
they played are rescored by the regulations, and the line-ups as played are kept in the
audit log.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from crosstable.model import ResultCode
from crosstable.teams.match_scoring import (
    Rescoring,
    rescore_ineligible,
)
from crosstable_web.common.value_messages import stored_text_problem
from crosstable_web.events.models import Entry, Section
from crosstable_web.events.oversight import permissions
from crosstable_web.events.oversight.audit import Actor, record
from crosstable_web.events.services import ServiceError
from crosstable_web.teams import bridge, models
from crosstable_web.teams.wording import rescoring_record


def declare_ineligible(entry: Entry, reason: str, actor: Actor) -> list[Rescoring]:
    """Declare ``entry`` ineligible (an organiser or arbiter; Fars table B: a player born
    before the cut-off found out during the event) with the regulation's consequences:
    every match they played is re-scored (``team.ineligible_player_penalty``: their games lost
    by forfeit, or the whole match 0–4 to the opponents); from the first round without a
    result on they are in no line-up (the registered line-up takes the next player of the
    roster; a line-up naming them is refused); they are in no board ranking or board prize.
    The audit log keeps the reason and each match's score before and after."""
    section = entry.section
    permissions.require_staff(actor, section.event)
    member = models.TeamMember.objects.filter(entry=entry).select_related("team").first()
    if member is None or member.team.section_id != section.pk:
        raise ServiceError(_("%(name)s is on no team of this section.") % {"name": entry.name})
    if not reason.strip():
        raise ServiceError(_("Give the reason (e.g. the birth date found)."))
    problem = stored_text_problem(models.IneligiblePlayer._meta.get_field("reason"), reason.strip())
    if problem is not None:
        raise ServiceError(problem)
    teams = dict(section.teams.values_list("number", "name"))
    players = dict(section.entries.values_list("pk", "name"))
    with transaction.atomic():
        Section.objects.select_for_update().get(pk=section.pk)
        if models.IneligiblePlayer.objects.filter(entry=entry).exists():
            raise ServiceError(_("%(name)s is already declared ineligible.") % {"name": entry.name})
        before, _changes = bridge.scored_matches(section)
        _after, changes = rescore_ineligible(before, entry.pk, bridge.match_rules(section))
        from_round = 1 + _last_round_with_results(section)
        models.IneligiblePlayer.objects.create(
            entry=entry, reason=reason.strip(), from_round=from_round
        )
        record(
            section.event,
            actor,
            "player.ineligible",
            f"{section.key}/team {member.team.number} {member.team.name}: {entry.name}",
            None,
            {
                "reason": reason.strip(),
                "from_round": from_round,
                "rescored": [rescoring_record(change, teams, players) for change in changes],
            },
            params={"section": section.key, "team": member.team.name, "player": entry.name},
            about=(entry, member.team),
        )
    return changes


def undo_ineligible(entry: Entry, reason: str, actor: Actor) -> list[Rescoring]:
    """Withdraw a declaration of ineligibility (organisers only; a declaration made in error):
    the re-scored matches get their results from the boards again and the player may play.
    The rounds played meanwhile stay as they were played: a line-up the declaration changed
    (the player left out) is stored as the arbiter's, so the player does not reappear in a
    game they did not play. Logged with the reason, the matches given back and the line-ups
    kept. Returns the re-scorings undone."""
    section = entry.section
    permissions.require_organiser(actor, section.event)
    if not reason.strip():
        raise ServiceError(_("Give the reason for withdrawing the declaration."))
    with transaction.atomic():
        Section.objects.select_for_update().get(pk=section.pk)
        declared = models.IneligiblePlayer.objects.filter(entry=entry).first()
        if declared is None:
            raise ServiceError(_("%(name)s is not declared ineligible.") % {"name": entry.name})
        _scored, changes = bridge.scored_matches(section)
        undone = [change for change in changes if change.player == entry.pk]
        kept = _keep_lineups_as_played(declared, actor)
        old = {"reason": declared.reason, "from_round": declared.from_round}
        declared.delete()
        teams = dict(section.teams.values_list("number", "name"))
        players = dict(section.entries.values_list("pk", "name"))
        record(
            section.event,
            actor,
            "player.ineligible.undo",
            entry.name,
            old,
            {
                "reason": reason.strip(),
                "restored": [rescoring_record(change, teams, players) for change in undone],
                # the line-ups by round, each board's player by name (no entry ids)
                "lineups_kept": {
                    number: [players.get(pk, "–") if pk else "–" for pk in boards]
                    for number, boards in kept.items()
                },
            },
            params={"section": section.key, "player": entry.name},
            about=(entry,),
        )
    return undone


def _last_round_with_results(section: Section) -> int:
    """The last team round with at least one board result entered (0: none)."""
    numbers = (
        models.BoardGame.objects.filter(match__round__section=section)
        .exclude(first_result=ResultCode.PENDING.value)
        .values_list("match__round__number", flat=True)
    )
    return max(numbers, default=0)


def _keep_lineups_as_played(declared: models.IneligiblePlayer, actor: Actor) -> dict[str, Any]:
    """Store, as the arbiter's, the line-ups of the player's team that the declaration
    changed in the rounds with results since ``declared.from_round`` (what was played);
    returns them by round for the log."""
    member = models.TeamMember.objects.select_related("team__section").get(entry=declared.entry)
    team, section = member.team, member.team.section
    team_rules, team_roster = bridge.team_rules(section), bridge.roster(team)
    ineligible = bridge.ineligible_from(section)
    played = _last_round_with_results(section)
    kept: dict[str, Any] = {}
    now = timezone.now()
    for round_row in section.team_rounds.filter(
        number__gte=declared.from_round, number__lte=played
    ):
        stored = models.LineUp.objects.filter(team=team, round_number=round_row.number).first()
        unavailable = bridge.unavailable_in(ineligible, round_row.number)
        as_played = bridge.effective(team_roster, round_row, team_rules, stored, unavailable)
        without = bridge.effective(
            team_roster, round_row, team_rules, stored, unavailable - {declared.entry_id}
        )
        if as_played.boards == without.boards:
            continue
        models.LineUp.objects.update_or_create(
            team=team,
            round_number=round_row.number,
            defaults={
                "boards": list(as_played.boards),
                "source": models.LineUpSource.ARBITER,
                "submitted_at": now,
                "out_of_order": sorted(as_played.out_of_order),
            },
        )
        kept[str(round_row.number)] = list(as_played.boards)
    return kept
