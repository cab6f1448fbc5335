"""A crawl of the site as one person sees it: from the front page, every link followed (GET
only), in one language, as one account or anonymously, with Django's test client.

Bounded for CI: the links are grouped by what they show — the URL pattern, the event, the
kind of section (chess, xiangqi, team), the printout kind and the query's parameter names —
and only ``per_kind`` pages of each group are loaded (the other players, rounds and teams of
a section are the same template over the same kind of data). Each group still meets every
event, so each seed's rules, calendar and game are rendered.

``crawl(...)`` returns every page loaded (address, status, content type, body) and every
link that led nowhere; ``test_language_of_every_page.py`` runs it over the demo, and a
journey can run it over its final state.
"""

from __future__ import annotations

import dataclasses
from collections import Counter, deque
from collections.abc import Iterable
from html.parser import HTMLParser
from urllib.parse import parse_qsl, urlsplit

from django.test import Client
from django.urls import Resolver404, resolve

from crosstable.pairing.registry import is_team_system
from crosstable_web.events import models
from crosstable_web.events.rounds.notation import section_is_xiangqi

NOT_FOLLOWED = ("/accounts/logout/", "/p/language/", "/i18n/setlang/")
"""Links that change the session or the language rather than show a page."""


@dataclasses.dataclass(frozen=True, slots=True)
class Page:
    url: str
    status: int
    content_type: str
    body: bytes
    linked_from: str
    content_security: str = ""
    """The answer's Content-Security-Policy header."""

    @property
    def is_html(self) -> bool:
        return self.content_type.startswith("text/html")


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        href = dict(attrs).get("href")
        if tag == "a" and href:
            self.links.append(href)


def links_of(body: bytes) -> list[str]:
    parser = _Links()
    parser.feed(body.decode("utf-8", "replace"))
    parser.close()
    return parser.links


def section_kinds() -> dict[tuple[str, str], str]:
    """Each section's kind of game by (event slug, section key): ``team``, ``xiangqi`` or
    ``chess``."""
    kinds = {}
    for section in models.Section.objects.select_related("event"):
        if is_team_system(section.system_code):
            kind = "team"
        elif section_is_xiangqi(section):
            kind = "xiangqi"
        else:
            kind = "chess"
        kinds[(section.event.slug, section.key)] = kind
    return kinds


def crawl(
    client: Client,
    start: Iterable[str] = ("/",),
    *,
    per_kind: int = 1,
    skip_prefixes: tuple[str, ...] = (),
    skip: frozenset[str] = frozenset(),
    with_pdf: bool = False,
    by_event: bool = True,
) -> tuple[list[Page], list[str]]:
    """Every page reachable from ``start`` by links (bounded as the module says), except
    the addresses starting with ``skip_prefixes`` and those in ``skip`` (pages another
    crawl loaded: the public pages and printouts, the same for everyone). PDF links
    (``format=pdf``) are listed but not loaded unless ``with_pdf``: chromium prints each in
    seconds; the caller loads the few it reads. Without ``by_event``, a kind of page is one
    kind over all events (``per_kind`` pages of it in all), not one in each event: the
    crawl for forms, which are the same template in every event. Returns the pages and the
    PDF links found."""
    kinds = section_kinds()
    queue: deque[tuple[str, str]] = deque((url, "") for url in start)
    seen = {url for url, _from in queue}
    loaded: Counter[tuple[object, ...]] = Counter()
    pages: list[Page] = []
    pdfs: list[str] = []
    while queue:
        url, linked_from = queue.popleft()
        response = client.get(url)
        body = b"" if getattr(response, "streaming", False) else response.content
        page = Page(
            url,
            response.status_code,
            response.get("Content-Type", ""),
            body,
            linked_from,
            response.get("Content-Security-Policy", ""),
        )
        pages.append(page)
        if page.status != 200 or not page.is_html:
            continue
        for href in links_of(body):
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or not parts.path.startswith("/"):
                continue
            if parts.path.startswith(NOT_FOLLOWED + skip_prefixes):
                continue
            target = parts.path + (f"?{parts.query}" if parts.query else "")
            if target in seen:
                continue
            seen.add(target)
            query = dict(parse_qsl(parts.query))
            if query.get("format") == "pdf" and not with_pdf:
                pdfs.append(target)
                continue
            try:
                match = resolve(parts.path)
            except Resolver404:
                pages.append(Page(target, 404, "", b"", url))
                continue
            slug, key = match.kwargs.get("slug"), match.kwargs.get("key")
            group = (
                match.route,
                slug if by_event else None,
                kinds.get((str(slug), str(key))),
                match.kwargs.get("kind"),
                tuple(sorted(query)),
            )
            if loaded[group] >= per_kind:
                continue
            loaded[group] += 1  # a page of ``skip`` counts as one of its kind, loaded elsewhere
            if target not in skip:
                queue.append((target, url))
    return pages, pdfs
