"""Demo data: the example events with generated entries at different stages.

Names are generated in each event's own script (Malay in Latin letters, Chinese in Han
characters, Persian in Arabic script) from a fixed seed, so the demo is the same every time.
Every change goes through the service layer, as an organiser and an arbiter would make it.
"""

from __future__ import annotations

import dataclasses
import datetime
import random
from pathlib import Path

from django.contrib.auth.models import Permission, User

from crosstable.pairing.registry import is_team_system
from crosstable_web.events import models, parts, rounds, services
from crosstable_web.events.entries import entries_import
from crosstable_web.events.regulations import rules

_MALAY_GIVEN = (
    "Ahmad",
    "Muhammad",
    "Aiman",
    "Hafiz",
    "Irfan",
    "Danish",
    "Amir",
    "Haziq",
    "Nur",
    "Siti",
    "Aisyah",
    "Farah",
    "Aina",
    "Balqis",
    "Iman",
    "Sofea",
)
_MALAY_FATHER = (
    "Abdullah",
    "Ismail",
    "Hassan",
    "Rahman",
    "Yusof",
    "Osman",
    "Salleh",
    "Hamid",
    "Jamal",
    "Karim",
    "Latif",
    "Rashid",
)
_MALAY_SCHOOLS = (
    "SK Bukit Garam",
    "SK Kinabatangan",
    "SK Sukau",
    "SK Bilit",
    "SK Lamag",
    "SK Tongod",
    "SK Balat",
    "SK Kuamut",
)
_CHINESE_SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾肖田董潘袁蔡"
_CHINESE_GIVEN = "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍鹏辉建文浩宇轩晨欣怡子涵"
_CHINESE_UNITS = (
    "福田小学",
    "莲花小学",
    "荔园小学",
    "园岭小学",
    "福田实验学校",
    "梅林小学",
    "益田小学",
    "华富小学",
    "新沙小学",
    "红岭中学",
)
_PERSIAN_GIVEN_M = ("علی", "محمد", "حسین", "رضا", "مهدی", "امیر", "سینا", "آرش", "پارسا", "کیان")
_PERSIAN_GIVEN_F = ("زهرا", "فاطمه", "مریم", "سارا", "نگار", "پریا", "ترانه", "یاسمن", "هستی")
_PERSIAN_FAMILY = (
    "احمدی",
    "محمدی",
    "حسینی",
    "رضایی",
    "کریمی",
    "موسوی",
    "جعفری",
    "شیرازی",
    "کاظمی",
    "رحیمی",
    "صادقی",
    "نوری",
)
_PERSIAN_UNITS = ("شیراز", "مرودشت", "کازرون", "فسا", "جهرم", "لار", "داراب", "آباده")


@dataclasses.dataclass(frozen=True, slots=True)
class DemoPlan:
    """How far to run one example: ``rounds_played`` None means registration is open."""

    example: str
    players_per_section: int
    rounds_played: int | None
    complete_last_round: bool = True
    house_player: bool = False
    """Add the organiser's house player to each section left with an odd entry count."""


PLANS = (
    DemoPlan("kinabatangan", 17, 3, house_player=True),
    DemoPlan("grade", 60, 3, complete_last_round=False),
    DemoPlan("fars", 66, 3),
    DemoPlan("huayuan", 40, 99),
    DemoPlan("youth", 20, 4),
)
"""Stages of the five seed events in the demo (matched by a word of the example's file
name): registration open, mid-event (last round partly entered), finished. Kinabatangan
shows the house player (4.6) in its odd sections."""


def _name(script: str, sex: str, rng: random.Random) -> str:
    if script == "ms":
        given = rng.choice(_MALAY_GIVEN[8:] if sex == "F" else _MALAY_GIVEN[:8])
        return f"{given} {'binti' if sex == 'F' else 'bin'} {rng.choice(_MALAY_FATHER)}"
    if script == "fa":
        given = rng.choice(_PERSIAN_GIVEN_F if sex == "F" else _PERSIAN_GIVEN_M)
        return f"{given} {rng.choice(_PERSIAN_FAMILY)}"
    given = "".join(rng.choice(_CHINESE_GIVEN) for _ in range(rng.choice((1, 2))))
    return rng.choice(_CHINESE_SURNAMES) + given


def _units(script: str) -> tuple[str, ...]:
    return {"ms": _MALAY_SCHOOLS, "fa": _PERSIAN_UNITS}.get(script, _CHINESE_UNITS)


def _unique_name(script: str, sex: str, rng: random.Random, taken: set[str]) -> str:
    """A made-up name nobody in ``taken`` has (then taken too): two 朱敏 in one section
    look like a registration mistake on every list. Drawn again while taken; after many
    tries (a name pool nearly used up) a number tells them apart."""
    name = _name(script, sex, rng)
    for _attempt in range(200):
        if name not in taken:
            break
        name = _name(script, sex, rng)
    else:
        base, number = name, 2
        while f"{base} {number}" in taken:
            number += 1
        name = f"{base} {number}"
    taken.add(name)
    return name


def generate_entry(
    section: models.Section,
    script: str,
    rng: random.Random,
    index: int,
    taken: set[str] | None = None,
) -> services.EntryData:
    """A made-up player who meets the section's eligibility limits; with ``taken`` (the
    names already in the section), one whose name is not among them."""
    limits = section.settings
    sex = (limits.get("sex") or rng.choice("mf")).upper()
    earliest = datetime.date.fromisoformat(limits.get("born_on_or_after", "2008-01-01"))
    latest = datetime.date.fromisoformat(limits.get("born_on_or_before", "2017-12-31"))
    birth = earliest + datetime.timedelta(days=rng.randrange(max(1, (latest - earliest).days)))
    grades = limits.get("grades") or [""]
    units = limits.get("units") or _units(script)
    unit = rng.choice(units)
    name = _name(script, sex, rng) if taken is None else _unique_name(script, sex, rng, taken)
    return services.EntryData(
        name=name,
        sex=sex,
        birth_date=birth,
        rating=max(1000, int(rng.gauss(1500, 250))) if rng.random() < 0.8 else 0,
        national_grade=rng.choice(grades),
        unit=unit,
        native_unit=unit,
        member_id=f"{rng.randrange(10**7, 10**8)}",
        federation={"ms": "MAS", "fa": "IRI"}.get(script, "CHN"),
    )


def _play(round_row: models.Round, rng: random.Random, arbiter: User, complete: bool) -> None:
    boards = list(round_row.boards.select_related("white", "black"))
    for board in boards:
        if not complete and rng.random() < 0.4:
            continue
        difference = board.white.rating - board.black.rating
        expected = 1 / (1 + 10 ** (-difference / 400))
        roll = rng.random()
        if roll < 0.02:
            text = "+"
        elif roll < 0.25:
            text = "="
        else:
            text = "1" if rng.random() < expected else "0"
        rounds.enter_result(round_row, board.number, text, arbiter)


def _example_path(examples: Path, name: str) -> Path | None:
    matches = sorted(examples.glob(f"{name}*.toml"))
    return matches[0] if matches else None


def ensure_user(username: str, password: str, superuser: bool = False) -> User:
    user, _created = User.objects.get_or_create(username=username)
    user.set_password(password)
    user.is_superuser = user.is_staff = superuser
    user.save()
    return user


def load_demo(examples: Path, seed: int = 2026, log: object = print) -> list[models.Event]:
    """Create the demo users and every example event found under ``examples``."""
    organiser = ensure_user("organiser", "organiser")
    # the site administrator's "may create events" (crosstable_web.accounts)
    organiser.user_permissions.add(
        Permission.objects.get(content_type__app_label="events", codename="add_event")
    )
    arbiter = ensure_user("arbiter", "arbiter")
    captain = ensure_user("captain", "captain")
    ensure_user("admin", "admin", superuser=True)
    created: list[models.Event] = []
    plans = {plan.example: plan for plan in PLANS}
    paths = sorted(examples.glob("*.toml"))
    for path in paths:
        plan = next((p for name, p in plans.items() if name in path.stem), None)
        plan = plan or DemoPlan(path.stem, 16, 2)
        spec = rules.load_event_spec(path, rounds=7)
        slug = path.stem
        models.Event.objects.filter(slug=slug).delete()
        event = services.create_event(spec, organiser, slug=slug)
        # the demo's one arbiter is its chief: the printouts name who signs
        models.EventRole.objects.get_or_create(
            event=event, user=arbiter, role=models.Role.CHIEF_ARBITER
        )
        regulations = rules.event_regulations(event)
        script = regulations.language[:2] if regulations is not None else "en"
        rng = random.Random(f"{seed}-{slug}")
        _populate(event, plan, script, rng, organiser, arbiter, captain, log)
        created.append(event)
    return created


def _populate(
    event: models.Event,
    plan: DemoPlan,
    script: str,
    rng: random.Random,
    organiser: User,
    arbiter: User,
    captain: User,
    log: object,
) -> None:
    rows: list[entries_import.RawRow] = []
    names: dict[int, set[str]] = {}
    """Per section, the names generated so far: no namesakes in one section."""
    for section in event.sections.all():
        taken = names.setdefault(section.pk, set())
        for index in range(plan.players_per_section):
            data = generate_entry(section, script, rng, index, taken)
            values = {name: str(value or "") for name, value in dataclasses.asdict(data).items()}
            values["section"] = section.key
            # what the regulations charge this player (nothing in a per-team fee section)
            due = rules.fee_for(section, data)
            values["fee_paid"] = str(due if rng.random() < 0.7 else 0)
            rows.append(entries_import.RawRow(len(rows) + 2, values))
    # Generated players can collide (same name and birthday, unit limits): keep the rows
    # the rules accept, as an organiser would after reading the report.
    report = entries_import.check_rows(event, rows)
    accepted = [row for row, checked in zip(rows, report.rows, strict=True) if not checked.problems]
    entries_import.import_entries(event, accepted, organiser)
    if plan.rounds_played is not None:
        services.form_playing_groups(event, organiser)
    if plan.house_player:
        for section in event.sections.all():
            if section.entries.count() % 2:
                taken = set(section.entries.values_list("name", flat=True))
                house = generate_entry(section, script, rng, plan.players_per_section, taken)
                services.add_house_player(section, house, organiser)
    team_sections = [
        section for section in event.sections.all() if is_team_system(section.system_code)
    ]
    # The demo spans the apps: a team section is filled through the teams services, the
    # registrations queue through the registrations app (their parts: ``events.parts``).
    part = parts.declared.demo
    if team_sections and (part.form_teams is None or part.play_team_rounds is None):
        raise RuntimeError("the demo's team sections need the teams app")
    for section in team_sections:
        assert part.form_teams is not None
        part.form_teams(section, organiser, captain)
    for section in event.sections.all():
        services.assign_pairing_numbers(section, arbiter)
    # A registration waiting in the organisers' queue (the registrations app's demo).
    if part.add_registrations is not None:
        part.add_registrations(event, script, rng, organiser)
    if plan.rounds_played is None:
        return
    event.registration_open = False
    event.save(update_fields=["registration_open"])
    for section in event.sections.all():
        if section in team_sections:
            assert part.play_team_rounds is not None
            part.play_team_rounds(section, plan.rounds_played, rng, arbiter)
            continue
        target = min(plan.rounds_played, section.total_rounds)
        for number in range(1, target + 1):
            try:
                round_row = rounds.pair_next_round(section, arbiter)
            except (services.ServiceError, ImportError) as error:
                print(f"  {event.slug} {section.key}: round {number} not paired: {error}")
                return
            _play(round_row, rng, arbiter, plan.complete_last_round or number < target)
