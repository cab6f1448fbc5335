"""The arbiter's keyboard entry of team board results, as the individual round page has it.

The individual page takes ``BOARD RESULT`` (``12 1``); a team match has tables and boards, so
the team round page takes, separated by commas, semicolons or new lines:

* ``TABLE.BOARD RESULT`` — one board: ``3.2 1`` (table 3, board 2, first-named team's player
  wins), ``3.2 =``, ``3.4 +``;
* ``TABLE RESULT RESULT …`` — a whole match, boards in order: ``3 1 = 0 1``.

Each RESULT is read by the individual page's parser
(:func:`crosstable_web.events.rounds.parse_result`: ``1``/``1-0``, ``0``/``0-1``,
``=``/``½``/``1/2``, ``+``, ``-``, ``--``, ``*``), from the first-named team's side.
"""

from __future__ import annotations

import dataclasses
import re

from django.utils.translation import gettext as _

from crosstable.typed import whole_number_or_none
from crosstable.typed.results import BOARD_RESULT_TEXT
from crosstable_web.events.rounds import parse_result
from crosstable_web.events.services import ServiceError

MAX_TABLE = 99_999
"""The largest table or board number read (``² 1``, a 25-digit number: refused)."""


@dataclasses.dataclass(frozen=True, slots=True)
class TypedBoard:
    table: int
    board: int
    result: str
    """The result as :func:`crosstable.typed.results.read_board_result` reads it
    (``1-0``, ``1/2``, ``+-`` …)."""


def parse_typed_results(text: str, boards: int) -> list[TypedBoard]:
    """Every board of ``text`` (see the module), or ServiceError naming the part that cannot
    be read; nothing is returned (so nothing saved) when any part is wrong."""
    typed: list[TypedBoard] = []
    parts = [part.strip() for part in re.split(r"[,;\n]", text) if part.strip()]
    if not parts:
        raise ServiceError(_("Type a table and board, a space and the result, e.g. 3.2 1."))
    for part in parts:
        place, *results = part.split()
        table_text, dot, board_text = place.partition(".")
        table = whole_number_or_none(table_text, 1, MAX_TABLE)
        first_board = whole_number_or_none(board_text, 1, MAX_TABLE) if dot else 1
        if table is None or first_board is None or not results:
            raise ServiceError(
                _(
                    "%(part)s: type TABLE.BOARD RESULT (3.2 1) or TABLE and the results of "
                    "every board (3 1 = 0 1)."
                )
                % {"part": part}
            )
        if dot and len(results) != 1:
            raise ServiceError(_("%(part)s: one result after a table and board.") % {"part": part})
        last_board = first_board + len(results) - 1
        if first_board < 1 or last_board > boards:
            raise ServiceError(
                _("%(part)s: a match has boards 1 to %(boards)d.")
                % {"part": part, "boards": boards}
            )
        for board, result in enumerate(results, start=first_board):
            try:
                codes = parse_result(result)
            except ServiceError as error:
                raise ServiceError(f"{part}: {error}") from None
            typed.append(TypedBoard(table, board, BOARD_RESULT_TEXT[codes]))
    return typed
