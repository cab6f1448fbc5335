"""Private data stays private: every URL of the site, fetched without signing in, over the
demo events (with the online registrations waiting in their queues: contacts, details,
documents, payments, changes asked), shows no fee, payment, birth date or any other field an
app declares private (``crosstable_web.backup.registry``: ``event_table(..., private=...)``).

The private fields of every row are first set to marker values (an amount, a date, a text),
so that a leak is found whatever the page does with them: an amount in any digit grouping or
digit script, a date written in any of the site's languages or calendars. The URL patterns
are walked from the URL configuration itself, so a page added later is fetched too; a
pattern whose parameters this test cannot fill makes it fail.
"""

from __future__ import annotations

import datetime
import itertools
import re
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.db import models as django_models
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import formats, translation

import sampling
from crosstable.typed.calendars import gregorian_to_jalali
from crosstable_web.backup import registry
from crosstable_web.common import localisation
from crosstable_web.events import demo, models
from crosstable_web.events.settings import pages
from crosstable_web.follow import links
from crosstable_web.follow.models import Follower
from crosstable_web.printing.views import PRINTOUTS, TEAM_PRINTOUTS
from crosstable_web.registrations.models import ChangeRequest, Document, Registration

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

AMOUNT = Decimal("86420975.31")
AMOUNT_DIGITS = "86420975"
DATE = datetime.date(2011, 8, 27)
TEXT = "private-marker"
LANGUAGES = ("en", "fa", "zh-hans", "ms")


def _marker(field: django_models.Field[Any, Any], value: Any) -> Any:
    """The marker a private field gets (JSON: each amount and each text inside it)."""
    if isinstance(field, django_models.DecimalField):
        return AMOUNT
    if isinstance(field, django_models.DateTimeField):
        return datetime.datetime.combine(DATE, datetime.time(9, 0), datetime.UTC)
    if isinstance(field, django_models.DateField):
        return DATE
    if isinstance(field, django_models.CharField | django_models.TextField):
        return TEXT[: field.max_length] if field.max_length else TEXT
    if isinstance(field, django_models.IntegerField):
        return int(AMOUNT_DIGITS)
    if isinstance(field, django_models.JSONField):
        return _json_marker(value)
    raise AssertionError(
        f"{field}: this test cannot give a private {type(field).__name__} a marker"
    )


def _json_marker(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _json_marker(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_json_marker(item) for item in value]
    if isinstance(value, str):
        return str(AMOUNT) if re.fullmatch(r"-?\d+(\.\d+)?", value) else TEXT
    if isinstance(value, int) and not isinstance(value, bool):
        return int(AMOUNT_DIGITS)
    return value


def _mark_private_fields() -> list[str]:
    """Every private field of every row set to its marker; the fields marked."""
    marked = []
    for table in registry.event_tables():
        for name in table.private:
            field = table.model._meta.get_field(name)
            assert isinstance(field, django_models.Field)
            rows = list(table.model._default_manager.all())
            for row in rows:
                setattr(row, field.attname, _marker(field, getattr(row, field.attname)))
            table.model._default_manager.bulk_update(rows, [field.attname])
            marked.append(f"{table.label}.{name}")
    return marked


_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")
_GROUPING = re.compile(r"[\s,.'’٬٫\u066b\u066c\u202f\xa0]")


def _date_forms() -> set[str]:
    """The marker date as any page could write it (Latin digits)."""
    year, month, day = gregorian_to_jalali(DATE)
    found = {
        DATE.strftime(pattern)
        for pattern in ("%Y-%m-%d", "%Y/%m/%d", "%d/%m/%Y", "%d.%m.%Y", "%d-%m-%Y", "%Y%m%d")
    }
    found |= {"2011/8/27", "27/8/2011", "2011年8月27日"}
    found |= {
        f"{year}/{month:02d}/{day:02d}",
        f"{year}-{month:02d}-{day:02d}",
        f"{year}/{month}/{day}",
    }
    for language in LANGUAGES:
        with translation.override(language):
            for pattern in ("DATE_FORMAT", "SHORT_DATE_FORMAT", "j F Y", "F j, Y", "N j, Y"):
                found.add(formats.date_format(DATE, pattern))
            for calendar in ("gregorian", "jalali"):
                found.add(localisation.format_date(DATE, language, calendar))
    return {form.translate(_DIGITS) for form in found}


def leaks(text: str, date_forms: set[str]) -> list[str]:
    """What of the markers ``text`` shows."""
    latin = text.translate(_DIGITS)
    found = [form for form in date_forms if form in latin]
    if AMOUNT_DIGITS in _GROUPING.sub("", latin):
        found.append(f"the amount {AMOUNT}")
    if TEXT in latin:
        found.append(f"the text {TEXT!r}")
    return found


# --- walking the URL patterns ---------------------------------------------------------------


def _patterns(resolver: URLResolver | None = None, prefix: str = "") -> Iterator[tuple[str, str]]:
    """(route with <converter:name> parameters, URL name) of every pattern."""
    for entry in (resolver or get_resolver()).url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from _patterns(entry, route)
        elif isinstance(entry, URLPattern):
            yield route.lstrip("^").rstrip("$"), entry.name or ""


_PARAMETER = re.compile(r"<(?:(\w+):)?(\w+)>")


def _values(event: models.Event) -> dict[str, list[str]]:
    """What each parameter name takes, for ``event``: its slug, two sections (a team section
    where it has one), numbers 1 and 2, two entries, every printout and language, every part
    of the settings."""
    sections = list(event.sections.order_by("position", "key"))
    chosen = sections[:1] + [s for s in sections[1:] if s.settings.get("team_event")][:1]
    if len(chosen) < 2 and len(sections) > 1:
        chosen.append(sections[-1])
    entries = models.Entry.objects.filter(section__event=event).order_by("pk")[:1]
    uploads = Document.objects.filter(player__registration__event=event).order_by("pk")[:1]
    return {
        "slug": [event.slug],
        "key": [section.key for section in chosen],
        "number": ["1"],
        "team": ["1"],
        "entry_number": ["1"],
        "entry_id": [str(entry.pk) for entry in entries],
        "kind": [*PRINTOUTS, *TEAM_PRINTOUTS],
        "code": ["en", "fa"],
        "token": ["not-a-token", *FOLLOW_TOKENS],
        "uidb64": ["MQ"],
        "document_id": [str(document.pk) for document in uploads] or ["1"],
        "provider": ["fake"],
        "part": [page.name for page in pages.PAGES],
    }


FOLLOW_TOKENS: list[str] = []
"""Confirmation links of the walk's followers (their pages must not show the address)."""


def _followers(events: list[models.Event]) -> list[Follower]:
    """A parent following by e-mail and one by Web Push (two players: the markers make every
    address alike), in each event."""
    made = []
    for event in events:
        first, second = models.Entry.objects.filter(section__event=event).order_by("pk")[:2]
        made.append(
            Follower.objects.create(
                entry=first,
                email="parent@example.org",
                site="http://testserver/",
                language="en",
                confirmed=True,
            )
        )
        made.append(
            Follower.objects.create(
                entry=second,
                push_endpoint="https://push.example.org/abc",
                push_p256dh="k",
                push_auth="a",
                site="http://testserver/",
                language="fa",
                confirmed=True,
            )
        )
    FOLLOW_TOKENS[:] = [links.token(made[0], "confirm")]
    return made


def _fill(route: str, values: tuple[str, ...]) -> str:
    """``route`` with its parameters replaced by ``values`` in order."""
    parts = _PARAMETER.split(route)
    # split keeps the two groups of each parameter: text, converter, name, text, …
    texts = parts[0::3]
    return "".join(text + value for text, value in zip(texts, (*values, ""), strict=True))


def _urls(events: list[models.Event]) -> tuple[list[str], list[str]]:
    """Every URL to fetch; and the patterns whose parameters cannot be filled."""
    urls: list[str] = []
    unfillable: list[str] = []
    for route, name in _patterns():
        names = [match.group(2) for match in _PARAMETER.finditer(route)]
        if not names:
            urls.append("/" + route)
            continue
        if any(name not in _values(events[0]) for name in names):
            unfillable.append(f"{route} ({name})")
            continue
        seen = set()
        for event in events:
            values = _values(event)
            for combination in itertools.product(*(values[name] for name in names)):
                url = "/" + _fill(route, combination)
                if url not in seen:
                    seen.add(url)
                    urls.append(url)
    return urls, unfillable


@pytest.mark.django_db
@pytest.mark.slow
@pytest.mark.usefixtures("plain_templates")
def test_no_anonymous_url_shows_private_data() -> None:
    events = demo.load_demo(EXAMPLES, log=lambda *_: None)
    _followers(events)
    marked = _mark_private_fields()
    assert {
        "events.entry.birth_date",
        "events.entry.fee_due",
        "teams.teampayment.amount",
        "follow.follower.email",
        "follow.follower.push_endpoint",
        "registrations.registration.phone",
        "registrations.registeredplayer.values",
        "registrations.document.stored_name",
        "registrations.payment.amount",
    } <= set(marked)
    # the example events that take online registration have one waiting (the demo's), with
    # its documents, a payment and a change asked
    assert Registration.objects.values("event").distinct().count() >= 3
    assert Document.objects.exists() and ChangeRequest.objects.exists()
    date_forms = _date_forms()
    urls, unfillable = _urls(events)
    assert not unfillable, f"add values for these patterns' parameters to _values: {unfillable}"
    problems: list[str] = []
    server_errors: list[str] = []
    fetched = 0
    # A local run reads the pages in one of the two languages, CI in both (tests/sampling.py).
    languages = sampling.sample(("en", "fa"), 1, "privacy crawl: languages read")
    for url in urls:
        for language in languages:
            client = Client(raise_request_exception=False)
            client.cookies["django_language"] = language
            for query in ("", "?round=1") if url.startswith("/print/") else ("",):
                response = client.get(url + query)
                fetched += 1
                if response.status_code >= 500:
                    # an error page shows no data, but an anonymous visitor's traceback is a
                    # bug all the same: listed, and the test fails on it below
                    server_errors.append(f"{url}{query} [{language}]")
                    continue
                if response.streaming:
                    continue
                text = response.content.decode("utf-8", errors="replace")
                found = leaks(text, date_forms)
                if found:
                    problems.append(f"{url}{query} [{language}] {response.status_code}: {found}")
    assert fetched > 250 * len(languages)
    assert not problems, "\n".join(problems)
    assert not server_errors, f"server errors for an anonymous visitor: {sorted(server_errors)}"
    print(f"{fetched} pages fetched")


def test_the_leak_finder_finds_each_form() -> None:
    """The markers are found however a page writes them (the finder is not blind)."""
    forms = _date_forms()
    for page in (
        "<td>86,420,975.31</td>",
        "<td>۸۶٬۴۲۰٬۹۷۵</td>",
        "<td>86 420 975,31 RM</td>",
        "born 2011-08-27",
        "<td>27/08/2011</td>",
        "۱۳۹۰/۰۶/۰۵",
        "2011年8月27日",
        "XXXI 2011/08/27",
        "note: private-marker",
    ):
        assert leaks(page, forms), page
    assert not leaks("<td>1975</td><td>31</td> born 2011", forms)


def test_a_visitor_gets_birth_years_and_no_fees_the_staff_everything(
    played_event: models.Event, organiser: Any, arbiter: Any
) -> None:
    """Player 01 was born 2015-01-01 (the fixture) and owes 5.00: the visitor's TRF line
    has 2015/00/00 and the section page no fee column; the organiser's and the arbiter's
    have 2015/01/01 and the fees."""
    trf_url = f"/e/{played_event.slug}/s/open/trf/"
    page_url = f"/e/{played_event.slug}/s/open/"
    visitor = Client()
    public_trf = visitor.get(trf_url).content.decode()
    player_line = next(line for line in public_trf.splitlines() if "Player 01" in line)
    assert player_line[69:79] == "2015/00/00"
    assert "2015/01/01" not in public_trf
    page = visitor.get(page_url).content.decode()
    fees = '<td class="num">5</td><td class="num">0</td>'  # due 5 (as money is written), paid 0
    assert "Fee due" not in page and fees not in page
    for account in (organiser, arbiter):
        staff = Client()
        staff.force_login(account)
        staff_trf = staff.get(trf_url).content.decode()
        player_line = next(line for line in staff_trf.splitlines() if "Player 01" in line)
        assert player_line[69:79] == "2015/01/01"
        page = staff.get(page_url).content.decode()
        assert "Fee due" in page and fees in page
