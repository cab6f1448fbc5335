"""The settings page's schedule, eligibility, fees and prizes fields (issue 12.3): values
typed as readers type them (Chinese 2009/11/15, Malay day first, Persian digits and Jalali
days), written into the regulations file where it keeps them, read by the same loader; the
loader's errors at their field; nothing typed lost on an error; upload → edit → download →
upload gives the same event; round starts follow the edited schedule."""

from __future__ import annotations

import datetime
from decimal import Decimal
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from crosstable.regulations import parse_regulations
from crosstable_web.events import models, rounds, services
from crosstable_web.events.regulations import event_time, rules
from crosstable_web.events.settings import pages

pytestmark = pytest.mark.django_db
EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


class _FormValues(HTMLParser):
    """The values a browser would send for one form of a page, as the page shows them."""

    def __init__(self, form_id: str) -> None:
        super().__init__()
        self.form_id = form_id
        self.inside = False
        self.values: dict[str, str] = {}
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = {key: value or "" for key, value in attrs}
        if tag == "form":
            self.inside = named.get("id") == self.form_id
        if not self.inside:
            return
        name = named.get("name", "")
        if tag == "input" and name:
            if named.get("type") == "checkbox":
                if "checked" in named:
                    self.values[name] = "on"
            else:
                self.values[name] = named.get("value", "")
        elif tag == "select":
            self._select = name
            self.values.setdefault(name, "")
        elif tag == "option" and self._select and "selected" in named:
            self.values[self._select] = named.get("value", "")
        elif tag == "textarea":
            self._textarea = name
            self.values[name] = ""

    def handle_data(self, data: str) -> None:
        if self._textarea:
            self.values[self._textarea] += (
                data.lstrip("\n") if not self.values[self._textarea] else data
            )

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def form_values(page: str, form_id: str) -> dict[str, str]:
    parser = _FormValues(form_id)
    parser.feed(page)
    return parser.values


def create(organiser: User, example: str, slug: str, rounds_: int = 5) -> models.Event:
    return services.create_event(
        rules.load_event_spec(EXAMPLES / example, rounds=rounds_), organiser, slug=slug
    )


def signed_in(user: User, language: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def part_page(client: Client, slug: str, action: str) -> str:
    """The settings page that shows the form of ``action`` (``settings.pages``)."""
    shown = pages.page_of(action)
    assert shown is not None, action
    response = client.get(pages.address(slug, shown.name))
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def post_part(client: Client, slug: str, part: str, changes: dict[str, str]) -> tuple[int, str]:
    """Change some boxes of one form as a reader would (everything else as shown) and
    save on the form's own page; the status and the page after it."""
    page = part_page(client, slug, part)
    values = form_values(page, f"{part}-form")
    missing = set(changes) - set(values)
    assert not missing, f"no such boxes: {missing}"
    shown = pages.page_of(part)
    assert shown is not None
    response = client.post(pages.address(slug, shown.name), {**values, **changes}, follow=True)
    return response.status_code, response.content.decode()


# --- Chinese ---------------------------------------------------------------------------------


def test_a_schedule_day_typed_in_chinese_moves_every_section_following_it(
    organiser: User,
) -> None:
    """Futian youth: one schedule in [section_defaults] for its eight sections."""
    event = create(organiser, "futian-youth-xiangqi-chess-2009.toml", "futian")
    client = signed_in(organiser, "zh-hans")
    page = part_page(client, "futian", "schedule")
    values = form_values(page, "schedule-form")
    # the day as Chinese readers write it, the defaults' one schedule shown once
    assert values["schedule_0_2_date"] == "2009/11/14"
    assert "schedule_1_1_date" not in values
    status, page = post_part(
        client,
        "futian",
        "schedule",
        {
            "schedule_0_6_date": "2009年11月15日",
            "schedule_0_6_start": "０８：００",
            "schedule_0_6_end": "8:25",
        },
    )
    assert status == 200
    assert "设置已保存。" in page  # not "nothing changed": only the file holds a schedule
    event.refresh_from_db()
    assert '{ round = 6, date = 2009-11-15, start = "08:00", end = "08:25" }' in (
        event.regulations_text
    )
    assert "赛程安排" in event.regulations_text  # the organiser's comment stays
    # 15 November 2009 08:00 in Shenzhen (UTC+8) is 00:00 UTC, for every section
    for section in event.sections.all():
        assert event_time.scheduled_start(section, 6) == datetime.datetime(
            2009, 11, 15, 0, 0, tzinfo=datetime.UTC
        )
    assert form_values(page, "schedule-form")["schedule_0_6_date"] == "2009/11/15"


def test_a_fee_typed_in_chinese(organiser: User) -> None:
    event = create(organiser, "huayuan-xiangqi-invitational-2019.toml", "huayuan")
    client = signed_in(organiser, "zh-hans")
    status, page = post_part(client, "huayuan", "fees", {"fees_amount": "１,２００"})
    assert status == 200
    event.refresh_from_db()
    regulations = parse_regulations(event.regulations_text)
    assert regulations.fees is not None
    assert (regulations.fees.per, regulations.fees.amount) == ("team", Decimal(1200))
    assert "amount = 1200" in event.regulations_text
    assert form_values(page, "fees-form")["fees_amount"] == "1200"


# --- Malay -----------------------------------------------------------------------------------


def test_fee_eligibility_and_a_first_schedule_in_malay(organiser: User) -> None:
    """Kinabatangan: RM 5.00 a player, no schedule yet, boys' and girls' sections."""
    event = create(organiser, "kinabatangan-school-2024.toml", "kcs")
    client = signed_in(organiser, "ms")
    post_part(client, "kcs", "fees", {"fees_amount": "6.50"})
    event.refresh_from_db()
    assert 'amount = "6.50"' in event.regulations_text  # written as the file writes amounts
    assert event.sections.get(key="L12").entry_fee == Decimal("6.50")
    # day first in Malay: 1/9/2012 is 1 September 2012
    post_part(client, "kcs", "eligibility", {"elig_L12_born_on_or_after": "1/9/2012"})
    event.refresh_from_db()
    section = event.sections.get(key="L12")
    assert section.settings["born_on_or_after"] == "2012-09-01"
    assert section.settings["sex"] == "m"
    assert event.sections.get(key="P12").settings.get("born_on_or_after") is None
    post_part(
        client, "kcs", "schedule", {"schedule_0_1_date": "2/3/2024", "schedule_0_1_start": "8.30"}
    )
    event.refresh_from_db()
    section = event.sections.get(key="L12")
    # 2 March 2024 08:30 in Sabah (UTC+8): 00:30 UTC; P12 has its own (still empty) schedule
    assert event_time.scheduled_start(section, 1) == datetime.datetime(
        2024, 3, 2, 0, 30, tzinfo=datetime.UTC
    )
    assert event_time.scheduled_start(event.sections.get(key="P12"), 1) is None


# --- Persian ---------------------------------------------------------------------------------


def test_jalali_days_fees_and_discounts_in_persian(organiser: User) -> None:
    """Fars: named Jalali schedules, a fee per team in toman, discounts with conditions."""
    event = create(organiser, "fars-team-league-1398.toml", "fars")
    client = signed_in(organiser, "fa")
    page = part_page(client, "fars", "schedule")
    values = form_values(page, "schedule-form")
    assert values["schedule_0_1_date"] == "۱۳۹۸/۰۸/۲۴"
    assert values["schedule_0_1_start"] == "۰۹:۳۰"
    entry = part_page(client, "fars", "eligibility")
    assert form_values(entry, "eligibility-form")["elig_B_born_on_or_after"] == "۱۳۸۴/۰۹/۲۸"
    post_part(
        client,
        "fars",
        "schedule",
        {"schedule_0_2_date": "۱۳۹۸/۰۸/۲۵", "schedule_0_2_start": "۱۰:۰۰"},
    )
    event.refresh_from_db()
    assert '{ round = 2, date = "1398-08-25", start = "10:00" }' in event.regulations_text
    section = event.sections.get(key="A")
    # 25 Aban 1398 is Saturday 16 November 2019; 10:00 in Tehran (UTC+3:30) is 06:30 UTC
    assert event_time.scheduled_start(section, 2) == datetime.datetime(
        2019, 11, 16, 6, 30, tzinfo=datetime.UTC
    )
    _status, page = post_part(
        client,
        "fars",
        "fees",
        {
            "fees_amount": "۸۰۰٬۰۰۰",
            "discount_3_percent": "۵۰",
            "discount_new_name": "دانشجویان",
            "discount_new_percent": "۱۰",
        },
    )
    event.refresh_from_db()
    fees = parse_regulations(event.regulations_text).fees
    assert fees is not None
    assert fees.amount == 800000
    women = fees.discounts[3]
    assert (women.key, women.percent, women.members_where[0].value) == ("women", 50, "F")
    assert (fees.discounts[-1].name, fees.discounts[-1].percent) == ("دانشجویان", 10)
    shown = form_values(page, "fees-form")
    assert (shown["fees_amount"], shown["discount_3_percent"]) == ("۸۰۰۰۰۰", "۵۰")


# --- errors ----------------------------------------------------------------------------------


def test_a_loader_error_stands_at_its_field_and_nothing_typed_is_lost(organiser: User) -> None:
    """An age limit without the day ages are counted on: the loader refuses
    ``sections[0].eligibility.age.on``; the error stands at that box, the event keeps its
    regulations, every box shows what was typed."""
    event = create(organiser, "kinabatangan-school-2024.toml", "kcs")
    before = event.regulations_text
    client = signed_in(organiser, "zh-hans")
    response = client.post(
        "/e/kcs/settings/",
        {
            **form_values(part_page(client, "kcs", "eligibility"), "eligibility-form"),
            "elig_L12_age_below": "12",
            "elig_L12_rating_at_least": "1000",
        },
    )
    form = response.context["eligibility_form"]
    assert list(form.errors) == ["elig_L12_age_on"]
    message = form.errors["elig_L12_age_on"][0]
    assert "missing" not in message and "组" in message  # the loader's problem in Chinese
    event.refresh_from_db()
    assert event.regulations_text == before
    shown = form_values(response.content.decode(), "eligibility-form")
    assert (shown["elig_L12_age_below"], shown["elig_L12_rating_at_least"]) == ("12", "1000")


def test_a_time_refused_in_the_readers_words_at_its_box(organiser: User) -> None:
    event = create(organiser, "fars-team-league-1398.toml", "fars")
    before = event.regulations_text
    client = signed_in(organiser, "fa")
    page = part_page(client, "fars", "schedule")
    response = client.post(
        "/e/fars/settings/",
        {
            **form_values(page, "schedule-form"),
            "schedule_1_3_start": "۲۵:۰۰",
            "schedule_0_2_date": "۱۳۹۸/۰۸/۲۵",
        },
    )
    form = response.context["schedule_form"]
    assert list(form.errors) == ["schedule_1_3_start"]
    message = form.errors["schedule_1_3_start"][0]
    assert "۲۵:۰۰" in message and "time of day" not in message
    event.refresh_from_db()
    assert event.regulations_text == before
    shown = form_values(response.content.decode(), "schedule-form")
    assert shown["schedule_0_2_date"] == "۱۳۹۸/۰۸/۲۵"


def test_a_prize_place_gap_stands_at_its_row(organiser: User) -> None:
    create(organiser, "huayuan-xiangqi-invitational-2019.toml", "huayuan")
    client = signed_in(organiser, "en")
    page = part_page(client, "huayuan", "prize-places")
    values = form_values(page, "prize-places-form")
    box = "r-main~prizes0~places1-place"
    response = client.post("/e/huayuan/settings/", {**values, box: "3"})
    form = dict(response.context["shown_forms"])["prize-places"]
    assert list(form.errors) == [box], form.errors


# --- round trip and round starts ------------------------------------------------------------


def _comparable(event: models.Event) -> dict[str, object]:
    fields = ("name", "game", "time_zone", "calendar", "start_date", "end_date", "venue")
    sections = [
        {
            name: getattr(section, name)
            for name in (
                "key",
                "name",
                "total_rounds",
                "system_code",
                "scoring",
                "tiebreaks",
                "entry_fee",
                "max_entries",
                "settings",
            )
        }
        for section in event.sections.order_by("position")
    ]
    return {**{name: getattr(event, name) for name in fields}, "sections": sections}


def test_upload_edit_the_fields_download_upload_gives_the_same_event(
    organiser: User, settings: object
) -> None:
    from django.contrib.auth.models import Permission

    organiser.user_permissions.add(Permission.objects.get(codename="add_event"))
    client = signed_in(organiser, "zh-hans")
    example = EXAMPLES / "huayuan-xiangqi-invitational-2019.toml"
    client.post(
        "/events/new/",
        {
            "source": "upload",
            "regulations": SimpleUploadedFile("h.toml", example.read_bytes()),
            "rounds": 5,
            "slug": "first",
        },
    )
    post_part(client, "first", "schedule", {"schedule_0_11_start": "11:00"})
    post_part(client, "first", "fees", {"fees_amount": "700"})
    post_part(
        client,
        "first",
        "prize-places",
        {
            "r-main~prizes0~places0-amount": "6,500",
            "r-main~prizes0~placesnew-place": "7",
            "r-main~prizes0~placesnew-amount": "300",
        },
    )
    post_part(client, "first", "eligibility", {"elig_main_born_on_or_before": "2000/12/31"})
    first = models.Event.objects.get(slug="first")
    regulations = parse_regulations(first.regulations_text)
    main = regulations.section("main")
    assert main.schedule[10].start == datetime.time(11, 0)
    assert main.prizes[0].places[0].amount == 6500
    assert main.eligibility.born_on_or_before == datetime.date(2000, 12, 31)
    downloaded = client.get("/e/first/regulations.toml").content
    client.post(
        "/events/new/",
        {
            "source": "upload",
            "regulations": SimpleUploadedFile("again.toml", downloaded),
            "rounds": 5,
            "slug": "again",
        },
    )
    second = models.Event.objects.get(slug="again")
    assert _comparable(second) == _comparable(first)
    again = parse_regulations(second.regulations_text)
    assert again.sections == regulations.sections and again.fees == regulations.fees


def test_round_starts_follow_the_edited_schedule(
    organiser: User, arbiter: User, simple_pairing: object
) -> None:
    """Futian grade: a paired round moves only with the confirmation (audited), and its
    start follows; an unpaired round is paired at its new start."""
    event = create(organiser, "futian-chess-grade-2019.toml", "grade")
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    section = event.sections.order_by("position").first()
    assert section is not None
    for index in range(4):
        models.Entry.objects.create(section=section, name=f"P{index}", pairing_number=index + 1)
    first = rounds.pair_next_round(section, arbiter)
    assert first.starts_at == datetime.datetime(2019, 12, 22, 0, 0, tzinfo=datetime.UTC)
    client = signed_in(organiser, "en")
    page = part_page(client, "grade", "schedule")
    values = form_values(page, "schedule-form")
    moved = {**values, "schedule_0_1_start": "08:30", "schedule_0_2_start": "10:15"}
    response = client.post("/e/grade/settings/", moved)
    assert "round 1" in " ".join(response.context["confirm"])
    first.refresh_from_db()
    assert first.starts_at == datetime.datetime(2019, 12, 22, 0, 0, tzinfo=datetime.UTC)
    client.post("/e/grade/settings/", {**moved, "confirm_played": "on"})
    first.refresh_from_db()
    # 08:30 in Shenzhen (UTC+8)
    assert first.starts_at == datetime.datetime(2019, 12, 22, 0, 30, tzinfo=datetime.UTC)
    line = event.audit_log.filter(action="event.settings").latest("pk")
    assert "round 1" in str(line.new)
    for board in (1, 2):
        rounds.record_result(first, board, "1", arbiter)
    second = rounds.pair_next_round(section, arbiter)
    assert second.starts_at == datetime.datetime(2019, 12, 22, 2, 15, tzinfo=datetime.UTC)


def test_a_section_given_its_own_value_for_an_inherited_one(organiser: User) -> None:
    """Values of [section_defaults]: Kinabatangan's one prize table (1st place, a trophy)
    and Fars' membership rule. A second place for the boys' section gives L12 its own
    prizes (P12 keeps the defaults'); no membership rule for table B writes the rule into
    table A and takes it out of the defaults."""
    event = create(organiser, "kinabatangan-school-2024.toml", "kcs")
    client = signed_in(organiser, "ms")
    post_part(
        client,
        "kcs",
        "prize-places",
        {"r-L12~prizes0~placesnew-place": "2", "r-L12~prizes0~placesnew-items": "pingat\nsijil"},
    )
    event.refresh_from_db()
    regulations = parse_regulations(event.regulations_text)
    boys, girls = regulations.section("L12").prizes[0], regulations.section("P12").prizes[0]
    assert [(p.first, p.last, p.items) for p in boys.places] == [
        (1, 1, ("johan",)),
        (2, 2, ("pingat", "sijil")),
    ]
    assert [(p.first, p.items) for p in girls.places] == [(1, ("johan",))]

    fars = create(organiser, "fars-team-league-1398.toml", "fars")
    client = signed_in(organiser, "fa")
    page = part_page(client, "fars", "eligibility")
    values = form_values(page, "eligibility-form")
    assert values["elig_B_member_id_required"] == "on"
    del values["elig_B_member_id_required"]
    client.post("/e/fars/settings/", values)
    fars.refresh_from_db()
    regulations = parse_regulations(fars.regulations_text)
    assert regulations.section("A").eligibility.member_id_required
    assert not regulations.section("B").eligibility.member_id_required
    assert "[section_defaults.eligibility]" not in fars.regulations_text


def test_fewer_or_more_rounds_cut_or_lengthen_the_sections_own_schedule(
    organiser: User,
) -> None:
    """Huayuan's 11 rounds, scheduled in the section itself: 9 rounds keep rounds 1-9's
    times; 10 rounds add an empty row 10 for the schedule's fields to fill."""
    event = create(organiser, "huayuan-xiangqi-invitational-2019.toml", "huayuan")
    client = signed_in(organiser, "zh-hans")
    post_part(client, "huayuan", "section-list", {"r-event~sections0-rounds": "9"})
    event.refresh_from_db()
    main = parse_regulations(event.regulations_text).section("main")
    assert (main.rounds, len(main.schedule)) == (9, 9)
    assert (main.schedule[8].date, main.schedule[8].start) == (
        datetime.date(2019, 1, 2),
        datetime.time(16, 0),
    )
    post_part(client, "huayuan", "section-list", {"r-event~sections0-rounds": "10"})
    event.refresh_from_db()
    main = parse_regulations(event.regulations_text).section("main")
    assert (len(main.schedule), main.schedule[9].date, main.schedule[9].start) == (10, None, None)
    page = part_page(client, "huayuan", "schedule")
    assert form_values(page, "schedule-form")["schedule_0_10_date"] == ""
    post_part(
        client,
        "huayuan",
        "schedule",
        {"schedule_0_10_date": "2019/1/3", "schedule_0_10_start": "10:30"},
    )
    event.refresh_from_db()
    main = parse_regulations(event.regulations_text).section("main")
    assert (main.schedule[9].date, main.schedule[9].start) == (
        datetime.date(2019, 1, 3),
        datetime.time(10, 30),
    )
    assert event.sections.get(key="main").total_rounds == 10


@pytest.mark.parametrize(
    ("example", "language"),
    [
        ("futian-chess-grade-2019.toml", "zh-hans"),
        ("kinabatangan-school-2024.toml", "ms"),
        ("fars-team-league-1398.toml", "fa"),
        ("futian-youth-xiangqi-chess-2009.toml", "fa"),  # a Gregorian event read in Persian
    ],
)
def test_the_four_forms_in_the_readers_language(
    organiser: User, example: str, language: str
) -> None:
    """No English, no code and (in Persian) no Gregorian day in the forms of every settings
    page but the event's common form and the TOML editor (tests/web/language_check)."""
    from ..language_check import foreign_text, proper_nouns_of_the_database

    create(organiser, example, "event")
    client = signed_in(organiser, language)
    for page in pages.PAGES:
        if page.name == pages.FILE:
            continue
        body = client.get(pages.address("event", page.name)).content.decode()
        start = '<h2 id="section-list">' if page.name == pages.FIRST else "<h2 id="
        forms = body[body.index(start) : body.index("</main>")]
        found = foreign_text(forms, language, proper_nouns_of_the_database())
        assert found == [], (page.name, found)
