"""The Content-Security-Policy (issue 31 item 7): every answer carries it, each inline script
the page's own nonce; and in a real browser the pages' scripts still run — the back office's
language menu, the public round page's search box, the arbiter's typed results — with no
script refused (the browser's console says so when it refuses one)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.content_security import ContentSecurityPolicyMiddleware
from crosstable_web.events import models
from web.log_in import log_in

from .content_security_check import NONCE, content_security_problems


def test_every_answer_carries_the_policy_and_its_nonce(paired: models.Round, arbiter: User) -> None:
    slug = paired.section.event.slug
    staff = Client()
    staff.force_login(arbiter)
    nonces = set()
    for client, address in (
        (Client(), f"/p/{slug}/open/round/1/"),
        (Client(), f"/p/{slug}/"),
        (staff, f"/e/{slug}/s/open/r/1/"),
        (staff, f"/e/{slug}/"),
        (Client(), "/accounts/login/"),
    ):
        for language in ("en", "fa"):
            client.cookies["django_language"] = language
            response = client.get(address)
            assert response.status_code == 200, address
            header = response["Content-Security-Policy"]
            assert "script-src 'self' 'nonce-" in header and "object-src 'none'" in header
            assert (
                "frame-ancestors 'none'" in header
                and "unsafe-inline" not in header.split("script-src")[1].split(";")[0]
            )
            assert content_security_problems(response.content, header) == [], (address, language)
            found = NONCE.search(header)
            assert found is not None
            nonces.add(found.group(1))
    # a fresh nonce every answer (ten answers, ten nonces), of letters only: the Persian
    # pages turn digits into Persian ones, and the nonce must reach the browser as sent
    assert len(nonces) == 10 and all(re.fullmatch(r"[A-Za-z]{24}", n) for n in nonces)
    # what a view set itself is kept
    assert ContentSecurityPolicyMiddleware(lambda request: _answer_with_its_own())(_request())[
        "Content-Security-Policy"
    ] == ("default-src 'none'")


def _answer_with_its_own() -> Any:
    from django.http import HttpResponse

    response = HttpResponse("x")
    response["Content-Security-Policy"] = "default-src 'none'"
    return response


def _request() -> Any:
    from django.test import RequestFactory

    return RequestFactory().get("/")


@pytest.mark.browser
def test_the_pages_scripts_run_under_the_policy(
    chromium: Any, live_server: Any, paired: models.Round, arbiter: User
) -> None:
    slug = paired.section.event.slug
    arbiter.set_password("arbiter-pass")
    arbiter.save()
    page = chromium.new_page()
    page.set_default_timeout(20_000)
    refused: list[str] = []
    page.on(
        "console",
        lambda message: (
            refused.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    # the back office in Persian: the language menu (its script a static file) sends its
    # form when a language is chosen
    log_in(page, live_server.url, arbiter.username, "arbiter-pass", f"/e/{slug}/s/open/r/1/")
    page.select_option("select[name=language]", "fa")
    page.wait_for_selector('html[lang="fa"][dir="rtl"]', state="attached")
    # the arbiter's results box (round_results.js) types a result in place
    page.fill("#id_entry", "1 1")
    page.keyboard.press("Enter")
    # sent in the background (fetch): the box is emptied once the answer is in place
    page.wait_for_function("() => document.getElementById('id_entry').value === ''")
    page.wait_for_load_state("networkidle")
    assert paired.boards.get(number=1).white_result == "1"
    # the public round page's search box (an inline script with the nonce), in Persian
    page.goto(f"{live_server.url}/p/{slug}/open/round/1/")
    names = paired.boards.get(number=2).white
    assert names is not None
    page.fill("#find", names.name)
    # the player's seat, and the board they play on
    assert page.locator("#seats tbody tr:visible").count() == 1
    assert page.locator("#boards tbody tr:visible").count() == 1
    assert page.locator("#boards tbody tr").count() == 2
    assert refused == []
