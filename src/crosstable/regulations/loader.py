"""Loading a regulations file: TOML text -> checked ``Regulations``, or an error naming the key.

The file format is documented key by key in docs/regulations.md. Besides checking each value,
the loader lists in ``Regulations.unsupported`` every declared rule the engine does not apply
yet, with the issue that will bring it, so that nothing a file says is silently ignored.
"""

from __future__ import annotations

import copy
import re
import tomllib
import zoneinfo
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from crosstable.message import Choices, Code, Key, Message, Quoted
from crosstable.model import ScoringSystem
from crosstable.pairing import registry as pairing_registry
from crosstable.pairing.rules import (
    ACCELERATIONS,
    LOCAL_RULES,
    ColourRule,
    PairingRules,
    RoundOnePairing,
)
from crosstable.regulations.grade_table import read_grades
from crosstable.regulations.reader import (
    RegulationsError,
    TableReader,
    describe,
    expected_one_of,
    no_section,
)
from crosstable.regulations.registration import read_registration
from crosstable.regulations.schema import (
    BOARD_CRITERIA,
    AdultGradeRule,
    BoardRanking,
    CategoryPrize,
    Combination,
    Condition,
    CountRequirement,
    Deadlines,
    Discount,
    Eligibility,
    Fees,
    Game,
    MemberRule,
    Operator,
    PlacePrize,
    PrizeRules,
    RatingTiebreaks,
    Regulations,
    RoundSlot,
    ScheduleItem,
    SectionRules,
    SexSplit,
    ShareMode,
    SubRanking,
    TeamByeValue,
    TeamRanking,
    TeamRankingMethod,
    TeamRules,
    TimeControl,
    Where,
)
from crosstable.tiebreaks.descriptor import DescriptorError, parse_descriptor
from crosstable.tiebreaks.registry import UnknownTiebreakError, lookup
from crosstable.tiebreaks.registry import registry as tiebreak_registry
from crosstable.typed.calendars import Calendar

LANGUAGES = ("en", "zh_Hans", "ms", "fa")

TEAM_PLACE_TIEBREAKS = ("best_place",)
FINAL_TIES = ("lots", "shared", "playoff")
SEXES = ("M", "F")

MAX_NAME = 300
"""Event and section names (what the web app stores for them)."""
MAX_KEY = 40
MAX_ROUNDS = 99
MAX_GRADE = 99
MAX_AGE = 150
MAX_PLACE = 10_000
MAX_BOARDS = 100
MAX_FILE_CHARACTERS = 1_000_000
"""The five examples are 4-14 KB; a file a thousand times larger is no regulations file."""
MAX_NESTING = 100
"""No regulations table nests deeper than a handful of levels; a file nesting 20,000 levels
would exhaust Python's recursion limit in the TOML parser (brackets inside strings count
too, so the bound is generous)."""


TOO_DEEP = Message("arrays or tables nested too deeply")


def _toml_error(error: tomllib.TOMLDecodeError) -> Message:
    """Where the TOML parser stopped (its own words name the line and column)."""
    where = re.search(r"\(at line (\d+), column (\d+)\)", str(error))
    if where is None:
        return Message("not valid TOML: %(reason)s", reason=Quoted(str(error)))
    return Message(
        "not valid TOML: the text cannot be read at line %(line)s, column %(column)s",
        line=int(where[1]),
        column=int(where[2]),
    )


def load_regulations(path: str | Path) -> Regulations:
    """Read and check the regulations file at ``path``."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RegulationsError(
            str(path),
            "",
            Message("cannot read the file: %(reason)s", reason=Quoted(error.strerror or "")),
        ) from None
    except UnicodeDecodeError:
        raise RegulationsError(str(path), "", Message("the file is not UTF-8 text")) from None
    return parse_regulations(text, str(path))


def _nesting(text: str) -> int:
    """How deep brackets and braces nest in ``text`` (an upper bound: brackets inside
    strings count too, which only errs towards refusing)."""
    depth = deepest = 0
    for character in text:
        if character in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif character in "]}":
            depth = max(0, depth - 1)
    return deepest


def parse_regulations(text: str, source: str = "<regulations>") -> Regulations:
    """Read and check regulations given as TOML text; ``source`` names it in errors."""
    if len(text) > MAX_FILE_CHARACTERS:
        raise RegulationsError(
            source,
            "",
            Message(
                "longer than %(most)s characters: not a regulations file",
                most=MAX_FILE_CHARACTERS,
            ),
        )
    if _nesting(text) > MAX_NESTING:
        raise RegulationsError(
            source,
            "",
            Message("arrays or tables nested more than %(most)s levels deep", most=MAX_NESTING),
        )
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RegulationsError(source, "", _toml_error(error)) from None
    except RecursionError:
        raise RegulationsError(source, "", TOO_DEEP) from None
    try:
        return _Loader(data, source).regulations()
    except RecursionError:
        raise RegulationsError(source, "", TOO_DEEP) from None


class _Loader:
    def __init__(self, data: dict[str, Any], source: str) -> None:
        self.source = source
        self.data = data
        event = data.get("event")
        if not isinstance(event, dict):
            raise RegulationsError(source, "event", Message("missing (required table)"))
        calendar_name = event.get("calendar", "gregorian")
        try:
            self.calendar = Calendar(calendar_name)
        except ValueError:
            raise RegulationsError(
                source,
                "event.calendar",
                expected_one_of(tuple(c.value for c in Calendar), describe(calendar_name)),
            ) from None
        self.root = TableReader(data, "", source, self.calendar)
        self.gaps: list[str] = []

    def regulations(self) -> Regulations:
        root = self.root
        event = root.table("event")
        assert event is not None
        name = event.string("name", max_length=MAX_NAME, name_like=True)
        game = Game(event.choice("game", tuple(g.value for g in Game)))
        language = event.choice("language", LANGUAGES, "en")
        event.raw("calendar")
        start_date = event.date("start_date")
        end_date = event.date("end_date")
        if start_date and end_date and end_date < start_date:
            raise event.error("end_date", Message("is before %(key)s", key=Key("event.start_date")))
        venue = event.string("venue", "")
        time_zone = self._time_zone(event)
        organiser = event.string("organiser", "")
        laws = event.string("laws", "")
        priority = event.choice("capacity_priority", ("", "payment_date", "entry_date"), "")
        adult_rule = self._adult_rule(event, start_date)
        event.finish()
        schedules = self._named_schedules()
        items = tuple(self._schedule_items())
        defaults_reader = root.table("section_defaults")
        defaults = defaults_reader.data if defaults_reader else {}
        sections = tuple(
            self._section(reader, game, schedules, adult_rule)
            for reader in self._merged_sections(defaults)
        )
        if not sections:
            raise root.error(
                "sections", Message("missing: at least one [[sections]] table is required")
            )
        keys = [section.key for section in sections]
        for index, key in enumerate(keys):
            if key in keys[:index]:
                raise root.error(
                    f"sections[{index}].key",
                    Message("duplicate section key %(key)s", key=Quoted(key)),
                )
        fees = self._fees(set(keys))
        deadlines = self._deadlines()
        grades = read_grades(root, sections, end_date)
        registration = read_registration(root, sections, deadlines)
        root.finish()
        return Regulations(
            name=name,
            game=game,
            language=language,
            calendar=self.calendar,
            sections=sections,
            start_date=start_date,
            end_date=end_date,
            venue=venue,
            time_zone=time_zone,
            organiser=organiser,
            laws=laws,
            fees=fees,
            deadlines=deadlines,
            capacity_priority=priority,
            adult_grade_rule=adult_rule,
            schedule_items=items,
            grades=grades,
            registration=registration,
            unsupported=tuple(self.gaps),
            source=self.source,
        )

    # --- event-level tables --------------------------------------------------------------

    def _time_zone(self, event: TableReader) -> str:
        """``event.time_zone``: an IANA name (``Asia/Tehran``); "" when the file names none."""
        name = event.string("time_zone", "")
        if not name:
            return ""
        try:
            zoneinfo.ZoneInfo(name)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            raise event.error(
                "time_zone",
                Message(
                    "unknown time zone %(zone)s: use an IANA name such as "
                    '"Asia/Kuala_Lumpur", "Asia/Shanghai" or "Asia/Tehran"',
                    zone=Quoted(name),
                ),
            ) from None
        return name

    def _adult_rule(self, event: TableReader, start: Any) -> AdultGradeRule | None:
        table = event.table("adult_grade_rule")
        if table is None:
            return None
        age_on = table.date("age_on") or start
        if age_on is None:
            raise table.error(
                "age_on",
                Message("missing: needed when %(key)s is not set", key=Key("event.start_date")),
            )
        rule = AdultGradeRule(
            adult_age=table.integer("adult_age", 1, maximum=MAX_AGE),
            lowest_grade=table.integer("lowest_grade", 1, maximum=MAX_GRADE),
            age_on=age_on,
        )
        table.finish()
        return rule

    def _named_schedules(self) -> dict[str, tuple[RoundSlot, ...]]:
        table = self.root.table("schedules")
        if table is None:
            return {}
        named = {name: self._round_slots(table, name) for name in list(table.data)}
        table.finish()
        return named

    def _round_slots(self, parent: TableReader, name: str) -> tuple[RoundSlot, ...]:
        slots = []
        for index, reader in enumerate(parent.tables(name)):
            number = reader.integer("round", 1)
            if number != index + 1:
                raise reader.error(
                    "round",
                    Message(
                        "expected round %(expected)s here, got %(value)s",
                        expected=index + 1,
                        value=number,
                    ),
                )
            slots.append(
                RoundSlot(number, reader.date("date"), reader.time("start"), reader.time("end"))
            )
            reader.finish()
        return tuple(slots)

    def _schedule_items(self) -> list[ScheduleItem]:
        items = []
        for reader in self.root.tables("schedule_items"):
            items.append(
                ScheduleItem(reader.string("label"), reader.date("date"), reader.time("time"))
            )
            reader.finish()
        return items

    def _merged_sections(self, defaults: dict[str, Any]) -> list[TableReader]:
        readers = []
        for reader in self.root.tables("sections"):
            merged = _deep_merge(defaults, reader.data)
            readers.append(
                TableReader(merged, reader.path, self.source, self.calendar, own=reader.data)
            )
        return readers

    def _deadlines(self) -> Deadlines:
        table = self.root.table("deadlines")
        if table is None:
            return Deadlines()
        deadlines = Deadlines(
            registration=table.datetime("registration"),
            documents=table.datetime("documents"),
            name_change_minutes_before_start=table.optional_int("name_change_minutes_before_start"),
            additions_after_list=table.boolean("additions_after_list", True),
            changes_need_approval=table.boolean("changes_need_approval", False),
        )
        table.finish()
        return deadlines

    def _fees(self, section_keys: set[str]) -> Fees | None:
        table = self.root.table("fees")
        if table is None:
            return None
        per = table.choice("per", ("player", "team"))
        amount = table.money("amount")
        currency = table.string("currency", max_length=MAX_KEY, name_like=True)
        combination = Combination(
            table.choice("combination", tuple(c.value for c in Combination), "sequential")
        )
        by_section: dict[str, Decimal] = {}
        sections = table.table("sections")
        if sections is not None:
            for key in list(sections.data):
                if key not in section_keys:
                    raise sections.error(key, no_section(key))
                by_section[key] = sections.money(key)
            sections.finish()
        discounts = []
        for reader in table.tables("discounts"):
            discounts.append(self._discount(reader))
        keys = [discount.key for discount in discounts]
        if len(set(keys)) != len(keys):
            raise table.error("discounts", Message("two discounts have the same key"))
        table.finish()
        return Fees(per, amount, currency, tuple(discounts), combination, by_section)

    def _discount(self, reader: TableReader) -> Discount:
        places = reader.raw("previous_place")
        previous: tuple[int, ...] = ()
        if places is not None:
            if not isinstance(places, list) or not all(
                isinstance(p, int) and not isinstance(p, bool) and 1 <= p <= MAX_PLACE
                for p in places
            ):
                raise reader.error(
                    "previous_place", Message("expected an array of places, e.g. [1]")
                )
            previous = tuple(places)
        min_members = reader.optional_int("min_members_matching", 1)
        members_where = self._where(reader, "members")
        if min_members is not None and not members_where:
            raise reader.error("min_members_matching", Message("needs a members condition table"))
        discount = Discount(
            key=reader.string("key"),
            name=reader.string("name"),
            percent=reader.percent("percent"),
            previous_place=previous,
            previous_event=reader.string("previous_event", ""),
            entry_where=self._where(reader, "entry"),
            members_where=members_where,
            members=MemberRule(
                reader.choice("members_rule", tuple(r.value for r in MemberRule), "all")
            ),
            min_members_matching=min_members,
        )
        reader.finish()
        return discount

    # --- sections ------------------------------------------------------------------------

    def _section(
        self,
        reader: TableReader,
        event_game: Game,
        schedules: dict[str, tuple[RoundSlot, ...]],
        adult_rule: AdultGradeRule | None,
    ) -> SectionRules:
        key = reader.string("key", max_length=MAX_KEY, name_like=True)
        if not re.fullmatch(r"[A-Za-z0-9_-]+", key):
            raise reader.error(
                "key",
                Message("use letters, digits, - and _ only, got %(value)s", value=Quoted(key)),
            )
        game = Game(reader.choice("game", tuple(g.value for g in Game), event_game.value))
        rounds = reader.optional_int("rounds", 1, MAX_ROUNDS)
        schedule = self._section_schedule(reader, schedules)
        if rounds is not None and schedule and len(schedule) != rounds:
            raise reader.error(
                "schedule",
                Message(
                    "lists %(listed)s rounds but the section has %(rounds)s rounds",
                    listed=len(schedule),
                    rounds=rounds,
                ),
            )
        pairing = self._pairing(reader, game)
        team = self._team(reader)
        teams = team is not None and team.match_points is not None
        tiebreaks = self._tiebreaks(reader, "tiebreaks", teams=teams)
        section = SectionRules(
            key=key,
            name=reader.string("name", max_length=MAX_NAME, name_like=True),
            game=game,
            eligibility=self._eligibility(reader, adult_rule),
            rounds=rounds,
            schedule=schedule,
            time_control=self._time_control(reader),
            scoring=self._scoring(reader, "scoring", _default_scoring(game)),
            pairing=pairing,
            tiebreaks=tiebreaks,
            final_tie=reader.choice("final_tie", FINAL_TIES, "lots"),
            sub_rankings=tuple(self._sub_rankings(reader)),
            prizes=tuple(self._prizes(reader)),
            team=team,
            team_ranking=self._team_ranking(reader),
            board_ranking=self._board_ranking(reader),
            sex_split=self._sex_split(reader),
            split_over=reader.optional_int("split_over", 2),
            max_per_unit=reader.optional_int("max_per_unit", 1),
            capacity=reader.optional_int("capacity", 1),
            late_forfeit_minutes=reader.optional_int("late_forfeit_minutes"),
            forfeits_to_withdraw=reader.optional_int("forfeits_to_withdraw", 1, MAX_ROUNDS),
            forfeits_cancel_results=reader.boolean("forfeits_cancel_results", False),
            report_minutes_before=reader.optional_int("report_minutes_before"),
            fide_rated=reader.boolean("fide_rated", False),
            rating_tiebreaks=self._rating_tiebreaks(reader),
        )
        self._check_prize_rankings(reader, section)
        if section.forfeits_cancel_results and section.forfeits_to_withdraw is None:
            raise reader.error(
                "forfeits_cancel_results",
                Message(
                    "needs %(key)s (after how many forfeits the results are cancelled)",
                    key=Key("forfeits_to_withdraw"),
                ),
            )
        scoring = section.scoring
        if section.pairing.acceleration == "baku" and (
            scoring.win != 2 * scoring.draw or scoring.loss != 0
        ):
            # C.04.7's premise: virtual points are a win's points, then half of that.
            raise reader.error(
                "pairing.acceleration",
                Message(
                    "Baku acceleration needs a win worth twice a draw and a loss worth nothing "
                    "(scoring %(win)s/%(draw)s/%(loss)s)",
                    win=scoring.win,
                    draw=scoring.draw,
                    loss=scoring.loss,
                ),
            )
        self._note_gaps(reader, section)
        reader.finish()
        return section

    def _rating_tiebreaks(self, reader: TableReader) -> RatingTiebreaks:
        table = reader.table("rating_tiebreaks")
        if table is None:
            return RatingTiebreaks()
        unrated = table.raw("unrated")
        if unrated is None or unrated == "drop":
            rating = None
        elif isinstance(unrated, int) and not isinstance(unrated, bool) and 0 <= unrated <= 3500:
            rating = unrated
        else:
            raise table.error(
                "unrated",
                Message(
                    'expected "drop" or a rating from 0 to 3500, got %(value)s',
                    value=describe(unrated),
                ),
            )
        ratings = table.choice("ratings", ("first", "per_round"), "first")
        table.finish()
        return RatingTiebreaks(unrated_rating=rating, per_round=ratings == "per_round")

    def _section_schedule(
        self, reader: TableReader, schedules: dict[str, tuple[RoundSlot, ...]]
    ) -> tuple[RoundSlot, ...]:
        value = reader.data.get("schedule")
        if isinstance(value, str):
            reader.raw("schedule")
            if value not in schedules:
                raise reader.error(
                    "schedule", Message("no [schedules] entry named %(name)s", name=Quoted(value))
                )
            return schedules[value]
        return self._round_slots(reader, "schedule")

    def _eligibility(self, reader: TableReader, adult_rule: AdultGradeRule | None) -> Eligibility:
        table = reader.table("eligibility")
        if table is None:
            return Eligibility()
        sexes = table.words("sex", SEXES)
        age = table.table("age")
        age_on = age_at_least = age_below = None
        if age is not None:
            age_on = age.date("on")
            age_at_least = age.optional_int("at_least", 0, MAX_AGE)
            age_below = age.optional_int("below", 1, MAX_AGE)
            if age_on is None:
                raise age.error("on", Message("missing: the date at which ages are counted"))
            age.finish()
        grade = table.table("grade")
        grade_from = grade_to = None
        if grade is not None:
            grade_from = grade.integer("from", 1, maximum=MAX_GRADE)
            grade_to = grade.integer("to", 1, maximum=MAX_GRADE)
            if grade_to < grade_from:
                raise grade.error(
                    "to", Message("must be a weaker (higher-numbered) grade than 'from'")
                )
            grade.finish()
        rating = table.table("rating")
        rating_at_least = rating_below = None
        if rating is not None:
            rating_at_least = rating.optional_int("at_least")
            rating_below = rating.optional_int("below")
            rating.finish()
        eligibility = Eligibility(
            sexes=frozenset(sexes),
            born_on_or_after=table.date("born_on_or_after"),
            born_on_or_before=table.date("born_on_or_before"),
            age_on=age_on,
            age_at_least=age_at_least,
            age_below=age_below,
            grade_from=grade_from,
            grade_to=grade_to,
            ungraded=table.boolean("ungraded", True) if table.has("ungraded") else None,
            rating_at_least=rating_at_least,
            rating_below=rating_below,
            units=table.strings("units"),
            native_of_unit=table.boolean("native_of_unit", False),
            member_id_required=table.boolean("member_id_required", False),
            adult_grade_rule=adult_rule if grade is not None or table.has("ungraded") else None,
        )
        table.finish()
        return eligibility

    def _time_control(self, reader: TableReader) -> TimeControl | None:
        table = reader.table("time_control")
        if table is None:
            return None
        control = TimeControl(
            base_minutes=table.integer("minutes", 1),
            increment_seconds=table.integer("increment_seconds", 0, 0),
            shared=table.boolean("shared", False),
            description=table.string("description", ""),
        )
        table.finish()
        return control

    def _scoring(self, reader: TableReader, name: str, default: ScoringSystem) -> ScoringSystem:
        table = reader.table(name)
        if table is None:
            return default
        scoring = ScoringSystem(
            win=table.fraction("win", default.win) or Fraction(0),
            draw=table.fraction("draw", default.draw) or Fraction(0),
            loss=table.fraction("loss", default.loss) or Fraction(0),
            forfeit_win=table.fraction("forfeit_win", default.forfeit_win),
            forfeit_loss=table.fraction("forfeit_loss", default.forfeit_loss),
            pairing_bye=table.fraction("bye", default.pairing_bye),
            half_point_bye=table.fraction("half_point_bye", default.half_point_bye),
            zero_point_bye=table.fraction("zero_point_bye", default.zero_point_bye) or Fraction(0),
            draw_white=table.fraction("draw_first", default.draw_white),
            draw_black=table.fraction("draw_second", default.draw_black),
        )
        if not scoring.win >= scoring.draw >= scoring.loss:
            raise table.error("win", Message("expected win >= draw >= loss"))
        table.finish()
        return scoring

    def _pairing(self, reader: TableReader, game: Game) -> PairingRules:
        table = reader.table("pairing")
        if table is None:
            raise reader.error(
                "pairing", Message("missing (required table with at least 'system')")
            )
        refused = pairing_registry.REFUSED.get(str(table.raw("system")).strip().upper())
        if refused is not None:
            raise table.error("system", refused)
        system = table.choice("system", pairing_registry.system_codes())
        avoid = table.raw("avoid_same_unit_rounds")
        avoid_rounds: tuple[int, int] | None = None
        if avoid is not None:
            if (
                not isinstance(avoid, list)
                or len(avoid) != 2
                or not all(isinstance(r, int) and not isinstance(r, bool) for r in avoid)
                or not 1 <= avoid[0] <= avoid[1] <= MAX_ROUNDS
            ):
                raise table.error(
                    "avoid_same_unit_rounds",
                    Message(
                        "expected [first, last] rounds, got %(value)s", value=Quoted(repr(avoid))
                    ),
                )
            avoid_rounds = (avoid[0], avoid[1])
        local_rules = table.words("local_rules", tuple(LOCAL_RULES))
        rules = PairingRules(
            system=system,
            round_one=RoundOnePairing(
                table.choice("round_one", tuple(r.value for r in RoundOnePairing), "rating")
            ),
            round_one_colour=ColourRule(
                table.choice("round_one_colour", tuple(c.value for c in ColourRule), "lot")
            ),
            avoid_same_unit_rounds=avoid_rounds,
            max_same_colour_in_row=table.optional_int("max_same_colour_in_row", 1),
            max_colour_difference=table.optional_int("max_colour_difference", 1),
            segment_order=table.choice("segment_order", ("halves", "adjacent"), "halves"),
            house_player_for_odd=table.boolean("house_player_for_odd", False),
            local_rules=local_rules,
            acceleration=table.choice("acceleration", ACCELERATIONS, "none"),
        )
        table.finish()
        return rules

    def _tiebreaks(self, reader: TableReader, name: str, *, teams: bool) -> tuple[str, ...]:
        """Descriptors checked against the tie-break registry (codes, modifiers, team use)."""
        descriptors = reader.strings(name)
        for index, descriptor in enumerate(descriptors):
            value = Quoted(descriptor)
            try:
                spec = parse_descriptor(descriptor)
            except DescriptorError:
                raise reader.error(
                    f"{name}[{index}]",
                    Message("%(value)s cannot be read as a tie-break", value=value),
                ) from None
            try:
                lookup(spec, teams=teams)
            except UnknownTiebreakError:
                known = tiebreak_registry().get(spec.code)
                usable = known is not None and (known.for_teams if teams else known.for_individuals)
                raise reader.error(
                    f"{name}[{index}]",
                    Message("%(value)s: the tie-break does not take this modifier", value=value)
                    if usable
                    else Message(
                        "unknown tie-break %(value)s for this section (docs/tiebreaks.md lists "
                        "the codes)",
                        value=value,
                    ),
                ) from None
        return descriptors

    def _where(self, reader: TableReader, name: str) -> Where:
        table = reader.table(name)
        if table is None:
            return ()
        conditions = []
        for attribute in list(table.data):
            value = table.raw(attribute)
            if attribute in ("born_on_or_after", "born_on_or_before"):
                operator = Operator.AT_LEAST if attribute.endswith("after") else Operator.AT_MOST
                date = table.to_date(attribute, value)
                conditions.append(Condition("birth_date", operator, date))
            elif isinstance(value, dict):
                ops = table.child(value, attribute)
                for op_name in ("at_least", "at_most", "below"):
                    if ops.has(op_name):
                        bound = ops.raw(op_name)
                        if isinstance(bound, bool) or not isinstance(bound, int):
                            raise ops.error(
                                op_name,
                                Message("expected a number, got %(value)s", value=describe(bound)),
                            )
                        conditions.append(Condition(attribute, Operator(op_name), bound))
                ops.finish()
            elif isinstance(value, list):
                conditions.append(Condition(attribute, Operator.IN, tuple(value)))
            elif isinstance(value, (str, int, bool)):
                conditions.append(Condition(attribute, Operator.EQUALS, value))
            else:
                raise table.error(
                    attribute,
                    Message("unsupported condition value %(value)s", value=describe(value)),
                )
        return tuple(conditions)

    def _sub_rankings(self, reader: TableReader) -> list[SubRanking]:
        rankings = []
        for table in reader.tables("sub_rankings"):
            rankings.append(
                SubRanking(
                    table.string("key"),
                    table.string("name"),
                    self._where(table, "where"),
                    table.date("age_on"),
                )
            )
            table.finish()
        return rankings

    def _requirements(self, reader: TableReader) -> tuple[CountRequirement, ...]:
        requires = []
        for requirement in reader.tables("requires"):
            requires.append(
                CountRequirement(
                    self._where(requirement, "where"), requirement.integer("at_least", 1)
                )
            )
            requirement.finish()
        return tuple(requires)

    def _place_prizes(self, reader: TableReader, name: str) -> tuple[PlacePrize, ...]:
        prizes = []
        expected = 1
        for table in reader.tables(name):
            if table.has("place"):
                first = last = table.integer("place", 1, maximum=MAX_PLACE)
            else:
                first = table.integer("from", 1, maximum=MAX_PLACE)
                last = table.integer("to", first, maximum=MAX_PLACE)
            if first != expected:
                raise table.error(
                    "place" if table.has("place") else "from",
                    Message(
                        "expected place %(place)s next (places run 1, 2, … without gaps)",
                        place=expected,
                    ),
                )
            if last < first:
                raise table.error("to", Message("is before 'from' (%(first)s)", first=first))
            prizes.append(
                PlacePrize(
                    first,
                    last,
                    table.money("amount", Decimal(0)),
                    table.strings("items"),
                    table.boolean("shareable", True),
                    self._requirements(table),
                )
            )
            table.finish()
            expected = last + 1
        return tuple(prizes)

    def _prizes(self, reader: TableReader) -> list[PrizeRules]:
        tables = []
        for table in reader.tables("prizes"):
            rankings = table.raw("rankings")
            if isinstance(rankings, str):
                rankings = [rankings]
            if not isinstance(rankings, list) or not rankings:
                raise table.error(
                    "rankings", Message('expected a ranking name or an array, e.g. ["team"]')
                )
            categories = []
            for category in table.tables("categories"):
                categories.append(
                    CategoryPrize(
                        key=category.string("key"),
                        name=category.string("name"),
                        where=self._where(category, "where"),
                        places=self._place_prizes(category, "places"),
                        requires=self._requirements(category),
                        age_on=category.date("age_on"),
                        unrated_rating=category.optional_int("unrated_rating"),
                    )
                )
                category.finish()
            tables.append(
                PrizeRules(
                    rankings=tuple(str(r) for r in rankings),
                    places=self._place_prizes(table, "places"),
                    categories=tuple(categories),
                    where=self._where(table, "where"),
                    share=ShareMode(
                        table.choice("share", tuple(s.value for s in ShareMode), "by_rank")
                    ),
                    cumulative=table.boolean("cumulative", False),
                    currency=table.string("currency", "", max_length=MAX_KEY, name_like=True),
                )
            )
            table.finish()
        return tables

    def _team(self, reader: TableReader) -> TeamRules | None:
        table = reader.table("team")
        if table is None:
            return None
        match_points = None
        if table.has("match_points"):
            match_points = self._scoring(table, "match_points", ScoringSystem.xiangqi())
            if match_points.pairing_bye is not None:
                raise table.error(
                    "match_points.bye",
                    Message(
                        'the team bye\'s value is team.bye ("draw", "win", "loss" or'
                        " a table of match_points and game_points)"
                    ),
                )
        short_team_result = table.string("short_team_result", "")
        if short_team_result and not re.fullmatch(
            r"\s*\d+(\.\d+)?\s*-\s*\d+(\.\d+)?\s*", short_team_result
        ):
            raise table.error(
                "short_team_result",
                Message(
                    "expected the short team's score then its opponent's, e.g. '0-4', got "
                    "%(value)s",
                    value=Quoted(short_team_result),
                ),
            )
        team = TeamRules(
            boards=table.integer("boards", 1, maximum=MAX_BOARDS),
            reserves=table.integer("reserves", 0, 0, maximum=MAX_BOARDS),
            min_players=table.optional_int("min_players", 1),
            min_players_for_match=table.optional_int("min_players_for_match", 1),
            short_team_result=short_team_result,
            fixed_roster=table.boolean("fixed_roster", True),
            lineup_minutes_before_round=table.optional_int("lineup_minutes_before_round"),
            keep_board_order=table.boolean("keep_board_order", True),
            match_points=match_points,
            ineligible_player_penalty=table.choice(
                "ineligible_player_penalty", ("", "opponents_win_all_games"), ""
            ),
            includes_leader=table.boolean("includes_leader", False),
            bye=self._team_bye(table),
        )
        table.finish()
        return team

    def _team_bye(self, table: TableReader) -> TeamByeValue:
        """``team.bye``: "draw" (C.04.6's default), "win", "loss", or the regulation's
        ``{ match_points = 1, game_points = 2 }``."""
        value = table.raw("bye")
        if value is None:
            return TeamByeValue()
        if isinstance(value, str):
            if value not in ("draw", "win", "loss"):
                raise table.error(
                    "bye",
                    Message(
                        'expected "draw", "win", "loss" or'
                        " a table of match_points and game_points, got %(value)s",
                        value=Quoted(value),
                    ),
                )
            return TeamByeValue(value)
        points = table.table("bye")
        assert points is not None  # not a string and not absent: a table, or an error above
        bye = TeamByeValue(
            "points",
            match_points=points.fraction("match_points"),
            game_points=points.fraction("game_points"),
        )
        for name, given in (("match_points", bye.match_points), ("game_points", bye.game_points)):
            if given is None:
                raise points.error(name, Message("missing (the bye's value needs both points)"))
        points.finish()
        return bye

    def _team_ranking(self, reader: TableReader) -> TeamRanking | None:
        table = reader.table("team_ranking")
        if table is None:
            return None
        method = TeamRankingMethod(
            table.choice("method", tuple(m.value for m in TeamRankingMethod))
        )
        by_sex: dict[str, int] = {}
        by_sex_table = table.table("counted_by_sex")
        if by_sex_table is not None:
            for sex in list(by_sex_table.data):
                if sex not in SEXES:
                    raise by_sex_table.error(sex, expected_one_of(SEXES, Quoted(sex)))
                by_sex[sex] = by_sex_table.integer(sex, 1)
            by_sex_table.finish()
        if method is TeamRankingMethod.SUM_OF_PLACES:
            tiebreaks = table.words("tiebreaks", TEAM_PLACE_TIEBREAKS)
        else:
            tiebreaks = self._tiebreaks(table, "tiebreaks", teams=True)
        ranking = TeamRanking(
            method=method,
            counted=table.optional_int("counted", 1),
            counted_by_sex=by_sex,
            tiebreaks=tiebreaks,
            unit_kinds=table.strings("unit_kinds"),
        )
        table.finish()
        return ranking

    def _board_ranking(self, reader: TableReader) -> BoardRanking | None:
        table = reader.table("board_ranking")
        if table is None:
            return None
        min_games: dict[int, int] = {}
        games = table.table("min_games")
        if games is not None:
            for board in list(games.data):
                if not (board.isascii() and board.isdigit()) or not 1 <= int(board) <= MAX_BOARDS:
                    raise games.error(board, Message("expected a board number as the key"))
                min_games[int(board)] = games.integer(board, 0)
            games.finish()
        criteria = table.words("criteria", BOARD_CRITERIA)
        ranking = BoardRanking(min_games, criteria, table.boolean("forfeits_count", True))
        table.finish()
        return ranking

    def _sex_split(self, reader: TableReader) -> SexSplit | None:
        table = reader.table("sex_split")
        if table is None:
            return None
        split = SexSplit(table.optional_int("merge_below", 1))
        table.finish()
        return split

    # --- cross checks and engine gaps ----------------------------------------------------

    def _check_prize_rankings(self, reader: TableReader, section: SectionRules) -> None:
        known = {"individual", *(ranking.key for ranking in section.sub_rankings)}
        if section.team is not None or section.team_ranking is not None:
            known.add("team")
        if section.board_ranking is not None and section.team is not None:
            boards = section.team.boards + section.team.reserves
            known.update(f"board:{board}" for board in range(1, boards + 1))
        if section.sex_split is not None:
            known.update(("M", "F"))
        for index, prizes in enumerate(section.prizes):
            for name in prizes.rankings:
                if name not in known:
                    raise reader.error(
                        f"prizes[{index}].rankings",
                        Message(
                            "no ranking %(name)s in this section (%(known)s)",
                            name=Quoted(name),
                            known=Choices(tuple(Code(k) for k in sorted(known))),
                        ),
                    )

    def _note_gaps(self, reader: TableReader, section: SectionRules) -> None:
        def gap(key: str, what: str) -> None:
            self.gaps.append(f"{reader.key(key)}: {what}")

        pairing = section.pairing
        applies = pairing_registry.any_system(pairing.system)
        for rule in pairing.local_rules:
            if rule not in applies.local_rules:
                gap("pairing.local_rules", f"{LOCAL_RULES[rule]} (issue 7)")
        if pairing.acceleration != "none" and not applies.acceleration:
            gap("pairing.acceleration", "Baku acceleration: only the Dutch engine applies it")
        if pairing.round_one is not RoundOnePairing.RATING and not applies.round_one_by_lot:
            gap("pairing.round_one", "round 1 by lot: only the xiangqi Swiss draws it")
        if pairing.max_colour_difference is not None and not applies.colour_difference_limit:
            gap("pairing.max_colour_difference", "only the xiangqi Swiss applies it")


def _default_scoring(game: Game) -> ScoringSystem:
    return ScoringSystem.xiangqi() if game is Game.XIANGQI else ScoringSystem.standard()


def _deep_merge(defaults: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    """``overrides`` on top of ``defaults``: tables merge key by key, other values replace."""
    merged = copy.deepcopy(defaults)
    for key, value in overrides.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _deep_merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged
