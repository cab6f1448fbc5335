"""The organiser at the settings pages in the browser (issue 29): reaching a part by the
settings' navigation, and filling every part from the blank event form until the pages show
what the pages of an event made from a seed's own file show (``tests/web/events/seed_forms``:
the same driver as the test-client run, the boxes typed and chosen in the browser).

Shared by the journeys that build a seed from the blank form (Persian, Malay, Chinese).
"""

from __future__ import annotations

from typing import Any

from .steps import Person


def open_part(someone: Person, part: str) -> None:
    """Open a part of the settings (``settings.pages``: ``schedule``, ``fees``, …) by its
    link in the settings' navigation, as the organiser does."""
    link = someone.page.locator(f'#settings-nav a[data-part="{part}"]')
    assert link.count() == 1, (part, someone.path())
    if link.get_attribute("aria-current") == "page":
        return
    with someone.page.expect_navigation():
        link.click()
    assert someone.page.locator(f'#settings-nav a[data-part="{part}"][aria-current=page]').count()


def box_value(someone: Person, form: str, name: str) -> Any:
    return someone.page.input_value(f"#{form}-form [name={name}]")
