"""The regulations of an event as immutable values: what a regulations file says, once read.

Every class here mirrors one table of the TOML file (see docs/regulations.md); the loader
(``crosstable.regulations.loader``) builds them and checks every value. Dates are Gregorian
``datetime.date`` values whatever calendar the file was written in; points are exact
``Fraction`` values and money exact ``Decimal`` values.
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction

from crosstable.model import ScoringSystem
from crosstable.pairing.rules import PairingRules
from crosstable.typed.calendars import Calendar

AttributeValue = str | int | bool | Fraction | Decimal | datetime.date | None
"""A value a condition can test: an entrant's sex, age, unit kind, number of games, …"""


class Game(enum.Enum):
    CHESS = "chess"
    XIANGQI = "xiangqi"


class Operator(enum.Enum):
    """How a condition compares an attribute with its value."""

    EQUALS = "equals"
    IN = "in"
    AT_LEAST = "at_least"
    BELOW = "below"
    AT_MOST = "at_most"


@dataclasses.dataclass(frozen=True, slots=True)
class Condition:
    """One test on one attribute, e.g. ``sex equals "F"`` or ``games at_least 7``."""

    attribute: str
    operator: Operator
    value: AttributeValue | tuple[AttributeValue, ...]

    def holds(self, attributes: Mapping[str, AttributeValue]) -> bool:
        """True when the attribute is known and passes; an unknown attribute never passes."""
        actual = attributes.get(self.attribute)
        if actual is None:
            return False
        match self.operator:
            case Operator.EQUALS:
                return actual == self.value
            case Operator.IN:
                return isinstance(self.value, tuple) and actual in self.value
            case Operator.AT_LEAST:
                return _compare(actual, self.value) >= 0
            case Operator.AT_MOST:
                return _compare(actual, self.value) <= 0
            case Operator.BELOW:
                return _compare(actual, self.value) < 0
        raise AssertionError(f"unhandled operator {self.operator!r}")


def _compare(actual: object, expected: object) -> int:
    if isinstance(actual, bool) or isinstance(expected, bool):
        raise TypeError("booleans cannot be ordered")
    if isinstance(actual, (int, Fraction, Decimal)) and isinstance(
        expected, (int, Fraction, Decimal)
    ):
        left = Fraction(actual)
        right = Fraction(expected)
    elif isinstance(actual, datetime.date) and isinstance(expected, datetime.date):
        return (actual > expected) - (actual < expected)
    else:
        raise TypeError(f"cannot compare {actual!r} with {expected!r}")
    return (left > right) - (left < right)


Where = tuple[Condition, ...]
"""Conditions that must all hold (an empty tuple matches everyone)."""


def matches(where: Where, attributes: Mapping[str, AttributeValue]) -> bool:
    return all(condition.holds(attributes) for condition in where)


@dataclasses.dataclass(frozen=True, slots=True)
class AdultGradeRule:
    """Adults may not enter below a given grade section (e.g. 18+ start at 6th grade)."""

    adult_age: int
    lowest_grade: int
    """An adult without a grade, or with a weaker grade, counts as holding this grade."""
    age_on: datetime.date


@dataclasses.dataclass(frozen=True, slots=True)
class Eligibility:
    """Who may enter a section. Empty or None fields do not restrict."""

    sexes: frozenset[str] = frozenset()
    """Accepted sexes, "M" and/or "F"."""
    born_on_or_after: datetime.date | None = None
    born_on_or_before: datetime.date | None = None
    age_on: datetime.date | None = None
    """Reference date for the age limits (age in completed years on that day)."""
    age_at_least: int | None = None
    age_below: int | None = None
    grade_from: int | None = None
    """Strongest national grade accepted (grades count down: 1 is stronger than 15)."""
    grade_to: int | None = None
    """Weakest national grade accepted."""
    ungraded: bool | None = None
    """Whether players without a grade certificate may enter (None: only if no grade range)."""
    rating_at_least: int | None = None
    rating_below: int | None = None
    units: tuple[str, ...] = ()
    """Units (schools, counties, clubs) that may send players; empty means any."""
    native_of_unit: bool = False
    """Players must be natives of the unit they represent (e.g. by identity card)."""
    member_id_required: bool = False
    """Players must hold a federation membership id."""
    adult_grade_rule: AdultGradeRule | None = None
    """The event's adult rule, attached to sections that restrict grades."""

    @property
    def has_age_limit(self) -> bool:
        return self.age_at_least is not None or self.age_below is not None


@dataclasses.dataclass(frozen=True, slots=True)
class SexSplit:
    """Split a section by sex; merge the sexes (ranked separately) below ``merge_below``."""

    merge_below: int | None
    """If either sex has fewer entries than this, the section is played merged."""


@dataclasses.dataclass(frozen=True, slots=True)
class RoundSlot:
    round_number: int
    date: datetime.date | None
    start: datetime.time | None
    end: datetime.time | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class ScheduleItem:
    """A fixed point of the schedule that is not a round (opening, meeting, prize giving)."""

    label: str
    date: datetime.date | None
    time: datetime.time | None


@dataclasses.dataclass(frozen=True, slots=True)
class TimeControl:
    base_minutes: int
    increment_seconds: int = 0
    shared: bool = False
    """True when ``base_minutes`` is the total for both players together."""
    description: str = ""

    @property
    def encoded(self) -> str:
        """The time control in TRF/PGN notation (seconds, ``+increment``); shared: per player."""
        seconds = self.base_minutes * 60 // (2 if self.shared else 1)
        return f"{seconds}+{self.increment_seconds}" if self.increment_seconds else str(seconds)


@dataclasses.dataclass(frozen=True, slots=True)
class SubRanking:
    """A ranking of part of a section, e.g. girls only, or an age category."""

    key: str
    name: str
    where: Where
    age_on: datetime.date | None = None
    """Date at which "age" conditions are counted."""


BOARD_CRITERIA = ("percentage", "games", "direct_encounter", "team_place", "wins")
"""The criteria a board ranking may list (``[prizes.board_ranking] criteria``), computed by
``crosstable.teams.board_prizes``: points ÷ games, games played, direct encounter, the team's
final place, wins."""


@dataclasses.dataclass(frozen=True, slots=True)
class BoardRanking:
    """Individual ranking on each board of a team event."""

    min_games: Mapping[int, int]
    """Board number -> games needed to be ranked on that board."""
    criteria: tuple[str, ...]
    """Codes of :data:`BOARD_CRITERIA`, in the regulation's order."""
    forfeits_count: bool = True


class ShareMode(enum.Enum):
    """How the prize money of a shared place (a tied group) is divided."""

    BY_RANK = "by_rank"
    """No sharing: each tied entrant takes the prize of the place the tie-breaks gave them."""
    EQUAL = "equal"
    """The prizes of the places the tied group occupies are pooled and split equally."""
    HORT = "hort"
    """Hort system: half of each prize by rank, the other half pooled and split equally."""


@dataclasses.dataclass(frozen=True, slots=True)
class CountRequirement:
    """The prize is given only if at least ``at_least`` ranked entrants match ``where``."""

    where: Where
    at_least: int


@dataclasses.dataclass(frozen=True, slots=True)
class PlacePrize:
    """The prize for places ``first..last`` (one each), e.g. 7th-12th: 500 each."""

    first: int
    last: int
    amount: Decimal = Decimal(0)
    items: tuple[str, ...] = ()
    """Things given: trophy, medal, certificate, …"""
    shareable: bool = True
    """False: a tie for this place is broken by a play-off (e.g. the champion)."""
    requires: tuple[CountRequirement, ...] = ()
    """This place's prize is given only if these requirements hold."""


@dataclasses.dataclass(frozen=True, slots=True)
class CategoryPrize:
    """Prizes for the best entrants of a category (best woman, best county team, …)."""

    key: str
    name: str
    where: Where
    places: tuple[PlacePrize, ...]
    requires: tuple[CountRequirement, ...] = ()
    age_on: datetime.date | None = None
    """Date at which "age" conditions are counted."""
    unrated_rating: int | None = None
    """For "average_rating" conditions: the rating an unrated member counts as."""


@dataclasses.dataclass(frozen=True, slots=True)
class PrizeRules:
    """One prize table, applied to one or several rankings of a section."""

    rankings: tuple[str, ...]
    """Rankings this table applies to: "individual", "team", "board:1", a sub-ranking key."""
    places: tuple[PlacePrize, ...] = ()
    categories: tuple[CategoryPrize, ...] = ()
    where: Where = ()
    """Conditions every prize winner must meet (e.g. minimum games played)."""
    share: ShareMode = ShareMode.BY_RANK
    cumulative: bool = False
    """True: an entrant may win a place prize and category prizes; False: one prize each."""
    currency: str = ""


@dataclasses.dataclass(frozen=True, slots=True)
class TeamByeValue:
    """What the pairing-allocated bye of a team event is worth (``team.bye``).

    ``result`` "draw" (C.04.6's default: the match points and game points of a drawn match),
    "win" or "loss" values it as that match result on every board; "points" gives
    ``match_points`` and ``game_points`` as the regulation states them."""

    result: str = "draw"
    match_points: Fraction | None = None
    game_points: Fraction | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class TeamRules:
    """Teams: composition and match rules of a team event (or team ranking of individuals)."""

    boards: int
    reserves: int = 0
    min_players: int | None = None
    """Smallest roster accepted at registration."""
    min_players_for_match: int | None = None
    """A team with fewer players present loses the match by ``short_team_result``."""
    short_team_result: str = ""
    fixed_roster: bool = True
    lineup_minutes_before_round: int | None = None
    keep_board_order: bool = True
    match_points: ScoringSystem | None = None
    """Match points (team win/draw/loss); None: the event is individual."""
    ineligible_player_penalty: str = ""
    """What happens to a team that fielded an ineligible player (code)."""
    includes_leader: bool = False
    bye: TeamByeValue = dataclasses.field(default_factory=TeamByeValue)
    """The pairing-allocated bye's value (C.04.6: a drawn match unless the regulation says
    otherwise)."""


class TeamRankingMethod(enum.Enum):
    MATCH_POINTS = "match_points"
    """Team Swiss: match points then the tie-break list."""
    SUM_OF_PLACES = "sum_of_places"
    """Individual event: sum of the members' individual places, lower is better."""


@dataclasses.dataclass(frozen=True, slots=True)
class TeamRanking:
    method: TeamRankingMethod
    counted: int | None = None
    """Sum of places: how many members count (None: all)."""
    counted_by_sex: Mapping[str, int] = dataclasses.field(default_factory=dict)
    """Sum of places: best N of each sex, e.g. {"M": 2, "F": 1}."""
    tiebreaks: tuple[str, ...] = ()
    unit_kinds: tuple[str, ...] = ()
    """Only units of these kinds are ranked as teams (empty: all)."""


@dataclasses.dataclass(frozen=True, slots=True)
class RatingTiebreaks:
    """How the rating tie-breaks (ARO, TPR, PTP, APRO, APPO, RTNG) read ratings (C.07 Art. 10).

    ``unrated_rating`` None is C.07's default: while a participant is unrated those
    tie-breaks are not used; a number is the rating the regulations give an unrated
    participant (the other method C.07 allows). ``per_round``: in an event whose players
    hold several ratings (longer than 30 days, several rating lists), each game counts the
    opponent's rating valid in its round; False is C.07 (2026)'s default, the first rating."""

    unrated_rating: int | None = None
    per_round: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class SectionRules:
    """One section (table, group) of the event and every rule that applies to it."""

    key: str
    name: str
    game: Game
    eligibility: Eligibility
    rounds: int | None
    """None when the regulations leave the number of rounds to the arbiter."""
    schedule: tuple[RoundSlot, ...]
    time_control: TimeControl | None
    scoring: ScoringSystem
    pairing: PairingRules
    tiebreaks: tuple[str, ...]
    final_tie: str
    """When the tie-breaks are exhausted: "lots", "shared" or "playoff"."""
    sub_rankings: tuple[SubRanking, ...] = ()
    prizes: tuple[PrizeRules, ...] = ()
    team: TeamRules | None = None
    team_ranking: TeamRanking | None = None
    board_ranking: BoardRanking | None = None
    sex_split: SexSplit | None = None
    split_over: int | None = None
    """More entries than this: the section is split into subsections."""
    max_per_unit: int | None = None
    capacity: int | None = None
    """Most entries (players, or teams in a team event) the hall takes."""
    late_forfeit_minutes: int | None = None
    forfeits_to_withdraw: int | None = None
    forfeits_cancel_results: bool = False
    """With ``forfeits_to_withdraw``: the withdrawn player's results are cancelled (Futian
    九.5 取消成绩): not ranked, no prize; their games stand for their opponents."""
    report_minutes_before: int | None = None
    fide_rated: bool = False
    """Rated by FIDE: the web app runs the section in FIDE mode (C.02.03 §7)."""
    rating_tiebreaks: RatingTiebreaks = dataclasses.field(default_factory=lambda: RatingTiebreaks())

    @property
    def is_team_event(self) -> bool:
        return self.team is not None and self.team.match_points is not None


class Combination(enum.Enum):
    """How several fee discounts for one entry combine."""

    SEQUENTIAL = "sequential"
    """Each discount applies to what the earlier ones left (order does not matter)."""
    BEST_ONLY = "best_only"
    """Only the largest discount applies."""


class MemberRule(enum.Enum):
    """How a discount whose condition is about players applies to a team fee."""

    ALL = "all"
    """The whole team fee, if every registered member qualifies."""
    SHARE = "share"
    """Each qualifying member's share (fee ÷ roster size) of the team fee."""


@dataclasses.dataclass(frozen=True, slots=True)
class Discount:
    key: str
    name: str
    percent: Fraction
    previous_place: tuple[int, ...] = ()
    """Entrant placed one of these in the previous event named by ``previous_event``."""
    previous_event: str = ""
    entry_where: Where = ()
    """Conditions on the entry itself (a team's unit kind, a player's sex, …)."""
    members_where: Where = ()
    """Conditions on members (team fees): see ``members``."""
    members: MemberRule = MemberRule.ALL
    min_members_matching: int | None = None
    """With ``members_where``: at least this many members must match (else all must)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Fees:
    per: str
    """"player" or "team"."""
    amount: Decimal
    currency: str
    discounts: tuple[Discount, ...] = ()
    combination: Combination = Combination.SEQUENTIAL
    sections: Mapping[str, Decimal] = dataclasses.field(default_factory=dict)
    """Section key -> amount, where a section's fee differs from ``amount``."""


@dataclasses.dataclass(frozen=True, slots=True)
class Deadlines:
    registration: datetime.datetime | None = None
    documents: datetime.datetime | None = None
    name_change_minutes_before_start: int | None = None
    additions_after_list: bool = True
    changes_need_approval: bool = False


class Registrant(enum.Enum):
    """Who fills in an online registration (``[registration] by``)."""

    PLAYER = "player"
    """A player, or a parent, registers one player."""
    UNIT = "unit"
    """A unit (school, club, county) registers several players at once."""
    TEAM = "team"
    """A unit registers a team with its roster (a team section)."""


@dataclasses.dataclass(frozen=True, slots=True)
class DocumentRule:
    """A document each registered player uploads (``[[registration.documents]]``): an ID
    photo, a grade certificate, an age proof."""

    key: str
    name: str
    """What the regulations call it (身份证照片, 现有最高段级位证书), shown on the form."""
    sections: tuple[str, ...] = ()
    """The sections whose players must give it; empty: every section."""

    def applies_to(self, section_key: str) -> bool:
        return not self.sections or section_key in self.sections


@dataclasses.dataclass(frozen=True, slots=True)
class RegistrationRules:
    """Online registration (``[registration]``): who registers, when, with what documents,
    and whether an organiser approves each registration before it becomes an entry."""

    by: tuple[Registrant, ...]
    opens: datetime.datetime | None = None
    """Wall-clock moment at the venue the form opens (None: as soon as the event exists)."""
    closes: datetime.datetime | None = None
    """Wall-clock moment at the venue it closes (None: ``[deadlines] registration``)."""
    approval: bool = True
    """Each registration waits for an organiser's approval before it becomes an entry."""
    documents: tuple[DocumentRule, ...] = ()
    asks: tuple[str, ...] = ()
    """Entry fields asked beyond those the rules need (``fide_id``, ``rating``…)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Grade:
    """One rung of the event's grade ladder (``[grades] ladder``): a national grade, a title
    above the numbered grades, or "no grade yet"."""

    key: str
    """How entries record it: a numbered national grade as its number ("3"), a title by its
    own word ("候补棋协大师"); the ungraded rung's key names it in promotion rules only."""
    name: str
    """What the report prints (三级棋士)."""
    ungraded: bool = False
    """The rung of players without a grade (an entry whose grade is blank)."""
    section: str = ""
    """The section players of this grade enter ("" when the file does not say)."""
    min_rounds: int | None = None
    """Rounds a section must have for this title to be awarded in it."""
    min_minutes: int | None = None
    """Playing time of one game, both players together (双方每局用时总和), a section's time
    control must give for this title to be awarded in it."""


@dataclasses.dataclass(frozen=True, slots=True)
class PromotionRule:
    """From ``from_grade``, a score rate of at least ``rate_percent`` over at least
    ``min_games`` games earns ``to_grade``."""

    from_grade: str
    to_grade: str
    rate_percent: Fraction
    min_games: int


@dataclasses.dataclass(frozen=True, slots=True)
class ValidityPeriod:
    """How long results stay valid for certificate applications after the event's end."""

    months: int = 0
    days: int = 0


@dataclasses.dataclass(frozen=True, slots=True)
class GradeRules:
    """The ``[grades]`` table: the ladder (strongest first), the event's highest awardable
    title, the promotion rules and how long the results are valid (docs/regulations.md)."""

    ladder: tuple[Grade, ...]
    highest: str | None
    """Key of the strongest title the event may award; None only while the table lists no
    promotion rules (nothing is awarded, a ladder being set up)."""

    def highest_name(self) -> str:
        """The highest title's name as reports print it (— when not stated yet)."""
        return self.grade(self.highest).name if self.highest is not None else "—"

    promotions: tuple[PromotionRule, ...]
    valid_for: ValidityPeriod | None = None
    source: str = ""
    """Where the thresholds come from (the regulation and its table), printed on the report."""
    example: bool = False
    """The promotion rules are an example standing in for the association's table (the
    template's): every report says so at its head until the organiser loads the real one."""

    def grade(self, key: str) -> Grade:
        for grade in self.ladder:
            if grade.key == key:
                return grade
        raise KeyError(key)

    def strength(self, key: str) -> int:
        """The rung's place on the ladder: 0 is the strongest."""
        for index, grade in enumerate(self.ladder):
            if grade.key == key:
                return index
        raise KeyError(key)

    def on_entry(self, recorded: str) -> Grade | None:
        """The rung of a grade as an entry records it ("" is the ungraded rung); None when
        the ladder has no such rung."""
        for grade in self.ladder:
            if (grade.ungraded and not recorded) or (not grade.ungraded and grade.key == recorded):
                return grade
        return None


@dataclasses.dataclass(frozen=True, slots=True)
class Regulations:
    """An event's whole rules, as read from its regulations file."""

    name: str
    game: Game
    language: str
    calendar: Calendar
    sections: tuple[SectionRules, ...]
    start_date: datetime.date | None = None
    end_date: datetime.date | None = None
    venue: str = ""
    time_zone: str = ""
    """IANA time zone of the venue (``Asia/Tehran``): every time in the file (schedule,
    deadlines) is a wall-clock time there. "" when the file names none."""
    organiser: str = ""
    laws: str = ""
    fees: Fees | None = None
    deadlines: Deadlines = Deadlines()
    capacity_priority: str = ""
    """How entries are admitted when a section is full: "payment_date" or "entry_date"."""
    adult_grade_rule: AdultGradeRule | None = None
    schedule_items: tuple[ScheduleItem, ...] = ()
    grades: GradeRules | None = None
    """The grade ladder and promotion rules of a grade tournament (None: no ``[grades]``)."""
    registration: RegistrationRules | None = None
    """Online registration (None: no ``[registration]`` table, entries by the organisers)."""
    unsupported: tuple[str, ...] = ()
    """Rules the file declares that the engine does not apply yet (with their issue)."""
    source: str = ""

    def section(self, key: str) -> SectionRules:
        for section in self.sections:
            if section.key == key:
                return section
        raise KeyError(key)

    @property
    def unit_kinds(self) -> tuple[str, ...]:
        """Every kind of unit the rules name (team rankings' ``unit_kinds``, ``unit_kind``
        conditions of fee discounts, sub-rankings and prizes), in the order first named: what
        an entry's or a team's unit kind is read against."""
        kinds: list[str] = []

        def note(where: Where) -> None:
            for condition in where:
                if condition.attribute != "unit_kind":
                    continue
                value = condition.value
                values = value if isinstance(value, tuple) else (value,)
                kinds.extend(str(item) for item in values if isinstance(item, str))

        if self.fees is not None:
            for discount in self.fees.discounts:
                note(discount.entry_where)
                note(discount.members_where)
        for section in self.sections:
            if section.team_ranking is not None:
                kinds.extend(section.team_ranking.unit_kinds)
            for ranking in section.sub_rankings:
                note(ranking.where)
            for table in section.prizes:
                note(table.where)
                for place in table.places:
                    for requirement in place.requires:
                        note(requirement.where)
                for category in table.categories:
                    note(category.where)
                    for requirement in category.requires:
                        note(requirement.where)
                    for place in category.places:
                        for requirement in place.requires:
                            note(requirement.where)
        return tuple(dict.fromkeys(kinds))
