"""The examples of issue 13's "Why" that had no test of their own (the others: the
checker's crawl, ``test_language_of_every_page.py``; the imports, ``test_entries_import*``;
``شهرستان`` on the team form, ``teams/test_unit_kind_words.py``):

- Persian, Arabic-Indic and full-width digits typed into an entry's payment box were dropped
  in silence by the browser's number box: they are now read, and a payment that cannot be
  read is refused with a message, the amount already recorded kept;
- the unit-kind box's own hint said "(e.g. school)" in English inside the Chinese and
  Persian forms: it names the kinds in the reader's words, and the county typed as the
  hint writes it is read as the county kind;
- money as the reader writes it: ``۷۲۰٬۰۰۰ تومان`` (never ``720000.00`` or
  ``۳۰۰۰۰۰۰٫۰۰ IRT``), ``6,000 元`` (never ``6000.00 CNY``), ``RM 5``;
- a list the code or a template joins (team names, audit values, tie-breaks) with Latin
  commas and semicolons on a Persian page: the Persian ``،`` and ``؛``.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.template import Context, Template
from django.test import Client
from django.utils import translation

from crosstable_web.events import models, services
from crosstable_web.public.right_to_left import localise_page

from ..language_check import foreign_text


def _entry(event: models.Event, organiser: User) -> models.Entry:
    return services.add_entry(
        event.sections.get(key="open"), services.EntryData(name="Player 01", sex="f"), organiser
    )


def _pay(client: Client, entry: models.Entry, typed: str) -> str:
    url = f"/e/{entry.section.event.slug}/entry/{entry.pk}/"
    response = client.post(url, {"action": "payment", "paid": typed}, follow=True)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    ("typed", "paid"),
    [
        ("۵", Decimal("5")),  # Persian keyboard
        ("٣", Decimal("3")),  # Arabic keyboard
        ("５", Decimal("5")),  # Chinese input method, full width
        ("۲٫۵۰", Decimal("2.50")),  # the Persian decimal separator
        ("۱٬۲۰۰", Decimal("1200")),  # and its grouping separator
    ],
)
def test_digits_of_any_script_typed_into_the_payment_box_are_recorded(
    event: models.Event, organiser: User, typed: str, paid: Decimal
) -> None:
    entry = _entry(event, organiser)
    client = Client()
    client.force_login(organiser)
    client.cookies["django_language"] = "fa"
    _pay(client, entry, typed)
    entry.refresh_from_db()
    assert entry.fee_paid == paid


def test_a_payment_that_cannot_be_read_is_refused_and_the_recorded_one_kept(
    event: models.Event, organiser: User
) -> None:
    entry = _entry(event, organiser)
    client = Client()
    client.force_login(organiser)
    client.cookies["django_language"] = "fa"
    _pay(client, entry, "۵")
    page = _pay(client, entry, "پنج")  # "five" in words
    entry.refresh_from_db()
    assert entry.fee_paid == Decimal("5")
    with translation.override("fa"):
        refusal = f"{translation.gettext('Paid')}: "
    assert refusal in page  # the message names the box


@pytest.mark.parametrize(
    ("language", "kind_words"),
    [("zh-hans", ("学校", "县")), ("ms", ("sekolah", "daerah")), ("fa", ("مدرسه", "شهرستان"))],
)
def test_the_unit_kind_hint_names_the_kinds_in_the_readers_words(
    event: models.Event, organiser: User, language: str, kind_words: tuple[str, ...]
) -> None:
    entry = _entry(event, organiser)
    client = Client()
    client.force_login(organiser)
    client.cookies["django_language"] = language
    page = client.get(f"/e/{event.slug}/entry/{entry.pk}/").content.decode()
    start = page.index('<label for="id_unit_kind"')
    label = page[start : page.index("</label>", start)]
    assert "school" not in label
    for word in kind_words:
        assert word in label
    assert foreign_text(label + "</label>", language) == []


def test_the_county_typed_as_the_persian_hint_writes_it_is_the_county_kind(
    event: models.Event, organiser: User
) -> None:
    client = Client()
    client.force_login(organiser)
    client.cookies["django_language"] = "fa"
    client.post(
        f"/e/{event.slug}/s/open/",
        {"section": "open", "name": "سارا کریمی", "sex": "F", "unit_kind": "شهرستان"},
    )
    entry = models.Entry.objects.get(name="سارا کریمی")
    assert entry.unit_kind == "county"


@pytest.mark.parametrize(
    ("language", "amount", "code", "written"),
    [
        ("fa", "720000.00", "IRT", "۷۲۰٬۰۰۰ تومان"),
        ("fa", "3000000.00", "IRT", "۳٬۰۰۰٬۰۰۰ تومان"),
        ("zh-hans", "6000.00", "CNY", "6,000 元"),
        ("ms", "5.00", "MYR", "RM 5"),
        ("zh-hans", "12.50", "CNY", "12.50 元"),
    ],
)
def test_money_is_written_as_the_reader_writes_it(
    language: str, amount: str, code: str, written: str
) -> None:
    with translation.override(language):
        html = Template("{% load money_tags %}<p>{{ amount|money:code }}</p>").render(
            Context({"amount": Decimal(amount), "code": code})
        )
        text = localise_page(html)
    assert text == f"<p>{written}</p>"
    assert code not in text and ".00" not in text and "٫۰۰" not in text


@pytest.mark.parametrize(
    ("joined", "written"),
    [
        ("آباده, شیراز, لار", "آباده، شیراز، لار"),
        ("آباده 1: 1; شیراز 4: 2", "آباده ۱: ۱؛ شیراز ۴: ۲"),
        ("1, 2, 3", "۱، ۲، ۳"),
        ("720,000", "۷۲۰٬۰۰۰"),
        # a template's list: the separator alone between two elements
        ("<b>بوخ هولز</b>, <b>امتیاز تجمعی</b>", "<b>بوخ هولز</b>، <b>امتیاز تجمعی</b>"),
    ],
)
def test_lists_on_a_persian_page_are_joined_with_the_persian_comma(
    joined: str, written: str
) -> None:
    assert localise_page(f"<p>{joined}</p>", "fa") == f"<p>{written}</p>"
    assert foreign_text(f"<p>{written}</p>", "fa") == []
    if written != joined and "،" in written:
        assert foreign_text(f"<p>{joined}</p>".replace("1", "۱"), "fa") != []
