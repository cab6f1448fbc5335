"""A Futian organiser sets up the timetables and the grade ladder from the blank event form
(issue 29; found by the seed-from-blank driver): sections of one number of rounds play on
one timetable typed once, a section added follows the timetable of its rounds, a timetable
typed in part is saved, and the grade ladder is saved before the highest title (the two
grade forms each waited for the other)."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client

from crosstable.regulations import parse_regulations
from crosstable_web.events import models

from .test_settings_fields import form_values, part_page

pytestmark = pytest.mark.django_db
SLUG_FORM = {
    "source": "form",
    "name": "2009年深圳市福田区少儿中国象棋、国际象棋比赛",
    "game": "xiangqi",
    "language": "zh_Hans",
    "time_zone": "Asia/Shanghai",
    "calendar": "gregorian",
    "start_date": "2009-11-14",
    "end_date": "2009-11-15",
    "venue": "福田区荔园小学（南校区）",
    "section_key": "K",
    "section_name": "中国象棋幼儿组",
    "rounds": "７",
    "system": "XIANGQI_SWISS",
}
DAY_ONE, DAY_TWO = datetime.date(2009, 11, 14), datetime.date(2009, 11, 15)


@pytest.fixture
def client() -> Client:
    user = User.objects.create_user("futian", password="futian-pass")
    user.user_permissions.add(Permission.objects.get(codename="add_event"))
    client = Client(HTTP_ACCEPT_LANGUAGE="zh-hans")
    client.force_login(user)
    response = client.post("/events/new/", SLUG_FORM)
    assert response.status_code == 302
    return client


def _event() -> models.Event:
    return models.Event.objects.get()


def _save(client: Client, part: str, changes: dict[str, str]) -> str:
    """Some boxes of one form changed, the rest as the page shows them; the page after."""
    address = f"/e/{_event().slug}/settings/"
    page = part_page(client, _event().slug, part)
    values = form_values(page, f"{part}-form")
    missing = set(changes) - set(values)
    assert not missing, f"no such boxes: {missing}"
    response = client.post(address, {**values, **changes}, follow=True)
    assert response.status_code == 200
    return response.content.decode()


def _errors(page: str) -> list[str]:
    return [piece.split("</ul>", 1)[0] for piece in page.split('class="errorlist')[1:]]


def _add_section(client: Client, key: str, name: str, rounds: str) -> None:
    page = _save(
        client,
        "section-list",
        {
            "r-event~sectionsnew-key": key,
            "r-event~sectionsnew-name": name,
            "r-event~sectionsnew-rounds": rounds,
            "r-event~sectionsnew-pairing__system": "XIANGQI_SWISS",
        },
    )
    assert not _errors(page), _errors(page)


def _timetable(source: int, rows: int, day: datetime.date) -> dict[str, str]:
    """Schedule ``source``'s first ``rows`` rounds: the day, an hour each from 8:00."""
    boxes = {}
    for row in range(1, rows + 1):
        boxes[f"schedule_{source}_{row}_date"] = day.isoformat()
        boxes[f"schedule_{source}_{row}_start"] = f"{7 + row:02d}:00"
    return boxes


def test_a_section_added_plays_on_the_timetable_of_its_rounds(client: Client) -> None:
    """The youth event's sections all play the seven rounds at the same hours: the first
    section's timetable typed, a section added with seven rounds has it too (it had none:
    the organiser typed the same timetable once per section, or the section had no
    schedule), a section of five rounds does not."""
    page = _save(client, "schedule", _timetable(0, 7, DAY_ONE))
    assert not _errors(page), _errors(page)
    _add_section(client, "CA", "中国象棋儿童甲组", "7")
    _add_section(client, "J", "中国象棋少年组", "5")
    built = parse_regulations(_event().regulations_text)
    first, added, shorter = built.sections
    assert [slot.start for slot in added.schedule] == [
        datetime.time(hour, 0) for hour in range(8, 15)
    ]
    assert added.schedule == first.schedule
    assert shorter.schedule == ()
    # one timetable on the page for both, changed once for both
    page = _save(client, "schedule", {"schedule_0_7_date": DAY_TWO.isoformat()})
    assert not _errors(page), _errors(page)
    built = parse_regulations(_event().regulations_text)
    assert built.sections[0].schedule[6].date == built.sections[1].schedule[6].date == DAY_TWO


def test_sections_of_one_number_of_rounds_share_one_timetable(client: Client) -> None:
    """Sections added before any timetable is typed: the ones of five rounds are offered one
    timetable (the Futian grade event's D to G), typed once for all of them."""
    _add_section(client, "D", "D组", "5")
    _add_section(client, "E", "E组", "5")
    page = part_page(client, _event().slug, "schedule")
    assert "schedule_2_1_date" not in form_values(page, "schedule-form")  # K's, then D's and E's
    page = _save(client, "schedule", _timetable(1, 5, DAY_TWO))
    assert not _errors(page), _errors(page)
    built = parse_regulations(_event().regulations_text)
    seven, five, other_five = built.sections
    assert seven.schedule == ()
    assert five.schedule == other_five.schedule
    assert [slot.date for slot in five.schedule] == [DAY_TWO] * 5


def test_a_timetable_typed_in_part_is_saved(client: Client) -> None:
    """Five of the seven rounds' hours typed (the last two not fixed yet): saved, the two
    rounds without their day (it was refused: "lists 5 rounds but the section has 7")."""
    page = _save(client, "schedule", _timetable(0, 5, DAY_ONE))
    assert not _errors(page), _errors(page)
    section = parse_regulations(_event().regulations_text).sections[0]
    assert len(section.schedule) == 7
    assert [slot.date for slot in section.schedule] == [DAY_ONE] * 5 + [None, None]


def test_the_grade_ladder_is_saved_before_the_highest_title(client: Client) -> None:
    """The ladder's rungs are added one by one, then the highest title once its rung is
    there, then the promotion rules (the ladder was refused for the missing highest title,
    the highest title for the missing ladder)."""
    for key, name in (("3", "三级棋士"), ("4", "四级棋士")):
        page = _save(
            client,
            "grade-ladder",
            {"r-event~laddernew-key": key, "r-event~laddernew-name": name},
        )
        assert not _errors(page), _errors(page)
    page = _save(client, "grade-rules", {"r-event-grades__highest": "3"})
    assert not _errors(page), _errors(page)
    page = _save(
        client,
        "grade-promotions",
        {
            "r-event~promotionsnew-from": "4",
            "r-event~promotionsnew-rate": "50",
            "r-event~promotionsnew-min_games": "6",
            "r-event~promotionsnew-to": "3",
        },
    )
    assert not _errors(page), _errors(page)
    grades = parse_regulations(_event().regulations_text).grades
    assert grades is not None
    assert [rung.key for rung in grades.ladder] == ["3", "4"]
    assert grades.highest == "3" and len(grades.promotions) == 1
