"""An event made from a TRF file: its players, every round recorded (games, results, byes),
the byes asked for the next round, and the section in FIDE mode.

The file is read by ``crosstable.formats.trf`` (its errors name the line and column); the
event gets the file's name, dates (042/052) and city (022), one section with the file's
number of rounds (142 / XXR, else the rounds recorded), pairing system (192, or a system code
on the 092 line), point system (162 / XXS / BB*), tie-break list
(202 / 212) and initial colour (152), and the two-player prohibited pairings (260 / XXP).
Its ``###`` lines are kept and written back. A team file (310 / 013) is refused: teams are
entered on the team pages.

A system line naming a system crosstable does not pair for players (unknown, refused by the
registry, a team system) is refused naming the file, the line and the code; a file with no
system line is paired by the FIDE (Dutch) system in force, and :class:`ImportedEvent` carries
the notice saying so, which the page and the command show (docs/web.md, "Events from a TRF
file").
"""

from __future__ import annotations

import dataclasses
import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from crosstable.formats.trf import TrfError, decode_trf, read_trf_bytes
from crosstable.model import Colour, ResultCode, Tournament
from crosstable.pairing import registry
from crosstable_web.events import models, services
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.regulations import rules
from crosstable_web.events.rounds import fide_mode

SECTION_KEY = "A"
IMPORTED_NOTE = "imported"
"""``ReportNote.kind`` of a ``###`` line of the imported file (written back as it was)."""


ASSUMED_SYSTEM = registry.DEFAULT_SYSTEM
"""The system of a file without a system line: the FIDE (Dutch) rules in force."""


@dataclasses.dataclass(frozen=True, slots=True)
class ImportedEvent:
    """The event made from a file, and what the organiser must be told about the reading."""

    event: models.Event
    notice: str = ""
    """Said to the organiser when the file named no pairing system ("" when it did)."""


def _system_line(text: str, code: str) -> int | None:
    """The line of the file that names ``code``: its last 192 record, else its 092 record."""
    lines = text.splitlines()
    for record in ("192", "092"):
        for number in range(len(lines), 0, -1):
            line = lines[number - 1]
            if line.startswith(record) and line[3:].strip() == code:
                return number
    return None


def _system(code: str, text: str, source: str) -> str:
    """The file's pairing system; a ServiceError naming the line when the app does not pair
    it for players."""
    code = code.strip()
    if not code:
        return ASSUMED_SYSTEM
    try:
        if registry.is_team_system(code):
            raise KeyError(code)
        return registry.pairing_system(code).code
    except KeyError:
        raise services.ServiceError(
            _(
                "%(file)s line %(line)s: crosstable does not pair the players of a file by the "
                "system %(code)s. Write one of %(known)s on that line, or delete the line to "
                "pair by %(assumed)s."
            )
            % {
                "file": source,
                "line": _system_line(text, code) or "192",
                "code": code,
                "known": ", ".join(sorted(registry.SYSTEMS)),
                "assumed": ASSUMED_SYSTEM,
            }
        ) from None


def _assumed_notice(tournament: Tournament, source: str) -> str:
    if tournament.system_code.strip():
        return ""
    return _(
        "%(file)s names no pairing system (no 192 line): the section is paired by the FIDE "
        "(Dutch) system in force, %(assumed)s, the system of FIDE-rated Swiss events. If the "
        "event used another system, change it in the section's settings before pairing the "
        "next round."
    ) % {"file": source, "assumed": ASSUMED_SYSTEM}


def spec_of(tournament: Tournament, source: str, time_zone: str, text: str = "") -> rules.EventSpec:
    """The event and section the file describes (``text``: the file, to name the line of a
    refused system)."""
    name = tournament.name.strip() or source
    settings: dict[str, object] = {}
    if tournament.initial_colour is not None:
        settings["initial_colour"] = tournament.initial_colour.value
    section = rules.SectionSpec(
        key=SECTION_KEY,
        name=name,
        total_rounds=tournament.total_rounds or tournament.rounds_paired or rules.DEFAULT_ROUNDS,
        system_code=_system(tournament.system_code, text, source),
        scoring=tournament.scoring,
        tiebreaks=list(tournament.tiebreaks),
        settings=settings,
        fide_mode=True,
    )
    return rules.EventSpec(
        name=name,
        game="chess",
        sections=[section],
        time_zone=time_zone,
        start_date=tournament.start_day,
        end_date=tournament.end_day,
        venue=tournament.city.strip(),
    )


@transaction.atomic
def create_event_from_trf(
    data: bytes, source: str, actor: Actor, *, time_zone: str, slug: str | None = None
) -> ImportedEvent:
    """The event of a TRF file (the ``actor`` becomes its organiser); a file that cannot be
    read, or names a system the app does not pair, is a ``ServiceError`` naming the line, and
    nothing is saved."""
    try:
        tournament, _warnings = read_trf_bytes(data, source)
    except TrfError as error:
        raise services.ServiceError(str(error)) from None
    if tournament.teams:
        raise services.ServiceError(
            _("%(file)s is a team file: create the team event, then its teams.") % {"file": source}
        )
    if not tournament.players:
        raise services.ServiceError(_("%(file)s has no player.") % {"file": source})
    spec = spec_of(tournament, source, time_zone, decode_trf(data))
    event = services.create_event(spec, actor, slug)
    section = event.sections.get()
    _store(section, tournament)
    audit.record(
        event,
        actor,
        "event.import_trf",
        event.name,
        None,
        {
            "file": source,
            "players": len(tournament.players),
            "rounds": tournament.rounds_paired,
            "system": spec.sections[0].system_code,
            "system_assumed": not tournament.system_code.strip(),
        },
    )
    return ImportedEvent(event, _assumed_notice(tournament, source))


_SEXES = {"m": "M", "w": "F", "f": "F"}


def _store(section: models.Section, tournament: Tournament) -> None:
    """The players, rounds, games, byes and requested byes of ``tournament`` as rows."""
    entries: dict[int, models.Entry] = {}
    for player in tournament:
        entries[player.pairing_number] = models.Entry.objects.create(
            section=section,
            pairing_number=player.pairing_number,
            name=player.name.strip() or f"{player.pairing_number}",
            sex=_SEXES.get(player.sex.lower(), ""),
            birth_date=player.birth_date if isinstance(player.birth_date, datetime.date) else None,
            rating=max(0, min(player.rating, services.MAX_RATING)),
            title=player.title.strip()[:4],
            federation=player.federation.strip()[:3],
            fide_id=player.fide_id.strip()[:12],
        )
    for round_number in range(1, tournament.rounds_paired + 1):
        _store_round(section, tournament, round_number, entries)
    for round_number in range(tournament.rounds_paired + 1, (tournament.total_rounds or 0) + 1):
        for player in tournament:
            entry = player.entry(round_number)
            code = tournament.absences.get(round_number, {}).get(player.pairing_number)
            if entry is not None and entry.result in (
                ResultCode.HALF_POINT_BYE,
                ResultCode.FULL_POINT_BYE,
                ResultCode.ZERO_POINT_BYE,
            ):
                code = entry.result
            if code is not None and code is not ResultCode.UNPLAYED:
                models.RequestedBye.objects.create(
                    entry=entries[player.pairing_number],
                    round_number=round_number,
                    result=code.value,
                )
    for rule in tournament.prohibited_pairings:
        if len(rule.players) == 2 and rule.first_round <= 1:
            first, second = rule.players
            models.ProhibitedPair.objects.create(
                section=section, first=entries[first], second=entries[second]
            )
    for record in tournament.extra_records:
        if record.startswith("###"):
            fide_mode.add_note(section, 0, IMPORTED_NOTE, record[3:].strip())


def _store_round(
    section: models.Section,
    tournament: Tournament,
    round_number: int,
    entries: dict[int, models.Entry],
) -> None:
    round_row = models.Round.objects.create(section=section, number=round_number)
    games: list[tuple[int, int]] = []
    byes: list[models.Bye] = []
    for player in tournament:
        entry = player.entry(round_number)
        if entry is None or entry.result is ResultCode.UNPLAYED:
            continue
        number = player.pairing_number
        if entry.opponent is None:
            byes.append(
                models.Bye(round=round_row, entry=entries[number], result=entry.result.value)
            )
        elif entry.colour is Colour.WHITE or (entry.colour is None and number < entry.opponent):
            games.append((number, entry.opponent))

    # Board order of C.04.2 Art. 3.6: the higher score of the pair, the sum of the scores,
    # the smaller pairing number of the higher-ranked player.
    def order(game: tuple[int, int]) -> tuple[object, ...]:
        scores = [tournament.points(tournament.players[n], round_number - 1) for n in game]
        return (-max(scores), -sum(scores), min(game))

    boards = []
    for index, (white, black) in enumerate(sorted(games, key=order), start=1):
        white_entry = tournament.players[white].entry(round_number)
        black_entry = tournament.players[black].entry(round_number)
        assert white_entry is not None and black_entry is not None
        boards.append(
            models.Board(
                round=round_row,
                number=index,
                white=entries[white],
                black=entries[black],
                white_result=white_entry.result.value,
                black_result=black_entry.result.value,
            )
        )
    models.Board.objects.bulk_create(boards)
    models.Bye.objects.bulk_create(byes)
