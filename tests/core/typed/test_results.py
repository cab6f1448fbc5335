"""The one result notation (``crosstable.typed.results``): what the keyboard box, the team
board entry and the stored board results read, and the one text a result is stored as."""

from __future__ import annotations

import pytest

from crosstable.model import ResultCode
from crosstable.typed import TypedValueError
from crosstable.typed.results import (
    BOARD_RESULT_TEXT,
    BOARD_RESULTS,
    read_board_result,
    read_result,
)

W, L, D = ResultCode.WIN, ResultCode.LOSS, ResultCode.DRAW
FW, FL, P = ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS, ResultCode.PENDING


@pytest.mark.parametrize(
    ("typed", "codes"),
    [
        ("1", (W, L)),
        (" 1-0 ", (W, L)),
        ("W", (W, L)),
        ("0", (L, W)),
        ("0:1", (L, W)),
        ("=", (D, D)),
        ("½", (D, D)),
        ("1/2 - 1/2", (D, D)),
        ("0.5-0.5", (D, D)),
        ("+", (FW, FL)),
        ("-", (FL, FW)),
        ("--", (FL, FL)),
        ("0-0", (FL, FL)),
        ("*", (P, P)),
    ],
)
def test_keyboard_words(typed: str, codes: tuple[ResultCode, ResultCode]) -> None:
    assert read_result(typed) == codes


@pytest.mark.parametrize("typed", ["2", "2-0", "1-1", "", "½½"])
def test_anything_else_is_refused_with_a_code(typed: str) -> None:
    with pytest.raises(TypedValueError) as caught:
        read_result(typed)
    assert caught.value.code == "unknown_result"


def test_each_result_is_stored_as_one_text_that_both_readers_read_back() -> None:
    assert set(BOARD_RESULT_TEXT) == set(BOARD_RESULTS.values())
    assert BOARD_RESULT_TEXT[(D, D)] == "1/2"
    for codes, text in BOARD_RESULT_TEXT.items():
        assert read_board_result(text) == codes
        assert read_result(text) == codes  # a stored text typed again means the same
    with pytest.raises(ValueError, match="unknown board result '2-0'"):
        read_board_result("2-0")
