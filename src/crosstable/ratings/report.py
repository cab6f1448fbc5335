"""The rating report: what FIDE's rating server checks in the TRF a federation uploads
(``crosstable ratings FILE --report OUT`` writes the file, its dates as the server reads them).

The checks (each a :class:`ReportProblem` naming the record or the player): the start and
end dates (042, 052) and the chief arbiter (102) are needed; the round dates (132) and the
time control (122), which tells the server which list the event goes to, should be there;
every rated player needs a FIDE ID, every player a federation; a points field must be what
the results add up to (the reader's warning, raised to an error here). Errors stop the
report; warnings are printed with it.
"""

from __future__ import annotations

import dataclasses

from crosstable.model import Tournament

ERROR = "error"
WARNING = "warning"


@dataclasses.dataclass(frozen=True, slots=True)
class ReportProblem:
    severity: str
    place: str
    """A record code (``042``) or ``player N``."""
    message: str

    def __str__(self) -> str:
        return f"{self.place}: {self.severity}: {self.message}"


def report_problems(tournament: Tournament, reader_warnings: list[str]) -> list[ReportProblem]:
    """What keeps the file from FIDE's rating server (errors) or should be mended (warnings).
    ``reader_warnings``: the TRF reader's warnings about points fields, already worded."""
    problems: list[ReportProblem] = []
    if tournament.start_day is None:
        problems.append(ReportProblem(ERROR, "042", "no start date that can be read"))
    if tournament.end_day is None:
        problems.append(ReportProblem(ERROR, "052", "no end date that can be read"))
    if not tournament.chief_arbiter.strip():
        problems.append(ReportProblem(ERROR, "102", "no chief arbiter"))
    if not tournament.time_control.strip():
        problems.append(
            ReportProblem(WARNING, "122", "no time control: the server cannot tell the list")
        )
    if not any(text.strip() for text in tournament.round_dates):
        problems.append(ReportProblem(WARNING, "132", "no round dates"))
    for player in tournament:
        place = f"player {player.pairing_number} ({player.name})"
        if player.rating and not player.fide_id.strip():
            problems.append(ReportProblem(ERROR, place, f"rated {player.rating}, no FIDE ID"))
        if not player.federation.strip():
            problems.append(ReportProblem(WARNING, place, "no federation"))
    problems.extend(
        ReportProblem(ERROR, "001", warning)
        for warning in reader_warnings
        if "points field" in warning
    )
    return problems
