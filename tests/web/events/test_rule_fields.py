"""The settings forms described by rules (issue 29, ``events.rule_fields``): the Fars team
league built from the blank event form and the forms alone, in Persian — no TOML typed —
meaning what ``examples/fars-team-league-1398.toml`` means for the rules these forms set;
a combination the engines cannot run refused at its field with the reason; bad input
refused at its field, the regulations unchanged."""

from __future__ import annotations

import dataclasses
import datetime
from pathlib import Path

import pytest
from django.contrib.auth.models import Permission, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from crosstable.regulations import load_regulations, parse_regulations
from crosstable.tiebreaks.descriptor import parse_descriptor
from crosstable_web.events import models

from .test_settings_fields import form_values, part_page

pytestmark = pytest.mark.django_db
EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


@pytest.fixture
def creator() -> User:
    """An organiser who is not staff, allowed to create events."""
    user = User.objects.create_user("shirin", password="shirin-pass")
    user.user_permissions.add(Permission.objects.get(codename="add_event"))
    return user


def _client(user: User, language: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def _save(client: Client, slug: str, part: str, changes: dict[str, str | list[str]]) -> str:
    """Change some boxes of one form as the page shows it, save, and return the page."""
    page = part_page(client, slug, part)
    values: dict[str, str | list[str]] = dict(form_values(page, f"{part}-form"))
    missing = {name for name in changes if f'name="{name}"' not in page}
    assert not missing, f"no such boxes: {missing}"
    response = client.post(f"/e/{slug}/settings/", {**values, **changes}, follow=True)
    assert response.status_code == 200
    return response.content.decode()


def meaning(tiebreaks: tuple[str, ...]) -> list[str]:
    """A tie-break list as the registry reads it (``MPvGP`` is ``MPVGP``)."""
    return [str(parse_descriptor(code)) for code in tiebreaks]


def _fars_blank(client: Client) -> models.Event:
    """The blank event form as the Fars board fills it: Persian digits, Jalali days, the
    team Swiss and the league's own tie-breaks, chosen from the lists (MPvGP was refused
    before: a team code)."""
    response = client.post(
        "/events/new/",
        {
            "source": "form",
            "name": "لیگ تیمی شطرنج استان فارس",
            "game": "chess",
            "language": "fa",
            "time_zone": "Asia/Tehran",
            "calendar": "jalali",
            "start_date": "۱۳۹۸-۰۸-۱۶",
            "end_date": "۱۳۹۸-۰۹-۲۹",
            "venue": "شیراز، خانه شطرنج اندیشه (هیات شطرنج استان فارس)",
            "section_key": "A",
            "section_name": "جدول آزاد (A)",
            "rounds": "۱۱",
            "system": "FIDE_TEAM",
            **{
                f"tiebreaks-{number}": code
                for number, code in enumerate(("MPVGP", "DE", "BH", "BH/C1", "BH/M1"))
            },
            "boards": "۴",
        },
    )
    assert response.status_code == 302, response.context["blank_form"].errors
    return models.Event.objects.get()


def test_the_fars_league_rules_from_the_blank_form_in_persian(creator: User) -> None:
    client = _client(creator, "fa")
    event = _fars_blank(client)
    slug = event.slug
    _save(
        client,
        slug,
        "event-rules",
        {
            "r-event-event__organiser": "هیات شطرنج استان فارس",
            "r-event-event__laws": "قوانین بازی‌های استاندارد فیده",
            "r-event-event__capacity_priority": "payment_date",
            "r-event-deadlines__registration": "۱۳۹۸/۰۸/۱۵ ۱۱:۰۰",
            "r-event-registration__by": ["team"],
            "r-event-registration__approval": "on",
        },
    )
    _save(
        client,
        slug,
        "team-rules",
        {
            "r-A-team__reserves": "۲",
            "r-A-team__min_players": "۶",
            "r-A-team__min_players_for_match": "۳",
            "r-A-team__short_team_result": "0-4",
            "r-A-team__lineup_minutes_before_round": "۳۰",
        },
    )
    _save(
        client,
        slug,
        "play-rules",
        {
            "r-A-time_control__minutes": "۹۰",
            "r-A-time_control__increment_seconds": "۳۰",
            "r-A-time_control__description": "۹۰ دقیقه + ۳۰ ثانیه",
            "r-A-scoring__win": "۱",
            "r-A-scoring__draw": "۱/۲",
            "r-A-scoring__loss": "۰",
            "r-A-late_forfeit_minutes": "۳۰",
            "r-A-capacity": "۶۱",
        },
    )
    # the boards' boxes follow the team's 4 boards and 2 reserves: shown once those are saved
    _save(
        client,
        slug,
        "ranking-rules",
        {
            "r-A-team_ranking__method": "match_points",
            **{f"r-A-board_ranking__min_games-{b}": "۷" for b in range(1, 5)},
            **{f"r-A-board_ranking__min_games-{b}": "۶" for b in (5, 6)},
            **{
                f"r-A-board_ranking__criteria-{n}": word
                for n, word in enumerate(
                    ("percentage", "games", "direct_encounter", "team_place", "wins")
                )
            },
        },
    )
    # the team ranking's own boxes come with it
    _save(
        client,
        slug,
        "ranking-rules",
        {
            f"r-A-team_ranking__tiebreaks-{n}": code
            for n, code in enumerate(("MPVGP", "DE", "BH", "BH/C1", "BH/M1"))
        },
    )
    event.refresh_from_db()
    built = parse_regulations(event.regulations_text)
    seed = load_regulations(EXAMPLES / "fars-team-league-1398.toml")
    ours, theirs = built.sections[0], seed.sections[0]
    # what the blank form and these forms set means what the example file means
    assert ours.team == theirs.team
    assert ours.time_control == theirs.time_control
    assert ours.scoring == theirs.scoring
    assert meaning(ours.tiebreaks) == meaning(theirs.tiebreaks)
    assert ours.team_ranking is not None and theirs.team_ranking is not None
    assert dataclasses.replace(ours.team_ranking, tiebreaks=()) == dataclasses.replace(
        theirs.team_ranking, tiebreaks=()
    )
    assert meaning(ours.team_ranking.tiebreaks) == meaning(theirs.team_ranking.tiebreaks)
    assert ours.board_ranking == theirs.board_ranking
    assert (ours.late_forfeit_minutes, ours.capacity) == (30, 61)
    assert (ours.late_forfeit_minutes, ours.capacity) == (
        theirs.late_forfeit_minutes,
        theirs.capacity,
    )
    assert ours.pairing.system == theirs.pairing.system
    assert (built.organiser, built.laws, built.capacity_priority) == (
        seed.organiser,
        seed.laws,
        seed.capacity_priority,
    )
    assert built.deadlines == seed.deadlines
    # 15 Aban 1398, 11:00 = 6 November 2019 (the file keeps it in its own calendar)
    assert built.deadlines.registration == datetime.datetime(2019, 11, 6, 11, 0)
    assert built.registration == seed.registration
    # the page shows back what was saved, in Persian
    page = part_page(client, slug, "event-rules")
    shown = form_values(page, "event-rules-form")
    assert shown["r-event-deadlines__registration"] == "۱۳۹۸-۰۸-۱۵ ۱۱:۰۰"


def test_a_rule_the_system_cannot_run_is_refused_at_its_field(creator: User) -> None:
    """A team Swiss section asked for Baku acceleration and the Dutch 'float once': each
    refused at its box, saying which system applies it; the regulations unchanged."""
    client = _client(creator, "fa")
    event = _fars_blank(client)
    before = event.regulations_text
    page = _save(
        client,
        event.slug,
        "pairing-rules",
        {"r-A-pairing__acceleration": "baku", "r-A-pairing__local_rules": ["float_once"]},
    )
    event.refresh_from_db()
    assert event.regulations_text == before
    assert "شتاب‌دهی باکو را اجرا نمی‌کند (سیستم هلندی اجرا می‌کند)" in page
    assert "این قاعدهٔ محلی را اجرا نمی‌کند" in page


@pytest.mark.parametrize(
    "box,typed,said",
    [
        ("r-A-scoring__win", "یک", "امتیاز نیست"),
        ("r-A-time_control__minutes", "-۵", ""),
        ("r-A-capacity", "۰", ""),
    ],
)
def test_bad_input_stands_at_its_field_and_changes_nothing(
    creator: User, box: str, typed: str, said: str
) -> None:
    client = _client(creator, "fa")
    event = _fars_blank(client)
    before = event.regulations_text
    page = _save(client, event.slug, "play-rules", {box: typed})
    event.refresh_from_db()
    assert event.regulations_text == before
    assert said in page
    # the error list stands right before the box that was refused
    box_at = page.index(f'name="{box}"')
    assert page.rfind('class="errorlist"', 0, box_at) > page.rfind('class="rule"', 0, box_at)


def test_a_sections_row_shows_what_it_inherits(creator: User) -> None:
    """A section whose pairing system comes from ``[section_defaults]`` shows it in its row
    of the section list (it showed "not stated": saving the row as shown would have made
    it look unset); saving the list unchanged changes nothing."""
    client = _client(creator, "ms")
    upload = (EXAMPLES / "kinabatangan-school-2024.toml").read_bytes()
    client.post(
        "/events/new/",
        {
            "source": "upload",
            "regulations": SimpleUploadedFile("k.toml", upload),
            "rounds": "7",
            "slug": "kk",
        },
    )
    page = part_page(client, "kk", "section-list")
    shown = form_values(page, "section-list-form")
    assert shown["r-event~sections0-pairing__system"] == "FIDE_DUTCH_2026"
    assert shown["r-event~sections1-pairing__system"] == "FIDE_DUTCH_2026"
    before = models.Event.objects.get(slug="kk").regulations_text
    _save(client, "kk", "section-list", {})
    assert models.Event.objects.get(slug="kk").regulations_text == before


def test_a_key_of_one_name_belongs_to_no_box() -> None:
    """The loader's or the service's refusal keyed by one name (``sections``: a section
    with players cannot go) is the form's, not a box's — it looped for ever, the page hung."""
    from crosstable_web.events.settings.rule_fields import event_parts as rule_event_parts
    from crosstable_web.events.settings.rule_fields import form as rules_form

    text = (EXAMPLES / "kinabatangan-school-2024.toml").read_text("utf-8")
    form = rules_form.RulesForm(
        None, part=rule_event_parts.SECTIONS, text=text, regulations=parse_regulations(text)
    )
    assert form.field_of_key("sections") is None
    assert form.field_of_key("sections[1].rounds") == "r-event~sections1-rounds"


def test_a_section_added_in_the_section_list(creator: User) -> None:
    """The empty row of the section list makes a new section with every value typed in it
    (each value made a row of its own before: the new section had its code but no name and
    no pairing system, refused — found by the seed-from-blank driver)."""
    client = _client(creator, "ms")
    client.post(
        "/events/new/",
        {
            "source": "upload",
            "regulations": SimpleUploadedFile(
                "k.toml", (EXAMPLES / "kinabatangan-school-2024.toml").read_bytes()
            ),
            "rounds": "7",
            "slug": "kk",
        },
    )
    page = _save(
        client,
        "kk",
        "section-list",
        {
            "r-event~sectionsnew-key": "L15",
            "r-event~sectionsnew-name": "Lelaki bawah 15 tahun",
            "r-event~sectionsnew-pairing__system": "FIDE_DUTCH_2026",
        },
    )
    built = parse_regulations(models.Event.objects.get(slug="kk").regulations_text)
    assert [section.key for section in built.sections] == ["L12", "P12", "L15"], page[-3000:]
    added = built.sections[2]
    assert (added.name, added.pairing.system) == ("Lelaki bawah 15 tahun", "FIDE_DUTCH_2026")


def test_the_files_mpvgp_is_the_lists_mpvgp(creator: User) -> None:
    """The Fars file writes ``MPvGP`` (C.07's spelling), the list offers the registry's
    ``MPVGP``: the page shows the file's tie-break chosen in the list, once (not a second
    option of the file's spelling that the blank form's event never offers), the form sent
    as shown changes nothing, and a code sent in another case is read as the list's."""
    from .test_settings_fields import create

    event = create(creator, "fars-team-league-1398.toml", "fars")
    client = _client(creator, "fa")
    page = part_page(client, "fars", "ranking-rules")
    box = page.split('name="r-A-team_ranking__tiebreaks-0"', 1)[1].split("</select>", 1)[0]
    assert '<option value="MPVGP" selected>' in box
    assert 'value="MPvGP"' not in box
    before = event.regulations_text
    _save(client, "fars", "ranking-rules", {})
    event.refresh_from_db()
    assert event.regulations_text == before  # MPvGP left as the file spells it
    after = _save(client, "fars", "ranking-rules", {"r-A-team_ranking__tiebreaks-4": "bh/c2"})
    assert "errorlist" not in after
    event.refresh_from_db()
    tiebreaks = parse_regulations(event.regulations_text).sections[0].team_ranking
    assert tiebreaks is not None
    # a list changed is written as the list spells it
    assert list(tiebreaks.tiebreaks) == ["MPVGP", "DE", "BH", "BH/C1", "BH/C2"]


def test_a_team_section_added_in_the_section_list_chooses_team_tie_breaks_by_name(
    creator: User,
) -> None:
    """Fars, in Persian: table B added in the Sections form with the team Swiss is a team
    section at once — its boards asked for (refused without them, at the box, in Persian),
    FIDE's match points 2, 1, 0 written — and the Tie-breaks part offers it the team
    tie-breaks by their words (before, its lists offered only the individual ones, and
    MPvGP could be set only as a typed code on the event part)."""
    client = _client(creator, "fa")
    slug = _fars_blank(client).slug
    new_b = {
        "r-event~sectionsnew-key": "B",
        "r-event~sectionsnew-name": "جدول زیر ۱۴ سال (B)",
        "r-event~sectionsnew-rounds": "۹",
        "r-event~sectionsnew-pairing__system": "FIDE_TEAM",
    }
    before = models.Event.objects.get(slug=slug).regulations_text
    refused = _save(client, slug, "section-list", new_b)
    assert "سیستم چیدمان تیمی به تعداد میزها نیاز دارد." in refused
    assert models.Event.objects.get(slug=slug).regulations_text == before
    _save(client, slug, "section-list", {**new_b, "r-event~sectionsnew-team__boards": "۴"})
    added = parse_regulations(models.Event.objects.get(slug=slug).regulations_text).sections[1]
    assert added.key == "B" and added.team is not None and added.team.boards == 4
    assert added.team.match_points is not None
    points = added.team.match_points
    assert (points.win, points.draw, points.loss) == (2, 1, 0)

    page = part_page(client, slug, "ranking-rules")
    box = page.split('name="r-B-tiebreaks-0"', 1)[1].split("</select>", 1)[0]
    # the team tie-breaks by their Persian words, no code shown
    assert '<option value="MPVGP">' in box, box[:2000]
    option = box.split('<option value="MPVGP">', 1)[1].split("</option>", 1)[0]
    assert "MPVGP" not in option and option.strip()
    _save(
        client,
        slug,
        "ranking-rules",
        {"r-B-tiebreaks-0": "MPVGP", "r-B-tiebreaks-1": "DE", "r-B-tiebreaks-2": "BH"},
    )
    added = parse_regulations(models.Event.objects.get(slug=slug).regulations_text).sections[1]
    assert meaning(added.tiebreaks) == ["MPVGP", "DE", "BH"]
