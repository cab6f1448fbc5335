"""Issue 29, "Done when": a seed's whole regulations set in the browser from the BLANK event
form, in the seed's language, by an organiser who is not staff, from an empty database — no
template, no file, no TOML typed — ending with regulations that mean what
``examples/<seed>.toml`` means (``seed_forms.differences``: the loaded regulations compared
key by key, not the text).

- The Fars team league in Persian: the organiser of the provincial board, invited by the
  site's administrator, types the league's name, Jalali days and numbers in Persian digits
  (the boxes show Persian digits; a Persian keyboard types them) and fills every part of the
  settings (two team tables, match points, the line-up deadline, discounts with their
  conditions, team, board and county prizes). Before that, the entry fee typed as words
  (“۸۰۰ هزار”) is refused at its box, in Persian; the currency typed beside it stays; the
  regulations are unchanged.
- The Kinabatangan school championship in Malay: the district's teacher, the same way,
  boys' and girls' sections, eligibility by age on a day, RM 5 fee, trophies. Before that, a
  day that does not exist (31 February) typed as a birth-date limit is refused at its box,
  in Malay, and nothing is lost.

Each part's page is pictured once filled (``$CROSSTABLE_JOURNEY_SHOTS``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from crosstable.regulations import load_regulations, parse_regulations

from ..events.seed_forms import differences
from .settings_steps import (
    blank_event,
    box_value,
    fill_settings,
    open_part,
    reference_forms,
    regulations_file,
)
from .steps import Person, organiser_invited, site_before_the_journey

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
PARTS_PICTURED = ("event", "schedule", "entry", "fees", "pairing", "teams", "prizes")


def _means_the_example(organiser: Person, slug: str, seed: str) -> None:
    text = regulations_file(organiser, slug)
    built = parse_regulations(text)
    assert differences(built, load_regulations(EXAMPLES / f"{seed}.toml")) == []
    assert "[section_defaults]" not in text  # the forms wrote every section's own rules


def _error_at(organiser: Person, form: str, name: str) -> Any:
    """The messages standing at a box: the list just before the box's label (the browser
    closes the line's paragraph before a list: the list, the label and the box follow)."""
    return organiser.page.locator(f'#{form}-form ul.errorlist:has(+ label + [name="{name}"])')


def _pictures(organiser: Person) -> None:
    for part in PARTS_PICTURED:
        open_part(organiser, part)
        organiser.shot(f"settings-{part}")


def test_the_fars_league_from_the_blank_form_in_persian(chromium: Any, live_server: Any) -> None:
    seed = "fars-team-league-1398"
    site_before_the_journey(("modir", "modir@example.ir", "Modir-Site-1398"),
                            anyone_creates_events=True)  # fmt: skip
    reference = reference_forms(seed, "fa")
    _admin, organiser = organiser_invited(
        chromium, live_server.url, "settings-from-blank-fars", "fa",
        ("modir", "Modir-Site-1398"), "farsboard@example.ir",
        ("farsboard", "هیات شطرنج استان فارس", "Heyat-Fars-1398"),
    )  # fmt: skip
    assert not User.objects.get(username="farsboard").is_staff
    slug = blank_event(organiser, seed)
    assert "ذخیره" in organiser.main_text()  # the settings, in Persian

    # the fee as words: refused at its box, in Persian; the currency typed stays; nothing saved
    before = regulations_file(organiser, slug)
    open_part(organiser, "fees")
    organiser.page.fill("#fees-form [name=fees_amount]", "۸۰۰ هزار")
    organiser.page.fill("#fees-form [name=fees_currency]", "تومان")
    organiser.submit("#save-fees")
    error = _error_at(organiser, "fees", "fees_amount")
    assert error.count() == 1, organiser.main_text()[:1500]
    assert error.inner_text().strip() == (
        "«۸۰۰ هزار» مبلغ نیست: آن را مانند ۵، ۵٫۰۰ یا ۱٬۵۰۰٫۵۰ بنویسید"
        " (حداکثر ۲ رقم اعشار، بدون توان)."
    )
    assert box_value(organiser, "fees", "fees_amount") == "۸۰۰ هزار"
    assert box_value(organiser, "fees", "fees_currency") == "تومان"
    assert regulations_file(organiser, slug) == before
    organiser.shot("fees-refused")

    sent = fill_settings(organiser, slug, reference)
    # table B's team tie-breaks chosen in the ranking part's lists: the event's own form
    # is never sent (it had only a typed box of tie-break codes to differ in)
    assert {"section-list", "ranking-rules", "team-rules", "discount-rules", "prize-places"} <= set(
        sent
    )
    assert "settings" not in sent
    _means_the_example(organiser, slug, seed)
    _pictures(organiser)
    # what was typed, as the Persian page shows it: Persian digits, Jalali days
    open_part(organiser, "fees")
    assert box_value(organiser, "fees", "fees_amount") == "۷۲۰۰۰۰"
    open_part(organiser, "schedule")
    assert box_value(organiser, "schedule", "schedule_0_1_date") == "۱۳۹۸/۰۸/۲۴"


def test_kinabatangan_from_the_blank_form_in_malay(chromium: Any, live_server: Any) -> None:
    seed = "kinabatangan-school-2024"
    site_before_the_journey(("pentadbir", "pentadbir@example.my", "Pentadbir-Sabah-2024"),
                            anyone_creates_events=True)  # fmt: skip
    reference = reference_forms(seed, "ms")
    _admin, organiser = organiser_invited(
        chromium, live_server.url, "settings-from-blank-kinabatangan", "ms",
        ("pentadbir", "Pentadbir-Sabah-2024"), "cikgu.aminah@example.my",
        ("aminah", "Cikgu Aminah", "Catur-Kinabatangan-2024"),
    )  # fmt: skip
    assert not User.objects.get(username="aminah").is_staff
    slug = blank_event(organiser, seed)

    # a day that does not exist: refused at its box, in Malay; what was typed stays
    before = regulations_file(organiser, slug)
    open_part(organiser, "entry")
    organiser.page.fill("#eligibility-form [name=elig_L12_born_on_or_after]", "31/02/2012")
    organiser.page.fill("#eligibility-form [name=elig_L12_age_below]", "12")
    organiser.submit("#save-eligibility")
    error = _error_at(organiser, "eligibility", "elig_L12_born_on_or_after")
    assert error.count() == 1, organiser.main_text()[:1500]
    message = error.inner_text()
    assert message.strip() == "“31/02/2012” bukan hari dalam kalendar.", message
    assert box_value(organiser, "eligibility", "elig_L12_born_on_or_after") == "31/02/2012"
    assert box_value(organiser, "eligibility", "elig_L12_age_below") == "12"
    assert regulations_file(organiser, slug) == before
    organiser.shot("eligibility-refused")

    sent = fill_settings(organiser, slug, reference)
    assert {"section-list", "eligibility", "fees", "prize-places"} <= set(sent)
    _means_the_example(organiser, slug, seed)
    _pictures(organiser)
