"""Issue 26.11: a list of pairing systems names each system once. The blank event form and
a section's settings offered "FIDE Swiss system (Dutch)" twice (``FIDE_DUTCH_2026`` and the
unversioned ``FIDE_DUTCH``, the same rules) and the team Swiss's Type A, match points then
game points twice (``FIDE_TEAM`` and ``FIDE_TEAM_TYPEA_MP_GP``): an organiser cannot tell
which to take. A section that already names the other spelling keeps it, told apart by its
own words, never silently changed."""

from __future__ import annotations

from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client
from django.utils import translation

from crosstable_web.events import services
from crosstable_web.events.regulations import rules
from crosstable_web.events.words import pairing_names

pytestmark = pytest.mark.django_db
EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


class _SystemLists(HTMLParser):
    """The option words of every ``<select>`` whose name says it chooses a system."""

    def __init__(self) -> None:
        super().__init__()
        self.lists: dict[str, list[str]] = {}
        self._select: str | None = None
        self._option = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = {key: value or "" for key, value in attrs}
        if tag == "select" and "system" in named.get("name", ""):
            self._select = named["name"]
            self.lists[self._select] = []
        elif tag == "option" and self._select:
            self._option = True
            self.lists[self._select].append("")

    def handle_data(self, data: str) -> None:
        if self._select and self._option:
            self.lists[self._select][-1] += data.strip()

    def handle_endtag(self, tag: str) -> None:
        if tag == "option":
            self._option = False
        elif tag == "select":
            self._select = None


def system_lists(page: str) -> dict[str, list[str]]:
    parser = _SystemLists()
    parser.feed(page)
    return parser.lists


def twice(words: list[str]) -> list[str]:
    return [word for word, count in Counter(words).items() if count > 1]


@pytest.mark.parametrize("language", ["fa", "zh-hans", "ms"])
def test_the_blank_event_form_names_each_system_once(language: str) -> None:
    organiser = User.objects.create_user("nasrin", password="organiser-pass")
    organiser.user_permissions.add(Permission.objects.get(codename="add_event"))
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(organiser)
    lists = system_lists(client.get("/events/new/").content.decode())
    assert lists, "the blank form has no list of pairing systems"
    for name, words in lists.items():
        assert twice(words) == [], f"{name} names a system twice in {language}"


@pytest.mark.parametrize("language", ["fa", "zh-hans", "ms"])
def test_a_sections_settings_name_each_system_once(language: str) -> None:
    organiser = User.objects.create_user("nasrin", password="organiser-pass")
    spec = rules.load_event_spec(EXAMPLES / "fars-team-league-1398.toml", rounds=9)
    event = services.create_event(spec, organiser, slug="fars1398")
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(organiser)
    lists = system_lists(client.get(f"/e/{event.slug}/settings/").content.decode())
    assert lists, "the settings page has no list of pairing systems"
    for name, words in lists.items():
        assert twice(words) == [], f"{name} names a system twice in {language}"


def test_another_spelling_already_chosen_is_kept_and_told_apart() -> None:
    with translation.override("fa"):
        offered = pairing_names.settings_system_choices("")
        kept = pairing_names.settings_system_choices("FIDE_DUTCH")
    assert "FIDE_DUTCH" not in dict(offered)
    assert kept[:-1] == offered
    code, words = kept[-1]
    assert code == "FIDE_DUTCH" and "FIDE_DUTCH" not in words
    assert words.startswith(dict(offered)["FIDE_DUTCH_2026"])
    assert words != dict(offered)["FIDE_DUTCH_2026"]
