"""Fuzzing the TRF reader: whatever the bytes, a tournament or a TrfError naming the file.

A few thousand inputs, drawn from a fixed seed so that a failure can be replayed: real TRF
files damaged byte by byte and line by line, cut short, re-encoded, and files that are not
TRF at all (empty, an image, random bytes, UTF-16 text, a CSV, a spreadsheet). Each one goes
through :func:`crosstable.formats.trf.read_trf_bytes`, the reader's entry point for file
contents; the command line must turn the non-TRF ones into a message and exit status 3.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from crosstable.cli.main import main
from crosstable.formats.trf import TrfError, read_trf_bytes

SAMPLE = Path(__file__).parents[2] / "pairing" / "corpus_sample"
SEEDS = sorted(SAMPLE.glob("*/n0[0-2]*.trf"))[:6]
INPUTS_PER_SEED_FILE = 400
SLOW_INPUT_SECONDS = 5.0
"""Far above the few milliseconds a small file takes: only a hang or a blow-up gets there."""

NOT_TRF: dict[str, bytes] = {
    "empty": b"",
    "blank lines": b"\n\n  \r\n\t\n",
    "png": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06",
    "random bytes": random.Random(7).randbytes(4000),
    "utf-16": "012 Open\n001    1 m    Doe, John\n".encode("utf-16"),
    "utf-16 without mark": "012 Open\n001    1 m    Doe, John\n".encode("utf-16-le"),
    "csv": b"name,rating,federation\nDoe John,2000,USA\nLee Ann,1800,MAS\n",
    "xlsx": b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00b\xee\x9dh^\x01\x00\x00",
    "text": b"Round 1 pairings\n1. Doe - Lee 1-0\n",
}


def _mutations(data: bytes, rng: random.Random) -> bytes:
    """One random damage of ``data``."""
    kind = rng.randrange(9)
    if not data:
        return data
    position = rng.randrange(len(data))
    if kind == 0:  # flip one byte
        return data[:position] + bytes([rng.randrange(256)]) + data[position + 1 :]
    if kind == 1:  # insert a few bytes
        noise = rng.randbytes(rng.randrange(1, 5))
        return data[:position] + noise + data[position:]
    if kind == 2:  # delete a few bytes (shifts the columns of the rest of the line)
        return data[:position] + data[position + rng.randrange(1, 5) :]
    if kind == 3:  # cut the file short
        return data[:position]
    lines = data.split(b"\n")
    index = rng.randrange(len(lines))
    if kind == 4:  # duplicate a line
        lines.insert(index, lines[index])
    elif kind == 5:  # drop a line
        del lines[index]
    elif kind == 6:  # swap two lines
        other = rng.randrange(len(lines))
        lines[index], lines[other] = lines[other], lines[index]
    elif kind == 7:  # a TRF-looking character in a round cell or field
        line = lines[index].ljust(rng.randrange(1, 140))
        column = rng.randrange(len(line))
        character = rng.choice(b"0123456789 wb=+-HFUZLD*?-.,\t")
        lines[index] = line[:column] + bytes([character]) + line[column + 1 :]
    else:  # re-encode a line (UTF-16, or text that is not valid UTF-8)
        lines[index] = (
            lines[index]
            .decode("latin-1")
            .encode(rng.choice(["utf-16", "cp1252"]), errors="replace")
        )
    return b"\n".join(lines)


def _read(data: bytes, source: str) -> None:
    started = time.monotonic()
    try:
        read_trf_bytes(data, source)
    except TrfError as error:
        assert str(error).startswith(source), str(error)
        assert error.problem
    assert time.monotonic() - started < SLOW_INPUT_SECONDS, source


def test_the_fuzz_seeds_are_real_files() -> None:
    assert len(SEEDS) >= 4
    for path in SEEDS:
        tournament, _ = read_trf_bytes(path.read_bytes(), path.name)
        assert tournament.players


@pytest.mark.parametrize("path", SEEDS, ids=lambda path: path.name)
def test_damaged_files_read_or_fail_with_a_trf_error(path: Path) -> None:
    rng = random.Random(path.name)
    original = path.read_bytes()
    for attempt in range(INPUTS_PER_SEED_FILE):
        data = original
        for _ in range(rng.randrange(1, 4)):
            data = _mutations(data, rng)
        _read(data, f"{path.name}#{attempt}")


def test_random_bytes_and_random_text_are_refused() -> None:
    rng = random.Random(2026)
    for attempt in range(600):
        size = rng.randrange(0, 3000)
        if attempt % 2:
            data = rng.randbytes(size)
        else:
            alphabet = "0123456789 wb=+-HZU\n,;|abc"
            data = "".join(rng.choice(alphabet) for _ in range(size)).encode()
        _read(data, f"random#{attempt}")


@pytest.mark.parametrize("kind", sorted(NOT_TRF))
def test_a_file_that_is_not_trf_is_an_error(kind: str) -> None:
    with pytest.raises(TrfError) as caught:
        read_trf_bytes(NOT_TRF[kind], "upload.trf")
    assert str(caught.value).startswith("upload.trf")
    assert (
        "not a TRF file" in str(caught.value)
        or "empty" in str(caught.value)
        or ("UTF-16" in str(caught.value))
    )


COMMANDS: dict[str, Callable[[str], list[str]]] = {
    "trf check": lambda path: ["trf", "check", path],
    "trf convert": lambda path: ["trf", "convert", path, "-"],
    "standings": lambda path: ["standings", path],
    "engine -c": lambda path: ["engine", "--dutch", path, "-c"],
    "engine -p": lambda path: ["engine", "--dutch", path, "-p"],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("kind", sorted(NOT_TRF))
def test_the_commands_refuse_a_file_that_is_not_trf(
    kind: str, command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "upload.trf"
    path.write_bytes(NOT_TRF[kind])
    status = main(COMMANDS[command](str(path)))
    out, err = capsys.readouterr()
    assert status == 3, (out, err)
    message = out + err
    assert str(path) in message
    assert "Traceback" not in message
    assert "players" not in out  # never "0 players, 0 rounds recorded"
