"""Signing in as a browser test's user does: the login page, the account's name and password,
Enter, and the page asked for."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit


def log_in(page: Any, base: str, username: str, password: str, target: str) -> None:
    """Sign ``username`` in on ``page`` (Playwright) and wait for ``target`` (a path). The
    path is compared, not a pattern: the login page's own address ends with
    ``?next=<target>`` and would match ``**<target>`` before the sign-in is through."""
    page.goto(f"{base}/accounts/login/?next={target}")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.keyboard.press("Enter")
    page.wait_for_url(lambda url: urlsplit(url).path == target)
    page.wait_for_load_state("load")  # the page's scripts have run
