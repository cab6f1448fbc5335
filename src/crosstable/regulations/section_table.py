"""A ``[[sections]]`` table (merged with ``[section_defaults]``): key, game, rounds, eligibility,
time control, scoring, forfeits, rating tie-breaks; the pairing, prize and team tables inside
it are read by their own modules; what the engine does not apply yet is noted as a gap."""

from __future__ import annotations

import dataclasses
import re

from crosstable.message import Choices, Code, Key, Message, Quoted
from crosstable.pairing import registry as pairing_registry
from crosstable.pairing.rules import (
    LOCAL_RULES,
    RoundOnePairing,
)
from crosstable.regulations.limits import (
    FINAL_TIES,
    MAX_AGE,
    MAX_GRADE,
    MAX_KEY,
    MAX_NAME,
    MAX_ROUNDS,
    SEXES,
)
from crosstable.regulations.pairing_table import read_pairing, read_tiebreaks
from crosstable.regulations.prize_table import read_prizes, read_sex_split, read_sub_rankings
from crosstable.regulations.reader import (
    TableReader,
    describe,
)
from crosstable.regulations.schedule_table import read_section_schedule
from crosstable.regulations.schema import (
    AdultGradeRule,
    Eligibility,
    Game,
    RatingTiebreaks,
    RoundSlot,
    SectionRules,
    TimeControl,
)
from crosstable.regulations.scoring_table import default_scoring, read_scoring
from crosstable.regulations.team_table import read_board_ranking, read_team, read_team_ranking


def read_section(
    reader: TableReader,
    event_game: Game,
    schedules: dict[str, tuple[RoundSlot, ...]],
    adult_rule: AdultGradeRule | None,
    gaps: list[str],
) -> SectionRules:
    key = reader.string("key", max_length=MAX_KEY, name_like=True)
    if not re.fullmatch(r"[A-Za-z0-9_-]+", key):
        raise reader.error(
            "key",
            Message("use letters, digits, - and _ only, got %(value)s", value=Quoted(key)),
        )
    game = Game(reader.choice("game", tuple(g.value for g in Game), event_game.value))
    rounds = reader.optional_int("rounds", 1, MAX_ROUNDS)
    schedule = read_section_schedule(reader, schedules)
    if rounds is not None and schedule and len(schedule) != rounds:
        raise reader.error(
            "schedule",
            Message(
                "lists %(listed)s rounds but the section has %(rounds)s rounds",
                listed=len(schedule),
                rounds=rounds,
            ),
        )
    pairing = read_pairing(reader, game)
    team = read_team(reader)
    teams = team is not None and team.match_points is not None
    tiebreaks = read_tiebreaks(reader, "tiebreaks", teams=teams)
    section = SectionRules(
        key=key,
        name=reader.string("name", max_length=MAX_NAME, name_like=True),
        game=game,
        eligibility=read_eligibility(reader, adult_rule),
        rounds=rounds,
        schedule=schedule,
        time_control=read_time_control(reader),
        scoring=read_scoring(reader, "scoring", default_scoring(game)),
        pairing=pairing,
        tiebreaks=tiebreaks,
        final_tie=reader.choice("final_tie", FINAL_TIES, "lots"),
        sub_rankings=tuple(read_sub_rankings(reader)),
        prizes=tuple(read_prizes(reader)),
        team=team,
        team_ranking=read_team_ranking(reader),
        board_ranking=read_board_ranking(reader),
        sex_split=read_sex_split(reader),
        split_over=reader.optional_int("split_over", 2),
        max_per_unit=reader.optional_int("max_per_unit", 1),
        capacity=reader.optional_int("capacity", 1),
        late_forfeit_minutes=reader.optional_int("late_forfeit_minutes"),
        forfeits_to_withdraw=reader.optional_int("forfeits_to_withdraw", 1, MAX_ROUNDS),
        forfeits_cancel_results=reader.boolean("forfeits_cancel_results", False),
        report_minutes_before=reader.optional_int("report_minutes_before"),
        fide_rated=reader.boolean("fide_rated", False),
        rating_tiebreaks=read_rating_tiebreaks(reader),
    )
    check_prize_rankings(reader, section)
    if section.forfeits_cancel_results and section.forfeits_to_withdraw is None:
        raise reader.error(
            "forfeits_cancel_results",
            Message(
                "needs %(key)s (after how many forfeits the results are cancelled)",
                key=Key("forfeits_to_withdraw"),
            ),
        )
    section = _per_game_rounds(reader, section)
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
    note_gaps(reader, section, gaps)
    reader.finish()
    return section


def _per_game_rounds(reader: TableReader, section: SectionRules) -> SectionRules:
    """A system whose pairing is a match of several games (the Double-Swiss system: two)
    records each game as a round of the section: the rounds are a multiple of the games, and
    the pairing-allocated bye, unless the file gives its points, is worth the match's bye
    shared by its rounds (C.04.5 art. 3.4: a game won and a game drawn)."""
    games = pairing_registry.any_system(section.pairing.system).games_per_pairing
    if games == 1:
        return section
    if section.rounds is not None and section.rounds % games:
        raise reader.error(
            "rounds",
            Message(
                "the system plays %(games)s games a match, each a round of the section: the"
                " number of rounds must be a multiple of %(games)s, not %(rounds)s",
                games=games,
                rounds=section.rounds,
            ),
        )
    scoring = pairing_registry.scoring_for(section.pairing.system, section.scoring)
    return dataclasses.replace(section, scoring=scoring)


def read_rating_tiebreaks(reader: TableReader) -> RatingTiebreaks:
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


def read_eligibility(reader: TableReader, adult_rule: AdultGradeRule | None) -> Eligibility:
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
        if age_at_least is not None and age_below is not None and age_below <= age_at_least:
            # an age group no one is in: the section could take no entry
            raise age.error(
                "below",
                Message("must be more than 'at least': no age can be both"),
            )
        age.finish()
    grade = table.table("grade")
    grade_from = grade_to = None
    if grade is not None:
        grade_from = grade.integer("from", 1, maximum=MAX_GRADE)
        grade_to = grade.integer("to", 1, maximum=MAX_GRADE)
        if grade_to < grade_from:
            raise grade.error("to", Message("must be a weaker (higher-numbered) grade than 'from'"))
        grade.finish()
    rating = table.table("rating")
    rating_at_least = rating_below = None
    if rating is not None:
        rating_at_least = rating.optional_int("at_least")
        rating_below = rating.optional_int("below")
        rating.finish()
    born_on_or_after = table.date("born_on_or_after")
    born_on_or_before = table.date("born_on_or_before")
    if born_on_or_after and born_on_or_before and born_on_or_before < born_on_or_after:
        # birth dates no one has: the section could take no entry
        raise table.error(
            "born_on_or_before",
            Message("is before 'born on or after': no birth date can be both"),
        )
    eligibility = Eligibility(
        sexes=frozenset(sexes),
        born_on_or_after=born_on_or_after,
        born_on_or_before=born_on_or_before,
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


def read_time_control(reader: TableReader) -> TimeControl | None:
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


def check_prize_rankings(reader: TableReader, section: SectionRules) -> None:
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


def note_gaps(reader: TableReader, section: SectionRules, gaps: list[str]) -> None:
    def gap(key: str, what: str) -> None:
        gaps.append(f"{reader.key(key)}: {what}")

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
