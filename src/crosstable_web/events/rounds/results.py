"""Results: read as the arbiter types them in the section's notation (:func:`parse_result`),
entered, corrected with the rules' warnings (who may change a result once the next round is
paired: :func:`correction_warnings`), fouls, corrections for the rating report."""

from __future__ import annotations

import dataclasses

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from crosstable.model import ResultCode
from crosstable.typed.results import RESULT_WORDS
from crosstable_web.common.notation import Notation
from crosstable_web.events import models
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import (
    require_arbiter,
    require_chief,
    require_chief_arbiter,
)
from crosstable_web.events.rounds import fide_mode, rule_warnings
from crosstable_web.events.rounds.absences import AutomaticWithdrawal, update_automatic_withdrawal
from crosstable_web.events.rounds.notation import of_section
from crosstable_web.events.rounds.pairing import last_round, lock_section
from crosstable_web.events.services import ServiceError

FOUL_LETTERS = frozenset({"f", "犯", "خ"})
"""What the keyboard box takes for "fouls" (``12 f 1 0``): ``f`` in any language, and the
letter each language's help shows (``12 犯 1 0``, ``12 خ 1 0``: :func:`foul_letter`)."""


def foul_letter() -> str:
    """The letter the page's help shows for fouls in the active language."""
    return pgettext("keyboard letter for fouls: one of f, 犯, خ", "f")


def parse_result(text: str, notation: Notation | None = None) -> tuple[ResultCode, ResultCode]:
    """Keyboard shorthand: ``1`` white wins, ``0`` black wins, ``=``/``5`` draw, ``+``/``-``
    forfeit won by white/black, ``--`` double forfeit, ``*`` no result yet. With a xiangqi
    section's ``notation``, also the results as that section's slips write them: the points
    (``2-0``, ``1-1``, ``0-2`` under the Chinese rules) and the words in the page's language
    (红胜, 和棋, 黑胜)."""
    word = text.strip().lower().replace(" ", "")
    codes = RESULT_WORDS.get(word)
    if codes is None and notation is not None and notation.xiangqi:
        codes = _notation_words(notation).get(word)
    if codes is None:
        raise ServiceError(
            _("Unknown result %(text)s: type 1, 0, = (draw), + or - (forfeit), -- or *.")
            % {"text": repr(text)}
            + (
                " "
                + _("Or as the result slip writes it: %(choices)s.")
                % {"choices": ", ".join(label for _words, label in notation.slip_choices())}
                if notation is not None and notation.xiangqi
                else ""
            )
        )
    return codes


def _notation_words(notation: Notation) -> dict[str, tuple[ResultCode, ResultCode]]:
    """A xiangqi section's own results as words: what :meth:`Notation.result` writes for a
    first-player win, a draw and a second-player win (a label two results share, as under
    a scoring giving a draw and a win the same points, is no word: it would be a guess), and
    the words of its slip's boxes (红胜, 和棋, 黑胜 in Chinese)."""
    games = [
        (ResultCode.WIN, ResultCode.LOSS),
        (ResultCode.DRAW, ResultCode.DRAW),
        (ResultCode.LOSS, ResultCode.WIN),
    ]
    labels = [notation.result(white.value, black.value) for white, black in games]
    words = {
        str(word).lower().replace(" ", ""): codes
        for (word, _label), codes in zip(notation.slip_choices(), games, strict=True)
    }
    return {
        label.lower(): codes
        for label, codes in zip(labels, games, strict=True)
        if labels.count(label) == 1 and label not in RESULT_WORDS
    } | {word: codes for word, codes in words.items() if word not in RESULT_WORDS}


def result_label(white: str, black: str, notation: Notation | None = None) -> str:
    """How a board's result is shown: 1-0, ½-½, +/- (forfeit), … (empty while pending); in
    xiangqi the points, 2-0, 1-1, 0-2, when ``notation`` is the section's
    (:func:`crosstable_web.events.rounds.notation.of_section`)."""
    return (notation or Notation()).result(white, black)


@dataclasses.dataclass(frozen=True, slots=True)
class ResultChange:
    """A board's result as entered, and the result it replaced (TRF codes, white's first;
    ``("*", "*")`` when the board had none): what an undo puts back."""

    board: models.Board
    previous: tuple[str, str]
    withdrawals: tuple[AutomaticWithdrawal, ...] = ()
    """Players this result withdrew or reinstated under the forfeit rule."""

    @property
    def replaced_a_result(self) -> bool:
        """A stored result was cleared or changed (not a first entry, not the same again)."""
        current = (self.board.white_result, self.board.black_result)
        return self.previous[0] != ResultCode.PENDING.value and self.previous != current

    @property
    def cleared(self) -> bool:
        return self.replaced_a_result and self.board.is_pending


def enter_result(
    round_row: models.Round, board_number: int, text: str, actor: Actor
) -> models.Board:
    """Record the result of one board (also a correction of an earlier round: standings
    and automatic withdrawals after it are recomputed)."""
    return record_result(round_row, board_number, text, actor).board


@transaction.atomic
def record_result(
    round_row: models.Round,
    board_number: int,
    text: str,
    actor: Actor,
    token: str | None = None,
    ask_before_replacing: bool = False,
) -> ResultChange:
    """:func:`enter_result`, telling also what the board held before (for the round page's
    one-step undo of a cleared or changed result). ``token``: the confirmation of the
    warnings a correction in FIDE mode gives (:func:`correction_warnings`), and, with
    ``ask_before_replacing`` (the round page), of replacing or clearing a stored result
    (``result.replace``: the arbiter confirms; a command line typed in full does not ask)."""
    section = lock_section(round_row.section)
    require_arbiter(actor, section.event)
    white_code, black_code = parse_result(text, of_section(section))
    return _set_result(
        section,
        round_row,
        board_number,
        (white_code.value, black_code.value),
        actor,
        None,
        token,
        ask_before_replacing,
    )


@transaction.atomic
def undo_result(
    round_row: models.Round,
    board_number: int,
    previous: tuple[str, str],
    replaced: tuple[str, str],
    actor: Actor,
    token: str | None = None,
) -> ResultChange:
    """Put back ``previous`` on a board whose result ``previous`` was cleared or changed to
    ``replaced``; refused (nothing changed) if the board no longer holds ``replaced`` — the
    board was entered again meanwhile, by this arbiter or another."""
    section = lock_section(round_row.section)
    require_arbiter(actor, section.event)
    valid = {code.value for code in ResultCode}
    if not set(previous) | set(replaced) <= valid:
        raise ServiceError(_("Nothing to undo."))
    return _set_result(section, round_row, board_number, previous, actor, replaced, token)


def correction_warnings(
    section: models.Section, round_row: models.Round
) -> list[rule_warnings.RuleWarning]:
    """A change of a result in FIDE mode once later rounds are paired (C.04.2 Art. 4.3): the
    previous round's asks (it counts from the next pairing), an older round's is refused (it
    can only go to the rating report: :func:`correct_for_rating_report`)."""
    if not section.fide_mode:
        return []
    latest = last_round(section)
    later = 0 if latest is None else latest.number - round_row.number
    if later <= 0:
        return []
    code = "result.previous_round" if later == 1 else "result.older_round"
    return [rule_warnings.RuleWarning(code, {"round": round_row.number})]


def _followed_by_a_pairing(section: models.Section, round_row: models.Round) -> bool:
    latest = last_round(section)
    return latest is not None and latest.number > round_row.number


def _set_result(
    section: models.Section,
    round_row: models.Round,
    board_number: int,
    codes: tuple[str, str],
    actor: Actor,
    expected: tuple[str, str] | None,
    token: str | None = None,
    ask_before_replacing: bool = False,
) -> ResultChange:
    round_row = models.Round.objects.get(pk=round_row.pk)  # as stored, under the lock
    if round_row.manual_changes:
        raise ServiceError(
            _("Round %(round)d is being changed by hand: end the manual changes first.")
            % {"round": round_row.number}
        )
    try:
        board = round_row.boards.select_related("white", "black").get(number=board_number)
    except models.Board.DoesNotExist:
        raise ServiceError(
            _("Round %(round)d has no board %(board)d.")
            % {"round": round_row.number, "board": board_number}
        ) from None
    previous = (board.white_result, board.black_result)
    notation = of_section(section)
    if expected is not None and previous != expected:
        raise ServiceError(
            _("Board %(board)d has changed since (now %(result)s): nothing undone.")
            % {"board": board_number, "result": result_label(*previous, notation) or "*"}
        )
    confirmed: list[rule_warnings.RuleWarning] = []
    if previous != codes and _followed_by_a_pairing(section, round_row):
        # the next round was paired from the result as it was: the chief's decision
        require_chief(actor, section.event)
    if previous != codes:
        warnings = correction_warnings(section, round_row)
        if ask_before_replacing and previous[0] != ResultCode.PENDING.value:
            warnings.insert(
                0,
                rule_warnings.RuleWarning(
                    "result.replace",
                    {
                        "board": board_number,
                        "players": f"{board.white.name} – {board.black.name}",
                        "was": result_label(*previous, notation),
                        "result": result_label(*codes, notation) or "*",
                    },
                ),
            )
        # the action names the result stored now: a confirmation given for it is void once
        # the board holds another (another arbiter entered it meanwhile)
        confirmed = rule_warnings.require(
            section,
            actor,
            f"result:{round_row.pk}:{board_number}:{previous}:{codes}",
            warnings,
            token,
        )
    old = result_label(*previous, notation)
    board.white_result, board.black_result = codes
    board.save(update_fields=["white_result", "black_result"])
    new = result_label(board.white_result, board.black_result, notation)
    if old != new:
        action = "result.correct" if old else "result.enter"
        if expected is not None:
            action = "result.undo"
        audit.record(
            section.event,
            actor,
            action,
            f"{section.key} R{round_row.number} B{board_number}: "
            f"{board.white.name} – {board.black.name}",
            old or None,
            new or None,
            [warning.as_json() for warning in confirmed],
            params={
                "section": section.key,
                "round": round_row.number,
                "board": board_number,
                "white": board.white.name,
                "black": board.black.name,
            },
            about=(board.white, board.black),
        )
    withdrawals = tuple(
        change
        for entry in (board.white, board.black)
        if (change := update_automatic_withdrawal(section, entry, actor)) is not None
    )
    return ResultChange(board, previous, withdrawals)


@transaction.atomic
def set_fouls(
    round_row: models.Round, board_number: int, white: int, black: int, actor: Actor
) -> None:
    section = lock_section(round_row.section)
    require_arbiter(actor, section.event)
    try:
        board = round_row.boards.get(number=board_number)
    except models.Board.DoesNotExist:
        raise ServiceError(
            _("Round %(round)d has no board %(board)d.")
            % {"round": round_row.number, "board": board_number}
        ) from None
    old = [board.white_fouls, board.black_fouls]
    board.white_fouls, board.black_fouls = white, black
    board.save(update_fields=["white_fouls", "black_fouls"])
    audit.record(
        section.event,
        actor,
        "result.fouls",
        f"{section.key} R{round_row.number} B{board_number}",
        old,
        [white, black],
        params={"section": section.key, "round": round_row.number, "board": board_number},
    )


RATING_CORRECTION_NOTE = "rating"
"""``ReportNote.kind`` of a result corrected for the rating report only."""


@transaction.atomic
def correct_for_rating_report(
    round_row: models.Round, board_number: int, text: str, reason: str, actor: Actor
) -> models.ReportNote:
    """A result known to be wrong after the pairings that followed it were made (C.04.2 Art.
    4.3: "later only ratings"): kept apart from the results — pairings and standings keep
    the result as it was — and written as a ``###`` line of the TRF file for the rating
    officer."""
    section = lock_section(round_row.section)
    require_chief_arbiter(actor, section.event)
    board = round_row.boards.select_related("white", "black").filter(number=board_number).first()
    if board is None:
        raise ServiceError(
            _("Round %(round)d has no board %(board)d.")
            % {"round": round_row.number, "board": board_number}
        )
    white, black = parse_result(text)
    if white is ResultCode.PENDING:
        raise ServiceError(_("Give the result the rating report should have."))
    reason = " ".join(reason.split())
    if not reason:
        raise ServiceError(_("Say why the result is corrected."))
    recorded = result_label(board.white_result, board.black_result) or "*"
    corrected = result_label(white.value, black.value)
    note = fide_mode.add_note(
        section,
        round_row.number,
        RATING_CORRECTION_NOTE,
        f"Rating report @ Round {round_row.number}: board {board_number}, "
        f"{board.white.pairing_number} {board.white.name} - {board.black.pairing_number} "
        f"{board.black.name}: {corrected} (recorded {recorded}); {reason}",
        {
            "board": board_number,
            "white": board.white.pairing_number,
            "black": board.black.pairing_number,
            "result": [white.value, black.value],
            "recorded": [board.white_result, board.black_result],
            "reason": reason,
        },
    )
    audit.record(
        section.event,
        actor,
        "result.rating_correction",
        f"{section.key} R{round_row.number} B{board_number}: "
        f"{board.white.name} – {board.black.name}",
        recorded,
        corrected,
        [reason],
        params={
            "section": section.key,
            "round": round_row.number,
            "board": board_number,
            "white": board.white.name,
            "black": board.black.name,
        },
        about=(board.white, board.black),
    )
    return note
