"""Every repository file a comment or a document names exists (issue 30 item 5): a pointer
such as ``events/rounds/notation.py`` or ``docs/architecture/layers.md`` leads somewhere.

A named path leads somewhere when a tracked file's path is it or ends with it (comments name
web modules from their app down, ``events/lots.py``, and templates by their template name,
``events/history.html``), or, relative, from the naming file's folder. Paths of files made at
run time or outside the repository are not pointers (``NOT_POINTERS``)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SUFFIXES = "py|md|toml|html|js|css|po|sh|trf|txt|json|cfg|yml|yaml"
PATH = re.compile(r"(?<![\w/.~$:-])((?:[A-Za-z_][\w.-]*/)+[\w.-]+\.(?:" + SUFFIXES + r"))(?![\w/])")
SCANNED = re.compile(r"\.(py|md|toml|html|sh|cfg|txt)$|^scripts/")
NOT_POINTERS = (
    "var/",  # made at run time (the SQLite database, PDFs, backups)
    "static/crosstable_web/vendor/",  # downloaded by scripts/bootstrap
    "LC_MESSAGES/",  # each language's catalogue: locale/<code>/LC_MESSAGES/django.po
    "site-packages/",
    "node_modules/",
    "etc/",  # a server's files (docs/deploy.md)
    "usr/",
    "lib/",
    "shared/",  # /work/shared, beside the repository, never in it
    "corpus/",
    "work/",
    "test/backend/",  # bbpPairings' own test files (docs/bench.md)
    "tests/fixtures/",  # a reference engine's test files, named where a case came from
    "p/",  # an address (/p/follow-sw.js), not a file
    "large/",  # the shared corpus's largest files, read by bench/ from beside the repository
)


def _listed() -> list[str]:
    return subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()


def _tracked_files() -> list[str]:
    return [name for name in _listed() if SCANNED.search(name) and not name.startswith("locale/")]


def _exists(path: str, here: str, tracked: set[str], endings: set[str]) -> bool:
    if any(marker in path for marker in ("<", "{", "*", "NAME", "XXX", "/x.")):
        return True  # a pattern, not a file
    relative = (Path(here).parent / path).as_posix()
    return path in tracked or path in endings or relative in tracked or (ROOT / path).is_dir()


def test_every_named_path_exists() -> None:
    tracked = set(_listed())
    endings = {name.split("/", index)[-1] for name in tracked for index in range(1, 8)}
    missing = []
    for name in _tracked_files():
        text = (ROOT / name).read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            for match in PATH.finditer(line):
                path = match.group(1)
                if path.startswith(NOT_POINTERS) or any(f"/{p}" in path for p in NOT_POINTERS):
                    continue
                if not _exists(path, name, tracked, endings):
                    missing.append(f"{name}:{number}: {path}")
    assert missing == []
