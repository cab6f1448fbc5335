"""Fuzzing what users type and upload (issue 14, "Done when"): no server error, no traceback,
no hang and no partial write, whatever comes in.

A few thousand inputs, derandomised (the same ones on every run, so CI is repeatable and a
failure replays), through each surface a user reaches with text or a file:

* the entry import — organisers' CSV files (headings in four languages, tricky values, any
  separator, line end and encoding), random bytes and XLSX workbooks, read and imported:
  either a report or an ``ImportFileError``, and either every row saved or none;
* the regulations loader — the five example files with one value replaced (huge, negative,
  fractional, NaN, exponent, control characters, deep nesting, wrong type, far dates) or
  damaged as text: either ``Regulations`` or a ``RegulationsError``; a sample of those that
  load becomes an event whose every page (back office, public, printouts) renders;
* the typed result box of the round page and the team round page, and ``?round=`` of the
  printouts — any text: a message, never a server error, and the stored results stay codes;
* the TRF reader: see :data:`SURFACES` — a hook; the TRF reader's own fuzz test (damaged real
  files, non-TRF files, the commands) is tests/core/formats/trf/test_trf_fuzz.py.
"""

from __future__ import annotations

import codecs
import contextlib
import copy
import csv
import datetime
import io
import json
import random
import re
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crosstable.formats.trf import TrfError, read_trf_bytes
from crosstable.regulations import Regulations, RegulationsError, parse_regulations
from crosstable_web.events import demo, models, rounds, services
from crosstable_web.events.entries import entries_import
from crosstable_web.events.entries.entry_headings import HEADINGS
from crosstable_web.events.regulations import regulation_messages, rules

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.toml"))
TRF_SAMPLES = sorted((ROOT / "tests" / "core" / "pairing" / "corpus_sample").glob("*/*.trf"))[:3]
SLOW_INPUT_SECONDS = 5.0
"""Far above the milliseconds one input takes: only a hang or a blow-up gets there."""

FUZZ = settings(
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

# --- tricky values -------------------------------------------------------------------------

TRICKY = [
    "", " ", "0", "-1", "-5", "1e3", "1e30", "1e20", "inf", "-inf", "NaN", "nan", "1500.7",
    "5,00", "1,500.50", "9" * 25, "²", "² 1", "①", "١٢", "۱۳۸۵/۰۳/۱۲", "1385-03-12",
    "2010/5/3", "2010年5月3日", "3/5/2010", "9999-12-31", "0001-01-01", "2014-01-01garbage",
    "男", "女", "L", "P", "مرد", "زن", "mf", "MALAYSIA", "MAS", "六级", "6级", "六級", "棋协大师",
    "学校", "sekolah", "شهرستان", "county", "GM", "wgm", "x" * 250, "\x00", "a\x00b", "\n",
    "Ali\nBaba", "Ali\u202eilA", "\u2066x\u2069", "\ud7ff", "\ufeff", "عبدالله\u200cزاده",
    '"', "'", ",", ";", "|", "\t", "=1+1", "@SUM(A1)", "<script>", "NULL", "None", "true",
    "A", "B", "open", "girls", "国际象棋", "中国象棋", "幼儿组", "جدول B", "RM 5", "260元",
]  # fmt: skip
HEADING_WORDS = sorted(
    {word for languages in HEADINGS.values() for words in languages.values() for word in words}
    | set(HEADINGS)
    | {"序号", "备注", "联系电话", "brith date", "", "Unknown"}
)

cells = st.one_of(st.sampled_from(TRICKY), st.text(max_size=30))
headings = st.lists(st.sampled_from(HEADING_WORDS), min_size=1, max_size=8).map(
    lambda words: ["name", *words] if "name" not in words else words
)


@st.composite
def csv_files(draw: st.DrawFn) -> bytes:
    """An organiser's CSV: headings, a few rows of tricky cells, any separator, line end,
    quoting and encoding."""
    columns = draw(headings)
    rows = draw(st.lists(st.lists(cells, min_size=len(columns), max_size=len(columns)), max_size=6))
    delimiter = draw(st.sampled_from([",", ";", "\t", "|"]))
    line_end = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator=line_end)
    writer.writerows([columns, *rows])
    text = buffer.getvalue()
    encoding = draw(st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "gb18030"]))
    data = text.encode(encoding, errors="replace")
    if draw(st.booleans()) and data:  # damage one byte
        position = draw(st.integers(0, len(data) - 1))
        data = data[:position] + bytes([draw(st.integers(0, 255))]) + data[position + 1 :]
    return data


@st.composite
def xlsx_files(draw: st.DrawFn) -> bytes:
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    columns = draw(headings)
    sheet.append(columns)
    for _ in range(draw(st.integers(0, 4))):
        row: list[Any] = []
        for _ in columns:
            row.append(
                draw(
                    st.one_of(
                        cells.map(lambda text: re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", "", text)),
                        st.integers(-(10**15), 10**15),
                        st.floats(allow_nan=False, allow_infinity=False),
                        st.dates().map(lambda day: datetime.datetime(day.year, day.month, day.day)),
                    )
                )
            )
        sheet.append(row)
    if draw(st.booleans()):
        sheet.cell(
            row=draw(st.integers(1, 1_048_576)), column=draw(st.integers(1, 16_384)), value="x"
        )
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


files = st.one_of(csv_files(), xlsx_files(), st.binary(max_size=3000))


# --- the surfaces --------------------------------------------------------------------------


def _timed(action: Callable[[], Any], what: str) -> Any:
    started = time.monotonic()
    value = action()
    assert time.monotonic() - started < SLOW_INPUT_SECONDS, what
    return value


def import_surface(event: models.Event, organiser: User, content: bytes, name: str) -> None:
    """A report or a file error; all rows saved or none."""
    before = models.Entry.objects.filter(section__event=event).count()
    try:
        rows = _timed(
            lambda: entries_import.read_entries_file(content, name, language="zh-hans"), name
        )
    except entries_import.ImportFileError as error:
        assert str(error)
        return
    report = _timed(lambda: entries_import.import_entries(event, rows, organiser), name)
    after = models.Entry.objects.filter(section__event=event).count()
    assert after == before + (len(report.rows) if report.is_clean else 0)
    for entry in models.Entry.objects.filter(section__event=event):
        assert entry.sex in ("", "M", "F")
        assert 0 <= entry.rating <= services.MAX_RATING
        assert "\x00" not in entry.name and len(entry.name) <= 200


def regulations_surface(text: str) -> Regulations | None:
    """Regulations or a RegulationsError; what loads becomes the rows of an event."""
    try:
        regulations = _timed(lambda: parse_regulations(text, "fuzz.toml"), "regulations")
    except RegulationsError as error:
        assert str(error).startswith("fuzz.toml")
        # the organiser reads it in their words: whatever the damage, the message is said
        with translation.override("fa"):
            assert regulation_messages.problem_text(error, text)
        return None
    rules.event_spec_from_regulations(regulations, text)
    return regulations


def trf_surface(data: bytes) -> None:
    """The TRF reader: a tournament or a TrfError (its own fuzz test is realfiles',
    tests/core/formats/trf/test_trf_fuzz.py)."""
    try:
        _timed(lambda: read_trf_bytes(data, "fuzz.trf"), "trf")
    except TrfError as error:
        assert str(error).startswith("fuzz.trf")


SURFACES: dict[str, Callable[..., Any]] = {
    "entry import": import_surface,
    "regulations": regulations_surface,
    "trf": trf_surface,
}
"""Each input surface and the function that drives one input through it and checks the
contract (the typed boxes are driven through the pages below)."""


# --- the entry import ----------------------------------------------------------------------


@pytest.mark.django_db
@settings(FUZZ, max_examples=500)
@given(content=files)
def test_entry_import_never_crashes(event: models.Event, organiser: User, content: bytes) -> None:
    with transaction.atomic():
        name = "entries.xlsx" if content.startswith(b"PK") else "entries.csv"
        import_surface(event, organiser, content, name)
        transaction.set_rollback(True)


@pytest.mark.django_db
@settings(FUZZ, max_examples=100)
@given(content=files)
def test_entry_import_page_never_fails(
    event: models.Event, organiser: User, content: bytes
) -> None:
    client = Client()
    client.force_login(organiser)
    with transaction.atomic():
        before = models.Entry.objects.count()
        response = client.post(
            f"/e/{event.slug}/import/", {"file": SimpleUploadedFile("entries.csv", content)}
        )
        assert response.status_code in (200, 302)
        if response.status_code == 200:
            assert models.Entry.objects.count() == before
        transaction.set_rollback(True)


# --- the regulations loader ----------------------------------------------------------------

_KINABATANGAN = (ROOT / "examples" / "kinabatangan-school-2024.toml").read_text(encoding="utf-8")

BAD_VALUES: list[Any] = [
    10**20, 2**31, 2**63, -1, 0, 1.5, float("nan"), float("inf"), True, "1e30", "1e20", "NaN",
    "-5", "1/0", "²", "", "x" * 2000, "\x00", "a\u202eb", "9999-12-31", "0001-01-01",
    "1385-03-12", datetime.date(9999, 12, 31), datetime.date(1, 1, 1), [], {}, [[[[[[1]]]]]],
    {"a": {"b": {"c": 1}}}, "24:00", "99:99", "FIDE_DUTCH_2026", "XIANGQI_SWISS", "BH", "M",
]  # fmt: skip


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value).replace("inf", "inf").replace("nan", "nan")
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return (
            "{" + ", ".join(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in value.items()) + "}"
        )
    raise TypeError(value)


def to_toml(data: dict[str, Any]) -> str:
    """``data`` as TOML (every top-level key one line, tables inline)."""
    return "\n".join(f"{json.dumps(key)} = {_toml_value(value)}" for key, value in data.items())


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_paths(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_paths(item, (*path, index)))
    return found


def mutated(rng: random.Random) -> str:
    """One example regulations file with one to three values replaced, deleted or added, or
    damaged as text."""
    text = rng.choice(EXAMPLES).read_text(encoding="utf-8")
    if rng.random() < 0.25:  # damage the text itself
        for _ in range(rng.randrange(1, 4)):
            position = rng.randrange(len(text))
            text = (
                text[:position]
                + rng.choice(["[", "]", "{", '"', "=", "\n", "\x00", "ي", "9" * 30])
                + text[position:]
            )
        return text
    data = tomllib.loads(text)
    for _ in range(rng.randrange(1, 4)):
        path = rng.choice(_paths(data))
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        action = rng.random()
        if action < 0.15 and isinstance(parent, dict):
            del parent[path[-1]]
        elif action < 0.2 and isinstance(parent, dict):
            parent[rng.choice(["unknown", "x" * 50, "²"])] = copy.deepcopy(rng.choice(BAD_VALUES))
        else:
            # a copy: the same list placed twice could end up inside itself (a cycle)
            parent[path[-1]] = copy.deepcopy(rng.choice(BAD_VALUES))
    return to_toml(data)


def test_the_examples_survive_the_round_trip_to_toml() -> None:
    """The serialiser the mutations use writes the examples back as they were."""
    for path in EXAMPLES:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert tomllib.loads(to_toml(data)) == data, path.name


def test_regulations_loader_never_crashes() -> None:
    rng = random.Random(14)
    loaded = refused = 0
    for _ in range(1200):
        if regulations_surface(mutated(rng)) is None:
            refused += 1
        else:
            loaded += 1
    assert loaded > 50 and refused > 500  # the mutations reach both outcomes


@pytest.mark.parametrize(
    "text",
    [
        "a = " + "[" * 20_000 + "]" * 20_000,
        "a = " + "{b = " * 20_000 + "1" + "}" * 20_000,
        _KINABATANGAN.replace('amount = "5.00"', 'amount = "1e30"'),
        _KINABATANGAN.replace('amount = "5.00"', "amount = 100000000000000000000"),
        _KINABATANGAN + "\n# " + "x" * 2_000_000,
    ],
    ids=["deep arrays", "deep tables", "fee 1e30", "fee 1e20", "two megabytes"],
)
def test_regulations_loader_refuses_the_issue_14_files(text: str) -> None:
    assert regulations_surface(_KINABATANGAN) is not None
    assert text != _KINABATANGAN
    assert regulations_surface(text) is None


# --- events from fuzzed regulations: every page renders -----------------------------------

PAGE_EVENTS = 8
LINKS = re.compile(r'href="(/(?:e|p|print)/[^"#]*)"')


def _fill(event: models.Event, organiser: User, arbiter: User, rng: random.Random) -> None:
    """A few players in each section and round 1 of the first section that can be paired
    (what a fuzzed rule permits; a refusal is a refusal, not a failure)."""
    for section in event.sections.all():
        for index in range(4):
            data = demo.generate_entry(section, "zh", rng, index, set())
            with contextlib.suppress(services.ServiceError):
                services.add_entry(section, data, organiser)
    for section in event.sections.all():
        if section.settings.get("team_event") or section.entries.count() < 2:
            continue
        try:
            services.assign_pairing_numbers(section, arbiter)
            round_row = rounds.pair_next_round(section, arbiter)
        except services.ServiceError:
            continue
        for board in round_row.boards.all()[:2]:
            rounds.enter_result(round_row, board.number, "1", arbiter)
        return


def _crawl(client: Client, slug: str, starts: list[str], limit: int = 60) -> int:
    seen: set[str] = set()
    queue = list(starts)
    while queue and len(seen) < limit:
        url = queue.pop(0)
        if url in seen or "format=pdf" in url or url.endswith((".svg", ".json")):
            continue
        seen.add(url)
        response = client.get(url)
        assert response.status_code < 500, url
        if response.status_code == 200 and "html" in response.get("Content-Type", ""):
            for link in LINKS.findall(response.content.decode()):
                link = link.replace("&amp;", "&")
                if f"/{slug}/" in link and link not in seen:
                    queue.append(link)
    return len(seen)


@pytest.mark.django_db
@pytest.mark.slow
@pytest.mark.usefixtures("plain_templates")
def test_every_page_of_an_event_from_fuzzed_regulations_renders(
    organiser: User, arbiter: User
) -> None:
    rng = random.Random(2026)
    made = 0
    attempts = 0
    while made < PAGE_EVENTS and attempts < 400:
        attempts += 1
        text = mutated(rng)
        regulations = regulations_surface(text)
        if regulations is None:
            continue
        spec = rules.event_spec_from_regulations(regulations, text, 3)
        try:
            event = services.create_event(spec, organiser, slug=f"fuzz-{made}")
        except services.ServiceError:
            continue
        models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
        _fill(event, organiser, arbiter, rng)
        staff = Client()
        staff.force_login(organiser)
        pages = _crawl(staff, event.slug, [f"/e/{event.slug}/", f"/p/{event.slug}/"])
        pages += _crawl(Client(), event.slug, [f"/p/{event.slug}/"], limit=30)
        assert pages > 5
        made += 1
    assert made == PAGE_EVENTS


# --- the typed boxes ----------------------------------------------------------------------

typed_text = st.one_of(
    st.sampled_from(TRICKY),
    st.text(alphabet="0123456789۰۱۲۳۴۵۶۷۸۹１２ ²fF=+-*½/.,x", max_size=12),
    st.text(max_size=20),
)


@pytest.mark.django_db
@settings(FUZZ, max_examples=300)
@given(typed=typed_text, board=st.one_of(st.none(), typed_text))
def test_round_result_box_never_fails(
    paired: models.Round, arbiter: User, typed: str, board: str | None
) -> None:
    client = Client()
    client.force_login(arbiter)
    url = f"/e/{paired.section.event.slug}/s/open/r/1/result/"
    data = (
        {"entry": f"{board or 1} {typed}"} if board is None else {"board": board, "result": typed}
    )
    response = client.post(url, {k: v.replace("\x00", "") for k, v in data.items()})
    # back to the round page, or the question a stored result replaced asks first
    assert response.status_code == 302 or (
        response.status_code == 200 and 'data-code="result.replace"' in response.content.decode()
    )
    codes = {"*", "1", "0", "=", "+", "-"}
    for white, black, white_fouls in paired.boards.values_list(
        "white_result", "black_result", "white_fouls"
    ):
        assert white in codes and black in codes and 0 <= white_fouls <= 99


@pytest.mark.django_db
@settings(FUZZ, max_examples=100)
@given(asked=typed_text)
def test_printout_round_query_never_fails(paired: models.Round, asked: str) -> None:
    slug = paired.section.event.slug
    response = Client().get(f"/print/{slug}/open/pairings/", {"round": asked.replace("\x00", "")})
    assert response.status_code in (200, 404)


# --- the TRF reader (hook) ---------------------------------------------------------------


@settings(FUZZ, max_examples=300)
@given(
    data=st.one_of(st.binary(max_size=2000), st.sampled_from(TRF_SAMPLES).map(Path.read_bytes)),
    cut=st.integers(0, 5000),
    noise=st.binary(max_size=8),
)
def test_trf_reader_never_crashes(data: bytes, cut: int, noise: bytes) -> None:
    trf_surface(data[:cut] + noise + data[cut:])


def test_the_byte_order_marks_read(event: models.Event, organiser: User) -> None:
    """A sanity check of the CSV strategy's encodings: each one reads as a file."""
    for bom, encoding in ((codecs.BOM_UTF8, "utf-8"), (b"", "utf-16")):
        rows = entries_import.read_entries_file(bom + "name\nAli\n".encode(encoding), "e.csv")
        assert [row.values["name"] for row in rows.rows] == ["Ali"]
