"""The fuzz of the settings forms (issue 29, "Done when"): every box of every settings form
sent wrong — letters in numbers, a choice the list does not offer, a negative number (fees
included) in Arabic-Indic digits, an impossible Jalali day in Persian digits, a huge number,
empty — answers with a message at the field, never a server error, and the regulations
stored stay as they were; what was typed stays in the boxes.

The Fars team league in Persian: the richest file (two team tables, Jalali days, discounts
with conditions, team, board and county prizes). All the boxes of one form take the same
wrong value at once (one sending per form and mistake, so the test stays short); each
sending is rolled back, so every one meets the league as uploaded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import Permission, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client

from crosstable.regulations import parse_regulations
from crosstable.typed.digits import as_typed_on_a_latin_keyboard as latin
from crosstable_web.events import models
from crosstable_web.events.settings import pages

from ..form_crawl import Form
from .seed_forms import page_forms

pytestmark = pytest.mark.django_db
EXAMPLES = Path(__file__).resolve().parents[3] / "examples"

MISTAKES: dict[str, tuple[str, bool]] = {
    "letters in every box, a choice not offered": ("abc", True),
    "negative, Arabic-Indic digits": ("-١٢", False),
    "an impossible Jalali day, Persian digits": ("۱۳۹۸/۱۳/۴۰", False),
    "huge": ("9" * 40, False),
    "empty": ("", False),
}
"""Each mistake: the text typed, and whether the selects get a choice not offered too."""


@pytest.fixture
def league() -> tuple[Client, dict[str, Form]]:
    user = User.objects.create_user("farsboard", password="farsboard-pass")
    user.user_permissions.add(Permission.objects.get(codename="add_event"))
    client = Client(HTTP_ACCEPT_LANGUAGE="fa")
    client.force_login(user)
    upload = SimpleUploadedFile("fars.toml", (EXAMPLES / "fars-team-league-1398.toml").read_bytes())
    client.post(
        "/events/new/", {"source": "upload", "regulations": upload, "rounds": "7", "slug": "fars"}
    )
    forms: dict[str, Form] = {}
    for page in pages.PAGES:
        address = pages.address("fars", page.name)
        forms |= page_forms(client.get(address).content, address)
    return client, forms


def _bound_form(context: Any, action: str) -> Any:
    if action == "settings":
        return context["form"]
    if action == "regulations":
        return context["editor"]
    if f"{action}_form" in context:
        return context[f"{action}_form"]
    return next(form for name, form in context["shown_forms"] if name == action)


def _sent(form: Form, typed: str, bad_choice: bool) -> dict[str, list[str]]:
    values = form.values()
    for field in form.fields:
        if field.kind in ("text", "") and field.name != "slug":
            values[field.name] = [typed]
        elif field.kind == "select" and bad_choice:
            values[field.name] = ["9999"]
    return values


@pytest.mark.parametrize("mistake", sorted(MISTAKES))
def test_every_settings_box_sent_wrong(
    league: tuple[Client, dict[str, Form]], mistake: str
) -> None:
    client, forms = league
    stored = models.Event.objects.get(slug="fars").regulations_text
    typed, bad_choice = MISTAKES[mistake]
    refused = 0
    for action, form in forms.items():
        sent = _sent(form, typed, bad_choice)
        with transaction.atomic():
            response = client.post(form.action, sent)  # a server error raises here
            now = models.Event.objects.get(slug="fars").regulations_text
            if response.status_code == 302:  # accepted: what it wrote still reads
                parse_regulations(now, "regulations")
            else:
                assert response.status_code == 200
                refused += 1
                bound = _bound_form(response.context, action)
                assert bound.errors, f"{action}: refused without a message"
                at_fields = [name for name in bound.errors if name != "__all__"]
                assert at_fields, f"{action}: {bound.errors} stands at no field"
                assert now == stored, f"{action}: a refused form changed the regulations"
                page = response.content.decode()
                assert "Traceback" not in page
                # what was typed stays in its box (the first typed box of the form)
                box = next(
                    (f.name for f in form.fields if f.kind in ("text", "") and f.name != "slug"),
                    None,
                )
                if box is not None and typed:
                    shown = page_forms(response.content, form.action)[action]
                    kept = next(f.value for f in shown.fields if f.name == box)
                    assert latin(kept) == latin(typed)  # a Persian page shows Persian digits
            transaction.set_rollback(True)
    if typed and mistake != "huge":
        assert refused, "no form refused the mistake"
