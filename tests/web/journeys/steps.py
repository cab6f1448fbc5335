"""What the people of a journey do in the browser, step by step (Playwright over Debian's
chromium): each person has their own browser context — their own sign-in and language —
and reaches everything by the pages, never by the ORM, a shell or a command.

Screenshots and printed PDFs (with a PNG of each PDF's first pages) are kept in
``$CROSSTABLE_JOURNEY_SHOTS`` (default ``/tmp/crosstable-journeys``) to be looked at.
"""

from __future__ import annotations

import dataclasses
import io
import json
import os
import re
import subprocess
import tempfile
import unicodedata
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from django.contrib.auth.models import User
from django.core.management import call_command
from pypdf import PdfReader

from crosstable_web.accounts.models import EventCreation, SiteSettings
from crosstable_web.backup import registry
from crosstable_web.events import models
from crosstable_web.events.files import event_file

SHOTS = Path(
    os.environ.get("CROSSTABLE_JOURNEY_SHOTS", Path(tempfile.gettempdir()) / "crosstable-journeys")
)
PHONE = {"width": 390, "height": 844}
"""A phone's screen in CSS pixels (an iPhone 12-15)."""
TIMEOUT_MS = 30_000


@dataclasses.dataclass
class Person:
    """Someone at their own browser: a context of their own (cookies: sign-in, language)."""

    journey: str
    role: str
    context: Any
    page: Any
    base: str

    def go(self, path: str) -> None:
        self.page.goto(f"{self.base}{path}")

    def path(self) -> str:
        return urlsplit(self.page.url).path

    def wait_for_path(self, path: str) -> None:
        self.page.wait_for_url(lambda url: urlsplit(url).path == path)

    def shot(self, name: str) -> Path:
        folder = SHOTS / self.journey
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"{self.role}-{name}.png"
        self.page.screenshot(path=str(target), full_page=True)
        return target

    def messages(self) -> str:
        found = self.page.locator("ul.messages")
        return found.inner_text() if found.count() else ""

    def main_text(self) -> str:
        return str(self.page.inner_text("main"))

    def submit(self, selector: str) -> None:
        """Click a button that posts a form and wait for the page it leads to."""
        with self.page.expect_navigation():
            self.page.click(selector)

    def overflow(self) -> int:
        """How many CSS pixels the page is wider than the screen (0 or less: it fits)."""
        return int(
            self.page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
        )

    def pdf(self, path: str, name: str, png_pages: int = 1) -> list[str]:
        """Print ``path`` (a printout's address with ``format=pdf``) as this person, keep
        the PDF and PNGs of its first pages, and return each page's text (pypdf)."""
        response = self.context.request.get(f"{self.base}{path}")
        assert response.status == 200, (path, response.status, response.text()[:300])
        body = response.body()
        assert body.startswith(b"%PDF"), path
        folder = SHOTS / self.journey
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"{name}.pdf"
        target.write_bytes(body)
        subprocess.run(
            ["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", str(png_pages), str(target),
             str(folder / name)],
            check=True,
        )  # fmt: skip
        return [
            pdf_letters(page.extract_text() or "") for page in PdfReader(io.BytesIO(body)).pages
        ]


RADICALS = str.maketrans(
    "⺠⻅⻆⻉⻋⻓⻔⻙⻘⻚⻛⻜⻢⻥⻦⻧⻨⻩⻬⻮⻰", "民见角贝车长门韦青页风飞马鱼鸟卤麦黄齐齿龙"
)
"""Simplified CJK radicals (U+2E80-U+2EFF) that Unicode normalisation leaves alone, as the
characters they look like."""


def pdf_letters(text: str) -> str:
    """A PDF's text as a reader sees it: the text layer of chromium's PDFs writes some
    characters as look-alike code points — ligatures (ﬀ), Kangxi radicals (⽥ for 田) and
    simplified radicals (⻩ for 黄) — the font's mapping, not what was printed."""
    return unicodedata.normalize("NFKC", text).translate(RADICALS)


_SPACE_NOT_BETWEEN_WORDS = re.compile(r"(?<![A-Za-z0-9])\s+|\s+(?![A-Za-z0-9])")


def pdf_lines(text: str) -> list[str]:
    """The lines of a PDF page's text (:func:`pdf_letters`) compared as a reader reads
    them: only the spaces between two Latin letters or digits kept (a PDF text layer puts
    spaces around Chinese characters and punctuation). Apply :func:`same_line` to the line
    expected."""
    return [same_line(line) for line in text.splitlines()]


def same_line(text: str) -> str:
    return _SPACE_NOT_BETWEEN_WORDS.sub("", " ".join(pdf_letters(text).split()))


PRINTED_ON = {
    "ms": r"Dicetak pada \w+,? \d{1,2} \w+ \d{4}",
    "zh": r"打印日期:\d{4}年\d{1,2}月\d{1,2}日星期.",
}
"""The shape of the line under a printout's heading that dates it, the day it is printed at
the venue (printing/_printed_on.html, issue 26.8), as :func:`same_line` gives it: the weekday
and the month in words, the day changing with the day the test runs."""


def assert_printed_on(line: str, language: str) -> None:
    """``line`` is the printout's 'printed on' line, of its language's shape."""
    assert re.fullmatch(PRINTED_ON[language], same_line(line)), line


AUDIT_HEAD = {
    "ms": "Log audit semasa dicetak",
    "zh": "打印时的操作记录",
    "fa": "گزارش ممیزی هنگام چاپ",
}
"""How the audit log's head printed under a prize list's signatures begins, by language."""


def without_audit_head(lines: list[str], language: str) -> list[str]:
    """The lines of a printed prize list before the audit log's head printed under its
    signatures (printing/prizes.html, #audit-anchor), after checking the head ends the page
    and has its shape: '<words> N <words>: N:<64 hex digits, four groups of 16>', the count
    of lines in words the same as before the digest. The digest is data that changes with
    every run; its last groups wrap onto a line of their own in a narrow language (Malay:
    '19f8302e207eb7c0' alone), taken with it."""
    label = same_line(AUDIT_HEAD[language])
    starts = [at for at, line in enumerate(lines) if same_line(line).startswith(label)]
    assert len(starts) == 1, (label, lines)
    (at,) = starts
    head = same_line(" ".join(lines[at:]))
    shape = re.fullmatch(rf"{re.escape(label)}\D*?(\d+)\D+?(\d+) ?: ?([0-9a-f][0-9a-f ]*)", head)
    assert shape, (head, lines)
    count, count_again, digest = shape.groups()
    assert int(count) == int(count_again) > 0, head
    assert re.fullmatch(r"[0-9a-f]{64}", digest.replace(" ", "")), head
    return lines[:at]


def person(
    chromium: Any, base: str, journey: str, role: str, language: str, *, phone: bool = False
) -> Person:
    """A new person at the site's front page who picks their language from the header (the
    public pages' language links on a phone)."""
    if phone:
        context = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    else:
        context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    someone = Person(journey, role, context, page, base)
    if phone:
        someone.go(f"/p/language/{language}/")
    else:
        someone.go("/")
        if page.locator("select[name=language]").input_value() != language:
            with page.expect_navigation():
                page.select_option("select[name=language]", language)
    return someone


def site_before_the_journey(
    administrator: tuple[str, str, str], *, anyone_creates_events: bool = False
) -> None:
    """What exists before a journey, nothing of its event: the site administrator's account
    (``administrator``: user name, e-mail, password) and, where the journey says so, the site
    setting that lets any signed-in account create events (else the administrator allows the
    organiser on the accounts page, as part of the journey)."""
    username, email, password = administrator
    User.objects.create_superuser(username, email, password)
    if anyone_creates_events:
        site = SiteSettings.current()
        site.event_creation = EventCreation.ANYONE
        site.save()


def sign_in(someone: Person, username: str, password: str) -> None:
    someone.go("/accounts/login/")
    someone.page.fill("#id_username", username)
    someone.page.fill("#id_password", password)
    with someone.page.expect_navigation():
        someone.page.keyboard.press("Enter")
    assert someone.path() == "/", someone.messages() or someone.main_text()[:500]


INVITATION_LINK = re.compile(r"https?://\S+/accounts/invitation/[^/\s]+/")


def invitation_link(text: str) -> str:
    """The link of an invitation, from the message that says it was sent."""
    found = INVITATION_LINK.search(text)
    assert found, text
    return found.group(0)


def accept_invitation(someone: Person, link: str, username: str, name: str, password: str) -> None:
    """Open the invitation link (passed on by hand) and create the account."""
    someone.page.goto(link)
    someone.page.fill("#id_username", username)
    someone.page.fill("#id_first_name", name)
    someone.page.fill("#id_password1", password)
    someone.page.fill("#id_password2", password)
    someone.submit("#create-account")


def organiser_invited(
    chromium: Any,
    base: str,
    journey: str,
    language: str,
    administrator: tuple[str, str],
    email: str,
    account: tuple[str, str, str],
) -> tuple[Person, Person]:
    """The site administrator (``administrator``: username, password; made before the
    journey) signs in and invites the organiser by e-mail from the accounts page; the
    organiser opens the link and makes their account (``account``: username, name,
    password). Both at their own browser, in ``language``: (administrator, organiser)."""
    admin = person(chromium, base, journey, "admin", language)
    sign_in(admin, *administrator)
    admin.go("/accounts/manage/")
    admin.page.fill("#account-invite input[name=email]", email)
    admin.submit("#account-invite button")
    link = invitation_link(admin.messages())
    organiser = person(chromium, base, journey, "organiser", language)
    accept_invitation(organiser, link, *account)
    return admin, organiser


def event_from_file(organiser: Person, regulations: Path, created: str) -> str:
    """The organiser creates an event by uploading its regulations file on the new-event
    page; ``created`` is the page's message in the organiser's language. The event's slug."""
    organiser.go("/")
    assert organiser.page.locator("#new-event").count(), organiser.main_text()[:1500]
    organiser.page.click("#new-event")
    organiser.page.set_input_files("#upload-form input[name=regulations]", str(regulations))
    organiser.submit("#create-from-file")
    assert created in organiser.messages(), organiser.main_text()[:800]
    return organiser.path().split("/")[2]


def enter_players(organiser: Person, players: dict[int, tuple[str, int]], added: str) -> None:
    """On a section's page, the organiser enters each player (name, rating) by the entry
    form, in the order of ``players``' keys; ``added`` is the page's message for each."""
    for number in sorted(players):
        name, rating = players[number]
        organiser.page.fill("#entry-form input[name=name]", name)
        organiser.page.fill("#entry-form input[name=rating]", str(rating))
        organiser.submit("#entry-form button[type=submit]")
        assert added in organiser.messages(), organiser.main_text()[:800]


def chief_arbiter_invited(organiser: Person, slug: str, email: str) -> str:
    """The organiser invites the chief arbiter from the event's roles page: the link the
    message gives, to pass on by hand."""
    organiser.go(f"/e/{slug}/roles/")
    organiser.page.fill("#invite-form input[name=email]", email)
    organiser.page.select_option("#invite-form select[name=role]", "chief_arbiter")
    organiser.submit("#invite-form button")
    return invitation_link(organiser.messages())


@dataclasses.dataclass(frozen=True)
class Board:
    number: int
    white: str
    black: str
    result: str


def round_boards(someone: Person) -> list[Board]:
    """The boards of the round page shown: number, White (Red), Black and the result cell,
    the names without the "(house player)" mark or the player's facts."""
    rows = someone.page.locator("#boards tbody tr[id^=board-]")
    found = []
    for index in range(rows.count()):
        row = rows.nth(index)
        found.append(
            Board(
                int(str(row.get_attribute("id")).removeprefix("board-")),
                row.locator("td.white .name").inner_text().strip(),
                row.locator("td.black .name").inner_text().strip(),
                row.locator("td.result").inner_text().strip(),
            )
        )
    return found


def round_byes(someone: Person) -> list[tuple[str, str]]:
    """(name, what they get) of each bye line of the round page."""
    rows = someone.page.locator("#boards tbody tr.bye")
    return [
        (
            rows.nth(i).locator("td.white .name").inner_text().strip(),
            rows.nth(i).locator("td.result").inner_text().strip(),
        )
        for i in range(rows.count())
    ]


def type_result(someone: Person, board: int | str, code: str) -> str:
    """Type ``board code`` into the round page's box and press Enter, as an arbiter does
    with a pile of slips; the board's result cell once the page has the answer (the page
    does not reload: events.views.round_page and the team round page, whose boards are
    ``table.board``; a whole match typed as ``3 1 = 0 1`` has no one cell: "")."""
    page = someone.page
    answers = page.evaluate("Number(document.documentElement.dataset.answers || 0)")
    page.fill("#id_entry", f"{board} {code}")
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"() => Number(document.documentElement.dataset.answers || 0) > {answers}"
    )
    cell = page.locator(f'tr.board[data-board="{board}"] td.result')
    return str(cell.inner_text().strip()) if cell.count() else ""


def confirm_replacement(someone: Person, board: int) -> str:
    """After :func:`type_result` typed over a stored result the page asks first (a level-3
    question naming the board and the result it holds): confirm it with Enter (the
    confirmation button has the focus); the board's result cell afterwards."""
    page = someone.page
    ask = page.locator("#result-ask #rule-warnings")
    ask.wait_for()
    answers = page.evaluate("Number(document.documentElement.dataset.answers || 0)")
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"() => Number(document.documentElement.dataset.answers || 0) > {answers}"
    )
    return str(page.locator(f"#board-{board} td.result").inner_text().strip())


def table_rows(someone: Person, selector: str) -> list[list[str]]:
    """The cells' text of each body row of a table."""
    return [
        [cell.strip() for cell in row.locator("td").all_inner_texts()]
        for row in someone.page.locator(f"{selector} tbody tr").all()
    ]


def backup_round_trips(organiser: Person, slug: str, restorer: str) -> None:
    """The journey's final state survives its backup (issue 14.1): the organiser downloads the
    event's backup from its page; the site's administrator restores it under a new code
    (``crosstable-web import_event FILE --as RESTORER``); the copy's backup is the same file,
    table by table, and its audit chain is intact."""
    response = organiser.context.request.get(f"{organiser.base}/e/{slug}/export.json")
    assert response.ok, f"the backup download answered {response.status}"
    text = response.text()
    original = event_file.comparable(json.loads(text))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{slug}.json"
        path.write_text(text, encoding="utf-8")
        out, err = io.StringIO(), io.StringIO()
        call_command(
            "import_event",
            str(path),
            slug=f"{slug}-restored",
            user=restorer,
            stdout=out,
            stderr=err,
        )
    assert "changed" not in err.getvalue(), err.getvalue()  # the audit chain holds
    copy = event_file.comparable(
        event_file.event_document(models.Event.objects.get(slug=f"{slug}-restored"))
    )
    for table in registry.event_tables():
        label = table.label
        assert copy["tables"][label] == original["tables"][label], f"table {label} differs"
    assert copy == original


def choose_option(someone: Person, selector: str, starts_with: str) -> None:
    """Pick the option of a list whose text starts with ``starts_with`` (a player's name
    followed by their rating, as the team form shows it)."""
    options = someone.page.locator(f"{selector} option")
    texts = [text.strip() for text in options.all_inner_texts()]
    found = [text for text in texts if text == starts_with or text.startswith(f"{starts_with} (")]
    assert len(found) == 1, (selector, starts_with, texts)
    someone.page.select_option(selector, label=found[0])


_PERSIAN_NUMBER = re.compile(r"[۰-۹][۰-۹٬٫]*")


def reversed_numbers(text: str) -> str:
    """``text`` with each number's digits in the opposite order: the text layer of a
    right-to-left PDF line gives the numbers as they stand on the page, read left to right
    (``۰۱`` for ۱۰)."""
    return _PERSIAN_NUMBER.sub(lambda match: match.group()[::-1], text)


def rtl_pdf_line(line: str) -> str:
    """A right-to-left line of a PDF's text layer (pypdf) in reading order: its words come
    last to first and its numbers reversed (``۵ از  ۵ دور  از  پس`` -> ``پس از دور ۵ از ۵``).
    A line of table cells run together keeps its order: compare it with
    :func:`reversed_numbers` of the cells joined."""
    return " ".join(reversed_numbers(word) for word in reversed(line.split()))
