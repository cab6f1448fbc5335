"""Test-wide settings: where the conformance corpus the tests read lives, and what a local
run samples (``tests/sampling.py``: the seed printed in the header, the list of what was
sampled at the end; ``--sample-files`` for scripts/test's PostgreSQL pass).

The tests read the sample kept in the repository (``tests/data/corpus``), so a clone alone
passes; ``CROSSTABLE_CORPUS`` points them at another copy, e.g. the whole corpus beside the
repository (``CROSSTABLE_CORPUS=../shared/corpus``). Test modules read the variable at import
time, which pytest does after loading this file.
"""

import os
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

import sampling

REPOSITORY = Path(__file__).resolve().parent.parent
SAMPLE_CORPUS = REPOSITORY / "tests" / "data" / "corpus"
os.environ.setdefault("CROSSTABLE_CORPUS", str(SAMPLE_CORPUS))
os.environ["CROSSTABLE_CORPUS"] = str(Path(os.environ["CROSSTABLE_CORPUS"]).resolve())


def pytest_configure() -> None:
    # One seed for the whole run: the workers pytest-xdist starts inherit it.
    os.environ.setdefault(sampling.SEED_VARIABLE, str(sampling.seed()))
    corpus = Path(os.environ["CROSSTABLE_CORPUS"])
    if not (corpus / "dutch").is_dir():
        # Without the corpus the conformance tests would collect nothing and pass silently.
        raise RuntimeError(f"conformance corpus not found at {corpus}; set CROSSTABLE_CORPUS")


# What a local run samples (tests/sampling.py): the seed in the header, the list at the end.
# The lines each test's process records travel in its reports (to the main process under
# pytest-xdist) and are printed once each.

_sampled: dict[str, None] = {}


def pytest_report_header(config: pytest.Config) -> str:
    if sampling.full_run():
        return "crosstable tests: full run (CI or CROSSTABLE_FULL_TESTS=1): nothing sampled"
    return (
        f"crosstable tests: local run, slow cases sampled with seed {sampling.seed()} "
        f"(CROSSTABLE_TEST_SEED={sampling.seed()} samples the same again; "
        "CROSSTABLE_FULL_TESTS=1 runs everything, as CI does)"
    )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    report.user_properties.extend(("sampled", line) for line in sampling.take_recorded())
    return report


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    for name, value in report.user_properties:
        if name == "sampled":
            _sampled[str(value)] = None


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for line in sampling.take_recorded():  # recorded after the last test (or while collecting)
        _sampled[line] = None
    if not _sampled:
        return
    terminalreporter.section("sampled (the full run is CI's; CROSSTABLE_FULL_TESTS=1 here)")
    terminalreporter.write_line(f"seed {sampling.seed()}")
    for line in _sampled:
        terminalreporter.write_line(line)


DATABASE_SENSITIVE = (
    "tests/web/events/test_concurrency.py",  # row locks between connections
    "tests/web/events/test_audit_chain.py",  # the audit chain's order and hashes as stored
    "tests/web/teams/test_team_fee_migration.py",  # a data migration's SQL
    "tests/web/backup/",  # every table written and read back
    "tests/web/hub/",  # publications signed, refused as replays, stored
    "tests/web/follow/test_delivery.py",  # notices claimed once by concurrent senders
    "tests/web/test_deployment.py",  # the login throttle's rows
)
"""Test files whose subject is how the database stores, locks or orders (with the tests
marked ``postgres``): a sampled PostgreSQL pass (``--sample-files``) keeps them all, and of
the other files the share asked for, without their tests marked ``slow``."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--sample-files",
        type=float,
        default=None,
        metavar="SHARE",
        help="in a local run (not CI, not CROSSTABLE_FULL_TESTS=1), keep every database-sensitive "
        "test file and this share of the others, chosen by the run's seed, without their tests "
        "marked slow (scripts/test's PostgreSQL pass); what is left out is listed at the end",
    )


SAMPLED_LOCALLY = (
    # The browser journeys: each an event from an empty database through the pages, 30 to
    # 70 s of a worker; a journey added to the folder is sampled with them.
    ("tests/web/journeys/", 0.25, "journeys"),
    # Each seed's rules set through the settings forms from the blank event form: 40 to 100 s
    # of a worker each when the settings were one page, read after every form sent; with a
    # page per part, 16 s (Fars) and 25 s (Futian grade) of CPU, from 32 s and 61 s.
    (
        "tests/web/events/test_seeds_from_blank_forms.py::"
        "test_a_seed_set_in_the_forms_means_its_example_file",
        0.4,
        "seeds set from the blank forms",
    ),
    # Two 2,000-player sections paired twice each from the pages: 26 s (Kinabatangan L12)
    # and 90 s (Huayuan xiangqi) of wall time with -n 0 on the shared 2-core machine.
    (
        "tests/web/events/test_large_section_pairing_browser.py::",
        0.5,
        "2,000-player pairings in the browser",
    ),
)
"""The slowest groups of whole tests, of which a local run that also runs other tests keeps
a seeded share (at least one); the others are skipped, each saying so and how to run it. A
run of one group alone (``pytest tests/web/journeys/``, a file, a name) runs every test it
names, and CI runs all."""


def _sample_groups(items: list[pytest.Item]) -> None:
    if sampling.full_run():
        return
    for prefix, share, what in SAMPLED_LOCALLY:
        group = [item for item in items if item.nodeid.startswith(prefix)]
        if not group or len(group) == len(items):
            continue
        kept = set(sampling.sample([item.nodeid for item in group], share, what))
        for item in group:
            if item.nodeid not in kept:
                item.add_marker(
                    pytest.mark.skip(
                        reason=f"{what}: left out of this local run (seed {sampling.seed()}); "
                        f"CROSSTABLE_FULL_TESTS=1 runs them all, as CI does, and so does "
                        f"`pytest {prefix}` alone"
                    )
                )


@pytest.hookimpl(trylast=True)  # after -m and -k: the counts said are of the tests selected
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    _sample_files(config, items)
    _sample_groups(items)


def _sample_files(config: pytest.Config, items: list[pytest.Item]) -> None:
    share = config.getoption("--sample-files")
    if share is None or sampling.full_run():
        return
    files = sorted({item.nodeid.split("::")[0] for item in items})
    always = [
        path
        for path in files
        if path.startswith(DATABASE_SENSITIVE)
        or any(
            item.get_closest_marker("postgres") for item in items if item.nodeid.startswith(path)
        )
    ]
    others = [path for path in files if path not in always]
    kept = set(always) | set(sampling.sample(others, share, "sampled files"))

    def keeps(item: pytest.Item) -> bool:
        # A sampled file's slow tests (the crawls, the fuzzing) stay in the SQLite pass: on
        # PostgreSQL they would weigh more than the rest of the sample, for no storage question.
        path = item.nodeid.split("::")[0]
        return path in always or (path in kept and not item.get_closest_marker("slow"))

    chosen = [item for item in items if keeps(item)]
    left_out = [item for item in items if not keeps(item)]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = chosen
        sampling.take_recorded()  # said again below, with the files' names
        slow = [item.nodeid for item in left_out if item.nodeid.split("::")[0] in kept]
        sampling.record(
            f"files: {len(kept)} of {len(files)} ({len(always)} database-sensitive, "
            f"{len(kept) - len(always)} sampled of {len(others)}); {len(chosen)} of "
            f"{len(chosen) + len(left_out)} tests; left out: "
            + ", ".join(path for path in files if path not in kept)
            + (f"; and the slow tests of the sampled files: {', '.join(slow)}" if slow else "")
        )
