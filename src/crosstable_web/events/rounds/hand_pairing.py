"""The chief arbiter's last word in an individual section (issue 25): the next round paired by
hand — from scratch, from the engine's pairing, or, when the engine finds no pairing, from the
engine's pairing with rematches allowed for the players the chief names.

* :func:`proposal` is the engine's pairing of the next round (``rematches_for``: the players
  whose rematches the chief allows; "no rematch" is relaxed for pairs naming one of them
  alone), or the reason why there is none, in the reader's words.
* :func:`read_pairing` reads the boards chosen on the page; bad input (a player on two boards,
  a board with one player, a withdrawn or absent player, a player of another section, players
  left out) is refused with its reason and nothing is saved.
* :func:`check` names what the pairing breaks (``crosstable.pairing.manual``: rematch,
  prohibited pair, bye, colours), as warnings of the shared mechanism
  (``events.rounds.rule_warnings``) — the words of the manual changes of a paired round.
* :func:`pair_by_hand` saves the round after every warning is confirmed; a pairing that is
  not the engine's (or made when the engine has none) is a level-4 warning, the chief
  arbiter's decision — a deputy sees the proposal and its warnings but cannot save it. The
  audit line (``round.hand_pair``) names who decided and the section's TRF file gets the
  ``### MPA`` line, as for a round changed by hand.

A paired round is changed by exchanging players (``events.rounds.manual_pairing``); this module
pairs a round that is not paired yet.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from crosstable.model import Tournament
from crosstable.pairing.base import Board, PairingError, RoundPairing
from crosstable.pairing.history import players_to_pair
from crosstable.typed import as_typed_on_a_latin_keyboard, whole_number_or_none
from crosstable_web.common import localisation
from crosstable_web.events import bridge, models
from crosstable_web.events.oversight import permissions
from crosstable_web.events.oversight.audit import Actor, record
from crosstable_web.events.regulations import event_time, regulation_messages
from crosstable_web.events.rounds import (
    fide_mode,
    hand_pairing_form,
    manual_pairing,
    pairing,
    rule_warnings,
)
from crosstable_web.events.rounds.rule_warnings import RuleWarning
from crosstable_web.events.services import ServiceError

MPA = manual_pairing.MPA
"""The ``ReportNote.kind`` of a round paired unlike the engine: the same ``### MPA`` line as a
round changed by hand."""


@dataclasses.dataclass(frozen=True, slots=True)
class Proposal:
    """A pairing to start from: boards (White, Black) and the bye, as pairing numbers;
    ``reason``: why the engine found none (empty when it did)."""

    round_number: int
    boards: tuple[tuple[int, int], ...]
    bye: int | None
    reason: str = ""


@dataclasses.dataclass(frozen=True, slots=True)
class RoundToPair:
    """The next round of a section and who plays in it (pairing numbers, ascending), read
    as the engine reads it: requested byes and absences out, withdrawn players out."""

    number: int
    players: tuple[int, ...]
    tournament: Tournament


def round_to_pair(section: models.Section) -> RoundToPair:
    """The section's next round, or :class:`ServiceError` saying why it cannot be paired
    (results missing, manual changes open, all rounds paired, no pairing numbers)."""
    plan = pairing._plan(section)
    tournament = plan.job.tournament
    return RoundToPair(
        plan.job.round_number,
        tuple(players_to_pair(tournament, plan.job.round_number)),
        tournament,
    )


def proposal(section: models.Section, rematches_for: Collection[int] = ()) -> Proposal:
    """The engine's pairing of the next round; ``rematches_for``: players whose rematches
    the chief arbiter allows (every pair naming one of them may meet again). No boards and
    the reason in the reader's words when the engine finds no pairing."""
    plan = pairing._plan(section)
    job = plan.job
    playing = players_to_pair(job.tournament, job.round_number)
    job.tournament.rematches_allowed.extend(
        frozenset((player, other))
        for player in rematches_for
        for other in playing
        if other != player
    )
    try:
        paired = pairing._pair_here(job)
    except (PairingError, ValueError) as error:
        return Proposal(job.round_number, (), None, regulation_messages.reason_text(error))
    return Proposal(job.round_number, tuple((b.white, b.black) for b in paired.boards), paired.bye)


def read_pairing(
    section: models.Section, boards: Sequence[tuple[str, str]], bye: str
) -> tuple[list[tuple[int, int]], int | None]:
    """The pairing chosen on the page (each place a pairing number as typed, in any digits,
    or ``12. Name`` as the page's list offers it; empty: nobody) as pairing numbers (White,
    Black), checked by the shared reading (``hand_pairing_form``): every player of the round
    on exactly one board or the bye, two players on each board, players of this section who
    play this round only. Refusals (:class:`ServiceError`) name the board and the player;
    nothing is saved."""
    target = round_to_pair(section)
    entries = {
        entry.pairing_number: entry
        for entry in section.entries.all()
        if entry.pairing_number is not None
    }
    playing = set(target.players)

    def identify(text: str, where: str) -> tuple[int, str]:
        typed = as_typed_on_a_latin_keyboard(text).strip()
        number = whole_number_or_none(typed.split(".", 1)[0].strip(), 1)
        entry = entries.get(number) if number is not None else None
        if entry is None or number is None:
            raise ServiceError(
                _("%(place)s: %(number)s is not a player of this section.")
                % {"place": where, "number": text}
            )
        named = f"{number} {entry.name}"
        if number not in playing:
            if entry.withdrawn_after_round is not None or entry.expelled:
                reason = _("%(place)s: %(player)s has withdrawn and cannot be paired.")
            else:
                reason = _(
                    "%(place)s: %(player)s does not play this round (absent, a requested "
                    "bye or no pairing number)."
                )
            raise ServiceError(reason % {"place": where, "player": named})
        return number, named

    return hand_pairing_form.read_places(
        boards,
        bye,
        identify,
        playing,
        {number: f"{number} {entry.name}" for number, entry in entries.items()},
        WORDING,
    )


WORDING = hand_pairing_form.Wording(
    place=lambda board: _("board %(board)d") % {"board": board},
    one_sided=lambda board: (
        _("Board %(board)d has only one player: choose the opponent or leave it empty.")
        % {"board": board}
    ),
    twice=lambda player, first, second: (
        _("%(player)s is paired twice: %(first)s and %(second)s.")
        % {"player": player, "first": first, "second": second}
    ),
    missing=lambda players: (
        _("Not paired: %(players)s. Put every player on a board, or one player on the bye.")
        % {"players": _("; ").join(players)}
    ),
)
"""How an individual section's hand-pairing form names its places and refusals."""


def check(
    section: models.Section, boards: Sequence[tuple[int, int]], bye: int | None
) -> list[RuleWarning]:
    """What the next round paired as ``boards`` (White, Black) and ``bye`` breaks, in words."""
    target = round_to_pair(section)
    return manual_pairing.problems_of(target.tournament, target.number, list(boards), bye)


class Proposed(ServiceError):
    """A deputy's hand pairing: shown with its warnings, not saved."""

    def __init__(self, warnings: list[RuleWarning], message: str) -> None:
        super().__init__(message)
        self.warnings = warnings


def _text(boards: Sequence[tuple[int, int]], bye: int | None) -> str:
    parts = [f"{white}-{black}" for white, black in boards]
    if bye is not None:
        parts.append(f"{bye}-0")
    return " ".join(parts)


@transaction.atomic
def pair_by_hand(
    section: models.Section,
    boards: Sequence[tuple[int, int]],
    bye: int | None,
    actor: Actor,
    token: str | None = None,
) -> models.Round:
    """Save the next round paired by hand (``boards``: White, Black; as read by
    :func:`read_pairing`), after every warning is confirmed. Returns the round."""
    permissions.require_arbiter(actor, section.event)
    section = pairing.lock_section(section)
    target = round_to_pair(section)
    number = target.number
    engine = proposal(section)
    warnings = check(section, boards, bye)
    differs = {frozenset(b) for b in boards} != {frozenset(b) for b in engine.boards} or (
        bye != engine.bye
    )
    if engine.reason:
        warnings.append(RuleWarning("manual.no_engine", {"round": number, "reason": engine.reason}))
    elif differs:
        warnings.append(
            RuleWarning(
                "manual.hand_not_engine",
                {"round": number, "engine": _text(engine.boards, engine.bye)},
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
        section, actor, f"hand_pair:{section.pk}:{number}:{_text(boards, bye)}", warnings, token
    )
    round_row = bridge.store_round_pairing(
        section,
        RoundPairing(number, tuple(Board(white, black) for white, black in boards), bye),
        target.tournament,
    )
    # the start by the regulations' schedule, at the venue, as for the engine's rounds
    round_row.starts_at = event_time.scheduled_start(section, number)
    round_row.save(update_fields=["starts_at"])
    section.report_notes.filter(round_number=number, kind=MPA).delete()
    if engine.reason or differs:
        played = {frozenset(b) for b in engine.boards}
        chosen = {frozenset(b) for b in boards}
        manual_only = sorted(b for b in boards if frozenset(b) not in played)
        engine_only = sorted(b for b in engine.boards if frozenset(b) not in chosen)
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
            {
                "manual": [list(b) for b in manual_only],
                "engine": [list(b) for b in engine_only],
                "bye": bye,
                "engine_bye": engine.bye,
            },
        )
    record(
        section.event,
        actor,
        "round.hand_pair",
        f"{section.key} R{number}",
        None,
        {"boards": [list(b) for b in boards], "bye": bye},
        [warning.as_json() for warning in confirmed],
        params={"section": section.key, "round": number},
    )
    return round_row
