"""One list of languages (issue 30 item 2): ``crosstable/languages.py``. Every place that lists
languages reads it — the web settings, the event form's choices, the regulations loader and
its code words, the printouts, the catalogues' order — so adding a language there is enough
for the pages to offer it (its catalogue aside: until it is translated, its pages read in
English)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client, override_settings

from crosstable import languages
from crosstable.message import Message
from crosstable.regulations import parse_regulations
from crosstable.regulations.key_words import CODE_WORDS
from crosstable_web.events import forms, services
from crosstable_web.events.regulations import language as event_language
from crosstable_web.events.regulations import rules

ROOT = Path(__file__).resolve().parents[2]
TURKISH = languages.Language("tr", "tr", "Türkçe", Message("Turkish"))
"""A fifth language, as one entry (Django knows its local name: the menu shows "Türkçe")."""

REGULATIONS = """
[event]
name = "Beşinci dil"
game = "chess"
language = "{language}"

[[sections]]
key = "A"
name = "A"
rounds = 5
pairing = {{ system = "FIDE_DUTCH_2026" }}
"""


def _catalogues_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "locale" / "catalogues.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_list_of_languages_is_the_registry() -> None:
    assert [code for code, _name in settings.LANGUAGES] == ["en", "zh-hans", "ms", "fa"]
    assert languages.django_languages() == settings.LANGUAGES
    assert [code for code, _name in forms.language_choices()] == list(languages.codes())
    assert _catalogues_module().LANGUAGES == languages.catalogue_codes() == ("zh_Hans", "ms", "fa")
    for code in languages.catalogue_codes():
        assert (ROOT / "locale" / code / "LC_MESSAGES" / "django.po").is_file()
    for code in languages.codes():
        assert CODE_WORDS[code] is languages.find(code).english_name  # type: ignore[union-attr]
        assert parse_regulations(REGULATIONS.format(language=code)).language == code


def test_each_language_says_how_its_readers_write() -> None:
    persian = languages.of("fa")
    assert (persian.digits, persian.calendar, persian.quotes) == ("persian", "jalali", ("«", "»"))
    assert persian.right_to_left and persian.encodings[0] == "cp1256"
    assert languages.of("zh-hans") is languages.of("zh") is languages.of("zh_Hans")
    assert languages.of("zh_Hans").encodings[0] == "gb18030"
    assert languages.of("ms").date_order == "dmy"  # 03/04/2015 is 3 April in Malaysia
    assert languages.of("fa-IR") is persian
    assert languages.of("xx") is languages.ENGLISH
    assert languages.find("xx") is None


@pytest.fixture
def turkish(monkeypatch: pytest.MonkeyPatch) -> languages.Language:
    monkeypatch.setattr(languages, "LANGUAGES", (*languages.LANGUAGES, TURKISH))
    return TURKISH


@pytest.mark.django_db
def test_a_language_added_to_the_registry_is_offered_by_the_pages(
    turkish: languages.Language, organiser: User
) -> None:
    # settings.LANGUAGES is the registry's list, read when the settings load.
    with override_settings(LANGUAGES=languages.django_languages()):
        page = Client().get("/accounts/login/").content.decode()
        assert '<option value="tr">Türkçe</option>' in page
        assert ("tr", "Türkçe") in forms.language_choices()
        regulations = parse_regulations(REGULATIONS.format(language="tr"))
        assert regulations.language == "tr"
        spec = rules.event_spec_from_regulations(regulations, REGULATIONS.format(language="tr"))
        event = services.create_event(spec, organiser)
        assert event_language.event_language(event) == "tr"
        client = Client()
        response = client.post("/i18n/setlang/", {"language": "tr", "next": "/accounts/login/"})
        assert response.status_code == 302
        assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "tr"


def test_without_the_entry_the_language_is_refused() -> None:
    from crosstable.regulations import RegulationsError

    with pytest.raises(RegulationsError, match="language"):
        parse_regulations(REGULATIONS.format(language="tr"))
