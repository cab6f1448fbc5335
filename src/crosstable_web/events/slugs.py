"""Events' short names (slugs): the code in every address (``/e/<slug>/``, ``/p/<slug>/``) and
command, written ``[a-z0-9-]`` whatever the script of the event's name.

A name in Chinese is written in pinyin (``pypinyin``), one in Persian or Arabic script letter by
letter in Latin letters (vowels that the script does not write stay unwritten), a Latin name
without its accents; the year of the event's start is added when the name does not hold it, so
that two events of the same name in different years get different slugs. The organiser may
change the suggestion (``check_slug`` says what is wrong with one).

A changed short name is kept (``PreviousSlug``, ``rename``): a request for a page under an old
name — a QR code printed before the change, a shared public link — is answered by
:class:`OldSlugRedirectMiddleware` with a permanent redirect to the same page under the current
name, and no new event may take an old name while it leads there (docs/web.md).
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.utils.translation import gettext as _
from pypinyin import Style, lazy_pinyin

from crosstable.typed.calendars import gregorian_to_jalali
from crosstable_web.events import models

MAX_LENGTH = 60
RESERVED = frozenset({"language", "new", "events", "accounts", "admin", "static", "captain"})
"""Words that are already a path beside an event's (``/p/language/…``) or may become one."""

SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

_PERSIAN_LETTERS = {
    "ا": "a", "آ": "a", "أ": "a", "إ": "e", "ب": "b", "پ": "p", "ت": "t", "ث": "s",
    "ج": "j", "چ": "ch", "ح": "h", "خ": "kh", "د": "d", "ذ": "z", "ر": "r", "ز": "z",
    "ژ": "zh", "س": "s", "ش": "sh", "ص": "s", "ض": "z", "ط": "t", "ظ": "z", "ع": "",
    "غ": "gh", "ف": "f", "ق": "gh", "ک": "k", "ك": "k", "گ": "g", "ل": "l", "م": "m",
    "ن": "n", "و": "v", "ؤ": "v", "ه": "h", "ة": "h", "ی": "y", "ي": "y", "ئ": "y",
    "ى": "y", "ء": "", "\u200c": "",
    "۰": "0", "۱": "1", "۲": "2", "۳": "3", "۴": "4", "۵": "5", "۶": "6", "۷": "7",
    "۸": "8", "۹": "9", "٠": "0", "١": "1", "٢": "2", "٣": "3", "٤": "4", "٥": "5",
    "٦": "6", "٧": "7", "٨": "8", "٩": "9",
}  # fmt: skip
"""Persian (and Arabic) letters and digits in Latin letters; the zero-width non-joiner
(نیم‌فاصله) joins, as it does in the word."""

_CJK = re.compile("[\u3400-\u9fff]")


def latin_words(name: str) -> list[str]:
    """``name`` as lower-case Latin words: pinyin for Chinese characters (one word per
    character), Persian letters transliterated, accents dropped, anything else a gap."""
    pieces: list[str] = []
    for character in name:
        if _CJK.match(character):
            pieces.append(" " + lazy_pinyin(character, style=Style.NORMAL)[0] + " ")
        elif character in _PERSIAN_LETTERS:
            pieces.append(_PERSIAN_LETTERS[character])
        else:
            folded = unicodedata.normalize("NFKD", character)
            pieces.append("".join(c for c in folded if c.isascii()) or " ")
    text = "".join(pieces).lower()
    return [word for word in re.split(r"[^a-z0-9]+", text) if word]


def suggest(name: str, start_date: datetime.date | None = None, calendar: str = "gregorian") -> str:
    """A free slug for an event called ``name`` (starting on ``start_date``): its Latin words
    (at most ``MAX_LENGTH`` characters, cut between words), the start year in the event's
    ``calendar`` (1398 for a Jalali event) when the name does not give it, and ``-2``,
    ``-3``… when taken."""
    words = latin_words(name)
    if start_date is not None:
        year = start_date.year
        if calendar == "jalali":
            year = gregorian_to_jalali(start_date)[0]
        if str(year) not in words:
            words.append(str(year))
    base = ""
    for word in words:
        longer = f"{base}-{word}" if base else word
        if len(longer) > MAX_LENGTH - 4:
            break
        base = longer
    base = base or "event"
    if base in RESERVED:
        base = f"{base}-event"
    slug, counter = base, 2
    while is_taken(slug):
        slug, counter = f"{base}-{counter}", counter + 1
    return slug


def check_slug(slug: str, event: models.Event | None = None) -> str | None:
    """Why ``slug`` cannot be ``event``'s short name (None: it can); ``event`` None for a new
    event."""
    if not SLUG.match(slug):
        return _(
            "Use small Latin letters (a-z), digits and single hyphens between them, e.g. "
            "fars-league-1398."
        )
    if len(slug) > MAX_LENGTH:
        return _("At most %(count)d characters.") % {"count": MAX_LENGTH}
    if slug in RESERVED:
        return _("“%(slug)s” is a word the site uses itself; choose another.") % {"slug": slug}
    taken = models.Event.objects.filter(slug=slug)
    if event is not None:
        taken = taken.exclude(pk=event.pk)
    if taken.exists():
        return _("Another event already has the short name %(slug)s.") % {"slug": slug}
    earlier = models.PreviousSlug.objects.filter(slug=slug)
    if event is not None:
        earlier = earlier.exclude(event=event)
    if earlier.exists():
        return _(
            "%(slug)s is an earlier short name of another event: its old links and printed QR "
            "codes still lead there. Choose another."
        ) % {"slug": slug}
    return None


def is_taken(slug: str) -> bool:
    """Whether ``slug`` is an event's short name, now or earlier."""
    return (
        models.Event.objects.filter(slug=slug).exists()
        or models.PreviousSlug.objects.filter(slug=slug).exists()
    )


def rename(event: models.Event, slug: str) -> None:
    """Give ``event`` the short name ``slug`` (checked by ``check_slug``), keeping the one it
    had so that its old links still lead to it; back to an earlier name, that name is no
    longer an old one. The caller saves the event."""
    if slug == event.slug:
        return
    models.PreviousSlug.objects.filter(event=event, slug=slug).delete()
    models.PreviousSlug.objects.update_or_create(slug=event.slug, defaults={"event": event})
    event.slug = slug


_OLD_LINK = re.compile(r"^/(?P<prefix>e|p|print|r)/(?P<slug>[a-z0-9-]+)(?P<rest>/.*|\.[^/]*)?$")
"""The addresses of an event's pages that name it first: back office, public site, printouts,
registration (``/p/<slug>/qr.svg`` too)."""


class OldSlugRedirectMiddleware:
    """A page not found under an event's earlier short name: a permanent redirect (301) to the
    same address, query included, under its current one. Only GET and HEAD (a form sent to an
    old address is not sent again), only when the page was not found, so the current names cost
    nothing."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != 404 or request.method not in ("GET", "HEAD"):
            return response
        match = _OLD_LINK.match(request.path_info)
        if match is None:
            return response
        previous = (
            models.PreviousSlug.objects.filter(slug=match["slug"]).select_related("event").first()
        )
        if previous is None:
            return response
        script = request.path[: len(request.path) - len(request.path_info)]
        path = f"{script}/{match['prefix']}/{previous.event.slug}{match['rest'] or ''}"
        query = request.META.get("QUERY_STRING", "")
        return HttpResponsePermanentRedirect(f"{path}?{query}" if query else path)
