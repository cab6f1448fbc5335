"""The "where is X" questions of issue 30's review are answered from the folder names
(docs/dev/extending.md, "Where is X"): each answer's first path is a file of the repository
at most four folders down from its root, and every package on the way says in its
``__init__.py`` docstring what it owns."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "dev" / "extending.md"
MOST_STEPS = 4

QUESTIONS = (
    "C12",
    "xiangqi: no colour three times in a row",
    "the Buchholz cut",
    "float once",
    "the county-team discount",
    "a Jalali date typed in a form",
    "two forfeits → withdrawn",
    "who may change a result after the next round",
)
"""The eight questions, as the table's first column words them."""


def _answers() -> dict[str, str]:
    """Question -> the first path of its answer, from the section's table."""
    section = GUIDE.read_text(encoding="utf-8").split("## Where is X", 1)[1].split("\n## ", 1)[0]
    answers = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 2 or cells[0] in ("question", "---"):
            continue
        first = re.search(r"`([\w/.-]+\.py)`", cells[1])
        assert first is not None, f"no path in the answer to {cells[0]!r}"
        answers[cells[0]] = first.group(1)
    return answers


def test_the_eight_questions_are_answered() -> None:
    answers = _answers()
    for question in QUESTIONS:
        assert any(question in asked for asked in answers), question


def test_each_answer_is_at_most_four_folders_down() -> None:
    for question, path in _answers().items():
        assert (ROOT / path).is_file(), f"{question}: {path} is not a file"
        folders = Path(path).parts[:-1]
        assert len(folders) <= MOST_STEPS, f"{question}: {path} is {len(folders)} steps"


def test_every_package_on_the_way_says_what_it_owns() -> None:
    for question, path in _answers().items():
        folder = ROOT
        for part in Path(path).parts[:-1]:
            folder = folder / part
            init = folder / "__init__.py"
            if init.is_file():
                docstring = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
                assert docstring, f"{question}: {init.relative_to(ROOT)} has no docstring"
