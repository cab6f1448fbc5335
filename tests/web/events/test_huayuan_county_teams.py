"""Huayuan's county teams (seed 003; issue 11: "a per-team fee shows due 0 and unpaid −600 for
every county; no limit of 6 per team (a 7th player was accepted); the team ranking (sum of
places) has no printout").

The regulation (Chinese original, 003):
- 四(二) "每队参赛棋手6人（含领队1人）" — six players a team (a county), the leader among them;
- 七(二) "运动员参赛服务费100元/人", 七(四) "每队（6人，含一名领队）600元" — 100 yuan a player,
  600 a team of six;
- 五(五) "按同队6人的个人名次相加计算，少者列前；若积分相等，则比较个人最好名次" — the team's
  score is the sum of its six players' places, lower first; equal sums: the best place.

Worked by hand: six players of 花垣 owe 6 × 100 = 600; their leader pays 600 for the county:
due 600, paid 600, outstanding 0. A seventh 花垣 player is refused. The team
ranking printout's sums are the six places of each county read off the printed standings.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.test import Client

from crosstable_web.events import models, rounds, services
from crosstable_web.events.entries import entries_import
from crosstable_web.events.oversight import audit
from crosstable_web.events.regulations import rules

EXAMPLE = (
    Path(__file__).resolve().parents[3] / "examples" / "huayuan-xiangqi-invitational-2019.toml"
)
COUNTIES = ("花垣", "吉首", "保靖")


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _event(organiser: User, arbiter: User) -> models.Event:
    event = services.create_event(rules.load_event_spec(EXAMPLE), organiser)
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    return event


@pytest.mark.django_db
def test_six_a_county_and_the_team_fee_shared_by_its_six(organiser: User, arbiter: User) -> None:
    event = _event(organiser, arbiter)
    section = event.sections.get()
    client = Client()
    client.force_login(organiser)
    page = f"/e/{event.slug}/s/{section.key}/"
    for index in range(7):
        response = client.post(
            page,
            {
                "section": section.key,
                "name": f"花垣棋手{index + 1}",
                "sex": "M",
                "rating": "0",
                "unit": "花垣",
                "native_unit": "花垣",
            },
            follow=True,
        )
    assert section.entries.filter(unit="花垣").count() == 6
    refusal = _text(response.content.decode())
    assert "花垣 already has 6 players in this section." in refusal
    assert not section.entries.filter(name="花垣棋手7").exists()
    assert [str(e.fee_due) for e in section.entries.all()] == ["100.00"] * 6

    leader = section.entries.get(name="花垣棋手1")
    services.record_payment(leader, leader.fee_due * 6, organiser)
    # 吉首's list comes as a spreadsheet with what each player paid (100 each, one not yet):
    # accepted, as each player owes a share (no team page records a county's payment).
    rows = entries_import.read_entries_file(
        "section,name,sex,unit,native_unit,fee_paid\n"
        "main,吉首甲,M,吉首,吉首,100\nmain,吉首乙,M,吉首,吉首,0\n".encode(),
        "jishou.csv",
    )
    report = entries_import.import_entries(event, rows, organiser)
    assert report.is_clean, report
    fees = _text(client.get(f"/e/{event.slug}/fees/?lang=en").content.decode())
    # amounts as money is written (grouped, no needless decimals)
    assert re.search(r"花垣 6 600 600 0 ", fees), fees[:2000]
    assert re.search(r"吉首 2 200 100 100 ", fees), fees[:2000]


def _three_rounds(organiser: User, arbiter: User) -> tuple[models.Event, models.Section]:
    """18 players of three counties, three rounds played."""
    event = _event(organiser, arbiter)
    section = event.sections.get()
    for index in range(18):
        county = COUNTIES[index % 3]
        services.add_entry(
            section,
            services.EntryData(
                name=f"{county}{index:02d}",
                sex="M",
                unit=county,
                native_unit=county,
                rating=1800 - 10 * index,
            ),
            organiser,
        )
    services.assign_pairing_numbers(section, arbiter, "lot")
    for number in (1, 2, 3):
        round_row = rounds.pair_next_round(section, arbiter)
        for board in round_row.boards.order_by("number"):
            # Red wins on odd boards, draws on even ones; Black wins the last board.
            last = board.number == round_row.boards.count()
            result = "0" if last else "1" if board.number % 2 else "="
            rounds.enter_result(round_row, board.number, result, arbiter)
        assert round_row.number == number
    return event, section


@pytest.mark.django_db
def test_team_ranking_printout_sums_the_six_places(organiser: User, arbiter: User) -> None:
    event, section = _three_rounds(organiser, arbiter)
    client = Client()
    base = f"/print/{event.slug}/{section.key}"
    standings = client.get(f"{base}/standings/?lang=en").content.decode()
    places: dict[str, list[int]] = defaultdict(list)
    for place, unit in re.findall(
        # the name's cell is class="person" (never broken inside a word, issue 26.8)
        r'<tr><td class="num">(\d+)[^<]*</td><td class="num">\d+</td>'
        r'<td class="person">[^<]*</td>'
        r'<td class="small">([^<]*)</td>',
        standings,
    ):
        places[unit].append(int(place))
    assert sorted(len(found) for found in places.values()) == [6, 6, 6]
    # The regulation's rule applied by hand to the printed places: sum, then the best place.
    expected = sorted(places, key=lambda unit: (sum(places[unit]), min(places[unit])))

    printout = client.get(f"{base}/team-ranking/?lang=zh-hans")
    assert printout.status_code == 200
    rows = re.findall(
        r'<tr id="unit-\d+"><td class="num">(\d+)</td><td class="team-name">([^<]*)</td>'
        r'<td class="num"><b>(\d+)</b></td><td class="num">(\d+)</td>',
        printout.content.decode(),
    )
    assert [unit for _rank, unit, _total, _best in rows] == expected
    for _rank, unit, total, best in rows:
        assert int(total) == sum(places[unit]) and int(best) == min(places[unit])
    assert "团体排名" in printout.content.decode()  # "Team standings", in Chinese
    pdf = client.get(f"{base}/team-ranking/?format=pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")

    back_office = Client()
    back_office.force_login(arbiter)
    section_page = back_office.get(f"/e/{event.slug}/s/{section.key}/").content.decode()
    assert f"{base}/team-ranking/" in section_page


@pytest.mark.django_db
def test_the_prize_list_names_the_individual_prizes_after_the_counties(
    organiser: User, arbiter: User
) -> None:
    """六: the counties' prizes (top 6) and the individuals' (top 20) are two tables; each has
    its heading, 单位（名次之和） and 个人. Before, the individual table had none and, printed
    after the counties', its twenty players read as more counties."""
    event, section = _three_rounds(organiser, arbiter)
    client = Client()
    client.force_login(arbiter)
    for address, counties, individuals in (
        (f"/print/{event.slug}/{section.key}/prizes/?lang=zh-hans", "单位（名次之和）", "个人"),
        (f"/e/{event.slug}/s/{section.key}/standings/", "Units (sum of places)", "Individual"),
    ):
        page = client.get(address).content.decode()
        headings = re.findall(r"<h[23][^>]*>([^<]*)</h[23]>", page)
        assert headings[-2:] == [counties, individuals], headings


@pytest.mark.django_db
def test_the_registration_deadline_reads_as_the_regulation_writes_it(
    organiser: User, arbiter: User
) -> None:
    """七(三) "即日起至12月20日止": entries are taken through 20 December. The event page said
    "Registration closes 21 December 00:00" (the midnight after the day, as it is kept),
    which reads as a day more than the regulation; it now names the 20th, to its end."""
    event = _event(organiser, arbiter)
    client = Client()
    client.force_login(organiser)
    facts = _text(client.get(f"/e/{event.slug}/").content.decode())
    deadline = re.search(r"Registration [^·<]*?2018", facts)
    assert deadline is not None, facts[:1500]
    # Open: "until the end of 20 December"; once past (it is 2018): "closed on … 20 December"
    # (issue 26.2 says open or closed the same way everywhere).
    assert "until the end of" in deadline.group() or "closed on" in deadline.group()
    assert "20" in deadline.group()
    assert "21" not in deadline.group() and "00:00" not in deadline.group()


def _saved_before_shares(organiser: User, arbiter: User) -> tuple[models.Event, models.Section]:
    """Six 花垣 entries owing 0, as saved before the county's share was computed (every
    Huayuan entry of an older database); their leader has paid the county's 600."""
    event = _event(organiser, arbiter)
    section = event.sections.get()
    for index in range(6):
        services.add_entry(
            section,
            services.EntryData(name=f"花垣{index}", sex="M", unit="花垣", native_unit="花垣"),
            organiser,
        )
    section.entries.update(fee_due=0)
    services.record_payment(section.entries.get(name="花垣0"), Decimal(600), organiser)
    return event, section


@pytest.mark.django_db
def test_reading_the_fee_pages_writes_nothing(organiser: User, arbiter: User) -> None:
    """The fee page and the entry page read the fees; they gave the missing shares on every
    visit (a GET that locked rows and wrote audit lines). They now show what is stored."""
    event, section = _saved_before_shares(organiser, arbiter)
    leader = section.entries.get(name="花垣0")
    lines = models.AuditLog.objects.filter(event=event).count()
    client = Client()
    client.force_login(organiser)
    entry_page = _text(client.get(f"/e/{event.slug}/entry/{leader.pk}/?lang=en").content.decode())
    assert "Due: ¥0" in entry_page, entry_page[:2000]
    client.get(f"/e/{event.slug}/fees/?lang=en")
    assert models.AuditLog.objects.filter(event=event).count() == lines
    assert set(section.entries.values_list("fee_due", flat=True)) == {Decimal(0)}


@pytest.mark.django_db
def test_entries_saved_owing_nothing_get_their_share(organiser: User, arbiter: User) -> None:
    """Entries saved before the county's share was computed owe 0: migration events.0012 gives
    each its 100 (七(二)), logged once by "system" and linked to the entry; an entry corrected
    on its page owes its fee as computed again. Before, they kept owing 0 and a county's 600
    paid read as 600 too much."""
    event, section = _saved_before_shares(organiser, arbiter)
    leader = section.entries.get(name="花垣0")
    migration = importlib.import_module("crosstable_web.events.migrations.0012_audit_links")
    migration._complete_unit_shares(apps, None)
    migration._complete_unit_shares(apps, None)  # once: a second run finds nothing owing 0

    client = Client()
    client.force_login(organiser)
    entry_page = _text(client.get(f"/e/{event.slug}/entry/{leader.pk}/?lang=en").content.decode())
    assert "Due: ¥100" in entry_page, entry_page[:2000]
    fees = _text(client.get(f"/e/{event.slug}/fees/?lang=en").content.decode())
    assert re.search(r"花垣 6 600 600 0 ", fees), fees[:2000]
    computed = models.AuditLog.objects.filter(event=event, action="entry.fee")
    assert computed.count() == 6 and {line.new["fee_due"] for line in computed} == {"100.00"}
    assert models.AuditLog.objects.filter(entry_links__entry=leader, action="entry.fee").exists()
    assert audit.verify(event).intact

    other = section.entries.get(name="花垣5")
    models.Entry.objects.filter(pk=other.pk).update(fee_due=0)
    other.refresh_from_db()
    data = services.entry_data_of(other)
    services.update_entry(other, dataclasses.replace(data, name="花垣五"), organiser)
    other.refresh_from_db()
    assert other.fee_due == 100
    update = models.AuditLog.objects.filter(event=event, action="entry.update").last()
    assert update is not None and (update.old["fee_due"], update.new["fee_due"]) == (
        "0.00",
        "100.00",
    )
