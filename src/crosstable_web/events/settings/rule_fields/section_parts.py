"""A section's rule parts: play, pairing, ranking, the team rules (shown once the boards make
it a team section) and the sub-rankings.
"""

from __future__ import annotations

import dataclasses

from django.utils.translation import gettext_lazy, pgettext_lazy

from crosstable.pairing.rules import LOCAL_RULES
from crosstable.regulations.schema import BOARD_CRITERIA
from crosstable_web.events.settings.rule_fields.description import Rule, RulePart, code_choices

SECTION_PLAY = RulePart(
    "play-rules",
    gettext_lazy("Play, scoring and limits"),
    "section",
    (
        Rule(
            "game",
            "choice",
            gettext_lazy("The game this section plays."),
            choices=code_choices("chess", "xiangqi"),
            default=None,
        ),
        Rule(
            "time_control.minutes",
            "whole",
            gettext_lazy("Minutes on each player's clock."),
            "90",
            minimum=0,
            maximum=100_000,
        ),
        Rule(
            "time_control.increment_seconds",
            "whole",
            gettext_lazy("Seconds added after each move."),
            "30",
            maximum=3600,
        ),
        Rule(
            "time_control.shared",
            "yes_no",
            gettext_lazy("The minutes are the total for both players."),
            default=False,
        ),
        Rule(
            "time_control.description",
            "text",
            gettext_lazy("The time control as the regulations word it."),
            pgettext_lazy("example", "۹۰ دقیقه + ۳۰ ثانیه"),
        ),
        Rule("scoring.win", "points", gettext_lazy("Points for a win."), "1"),
        Rule("scoring.draw", "points", gettext_lazy("Points for a draw."), "½"),
        Rule("scoring.loss", "points", gettext_lazy("Points for a loss."), "0"),
        Rule(
            "scoring.draw_first",
            "points",
            gettext_lazy("A draw's points for the player who moves first, where they differ."),
        ),
        Rule(
            "scoring.draw_second",
            "points",
            gettext_lazy("A draw's points for the player who moves second, where they differ."),
        ),
        Rule(
            "scoring.forfeit_win",
            "points",
            gettext_lazy("Points for a win by forfeit (empty: a win's)."),
        ),
        Rule(
            "scoring.forfeit_loss",
            "points",
            gettext_lazy("Points for a loss by forfeit (empty: a loss's)."),
        ),
        Rule(
            "scoring.bye",
            "points",
            gettext_lazy("Points of the bye the pairing gives (empty: a win's)."),
        ),
        Rule(
            "scoring.half_point_bye", "points", gettext_lazy("Points of a bye a player asks for.")
        ),
        Rule("scoring.zero_point_bye", "points", gettext_lazy("Points of a zero-point bye.")),
        Rule(
            "late_forfeit_minutes",
            "whole",
            gettext_lazy("A player this many minutes late loses by forfeit."),
            "30",
        ),
        Rule(
            "report_minutes_before",
            "whole",
            gettext_lazy("Players report this many minutes before each round."),
        ),
        Rule(
            "forfeits_to_withdraw",
            "whole",
            gettext_lazy("After this many forfeits the player is withdrawn."),
            "2",
            minimum=1,
            maximum=99,
        ),
        Rule(
            "forfeits_cancel_results",
            "yes_no",
            gettext_lazy("A player withdrawn after forfeits is not ranked and wins no prize."),
            default=False,
        ),
        Rule(
            "capacity",
            "whole",
            gettext_lazy("The most entries the hall takes (teams in a team section)."),
            "61",
            minimum=1,
        ),
        Rule(
            "max_per_unit",
            "whole",
            gettext_lazy("The most players one unit (school, club, county) may enter."),
            minimum=1,
        ),
        Rule(
            "split_over",
            "whole",
            gettext_lazy(
                "More entries than this: the section is split into equally strong groups."
            ),
            minimum=2,
        ),
        Rule(
            "sex_split.merge_below",
            "whole",
            gettext_lazy(
                "The sexes play apart; if either has fewer entries than this they play "
                "together, ranked apart."
            ),
            "10",
            minimum=1,
        ),
        Rule(
            "fide_rated",
            "yes_no",
            gettext_lazy("Rated by FIDE: the section runs in FIDE mode."),
            default=False,
        ),
    ),
)


SECTION_PAIRING = RulePart(
    "pairing-rules",
    gettext_lazy("Pairing rules"),
    "section",
    (
        Rule(
            "pairing.round_one",
            "choice",
            gettext_lazy("How round 1 is paired (by lot: the xiangqi Swiss only)."),
            choices=code_choices("rating", "halves_by_lot", "lot_adjacent"),
            default="rating",
        ),
        Rule(
            "pairing.round_one_colour",
            "choice",
            gettext_lazy("Colours of round 1."),
            choices=code_choices("lot", "odd_number_first"),
            default="lot",
        ),
        Rule(
            "pairing.avoid_same_unit_rounds",
            "range",
            gettext_lazy("Players of one unit do not meet in these rounds."),
            "1–5",
        ),
        Rule(
            "pairing.max_same_colour_in_row",
            "whole",
            gettext_lazy("Never more than this many games in a row with the same colour."),
            minimum=1,
        ),
        Rule(
            "pairing.max_colour_difference",
            "whole",
            gettext_lazy("A player's colours never differ by more than this (the xiangqi Swiss)."),
            minimum=1,
        ),
        Rule(
            "pairing.segment_order",
            "choice",
            gettext_lazy(
                "Inside a score group (the xiangqi Swiss): top half against bottom half, or "
                "neighbours."
            ),
            choices=code_choices("halves", "adjacent"),
            default="halves",
        ),
        Rule(
            "pairing.house_player_for_odd",
            "yes_no",
            gettext_lazy("The organiser may add a house player when the number of players is odd."),
            default=False,
        ),
        Rule(
            "pairing.local_rules",
            "codes",
            gettext_lazy(
                "Local pairing rules of the regulations (each only where the section's system "
                "applies it)."
            ),
            choices=code_choices(*LOCAL_RULES),
        ),
        Rule(
            "pairing.acceleration",
            "choice",
            gettext_lazy("Baku acceleration in the first rounds (the Dutch system only)."),
            choices=code_choices("none", "baku"),
            default="none",
        ),
        Rule(
            "rating_tiebreaks.unrated",
            "whole",
            gettext_lazy(
                "The rating an unrated player counts as in the rating tie-breaks (empty: those "
                "tie-breaks are left out while anyone is unrated)."
            ),
            "1000",
            maximum=3500,
        ),
        Rule(
            "rating_tiebreaks.ratings",
            "choice",
            gettext_lazy(
                "Which rating the rating tie-breaks read: each player's first, or each round's."
            ),
            choices=code_choices("first", "per_round"),
            default="first",
        ),
    ),
)


SECTION_RANKING = RulePart(
    "ranking-rules",
    gettext_lazy("Tie-breaks and rankings"),
    "section",
    (
        Rule(
            "tiebreaks",
            "tiebreaks",
            gettext_lazy(
                "The tie-breaks in order, each chosen with its meaning (none: points alone)."
            ),
            "MPvGP, DE, BH, BH/C1, BH/M1",
        ),
        Rule(
            "final_tie",
            "choice",
            gettext_lazy("When every tie-break is equal."),
            choices=code_choices("lots", "shared", "playoff"),
            default="lots",
        ),
        Rule(
            "team_ranking.method",
            "choice",
            gettext_lazy(
                "How teams are ranked: by match points, or by the sum of their players' places."
            ),
            "match_points",
            code_choices("match_points", "sum_of_places"),
        ),
        Rule(
            "team_ranking.tiebreaks",
            "tiebreaks",
            gettext_lazy("The team ranking's tie-breaks in order."),
            "MPvGP, DE, BH",
            teams=True,
            needs="team_ranking",
        ),
        Rule(
            "team_ranking.counted",
            "whole",
            gettext_lazy("Sum of places: how many players of each team count."),
            "3",
            minimum=1,
            needs="team_ranking",
        ),
        Rule(
            "team_ranking.counted_by_sex",
            "by_sex",
            gettext_lazy("Sum of places: how many players of each sex count."),
            needs="team_ranking",
        ),
        Rule(
            "team_ranking.unit_kinds",
            "lines",
            gettext_lazy(
                "Only units of these kinds are ranked as teams (one a line; empty: every unit)."
            ),
            "county",
            needs="team_ranking",
        ),
        Rule(
            "board_ranking.min_games",
            "boards",
            gettext_lazy("The fewest games a player needs on a board to be ranked there."),
            "7",
            needs="team",
        ),
        Rule(
            "board_ranking.criteria",
            "ordered",
            gettext_lazy("How players of a board are ranked, in order."),
            "percentage, games, direct_encounter",
            code_choices(*BOARD_CRITERIA),
            slots=5,
            needs="team",
        ),
        Rule(
            "board_ranking.forfeits_count",
            "yes_no",
            gettext_lazy("Forfeits count in the board ranking."),
            default=True,
            needs="team",
        ),
    ),
)


SECTION_TEAMS = RulePart(
    "team-rules",
    gettext_lazy("Team rules"),
    "section",
    (
        Rule(
            "team.boards",
            "whole",
            gettext_lazy(
                "Boards each team plays on (a number here makes the section a team section)."
            ),
            "4",
            minimum=1,
            maximum=100,
        ),
        Rule(
            "team.reserves",
            "whole",
            gettext_lazy("Reserve players a team may have."),
            "2",
            maximum=100,
        ),
        Rule(
            "team.min_players",
            "whole",
            gettext_lazy("The fewest players a team registers."),
            "6",
            minimum=1,
        ),
        Rule(
            "team.fixed_roster",
            "yes_no",
            gettext_lazy("The roster stays the same for the whole event."),
            default=True,
        ),
        Rule(
            "team.includes_leader",
            "yes_no",
            gettext_lazy("The team's leader is one of its players."),
            default=False,
        ),
        Rule(
            "team.min_players_for_match",
            "whole",
            gettext_lazy("The fewest players a team needs to play a match."),
            "3",
            minimum=1,
        ),
        Rule(
            "team.short_team_result",
            "text",
            gettext_lazy(
                "The result of a team with fewer players: its score, then its opponent's."
            ),
            "0-4",
        ),
        Rule(
            "team.lineup_minutes_before_round",
            "whole",
            gettext_lazy("The line-up is given this many minutes before each round."),
            "30",
        ),
        Rule(
            "team.keep_board_order",
            "yes_no",
            gettext_lazy("The line-up keeps the roster's board order."),
            default=True,
        ),
        Rule(
            "team.match_points.win",
            "points",
            gettext_lazy("Match points for a won match (empty: not a team event)."),
            "2",
        ),
        Rule(
            "team.match_points.draw", "points", gettext_lazy("Match points for a drawn match."), "1"
        ),
        Rule(
            "team.match_points.loss", "points", gettext_lazy("Match points for a lost match."), "0"
        ),
        *(
            Rule(f"team.match_points.{name}", "points", words)
            for name, words in (
                (
                    "draw_first",
                    gettext_lazy(
                        "Match points of a drawn match for the team that moves first, where they "
                        "differ."
                    ),
                ),
                (
                    "draw_second",
                    gettext_lazy(
                        "Match points of a drawn match for the team that moves second, where they "
                        "differ."
                    ),
                ),
                (
                    "forfeit_win",
                    gettext_lazy("Match points for a match won by forfeit (empty: a win's)."),
                ),
                (
                    "forfeit_loss",
                    gettext_lazy("Match points for a match lost by forfeit (empty: a loss's)."),
                ),
                ("half_point_bye", gettext_lazy("Match points of a bye a team asks for.")),
                ("zero_point_bye", gettext_lazy("Match points of a zero-point bye.")),
            )
        ),
        Rule(
            "team.ineligible_player_penalty",
            "choice",
            gettext_lazy("A team that fields an ineligible player."),
            "opponents_win_all_games",
            code_choices("opponents_win_all_games"),
        ),
        Rule(
            "team.bye",
            "team_bye",
            gettext_lazy("The team bye's value (not stated: a drawn match)."),
            "draw",
        ),
    ),
)


SUB_RANKINGS = RulePart(
    "sub-rankings",
    gettext_lazy("Sub-rankings"),
    "section",
    (
        Rule("key", "text", gettext_lazy("A short code for the ranking (empty: one is made).")),
        Rule("name", "text", gettext_lazy("The ranking's name.")),
        Rule("where", "condition", gettext_lazy("Who is in it.")),
        Rule("age_on", "day", gettext_lazy("The day ages are counted on.")),
    ),
    rows="sub_rankings",
)


SECTION_TEAMS = dataclasses.replace(
    SECTION_TEAMS,
    rules=tuple(
        rule if rule.key == "team.boards" else dataclasses.replace(rule, needs="team")
        for rule in SECTION_TEAMS.rules
    ),
)
"""The boards make a section a team section; its other team rules are shown from then on."""
