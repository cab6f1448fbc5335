"""Absences: byes asked for, withdrawals and expulsions, and the regulations' forfeit rule
(two forfeits → withdrawn, ``crosstable.forfeit_withdrawal``) applied as results come in."""

from __future__ import annotations

import dataclasses

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from crosstable.forfeit_withdrawal import ForfeitRule, forfeit_rounds, withdrawal_round
from crosstable.pairing import registry as pairing_registry
from crosstable_web.events import bridge, models
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import (
    require_chief_arbiter,
    require_staff,
)
from crosstable_web.events.regulations.rules import section_rules
from crosstable_web.events.rounds import fide_mode, rule_warnings
from crosstable_web.events.rounds.pairing import FORFEITS, lock_section
from crosstable_web.events.services import ServiceError


@dataclasses.dataclass(frozen=True, slots=True)
class AutomaticWithdrawal:
    """A player withdrawn (or reinstated) by a result, under the regulations'
    ``forfeits_to_withdraw`` (``crosstable.forfeit_withdrawal``): what the arbiter is told at
    once, on the round page."""

    entry: models.Entry
    forfeits: int
    after_round: int | None
    """The round after which the player is withdrawn; None: reinstated (a corrected result
    brought the forfeits below the limit)."""
    results_cancelled: bool
    """The regulations cancel the results (Futian 九.5 取消成绩): not ranked, no prize."""

    def message(self) -> str:
        values = {
            "name": self.entry.name,
            "count": self.forfeits,
            "round": self.after_round,
        }
        if self.after_round is None:
            return (
                _(
                    "%(name)s: reinstated — now %(count)d forfeits, fewer than the "
                    "regulations' limit; paired again and ranked."
                )
                % values
            )
        if self.results_cancelled:
            return (
                _(
                    "%(name)s: %(count)d forfeits — withdrawn after round %(round)d and, as the "
                    "regulations say, the results are cancelled: not paired again, not ranked, "
                    "no prize (the games stand for the opponents)."
                )
                % values
            )
        return (
            _("%(name)s: %(count)d forfeits — withdrawn after round %(round)d: not paired again.")
            % values
        )


def forfeit_rule(section: models.Section) -> ForfeitRule | None:
    """The section's withdrawal after forfeits: its limit, and whether the regulations
    cancel the results."""
    limit = section.forfeits_to_withdraw
    if not limit:
        return None
    rules_ = section_rules(section)
    return ForfeitRule(limit, rules_ is not None and rules_.forfeits_cancel_results)


def update_automatic_withdrawal(
    section: models.Section, entry: models.Entry, actor: Actor
) -> AutomaticWithdrawal | None:
    """Withdraw a player after the regulation's number of forfeit losses; undo it if a
    correction brings the count back below (the core decides: ``crosstable.forfeit_withdrawal``).
    Returns the change, if any, for the arbiter's message."""
    rule = forfeit_rule(section)
    if rule is None:
        return None
    entry.refresh_from_db()
    player = bridge.entry_player(entry)
    forfeits = len(forfeit_rounds(player))
    after = withdrawal_round(player, rule)
    if after is not None:
        if entry.withdrawn_after_round is None or (
            entry.withdrawn_automatically and entry.withdrawn_after_round != after
        ):
            old = entry.withdrawn_after_round
            entry.withdrawn_after_round, entry.withdrawn_automatically = after, True
            entry.save(update_fields=["withdrawn_after_round", "withdrawn_automatically"])
            audit.record(
                section.event,
                actor,
                "entry.withdraw_auto",
                entry.name,
                old,
                after,
                [{"kind": FORFEITS, "count": forfeits}],
                params={"section": section.key, "player": entry.name},
                about=(entry,),
            )
            return AutomaticWithdrawal(entry, forfeits, after, rule.cancels_results)
    elif entry.withdrawn_automatically:
        old = entry.withdrawn_after_round
        entry.withdrawn_after_round, entry.withdrawn_automatically = None, False
        entry.save(update_fields=["withdrawn_after_round", "withdrawn_automatically"])
        audit.record(
            section.event,
            actor,
            "entry.reinstate_auto",
            entry.name,
            old,
            None,
            params={"section": section.key, "player": entry.name},
            about=(entry,),
        )
        return AutomaticWithdrawal(entry, forfeits, None, rule.cancels_results)
    return None


@transaction.atomic
def request_bye(
    entry: models.Entry,
    round_number: int,
    result: str,
    actor: Actor,
    token: str | None = None,
) -> None:
    """A bye asked for a round not yet paired: H (half point), F (full point), Z (zero);
    ``""`` cancels it. In FIDE mode a full-point bye is a level-2 warning (FIDE deprecates
    it) recorded as a ``###`` line of the TRF file, and a second half-point bye a level-3
    one."""
    section = lock_section(entry.section)
    require_staff(actor, section.event)
    paired = int(section.rounds.aggregate(Max("number"))["number__max"] or 0)
    if not paired < round_number <= section.total_rounds:
        raise ServiceError(_("Byes can only be requested for rounds not yet paired."))
    if result not in ("", "H", "F", "Z"):
        raise ServiceError(_("A requested bye is H, F or Z."))
    match_rounds = _rounds_of_match(section, round_number)
    if match_rounds[0] <= paired:
        # C.04.5 Preface: byes apply to whole matches, never to single games
        raise ServiceError(
            _(
                "In this section a bye is for a whole match (rounds %(first)s to %(last)s),"
                " and round %(first)s is already paired."
            )
            % {"first": match_rounds[0], "last": match_rounds[-1]}
        )
    existing = models.RequestedBye.objects.filter(entry=entry, round_number=round_number).first()
    old = existing.result if existing else None
    confirmed = rule_warnings.require(
        section,
        actor,
        f"bye:{entry.pk}:{round_number}:{old}:{result}",
        _bye_warnings(section, entry, round_number, result) if result != old else [],
        token,
    )
    for number in match_rounds:
        _set_requested_bye(section, entry, number, result, actor, confirmed)


def _rounds_of_match(section: models.Section, round_number: int) -> list[int]:
    """The rounds of the pairing ``round_number`` belongs to: itself, or every game of its
    match when the section's system pairs matches of several games (the Double-Swiss system:
    rounds 1-2, 3-4 ...), whose byes are the match's (C.04.5 Preface)."""
    try:
        games = pairing_registry.any_system(section.system_code).games_per_pairing
    except KeyError:
        games = 1
    first = round_number - (round_number - 1) % games
    return list(range(first, min(first + games, section.total_rounds + 1)))


def _set_requested_bye(
    section: models.Section,
    entry: models.Entry,
    round_number: int,
    result: str,
    actor: Actor,
    confirmed: list[rule_warnings.RuleWarning],
) -> None:
    existing = models.RequestedBye.objects.filter(entry=entry, round_number=round_number).first()
    old = existing.result if existing else None
    section.report_notes.filter(
        kind=FULL_POINT_BYE_NOTE, round_number=round_number, data__entry=entry.pk
    ).delete()
    if result == "":
        if existing:
            existing.delete()
    else:
        models.RequestedBye.objects.update_or_create(
            entry=entry, round_number=round_number, defaults={"result": result}
        )
        if result == "F" and section.fide_mode:
            fide_mode.add_note(
                section,
                round_number,
                FULL_POINT_BYE_NOTE,
                f"Full-point bye @ Round {round_number}: {entry.pairing_number or ''} "
                f"{entry.name} (FIDE-deprecated)".replace("  ", " "),
                {"entry": entry.pk},
            )
    audit.record(
        section.event,
        actor,
        "entry.bye",
        f"{entry.name} R{round_number}",
        old,
        result or None,
        [warning.as_json() for warning in confirmed],
        params={"section": section.key, "round": round_number, "player": entry.name},
        about=(entry,),
    )


FULL_POINT_BYE_NOTE = "fpb"
"""``ReportNote.kind`` of a full-point bye given in FIDE mode."""


def _bye_warnings(
    section: models.Section, entry: models.Entry, round_number: int, result: str
) -> list[rule_warnings.RuleWarning]:
    if not section.fide_mode:
        return []
    player = f"{entry.pairing_number or ''} {entry.name}".strip()
    if result == "F":
        return [rule_warnings.RuleWarning("bye.full_point", {"player": player})]
    if result == "H":
        others = sorted(
            {
                *models.RequestedBye.objects.filter(entry=entry, result="H")
                .exclude(round_number=round_number)
                .values_list("round_number", flat=True),
                *models.Bye.objects.filter(entry=entry, result="H").values_list(
                    "round__number", flat=True
                ),
            }
            - {round_number}
        )
        if others:
            return [
                rule_warnings.RuleWarning(
                    "bye.second_half_point", {"player": player, "other": others[0]}
                )
            ]
    return []


@transaction.atomic
def withdraw(entry: models.Entry, after_round: int | None, actor: Actor) -> None:
    """Withdraw a player from the rounds after ``after_round`` (None: reinstate)."""
    section = lock_section(entry.section)
    require_staff(actor, section.event)
    old = entry.withdrawn_after_round
    entry.withdrawn_after_round = after_round
    entry.withdrawn_automatically = False
    entry.save(update_fields=["withdrawn_after_round", "withdrawn_automatically"])
    audit.record(
        section.event,
        actor,
        "entry.withdraw",
        entry.name,
        old,
        after_round,
        params={"section": section.key, "player": entry.name},
        about=(entry,),
    )


@transaction.atomic
def expel(entry: models.Entry, after_round: int, actor: Actor, token: str | None = None) -> None:
    """Expel a player after ``after_round`` (arbiters): not paired again and left out of the
    standings, the games played standing for the opponents — a level-3 warning saying so.
    The chief arbiter's decision."""
    section = lock_section(entry.section)
    require_chief_arbiter(actor, section.event)
    paired = int(section.rounds.aggregate(Max("number"))["number__max"] or 0)
    if not 0 <= after_round <= paired:
        raise ServiceError(
            _("A player is expelled after a round already paired (0 to %(paired)d).")
            % {"paired": paired}
        )
    confirmed = rule_warnings.require(
        section,
        actor,
        f"expel:{entry.pk}:{after_round}",
        [
            rule_warnings.RuleWarning(
                "entry.expel",
                {
                    "player": f"{entry.pairing_number or ''} {entry.name}".strip(),
                    "round": after_round,
                },
            )
        ],
        token,
    )
    old = entry.withdrawn_after_round
    entry.withdrawn_after_round, entry.expelled = after_round, True
    entry.withdrawn_automatically = False
    entry.save(update_fields=["withdrawn_after_round", "expelled", "withdrawn_automatically"])
    audit.record(
        section.event,
        actor,
        "entry.expel",
        entry.name,
        old,
        after_round,
        [warning.as_json() for warning in confirmed],
        params={"section": section.key, "player": entry.name},
        about=(entry,),
    )
