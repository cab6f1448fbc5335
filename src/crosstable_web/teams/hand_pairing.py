"""The chief arbiter's last word in a team section (issue 25): a round paired by hand or the
engine's proposal changed, the last round un-paired, pairs of teams kept apart, and the way
out when no pairing exists.

* :func:`proposal` is what the hand-pairing page starts from: the engine's pairing of the
  round (with the rematches the arbiter allows for named teams, C.04.6 3.3.3), or the reason
  why there is none, in the reader's words.
* :func:`check` names what a pairing breaks — the team Swiss's own checker
  (``crosstable.pairing.team_swiss.team_manual_problems``: rematch, prohibited pair, bye,
  colour, float, same unit) as warnings of the shared mechanism (``events.rounds.rule_warnings``).
* :func:`pair_by_hand` saves it: bad input is refused with its reason and nothing saved;
  every warning is confirmed first, and a pairing that is not the engine's (or made when the
  engine has none) is a level-4 warning, the chief arbiter's decision — a deputy sees the
  proposal and its warnings but cannot save it. The audit line names who decided and the
  section's TRF file gets a ``### MPA`` line, as for individual sections.
* :func:`unpair_last_round` removes the last round, after a confirmation naming the results
  it removes (the chief's decision).
* :func:`set_prohibited` keeps two teams apart in every round or in one round.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Collection, Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from crosstable.model import ProhibitedPairing, ResultCode, Tournament
from crosstable.pairing.base import PairingError, TeamMatch
from crosstable.pairing.manual import ManualProblem
from crosstable.pairing.team_swiss import pair_team_round, team_manual_problems
from crosstable_web.common import localisation
from crosstable_web.events.models import ReportNote, Section
from crosstable_web.events.oversight import permissions
from crosstable_web.events.oversight.audit import Actor, record
from crosstable_web.events.regulations import event_time, regulation_messages
from crosstable_web.events.rounds import fide_mode, hand_pairing_form, rule_warnings
from crosstable_web.events.rounds.notation import of_section
from crosstable_web.events.rounds.results import result_label
from crosstable_web.events.rounds.rule_warnings import RuleWarning
from crosstable_web.events.services import ServiceError
from crosstable_web.teams import bridge, models, places

MPA = "mpa"
"""``ReportNote.kind`` of a team round paired by hand unlike the engine (or without it)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Proposal:
    """A pairing to start from: matches (first-named team, second) and the bye, as team
    numbers; ``reason``: why the engine found none (empty when it did)."""

    round_number: int
    matches: tuple[tuple[int, int], ...]
    bye: int | None
    reason: str = ""


def round_to_pair(section: Section) -> int:
    """The round the hand-pairing page pairs: the last one while none of its results is in
    (its pairing is changed), else the next one."""
    last = section.team_rounds.order_by("-number").first()
    if last is not None and not _results_of(last):
        return last.number
    return section.team_rounds.count() + 1


def playing_numbers(section: Section, round_number: int) -> list[int]:
    """The teams to pair in ``round_number``: round 1's field (``places``) from round 2 on."""
    playing = places.playing_teams(section, round_number)
    numbers = section.teams.order_by("number").values_list("number", flat=True)
    return [n for n in numbers if playing is None or n in playing]


def _tournament(section: Section, round_number: int) -> Tournament:
    tournament = bridge.tournament(section, set(playing_numbers(section, round_number)))
    # the history before the round only (a round being re-paired is not its own history)
    for player in tournament:
        player.rounds = player.rounds[: round_number - 1]
    records = tournament.team_records
    if records is not None:
        earlier = round_number
        tournament.team_records = dataclasses.replace(
            records,
            bye_teams={r: t for r, t in records.bye_teams.items() if r < earlier},
            forfeited_matches=tuple(
                f for f in records.forfeited_matches if f.round_number < earlier
            ),
            absences={r: a for r, a in records.absences.items() if r < earlier},
            board_orders=tuple(o for o in records.board_orders if o.round_number < earlier),
            assignments=tuple(a for a in records.assignments if a.round_number < earlier),
        )
    tournament.prohibited_pairings.extend(prohibitions(section))
    return tournament


def prohibitions(section: Section) -> list[ProhibitedPairing]:
    """The section's prohibited pairs of teams (team numbers; every round, or one round)."""
    last = section.total_rounds or 999
    return [
        ProhibitedPairing(
            row.round_number or 1, row.round_number or last, (row.first.number, row.second.number)
        )
        for row in models.ProhibitedTeams.objects.filter(section=section).select_related(
            "first", "second"
        )
    ]


def proposal(section: Section, rematches_for: Collection[int] = ()) -> Proposal:
    """The engine's pairing of the round to pair; ``rematches_for``: teams whose rematches
    the chief arbiter allows (C.04.6 3.3.3), [C1] relaxed for every pair naming one of them.
    When the engine finds no pairing: no matches and the reason in the reader's words."""
    number = round_to_pair(section)
    tournament = _tournament(section, number)
    numbers = playing_numbers(section, number)
    relaxed = [
        frozenset((team, other)) for team in rematches_for for other in numbers if other != team
    ]
    try:
        pairing = pair_team_round(
            tournament,
            number,
            section.system_code,
            rematches_allowed=relaxed,
        )
    except (PairingError, ValueError) as error:
        return Proposal(number, (), None, regulation_messages.reason_text(error))
    return Proposal(number, tuple((m.first, m.second) for m in pairing.boards), pairing.bye)


def read_pairing(
    section: Section, tables: Sequence[tuple[str, str]], bye: str
) -> tuple[list[tuple[int, int]], int | None]:
    """The pairing as chosen on the page (each place a team's id, as text; empty: nobody),
    as team numbers, checked by the shared reading (``events.rounds.hand_pairing_form``):
    every playing team on exactly one table or the bye, two teams on each table, teams of
    this section only. Refusals (:class:`ServiceError`) name the table and the team; nothing
    is saved."""
    teams = {team.pk: team for team in section.teams.all()}
    number = round_to_pair(section)
    playing = set(playing_numbers(section, number))

    def identify(text: str, where: str) -> tuple[int, str]:
        """The team number of the team whose id the page sent."""
        team = teams.get(int(text)) if text.isdigit() else None
        if team is None:
            other = (
                models.Team.objects.filter(pk=int(text)).select_related("section").first()
                if text.isdigit()
                else None
            )
            if other is not None:
                raise ServiceError(
                    _("%(place)s: %(team)s plays in another section (%(section)s).")
                    % {"place": where, "team": other.name, "section": other.section.name}
                )
            raise ServiceError(
                _("%(place)s: %(number)s is not a team of this section.")
                % {"place": where, "number": text}
            )
        if team.number not in playing:
            raise ServiceError(
                _("%(place)s: %(team)s has no place in the field (waiting list).")
                % {"place": where, "team": team.name}
            )
        return team.number, team.name

    return hand_pairing_form.read_places(
        tables,
        bye,
        identify,
        playing,
        {team.number: team.name for team in teams.values()},
        WORDING,
    )


WORDING = hand_pairing_form.Wording(
    place=lambda table: _("table %(table)d") % {"table": table},
    one_sided=lambda table: (
        _("Table %(table)d has only one team: choose its opponent or leave it empty.")
        % {"table": table}
    ),
    twice=lambda team, first, second: (
        _("%(team)s is paired twice: %(first)s and %(second)s.")
        % {"team": team, "first": first, "second": second}
    ),
    missing=lambda teams: (
        _("Not paired: %(teams)s. Put every team on a table, or one team on the bye.")
        % {"teams": _("; ").join(teams)}
    ),
)
"""How a team section's hand-pairing form names its places and refusals."""


def check(
    section: Section, round_number: int, matches: Sequence[tuple[int, int]], bye: int | None
) -> list[RuleWarning]:
    """What the pairing breaks, in words (the team Swiss's checker)."""
    tournament = _tournament(section, round_number)
    teams = {team.number: team for team in section.teams.all()}
    units = {number: team.unit for number, team in teams.items() if team.unit}
    problems = team_manual_problems(
        tournament,
        round_number,
        [TeamMatch(first, second) for first, second in matches],
        bye,
        units,
        section.system_code,
    )
    return [_as_warning(problem, teams) for problem in problems]


def _as_warning(problem: ManualProblem, teams: dict[int, models.Team]) -> RuleWarning:
    names = [teams[n].name if n in teams else str(n) for n in problem.players]
    if len(names) == 2:
        return RuleWarning(f"team_manual.{problem.code}", {"first": names[0], "second": names[1]})
    return RuleWarning(f"team_manual.{problem.code}", {"team": names[0]})


def _text(matches: Sequence[tuple[int, int]], bye: int | None) -> str:
    parts = [f"{first}-{second}" for first, second in matches]
    if bye is not None:
        parts.append(f"{bye}-0")
    return " ".join(parts)


def _results_of(round_row: models.TeamRound) -> list[str]:
    """The results entered in the round, each as "table t, board b: first – second 1-0" (the
    result as the round page shows it: 1-0, ½-½, +/-, never the stored codes)."""
    notation = of_section(round_row.section)
    lines = []
    for match in round_row.matches.select_related("first", "second").order_by("number"):
        for game in match.games.order_by("board"):
            if game.first_result != ResultCode.PENDING.value:
                lines.append(
                    _("table %(table)d, board %(board)d: %(first)s – %(second)s %(result)s")
                    % {
                        "table": match.number,
                        "board": game.board,
                        "first": match.first.name,
                        "second": match.second.name,
                        "result": result_label(game.first_result, game.second_result, notation),
                    }
                )
    return lines


@transaction.atomic
def pair_by_hand(
    section: Section,
    matches: Sequence[tuple[int, int]],
    bye: int | None,
    actor: Actor,
    token: str | None = None,
    starts_at: datetime.datetime | None = None,
) -> models.TeamRound:
    """Save the round paired by hand (``matches``: first-named team, second; as read by
    :func:`read_pairing`), after every warning is confirmed; the last round is replaced
    while it has no result, else the next round is created. Returns the round."""
    permissions.require_arbiter(actor, section.event)
    section = Section.objects.select_for_update().select_related("event").get(pk=section.pk)
    number = round_to_pair(section)
    if number > (section.total_rounds or number):
        raise ServiceError(_("All rounds have been paired."))
    if number > 1:
        scored, _changes = bridge.scored_matches(section)
        if any(m.first_result is ResultCode.PENDING and m.round_number < number for m in scored):
            raise ServiceError(_("Enter every result of the previous round first."))
    engine = proposal(section)
    warnings = check(section, number, matches, bye)
    differs = set(matches) != set(engine.matches) or bye != engine.bye
    if engine.reason:
        warnings.append(
            RuleWarning("team_manual.no_engine", {"round": number, "reason": engine.reason})
        )
    elif differs:
        warnings.append(
            RuleWarning(
                "team_manual.not_engine",
                {"round": number, "engine": _named(section, engine.matches, engine.bye)},
            )
        )
    if (engine.reason or differs) and not permissions.can_act_as_chief(actor, section.event):
        chief = permissions.chief_arbiter(section.event)
        raise Proposed(
            warnings,
            _(
                "This pairing is a proposal: only the chief arbiter (%(chief)s) may save a "
                "round paired by hand."
            )
            % {"chief": localisation.person_name(chief.user) if chief else "—"},
        )
    confirmed = rule_warnings.require(
        section, actor, f"team_manual:{section.pk}:{number}:{_text(matches, bye)}", warnings, token
    )
    teams = {team.number: team for team in section.teams.all()}
    round_row = section.team_rounds.filter(number=number).first()
    old = None
    if round_row is not None:
        old = _round_text(round_row)
        round_row.matches.all().delete()
        round_row.bye_team = teams[bye] if bye is not None else None
        round_row.save(update_fields=["bye_team"])
    else:
        round_row = models.TeamRound.objects.create(
            section=section,
            number=number,
            starts_at=starts_at or event_time.scheduled_start(section, number),
            bye_team=teams[bye] if bye is not None else None,
        )
    boards = bridge.team_rules(section).boards
    for table, (first, second) in enumerate(matches, start=1):
        row = models.TeamMatch.objects.create(
            round=round_row, number=table, first=teams[first], second=teams[second]
        )
        models.BoardGame.objects.bulk_create(
            models.BoardGame(match=row, board=board) for board in range(1, boards + 1)
        )
    section.report_notes.filter(round_number=number, kind=MPA).delete()
    if engine.reason or differs:
        manual_only = sorted(set(matches) - set(engine.matches))
        engine_only = sorted(set(engine.matches) - set(matches))
        text = (
            f"MPA @ Round {number}: manual {_text(manual_only, bye if bye != engine.bye else None)}"
            + (
                "; engine: no pairing"
                if engine.reason
                else f"; engine {_text(engine_only, engine.bye if bye != engine.bye else None)}"
            )
        )
        fide_mode.add_note(
            section,
            number,
            MPA,
            text,
            {"manual": [list(m) for m in matches], "engine": [list(m) for m in engine.matches]},
        )
    record(
        section.event,
        actor,
        "team_round.manual_pair",
        f"{section.key} round {number}",
        old,
        {"matches": [list(m) for m in matches], "bye": bye},
        [warning.as_json() for warning in confirmed],
        params={"section": section.key, "round": number},
    )
    return round_row


class Proposed(ServiceError):
    """A deputy's hand pairing: shown with its warnings, not saved."""

    def __init__(self, warnings: list[RuleWarning], message: str) -> None:
        super().__init__(message)
        self.warnings = warnings


def _named(section: Section, matches: Sequence[tuple[int, int]], bye: int | None) -> str:
    names = dict(section.teams.values_list("number", "name"))
    parts = [f"{names[first]} – {names[second]}" for first, second in matches]
    if bye is not None:
        parts.append(_("%(team)s: bye") % {"team": names[bye]})
    return "; ".join(parts)


def _round_text(round_row: models.TeamRound) -> dict[str, object]:
    return {
        "matches": [
            [m.first.number, m.second.number]
            for m in round_row.matches.select_related("first", "second").order_by("number")
        ],
        "bye": round_row.bye_team.number if round_row.bye_team else None,
    }


@transaction.atomic
def unpair_last_round(section: Section, actor: Actor, token: str | None = None) -> int:
    """Remove the last round (its matches, board results and ``###`` note); with results,
    after a level-4 confirmation naming them. The chief arbiter's decision. Returns the
    round's number."""
    permissions.require_chief_arbiter(actor, section.event)
    section = Section.objects.select_for_update().select_related("event").get(pk=section.pk)
    round_row = section.team_rounds.order_by("-number").first()
    if round_row is None:
        raise ServiceError(_("No round is paired."))
    results = _results_of(round_row)
    warnings = (
        [
            RuleWarning(
                "team_round.unpair_results",
                {"round": round_row.number, "results": "; ".join(results)},
            )
        ]
        if results
        else []
    )
    confirmed = rule_warnings.require(
        section, actor, f"team_unpair:{round_row.pk}", warnings, token
    )
    number = round_row.number
    old = _round_text(round_row)
    old["results"] = results
    round_row.delete()
    ReportNote.objects.filter(section=section, round_number=number, kind=MPA).delete()
    record(
        section.event,
        actor,
        "team_round.unpair",
        f"{section.key} round {number}",
        old,
        None,
        [warning.as_json() for warning in confirmed],
        params={"section": section.key, "round": number},
    )
    return number


@transaction.atomic
def set_prohibited(
    section: Section,
    first: models.Team,
    second: models.Team,
    round_number: int | None,
    prohibit: bool,
    actor: Actor,
) -> None:
    """Keep two teams apart (``round_number`` None: every round), or no longer: the chief
    arbiter's decision, before the round it names is paired."""
    permissions.require_chief_arbiter(actor, section.event)
    if first.section_id != section.pk or second.section_id != section.pk:
        raise ServiceError(_("Both teams must be teams of this section."))
    if first.pk == second.pk:
        raise ServiceError(_("Choose two different teams."))
    if round_number is not None and not 1 <= round_number <= (section.total_rounds or round_number):
        raise ServiceError(
            _("Round %(round)d is not a round of this section.") % {"round": round_number}
        )
    paired = section.team_rounds.count()
    if prohibit and (round_number or 1) <= paired:
        raise ServiceError(
            _("Round %(round)d is already paired: a prohibited pair applies from round %(next)d.")
            % {"round": round_number or 1, "next": paired + 1}
        )
    low, high = sorted((first, second), key=lambda team: team.number)
    rows = models.ProhibitedTeams.objects.filter(
        section=section, first=low, second=high, round_number=round_number
    )
    if prohibit == rows.exists():
        return
    if prohibit:
        models.ProhibitedTeams.objects.create(
            section=section, first=low, second=high, round_number=round_number
        )
    else:
        rows.delete()
    record(
        section.event,
        actor,
        "team.prohibited" if prohibit else "team.prohibited_removed",
        f"{section.key}: {low.name} – {high.name}",
        None,
        {"teams": [low.number, high.number], "round": round_number},
        params={"section": section.key, "first": low.name, "second": high.name},
    )
