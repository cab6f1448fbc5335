"""One section's promotion report, worked from its results and the ``[grades]`` table.

Our readings (docs/regulations.md, "[grades]"):

- **Games** are the games played over the board (won, drawn or lost, a game of less than one
  move included). A forfeit, won or lost, a bye of any kind and an absence are no game: they
  show nothing of the player's strength, and the rate counts only what was played. A game
  still without a result is not counted yet (the report says it is provisional).
- **Score rate** = points of those games ÷ (games × a win's points), exact: 2/1/0 xiangqi
  points count as fractions of a win, so 3 wins and 1 draw of 4 games are 7/8 in either game.
- **Grade on entry**: the grade the entry records ("" = no grade); where the regulations'
  adult rule makes an adult enter as if holding a grade (Futian 五.2), that grade.
- **Results cancelled** after forfeits (Futian 九.5 取消成绩): no promotion.
- The strongest grade any met rule gives is earned; it is then capped to the event's highest
  title, then lowered rung by rung while the section has fewer rounds or shorter games than
  the title needs; a cap that leaves nothing above the grade on entry awards nothing.
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
from collections.abc import Sequence
from fractions import Fraction

from crosstable.forfeit_withdrawal import ForfeitRule, results_cancelled
from crosstable.model.player import Player
from crosstable.model.results import ResultCode
from crosstable.model.tournament import Tournament
from crosstable.regulations.schema import (
    Grade,
    GradeRules,
    PromotionRule,
    SectionRules,
    TimeControl,
)
from crosstable.regulations.sections import EntrantData, effective_grade
from crosstable.typed.calendars import Calendar, add_months

MOVES_PER_INCREMENT = 60
"""FIDE's convention for the length of a game with an increment (Laws of Chess, Appendices
A.1 and B.1: "the time allotted plus 60 times any increment")."""


class Outcome(enum.Enum):
    """What the report says of one player."""

    PROMOTED = "promoted"
    CAPPED = "capped"
    """Promoted, to a weaker grade than the rule gave (see ``PromotionLine.caps``)."""
    NOT_AWARDABLE = "not_awardable"
    """A rule was met, but the caps leave no grade above the one on entry."""
    RATE_BELOW = "rate_below"
    TOO_FEW_GAMES = "too_few_games"
    NO_RULE = "no_rule"
    """The regulations give no promotion from this grade."""
    RESULTS_CANCELLED = "results_cancelled"
    HOUSE_PLAYER = "house_player"
    GRADE_NOT_ON_LADDER = "grade_not_on_ladder"
    """The entry's grade is none of the ladder's rungs (the report names it)."""

    @property
    def promoted(self) -> bool:
        return self in (Outcome.PROMOTED, Outcome.CAPPED)


class Cap(enum.Enum):
    """Why a player got a weaker grade than the rule gave."""

    HIGHEST = "highest"
    """The event may award no stronger title (Futian 十一.2: 三级棋士)."""
    ROUNDS = "rounds"
    """The section has fewer rounds than the title needs."""
    TIME = "time"
    """The section's games are shorter than the title needs."""


@dataclasses.dataclass(frozen=True, slots=True)
class PromotionLine:
    number: int
    name: str
    unit: str
    recorded_grade: str
    """The grade as the entry records it ("" = no grade)."""
    on_entry: Grade | None
    """The rung the player entered on (None: the recorded grade is not on the ladder)."""
    adult_rule: bool
    """``on_entry`` comes from the adult rule, not from the recorded grade."""
    games: int
    points: Fraction
    """Points of the games counted (forfeits and byes are not)."""
    rate: Fraction | None
    """Score rate, 0 to 1 (None: no game counted)."""
    outcome: Outcome
    rule: PromotionRule | None = None
    """The rule met; for a player not promoted, the rule that came nearest (the threshold
    the report quotes)."""
    earned: Grade | None = None
    """What the rule gives, before the caps."""
    awarded: Grade | None = None
    """The new grade (None: no promotion)."""
    caps: tuple[Cap, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True)
class SectionPromotions:
    section: SectionRules
    grades: GradeRules
    lines: tuple[PromotionLine, ...]
    rounds: int
    """Rounds the section has (what ``min_rounds`` is compared with)."""
    rounds_played: int
    minutes: Fraction | None
    """Playing time of a game, both players together (None: no time control)."""
    pending: int
    """Games of the counted rounds still without a result."""
    label: str
    """The section or playing group as the report names it."""

    @property
    def provisional(self) -> bool:
        """Not every round is played and every result in: the report may still change."""
        return self.rounds_played < self.rounds or self.pending > 0

    @property
    def promoted(self) -> tuple[PromotionLine, ...]:
        return tuple(line for line in self.lines if line.outcome.promoted)


def game_minutes(control: TimeControl) -> Fraction:
    """Playing time of one game, both players together (双方每局用时总和), in minutes: each
    player's time plus 60 times the increment (FIDE's convention), twice unless the time
    control is already the total of both (``shared``)."""
    increment = Fraction(control.increment_seconds * MOVES_PER_INCREMENT, 60)
    if control.shared:
        return Fraction(control.base_minutes) + 2 * increment
    return 2 * (Fraction(control.base_minutes) + increment)


def validity_date(
    grades: GradeRules, end_date: datetime.date | None, calendar: Calendar
) -> datetime.date | None:
    """The last day the results are valid for certificate applications: the event's end plus
    the regulations' period, months counted in the event's calendar (Futian 十一.7: two
    months; 22 December 2019 → 22 February 2020). None without a period or an end date."""
    period = grades.valid_for
    if period is None or end_date is None:
        return None
    return add_months(end_date, period.months, calendar) + datetime.timedelta(days=period.days)


def section_promotions(
    tournament: Tournament,
    section: SectionRules,
    grades: GradeRules,
    *,
    rounds: int,
    rounds_played: int | None = None,
    order: Sequence[int] | None = None,
    label: str = "",
) -> SectionPromotions:
    """The promotion report of one section (or a playing group of it) after
    ``rounds_played`` rounds (default: every round recorded) of its ``rounds``; lines in
    ``order`` (pairing numbers, e.g. the standings' order; default by pairing number);
    ``label`` names the section or playing group on the report (default: its name)."""
    played = tournament.rounds_recorded if rounds_played is None else rounds_played
    minutes = game_minutes(section.time_control) if section.time_control is not None else None
    cancelled = frozenset[int]()
    if section.forfeits_to_withdraw:
        rule = ForfeitRule(section.forfeits_to_withdraw, section.forfeits_cancel_results)
        cancelled = results_cancelled(tournament, rule, played)
    numbers = list(order) if order is not None else sorted(tournament.players)
    numbers += sorted(set(tournament.players) - set(numbers))
    lines = tuple(
        _line(
            tournament.players[number],
            section,
            grades,
            played,
            rounds,
            minutes,
            number in cancelled,
        )
        for number in numbers
        if number in tournament.players
    )
    return SectionPromotions(
        section=section,
        grades=grades,
        lines=lines,
        rounds=rounds,
        rounds_played=played,
        minutes=minutes,
        pending=_pending(tournament, played),
        label=label or section.name,
    )


def _pending(tournament: Tournament, rounds_played: int) -> int:
    """Games of the first ``rounds_played`` rounds without a result, each counted once."""
    return sum(
        1
        for player in tournament
        for entry in player.rounds[:rounds_played]
        if entry.result is ResultCode.PENDING
        and entry.opponent is not None
        and entry.opponent > player.pairing_number
    )


def _recorded(player: Player) -> str:
    """The entry's grade as the ladder keys it: a number without leading zeros."""
    recorded = player.national_grade.strip()
    if recorded.isascii() and recorded.isdigit():
        return str(int(recorded))
    return recorded


def _on_entry(player: Player, section: SectionRules, grades: GradeRules) -> tuple[str, bool]:
    """The ladder key the player entered on, and whether the adult rule decided it."""
    recorded = _recorded(player)
    adult = section.eligibility.adult_grade_rule
    numbered = recorded.isascii() and recorded.isdigit()
    if adult is None or not (recorded == "" or numbered):
        return recorded, False
    birth = player.birth_date if isinstance(player.birth_date, datetime.date) else None
    entrant = EntrantData(player.name, grade=int(recorded) if recorded else None, birth_date=birth)
    effective = effective_grade(section.eligibility, entrant)
    if effective is not None and str(effective) != recorded:
        return str(effective), True
    return recorded, False


def _line(
    player: Player,
    section: SectionRules,
    grades: GradeRules,
    rounds_played: int,
    rounds: int,
    minutes: Fraction | None,
    cancelled: bool,
) -> PromotionLine:
    recorded = _recorded(player)
    key, adult = _on_entry(player, section, grades)
    on_entry = grades.on_entry(key)
    games = 0
    points = Fraction(0)
    for entry in player.rounds[:rounds_played]:
        # a game played over the board and finished (a pending one is not counted yet)
        if not entry.is_played or entry.result is ResultCode.PENDING:
            continue
        games += 1
        points += section.scoring.points(entry.result, entry.colour)
    win = section.scoring.win
    rate = points / (games * win) if games and win else None
    line = PromotionLine(
        number=player.pairing_number,
        name=player.name,
        unit=player.club,
        recorded_grade=recorded,
        on_entry=on_entry,
        adult_rule=adult,
        games=games,
        points=points,
        rate=rate,
        outcome=Outcome.NO_RULE,
    )
    if player.house:
        return dataclasses.replace(line, outcome=Outcome.HOUSE_PLAYER)
    if cancelled:
        return dataclasses.replace(line, outcome=Outcome.RESULTS_CANCELLED)
    if on_entry is None:
        return dataclasses.replace(line, outcome=Outcome.GRADE_NOT_ON_LADDER)
    return _promote(line, on_entry, grades, rounds, minutes)


def _promote(
    line: PromotionLine,
    on_entry: Grade,
    grades: GradeRules,
    rounds: int,
    minutes: Fraction | None,
) -> PromotionLine:
    candidates = [rule for rule in grades.promotions if rule.from_grade == on_entry.key]
    if not candidates:
        return line
    rate_percent = None if line.rate is None else line.rate * 100

    def rate_met(rule: PromotionRule) -> bool:
        return rate_percent is not None and rate_percent >= rule.rate_percent

    met = [rule for rule in candidates if line.games >= rule.min_games and rate_met(rule)]
    if not met:
        strongest_first = sorted(candidates, key=lambda rule: grades.strength(rule.to_grade))
        short_of_games = [rule for rule in strongest_first if rate_met(rule)]
        if short_of_games:
            return dataclasses.replace(line, outcome=Outcome.TOO_FEW_GAMES, rule=short_of_games[0])
        enough_games = [rule for rule in candidates if line.games >= rule.min_games]
        if not enough_games:
            fewest = min(candidates, key=lambda rule: (rule.min_games, rule.rate_percent))
            return dataclasses.replace(line, outcome=Outcome.TOO_FEW_GAMES, rule=fewest)
        nearest = min(enough_games, key=lambda rule: rule.rate_percent)
        return dataclasses.replace(line, outcome=Outcome.RATE_BELOW, rule=nearest)
    rule = min(met, key=lambda rule: grades.strength(rule.to_grade))
    earned = grades.grade(rule.to_grade)
    target = grades.strength(earned.key)
    caps: list[Cap] = []
    if grades.highest is not None and target < grades.strength(grades.highest):
        target = grades.strength(grades.highest)
        caps.append(Cap.HIGHEST)
    entry_strength = grades.strength(on_entry.key)
    while target < entry_strength:
        title = grades.ladder[target]
        short_rounds = title.min_rounds is not None and rounds < title.min_rounds
        short_time = title.min_minutes is not None and (
            minutes is None or minutes < title.min_minutes
        )
        if not short_rounds and not short_time:
            break
        for cap, applies in ((Cap.ROUNDS, short_rounds), (Cap.TIME, short_time)):
            if applies and cap not in caps:
                caps.append(cap)
        target += 1
    if target >= entry_strength:
        return dataclasses.replace(
            line, outcome=Outcome.NOT_AWARDABLE, rule=rule, earned=earned, caps=tuple(caps)
        )
    awarded = grades.ladder[target]
    return dataclasses.replace(
        line,
        outcome=Outcome.CAPPED if awarded != earned else Outcome.PROMOTED,
        rule=rule,
        earned=earned,
        awarded=awarded,
        caps=tuple(caps) if awarded != earned else (),
    )
