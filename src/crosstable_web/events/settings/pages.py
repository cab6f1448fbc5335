"""The settings area's pages: one page per part of the regulations (the event and its
sections, the schedule, who may enter, fees, play and pairing, tie-breaks, teams, prizes,
prize categories, grades, the file itself), each showing and saving only its own forms.

Why pages and not one page: the Fars league's settings as one page were about 1 MB of HTML
(a thousand boxes: every tie-break list of every section, every prize place) and each save
reloaded all of it. A part's page is the part's forms alone; a form keeps its id, its
``action`` and its field names wherever it stands, and a post of any form to any settings
address is still dispatched to that form (:func:`page_of`).
"""

from __future__ import annotations

import dataclasses

from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy


@dataclasses.dataclass(frozen=True, slots=True)
class SettingsPage:
    """One page of the settings area: its name (the address's last part), its title in the
    navigation and the ``action`` of each form it shows, in the page's order."""

    name: str
    title: Promise
    actions: tuple[str, ...]


FIRST = "event"
"""The page at the settings address itself (``/e/<slug>/settings/``)."""

FILE = "file"
"""The page of the whole file: the TOML editor and the download."""

PAGES: tuple[SettingsPage, ...] = (
    SettingsPage(FIRST, gettext_lazy("Event and sections"), ("settings", "section-list")),
    SettingsPage("schedule", gettext_lazy("Schedule"), ("schedule", "schedule-items")),
    SettingsPage(
        "entry",
        gettext_lazy("Who may enter, registration"),
        ("eligibility", "event-rules", "document-rules"),
    ),
    SettingsPage("fees", gettext_lazy("Entry fees"), ("fees", "discount-rules")),
    SettingsPage("pairing", gettext_lazy("Play and pairing"), ("play-rules", "pairing-rules")),
    SettingsPage(
        "ranking", gettext_lazy("Tie-breaks and rankings"), ("ranking-rules", "sub-rankings")
    ),
    SettingsPage("teams", gettext_lazy("Team rules"), ("team-rules",)),
    # the places once: the prize-places rows (the old "prizes" table showed them again)
    SettingsPage("prizes", gettext_lazy("Prizes"), ("prize-tables", "prize-places")),
    SettingsPage(
        "categories",
        gettext_lazy("Prize categories"),
        ("prize-categories", "category-places"),
    ),
    SettingsPage(
        "grades",
        gettext_lazy("Grade promotion"),
        ("grade-rules", "grade-ladder", "grade-promotions"),
    ),
    SettingsPage(FILE, gettext_lazy("All the regulations (TOML)"), ("regulations",)),
)
"""The settings pages in the navigation's order; every form of the settings is on one."""

_BY_NAME = {page.name: page for page in PAGES}
_BY_ACTION = {action: page for page in PAGES for action in page.actions}


def page_named(name: str) -> SettingsPage | None:
    return _BY_NAME.get(name)


def page_of(action: str) -> SettingsPage | None:
    """The page showing the form of ``action`` (None: no settings form has it)."""
    return _BY_ACTION.get(action)


def address(slug: str, name: str = FIRST) -> str:
    """The address of a settings page of the event ``slug``."""
    if name == FIRST:
        return reverse("events:event_settings", args=[slug])
    return reverse("events:event_settings_part", args=[slug, name])
