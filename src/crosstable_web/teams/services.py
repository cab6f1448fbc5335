"""Every change to a team section: teams and captains, line-ups, pairing a team round, board
results and ineligible players. Each checks the actor's rights and writes the audit log.

Who may do what: organisers create teams, edit them (name, unit, prize attributes; rosters
until round 1 is paired), delete them before round 1 is paired and name captains; a team's
captain submits its line-up before the deadline (and only its own team's); arbiters and
organisers enter or correct any line-up at any time; arbiters pair rounds, enter results,
accept line-ups out of board order and declare players ineligible.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from crosstable.model import ResultCode
from crosstable.pairing.base import PairingError
from crosstable.pairing.registry import is_team_system, team_pair_function
from crosstable.prizes import PrizeList, allocate_prizes
from crosstable.regulations.schema import BoardRanking, PrizeRules, TeamRankingMethod
from crosstable.standings import Standings, StandingsRules, compute_team_standings
from crosstable.teams.board_prizes import (
    BoardStanding,
    board_entrants,
    board_records,
    rank_board,
    team_entrants,
    team_prize_attributes,
)
from crosstable.teams.lineups import (
    LineUpProblem,
    boards_out_of_order,
    lineup_deadline,
    validate_lineup,
)
from crosstable.teams.match_scoring import (
    Rescoring,
    ScoredMatch,
    rescore_ineligible,
    team_event,
)
from crosstable.teams.seeding import TeamSeed, seeding_order, team_strength
from crosstable.tiebreaks.unplayed import UnplayedRule
from crosstable.typed.results import read_board_result
from crosstable_web.common.value_messages import stored_text_problem
from crosstable_web.events import services as event_services
from crosstable_web.events.models import Entry, Section
from crosstable_web.events.oversight import permissions
from crosstable_web.events.oversight.audit import Actor, record
from crosstable_web.events.ranking import standings as ranking_standings
from crosstable_web.events.regulations import event_time, regulation_messages, rules
from crosstable_web.events.services import EntryData, ServiceError, team_capacity_problem
from crosstable_web.events.words.pairing_names import system_name
from crosstable_web.teams import bridge, fees, hand_pairing, models, places
from crosstable_web.teams.wording import rescoring_record


def _target(team: models.Team) -> str:
    return f"{team.section.key}/team {team.number} {team.name}"


def _about(team: models.Team, **more: object) -> dict[str, object]:
    """What an audit line on ``team`` is about (``audit.subject`` writes it in words)."""
    return {"section": team.section.key, "team": team.name, **more}


def create_team(
    section: Section,
    name: str,
    members: Sequence[Entry],
    actor: Actor,
    unit: str = "",
    unit_kind: str = "",
    attributes: dict[str, Any] | None = None,
    member_attributes: Sequence[dict[str, Any]] | None = None,
) -> models.Team:
    """A new team with ``members`` as its roster, in board order (``member_attributes``: what
    the fee discounts test of each, e.g. ``{"local": True}``), its fee computed and stored.
    A full section refuses it, unless places go to the teams that pay first: then it is
    entered and waits for a place (``crosstable_web.teams.places``)."""
    permissions.require_organiser(actor, section.event)
    _check_roster_size(section, members)
    with transaction.atomic():
        # Locked so that two organisers saving at once cannot both take the last place.
        Section.objects.select_for_update().get(pk=section.pk)
        full = team_capacity_problem(section, section.teams.count())
        if full is not None and not places.admission_by_payment(section):
            raise ServiceError(full)
        number = 1 + max(section.teams.values_list("number", flat=True), default=0)
        team = models.Team.objects.create(
            section=section,
            number=number,
            name=name,
            unit=unit,
            unit_kind=unit_kind,
            attributes=attributes or {},
        )
        _add_members(team, members, member_attributes)
        fee = fees.refresh_fee(team)
        record(
            section.event,
            actor,
            "team.create",
            _target(team),
            None,
            {
                "name": name,
                "roster": [entry.name for entry in members],
                "unit": unit,
                "unit_kind": unit_kind,
                "attributes": dict(attributes or {}),
                **_member_attributes_log(members, member_attributes),
                **fee,
            },
            params=_about(team),
            about=(team,),
        )
    return team


def _member_attributes_log(
    members: Sequence[Entry], member_attributes: Sequence[dict[str, Any]] | None
) -> dict[str, Any]:
    """The roster's per-player fee attributes for the audit log (only when there are any)."""
    if not member_attributes or not any(member_attributes):
        return {}
    return {
        "member_attributes": {
            entry.name: dict(values)
            for entry, values in zip(members, member_attributes, strict=False)
            if values
        }
    }


def edit_team(
    team: models.Team,
    name: str,
    members: Sequence[Entry],
    actor: Actor,
    unit: str = "",
    unit_kind: str = "",
    attributes: dict[str, Any] | None = None,
    member_attributes: Sequence[dict[str, Any]] | None = None,
) -> models.Team:
    """Change a team's name, unit, prize and fee attributes (None: unchanged), roster (board
    order) and its players' fee attributes (None: unchanged); the roster only until the first
    round is paired. The fee is computed again and stored."""
    section = team.section
    permissions.require_organiser(actor, section.event)
    old_members = list(team.members.select_related("entry"))
    old_roster = [member.entry for member in old_members]
    roster_changed = [entry.pk for entry in old_roster] != [entry.pk for entry in members]
    if roster_changed and section.team_rounds.exists():
        raise ServiceError(_("Rosters are fixed once the first round is paired."))
    _check_roster_size(section, members)
    with transaction.atomic():
        old = {
            "name": team.name,
            "unit": team.unit,
            "unit_kind": team.unit_kind,
            "attributes": dict(team.attributes),
            "roster": [entry.name for entry in old_roster],
            **_member_attributes_log(old_roster, [m.attributes for m in old_members]),
            "fee_due": str(team.fee_due),
        }
        team.name, team.unit, team.unit_kind = name, unit, unit_kind
        if attributes is not None:
            team.attributes = dict(attributes)
        team.save(update_fields=["name", "unit", "unit_kind", "attributes"])
        if member_attributes is None:
            kept = {member.entry_id: member.attributes for member in old_members}
            member_attributes = [dict(kept.get(entry.pk, {})) for entry in members]
        if roster_changed:
            team.members.all().delete()
            _add_members(team, members, member_attributes)
        else:
            for member, values in zip(old_members, member_attributes, strict=False):
                if member.attributes != values:
                    member.attributes = dict(values)
                    member.save(update_fields=["attributes"])
        fee = fees.refresh_fee(team)
        record(
            section.event,
            actor,
            "team.edit",
            _target(team),
            old,
            {
                "name": name,
                "unit": unit,
                "unit_kind": unit_kind,
                "attributes": dict(team.attributes),
                "roster": [entry.name for entry in members],
                **_member_attributes_log(members, member_attributes),
                **fee,
            },
            params=_about(team),
            about=(team,),
        )
    return team


DERIVED_COUNTS = {"local_players": "local"}
"""Team attributes (tested by team prizes) that count the roster's players with a per-player
attribute (tested by fee discounts): the form sets the count from the check boxes."""


@dataclasses.dataclass(frozen=True)
class TeamFormFields:
    """What the organiser's team form asks of a team beyond its name, unit and roster."""

    attributes: dict[str, type]
    """Team attributes typed in (the team prizes' and fee discounts' conditions), each with
    its kind of value; not those a roster's check boxes count."""
    member_attributes: list[str]
    """Per-player yes/no attributes the fee discounts test (Fars: ``local``)."""
    derived: dict[str, str]
    """Team attribute counted from a per-player one (``DERIVED_COUNTS``, where asked)."""


def team_form_fields(section: Section) -> TeamFormFields:
    regulations = rules.section_rules(section)
    attribute_kinds = team_prize_attributes(regulations.prizes if regulations else ())
    for name, kind in fees.team_fee_attributes(section).items():
        attribute_kinds.setdefault(name, kind)
    member_attributes = fees.member_fee_attributes(section)
    # A count the roster's check boxes give (Fars: local players) is not typed in as well.
    derived = {count: name for count, name in DERIVED_COUNTS.items() if name in member_attributes}
    for count in derived:
        attribute_kinds.pop(count, None)
    return TeamFormFields(attribute_kinds, member_attributes, derived)


@dataclasses.dataclass(frozen=True)
class TeamData:
    """A team as the organiser's form gives it."""

    name: str
    unit: str
    unit_kind: str
    captain: AbstractBaseUser | None
    roster: list[Entry | tuple[str, str]]
    """Board order: an entered player, or a new one's (name, member id)."""
    ratings: list[int | None]
    """Each roster place's rating as typed (None: left empty)."""
    attributes: dict[str, Any]
    member_attributes: list[dict[str, Any]]


def save_team(
    section: Section, team: models.Team | None, data: TeamData, actor: Actor
) -> models.Team:
    """Create (``team`` None) or edit a team from the organiser's form, in one transaction:
    new roster players entered in the section, changed ratings saved, the attributes the form
    does not ask kept, the counts of per-player attributes set, the captain named."""
    fields = team_form_fields(section)
    attributes = {
        name: value
        for name, value in (team.attributes if team else {}).items()
        if name not in fields.attributes
    } | data.attributes
    for count, name in fields.derived.items():
        attributes[count] = sum(1 for values in data.member_attributes if values.get(name))
    with transaction.atomic():
        members = _roster_entries(section, data.roster, data.ratings, actor)
        if team is None:
            saved = create_team(
                section,
                data.name,
                members,
                actor,
                unit=data.unit,
                unit_kind=data.unit_kind,
                attributes=attributes,
                member_attributes=data.member_attributes,
            )
        else:
            saved = edit_team(
                team,
                data.name,
                members,
                actor,
                unit=data.unit,
                unit_kind=data.unit_kind,
                attributes=attributes,
                member_attributes=data.member_attributes,
            )
        if saved.captain_id != (data.captain.pk if data.captain else None):
            set_captain(saved, data.captain, actor)
    return saved


def _roster_entries(
    section: Section,
    places: list[Entry | tuple[str, str]],
    ratings: list[int | None],
    actor: Actor,
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
                place = event_services.update_entry(place, data, actor)
            members.append(place)
        else:
            members.append(
                event_services.add_entry(
                    section,
                    EntryData(name=place[0], member_id=place[1], rating=rating or 0),
                    actor,
                )
            )
    return members


def delete_team(team: models.Team, actor: Actor) -> None:
    """Delete a team (its players stay entered in the section): organisers only, and only
    until the first round is paired (afterwards its matches are part of the event)."""
    section = team.section
    permissions.require_organiser(actor, section.event)
    if section.team_rounds.exists():
        raise ServiceError(
            _(
                "A team cannot be deleted once the first round is paired; a team that stops "
                "playing stays in the standings."
            )
        )
    with transaction.atomic():
        old = {
            "name": team.name,
            "unit": team.unit,
            "unit_kind": team.unit_kind,
            "attributes": dict(team.attributes),
            "captain": team.captain.get_username() if team.captain else None,
            "roster": [member.entry.name for member in team.members.select_related("entry")],
            # Its payments go with it: the log keeps them (refunds are the organiser's matter).
            "fee_due": str(team.fee_due),
            "payments": [
                {"amount": str(payment.amount), "paid_on": payment.paid_on.isoformat()}
                for payment in team.payments.all()
            ],
        }
        target, about = _target(team), _about(team)
        team.delete()
        record(section.event, actor, "team.delete", target, old, None, params=about)


def _check_roster_size(section: Section, members: Sequence[Entry]) -> None:
    team_rules = bridge.team_rules(section)
    most = team_rules.boards + team_rules.reserves
    if len(members) > most:
        raise ServiceError(
            _("A team has at most %(most)d players (%(boards)d boards and %(reserves)d reserves).")
            % {"most": most, "boards": team_rules.boards, "reserves": team_rules.reserves}
        )
    if team_rules.min_players is not None and len(members) < team_rules.min_players:
        raise ServiceError(
            _("A team needs at least %(least)d players.") % {"least": team_rules.min_players}
        )


def _add_members(
    team: models.Team,
    members: Sequence[Entry],
    member_attributes: Sequence[dict[str, Any]] | None = None,
) -> None:
    for position, entry in enumerate(members, start=1):
        if entry.section_id != team.section_id:
            raise ServiceError(_("%(name)s is not entered in this section.") % {"name": entry.name})
        if models.TeamMember.objects.filter(entry=entry).exists():
            raise ServiceError(_("%(name)s is already on a team.") % {"name": entry.name})
        values = member_attributes[position - 1] if member_attributes else {}
        models.TeamMember.objects.create(
            team=team, entry=entry, position=position, attributes=dict(values or {})
        )


def set_captain(team: models.Team, user: AbstractBaseUser | None, actor: Actor) -> None:
    permissions.require_organiser(actor, team.section.event)
    old = team.captain.get_username() if team.captain else None
    with transaction.atomic():
        team.captain = user  # type: ignore[assignment]
        team.save(update_fields=["captain"])
        record(
            team.section.event,
            actor,
            "team.captain",
            _target(team),
            old,
            user.get_username() if user else None,
            params=_about(team),
            about=(team,),
        )


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
            f"{_target(team)} round {round_number}",
            old,
            new,
            params=_about(team, round=round_number),
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


class NoPairing(ServiceError):
    """The engine found no pairing of the round (C.04.6 3.3.3: the chief arbiter decides)."""


@transaction.atomic
def pair_next_round(
    section: Section, actor: Actor, starts_at: datetime.datetime | None = None
) -> models.TeamRound:
    """Pair the next round with the section's team pairing system and create its matches.
    ``starts_at`` (aware) sets the round's start; None: the regulations' schedule, at the
    venue (the line-up deadline counts from it)."""
    permissions.require_arbiter(actor, section.event)
    section = Section.objects.select_for_update().get(pk=section.pk)
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
    # Places given by payment date: only the admitted teams are paired (places.playing_teams).
    playing = places.playing_teams(section, number)
    if number == 1:
        playing = number_teams_by_rating(section, playing, actor)
    tournament = bridge.tournament(section, playing)
    # the chief arbiter's prohibited pairs of teams (issue 25): an absolute criterion
    tournament.prohibited_pairings.extend(hand_pairing.prohibitions(section))
    try:
        pairing = team_pair_function(section.system_code)(tournament, number)
    except (PairingError, ValueError) as error:
        # The engine's reason is a core message, said in the reader's words like the sentence
        # around it; the page then offers the ways out (teams.hand_pairing).
        raise NoPairing(
            _("No pairing satisfies the rules: %(reason)s")
            % {"reason": regulation_messages.reason_text(error)}
        ) from None
    teams = {team.number: team for team in section.teams.all()}
    if starts_at is not None and timezone.is_naive(starts_at):
        raise ValueError("a round start must be an aware moment")
    round_row = models.TeamRound.objects.create(
        section=section,
        number=number,
        starts_at=starts_at or event_time.scheduled_start(section, number),
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
    order = seeding_order(playing_seeds, boards, unrated)
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


# -- results ----------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class TeamResults:
    matches: list[ScoredMatch]
    rescorings: list[Rescoring]
    standings: Standings
    team_prizes: list[PrizeList]
    boards: list[BoardStanding]
    board_prizes: list[tuple[BoardStanding, PrizeList]]
    prize_tables: list[TeamPrizeTable] = dataclasses.field(default_factory=list)
    """Every prize list above with the regulations' table it comes from, in the regulations'
    order (the prize list and certificates print them with their currency and names)."""
    unplayed_rule: UnplayedRule = UnplayedRule.FIDE_2026
    """The C.07 text the FIDE tie-breaks counted unplayed rounds by (in force when the event
    began)."""

    @property
    def fide_unplayed_edition(self) -> str:
        """The year of that text for the standings' footnote; "" when no tie-break of the
        list counts unplayed rounds by C.07's Art. 16."""
        return ranking_standings.fide_unplayed_edition(
            self.standings.tiebreaks, self.unplayed_rule, teams=True
        )


@dataclasses.dataclass(frozen=True, slots=True)
class TeamPrizeTable:
    """One prize list of a team section: the regulations' table, the board it ranks (None:
    the teams) and who won what."""

    rules: PrizeRules
    board: int | None
    prizes: PrizeList


def team_results(section: Section) -> TeamResults:
    """Standings on the section's tie-breaks, board rankings, team and board prizes, of the
    teams that play: where places go by payment date, a team on the waiting list (not in
    round 1's field, or not admitted before round 1) is in none of them
    (``places.field_teams``; the team section page lists it apart)."""
    matches, rescorings = bridge.scored_matches(section)
    regulations = rules.section_rules(section)
    rounds = section.team_rounds.count()
    field = places.field_teams(section)
    names = {
        number: name
        for number, name in section.teams.values_list("number", "name")
        if field is None or number in field
    }
    event = team_event(matches, names, bridge.match_rules(section), rounds, bridge.byes(section))
    tiebreaks = list(section.tiebreaks)
    if (
        regulations is not None
        and regulations.team_ranking is not None
        and regulations.team_ranking.method is TeamRankingMethod.MATCH_POINTS
    ):
        # a sum-of-places ranking's tie-breaks ("best_place") rank units, not matches
        tiebreaks = list(regulations.team_ranking.tiebreaks) or tiebreaks
    # FIDE tie-breaks count unplayed rounds by the C.07 text in force when the event began,
    # as an individual section's standings do
    unplayed = ranking_standings.unplayed_rule(section.event)
    standings = compute_team_standings(
        event, StandingsRules.from_text(tiebreaks, unplayed_rule=unplayed)
    )
    ranks = standings.ranks()
    rosters = [roster for roster in bridge.rosters(section) if roster.number in names]
    players = bridge.players(section)
    board_rules = (
        regulations.board_ranking
        if regulations is not None and regulations.board_ranking is not None
        else BoardRanking({}, ("percentage", "games", "team_place", "wins"))
    )
    # A player declared ineligible is in no board ranking and wins no board prize.
    ineligible = bridge.ineligible_from(section)
    records = {
        player: record
        for player, record in board_records(matches, rosters, board_rules.forfeits_count).items()
        if player not in ineligible
    }
    most = max((len(r.members) for r in rosters), default=0)
    boards = [rank_board(board, records, board_rules, ranks) for board in range(1, most + 1)]
    team_prizes: list[PrizeList] = []
    board_prizes: list[tuple[BoardStanding, PrizeList]] = []
    tables: list[TeamPrizeTable] = []
    for table in regulations.prizes if regulations is not None else ():
        if "team" in table.rankings:
            team_prizes.append(
                allocate_prizes(table, team_entrants(ranks, rosters, players, table))
            )
            tables.append(TeamPrizeTable(table, None, team_prizes[-1]))
        for standing in boards:
            if f"board:{standing.board}" in table.rankings:
                entrants = board_entrants(standing, players, table)
                board_prizes.append((standing, allocate_prizes(table, entrants)))
                tables.append(TeamPrizeTable(table, standing.board, board_prizes[-1][1]))
    return TeamResults(
        matches, rescorings, standings, team_prizes, boards, board_prizes, tables, unplayed
    )
