"""What a page must hold under the Content-Security-Policy (issue 31 item 7): the header, and
no script the browser would refuse — every inline ``<script>`` carries the header's nonce, no
inline event handler (``onchange="…"``), no ``javascript:`` address. The crawls
(``test_language_of_every_page``) read it on every page they load."""

from __future__ import annotations

import re
from html.parser import HTMLParser

NONCE = re.compile(r"'nonce-([A-Za-z]+)'")


class _Scripts(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.inline_nonces: list[str | None] = []
        self.handlers: list[str] = []
        self.script_addresses: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "script":
            if values.get("src"):
                self.script_addresses.append(str(values["src"]))
            else:
                self.inline_nonces.append(values.get("nonce"))
        for name, value in attrs:
            if name.startswith("on"):
                self.handlers.append(f"<{tag} {name}>")
            if name in ("href", "src", "action") and (value or "").strip().lower().startswith(
                "javascript:"
            ):
                self.handlers.append(f"<{tag} {name}=javascript:>")


def content_security_problems(body: bytes, header: str) -> list[str]:
    """Why the browser would refuse a script of this HTML page under its ``header``."""
    if not header:
        return ["no Content-Security-Policy header"]
    found = NONCE.search(header)
    nonce = found.group(1) if found else None
    parser = _Scripts()
    parser.feed(body.decode("utf-8", "replace"))
    parser.close()
    problems = [f"inline event handler {handler}" for handler in parser.handlers]
    problems.extend(
        f"inline script without the header's nonce (has {given!r})"
        for given in parser.inline_nonces
        if nonce is None or given != nonce
    )
    problems.extend(
        f"script from another site {src}"
        for src in parser.script_addresses
        if not src.startswith("/") or src.startswith("//")
    )
    return problems
