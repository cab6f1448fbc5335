"""Team fees, payments and admission by payment date, on the real database (Fars league).

The regulations (examples/fars-team-league-1398.toml, from the original's section 5): 720,000
toman per team; the last county league's 1st/2nd/3rd teams 100% / 50% / 25% off; women free
(their share); county teams with the county board's letter and at least three local players
15% off; players over 50 (born on or before 29 Azar 1348 = 20 December 1969) half their share.
Discounts apply one after another to what is left ("sequential"). A team of six pays in six
shares of 720,000 / 6 = 120,000. Hall capacity: 61 teams per table, priority to the teams
that pay first. Every amount below is worked out by hand from those lines.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps as django_apps
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.utils import timezone

from crosstable_web.events import models as event_models
from crosstable_web.events import services
from crosstable_web.events.regulations import rules
from crosstable_web.events.services import EntryData, ServiceError
from crosstable_web.teams import fee_lines, fees, models, payments, places
from crosstable_web.teams.services import matches as team_matches
from crosstable_web.teams.services import ranking as team_ranking
from crosstable_web.teams.services import rosters as team_rosters

from .conftest import team_address

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "fars-team-league-1398.toml"

MAN = ("m", datetime.date(1990, 3, 1))
WOMAN = ("f", datetime.date(1995, 6, 1))
SENIOR = ("m", datetime.date(1960, 5, 1))


@pytest.fixture
def table_a(organiser: User, arbiter: User) -> event_models.Section:
    """Table A of the Fars league, no team entered yet."""
    event = services.create_event(rules.load_event_spec(EXAMPLE), organiser, slug="fars-fees")
    event_models.EventRole.objects.create(event=event, user=arbiter, role=event_models.Role.ARBITER)
    return event.sections.get(key="A")


_serial = iter(range(100, 10_000))


def _team(
    section: event_models.Section,
    name: str,
    players: list[tuple[str, datetime.date]],
    organiser: User,
    unit_kind: str = "club",
    attributes: dict[str, Any] | None = None,
    local: int = 0,
) -> models.Team:
    """A team of the given players (sex, birth date) in board order; the first ``local`` of
    them ticked as local players."""
    entries = [
        services.add_entry(
            section,
            EntryData(
                name=f"{name} {board}",
                sex=sex,
                birth_date=born,
                member_id=str(next(_serial)),
                unit=name,
            ),
            organiser,
        )
        for board, (sex, born) in enumerate(players, start=1)
    ]
    return team_rosters.create_team(
        section,
        name,
        entries,
        organiser,
        unit=name,
        unit_kind=unit_kind,
        attributes=attributes or {},
        member_attributes=[{"local": True} if i < local else {} for i in range(len(entries))],
    )


def _discounts(team: models.Team) -> dict[str, Decimal]:
    return {line["key"]: Decimal(line["amount"]) for line in team.fee_discounts}


# -- the amounts -------------------------------------------------------------------------------


def test_a_team_with_two_women_and_a_senior(table_a: event_models.Section, organiser: User) -> None:
    # An organiser typed the fee on the section too: the players are still not charged it.
    table_a.entry_fee = Decimal(720_000)
    table_a.save(update_fields=["entry_fee"])
    # Two women: their two shares free, 2 × 120,000 = 240,000. The senior: half his share,
    # 60,000. Due 720,000 − 240,000 − 60,000 = 420,000.
    team = _team(table_a, "Shiraz", [MAN, MAN, MAN, SENIOR, WOMAN, WOMAN], organiser)
    assert team.fee_base == Decimal("720000.00")
    assert team.fee_due == Decimal("420000.00")
    assert _discounts(team) == {"women": Decimal("240000.00"), "seniors": Decimal("60000.00")}
    assert [line["name"] for line in team.fee_discounts] == ["بانوان", "پیشکسوتان بالای ۵۰ سال"]
    # The players' own entries owe nothing: the fee is the team's (not 6 × 720,000).
    assert {entry.fee_due for entry in table_a.entries.all()} == {Decimal(0)}


def test_the_senior_limit_is_29_azar_1348(table_a: event_models.Section, organiser: User) -> None:
    # 29 Azar 1348 = 20 December 1969: born that day is a senior, a day later is not.
    on_the_day = _team(table_a, "Day", [MAN] * 5 + [("m", datetime.date(1969, 12, 20))], organiser)
    day_after = _team(table_a, "After", [MAN] * 5 + [("m", datetime.date(1969, 12, 21))], organiser)
    assert on_the_day.fee_due == Decimal("660000.00")  # 720,000 − 60,000
    assert day_after.fee_due == Decimal("720000.00")


def test_a_county_team_needs_its_letter_and_three_local_players(
    table_a: event_models.Section, organiser: User
) -> None:
    letter = {"introduction_letter": True}
    # 15% of the whole fee: 720,000 × 0.85 = 612,000.
    county = _team(table_a, "Kazerun", [MAN] * 6, organiser, "county", letter, local=3)
    assert county.fee_due == Decimal("612000.00")
    assert _discounts(county) == {"county_team": Decimal("108000.00")}
    assert county.attributes == letter  # the service stores what it is given
    # Two local players, or no letter: no discount.
    two_local = _team(table_a, "Fasa", [MAN] * 6, organiser, "county", letter, local=2)
    no_letter = _team(table_a, "Jahrom", [MAN] * 6, organiser, "county", {}, local=6)
    assert two_local.fee_due == no_letter.fee_due == Decimal("720000.00")


def test_the_last_county_leagues_second_team(
    table_a: event_models.Section, organiser: User
) -> None:
    second = _team(table_a, "Lar", [MAN] * 6, organiser, attributes={"previous_place": 2})
    assert second.fee_due == Decimal("360000.00")  # 50%
    assert _discounts(second) == {"county_league_2nd": Decimal("360000.00")}
    # Second last year, a county team with its letter and three locals, and a senior:
    # each share 120,000 × 0.5 × 0.85 = 51,000; the senior's 51,000 × 0.5 = 25,500;
    # 5 × 51,000 + 25,500 = 280,500. Taken off: 6 × 60,000 = 360,000 (2nd place),
    # 6 × 9,000 = 54,000 (county), 25,500 (senior): 439,500 = 720,000 − 280,500.
    both = _team(
        table_a,
        "Abadeh",
        [MAN] * 5 + [SENIOR],
        organiser,
        "county",
        {"previous_place": 2, "introduction_letter": True},
        local=3,
    )
    assert both.fee_due == Decimal("280500.00")
    assert _discounts(both) == {
        "county_league_2nd": Decimal("360000.00"),
        "county_team": Decimal("54000.00"),
        "seniors": Decimal("25500.00"),
    }
    # The champion plays free.
    first = _team(table_a, "Sepidan", [MAN] * 6, organiser, attributes={"previous_place": 1})
    assert first.fee_due == Decimal(0)


def test_the_team_form_records_local_players_and_the_previous_place(
    table_a: event_models.Section, organiser: User
) -> None:
    team = _team(table_a, "Kazerun", [MAN] * 6, organiser)
    assert team.fee_due == Decimal("720000.00")
    client = Client()
    client.force_login(organiser)
    base = f"/e/{table_a.event.slug}/s/A/teams/{team.pk}/edit/"
    page = client.get(base).content.decode()
    assert 'name="attribute_previous_place"' in page and 'name="roster_local_6"' in page
    form = {
        "name": "Kazerun",
        "unit": "Kazerun",
        "unit_kind": "county",
        "attribute_introduction_letter": "on",
        "attribute_previous_place": "3",
    }
    for place, member in enumerate(team.members.order_by("position"), start=1):
        form[f"player_{place}"] = str(member.entry_id)
        if place in (2, 4, 6):
            form[f"roster_local_{place}"] = "on"
    response = client.post(base, form)
    assert response.status_code == 302, response.context["form"].errors
    team.refresh_from_db()
    # 3rd last year (25%) and county (15%): 720,000 × 0.75 × 0.85 = 459,000.
    assert team.fee_due == Decimal("459000.00")
    assert team.attributes["local_players"] == 3  # counted from the check boxes
    assert [m.attributes for m in team.members.order_by("position")] == [
        {},
        {"local": True},
        {},
        {"local": True},
        {},
        {"local": True},
    ]
    log = event_models.AuditLog.objects.filter(action="team.edit").latest("pk")
    assert log.old is not None and log.new is not None
    assert (log.old["fee_due"], log.new["fee_due"]) == ("720000.00", "459000.00")


def test_correcting_a_players_entry_recomputes_the_team_fee(
    table_a: event_models.Section, organiser: User
) -> None:
    team = _team(table_a, "Shiraz", [MAN] * 6, organiser)
    assert team.fee_due == Decimal("720000.00")
    # Board 6 is a woman after all: her share is free, 720,000 − 120,000 = 600,000.
    entry = team.members.get(position=6).entry
    data = services.entry_data_of(entry)
    data.sex = "f"
    services.update_entry(entry, data, organiser)
    team.refresh_from_db()
    assert team.fee_due == Decimal("600000.00")
    log = event_models.AuditLog.objects.get(action="team.fee")
    assert log.old is not None and log.new is not None
    assert (log.old["fee_due"], log.new["fee_due"]) == ("720000.00", "600000.00")
    # A change that does not touch the fee (the rating) logs nothing more.
    data.rating = 1500
    services.update_entry(entry, data, organiser)
    assert event_models.AuditLog.objects.filter(action="team.fee").count() == 1


# -- payments and admission ----------------------------------------------------------------------


def _pay(team: models.Team, amount: int, day: int, organiser: User) -> None:
    payments.record_team_payment(team, Decimal(amount), datetime.date(2019, 11, day), organiser)


def test_places_go_to_the_teams_that_pay_first(
    table_a: event_models.Section, organiser: User, arbiter: User
) -> None:
    table_a.max_entries = 3
    table_a.save(update_fields=["max_entries"])
    # Five teams enter (none refused: the ones without a place wait), 720,000 each.
    teams = [_team(table_a, f"Team {n}", [MAN] * 6, organiser) for n in range(1, 6)]
    assert table_a.teams.count() == 5
    t1, t2, t3, t4, t5 = teams
    _pay(t4, 720_000, 1, organiser)
    _pay(t2, 720_000, 2, organiser)
    _pay(t1, 360_000, 1, organiser)  # half: not paid yet
    # Two places taken; the unpaid wait in the order they entered.
    decided = places.admission(table_a)
    assert decided is not None
    assert decided.admitted == ("4", "2") and decided.waiting == ("1", "3", "5")
    with pytest.raises(ServiceError, match=r"1 of 3 places are free .*Team 1, Team 3, Team 5"):
        team_matches.pair_next_round(table_a, arbiter)
    assert not table_a.team_rounds.exists()
    _pay(t5, 720_000, 3, organiser)
    _pay(t1, 360_000, 5, organiser)  # paid in full on the 5th: after team 5
    decided = places.admission(table_a)
    assert decided is not None
    assert decided.admitted == ("4", "2", "5") and decided.waiting == ("1", "3")
    lines = {line.team.number: line for line in fee_lines.section_fee_lines(table_a)}
    assert lines[1].status == "waiting" and lines[1].waiting_place == 1
    assert lines[1].paid_on == datetime.date(2019, 11, 5) and lines[1].balance == 0
    assert lines[3].waiting_place == 2 and lines[3].paid_on is None
    assert lines[3].balance == Decimal("720000.00")
    # The section is full: round 1 pairs the three admitted teams only (one has the bye). Round
    # 1 numbers the teams by strength, the admitted first (all rated alike: by name).
    round_one = team_matches.pair_next_round(table_a, arbiter)
    paired = {team for m in round_one.matches.all() for team in (m.first.name, m.second.name)}
    assert round_one.bye_team is not None
    assert paired | {round_one.bye_team.name} == {"Team 2", "Team 4", "Team 5"}
    numbers = dict(table_a.teams.values_list("name", "number"))
    assert numbers == {"Team 2": 1, "Team 4": 2, "Team 5": 3, "Team 1": 4, "Team 3": 5}
    # Team 3 pays now: round 1's field stays the field.
    _pay(t3, 720_000, 6, organiser)
    for match in round_one.matches.all():
        for board in range(1, 5):
            team_matches.enter_board_result(match, board, "1-0", arbiter)
    round_two = team_matches.pair_next_round(table_a, arbiter)
    assert round_two.bye_team is not None
    paired = {team for m in round_two.matches.all() for team in (m.first.name, m.second.name)}
    assert paired | {round_two.bye_team.name} == {"Team 2", "Team 4", "Team 5"}
    # The team section page says who has a place and who waits.
    client = Client()
    client.force_login(organiser)
    page = client.get(f"/e/{table_a.event.slug}/s/A/teams/").content.decode()
    assert page.count("admitted") == 3
    assert "3 places; they go to the teams that pay their fee first" in page
    # The waiting teams are listed apart, in waiting order: Team 1 (paid on the 5th), Team 3.
    waiting = page[page.index('id="waiting-list"') :]
    assert waiting.index("Team 1") < waiting.index("Team 3")
    main = page[page.index('id="teams"') : page.index('id="waiting-list"')]
    assert "Team 1" not in main and "Team 3" not in main and "Team 5" in main


def test_while_all_fit_unpaid_teams_play(
    table_a: event_models.Section, organiser: User, arbiter: User
) -> None:
    # 61 places, four teams, nobody has paid: no one waits and round 1 pairs all four.
    for number in range(1, 5):
        _team(table_a, f"Team {number}", [MAN] * 6, organiser)
    decided = places.admission(table_a)
    assert decided is not None and decided.waiting == () and len(decided.admitted) == 4
    round_one = team_matches.pair_next_round(table_a, arbiter)
    assert round_one.matches.count() == 2


def test_payments_on_the_same_day_keep_the_entry_order(
    table_a: event_models.Section, organiser: User
) -> None:
    table_a.max_entries = 1
    table_a.save(update_fields=["max_entries"])
    first, second = (_team(table_a, f"Team {n}", [MAN] * 6, organiser) for n in (1, 2))
    _pay(second, 720_000, 4, organiser)
    _pay(first, 720_000, 4, organiser)
    decided = places.admission(table_a)
    assert decided is not None and decided.admitted == ("1",) and decided.waiting == ("2",)


# -- the fee report ------------------------------------------------------------------------------


def test_the_fee_report_counts_team_fees_once(
    table_a: event_models.Section, organiser: User
) -> None:
    shiraz = _team(table_a, "Shiraz", [MAN, MAN, MAN, SENIOR, WOMAN, WOMAN], organiser)  # 420,000
    kazerun = _team(
        table_a, "Kazerun", [MAN] * 6, organiser, "county", {"introduction_letter": True}, local=3
    )  # 612,000
    _team(table_a, "Lar", [MAN] * 6, organiser, attributes={"previous_place": 2})  # 360,000
    _pay(shiraz, 200_000, 1, organiser)
    _pay(kazerun, 612_000, 2, organiser)
    report = services.fee_report(table_a.event)
    # 420,000 + 612,000 + 360,000 = 1,392,000 due; 812,000 paid; 580,000 outstanding.
    assert (report.total.due, report.total.paid) == (Decimal("1392000"), Decimal("812000"))
    assert report.total.outstanding == Decimal("580000")
    assert (report.total.teams, report.total.entries) == (3, 18)
    (section_line,) = report.by_section
    assert (section_line.due, section_line.teams) == (Decimal("1392000"), 3)
    units = {line.label: line for line in report.by_unit}
    assert (units["Shiraz"].entries, units["Shiraz"].teams) == (6, 1)
    assert (units["Shiraz"].due, units["Shiraz"].paid) == (Decimal("420000"), Decimal("200000"))
    assert units["Kazerun"].outstanding == 0
    assert [line.team.name for line in report.teams] == ["Shiraz", "Kazerun", "Lar"]
    client = Client()
    client.force_login(organiser)
    page = client.get(f"/e/{table_a.event.slug}/fees/").content.decode()
    assert 'id="fees-by-team"' in page
    # Amounts as money is written: grouped, no needless decimals (the currency is named once
    # at the top of the fees page; a team's fee page writes it with each amount).
    assert "بانوان: −240,000; پیشکسوتان بالای ۵۰ سال: −60,000" in page
    assert "1,392,000" in page and "580,000" in page and ".00" not in page
    fee_page = client.get(team_address(table_a, 1, "fee/")).content.decode()
    assert 'id="fee-due">420,000 toman' in fee_page
    assert 'id="fee-balance">220,000 toman' in fee_page


def test_the_teams_app_declaring_its_fee_lines_again_counts_them_once(
    table_a: event_models.Section, organiser: User
) -> None:
    """The events app's fee report gets the team fees from what the teams app declares in its
    ``ready`` (``events.parts``); a second ``ready`` replaces that declaration, it does not
    add a second copy (which would count each team's 420,000 twice)."""
    _team(table_a, "Shiraz", [MAN, MAN, MAN, SENIOR, WOMAN, WOMAN], organiser)  # 420,000
    django_apps.get_app_config("teams").ready()
    report = services.fee_report(table_a.event)
    assert (report.total.teams, report.total.due) == (1, Decimal("420000"))


# -- bad input -----------------------------------------------------------------------------------


def test_bad_payments_are_refused_with_a_clear_message(
    table_a: event_models.Section, organiser: User, arbiter: User
) -> None:
    team = _team(table_a, "Shiraz", [MAN] * 6, organiser)
    with pytest.raises(
        ServiceError, match=r"Shiraz: a payment must be more than zero \(not \u22125"
    ):
        payments.record_team_payment(team, Decimal(-5), datetime.date(2019, 11, 1), organiser)
    with pytest.raises(ServiceError, match="in the future"):
        payments.record_team_payment(team, Decimal(5), datetime.date(2999, 1, 1), organiser)
    with pytest.raises(PermissionDenied):
        payments.record_team_payment(team, Decimal(5), datetime.date(2019, 11, 1), arbiter)
    assert not models.TeamPayment.objects.exists()
    # On the page: the message, the form kept, nothing recorded.
    client = Client()
    client.force_login(organiser)
    url = team_address(table_a, 1, "fee/")
    response = client.post(url, {"amount": "-720000", "paid_on": "2019-11-01"}, follow=True)
    # the amount box reads the sign itself (crosstable.typed.read_amount)
    assert "an amount cannot be negative" in response.content.decode()
    assert not models.TeamPayment.objects.exists()
    # A payment recorded is logged with the total before and after.
    client.post(url, {"amount": "720000", "paid_on": "2019-11-01"})
    log = event_models.AuditLog.objects.get(action="team.payment")
    assert log.old == {"paid": "0.00"}
    assert log.new == {
        "amount": "720000.00",
        "paid_on": "2019-11-01",
        "paid": "720000.00",
        "fee_due": "720000.00",
    }
    # A deleted team takes no payment, by the service or by the page; its payments are logged.
    team_rosters.delete_team(team, organiser)
    deleted = event_models.AuditLog.objects.get(action="team.delete")
    assert deleted.old is not None
    assert deleted.old["payments"] == [{"amount": "720000.00", "paid_on": "2019-11-01"}]
    with pytest.raises(ServiceError, match="Team Shiraz has been deleted"):
        payments.record_team_payment(team, Decimal(5), datetime.date(2019, 11, 1), organiser)
    response = client.post(url, {"amount": "5", "paid_on": "2019-11-01"}, follow=True)
    assert "جدول آزاد (A) has no such team (it may have been deleted); nothing was recorded." in (
        response.content.decode()
    )
    assert not models.TeamPayment.objects.exists()


def test_a_persian_organiser_records_a_payment_on_a_jalali_date(
    table_a: event_models.Section, organiser: User
) -> None:
    _team(table_a, "Shiraz", [MAN] * 6, organiser)
    client = Client()
    client.force_login(organiser)
    client.cookies["django_language"] = "fa"
    url = team_address(table_a, 1, "fee/")
    # 10 Aban 1398 = 1 November 2019 (1 Aban = 23 October).
    client.post(url, {"amount": "720000", "paid_on": "۱۳۹۸-۰۸-۱۰"})
    payment = models.TeamPayment.objects.get()
    assert payment.paid_on == datetime.date(2019, 11, 1)
    page = client.get(url).content.decode()
    # All fit in the 61 places: the team has its place ("admitted").
    assert "تاریخ پرداخت" in page and '<td id="admission">پذیرفته</td>' in page


# -- cancelling a payment recorded by mistake ----------------------------------------------------


def _three_places_four_teams(table_a: event_models.Section, organiser: User) -> list[models.Team]:
    """Capacity 3; teams 1-3 paid 720,000 on 1, 2 and 3 November 2019, team 4 on the 4th."""
    table_a.max_entries = 3
    table_a.save(update_fields=["max_entries"])
    teams = [_team(table_a, f"Team {n}", [MAN] * 6, organiser) for n in range(1, 5)]
    for day, team in enumerate(teams, start=1):
        _pay(team, 720_000, day, organiser)
    return teams


def test_a_cancelled_payment_gives_the_place_to_the_waiting_team(
    table_a: event_models.Section, organiser: User, arbiter: User
) -> None:
    t1, _t2, _t3, _t4 = _three_places_four_teams(table_a, organiser)
    decided = places.admission(table_a)
    assert decided is not None
    assert decided.admitted == ("1", "2", "3") and decided.waiting == ("4",)
    # Team 1's payment of the 1st was recorded by mistake (it was team 4's cheque, say).
    mistake = t1.payments.get()
    with pytest.raises(ServiceError, match="say why the payment is cancelled"):
        payments.cancel_team_payment(mistake, "  ", organiser)
    with pytest.raises(PermissionDenied):
        payments.cancel_team_payment(mistake, "wrong team", arbiter)
    # A reason longer than its column (300) is refused with the reader's message, not stored
    # (PostgreSQL would refuse it with a server error; SQLite kept it whole).
    with pytest.raises(ServiceError, match=r"Team 1: Reason: is longer than 300 characters"):
        payments.cancel_team_payment(mistake, "x" * 301, organiser)
    assert list(t1.payments.all()) == [mistake]
    reversal = payments.cancel_team_payment(mistake, "recorded for the wrong team", organiser)
    # Nothing deleted: the payment stays, a reversing entry of the opposite amount, dated
    # today, points at it.
    assert list(t1.payments.order_by("pk")) == [mistake, reversal]
    assert reversal.amount == Decimal("-720000.00") and reversal.reverses == mistake
    assert reversal.paid_on == timezone.localdate()
    assert fees.paid_total(t1) == Decimal("0.00")
    # Team 1 has not paid: paid teams 2, 3, 4 take the three places, team 1 waits.
    decided = places.admission(table_a)
    assert decided is not None
    assert decided.admitted == ("2", "3", "4") and decided.waiting == ("1",)
    log = event_models.AuditLog.objects.get(action="team.payment.cancel")
    assert log.target == "A/team 1 Team 1"
    assert log.old == {"paid": "720000.00", "admission": "admitted"}
    assert log.new == {
        "cancelled": {"amount": "720000.00", "paid_on": "2019-11-01"},
        "reason": "recorded for the wrong team",
        "paid": "0.00",
        "admission": "waiting",
        "fee_due": "720000.00",
    }
    # Neither the payment nor its cancellation can be cancelled (again).
    with pytest.raises(ServiceError, match=r"720000.00 on 2019-11-01 is already cancelled"):
        payments.cancel_team_payment(mistake, "twice", organiser)
    with pytest.raises(ServiceError, match="a cancellation cannot itself be cancelled"):
        payments.cancel_team_payment(reversal, "undo", organiser)
    # Team 1 pays for real on the 5th: paid in full on the 5th (not the 1st), still waiting.
    _pay(t1, 720_000, 5, organiser)
    line = next(line for line in fee_lines.section_fee_lines(table_a) if line.team == t1)
    assert (line.paid, line.paid_on, line.status) == (
        Decimal("720000.00"),
        datetime.date(2019, 11, 5),
        "waiting",
    )
    # Round 1 pairs teams 2, 3 and 4 (numbered 1-3 from round 1: the admitted first).
    round_one = team_matches.pair_next_round(table_a, arbiter)
    assert round_one.bye_team is not None
    paired = {team for m in round_one.matches.all() for team in (m.first.name, m.second.name)}
    assert paired | {round_one.bye_team.name} == {"Team 2", "Team 3", "Team 4"}


def test_cancelling_on_the_fee_page(
    table_a: event_models.Section, organiser: User, arbiter: User
) -> None:
    team = _team(table_a, "Shiraz", [MAN] * 6, organiser)
    _pay(team, 700_000, 1, organiser)  # typed 700,000 for 720,000
    client = Client()
    client.force_login(organiser)
    url = team_address(table_a, 1, "fee/")
    payment = team.payments.get()
    refused = client.post(url, {"cancel": str(payment.pk), "reason": ""}, follow=True)
    assert "say why the payment is cancelled" in refused.content.decode()
    assert team.payments.count() == 1
    page = client.post(
        url, {"cancel": str(payment.pk), "reason": "typed 700,000"}, follow=True
    ).content.decode()
    assert "Payment of 700,000 on 1 November 2019 cancelled for Shiraz." in page
    assert "cancelled on " in page and ": typed 700,000" in page
    assert "cancels the payment of 700,000 on Friday 1 November 2019: typed 700,000" in page
    assert 'id="fee-paid">0 toman' in page and 'id="fee-balance">720,000 toman' in page
    # The cancelled payment and its reversal have no cancel button; an unknown one is named.
    assert page.count('name="cancel"') == 0
    page = client.post(url, {"cancel": "99999", "reason": "x"}, follow=True).content.decode()
    assert "Shiraz has no such payment" in page
    client.post(url, {"amount": "720000", "paid_on": "2019-11-02"})
    page = client.get(url).content.decode()
    assert 'id="fee-paid">720,000 toman' in page and page.count('name="cancel"') == 1
    # An arbiter sees the ledger but no cancel button, and cannot cancel by posting.
    arbiter_client = Client()
    arbiter_client.force_login(arbiter)
    assert 'name="cancel"' not in arbiter_client.get(url).content.decode()
    standing = team.payments.get(paid_on=datetime.date(2019, 11, 2))
    arbiter_client.post(url, {"cancel": str(standing.pk), "reason": "x"})
    assert not models.TeamPayment.objects.filter(reverses=standing).exists()
    # Deleting the team logs its whole ledger (the payments and the cancellation).
    team_rosters.delete_team(team, organiser)
    deleted = event_models.AuditLog.objects.get(action="team.delete")
    assert deleted.old is not None
    assert [p["amount"] for p in deleted.old["payments"]] == [
        "700000.00",
        "720000.00",
        "-700000.00",
    ]


def test_after_round_1_a_cancelled_payment_changes_no_place(
    table_a: event_models.Section, organiser: User, arbiter: User
) -> None:
    t1, _t2, _t3, _t4 = _three_places_four_teams(table_a, organiser)
    round_one = team_matches.pair_next_round(table_a, arbiter)
    payments.cancel_team_payment(t1.payments.get(), "cheque bounced", organiser)
    log = event_models.AuditLog.objects.get(action="team.payment.cancel")
    assert log.old is not None and log.new is not None
    assert log.old["admission"] == log.new["admission"] == "admitted"
    lines = {line.team.number: line for line in fee_lines.section_fee_lines(table_a)}
    assert [lines[n].status for n in (1, 2, 3, 4)] == ["admitted"] * 3 + ["waiting"]
    assert lines[1].balance == Decimal("720000.00") and lines[4].waiting_place == 1
    for match in round_one.matches.all():
        for board in range(1, 5):
            team_matches.enter_board_result(match, board, "1-0", arbiter)
    round_two = team_matches.pair_next_round(table_a, arbiter)
    assert round_two.bye_team is not None
    paired = {team for m in round_two.matches.all() for team in (m.first.number, m.second.number)}
    assert paired | {round_two.bye_team.number} == {1, 2, 3}


# -- teams on the waiting list are not in the standings ------------------------------------------


def test_waiting_teams_are_left_out_of_standings_board_rankings_and_prizes(
    table_a: event_models.Section, organiser: User, arbiter: User
) -> None:
    _three_places_four_teams(table_a, organiser)  # team 4 waits
    # Before round 1: the three admitted teams, each 0.
    results = team_ranking.team_results(table_a)
    assert {row.number for row in results.standings.rows} == {1, 2, 3}
    round_one = team_matches.pair_next_round(table_a, arbiter)
    (match,) = round_one.matches.all()
    assert round_one.bye_team is not None
    winner, loser, bye = match.first.number, match.second.number, round_one.bye_team.number
    for board in range(1, 5):
        team_matches.enter_board_result(match, board, "1-0", arbiter)
    # 4-0: the winner 2 MP, the bye team the drawn match (1 MP, 2 GP), the loser 0; team 4
    # (waiting) is in none of it.
    results = team_ranking.team_results(table_a)
    assert [(row.number, row.points) for row in results.standings.rows] == [
        (winner, Fraction(2)),
        (bye, Fraction(1)),
        (loser, Fraction(0)),
    ]
    # Team prizes: places 1-3 to the three teams that play, in that order (no team takes two
    # prizes, so the under-1700 prize finds no one left); places 4 and 5 to nobody (team 4,
    # with 0 points, took place 4 when waiting teams were ranked).
    assert [
        (award.prize, award.first_place, award.pairing_number)
        for prizes in results.team_prizes
        for award in prizes.awards
    ] == [("place", 1, winner), ("place", 2, bye), ("place", 3, loser)]
    team_four = set(
        models.Team.objects.get(section=table_a, number=4).members.values_list(
            "entry_id", flat=True
        )
    )
    for standing in results.boards:
        assert not {place.record.player for place in standing.places} & team_four
    # The public standings and the team section page.
    public = Client().get(f"/p/{table_a.event.slug}/A/teams/").content.decode()
    assert "Team 1" in public and "Team 4" not in public
    client = Client()
    client.force_login(organiser)
    page = client.get(f"/e/{table_a.event.slug}/s/A/teams/").content.decode()
    waiting = page[page.index('id="waiting-list"') :]
    assert "Team 4" in waiting and "the field is the teams of round 1" in page


# -- teams saved before fees were computed ------------------------------------------------------


def test_a_team_saved_before_fees_were_computed_gets_its_fee_when_read(
    table_a: event_models.Section, organiser: User, arbiter: User
) -> None:
    table_a.max_entries = 1
    table_a.save(update_fields=["max_entries"])
    old = _team(table_a, "Shiraz", [MAN, MAN, MAN, SENIOR, WOMAN, WOMAN], organiser)
    paid = _team(table_a, "Lar", [MAN] * 6, organiser)
    _pay(paid, 720_000, 2, organiser)
    # As migration 0004 leaves a team saved before 0003: a fee of 0, never computed.
    models.Team.objects.filter(pk=old.pk).update(
        fee_due=0, fee_base=0, fee_discounts=[], fee_computed_at=None
    )
    # Owing 0, Shiraz would count as paid on its entry day and take Lar's place: once its fee
    # is computed (420,000, unpaid) the place is Lar's.
    decided = places.admission(table_a)
    assert decided is not None and decided.admitted == ("2",) and decided.waiting == ("1",)
    old.refresh_from_db()
    assert old.fee_due == Decimal("420000.00") and old.fee_computed_at is not None
    (log,) = event_models.AuditLog.objects.filter(action="team.fee")
    assert log.username == "system"
    assert log.old == {"fee_due": "0.00", "discounts": []}
    assert log.new is not None and log.new["fee_due"] == "420000.00"
    # Shown on the fee page; read again, nothing more is logged.
    models.Team.objects.filter(pk=old.pk).update(
        fee_due=0, fee_base=0, fee_discounts=[], fee_computed_at=None
    )
    client = Client()
    client.force_login(organiser)
    page = client.get(team_address(table_a, 1, "fee/")).content.decode()
    assert 'id="fee-due">420,000 toman' in page
    client.get(team_address(table_a, 1, "fee/"))
    assert event_models.AuditLog.objects.filter(action="team.fee").count() == 2


def test_an_overpaid_team_owes_a_negative_balance_with_a_minus_sign(
    table_a: event_models.Section, organiser: User
) -> None:
    """Issue 26.11: a negative balance was written with a Latin hyphen beside Persian digits
    (-۸۰٬۰۰۰); it takes the minus sign, as a discount does. 800,000 paid for 720,000."""
    team = _team(table_a, "Shiraz", [MAN] * 6, organiser)
    _pay(team, 800_000, 1, organiser)
    client = Client()
    client.force_login(organiser)
    client.cookies["django_language"] = "fa"
    page = client.get(team_address(table_a, 1, "fee/")).content.decode()
    balance = page.split('id="fee-balance">')[1].split("<")[0]
    assert balance.startswith("\u2212") and "-" not in balance, balance
    assert re.sub(r"[^\d٬,]", "", balance) in ("۸۰٬۰۰۰", "80,000"), balance
