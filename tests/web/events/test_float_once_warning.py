"""Kinabatangan 4.11 ("a player floats once") when no pairing can meet it: the web app still
pairs the round, and the arbiter reads who floats again on the round page; the warning is in
the audit log too. Four girls over three rounds, each round worked out by hand from the
rules (the same event as the core test ``test_float_once_met_as_far_as_possible_...``)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from crosstable_web.events import models, rounds, services
from crosstable_web.events.regulations import rules

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "kinabatangan-school-2024.toml"
SCHOOLS = ["SK Bukit Garam", "SK Sukau", "SK Bilit", "SK Lamag"]


def _girls(organiser: User, arbiter: User) -> models.Section:
    """The P12 section of the example over 3 rounds: four girls of four schools, numbered
    by rating (Murid P 1 is number 1, ...)."""
    spec = rules.load_event_spec(EXAMPLE, rounds=3)
    event = services.create_event(spec, organiser, slug="kinabatangan-float")
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section = event.sections.get(key="P12")
    for number, school in enumerate(SCHOOLS, start=1):
        data = services.EntryData(
            name=f"Murid P {number}", sex="F", rating=1600 - 100 * number, unit=school
        )
        services.add_entry(section, data, organiser)
    services.set_registration_open(event, False, organiser)
    services.assign_pairing_numbers(section, arbiter)
    return section


def _play(round_row: models.Round, winners: set[int], arbiter: User) -> set[frozenset[int]]:
    """Enter the round's results (the listed pairing numbers win, other games are drawn);
    returns its pairs of pairing numbers."""
    pairs: set[frozenset[int]] = set()
    for board in round_row.boards.select_related("white", "black"):
        white, black = board.white.pairing_number, board.black.pairing_number
        assert white is not None and black is not None
        pairs.add(frozenset((white, black)))
        result = "1" if white in winners else "0" if black in winners else "="
        rounds.enter_result(round_row, board.number, result, arbiter)
    return pairs


@pytest.mark.django_db
def test_the_round_page_names_the_player_who_floats_again(
    organiser: User, arbiter: User, outsider: User
) -> None:
    section = _girls(organiser, arbiter)
    # Round 1: nobody has a point; S1 {1, 2} against S2 {3, 4}; four schools, 4.4 is met.
    first = rounds.pair_next_round(section, arbiter)
    assert _play(first, {2}, arbiter) == {frozenset({1, 3}), frozenset({2, 4})}
    # Round 2: 2 (1 point) floats down to {1, 3} (half a point) and meets 1 first; of 1 and
    # 3 the highest number, 3, floats down to 4 (4.9). Nobody had floated: 4.11 is met.
    second = rounds.pair_next_round(section, arbiter)
    assert rounds.pairing_warnings_of(second) == []
    assert _play(second, {4}, arbiter) == {frozenset({1, 2}), frozenset({3, 4})}
    # Round 3: 1 met 3 and 2, 2 met 4 and 1: only 1-4 and 2-3 remain, and 2 (1.5 points,
    # floated in round 2) meets 3 (half a point): 2 floats again. Paired through the page.
    client = Client()
    client.force_login(arbiter)
    response = client.post(
        reverse("events:pair_section", args=[section.event.slug, section.key]), follow=True
    )
    third = section.rounds.get(number=3)
    assert response.redirect_chain[-1][0] == reverse(
        "events:round_detail", args=[section.event.slug, section.key, 3]
    )
    page = response.content.decode()
    assert 'id="pairing-warnings"' in page
    # 2 has 1.5 points (won round 1, drew with 1), 3 half a point (drew 1, lost to 4).
    expected = (
        "2 Murid P 2 (1.5) floats down a second time (plays 3 Murid P 3, on a lower score: 0.5)."
    )
    assert expected in page
    assert "Murid P 3 floats" not in page and "Murid P 1 floats" not in page
    assert _play(third, set(), arbiter) == {frozenset({1, 4}), frozenset({2, 3})}
    # The same warning in the audit log, on the line of the pairing.
    # The audit log stores it as data (rendered in the reader's language when shown).
    line = models.AuditLog.objects.get(event=section.event, action="round.pair", target="P12 R3")
    assert line.warnings == [
        {
            "kind": "float_again",
            "round": 3,
            "rule": "float_once",
            "player": 2,
            "player_name": "Murid P 2",
            "score": "3/2",
            "opponent": 3,
            "opponent_name": "Murid P 3",
            "opponent_score": "1/2",
        }
    ]
    audit_page = client.get(reverse("events:audit_log", args=[section.event.slug]))
    assert expected in audit_page.content.decode()
    # Still on the round page once the results are in; not shown to a visitor.
    round_url = reverse("events:round_detail", args=[section.event.slug, section.key, 3])
    assert expected in client.get(round_url).content.decode()
    visitor = Client()
    visitor.force_login(outsider)
    assert "pairing-warnings" not in visitor.get(round_url).content.decode()
    first_page = client.get(reverse("events:round_detail", args=[section.event.slug, "P12", 1]))
    assert "pairing-warnings" not in first_page.content.decode()


@pytest.mark.django_db
def test_the_pair_command_prints_the_warning(organiser: User, arbiter: User) -> None:
    section = _girls(organiser, arbiter)
    _play(rounds.pair_next_round(section, arbiter), {2}, arbiter)
    _play(rounds.pair_next_round(section, arbiter), {4}, arbiter)
    out, err = io.StringIO(), io.StringIO()
    call_command(
        "pair",
        section.event.slug,
        "--section",
        "P12",
        "--as",
        arbiter.username,
        stdout=out,
        stderr=err,
    )
    assert "P12 round 3" in out.getvalue()
    assert "warning: Round 3:" in err.getvalue()
    assert "2 Murid P 2 (1.5) floats down a second time" in err.getvalue()


@pytest.mark.django_db
def test_the_warning_is_translated_for_the_reader(organiser: User, arbiter: User) -> None:
    """The same round 3 read in Chinese, Malay and Persian: the sentence is the reader's
    language, with the players' numbers, names and scores in it."""
    section = _girls(organiser, arbiter)
    _play(rounds.pair_next_round(section, arbiter), {2}, arbiter)
    _play(rounds.pair_next_round(section, arbiter), {4}, arbiter)
    rounds.pair_next_round(section, arbiter)
    client = Client()
    client.force_login(arbiter)
    url = reverse("events:round_detail", args=[section.event.slug, section.key, 3])
    expected = {
        "zh-hans": "第二次下浮",
        "ms": "turun kali kedua",
        "fa": "برای بار دوم",
    }
    for language, words in expected.items():
        client.cookies["django_language"] = language
        page = client.get(url).content.decode()
        warning = page.split('id="pairing-warnings"', 1)[1].split("</section>", 1)[0]
        assert words in warning, language
        if language == "fa":  # Persian digits, but the names keep theirs (public.right_to_left)
            assert "۲ Murid P 2" in warning and "۳ Murid P 3" in warning and "۱٫۵" in warning
        else:
            assert "2 Murid P 2" in warning and "3 Murid P 3" in warning and "1.5" in warning
        assert "float_once" not in warning, language
        assert "floats down" not in warning, language


@pytest.mark.django_db
def test_an_audit_line_written_as_text_still_shows(organiser: User, arbiter: User) -> None:
    """Lines written before warnings were data hold English sentences: shown as they are;
    an unreadable stored value is shown as its text, never an error."""
    section = _girls(organiser, arbiter)
    first = rounds.pair_next_round(section, arbiter)
    line = models.AuditLog.objects.get(event=section.event, action="round.pair", target="P12 R1")
    line.warnings = ["Round 1: an old warning, stored as a sentence.", {"kind": "unknown"}]
    line.save()
    assert rounds.pairing_warnings_of(first) == [
        "Round 1: an old warning, stored as a sentence.",
        "{'kind': 'unknown'}",
    ]
    client = Client()
    client.force_login(arbiter)
    client.cookies["django_language"] = "en"
    page = client.get(reverse("events:round_detail", args=[section.event.slug, "P12", 1]))
    assert "Round 1: an old warning, stored as a sentence." in page.content.decode()


@pytest.mark.django_db
def test_pairing_every_section_shows_each_sections_warnings(organiser: User, arbiter: User) -> None:
    """ "Pair the next round of all sections": round 3 of the girls floats 2 again; the
    event page lists that warning, named by section."""
    section = _girls(organiser, arbiter)
    _play(rounds.pair_next_round(section, arbiter), {2}, arbiter)
    _play(rounds.pair_next_round(section, arbiter), {4}, arbiter)
    client = Client()
    client.force_login(arbiter)
    client.cookies["django_language"] = "en"
    response = client.post(
        reverse("events:pair_all", args=[section.event.slug]), {"confirm": "yes"}, follow=True
    )  # past the confirmation page
    page = response.content.decode()
    assert section.rounds.filter(number=3).exists()
    assert f"{section.name}: Round 3: no pairing lets every player float down only once" in page
    assert "2 Murid P 2 (1.5) floats down a second time" in page
