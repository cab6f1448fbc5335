"""Running rounds through the services: pairing, results, corrections, forfeits, byes,
withdrawals, late entries, un-pairing and manual changes — and that every action is one
transaction."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from crosstable.model import ResultCode, ScoringSystem
from crosstable_web.common.notation import Notation
from crosstable_web.events import bridge, models, rounds, services
from crosstable_web.events.ranking import standings
from crosstable_web.events.regulations import rules
from crosstable_web.events.rounds import manual_pairing, rule_warnings

Players = Callable[..., list[models.Entry]]


@pytest.fixture
def section(
    event: models.Event, organiser: User, arbiter: User, make_players: Players
) -> models.Section:
    open_section = event.sections.get(key="open")
    make_players(open_section, 6, organiser)
    services.assign_pairing_numbers(open_section, arbiter)
    return open_section


def _entry(section: models.Section, number: int) -> models.Entry:
    return section.entries.get(pairing_number=number)


def test_pair_enter_results_and_rank(
    section: models.Section, arbiter: User, simple_pairing: object
) -> None:
    round_one = rounds.pair_next_round(section, arbiter)
    boards = list(round_one.boards.order_by("number"))
    assert [(b.white.pairing_number, b.black.pairing_number) for b in boards] == [
        (1, 2),
        (3, 4),
        (5, 6),
    ]
    with pytest.raises(services.ServiceError, match="without a result"):
        rounds.pair_next_round(section, arbiter)
    rounds.enter_result(round_one, 1, "0", arbiter)
    rounds.enter_result(round_one, 2, "=", arbiter)
    rounds.enter_result(round_one, 3, "1-0", arbiter)
    tournament = bridge.section_tournament(section)
    assert tournament.points(tournament.players[2]) == 1
    assert tournament.players[3].rounds[0].result is ResultCode.DRAW
    results = standings.section_results(section)
    assert {row.number for row in results.main.rows[:2]} == {2, 5}
    assert models.AuditLog.objects.filter(action="result.enter").count() == 3


def test_a_failure_mid_pairing_writes_nothing(
    section: models.Section,
    arbiter: User,
    simple_pairing: object,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real_store = bridge.store_round_pairing

    def store_then_fail(*args: object) -> models.Round:
        real_store(*args)  # type: ignore[arg-type]
        raise RuntimeError("disk full")

    monkeypatch.setattr(bridge, "store_round_pairing", store_then_fail)
    with pytest.raises(RuntimeError):
        rounds.pair_next_round(section, arbiter)
    assert not models.Round.objects.filter(section=section).exists()
    assert not models.Board.objects.exists()
    assert not models.AuditLog.objects.filter(action="round.pair").exists()


def test_correcting_an_earlier_result_recomputes_standings_and_withdrawals(
    section: models.Section, arbiter: User, simple_pairing: object
) -> None:
    # Forfeit limit 2 in this section: player 6 forfeits rounds 1 and 2 and is withdrawn.
    round_one = rounds.pair_next_round(section, arbiter)
    rounds.enter_result(round_one, 1, "1", arbiter)
    rounds.enter_result(round_one, 2, "1", arbiter)
    rounds.enter_result(round_one, 3, "+", arbiter)  # 5 wins by forfeit against 6
    round_two = rounds.pair_next_round(section, arbiter)
    six = _entry(section, 6)
    for board in round_two.boards.all():
        text = "="
        if six.pk in (board.white_id, board.black_id):
            text = "-" if board.white_id == six.pk else "+"  # six does not turn up again
        rounds.enter_result(round_two, board.number, text, arbiter)
    six.refresh_from_db()
    assert (six.withdrawn_after_round, six.withdrawn_automatically) == (2, True)
    round_three = rounds.pair_next_round(section, arbiter)
    assert not round_three.boards.filter(white=six).exists()
    assert not round_three.boards.filter(black=six).exists()
    rounds.unpair_round(round_three, arbiter)

    # The round-1 forfeit was a mistake: the game was played and drawn.
    before = standings.section_results(section).main.row(5).points
    rounds.enter_result(round_one, 3, "=", arbiter)
    six.refresh_from_db()
    assert six.withdrawn_after_round is None
    after = standings.section_results(section).main.row(5).points
    assert before - after == Fraction(1, 2)
    corrections = models.AuditLog.objects.filter(action="result.correct")
    assert ("+/-", "½-½") in [(line.old, line.new) for line in corrections]
    assert models.AuditLog.objects.filter(action="entry.reinstate_auto").exists()


def test_unpair_only_before_results(
    section: models.Section, arbiter: User, simple_pairing: object
) -> None:
    round_one = rounds.pair_next_round(section, arbiter)
    rounds.enter_result(round_one, 1, "1", arbiter)
    with pytest.raises(services.ServiceError, match="already entered"):
        rounds.unpair_round(round_one, arbiter)
    rounds.enter_result(round_one, 1, "*", arbiter)
    rounds.unpair_round(round_one, arbiter)
    assert not section.rounds.exists()


def test_requested_bye_and_late_entry(
    section: models.Section, organiser: User, arbiter: User, simple_pairing: object
) -> None:
    rounds.request_bye(_entry(section, 1), 1, "H", arbiter)
    round_one = rounds.pair_next_round(section, arbiter)
    bye_results = dict(round_one.byes.values_list("entry__pairing_number", "result"))
    assert bye_results[1] == "H"
    assert round_one.boards.count() == 2  # 2..5 play, 6 gets the pairing bye
    assert bye_results[6] == "U"
    for board in round_one.boards.all():
        rounds.enter_result(round_one, board.number, "1", arbiter)
    late = services.add_entry(
        section, services.EntryData(name="Latecomer", sex="m", rating=2400), arbiter
    )
    assert (late.pairing_number, late.joined_before_round) == (7, 2)
    tournament = bridge.section_tournament(section)
    assert tournament.points(tournament.players[1]) == Fraction(1, 2)
    assert tournament.players[7].rounds[0].result is ResultCode.UNPLAYED
    round_two = rounds.pair_next_round(section, arbiter)
    late_in_round = (
        round_two.boards.filter(white=late).exists()
        or round_two.boards.filter(black=late).exists()
        or round_two.byes.filter(entry=late).exists()
    )
    assert late_in_round
    assert models.AuditLog.objects.filter(action="entry.late").exists()


def test_manual_change_warns_of_rematch_and_is_logged(
    section: models.Section, arbiter: User, simple_pairing: object
) -> None:
    round_one = rounds.pair_next_round(section, arbiter)
    for board in round_one.boards.all():
        rounds.enter_result(round_one, board.number, "=", arbiter)
    round_two = rounds.pair_next_round(section, arbiter)
    # Simple pairing pairs 1-2 again (all tied): move 2 away, 3 in.
    one, two, three = _entry(section, 1), _entry(section, 2), _entry(section, 3)
    partner = round_two.boards.get(white=one).black
    assert partner == two
    with pytest.raises(services.ServiceError, match="Start the manual changes"):
        manual_pairing.swap_players(round_two, partner, three, arbiter)
    manual_pairing.start(round_two, arbiter)
    # back to 1-2 would be the rematch: asked first (level 3), nothing changed meanwhile
    _swap_confirmed(round_two, two, three, arbiter)
    assert round_two.boards.get(white=one).black_id == three.pk
    with pytest.raises(rule_warnings.NeedsConfirmation) as pending:
        manual_pairing.swap_players(round_two, three, two, arbiter)
    assert "manual.rematch" in [w.code for w in pending.value.warnings]
    assert round_two.boards.get(white=one).black_id == three.pk
    warnings = manual_pairing.swap_players(round_two, three, two, arbiter, pending.value.token)
    assert round_two.boards.get(white=one).black_id == two.pk
    log = models.AuditLog.objects.filter(action="round.manual_change").first()
    assert log is not None
    assert log.warnings == [warning.as_json() for warning in warnings]
    assert log.old != log.new


def _swap_confirmed(
    round_row: models.Round, first: models.Entry, second: models.Entry, arbiter: User
) -> None:
    """Exchange two players, confirming whatever the exchange asks."""
    token = None
    for _step in range(3):
        try:
            manual_pairing.swap_players(round_row, first, second, arbiter, token)
            return
        except rule_warnings.NeedsConfirmation as pending:
            token = pending.token
    raise AssertionError("still asking after three confirmations")


def test_result_shorthand() -> None:
    assert rounds.parse_result("1") == (ResultCode.WIN, ResultCode.LOSS)
    assert rounds.parse_result(" ½ ") == (ResultCode.DRAW, ResultCode.DRAW)
    assert rounds.parse_result("--") == (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS)
    with pytest.raises(services.ServiceError, match="Unknown result"):
        rounds.parse_result("2")


def test_xiangqi_results_typed_as_the_slip_writes_them() -> None:
    """A xiangqi arbiter copies the slip (☐ 红胜 2-0 ☐ 和棋 1-1 ☐ 黑胜 0-2, the points of the
    Chinese rules): the box reads the points and the words of the page's language. Before,
    "2-0" was an unknown result (only the chess shorthand 1, 0, = was read)."""
    xiangqi = Notation(xiangqi=True, scoring=ScoringSystem.xiangqi())
    red, draw, black = (
        (ResultCode.WIN, ResultCode.LOSS),
        (ResultCode.DRAW, ResultCode.DRAW),
        (ResultCode.LOSS, ResultCode.WIN),
    )
    with translation.override("zh-hans"):
        for typed, codes in (
            ("2-0", red), ("1-1", draw), ("0-2", black), ("红胜", red), ("和棋", draw),
            ("黑胜", black), (" 2 - 0 ", red), ("1", red), ("0", black), ("=", draw),
        ):  # fmt: skip
            assert rounds.parse_result(typed, xiangqi) == codes, typed
        with pytest.raises(services.ServiceError, match="2-0, 1-1, 0-2"):
            rounds.parse_result("3-0", xiangqi)
    with translation.override("en"):
        assert rounds.parse_result("Black wins", xiangqi) == black
        # a chess section reads only what its own slip and the shorthand say
        assert rounds.parse_result("1-0", Notation()) == red
        with pytest.raises(services.ServiceError, match="Unknown result"):
            rounds.parse_result("2-0", Notation())
    with pytest.raises(services.ServiceError, match="Unknown result"):
        rounds.parse_result("2-0")


@pytest.mark.django_db(transaction=True)
def test_pair_all_sections_side_by_side_equals_one_by_one(
    organiser: User, arbiter: User, settings: Any
) -> None:
    """Worker processes give the same pairings as pairing each section in turn (the real
    engine, in round 2 after real results), and each section is stored."""
    spec = rules.EventSpec(
        name="Parallel",
        sections=[rules.SectionSpec(key=key, name=key, total_rounds=3) for key in ("a", "b", "c")],
    )
    event = services.create_event(spec, organiser, slug="parallel")
    models.EventRole.objects.create(event=event, user=arbiter, role=models.Role.ARBITER)
    for section in event.sections.all():
        for index in range(9):
            services.add_entry(
                section,
                services.EntryData(name=f"{section.key}{index}", rating=2100 - 37 * index),
                organiser,
            )
        services.assign_pairing_numbers(section, arbiter)
    settings.PAIRING_PROCESSES = 1
    for round_row in rounds.pair_all_sections(event, arbiter):
        for board in round_row.boards.all():
            rounds.enter_result(round_row, board.number, "1" if board.number % 2 else "=", arbiter)

    def boards(number: int) -> dict[str, list[tuple[int, int]]]:
        return {
            section.key: [
                (b.white.pairing_number, b.black.pairing_number)
                for b in section.rounds.get(number=number).boards.select_related("white", "black")
            ]
            for section in event.sections.all()
        }

    stored = rounds.pair_all_sections(event, arbiter)  # round 2, one by one
    one_by_one = boards(2)
    for round_row in stored:
        rounds.unpair_round(round_row, arbiter)
    settings.PAIRING_PROCESSES = 2
    assert len(rounds.pair_all_sections(event, arbiter)) == 3
    assert boards(2) == one_by_one


def test_standings_leave_out_the_round_being_played(
    section: models.Section, arbiter: User, simple_pairing: object
) -> None:
    # Round 1 (adjacent pairing 1-2, 3-4, 5-6): white wins on boards 1 and 2, board 3 drawn.
    round_one = rounds.pair_next_round(section, arbiter)
    for board, text in ((1, "1"), (2, "1"), (3, "=")):
        rounds.enter_result(round_one, board, text, arbiter)
    after_one = standings.section_results(section)
    # Worked by hand: 1 and 3 have 1 point; 1 met 2 (0 points), so Buchholz 0.
    assert after_one.rounds == 1
    assert after_one.main.row(1).points == 1
    assert after_one.main.row(1).values[0] == 0

    # Pairing round 2 (1-3, 5-6, 2-4 by score) changes nothing until a result is in:
    # counted, its pending games would give 1 a nought-point game and 3's point in Buchholz.
    round_two = rounds.pair_next_round(section, arbiter)
    paired = standings.section_results(section)
    assert paired.rounds == 1
    assert paired.main.row(1).values == after_one.main.row(1).values
    assert paired.main.row(1).points == 1
    rounds.enter_result(round_two, 1, "1", arbiter)  # the first result: live standings
    assert standings.section_results(section).rounds == 2
    for board in (2, 3):
        rounds.enter_result(round_two, board, "=", arbiter)
    after_two = standings.section_results(section)
    assert after_two.rounds == 2
    # 1 beat 2 (then ½ with 4: ½ point) and 3 (lost to 1: still 1 point): 2 points,
    # Buchholz ½ + 1.
    assert after_two.main.row(1).points == 2
    assert after_two.main.row(1).values[0] == Fraction(3, 2)


# --- the round page in the browser's place: the Django client -----------------------------


@pytest.fixture(autouse=True)
def _default_language_after_each_test() -> Iterator[None]:
    """A Persian request leaves Persian active in the thread for the next test's messages."""
    yield
    translation.deactivate()


def _arbiter_client(arbiter: User, language: str = "en") -> Client:
    client = Client()
    client.force_login(arbiter)
    client.cookies["django_language"] = language
    return client


def _messages(response: Any) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def _confirmed(client: Client, url: str, data: dict[str, str]) -> Any:
    """Post ``data``, which asks first (a stored result replaced), then confirm it."""
    page = client.post(url, data).content.decode()
    assert 'data-code="result.replace"' in page, page
    token = page.split(f'name="{rule_warnings.TOKEN_FIELD}" value="')[1].split('"')[0]
    return client.post(url, {**data, rule_warnings.TOKEN_FIELD: token}, follow=True)


def test_clearing_a_stored_result_says_what_was_cleared_and_can_be_undone(
    section: models.Section, arbiter: User, simple_pairing: object
) -> None:
    """``2 x`` on a board holding 1-0 asks first, then clears it, says what was cleared,
    and one click puts it back."""
    round_one = rounds.pair_next_round(section, arbiter)
    client = _arbiter_client(arbiter)
    url = reverse("events:round_result", args=[section.event.slug, "open", 1])
    client.post(url, {"entry": "2 1"}, follow=True)
    response = _confirmed(client, url, {"entry": "2 x"})
    board = round_one.boards.get(number=2)
    assert board.is_pending
    assert _messages(response) == ["Board 2: result 1-0 cleared · Player 03 – Player 04"]
    page = response.content.decode()
    assert 'id="undo-form"' in page and "Undo: put back 1-0" in page
    response = client.post(url, {"undo_board": "2"}, follow=True)
    board.refresh_from_db()
    assert (board.white_result, board.black_result) == ("1", "0")
    assert _messages(response) == ["Board 2: 1-0 put back · Player 03 – Player 04"]
    assert 'id="undo-form"' not in response.content.decode()  # one step only
    undone = models.AuditLog.objects.get(action="result.undo")
    assert (undone.old, undone.new, undone.username) == (None, "1-0", "arif")
    # A second undo has nothing to put back.
    response = client.post(url, {"undo_board": "2"}, follow=True)
    assert _messages(response) == ["Nothing to undo."]


def test_a_changed_result_names_the_old_one_and_undo_never_overwrites_a_newer_entry(
    section: models.Section, arbiter: User, organiser: User, simple_pairing: object
) -> None:
    round_one = rounds.pair_next_round(section, arbiter)
    client = _arbiter_client(arbiter)
    url = reverse("events:round_result", args=[section.event.slug, "open", 1])
    client.post(url, {"entry": "1 ="}, follow=True)
    response = _confirmed(client, url, {"entry": "1 0"})
    assert _messages(response) == ["Board 1: 0-1 (was ½-½) · Player 01 – Player 02"]
    assert "Undo: put back ½-½" in response.content.decode()
    # Meanwhile another arbiter clears board 1: the undo would overwrite it, so it refuses.
    rounds.enter_result(round_one, 1, "*", arbiter)
    response = client.post(url, {"undo_board": "1"}, follow=True)
    assert _messages(response) == ["Board 1 has changed since (now *): nothing undone."]
    assert round_one.boards.get(number=1).is_pending
    # A first entry offers no undo (nothing was lost).
    response = client.post(url, {"entry": "3 1"}, follow=True)
    assert 'id="undo-form"' not in response.content.decode()


def test_unpairing_asks_first(
    section: models.Section, arbiter: User, simple_pairing: object
) -> None:
    rounds.pair_next_round(section, arbiter)
    client = _arbiter_client(arbiter)
    url = reverse("events:round_unpair", args=[section.event.slug, "open", 1])
    response = client.post(url)
    assert section.rounds.filter(number=1).exists()  # nothing deleted yet
    page = response.content.decode()
    assert "Delete the pairing of Open round 1 (3 boards)?" in page
    assert 'name="confirm" value="yes"' in page
    client.post(url, {"confirm": "yes"})
    assert not section.rounds.exists()


def test_pairing_every_section_asks_first(
    section: models.Section, arbiter: User, simple_pairing: object
) -> None:
    client = _arbiter_client(arbiter)
    url = reverse("events:pair_all", args=[section.event.slug])
    response = client.post(url)
    assert not models.Round.objects.filter(section__event=section.event).exists()
    page = response.content.decode()
    assert re.search(r"<td>Open</td><td>1</td>", page), page
    client.post(url, {"confirm": "yes"})
    assert section.rounds.filter(number=1).exists()


def test_round_page_links_its_printouts(
    section: models.Section, arbiter: User, simple_pairing: object
) -> None:
    rounds.pair_next_round(section, arbiter)
    client = _arbiter_client(arbiter)
    page = client.get(
        reverse("events:round_detail", args=[section.event.slug, "open", 1])
    ).content.decode()
    for kind in ("pairings", "pairings-by-name", "slips"):
        link = f"/print/{section.event.slug}/open/{kind}/?round=1"
        assert link in page, kind
        assert client.get(link).status_code == 200


def test_round_page_in_persian_digits_and_persian_digits_typed(
    section: models.Section, arbiter: User, simple_pairing: object
) -> None:
    round_one = rounds.pair_next_round(section, arbiter)
    client = _arbiter_client(arbiter, "fa")
    slug = section.event.slug
    client.post(reverse("events:round_result", args=[slug, "open", 1]), {"entry": "۳ ۱"})
    page = client.get(reverse("events:round_detail", args=[slug, "open", 1])).content.decode()
    assert re.search(r"<h1>Open — [^<]* ۱</h1>", page), page
    row = re.search(r'<tr class="board" id="board-3"[^>]*>(.*?)</tr>', page, re.S)
    assert row and '<td class="num">۳</td>' in row.group(1)
    # 1-0 read right to left (a right-to-left mark each side of the dash): the ۱ stands on
    # the right, beside White, whose name is on the right of the line.
    assert '<td class="result">۱\u200f-\u200f۰' in row.group(1)
    # The exchange form takes pairing numbers in Persian digits too.
    for board in round_one.boards.all():
        rounds.enter_result(round_one, board.number, "*", arbiter)
    client.post(reverse("events:round_manual", args=[slug, "open", 1]), {"action": "start"})
    client.post(reverse("events:round_swap", args=[slug, "open", 1]), {"first": "۱", "second": "۳"})
    assert round_one.boards.get(number=1).white.pairing_number == 3


def test_standings_page_in_persian_digits(
    section: models.Section, arbiter: User, simple_pairing: object
) -> None:
    # Round 1: 1-2, 3-4, 5-6; board 1 drawn, boards 2 and 3 won by White: 3 and 5 lead
    # with 1 point (Buchholz 0 each: places 1-2 shared), 1 and 2 have ½.
    round_one = rounds.pair_next_round(section, arbiter)
    for board, text in ((1, "="), (2, "1"), (3, "1")):
        rounds.enter_result(round_one, board, text, arbiter)
    page = (
        _arbiter_client(arbiter, "fa")
        .get(reverse("events:standings", args=[section.event.slug, "open"]))
        .content.decode()
    )
    first = re.search(r"<tr><td class=\"num\">(.*?)</td><td class=\"num\">(.*?)</td>", page)
    # places 1-2 shared (read right to left), pairing number 3
    assert first and first.groups() == ("۱\u200f-\u200f۲", "۳")
    assert '<td class="num points">۱</td>' in page
    assert '<td class="num points">۰٫۵</td>' in page


BOARD_FA = "میز"
"""A board in Persian (docs/translations.md): «صفحه» alone is a web page, never a board."""


def test_persian_round_page_calls_a_board_by_one_word(
    section: models.Section, arbiter: User, simple_pairing: object
) -> None:
    """The arbiter's round page in Persian, a result just typed: the boards' column, the
    typed-entry help, the board being entered and the keys' hint all say «میز»; «صفحه»
    stands only where it means the web page (“reload the page”). They said «صفحه» for the
    same board beside the column's «میز» before."""
    rounds.pair_next_round(section, arbiter)
    client = _arbiter_client(arbiter, "fa")
    slug = section.event.slug
    client.post(reverse("events:round_result", args=[slug, "open", 1]), {"entry": "2 1"})
    page = client.get(reverse("events:round_detail", args=[slug, "open", 1])).content.decode()
    for phrase in (
        f'<th class="num">{BOARD_FA}</th>',  # the boards' column
        f"{BOARD_FA} و نتیجه",  # the typed entry's label
        f"نتیجهٔ تنها برای {BOARD_FA}ی است که اینجا آمده",  # its help
        f"Enter یا ↓: {BOARD_FA} بعد؛ ↑: {BOARD_FA} قبل.",
        f'data-template="{BOARD_FA} {{board}}: {{players}}"',  # the board being entered
    ):
        assert phrase in page, phrase
    pages = [match.group(0) for match in re.finditer(r"\S*صفحه\S*(?: \S+)?", page)]
    assert pages == ["صفحه را"], pages  # “Reload the page and check the last results.”
