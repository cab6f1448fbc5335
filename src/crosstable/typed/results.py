"""Game results as people type them and as the app stores them: the one notation module.

A result is a pair of :class:`~crosstable.model.ResultCode`, the first-named player's (White,
Red, or the first-named team's player on a board) then the other's.

* :data:`RESULT_WORDS` / :func:`read_result`: the arbiter's keyboard shorthand, in any of the
  forms people write (``1``, ``1-0``, ``w``; ``0``; ``=``, ``½``, ``1/2``, ``5``; ``+``, ``-``,
  ``--`` for forfeits; ``*`` for no result yet);
* :data:`BOARD_RESULTS` / :func:`read_board_result`: the forms a stored board result is
  written in (``1-0``, ``0-1``, ``1/2``, ``=``, ``+-``, ``-+``, ``--``, ``*``), and
  :data:`BOARD_RESULT_TEXT`, the one text each result is stored as.

A xiangqi section's own point notation (``2-0``, ``1-1``) depends on its scoring and is added
by the web app's notation on top of these words.
"""

from __future__ import annotations

from crosstable.model import ResultCode
from crosstable.typed.errors import TypedValueError

_WIN = (ResultCode.WIN, ResultCode.LOSS)
_LOSS = (ResultCode.LOSS, ResultCode.WIN)
_DRAW = (ResultCode.DRAW, ResultCode.DRAW)
_FORFEIT_WIN = (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS)
_FORFEIT_LOSS = (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN)
_DOUBLE_FORFEIT = (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS)
_PENDING = (ResultCode.PENDING, ResultCode.PENDING)

RESULT_WORDS: dict[str, tuple[ResultCode, ResultCode]] = {
    word: codes
    for words, codes in (
        (("1", "1-0", "1:0", "w"), _WIN),
        (("0", "0-1", "0:1", "b"), _LOSS),
        (("=", "5", "d", "½", "½-½", "1/2", "0.5", "1/2-1/2", "0.5-0.5"), _DRAW),
        (("+", "+-", "1-0f", "1ff"), _FORFEIT_WIN),
        (("-", "-+", "0-1f", "0ff"), _FORFEIT_LOSS),
        (("--", "0-0", "ff"), _DOUBLE_FORFEIT),
        (("*", "?", "x"), _PENDING),
    )
    for word in words
}
"""The keyboard shorthand (lower case, no spaces) -> the two players' result codes."""

BOARD_RESULTS: dict[str, tuple[ResultCode, ResultCode]] = {
    "1-0": _WIN,
    "0-1": _LOSS,
    "1/2": _DRAW,
    "=": _DRAW,
    "+-": _FORFEIT_WIN,
    "-+": _FORFEIT_LOSS,
    "--": _DOUBLE_FORFEIT,
    "*": _PENDING,
}
"""Board results as they are stored (and typed on the command line), first-named first."""

BOARD_RESULT_TEXT: dict[tuple[ResultCode, ResultCode], str] = {}
for _text, _codes in BOARD_RESULTS.items():
    BOARD_RESULT_TEXT.setdefault(_codes, _text)
"""The one text each result is stored as (``1-0``, ``1/2``, ``+-`` …)."""


def read_result(text: str) -> tuple[ResultCode, ResultCode]:
    """The keyboard shorthand ``text`` (:data:`RESULT_WORDS`; case and spaces ignored), or
    TypedValueError ``unknown_result``."""
    codes = RESULT_WORDS.get(text.strip().lower().replace(" ", ""))
    if codes is None:
        raise TypedValueError("unknown_result", text)
    return codes


def read_board_result(text: str) -> tuple[ResultCode, ResultCode]:
    """A stored board result (:data:`BOARD_RESULTS`; ``½-½`` and ``0.5-0.5`` read as ``1/2``),
    or ValueError naming the accepted forms."""
    try:
        return BOARD_RESULTS[text.strip().replace("½-½", "1/2").replace("0.5-0.5", "1/2")]
    except KeyError:
        known = ", ".join(BOARD_RESULTS)
        raise ValueError(f"unknown board result {text!r} (expected one of {known})") from None
