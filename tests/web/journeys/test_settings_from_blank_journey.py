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

from crosstable.regulations import load_regulations, parse_regulations

from ..events.seed_forms import differences
from .settings_steps import (
    box_value,
    fill_settings,
    open_part,
    organiser_at_a_blank_event,
    reference_forms,
    refused_at,
    regulations_file,
)
from .steps import Person

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
PARTS_PICTURED = ("event", "schedule", "entry", "fees", "pairing", "teams", "prizes")


def _means_the_example(organiser: Person, slug: str, seed: str) -> None:
    text = regulations_file(organiser, slug)
    built = parse_regulations(text)
    assert differences(built, load_regulations(EXAMPLES / f"{seed}.toml")) == []
    assert "[section_defaults]" not in text  # the forms wrote every section's own rules


def _pictures(organiser: Person) -> None:
    for part in PARTS_PICTURED:
        open_part(organiser, part)
        organiser.shot(f"settings-{part}")


def test_the_fars_league_from_the_blank_form_in_persian(chromium: Any, live_server: Any) -> None:
    seed = "fars-team-league-1398"
    reference = reference_forms(seed, "fa")
    organiser, slug = organiser_at_a_blank_event(
        chromium, live_server, "settings-from-blank-fars", "fa",
        ("modir", "modir@example.ir", "Modir-Site-1398"),
        ("farsboard", "farsboard@example.ir", "هیات شطرنج استان فارس", "Heyat-Fars-1398"), seed,
    )  # fmt: skip
    assert "ذخیره" in organiser.main_text()  # the settings, in Persian

    # the fee as words: refused at its box, in Persian; the currency typed stays; nothing saved
    refused_at(
        organiser, slug, "fees", "fees", {"fees_amount": "۸۰۰ هزار", "fees_currency": "تومان"},
        "fees_amount",
        "«۸۰۰ هزار» مبلغ نیست: آن را مانند ۵، ۵٫۰۰ یا ۱٬۵۰۰٫۵۰ بنویسید"
        " (حداکثر ۲ رقم اعشار، بدون توان).",
    )  # fmt: skip

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
    reference = reference_forms(seed, "ms")
    organiser, slug = organiser_at_a_blank_event(
        chromium, live_server, "settings-from-blank-kinabatangan", "ms",
        ("pentadbir", "pentadbir@example.my", "Pentadbir-Sabah-2024"),
        ("aminah", "cikgu.aminah@example.my", "Cikgu Aminah", "Catur-Kinabatangan-2024"), seed,
    )  # fmt: skip

    # a day that does not exist: refused at its box, in Malay; what was typed stays
    refused_at(
        organiser, slug, "entry", "eligibility",
        {"elig_L12_born_on_or_after": "31/02/2012", "elig_L12_age_below": "12"},
        "elig_L12_born_on_or_after", "“31/02/2012” bukan hari dalam kalendar.",
    )  # fmt: skip

    sent = fill_settings(organiser, slug, reference)
    assert {"section-list", "eligibility", "fees", "prize-places"} <= set(sent)
    _means_the_example(organiser, slug, seed)
    _pictures(organiser)
