"""Event settings in the web (issue 12.3): an event from a template, a file or a form; its
settings edited through the regulations loader, each error at its field in the reader's
language; the regulations downloaded (upload → download → upload: the same event); changes of
played rounds refused unless confirmed, and audited."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from django.contrib.auth.models import Permission, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from crosstable_web.events import models, services
from crosstable_web.events.settings import event_settings, pages

from .test_settings_fields import form_values

pytestmark = pytest.mark.django_db
EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


@pytest.fixture
def creator() -> User:
    """An organiser who is not staff, allowed to create events by the site administrator."""
    user = User.objects.create_user("mei", password="mei-pass")
    user.user_permissions.add(Permission.objects.get(codename="add_event"))
    return user


def signed_in(user: User, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def test_an_event_from_a_template(creator: User) -> None:
    client = signed_in(creator)
    page = client.get("/events/new/").content.decode()
    for stem in ("fars-team-league-1398", "futian-chess-grade-2019", "kinabatangan-school-2024"):
        assert f'value="{stem}"' in page
    response = client.post(
        "/events/new/", {"source": "template", "template": "fars-team-league-1398", "rounds": 7}
    )
    event = models.Event.objects.get()
    assert response["Location"] == f"/e/{event.slug}/settings/"
    assert event.slug == "lyg-tymy-shtrnj-astan-fars-1398"
    assert (event.time_zone, event.calendar) == ("Asia/Tehran", "jalali")
    assert sorted(event.sections.values_list("key", "total_rounds")) == [("A", 11), ("B", 9)]
    assert models.EventRole.objects.filter(event=event, user=creator, role="organiser").exists()
    assert event.regulations_text == (EXAMPLES / "fars-team-league-1398.toml").read_text()


def _comparable(event: models.Event) -> dict[str, object]:
    fields = ("name", "game", "time_zone", "calendar", "start_date", "end_date", "venue")
    sections = [
        {
            name: getattr(section, name)
            for name in (
                "key",
                "name",
                "position",
                "total_rounds",
                "system_code",
                "scoring",
                "tiebreaks",
                "forfeits_to_withdraw",
                "entry_fee",
                "max_entries",
                "settings",
            )
        }
        for section in event.sections.order_by("position")
    ]
    return {**{name: getattr(event, name) for name in fields}, "sections": sections}


@pytest.mark.parametrize(
    "example", ["kinabatangan-school-2024.toml", "huayuan-xiangqi-invitational-2019.toml"]
)
def test_upload_download_upload_gives_the_same_event(creator: User, example: str) -> None:
    client = signed_in(creator)
    text = (EXAMPLES / example).read_bytes()
    client.post(
        "/events/new/",
        {"source": "upload", "regulations": SimpleUploadedFile(example, text), "rounds": 5},
    )
    first = models.Event.objects.get()
    # an edit on the settings page, so the download is not the uploaded bytes
    form = client.get(f"/e/{first.slug}/settings/").context["form"]
    data = {**form.initial, "action": "settings", "venue": "Dewan Besar"}
    data = {key: ("" if value is None else value) for key, value in data.items()}
    client.post(f"/e/{first.slug}/settings/", data)
    first.refresh_from_db()
    assert first.venue == "Dewan Besar"
    downloaded = client.get(f"/e/{first.slug}/regulations.toml")
    assert downloaded["Content-Disposition"] == f'attachment; filename="{first.slug}.toml"'
    assert b"Dewan Besar" in downloaded.content
    client.post(
        "/events/new/",
        {
            "source": "upload",
            "regulations": SimpleUploadedFile("again.toml", downloaded.content),
            "rounds": 5,
            "slug": "again",
        },
    )
    second = models.Event.objects.get(slug="again")
    assert _comparable(second) == _comparable(first)
    # the organiser's comments survive the form's edit
    assert b"# " in downloaded.content and downloaded.content.count(b"\n#") > 5


def test_an_event_from_the_form_in_the_jalali_calendar(creator: User) -> None:
    client = signed_in(creator)
    values = {
        "source": "form",
        "name": "مسابقات شطرنج شیراز",
        "game": "chess",
        "language": "fa",
        "time_zone": "Asia/Tehran",
        "calendar": "jalali",
        "start_date": "۱۳۹۸-۰۸-۲۴",  # Persian digits, Jalali: 15 November 2019
        "end_date": "1398-08-25",
        "venue": "شیراز",
        "section_key": "A",
        "section_name": "آزاد",
        "rounds": 7,
        "system": "FIDE_DUTCH_2026",
        # the tie-breaks chosen from lists by their words, in order (issue 29)
        "tiebreaks-0": "BH/C1",
        "tiebreaks-1": "BH",
        "tiebreaks-2": "SB",
    }
    # a team tie-break for a section of players: refused at its box, nothing made
    response = client.post("/events/new/", {**values, "tiebreaks-1": "MPVGP"})
    assert response.status_code == 200
    assert response.context["blank_form"].errors["tiebreaks-1"] == [
        "MPVGP is not a tie-break of this kind of section."
    ]
    response = client.post("/events/new/", {**values, "tiebreaks-0": "XYZ"})
    assert "tiebreaks-0" in response.context["blank_form"].errors
    response = client.post("/events/new/", {**values, "end_date": "1398-08-20"})
    assert "before the first day" in str(response.context["blank_form"].errors["end_date"])
    response = client.post("/events/new/", {**values, "time_zone": ""})
    assert "time_zone" in response.context["blank_form"].errors
    assert not models.Event.objects.exists()
    client.post("/events/new/", values)
    event = models.Event.objects.get()
    assert (event.time_zone, event.calendar) == ("Asia/Tehran", "jalali")
    assert event.start_date == datetime.date(2019, 11, 15)
    assert event.end_date == datetime.date(2019, 11, 16)
    section = event.sections.get()
    assert (section.key, section.total_rounds, section.tiebreaks) == (
        "A",
        7,
        ["BH/C1", "BH", "SB"],
    )
    assert 'start_date = "1398-08-24"' in event.regulations_text


def test_errors_stand_at_their_field_in_the_readers_language(creator: User) -> None:
    event = services.create_event(
        event_settings_spec("kinabatangan-school-2024.toml"), creator, slug="kcs"
    )
    client = signed_in(creator, "fa")
    saved = event.regulations_text
    form = client.get("/e/kcs/settings/").context["form"]
    data = {key: ("" if value is None else value) for key, value in form.initial.items()}
    response = client.post("/e/kcs/settings/", {**data, "action": "settings", "slug": "Bad Slug"})
    errors = response.context["form"].errors
    assert list(errors) == ["slug"]
    # a tie-break is chosen from its list (no typed code): one the list lacks, sent by a
    # hand-made post, is refused at its box in Persian
    page = client.get(pages.address("kcs", "ranking")).content.decode()
    values = form_values(page, "ranking-rules-form")
    response = client.post("/e/kcs/settings/", {**values, "r-L12-tiebreaks-0": "XYZ"})
    form = dict(response.context["shown_forms"])["ranking-rules"]
    assert form.errors["r-L12-tiebreaks-0"][0].startswith("یک گزینهٔ معتبر انتخاب کنید")
    event.refresh_from_db()
    assert (event.slug, event.regulations_text) == ("kcs", saved)


def event_settings_spec(example: str) -> object:
    from crosstable_web.events.regulations import rules

    return rules.load_event_spec(EXAMPLES / example, rounds=5)


def test_settings_form_and_toml_editor_change_the_event(creator: User) -> None:
    services.create_event(event_settings_spec("kinabatangan-school-2024.toml"), creator, slug="kcs")
    client = signed_in(creator)
    form = client.get("/e/kcs/settings/").context["form"]
    data = {key: ("" if value is None else value) for key, value in form.initial.items()}
    client.post(
        "/e/kcs/settings/",
        {
            **data,
            "action": "settings",
            "name": "Kejohanan Catur Kinabatangan 2025",
            "slug": "kck-2025",
            "time_zone": "Asia/Kuala_Lumpur",
            "start_date": "2025-03-01",
        },
    )
    page = client.get("/e/kck-2025/settings/").content.decode()
    rounds = form_values(page, "section-list-form")
    client.post("/e/kck-2025/settings/", {**rounds, "r-event~sections0-rounds": "6"})
    event = models.Event.objects.get(slug="kck-2025")
    assert event.name == "Kejohanan Catur Kinabatangan 2025"
    assert event.time_zone == "Asia/Kuala_Lumpur"
    assert event.start_date == datetime.date(2025, 3, 1)
    assert event.sections.get(key="L12").total_rounds == 6
    assert "# " in event.regulations_text  # comments kept
    line = next(line for line in event.audit_log.filter(action="event.settings") if line.old)
    assert line.old["slug"] == "kcs" and line.new["slug"] == "kck-2025"
    # the editor: a TOML error is shown, nothing changes
    response = client.post(
        "/e/kck-2025/settings/", {"action": "regulations", "text": "[event\nname = 1"}
    )
    assert "not valid TOML" in response.content.decode()
    # the editor: a new section with a fee and an age limit
    text = event.regulations_text + (
        '\n[[sections]]\nkey = "L15"\nname = "Lelaki bawah 15"\nrounds = 5\n'
        'eligibility = { sex = ["M"] }\n'
    )
    client.post("/e/kck-2025/settings/", {"action": "regulations", "text": text})
    assert models.Event.objects.get(slug="kck-2025").sections.filter(key="L15").exists()


def test_changes_to_played_rounds_need_a_confirmation_that_is_audited(
    creator: User, simple_pairing: object
) -> None:
    from crosstable_web.events import rounds

    event = services.create_event(
        event_settings_spec("kinabatangan-school-2024.toml"), creator, slug="kcs"
    )
    section = event.sections.get(key="L12")
    for index in range(4):
        services.add_entry(
            section,
            services.EntryData(
                name=f"Murid {index}", sex="M", birth_date=datetime.date(2014, 1, 1)
            ),
            creator,
        )
    services.assign_pairing_numbers(section, "cli")
    rounds.pair_next_round(section, "cli")
    client = signed_in(creator)
    page = client.get(pages.address("kcs", "ranking")).content.decode()
    changed = {
        **form_values(page, "ranking-rules-form"),
        "r-L12-tiebreaks-0": "BH",
        "r-L12-tiebreaks-1": "SB",
    }
    response = client.post("/e/kcs/settings/", changed)
    assert response.status_code == 200
    assert "alter rounds already played" in response.content.decode()
    section.refresh_from_db()
    assert section.tiebreaks == ["OTHER_LJF"]
    # removing a section with players is refused too
    text = event_settings.current_text(event)
    l12 = text.rindex("[[sections]]", 0, text.index('key = "L12"'))
    cut = text[:l12] + text[text.index("[[sections]]", l12 + 1) :]
    response = client.post("/e/kcs/settings/", {"action": "regulations", "text": cut})
    assert "cannot be removed" in response.content.decode()
    client.post("/e/kcs/settings/", {**changed, "confirm_played": "on"})
    section.refresh_from_db()
    assert section.tiebreaks == ["BH", "SB"]
    line = event.audit_log.get(action="event.settings")
    assert any("OTHER_LJF → BH SB" in change for change in line.new["confirmed_played_rounds"])


def test_changing_the_calendar_rewrites_the_dates() -> None:
    text = (EXAMPLES / "fars-team-league-1398.toml").read_text(encoding="utf-8")
    regulations = event_settings.read(text)
    edit = event_settings.EventEdit(
        name=regulations.name,
        time_zone="Asia/Tehran",
        calendar="gregorian",
        start_date=regulations.start_date,
        end_date=regulations.end_date,
        venue=regulations.venue,
    )
    gregorian = event_settings.edited_text(text, edit)
    assert 'start_date = "2019-11-07"' in gregorian
    assert '"2019-11-15"' in gregorian  # table A round 1, 24 Aban 1398
    assert 'registration = "2019-11-06 11:00"' in gregorian
    again = event_settings.read(gregorian)
    assert again.sections == regulations.sections
    assert again.deadlines == regulations.deadlines


def test_only_organisers_see_the_settings(creator: User, outsider: User) -> None:
    services.create_event(event_settings_spec("kinabatangan-school-2024.toml"), creator, slug="k")
    assert signed_in(outsider).get("/e/k/settings/").status_code == 403
    assert Client().get("/e/k/settings/").status_code == 302
    assert signed_in(outsider).post("/events/new/", {"source": "form"}).status_code == 403


def test_malay_event_days_read_day_first_as_the_schedule_does(creator: User) -> None:
    """Issue 26.13: on a Malay page the schedule's day boxes read ``8/12/2026`` day first
    (8 December) but the event's first and last day refused it. One reading for every date
    box of the page's language: 8/12/2026 and 9/12/2026 are 8 and 9 December 2026, in the new
    event form and in the settings form."""
    client = signed_in(creator, "ms")
    values = {
        "source": "form",
        "name": "Kejohanan Catur Kinabatangan",
        "game": "chess",
        "language": "ms",
        "time_zone": "Asia/Kuching",
        "calendar": "gregorian",
        "start_date": "8/12/2026",
        "end_date": "9/12/2026",
        "venue": "SK Bukit Garam",
        "section_key": "L12",
        "section_name": "Lelaki bawah 12 tahun",
        "rounds": 5,
        "system": "FIDE_DUTCH_2026",
        "tiebreaks-0": "BH/C1",
        "tiebreaks-1": "BH",
        "tiebreaks-2": "SB",
    }
    response = client.post("/events/new/", values)
    assert response.status_code == 302, response.context["blank_form"].errors
    event = models.Event.objects.get()
    assert (event.start_date, event.end_date) == (
        datetime.date(2026, 12, 8),
        datetime.date(2026, 12, 9),
    )
    form = client.get(f"/e/{event.slug}/settings/").context["form"]
    data = {key: ("" if value is None else value) for key, value in form.initial.items()}
    client.post(
        f"/e/{event.slug}/settings/",
        {**data, "action": "settings", "start_date": "7/12/2026", "end_date": "10/12/2026"},
    )
    event.refresh_from_db()
    assert (event.start_date, event.end_date) == (
        datetime.date(2026, 12, 7),
        datetime.date(2026, 12, 10),
    )


def test_the_blank_forms_tiebreaks_are_chosen_by_their_words(creator: User) -> None:
    """Issue 29: no tie-break typed as a code — the blank form's boxes are lists, each
    tie-break by its words in the reader's language; the team ones offered too."""
    page = signed_in(creator, "zh-hans").get("/events/new/").content.decode()
    assert 'name="tiebreaks"' not in page
    first = page[page.index('name="tiebreaks-0"') :]
    first = first[: first.index("</select>")]
    assert '<option value="BH/C1">' in first and '<option value="MPVGP">' in first
    assert "布赫霍尔茨分" in first  # Buchholz, by its Chinese name
    assert 'name="tiebreaks-5"' in page


def test_fees_and_prizes_lead_to_the_text_for_experts(creator: User) -> None:
    """Issue 29: the fees and prizes forms say where their conditions are set (the rows
    below, no longer "the TOML editor") and offer the text to experts."""
    services.create_event(event_settings_spec("fars-team-league-1398.toml"), creator, slug="fl")
    client = signed_in(creator, "ms")
    for form in ("fees",):
        page = client.get(f"/e/fl/settings/{form}/").content.decode()
        link = page[page.index(f'id="{form}-as-text"') - 90 :]
        assert 'href="/e/fl/settings/file/#regulations-form"' in link[:200]
        assert "Sunting sebagai TOML (untuk pakar)" in link[:200]
        if form == "fees":
            assert "syaratnya: di bawah “Diskaun dan syaratnya” di bawah" in page
    page = client.get("/e/fl/settings/file/").content.decode()
    assert page.count('id="regulations-form"') == 1


def test_the_china_time_zone_is_offered_once(creator: User) -> None:
    """Issue 26.12: the new-event form offered 中国（上海）时间 for Asia/Shanghai and for its
    aliases Asia/Chongqing and Asia/Harbin (the CLDR names them all so). Offered once; an
    event that already has an alias keeps it on its settings page."""
    client = signed_in(creator, "zh-hans")
    choices = client.get("/events/new/").context["blank_form"].fields["time_zone"].choices
    china = [value for value, label in choices if label == "中国（上海）时间"]
    assert china == ["Asia/Shanghai"]
    # a zone an event already has (an alias its regulations name) stays choosable
    from crosstable_web.events.forms import _zone_choices

    assert "Asia/Chongqing" not in dict(choices)
    assert "Asia/Chongqing" in dict(_zone_choices("Asia/Chongqing"))


def test_each_part_of_the_settings_is_a_page_of_its_own(creator: User) -> None:
    """Issue 29: a page per part (the Fars league's one page was 916 KB): each part's page
    shows its own forms and no other's, the navigation names every part (the current one
    marked), a form sent to another part's address is saved by its own form and leads back
    to its own page, and an unknown part is not found."""
    services.create_event(event_settings_spec("fars-team-league-1398.toml"), creator, slug="fl")
    client = signed_in(creator, "fa")
    every_form = {action for page in pages.PAGES for action in page.actions}
    for page in pages.PAGES:
        body = client.get(pages.address("fl", page.name)).content.decode()
        shown = {action for action in every_form if f'id="{action}-form"' in body}
        assert shown == set(page.actions), page.name
        assert body.count('data-part="') >= len(pages.PAGES)
        assert f'data-part="{page.name}" aria-current="page"' in body
        # the ranking part is the largest: 351 KB since a team section's tie-break lists
        # offer the team tie-breaks too (each box the whole list), 271 KB before
        assert len(body) < 400_000, (page.name, len(body))
    # the fees form sent to the settings' first address: saved, back on the fees page
    body = client.get("/e/fl/settings/fees/").content.decode()
    values = {**form_values(body, "fees-form"), "fees_amount": "۹۰۰٬۰۰۰"}
    response = client.post("/e/fl/settings/", values)
    assert response.status_code == 302
    assert response["Location"] == "/e/fl/settings/fees/#fees-form"
    assert "amount = 900000" in models.Event.objects.get(slug="fl").regulations_text
    assert client.get("/e/fl/settings/nothing/").status_code == 404
