"""The parents' search card (issue 26.15): it links to the player's own page (the page a
parent follows), and once the section's last round has every result it gives the final
place and points instead of the last pairing. Futian section D (web.printing.futian_grades:
six children, five rounds, every score worked by hand): 王一 (No. 1) 4.5 points, first; 刘四
(No. 4) 2 points, fourth — read by a parent in Chinese, and in Malay."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.test import Client

from web.printing.futian_grades import played_futian


def _cards(client: Client, slug: str, query: str, language: str) -> list[tuple[str, str]]:
    """Each card found: its text, and the address its name links to."""
    client.cookies["django_language"] = language
    page = client.get(f"/p/{slug}/", {"q": query}).content.decode()
    cards = re.findall(r'<li class="found-player">(.*?)</li>', page, re.S)
    return [
        (
            re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", card)).strip(),
            re.search(r'<a href="([^"]+)" class="player-link">', card)[1],  # type: ignore[index]
        )
        for card in cards
    ]


def test_after_the_event_the_card_gives_the_final_place(organiser: User, arbiter: User) -> None:
    played_futian(organiser, arbiter)
    parent = Client()
    ((wang, link),) = _cards(parent, "futian", "wangyi", "zh-hans")
    assert link == "/p/futian/D/player/1/"
    assert "最终名次：第1名 · 4.5分" in wang
    assert "第5轮" not in wang and "对手" not in wang  # no longer the last pairing
    assert "王一" in parent.get(link).content.decode()
    ((liu, _link),) = _cards(parent, "futian", "刘四", "ms")
    assert "Kedudukan akhir 4 · 2 mata" in liu


def test_during_the_event_the_card_links_and_gives_the_round(
    organiser: User, arbiter: User
) -> None:
    played_futian(organiser, arbiter, slug="futian-r3", rounds_played=3)
    ((wang, link),) = _cards(Client(), "futian-r3", "wangyi", "zh-hans")
    assert link == "/p/futian-r3/D/player/1/"
    assert "第3轮" in wang and "最终名次" not in wang
    assert "选手页面（可关注）" in wang


def test_the_players_page_names_the_section(organiser: User, arbiter: User) -> None:
    """A parent of two children (Futian has fourteen sections) opens a saved player page: it
    says which section the child plays in, before the school, rating and number — it named
    none, and an unrated child's line began with "·"."""
    event = played_futian(organiser, arbiter, slug="futian-page", rounds_played=3)
    section = event.sections.get(key="D")
    parent = Client()
    parent.cookies["django_language"] = "zh-hans"
    page = parent.get("/p/futian-page/D/player/1/").content.decode()
    facts = re.search(r'<p class="muted" id="player-facts">(.*?)</p>', page, re.S)
    assert facts is not None, page[:2000]
    text = " ".join(facts[1].split())
    assert text.startswith(f"{section.name} · "), text
    assert text.endswith("编号 1"), text
