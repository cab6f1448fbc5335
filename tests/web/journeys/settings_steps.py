"""The organiser at the settings pages in the browser (issue 29): reaching a part by the
settings' navigation, making an event with the blank event form, and filling every part
until the pages show what the pages of an event made from a seed's own file show.

The filling is ``tests/web/events/seed_forms.fill`` — the driver of the test-client run —
with the browser's hands: each part opened by its link in the settings' navigation, each box
that differs typed (``fill``: Persian digits where the reference page writes them, as a
Persian reader types them), chosen or ticked, and the form's own save button pressed. The
reference is read by the test client inside a transaction rolled back before the journey
(:func:`reference_forms`): the journey's database holds nothing of it.

Shared by the journeys that build a seed from the blank form (Persian, Malay, Chinese): their
opening (:func:`organiser_at_a_blank_event`) and the organiser's mistakes refused at their
boxes (:func:`refused_at`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth.models import Permission, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client

from crosstable_web.events.settings import pages

from ..events.seed_forms import BLANK, Change, all_forms, fill, page_forms
from ..form_crawl import Form
from .steps import SHOTS, Person, organiser_invited, site_before_the_journey

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def open_part(someone: Person, part: str) -> None:
    """Open a part of the settings (``settings.pages``: ``schedule``, ``fees``, …) by its
    link in the settings' navigation, as the organiser does."""
    link = someone.page.locator(f'#settings-nav a[data-part="{part}"]')
    assert link.count() == 1, (part, someone.path())
    if link.get_attribute("aria-current") == "page":
        return
    with someone.page.expect_navigation():
        link.click()
    current = someone.page.locator(f'#settings-nav a[data-part="{part}"][aria-current=page]')
    assert current.count() == 1, (part, someone.path())


def box_value(someone: Person, form: str, name: str) -> str:
    """What a box of a settings form holds (``form``: its ``action``)."""
    return str(someone.page.input_value(f'#{form}-form [name="{name}"]'))


def reference_forms(seed: str, language: str) -> dict[str, Form]:
    """Every settings form of an event made from ``examples/<seed>.toml`` as its pages show
    them in ``language`` (by ``action``): read by the test client in a transaction rolled
    back, so the journey's database never holds that event."""
    with transaction.atomic():
        reader = User.objects.create_user("reference-reader", password="reference-pass")
        reader.user_permissions.add(Permission.objects.get(codename="add_event"))
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        client.force_login(reader)
        upload = SimpleUploadedFile(f"{seed}.toml", (EXAMPLES / f"{seed}.toml").read_bytes())
        response = client.post(
            "/events/new/",
            {"source": "upload", "regulations": upload, "rounds": "7", "slug": "reference"},
        )
        assert response.status_code == 302, response.status_code

        def read_part(part: str) -> dict[str, Form]:
            address = pages.address("reference", part)
            return page_forms(client.get(address).content, address)

        found = all_forms(read_part)
        transaction.set_rollback(True)
    return found


def _set(form: Any, name: str, kind: str, values: list[str]) -> None:
    boxes = form.locator(f'[name="{name}"]')
    if kind == "checkbox":
        for index in range(boxes.count()):
            box = boxes.nth(index)
            box.set_checked((box.get_attribute("value") or "on") in values)
    elif kind == "select":
        boxes.first.select_option(values[0])
    else:
        for index, value in enumerate(values):
            boxes.nth(index).fill(value)


def regulations_file(someone: Person, slug: str) -> str:
    """The event's regulations as the settings' download link gives them."""
    response = someone.context.request.get(f"{someone.base}/e/{slug}/regulations.toml")
    assert response.status == 200
    return str(response.text())


def blank_event(organiser: Person, seed: str) -> str:
    """The organiser makes the seed's event with the blank event form (``seed_forms.BLANK``:
    the event and its first section as the seed's organiser types them); the new event's
    short name. The browser lands on its settings."""
    organiser.go("/")
    organiser.page.click("#new-event")
    form = organiser.page.locator("#blank-form")
    for name, value in BLANK[seed].items():
        box = form.locator(f'[name="{name}"]')
        tag = box.evaluate("element => element.tagName")
        values = value if isinstance(value, list) else [value]
        _set(form, name, "select" if tag == "SELECT" else "text", values)
    organiser.submit("#create-from-form")
    parts = organiser.path().split("/")
    assert parts[3:] == ["settings", ""], organiser.messages() or organiser.main_text()[:800]
    return parts[2]


def organiser_at_a_blank_event(
    chromium: Any,
    live_server: Any,
    journey: str,
    language: str,
    administrator: tuple[str, str, str],
    account: tuple[str, str, str, str],
    seed: str,
) -> tuple[Person, str]:
    """The opening of a journey from the blank form, from an empty database: the site
    administrator (``administrator``: user name, e-mail, password; the site lets any
    signed-in account create events) invites the organiser by e-mail; the organiser makes an
    account (``account``: user name, e-mail, name, password), not staff, works in
    ``language`` and makes the seed's event with the blank form (:func:`blank_event`). The
    organiser and the new event's short name."""
    site_before_the_journey(administrator, anyone_creates_events=True)
    admin_name, _email, admin_password = administrator
    username, email, name, password = account
    _admin, organiser = organiser_invited(
        chromium, live_server.url, journey, language, (admin_name, admin_password), email,
        (username, name, password),
    )  # fmt: skip
    assert not User.objects.get(username=username).is_staff
    return organiser, blank_event(organiser, seed)


def box_refusal(someone: Person, form: str, name: str) -> str:
    """The message the page gives at one box of a form: the error list the box names as
    its description (``aria-describedby``, what a screen reader reads with the box)."""
    box = someone.page.locator(f"#{form}-form [name='{name}']")
    described = (box.get_attribute("aria-describedby") or "").split()
    found = [someone.page.locator(f"[id='{name}']") for name in described]
    return "\n".join(
        str(element.inner_text()).strip()
        for element in found
        if element.count() and "errorlist" in (element.get_attribute("class") or "")
    )


def part_shot(someone: Person, selector: str, name: str) -> Path:
    """A picture of one form of a settings part."""
    folder = SHOTS / someone.journey
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{someone.role}-{name}.png"
    someone.page.locator(selector).screenshot(path=str(target))
    return target


def refused_at(
    organiser: Person,
    slug: str,
    part: str,
    form: str,
    typed: dict[str, str],
    box: str,
    message: str,
) -> None:
    """On the settings part ``part`` the organiser types ``typed`` into ``form`` (boxes by
    name) and saves: refused with ``message`` at ``box``, in the page's language; nothing
    said saved, the regulations unchanged and what was typed still in the boxes. The form
    is pictured (``<form>-refused``)."""
    before = regulations_file(organiser, slug)
    open_part(organiser, part)
    for name, value in typed.items():
        organiser.page.fill(f"#{form}-form [name='{name}']", value)
    organiser.submit(f"#save-{form}")
    assert organiser.page.locator("ul.messages li.success").count() == 0, organiser.messages()
    assert box_refusal(organiser, form, box) == message, organiser.main_text()[:1500]
    for name, value in typed.items():
        assert box_value(organiser, form, name) == value, name
    assert regulations_file(organiser, slug) == before
    part_shot(organiser, f"#{form}-form", f"{form}-refused")


def read_part(organiser: Person, slug: str, part: str) -> dict[str, Form]:
    """The forms of a settings page as the browser shows it (opened by the navigation)."""
    if not organiser.path().startswith(f"/e/{slug}/settings/"):
        organiser.go(pages.address(slug, pages.FIRST))
    open_part(organiser, part)
    return page_forms(organiser.page.content().encode(), organiser.path())


def _not_offered(form: Any, change: Change) -> list[str]:
    """The choices ``change`` wants that its lists do not offer (yet: a list that names
    what another form makes, e.g. a prize's rankings a later part adds)."""
    missing = []
    for name, values in change.boxes.items():
        if change.kinds[name] != "select":
            continue
        offered = form.locator(f'[name="{name}"]').first.evaluate(
            "box => Array.from(box.options).map(option => option.value)"
        )
        missing += [f"{name}: {value}" for value in values if value not in offered]
    return missing


def send(organiser: Person, change: Change) -> str | None:
    """Type, choose and tick the boxes ``change`` names in its form and press the form's
    save button: None when saved, else the messages the page shows at the form (or the
    choices its lists do not offer, the form left unsent)."""
    form = organiser.page.locator(f"#{change.action}-form")
    missing = _not_offered(form, change)
    if missing:
        return f"not offered: {missing}"
    for name, values in change.boxes.items():
        _set(form, name, change.kinds[name], values)
    organiser.submit(f"#save-{change.action}")
    refused = organiser.page.locator(
        f"#{change.action}-form .errorlist, #{change.action}-form .errors"
    )
    if refused.count():
        return " | ".join(text.strip() for text in refused.all_inner_texts())
    return None


def fill_settings(organiser: Person, slug: str, reference: dict[str, Form]) -> list[str]:
    """Every settings part filled in the browser until each shows what ``reference`` shows
    (``seed_forms.fill``); the forms saved, in order."""
    return fill(
        lambda part: read_part(organiser, slug, part),
        lambda _form, change: send(organiser, change),
        reference,
    )
