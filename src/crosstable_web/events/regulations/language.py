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
