"""Events' short names (slugs) from names in any script, same-named events told apart in the
list, and each event's time zone and calendar (issue 11: slugs ``2019``, ``event``; issue 12:
every event has an IANA zone and a calendar)."""

from __future__ import annotations

import datetime
import io
from pathlib import Path

import pytest
from django.contrib.auth.models import Permission, User
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import translation

from crosstable_web.common import localisation
from crosstable_web.events import forms, models, services, slugs
from crosstable_web.events.regulations import rules

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def spec(name: str, **values: object) -> rules.EventSpec:
    return rules.EventSpec(
        name=name, sections=[rules.SectionSpec(key="A", name="A", total_rounds=5)], **values
    )


@pytest.mark.django_db
def test_chinese_and_persian_names_give_latin_slugs_with_the_year() -> None:
    # Before: slugify() dropped every non-Latin letter ("2019", "event").
    futian = services.create_event(
        spec("2019年福田区象棋赛", start_date=datetime.date(2019, 5, 1)), None
    )
    assert futian.slug == "2019-nian-fu-tian-qu-xiang-qi-sai"
    fars = services.create_event(
        spec(
            "لیگ تیمی شطرنج استان فارس",
            start_date=datetime.date(2019, 11, 7),  # 16 Aban 1398
            calendar="jalali",
        ),
        None,
    )
    assert fars.slug == "lyg-tymy-shtrnj-astan-fars-1398"
    huayuan = services.create_event(spec("花垣县象棋邀请赛"), None)
    assert huayuan.slug == "hua-yuan-xian-xiang-qi-yao-qing-sai"
    again = services.create_event(spec("花垣县象棋邀请赛"), None)
    assert again.slug == "hua-yuan-xian-xiang-qi-yao-qing-sai-2"


@pytest.mark.django_db
def test_a_long_name_is_cut_between_words_and_an_empty_one_is_event() -> None:
    slug = slugs.suggest("2019年深圳市福田区中小学生国际象棋等级赛")
    assert slug == "2019-nian-shen-zhen-shi-fu-tian-qu-zhong-xiao-xue-sheng"
    assert len(slug) <= slugs.MAX_LENGTH
    assert slugs.suggest("★★★") == "event"
    assert slugs.suggest("Language") == "language-event"


@pytest.mark.django_db
def test_check_slug_says_what_is_wrong() -> None:
    services.create_event(spec("Open"), None, slug="open")
    assert slugs.check_slug("fars-1398") is None
    assert "a-z" in (slugs.check_slug("فارس") or "")
    assert "a-z" in (slugs.check_slug("Open--Cup") or "")
    assert "open" in (slugs.check_slug("open") or "")
    assert slugs.check_slug("open", models.Event.objects.get(slug="open")) is None
    assert "language" in (slugs.check_slug("language") or "")
    with pytest.raises(services.ServiceError):
        services.create_event(spec("Other"), None, slug="open")


@pytest.mark.django_db
def test_two_events_of_the_same_name_are_told_apart_in_the_list(client: Client) -> None:
    services.create_event(
        spec(
            "Kejohanan Catur",
            start_date=datetime.date(2023, 6, 3),
            end_date=datetime.date(2023, 6, 3),
            venue="SK Bukit Garam",
        ),
        None,
    )
    services.create_event(
        spec(
            "Kejohanan Catur",
            start_date=datetime.date(2024, 6, 1),
            end_date=datetime.date(2024, 6, 2),
            venue="SK Sukau",
        ),
        None,
    )
    page = client.get("/").content.decode()
    first = page.index('id="event-kejohanan-catur-2023"')
    second = page.index('id="event-kejohanan-catur-2024"')
    row_2023 = page[first:second]
    row_2024 = page[second : page.index("</tr>", second)]
    assert "SK Bukit Garam" in row_2023 and "3 June 2023" in row_2023
    assert "SK Sukau" in row_2024 and "1 June 2024" in row_2024 and "2 June 2024" in row_2024


@pytest.mark.django_db
def test_an_event_takes_zone_calendar_dates_and_venue_from_its_regulations() -> None:
    loaded = rules.load_event_spec(EXAMPLES / "fars-team-league-1398.toml")
    event = services.create_event(loaded, None)
    assert (event.time_zone, event.calendar) == ("Asia/Tehran", "jalali")
    assert event.start_date == datetime.date(2019, 11, 7)  # 16 Aban 1398
    assert event.end_date == datetime.date(2019, 12, 20)  # 29 Azar 1398
    assert event.venue.startswith("شیراز")
    # Code that names no zone (tests, the demo) gets the server's; the forms and the command
    # ask for one.
    assert services.create_event(spec("Zone-less"), None).time_zone == "UTC"
    with pytest.raises(services.ServiceError):
        services.create_event(spec("Bad zone", time_zone="Mars/Olympus"), None)


@pytest.mark.django_db
def test_create_event_command_needs_a_time_zone_when_the_file_names_none(
    tmp_path: Path,
) -> None:
    text = (EXAMPLES / "kinabatangan-school-2024.toml").read_text(encoding="utf-8")
    no_zone = tmp_path / "no-zone.toml"
    no_zone.write_text(
        "\n".join(line for line in text.splitlines() if not line.startswith("time_zone")),
        encoding="utf-8",
    )
    out = io.StringIO()
    olga = User.objects.create_user("olga")
    olga.user_permissions.add(Permission.objects.get(codename="add_event"))
    staff = ("--as", "olga")
    with pytest.raises(CommandError, match="--time-zone"):
        call_command("create_event", str(no_zone), "--rounds", "5", *staff, stdout=out)
    with pytest.raises(CommandError, match="unknown time zone"):
        call_command("create_event", str(no_zone), "--time-zone", "Sabah", *staff, stdout=out)
    call_command(
        "create_event",
        str(no_zone),
        "--time-zone",
        "Asia/Kuala_Lumpur",
        "--slug",
        "k",
        *staff,
        stdout=out,
    )
    assert models.Event.objects.get(slug="k").time_zone == "Asia/Kuala_Lumpur"
    with pytest.raises(CommandError, match="Asia/Kuching"):
        call_command(
            "create_event",
            str(EXAMPLES / "kinabatangan-school-2024.toml"),
            "--time-zone",
            "Asia/Tokyo",
            *staff,
            stdout=out,
        )


@pytest.mark.django_db
def test_the_audit_log_shows_times_at_the_venue_in_its_calendar(client: Client) -> None:
    """The machine is in UTC; the Fars event's log shows Tehran time, Jalali dates."""
    organiser = User.objects.create_user("olga", password="pw")
    event = services.create_event(
        spec("Fars", time_zone="Asia/Tehran", calendar="jalali"), organiser
    )
    line = event.audit_log.get()
    # 15 November 2019 05:31:05 UTC = 24 Aban 1398 09:01:05 in Tehran (UTC+03:30).
    models.AuditLog.objects.filter(pk=line.pk).update(
        at=datetime.datetime(2019, 11, 15, 5, 31, 5, tzinfo=datetime.UTC)
    )
    client.force_login(organiser)
    page = client.get(f"/e/{event.slug}/audit/").content.decode()
    # the day as the reader writes it (issue 26.11: no ISO stamp), Jalali first
    assert "24 Aban 1398 (15 November 2019) 09:01:05" in page
    assert "Asia/Tehran" in page
    # …and the next page, of a zone-less event, is in UTC again (no zone leaks).
    other = services.create_event(spec("Plain"), organiser)
    models.AuditLog.objects.filter(event=other).update(
        at=datetime.datetime(2019, 11, 15, 5, 31, 5, tzinfo=datetime.UTC)
    )
    assert "15 November 2019 05:31:05" in client.get(f"/e/{other.slug}/audit/").content.decode()


@pytest.mark.parametrize(
    ("zone", "language", "words"),
    [
        ("Asia/Tehran", "fa", "وقت ایران"),
        ("Asia/Tehran", "zh-hans", "伊朗时间"),
        ("Asia/Kuala_Lumpur", "ms", "Waktu Malaysia (Kuala Lumpur)"),
        ("Asia/Shanghai", "zh-hans", "中国（上海）时间"),
        ("Asia/Shanghai", "en", "China (Shanghai) Time"),
        ("UTC", "fa", "زمان هماهنگ جهانی"),
    ],
)
def test_a_time_zone_is_named_in_the_readers_language(zone: str, language: str, words: str) -> None:
    with translation.override(language):
        assert localisation.zone_label(zone) == words


def test_the_zone_box_offers_zones_by_their_names_and_posts_the_iana_name() -> None:
    with translation.override("fa"):
        choices = forms._zone_choices()
    assert dict(choices)["Asia/Tehran"] == "وقت ایران"
    labels = [label for _, label in choices[1:]]
    assert labels == sorted(labels)  # typing a name's first letters finds it


def test_the_audit_names_a_time_zone_in_words() -> None:
    from crosstable_web.events.oversight import audit

    with translation.override("zh-hans"):
        assert audit._text("Asia/Tehran", "time_zone") == "伊朗时间"
