"""Measuring one call in a fresh child process (its peak memory is its own), and the
Markdown tables the pairing benchmarks print."""

from __future__ import annotations

import multiprocessing
import statistics
from collections.abc import Callable, Collection, Mapping, Sequence
from multiprocessing.connection import Connection
from typing import Any


def _run_in_child(
    function: Callable[..., object], arguments: tuple[Any, ...], pipe: Connection
) -> None:
    try:
        pipe.send(function(*arguments))
    except Exception as error:  # reported in the table, not as a traceback
        pipe.send(error)


def in_child(function: Callable[..., object], arguments: tuple[Any, ...], timeout: float) -> object:
    """``function(*arguments)`` in a fresh child process: its answer, the exception it
    raised, or a TimeoutError when it runs out of time (wall seconds)."""
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_run_in_child, args=(function, arguments, sender))
    child.start()
    sender.close()
    try:
        if not receiver.poll(timeout):
            child.kill()
            return TimeoutError(f"timeout > {timeout:.0f} s wall")
        try:
            return receiver.recv()
        except EOFError:
            return RuntimeError("the child died (out of memory?)")
    finally:
        child.join()


def seconds_text(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def megabytes_text(value: int | None) -> str:
    return "-" if value is None else f"{value / 2**20:.0f}"


def round_lines(
    labels: tuple[str, str],
    cpu: Mapping[int, float | None],
    rss: Mapping[int, int | None],
    rounds: Sequence[int],
    complete: bool,
) -> list[list[str]]:
    """The two table lines of one input: ``labels``, then CPU seconds and peak memory per
    round of ``rounds`` ("-" for a round not measured), then the worst and the median over
    the rounds measured when ``complete`` (else "-")."""
    known_cpu = [c for c in cpu.values() if c is not None]
    known_rss = [m for m in rss.values() if m is not None]
    complete = complete and bool(known_cpu) and bool(known_rss)
    return [
        [
            *labels,
            "CPU s",
            *(seconds_text(cpu.get(r)) for r in rounds),
            seconds_text(max(known_cpu)) if complete else "-",
            seconds_text(statistics.median(known_cpu)) if complete else "-",
        ],
        [
            "",
            "",
            "peak MB",
            *(megabytes_text(rss.get(r)) for r in rounds),
            megabytes_text(max(known_rss)) if complete else "-",
            megabytes_text(int(statistics.median(known_rss))) if complete else "-",
        ],
    ]


def markdown_table(lines: Sequence[Sequence[str]], left_columns: Collection[int]) -> str:
    """``lines`` (the header first) as a Markdown table, the columns ``left_columns`` (0 the
    first) aligned left and the others right."""
    widths = [max(len(line[k]) for line in lines) for k in range(len(lines[0]))]
    text = []
    for index, line in enumerate(lines):
        cells = [
            cell.ljust(width) if column in left_columns else cell.rjust(width)
            for column, (cell, width) in enumerate(zip(line, widths, strict=True))
        ]
        text.append("| " + " | ".join(cells) + " |")
        if index == 0:
            text.append("|" + "|".join("-" * (width + 2) for width in widths) + "|")
    return "\n".join(text)
