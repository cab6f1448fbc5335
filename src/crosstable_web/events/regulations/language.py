"""An event's language: its regulations' (``language = "fa"``), or the visitor's choice on the
pages a visitor reads without an account (registration, follow)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.utils import translation

from crosstable import languages
from crosstable_web.events import models
from crosstable_web.events.regulations import rules


def event_language(event: models.Event) -> str:
    """The Django language code of the event's regulations (English without regulations)."""
    regulations = rules.event_regulations(event)
    if regulations is None:
        return "en"
    return languages.of(regulations.language).django_code


def activate_visitor_language(request: HttpRequest, event: models.Event) -> None:
    """A public page's language (no account: the registration and follow pages): the
    visitor's choice (the language cookie), else the event's."""
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    if chosen not in dict(settings.LANGUAGES):
        chosen = event_language(event)
    translation.activate(chosen)
    request.LANGUAGE_CODE = translation.get_language()


def language_name(code: str) -> str:
    """A language, by its code as stored (``fa``, ``zh-hans``), named in the reader's
    language (波斯语, Bahasa Farsi, فارسی, Persian): a page never shows the code itself
    (issue 26.11: a registration read "· fa")."""
    from crosstable_web.events.regulations.regulation_messages import message_text

    return message_text(languages.of(code).english_name)
