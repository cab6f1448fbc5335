"""Signing in as a browser test's user does: the login page, the account's name and password,
Enter, and the page asked for."""

from __future__ import annotations

from typing import Any


def log_in(page: Any, base: str, username: str, password: str, target: str) -> None:
    """Sign ``username`` in on ``page`` (Playwright) and wait for ``target`` (a path)."""
    page.goto(f"{base}/accounts/login/?next={target}")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.keyboard.press("Enter")
    page.wait_for_url(f"**{target}")
