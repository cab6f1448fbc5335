"""Running an event without a browser: the ``crosstable-web`` commands over the same store,
on the Kinabatangan example regulations and the real pairing engine."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.contrib.auth.models import Permission, User
from django.core.management import CommandError, call_command

from crosstable.formats.trf import read_trf
from crosstable_web.events import models
from crosstable_web.events.files import event_file

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "kinabatangan-school-2024.toml"


def run(*args: str) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


@pytest.fixture
def accounts(db: None) -> None:
    """olga, an account allowed to create events (she organises those she creates), and
    arif, an arbiter of the event ``kcs`` once it exists (:func:`_arbiter_of`)."""
    olga = User.objects.create_user("olga", password="x")
    olga.user_permissions.add(Permission.objects.get(codename="add_event"))
    User.objects.create_user("arif", password="x")


def _arbiter_of(slug: str) -> None:
    event = models.Event.objects.get(slug=slug)
    models.EventRole.objects.create(
        event=event, user=User.objects.get(username="arif"), role=models.Role.ARBITER
    )


def test_an_event_from_regulations_to_standings_and_back(accounts: None, tmp_path: Path) -> None:
    run("create_event", str(EXAMPLE), "--slug", "kcs", "--rounds", "3", "--as", "olga")
    _arbiter_of("kcs")
    event = models.Event.objects.get(slug="kcs")
    assert sorted(event.sections.values_list("key", flat=True)) == ["L12", "P12"]
    boys = event.sections.get(key="L12")
    assert (boys.total_rounds, str(boys.entry_fee)) == (3, "5.00")

    entries = tmp_path / "entries.csv"
    lines = ["section,name,sex,birth_date,unit"]
    schools = ["SK Sukau", "SK Bilit", "SK Lamag"]
    lines += [f"L12,Murid {i},M,2014-01-{i + 1:02d},{schools[i % 3]}" for i in range(8)]
    entries.write_text("\n".join(lines), encoding="utf-8")
    run("import_entries", "kcs", str(entries), "--numbers", "rating", "--as", "olga")
    assert boys.entries.filter(pairing_number__isnull=False).count() == 8

    run("bye", "kcs", "L12", "8", "2", "H", "--as", "arif")
    run("withdraw", "kcs", "L12", "7", "--after-round", "2", "--as", "arif")
    for round_number in (1, 2, 3):
        printed = run("pair", "kcs", "--section", "L12", "--as", "arif")
        assert f"L12 round {round_number}" in printed
        round_row = models.Round.objects.get(section=boys, number=round_number)
        boards = round_row.boards.count()
        # Round 2: 8 has a half-point bye (7 the pairing bye); round 3: 7 has withdrawn.
        assert boards == {1: 4, 2: 3, 3: 3}[round_number]
        if round_number == 2:
            assert "H" in round_row.byes.values_list("result", flat=True)
        run(
            "result",
            "kcs",
            "L12",
            str(round_number),
            *[
                part
                for board in range(1, boards + 1)
                for part in (str(board), "1" if board % 2 else "=")
            ],
            "--as",
            "arif",
        )
    # Round 1 keeps pupils of one school apart (regulations 4.4).
    first = models.Round.objects.get(section=boys, number=1)
    assert all(
        board.white.unit != board.black.unit
        for board in first.boards.select_related("white", "black")
    )

    table = run("standings", "kcs", "L12")
    assert "after round 3 of 3" in table
    assert all(code in table for code in boys.tiebreaks)

    exported = tmp_path / "kcs.json"
    run("export_event", "kcs", "-o", str(exported))
    run("import_event", str(exported), "--slug", "kcs-copy", "--as", "olga")
    copy = models.Event.objects.get(slug="kcs-copy")
    assert event_file.comparable(event_file.event_document(copy)) == event_file.comparable(
        json.loads(exported.read_text(encoding="utf-8"))
    )
    trf = run("export_event", "kcs", "--trf", "L12")
    assert len(read_trf(trf).players) == 8


def test_commands_explain_bad_input(accounts: None, tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="no event 'nope'"):
        run("pair", "nope", "--as", "arif")
    broken = tmp_path / "broken.toml"
    broken.write_text("[event]\nname = 1\n", encoding="utf-8")
    with pytest.raises(CommandError, match="name"):
        run("create_event", str(broken), "--as", "olga")
    run("create_event", str(EXAMPLE), "--slug", "kcs", "--as", "olga")
    bad = tmp_path / "bad.csv"
    bad.write_text("section,name,sex\nP12,Ali,M\n", encoding="utf-8")
    with pytest.raises(CommandError, match="nothing was imported"):
        run("import_entries", "kcs", str(bad), "--as", "olga")
    with pytest.raises(CommandError, match="no section 'X'"):
        run("standings", "kcs", "X")
