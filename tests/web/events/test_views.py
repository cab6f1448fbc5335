"""The pages: anyone may look, only the event's organisers and arbiters may change anything;
results typed as "board result" and Enter."""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models, rounds

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "kinabatangan-school-2024.toml"


def _client(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_pages_render_for_everyone(paired: models.Round) -> None:
    client = _client(None)
    base = f"/e/{paired.section.event.slug}"
    for url in (
        "/",
        f"{base}/",
        f"{base}/s/open/",
        f"{base}/s/open/r/1/",
        f"{base}/s/open/standings/",
        f"{base}/s/open/trf/",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
    page = client.get("/").content.decode()
    assert 'dir="ltr"' in page
    assert "Test Open 2026" in page


def test_right_to_left_language(paired: models.Round) -> None:
    client = _client(None)
    client.cookies["django_language"] = "fa"
    assert 'dir="rtl"' in client.get("/").content.decode()


def test_keyboard_result_entry(paired: models.Round, arbiter: User) -> None:
    client = _client(arbiter)
    url = f"/e/{paired.section.event.slug}/s/open/r/1/result/"
    response = client.post(url, {"entry": "2 ="}, follow=True)
    assert response.status_code == 200
    board_two = paired.boards.select_related("white", "black").get(number=2)
    # The confirmation names the players, so a mistyped board number shows at once.
    assert (
        f"Board 2: ½-½ · {board_two.white.name} – {board_two.black.name}"
        in response.content.decode()
    )
    assert '<td class="result">½-½</td>' in response.content.decode()  # the round's table
    assert paired.boards.get(number=2).white_result == "="
    response = client.post(url, {"entry": "9 1"}, follow=True)
    assert "has no board 9" in response.content.decode()
    response = client.post(url, {"entry": "1 f 2 0"}, follow=True)
    assert "fouls 2–0" in response.content.decode()
    assert paired.boards.get(number=1).white_fouls == 2
    assert models.AuditLog.objects.filter(action="result.fouls").exists()
    response = client.post(url, {"entry": "nonsense"}, follow=True)
    assert "Type the board number" in response.content.decode()


def test_results_typed_in_full_width_or_persian_digits(paired: models.Round, arbiter: User) -> None:
    """A Chinese input method left in full-width mode, a Persian keyboard: the same results."""
    client = _client(arbiter)
    url = f"/e/{paired.section.event.slug}/s/open/r/1/result/"
    for typed, board, white in (
        ("１　１", 1, "1"),
        ("２　＝", 2, "="),
        ("۱ ۰", 1, "0"),
        ("٢ ١", 2, "1"),
    ):
        # each typed on a board without a result (replacing one asks first)
        rounds.enter_result(paired, board, "*", arbiter)
        response = client.post(url, {"entry": typed}, follow=True)
        assert f"Board {board}:" in response.content.decode(), typed
        assert paired.boards.get(number=board).white_result == white, typed
    rounds.enter_result(paired, 2, "*", arbiter)
    client.post(url, {"entry": "２ ½"})
    assert paired.boards.get(number=2).white_result == "="


@pytest.mark.parametrize("who", ["anonymous", "outsider", "organiser"])
def test_nobody_else_can_enter_results(
    paired: models.Round, who: str, organiser: User, outsider: User
) -> None:
    user = {"anonymous": None, "outsider": outsider, "organiser": organiser}[who]
    client = _client(user)
    slug = paired.section.event.slug
    client.post(f"/e/{slug}/s/open/r/1/result/", {"entry": "1 1"})
    client.post(f"/e/{slug}/s/open/r/1/unpair/")
    assert paired.boards.get(number=1).white_result == "*"
    assert models.Round.objects.filter(pk=paired.pk).exists()


def test_outsider_cannot_see_fees_or_add_entries(event: models.Event, outsider: User) -> None:
    client = _client(outsider)
    assert client.get(f"/e/{event.slug}/fees/").status_code == 403
    assert client.get(f"/e/{event.slug}/audit/").status_code == 403
    client.post(f"/e/{event.slug}/s/open/", {"section": "open", "name": "Intruder"})
    assert not models.Entry.objects.filter(name="Intruder").exists()


def test_organiser_creates_event_from_regulations_file(db: None) -> None:
    from django.contrib.auth.models import Permission

    staff = User.objects.create_user("staff")
    staff.user_permissions.add(Permission.objects.get(codename="add_event"))
    client = _client(staff)
    with EXAMPLE.open("rb") as upload:
        response = client.post(
            "/events/new/", {"source": "upload", "regulations": upload, "rounds": 5}, follow=True
        )
    assert response.status_code == 200
    event = models.Event.objects.get()
    assert event.sections.count() == 2
    assert models.EventRole.objects.filter(
        event=event, user=staff, role=models.Role.ORGANISER
    ).exists()


def test_each_label_of_the_new_event_page_names_a_box_of_its_own_form(db: None) -> None:
    """Three forms on one page ask for rounds, a time zone, a short name: a label's ``for``
    must name a box of its own form (the blank form's "Rounds" labelled the template form's
    box when the three shared ``id_rounds``)."""
    from django.contrib.auth.models import Permission

    creator = User.objects.create_user("creator")
    creator.user_permissions.add(Permission.objects.get(codename="add_event"))
    page = _client(creator).get("/events/new/").content.decode()
    ids = re.findall(r'\sid="([^"]+)"', page)
    assert sorted({i for i in ids if ids.count(i) > 1}) == []
    for form in re.findall(
        r'<form method="post" id="(?:template|upload|blank)-form".*?</form>', page, re.S
    ):
        targets = re.findall(r'<label for="([^"]+)"', form)
        assert targets
        for target in targets:
            assert f'id="{target}"' in form, target


def test_entry_form_and_csv_report(event: models.Event, organiser: User) -> None:
    client = _client(organiser)
    response = client.post(
        f"/e/{event.slug}/s/girls/",
        {
            "section": "girls",
            "name": "Siti",
            "sex": "M",
            "birth_date": "2015-01-01",
        },
        follow=True,
    )
    assert "one sex" in response.content.decode()
    csv_file = "section,name,sex,birth_date\ngirls,Aina,F,2015-01-01\ngirls,Aina,F,2015-01-01\n"
    from django.core.files.uploadedfile import SimpleUploadedFile

    response = client.post(
        f"/e/{event.slug}/import/", {"file": SimpleUploadedFile("e.csv", csv_file.encode())}
    )
    page = response.content.decode()
    assert "nothing was saved" in page
    assert "already entered" in page
    assert not models.Entry.objects.exists()


def test_organiser_corrects_a_name(
    event: models.Event, organiser: User, make_players: Callable[..., list[models.Entry]]
) -> None:
    entry = make_players(event.sections.get(key="open"), 1, organiser)[0]
    client = _client(organiser)
    url = f"/e/{event.slug}/entry/{entry.pk}/"
    assert client.get(url).status_code == 200
    client.post(
        url,
        {
            "action": "edit",
            "section": "open",
            "name": "Player One",
            "sex": "F",
            "birth_date": "2015-01-01",
            "rating": "1990",
        },
    )
    entry.refresh_from_db()
    assert entry.name == "Player One"
    log = models.AuditLog.objects.get(action="entry.update")
    assert (log.old["name"], log.new["name"]) == ("Player 01", "Player One")


def test_the_stylesheet_is_found() -> None:
    from django.contrib.staticfiles import finders

    assert finders.find("crosstable_web/site.css")


def test_language_switch_names_each_language_in_its_own_script(
    event: models.Event, organiser: User
) -> None:
    client = _client(organiser)
    client.cookies["django_language"] = "fa"
    text = client.get(f"/e/{event.slug}/").content.decode()
    assert 'lang="fa"' in text
    # Django's own catalogue would write English as "انگلیسی" on a Persian page.
    for name in (">English<", ">简体中文<", ">Bahasa Melayu<", ">فارسی<"):
        assert name in text
    assert "انگلیسی" not in text


def test_a_captain_finds_their_teams_from_every_page(
    event: models.Event, organiser: User, outsider: User
) -> None:
    from crosstable_web.teams.models import Team

    assert 'id="nav-my-teams"' not in _client(outsider).get("/").content.decode()
    Team.objects.create(
        section=event.sections.get(key="open"), number=1, name="Rooks", captain=outsider
    )
    for url in ("/", f"/e/{event.slug}/"):
        text = _client(outsider).get(url).content.decode()
        assert 'id="nav-my-teams"' in text and 'href="/captain/teams/"' in text, url
    assert 'id="nav-my-teams"' not in _client(organiser).get("/").content.decode()


def test_fees_by_section_has_column_headings(
    event: models.Event, organiser: User, make_players: Callable[..., list[models.Entry]]
) -> None:
    make_players(event.sections.get(key="open"), 2, organiser)
    text = _client(organiser).get(f"/e/{event.slug}/fees/").content.decode()
    table = text[text.index('id="fees-by-section"') :]
    table = table[: table.index("</table>")]
    assert re.findall(r"<th(?: [^>]*)?>([^<]*)</th>", table) == [
        "Section",
        "Entries",
        "Due",
        "Paid",
        "Outstanding",
    ]
    assert ">2<" in table  # the open section's two entries


def test_persian_organiser_types_a_jalali_birth_date(event: models.Event, organiser: User) -> None:
    """The browser's date picker is Gregorian only: in Persian the entry form takes the
    date as on an Iranian birth certificate. 1 Farvardin 1393 is Nowruz, 21 March 2014."""
    client = _client(organiser)
    client.cookies["django_language"] = "fa"
    form_page = client.get(f"/e/{event.slug}/s/girls/").content.decode()
    assert re.search(
        r'<input type="text" name="birth_date"[^>]*placeholder="۱۳۹۳/۰۱/۰۱"', form_page
    )
    client.post(
        f"/e/{event.slug}/s/girls/",
        {
            "section": "girls",
            "name": "Sara",
            "sex": "F",
            "birth_date": "۱۳۹۳/۰۱/۰۱",
        },
    )
    entry = models.Entry.objects.get(name="Sara")
    assert entry.birth_date == datetime.date(2014, 3, 21)
    detail = client.get(f"/e/{event.slug}/entry/{entry.pk}/").content.decode()
    assert 'value="۱۳۹۳/۰۱/۰۱"' in detail  # shown back in Jalali, Persian digits
    # A date that is no Jalali date is refused, naming the field, and nothing is saved.
    response = client.post(
        f"/e/{event.slug}/s/girls/",
        {
            "section": "girls",
            "name": "Nika",
            "sex": "F",
            "birth_date": "۱۳۹۳/۱۳/۰۱",
        },
    )
    assert response.status_code == 200 and not models.Entry.objects.filter(name="Nika")
    page = response.content.decode()
    assert 'value="Nika"' in page  # what was typed stays in the form
    assert page.index('class="errorlist') < page.index('name="birth_date"')
    # In English the browser's own date picker.
    client.cookies["django_language"] = "en"
    assert (
        'type="date" name="birth_date"' in client.get(f"/e/{event.slug}/s/girls/").content.decode()
    )


def test_entry_page_forms_start_from_what_the_arbiter_means(
    paired: models.Round, arbiter: User
) -> None:
    """The bye form starts on no choice (neither a bye nor "Cancel the bye": issue 21), and
    saving it untouched records nothing; a withdrawn player's withdrawal form shows the
    round they withdrew after (saving it changes nothing)."""
    entry = paired.section.entries.get(pairing_number=1)
    client = _client(arbiter)
    url = f"/e/{paired.section.event.slug}/entry/{entry.pk}/"
    page = client.get(url).content.decode()
    assert re.search(r'<option value="" selected>—</option>', page)
    assert not re.search(r'<option value="[HFZ]" selected>', page)
    client.post(url, {"action": "bye", "round_number": "2", "result": ""})
    assert not models.RequestedBye.objects.filter(entry=entry).exists()
    assert not models.AuditLog.objects.filter(action="entry.bye").exists()
    client.post(url, {"action": "bye", "round_number": "2", "result": "H"})
    assert models.RequestedBye.objects.get(entry=entry).result == "H"
    client.post(url, {"action": "bye", "round_number": "2", "result": "cancel"})
    assert not models.RequestedBye.objects.filter(entry=entry).exists()
    assert re.search(r'name="round_number" value="2"', page)
    assert re.search(r'name="after_round" value="1"', page)  # one round paired
    for board in paired.boards.all():
        rounds.enter_result(paired, board.number, "1", arbiter)
    rounds.withdraw(entry, 1, arbiter)  # left after round 1 …
    rounds.pair_next_round(paired.section, arbiter)  # … and round 2 is paired without them
    page = client.get(url).content.decode()
    assert re.search(r'name="after_round" value="1"', page)  # not 2, the rounds paired
