"""The Content-Security-Policy of every answer (issue 31 item 7): scripts only from the site
itself or inline with the answer's own nonce, nothing from another site, no plugins, no
framing.

Each request gets a fresh nonce (``request.csp_nonce``); a template's inline ``<script>``
carries it (``<script nonce="{{ request.csp_nonce }}">``). Inline event handlers
(``onchange="…"``) are not allowed: their code lives in static files
(``static/crosstable_web/*.js``). Inline styles stay allowed (``'unsafe-inline'`` for
styles only: the printouts' ``@page`` rules and a few ``style`` attributes), which lets no
code run. The nonce has letters only: the Persian pages turn digits into Persian ones
(``public.right_to_left``), and a nonce must reach the browser as it was sent.
"""

from __future__ import annotations

import secrets
import string
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

_NONCE_LETTERS = string.ascii_letters
_NONCE_LENGTH = 24
"""24 letters of 52: about 137 bits."""


def new_nonce() -> str:
    return "".join(secrets.choice(_NONCE_LETTERS) for _ in range(_NONCE_LENGTH))


def policy(nonce: str) -> str:
    """The header's value for an answer whose inline scripts carry ``nonce``."""
    return "; ".join(
        (
            "default-src 'self'",
            f"script-src 'self' 'nonce-{nonce}'",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data:",
            "font-src 'self' data:",
            "object-src 'none'",
            "base-uri 'self'",
            "frame-ancestors 'none'",
        )
    )


class ContentSecurityPolicyMiddleware:
    """Gives each request its nonce and each answer the policy (unless a view set its own)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        nonce = new_nonce()
        request.csp_nonce = nonce  # type: ignore[attr-defined]
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy(nonce)
        return response
