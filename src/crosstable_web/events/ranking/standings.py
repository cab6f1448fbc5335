"""Standings, sub-rankings and prize list of a section, as its regulations say.

Builds the section's tournament (through the bridge), ranks it with ``crosstable.standings``
on the section's tie-break list, and applies the regulations' sub-rankings and prize tables
with ``crosstable.prizes``.

House players (``Entry.house``) and players whose results the regulations cancel after their
forfeits are not in ``main.rows`` and so in no sub-ranking, unit ranking or prize table;
``SectionResults.unranked_rows`` lists them for the pages, marked.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from crosstable.forfeit_withdrawal import ForfeitRule
from crosstable.model import ResultCode, Tournament
from crosstable.model.points import points_text
from crosstable.pairing import registry
from crosstable.prizes.allocation import PrizeList, RankedEntrant, allocate_prizes
from crosstable.prizes.team_places import IndividualPlace, UnitRanking, rank_units_by_places
from crosstable.regulations import AttributeValue, SectionRules, TeamRankingMethod, Where, matches
from crosstable.standings import (
    DEFAULT_INDIVIDUAL_TIEBREAKS,
    PRESETS,
    Standings,
    StandingsRow,
    StandingsRules,
    age_on,
    compute_standings,
    sub_ranking,
)
from crosstable.tiebreaks.descriptor import TiebreakSpec
from crosstable.tiebreaks.registry import lookup
from crosstable.tiebreaks.unplayed import UnplayedRule, rule_in_force
from crosstable.tiebreaks.value import TiebreakValue
from crosstable_web.events import bridge, lots, models
from crosstable_web.events.regulations import rules
from crosstable_web.events.words.tiebreak_labels import TiebreakLabel, labels


@dataclasses.dataclass(slots=True)
class Ranking:
    key: str
    name: str
    standings: Standings


@dataclasses.dataclass(slots=True)
class PrizeTable:
    rankings: str
    prizes: PrizeList
    currency: str
    names: dict[int, str] = dataclasses.field(default_factory=dict)
    """For team prizes: unit number → unit name (individual prizes use player names)."""


@dataclasses.dataclass(slots=True)
class SectionResults:
    tournament: Tournament
    main: Standings
    tiebreak_labels: list[str]
    sub_rankings: list[Ranking]
    prize_tables: list[PrizeTable]
    rounds: int
    unit_ranking: UnitRanking | None = None
    """Units ranked by the sum of their members' places, where the regulations say so."""
    progress: RoundProgress | None = None
    """The last counted round while some of its games still wait for a result (live
    standings), else None: the pages say "in progress: k of m results"."""
    default_tiebreaks: bool = False
    """Ranked by the app's default tie-break list (no regulations, no list on the section):
    the pages say so."""
    playoffs: list[PlayoffGroup] = dataclasses.field(default_factory=list)
    """Ties on places that may not be shared (the ranking's and the prize categories')."""

    @property
    def playoff_numbers(self) -> set[int]:
        return {number for group in self.playoffs for number in group.numbers}

    def marks(self, row: StandingsRow) -> str:
        """What follows a place: ``*`` ordered by lot, ``†`` a play-off decides it."""
        return ("*" if row.by_lot else "") + ("†" if row.number in self.playoff_numbers else "")

    def name(self, number: int) -> str:
        return self.tournament.players[number].name

    @property
    def column_numbers(self) -> range:
        """The cross-table's columns: one per round, or one per match of a Double-Swiss
        section (two games, two rounds: ``Standings.matches``)."""
        return range(1, self.main.matches + 1)

    @property
    def games_per_match(self) -> int:
        return self.main.games_per_match

    unplayed_rule: UnplayedRule = UnplayedRule.FIDE_2026
    """The C.07 text FIDE tie-breaks count unplayed rounds by (the one in force when the
    event began)."""

    @property
    def fide_unplayed_edition(self) -> str:
        """The year of the C.07 text that counts the unplayed rounds of a FIDE tie-break of
        the list (Buchholz, Sonneborn-Berger …), for the footnote; "" when no tie-break of
        the list uses C.07's Art. 16."""
        return fide_unplayed_edition(self.main.tiebreaks, self.unplayed_rule)

    @property
    def tiebreak_names(self) -> list[TiebreakLabel]:
        """The tie-breaks in order, in words in the active language (the column headers,
        their titles and the footnote of every standings page)."""
        return labels(self.main.tiebreaks)

    def club(self, number: int) -> str:
        return self.tournament.players[number].club

    @property
    def no_tiebreaks(self) -> bool:
        """The regulations name no tie-break: equal points share the place."""
        return not self.main.tiebreaks

    @property
    def has_house_player(self) -> bool:
        return any(row.house for row in self.main.unranked)

    @property
    def cancelled(self) -> list[StandingsRow]:
        """Players withdrawn after forfeits whose results the regulations cancel."""
        return [row for row in self.main.unranked if row.cancelled and not row.expelled]

    @property
    def unranked_rows(self) -> list[dict[str, Any]]:
        """The house players and the players whose results are cancelled (not ranked), as
        the standings pages list them after the ranked players: row, name, unit, points and
        tie-break values as text."""
        return [
            {
                "row": row,
                "name": self.name(row.number),
                "unit": self.club(row.number),
                "points": format_points(row.points),
                "values": [format_value(value) for value in row.values],
            }
            for row in self.main.unranked
        ]


def format_value(value: TiebreakValue) -> str:
    """A tie-break value as printed: exact fractions as decimals, e.g. 12½ → 12.5."""
    if value is None:
        return ""
    if isinstance(value, tuple):
        return " ".join(format_value(part) for part in value)
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{float(value):g}"
    return str(value)


def format_points(value: Fraction) -> str:
    """A score in a standings column: ``12``, ``12.5`` (``crosstable.model.points``)."""
    return points_text(value)


def _keeps_attribute(
    attributes: Mapping[int, Mapping[str, AttributeValue]], key: str, value: AttributeValue
) -> Callable[[int], bool]:
    """Keeps the participants whose attribute ``key`` equals ``value``."""

    def keep(number: int) -> bool:
        return attributes[number][key] == value

    return keep


def _keeps_matching(
    attributes: Mapping[int, Mapping[str, AttributeValue]], where: Where
) -> Callable[[int], bool]:
    """Keeps the participants whose attributes satisfy every condition of ``where``."""

    def keep(number: int) -> bool:
        return matches(where, attributes[number])

    return keep


def _attributes(
    tournament: Tournament, number: int, reference: datetime.date, rounds: int
) -> dict[str, AttributeValue]:
    player = tournament.players[number]
    grade: int | None = None
    if player.national_grade.isascii() and player.national_grade.isdigit():
        grade = int(player.national_grade)
    birth = player.birth_date if isinstance(player.birth_date, datetime.date) else None
    return {
        "sex": player.sex.upper().replace("W", "F") or None,
        "birth_date": birth,
        "age": age_on(player.birth_date, reference),
        "grade": grade,
        "rating": player.rating,
        "unit": player.club or None,
        "federation": player.federation or None,
        "games": sum(1 for entry in player.rounds[:rounds] if entry.is_played),
    }


def standings_rules(section: models.Section) -> StandingsRules:
    """How the section is ranked (:func:`_standings_rules`)."""
    return _standings_rules(section, rules.section_rules(section))[0]


def _standings_rules(
    section: models.Section, section_rules: SectionRules | None
) -> tuple[StandingsRules, bool]:
    """How the section is ranked, and whether that is the app's default tie-break list.

    With regulations, exactly as they say (``StandingsRules.from_regulations``: an empty
    tie-break list is points alone, ties shared or drawn by lot as ``final_tie`` says); an
    event without regulations ranks by the tie-breaks stored on the section, else by the
    project's default list — and the pages say so (never a silent default)."""
    unplayed = unplayed_rule(section.event)
    predetermined = is_predetermined(section)
    if section_rules is not None:
        lots_seed = lots.seed_of(section)
        by_regulations = StandingsRules.from_regulations(section_rules, lots_seed=lots_seed)
        return dataclasses.replace(
            by_regulations,
            unplayed_rule=unplayed,
            predetermined=predetermined,
            games_per_match=games_per_match(section),
        ), False
    default = not section.tiebreaks
    # the project's defaults (docs/tiebreaks.md): a round robin's list is C.02's DE, WIN, SB, KS
    default_list = PRESETS["round-robin"] if predetermined else DEFAULT_INDIVIDUAL_TIEBREAKS
    tiebreaks = list(section.tiebreaks) or default_list.split(",")
    forfeit_rule = (
        ForfeitRule(section.forfeits_to_withdraw) if section.forfeits_to_withdraw else None
    )
    rules_ = StandingsRules.from_text(
        tiebreaks, forfeit_rule=forfeit_rule, unplayed_rule=unplayed, predetermined=predetermined
    )
    return dataclasses.replace(rules_, games_per_match=games_per_match(section)), default


def games_per_match(section: models.Section) -> int:
    """Games in each of the section's pairings (the Double-Swiss system: 2, a round each)."""
    try:
        return registry.any_system(section.system_code).games_per_pairing
    except KeyError:
        return 1


def is_predetermined(section: models.Section) -> bool:
    """Whether the section's system fixes its pairings before round 1 (a round robin): its
    forfeits then count as results in the tie-breaks (C.07 Art. 15.2)."""
    try:
        return registry.any_system(section.system_code).predetermined
    except KeyError:
        return False


def fide_unplayed_edition(
    tiebreaks: Iterable[TiebreakSpec], rule: UnplayedRule, *, teams: bool = False
) -> str:
    """The year of the C.07 text ``rule`` by which a FIDE tie-break of ``tiebreaks``
    (Buchholz, Sonneborn-Berger …) counts unplayed rounds, for the standings' footnote (an
    individual or a team section's); "" when none of them uses C.07's Art. 16."""
    if not any("Art. 16" in lookup(spec, teams=teams).unplayed for spec in tiebreaks):
        return ""
    return {UnplayedRule.FIDE_2023: "2023", UnplayedRule.FIDE_2026: "2026"}.get(rule, "")


def unplayed_rule(event: models.Event) -> UnplayedRule:
    """How FIDE tie-breaks count unplayed rounds: the C.07 text in force when the event began
    (the 2023 text before 1 March 2026, as the ``crosstable standings`` command reads a TRF's
    start date); an event with no first day, the current text."""
    return rule_in_force(event.start_date) or UnplayedRule.FIDE_2026


@dataclasses.dataclass(frozen=True, slots=True)
class RoundProgress:
    """How far a round's results are: ``done`` of its ``games`` have a result."""

    round: int
    done: int
    games: int


def round_progress(tournament: Tournament, round_number: int) -> RoundProgress | None:
    """The results entered in ``round_number``, if some of its games are still pending
    (None when every game has its result, or the round has no game). A game is counted once,
    from its lower-numbered player; byes are not games."""
    if round_number < 1:
        return None
    games = done = 0
    for player in tournament:
        entry = player.entry(round_number)
        if entry is None or entry.opponent is None or entry.opponent < player.pairing_number:
            continue
        games += 1
        if entry.result is not ResultCode.PENDING:
            done += 1
    if games == 0 or done == games:
        return None
    return RoundProgress(round_number, done, games)


def completed_rounds(tournament: Tournament) -> int:
    """The rounds the standings are after: every recorded round, except a last round that
    is paired but has no game result yet. Counted, its pending games would be games of
    nought points whose opponents enter Buchholz and the progressive scores, and the page
    would say "after round 4" before round 4 is played. Once its first result is in, the
    round counts (live standings while results come in; its other games are still pending)."""
    last = tournament.rounds_recorded
    for player in tournament:
        entry = player.entry(last)
        if (
            entry is not None
            and entry.opponent is not None
            and (entry.result is not ResultCode.PENDING)
        ):
            return last
    return max(last - 1, 0)


def section_results(section: models.Section, rounds: int | None = None) -> SectionResults:
    """Everything the standings page shows for ``section`` after ``rounds`` rounds (by
    default the completed rounds: :func:`completed_rounds`)."""
    tournament = bridge.section_tournament(section)
    count = completed_rounds(tournament) if rounds is None else rounds
    section_rules = rules.section_rules(section)
    standings_rules, default_tiebreaks = _standings_rules(section, section_rules)
    main = compute_standings(tournament, standings_rules, count)
    regulations = rules.event_regulations(section.event)
    reference = (
        regulations.start_date
        if regulations is not None and regulations.start_date is not None
        else datetime.date.today()
    )
    attributes = {
        number: _attributes(tournament, number, reference, count) for number in tournament.players
    }
    sub_rankings: list[Ranking] = []
    prize_tables: list[PrizeTable] = []
    unit_ranking: UnitRanking | None = None
    if section_rules is not None:
        if section_rules.sex_split is not None:
            # A section played merged is still ranked by sex.
            for sex, name in (("M", _("Boys / men")), ("F", _("Girls / women"))):
                sub_rankings.append(
                    Ranking(sex, name, sub_ranking(main, _keeps_attribute(attributes, "sex", sex)))
                )
        for sub in section_rules.sub_rankings:
            kept = sub_ranking(main, _keeps_matching(attributes, sub.where))
            sub_rankings.append(Ranking(sub.key, sub.name, kept))
        by_key = {"individual": main} | {r.key: r.standings for r in sub_rankings}
        unit_ranking = _unit_ranking(section_rules, main, attributes, _unit_kinds(section))
        for table in section_rules.prizes:
            for key in table.rankings:
                if key == "team" and unit_ranking is not None:
                    numbers = {
                        unit.unit: index for index, unit in enumerate(unit_ranking.units, start=1)
                    }
                    prize_tables.append(
                        PrizeTable(
                            key,
                            allocate_prizes(table, unit_ranking.as_ranking(numbers)),
                            table.currency,
                            {number: unit for unit, number in numbers.items()},
                        )
                    )
                    continue
                ranking = by_key.get(key)
                if ranking is None:
                    continue
                entrants = [
                    RankedEntrant(
                        row.rank,
                        row.number,
                        tied_group=None if row.by_lot else (key, row.rank),
                        attributes=attributes[row.number],
                    )
                    for row in ranking.rows
                ]
                prize_tables.append(
                    PrizeTable(key, allocate_prizes(table, entrants), table.currency)
                )
    results = SectionResults(
        tournament=tournament,
        main=main,
        tiebreak_labels=[str(spec) for spec in main.tiebreaks],
        sub_rankings=sub_rankings,
        prize_tables=prize_tables,
        rounds=count,
        unit_ranking=unit_ranking,
        progress=round_progress(tournament, count),
        default_tiebreaks=default_tiebreaks,
        unplayed_rule=standings_rules.unplayed_rule,
    )
    results.playoffs = _playoffs(section, results)
    return results


def _playoffs(section: models.Section, results: SectionResults) -> list[PlayoffGroup]:
    """Every tie on a place that may not be shared, for the standings' † mark: the ranking's
    own (``Standings.playoffs``, the prize tables' places) and the prize categories'
    (Futian youth: the boys' and the girls' champion), once each. Team prize tables rank units,
    not players: their play-offs are the unit ranking's business."""
    headings = prize_headings(section, results)
    groups: list[PlayoffGroup] = []
    seen: set[frozenset[int]] = set()
    for table in results.prize_tables:
        if table.names:
            continue
        for playoff in table.prizes.playoffs:
            numbers = frozenset(playoff.pairing_numbers)
            if numbers in seen:
                continue
            seen.add(numbers)
            title = " ".join(
                part
                for part in (headings.table(table.rankings), headings.prize(playoff.prize))
                if part
            )
            groups.append(
                PlayoffGroup(
                    title,
                    playoff.first_place,
                    playoff.last_place,
                    playoff.pairing_numbers,
                    tuple(results.name(number) for number in playoff.pairing_numbers),
                )
            )
    for members in results.main.playoffs:
        if frozenset(members) not in seen:
            seen.add(frozenset(members))
            rank = results.main.row(members[0]).rank
            names = tuple(results.name(number) for number in members)
            groups.append(PlayoffGroup("", rank, rank + len(members) - 1, members, names))
    return groups


@dataclasses.dataclass(frozen=True, slots=True)
class PlayoffGroup:
    """Players tied on a place that may not be shared: a play-off decides it."""

    title: str
    """The ranking and prize it is for ("Girls / women", "男子"); empty for the section's
    own ranking."""
    first_place: int
    last_place: int
    numbers: tuple[int, ...]
    names: tuple[str, ...]


def _unit_kinds(section: models.Section) -> dict[int, str]:
    """Pairing number → the kind of the player's unit as entered (``Entry.unit_kind``)."""
    rows = section.entries.values_list("pairing_number", "unit_kind")
    return {number: kind for number, kind in rows if number is not None}


def _unit_ranking(
    section_rules: SectionRules,
    main: Standings,
    attributes: dict[int, dict[str, AttributeValue]],
    unit_kinds: Mapping[int, str],
) -> UnitRanking | None:
    """Units by the sum of their members' places, where the regulations say so. A unit's
    kind is its first-placed member's entry (``unit_kinds``); only the kinds the regulations
    name are ranked (Futian youth: schools)."""
    team_ranking = section_rules.team_ranking
    if team_ranking is None or team_ranking.method is not TeamRankingMethod.SUM_OF_PLACES:
        return None
    individuals = [
        IndividualPlace(
            row.rank,
            row.number,
            str(attributes[row.number]["unit"] or ""),
            unit_kind=unit_kinds.get(row.number, "").strip(),
            sex=str(attributes[row.number]["sex"] or ""),
        )
        for row in main.rows
    ]
    return rank_units_by_places(team_ranking, individuals)


def prize_headings(section: models.Section, results: SectionResults) -> PrizeHeadings:
    """How the prize lists name their tables and prizes, for the pages and printouts: a
    table by the ranking it is for ("Girls / women", not the key "F"; nothing for the
    section's own ranking), a prize by the regulations' category name ("best girl"), a place
    prize by nothing (its place says it; the key "place" is no word to print on a
    certificate)."""
    tables = {ranking.key: ranking.name for ranking in results.sub_rankings}
    tables["team"] = _("Units (sum of places)")
    tables["individual"] = ""
    return PrizeHeadings(tables, prize_names(section))


def prize_names(section: models.Section) -> dict[str, str]:
    """Each prize's name as the regulations give it ("best girl", not the key
    ``best_girl``); a place prize has none (its place says it)."""
    section_rules = rules.section_rules(section)
    prizes = {"place": ""}
    if section_rules is not None:
        for table in section_rules.prizes:
            prizes.update({category.key: category.name for category in table.categories})
    return prizes


@dataclasses.dataclass(frozen=True, slots=True)
class PrizeHeadings:
    """See :func:`prize_headings`; an unknown key is shown as it is."""

    tables: Mapping[str, str]
    prizes: Mapping[str, str]

    def table(self, key: str) -> str:
        return self.tables.get(key, key)

    def prize(self, key: str) -> str:
        return self.prizes.get(key, key)


def sub_ranking_rows(results: SectionResults) -> list[dict[str, Any]]:
    """Each sub-ranking (girls, age groups…) with its rows (place, name, points) as the
    standings pages and printouts list them; one with nobody in it, or with everybody (the
    boys of a group formed of boys), is left out: it would repeat the ranking or say
    nothing."""
    return [
        {
            "ranking": ranking,
            "rows": [
                {
                    "row": row,
                    "name": results.name(row.number),
                    "points": format_points(row.points),
                    "marks": results.marks(row),
                }
                for row in ranking.standings.rows
            ],
        }
        for ranking in results.sub_rankings
        if 0 < len(ranking.standings.rows) < len(results.main.rows)
    ]


def certificate_ranking(headings: PrizeHeadings, key: str) -> str:
    """What a certificate says the prize is for, beside the place and the category: the
    section's own ranking is the individual one (个人), the units' ranking by places the team
    one (团体), a sub-ranking its name (男子, 女子, an age group). A girl second overall and
    first girl gets "女子 — 第1名", never a bare "第1名"."""
    if key == "individual":
        return pgettext("certificate", "Individual")
    if key == "team":
        return pgettext("certificate", "Team")
    return headings.table(key)


def prize_rows(
    section: models.Section, results: SectionResults, awarded_only: bool = False
) -> list[dict[str, Any]]:
    """Each prize table with its heading and awards (prize heading, winner's name) as the
    prize lists and certificates show them; ``awarded_only`` leaves out tables nobody won.
    The section's own ranking, unnamed alone, is "Individual" beside other tables: after the
    units' prizes (Huayuan) its players would otherwise read as more units."""
    headings = prize_headings(section, results)
    several = len(results.prize_tables) > 1
    return [
        {
            "table": table,
            "title": headings.table(table.rankings)
            or (pgettext("prize table", "Individual") if several else ""),
            "certificate": certificate_ranking(headings, table.rankings),
            "awards": [
                {
                    "award": award,
                    "prize": headings.prize(award.prize),
                    "name": table.names.get(award.pairing_number)
                    or results.name(award.pairing_number),
                }
                for award in table.prizes.awards
            ],
            "shared_beyond": [
                {
                    "prize": headings.prize(block.prize),
                    "first_place": block.first_place,
                    "last_place": block.last_place,
                    "last_prize_place": block.last_prize_place,
                    "count": len(block.pairing_numbers),
                }
                for block in table.prizes.shared_beyond
            ],
        }
        for table in results.prize_tables
        if table.prizes.awards or not awarded_only
    ]


@dataclasses.dataclass(frozen=True, slots=True)
class TieLot:
    """Participants still tied after the whole tie-break list, in the order drawn."""

    place: int
    numbers: tuple[int, ...]
    names: tuple[str, ...]


def tie_lots(section: models.Section) -> list[TieLot]:
    """The drawing of lots among the participants still tied in the section's current
    standings, drawn from the seed — what ``final_tie = "lots"`` puts in the standings, and a
    simulation for any other section. Drawn again, the same order."""
    if section.is_team_section:
        return []  # teams are ranked on the team pages
    results = section_results(section)
    drawing = dataclasses.replace(standings_rules(section), lots_seed=lots.seed_of(section))
    drawn = compute_standings(results.tournament, drawing, results.rounds)
    names = {number: player.name for number, player in results.tournament.players.items()}
    place_of = {row.number: row.rank for row in drawn.rows}
    return [
        TieLot(
            min(place_of[number] for number in group),
            group,
            tuple(names[number] for number in group),
        )
        for group in drawn.lots
    ]
