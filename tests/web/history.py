"""The history list of an entry's or a team's page (``events/history.html``), line by line as
text: when, who, what, about what."""

from __future__ import annotations

import re

from django.test import Client


def history_lines(client: Client, address: str) -> list[str]:
    page = client.get(address).content.decode()
    found = re.search(r'<ul id="history">(.*?)</ul>', page, re.S)
    assert found is not None, page[-2000:]
    items = found.group(1).split("</li>")[:-1]
    return [re.sub(r"<[^>]+>|\s+", " ", item).strip() for item in items]
