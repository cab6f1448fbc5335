"""The grade rule parts: the grades, the ladder and the promotions."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from crosstable_web.events.settings.rule_fields.description import Rule, RulePart

GRADES = RulePart(
    "grade-rules",
    gettext_lazy("Grade promotion"),
    "event",
    (
        Rule(
            "grades.highest",
            "grade",
            gettext_lazy("The strongest grade this event may award (a number, or a title's word)."),
            "3",
        ),
        Rule(
            "grades.valid_for.months",
            "whole",
            gettext_lazy("Months the results stay valid for certificate applications."),
            "2",
            maximum=120,
        ),
        Rule(
            "grades.valid_for.days",
            "whole",
            gettext_lazy("Days the results stay valid, besides the months."),
            maximum=3650,
        ),
        Rule(
            "grades.source",
            "text",
            gettext_lazy("Where the thresholds come from (printed under every report)."),
        ),
        Rule(
            "grades.example",
            "yes_no",
            gettext_lazy(
                "The promotion rules are an example, not the association's table (every "
                "report says so at its head)."
            ),
            default=False,
        ),
    ),
)


GRADE_LADDER = RulePart(
    "grade-ladder",
    gettext_lazy("Grades and titles, strongest first"),
    "event",
    (
        Rule(
            "key",
            "grade",
            gettext_lazy("How entries record the grade: its number, or a title's word."),
            "3",
        ),
        Rule("name", "text", gettext_lazy("What the report prints."), "三级棋士"),
        Rule(
            "ungraded",
            "yes_no",
            gettext_lazy("The rung of players without a grade (the last one)."),
            default=False,
        ),
        Rule(
            "section",
            "text",
            gettext_lazy("The section players of this grade enter (its short code)."),
            "A",
        ),
        Rule(
            "min_rounds",
            "whole",
            gettext_lazy("Rounds a section must have for this title."),
            "7",
            minimum=1,
            maximum=99,
        ),
        Rule(
            "min_minutes",
            "whole",
            gettext_lazy(
                "Minutes of one game, both players together, a section must give for this title."
            ),
            "60",
            minimum=1,
        ),
    ),
    rows="grades.ladder",
)


GRADE_PROMOTIONS = RulePart(
    "grade-promotions",
    gettext_lazy("Promotion rules"),
    "event",
    (
        Rule("from", "grade", gettext_lazy("The grade on entry."), "4"),
        Rule("rate", "points", gettext_lazy("The score rate needed, in percent."), "50"),
        Rule(
            "min_games",
            "whole",
            gettext_lazy("The fewest games played."),
            "6",
            minimum=1,
            maximum=99,
        ),
        Rule("to", "grade", gettext_lazy("The grade earned."), "3"),
    ),
    rows="grades.promotions",
)
