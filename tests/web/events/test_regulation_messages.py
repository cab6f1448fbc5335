"""The regulations loader's problems and the team engine's refusals in the reader's words
(issues 12.3 and 13.1): the core writes an English template and its values
(``crosstable.message``), the web translates both — the key in words with the section's own
name, numbers in the reader's digits, the file's code words by what they mean.

The expected sentences are worked by hand from the catalogue's translations and the examples'
sections (Fars: section 2 is «جدول زیر ۱۴ سال (B)», 9 rounds on the named schedule table_b).
"""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import Permission, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import translation

from core.pairing.test_team_swiss import build_event
from crosstable.languages import codes as language_codes
from crosstable.message import Message
from crosstable.model import Colour, Player, ResultCode, RoundEntry, Tournament
from crosstable.pairing import dutch, xiangqi
from crosstable.pairing.base import PairingError
from crosstable.pairing.rules import ACCELERATIONS, LOCAL_RULES, ColourRule, RoundOnePairing
from crosstable.pairing.team_swiss import pair_team_round
from crosstable.regulations import RegulationsError, parse_regulations, schema
from crosstable.regulations.key_words import CODE_WORDS, KEY_WORDS
from crosstable.regulations.limits import FINAL_TIES, SEXES, TEAM_PLACE_TIEBREAKS
from crosstable.regulations.registration import ASKABLE
from crosstable.typed.calendars import Calendar
from crosstable_web.events import models, services
from crosstable_web.events.management.commands.makemessages import CORE, core_modules
from crosstable_web.events.regulations import regulation_messages, rules

from .test_settings_fields import form_values

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
LOCALE = EXAMPLES.parent / "locale"
LANGUAGES_SHOWN = {"zh_Hans": "zh-hans", "ms": "ms", "fa": "fa"}
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


# --- every template and word has its translations -------------------------------------------


def _templates() -> dict[str, str]:
    """Every ``Message("...")`` template of the core (template → where), from the modules
    makemessages reads; a ``Message`` whose template is not a literal is refused (it could
    not be extracted)."""
    found: dict[str, str] = {}
    for path in core_modules():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "Message"
            ):
                continue
            first = node.args[0] if node.args else None
            where = f"{path.relative_to(CORE)}:{node.lineno}"
            assert isinstance(first, ast.Constant) and isinstance(first.value, str), where
            found[first.value] = where
    return found


def test_the_scan_finds_the_loader_and_the_team_engine() -> None:
    templates = _templates()
    assert "lists %(listed)s rounds but the section has %(rounds)s rounds" in templates
    assert "start date" in templates  # a key's words
    assert any(where.startswith("pairing/team_swiss_round.py") for where in templates.values())
    assert len(templates) > 250


@pytest.mark.parametrize("language", LANGUAGES_SHOWN)
def test_every_core_message_is_translated_with_its_placeholders(language: str) -> None:
    mo = LOCALE / language / "LC_MESSAGES" / "django.mo"
    with mo.open("rb") as compiled:
        catalogue = gettext.GNUTranslations(compiled)._catalog  # type: ignore[attr-defined]
    missing = []
    for template, where in _templates().items():
        translated = catalogue.get(template)
        if translated is None or sorted(PLACEHOLDER.findall(translated)) != sorted(
            PLACEHOLDER.findall(template)
        ):
            missing.append(f"{where}: {template!r} -> {translated!r}")
    assert missing == []


_READER_METHODS = {
    "string",
    "choice",
    "integer",
    "optional_int",
    "boolean",
    "fraction",
    "money",
    "percent",
    "date",
    "time",
    "datetime",
    "strings",
    "table",
    "tables",
    "raw",
    "has",
    "error",
}


def test_every_key_the_loader_reads_has_words() -> None:
    folder = CORE / "regulations"
    read: set[str] = set()
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in _READER_METHODS
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
                and re.fullmatch(r"[a-z_]+", node.args[0].value)
            ):
                read.add(node.args[0].value)
    assert len(read) > 120
    assert sorted(read - set(KEY_WORDS)) == []


def test_every_code_word_a_key_takes_has_words() -> None:
    closed_sets = [
        [game.value for game in schema.Game],
        [calendar.value for calendar in Calendar],
        language_codes(),
        SEXES,
        FINAL_TIES,
        TEAM_PLACE_TIEBREAKS,
        ACCELERATIONS,
        list(LOCAL_RULES),
        schema.BOARD_CRITERIA,
        ASKABLE,
        [value.value for value in schema.Combination],
        [value.value for value in schema.MemberRule],
        [value.value for value in schema.ShareMode],
        [value.value for value in schema.TeamRankingMethod],
        [value.value for value in schema.Registrant],
        [value.value for value in ColourRule],
        [value.value for value in RoundOnePairing],
        ["player", "team", "payment_date", "entry_date", "first", "per_round", "halves"],
        ["adjacent", "opponents_win_all_games", "", "draw", "win", "loss", "drop"],
    ]
    missing = {code for codes in closed_sets for code in codes if code not in CODE_WORDS}
    assert missing == set()


# --- the web: uploads and edits in zh, ms and fa --------------------------------------------


@pytest.fixture
def creator(db: None) -> User:
    """An organiser who is not staff, allowed to create events."""
    user = User.objects.create_user("parisa", password="parisa-pass")
    user.user_permissions.add(Permission.objects.get(codename="add_event"))
    return user


def signed_in(user: User, language: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def words_only(message: str, *names: str) -> str:
    """``message`` without the organiser's own words (names, quoted values): what is left
    must be the reader's language alone."""
    for name in names:
        message = message.replace(name, "")
    return re.sub(r"“[^”]*”|«[^»]*»", "", message)


def assert_no_english_nor_identifiers(message: str, *names: str) -> None:
    rest = words_only(message, *names)
    assert not re.search(r"[A-Za-z_\[\]]", rest), rest
    assert not re.search(r"[0-9]", rest) or "zh" in (translation.get_language() or ""), rest


FARS_FIVE_ROUNDS = "گروه ۲ (جدول زیر ۱۴ سال (B)) — برنامه: ۹ دور فهرست شده ولی این گروه ۵ دور دارد"


@pytest.mark.django_db
def test_fars_schedule_of_nine_rounds_for_five_in_persian_at_its_field(creator: User) -> None:
    spec = rules.load_event_spec(EXAMPLES / "fars-team-league-1398.toml")
    event = services.create_event(spec, creator, slug="fars")
    saved = event.regulations_text
    client = signed_in(creator, "fa")
    # the rounds of table B in the Sections form (the event part's one place for them)
    page = client.get("/e/fars/settings/").content.decode()
    data = form_values(page, "section-list-form")
    box = "r-event~sections1-rounds"
    assert data[box] == "۹"
    response = client.post("/e/fars/settings/", {**data, box: "۵"})
    form = dict(response.context["shown_forms"])["section-list"]
    assert form.errors[box] == [FARS_FIVE_ROUNDS]
    with translation.override("fa"):
        assert_no_english_nor_identifiers(FARS_FIVE_ROUNDS, "(B)")
    assert FARS_FIVE_ROUNDS in response.content.decode()
    # the organiser's typing is still in the form; nothing saved changed
    assert form.data[box] == "۵"
    event.refresh_from_db()
    assert event.regulations_text == saved
    assert event.sections.get(key="B").total_rounds == 9


SEX_L_IN_CHINESE = "组别1（Lelaki bawah 12 tahun）—参赛资格—性别第1项：应为男或女之一，实为“L”"


@pytest.mark.django_db
def test_a_bad_upload_in_chinese_names_the_section_and_the_choices_in_words(
    creator: User,
) -> None:
    text = (EXAMPLES / "kinabatangan-school-2024.toml").read_text()
    bad = text.replace('eligibility = { sex = ["M"] }', 'eligibility = { sex = ["L"] }', 1)
    client = signed_in(creator, "zh-hans")
    response = client.post(
        "/events/new/",
        {
            "source": "upload",
            "regulations": SimpleUploadedFile("kcs.toml", bad.encode()),
            "rounds": 5,
        },
    )
    assert response.status_code == 200
    assert list(response.context["upload_form"].non_field_errors()) == [SEX_L_IN_CHINESE]
    with translation.override("zh-hans"):
        assert_no_english_nor_identifiers(SEX_L_IN_CHINESE, "Lelaki bawah 12 tahun")
    assert not models.Event.objects.exists()


START_DATE_IN_MALAY = (
    'Acara — tarikh mula: dijangka tarikh (tahun-bulan-hari), tetapi diberi "2024-02-30"'
)


@pytest.mark.django_db
def test_a_bad_edit_in_malay_keeps_the_text_and_the_event(creator: User) -> None:
    spec = rules.load_event_spec(EXAMPLES / "kinabatangan-school-2024.toml", rounds=5)
    event = services.create_event(spec, creator, slug="kcs")
    saved = event.regulations_text
    bad = saved.replace("[event]\n", '[event]\nstart_date = "2024-02-30"\n', 1)
    client = signed_in(creator, "ms")
    response = client.post("/e/kcs/settings/", {"action": "regulations", "text": bad})
    editor = response.context["editor"]
    assert list(editor.non_field_errors()) == [START_DATE_IN_MALAY]
    for identifier in ("event", "start_date", "expected", "YYYY"):
        assert identifier not in START_DATE_IN_MALAY
    assert editor.data["text"] == bad  # the organiser's edit is still in the editor
    event.refresh_from_db()
    assert event.regulations_text == saved


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "fa",
            "گروه ۱ (جدول آزاد (A)) — آخرین معیار رفع تساوی: یکی از قرعه‌کشی، مشترک یا "
            "بازی تعیین‌کننده انتظار می‌رفت، ولی «coin» آمده است",
        ),
        (
            "zh-hans",
            "组别1（جدول آزاد (A)）—最后的破同分方法：应为抽签、并列或附加赛之一，实为“coin”",
        ),
    ],
)
def test_code_words_and_the_file_name_of_a_problem(language: str, expected: str) -> None:
    text = (EXAMPLES / "fars-team-league-1398.toml").read_text()
    bad = text.replace('name = "جدول آزاد (A)"', 'name = "جدول آزاد (A)"\nfinal_tie = "coin"')
    with pytest.raises(RegulationsError) as caught:
        parse_regulations(bad)
    with translation.override(language):
        assert regulation_messages.problem_text(caught.value, bad) == expected


# --- the team engine's refusals ---------------------------------------------------------------


def _refusal(teams: int, rounds: list[list[tuple[int, int, str]]], **options: object) -> Message:
    with pytest.raises(PairingError) as caught:
        pair_team_round(build_event(teams, rounds, **options), len(rounds) + 1)  # type: ignore[arg-type]
    assert caught.value.message is not None
    return caught.value.message


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "fa",
            "گروه امتیازی ۲ امتیاز با هیچ مجموعه‌ای از تیم‌های بالاآمده جفت نمی‌شود "
            "(مادهٔ ۳٫۳٫۳ قواعد سوئیسی تیمی فیده: سرداور تصمیم می‌گیرد)",
        ),
        (
            "zh-hans",
            "2分的分数组无论配上哪些升组队伍都无法编排（国际棋联团体瑞士制第3.3.3条：由裁判长决定）",
        ),
    ],
)
def test_a_scoregroup_that_cannot_be_paired(language: str, expected: str) -> None:
    # two teams that met in round 1 (team 1 won 4-0: 2 match points): round 2 cannot pair
    # team 1's scoregroup with team 2, the only team left ([C1], art. 3.3.3)
    refusal = _refusal(2, [[(1, 2, "1111")]])
    with translation.override(language):
        assert regulation_messages.message_text(refusal) == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "fa",
            "هیچ تیمی نمی‌تواند استراحتِ جفت‌سازی را بگیرد و برای بقیه جفت‌سازی مجاز باقی "
            "بگذارد (مادهٔ ۳٫۳٫۳ قواعد سوئیسی تیمی فیده: سرداور تصمیم می‌گیرد)",
        ),
        (
            "zh-hans",
            "没有哪支队伍可以轮空而使其余队伍仍能合规编排（国际棋联团体瑞士制第3.3.3条：由裁判长决定）",
        ),
    ],
)
def test_no_team_can_take_the_bye(language: str, expected: str) -> None:
    # three teams, each has had its bye and met the other two: round 4 has nobody to pair
    rounds = [[(1, 2, "1111")], [(1, 3, "1111")], [(2, 3, "1111")]]
    refusal = _refusal(3, rounds, byes={1: 3, 2: 2, 3: 1})
    with translation.override(language):
        text = regulation_messages.message_text(refusal)
        assert text == expected
        assert not re.search(r"[A-Za-z]", text)


# --- the individual engines' refusals (the same mechanism) ------------------------------------


def _two_players_who_met() -> Tournament:
    """Two players, round 1 played between them: round 2 can only be a rematch ([C1])."""
    tournament = Tournament(total_rounds=3)
    tournament.add_player(Player(1, "Player 1"))
    tournament.add_player(Player(2, "Player 2"))
    tournament.players[1].set_entry(1, RoundEntry(2, Colour.WHITE, ResultCode("1")))
    tournament.players[2].set_entry(1, RoundEntry(1, Colour.BLACK, ResultCode("0")))
    return tournament


@pytest.mark.parametrize(
    ("engine", "language", "expected"),
    [
        (
            dutch.pair_round,
            "fa",
            "دور ۲: هیچ جفت‌سازی‌ای معیارهای مطلق را برآورده نمی‌کند (بی‌تکرار بازی، شرایط "
            "استراحت، ترجیح رنگ مطلق، جفت‌های ممنوع)؛ داور باید تصمیم بگیرد",
        ),
        (
            xiangqi.pair_round,
            "zh-hans",
            "第2轮：这2名棋手无法全部编排，除非重复对局、出现禁止的配对或突破先后手限制",
        ),
    ],
)
def test_an_individual_engine_refusal(engine: Any, language: str, expected: str) -> None:
    with pytest.raises(PairingError) as refused:
        engine(_two_players_who_met(), 2)
    with translation.override(language):
        assert regulation_messages.reason_text(refused.value) == expected
