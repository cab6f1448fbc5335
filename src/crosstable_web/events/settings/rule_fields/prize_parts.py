"""The prize rule parts: prize tables, their categories and places."""

from __future__ import annotations

from django.utils.translation import gettext_lazy, pgettext_lazy

from crosstable_web.events.settings.rule_fields.description import Rule, RulePart, code_choices

_PLACE_RULES = (
    Rule("place", "whole", gettext_lazy("The place (or give from and to)."), "1", minimum=1),
    Rule("from", "whole", gettext_lazy("First place of a run of places."), minimum=1),
    Rule("to", "whole", gettext_lazy("Last place of the run."), minimum=1),
    Rule("amount", "money", gettext_lazy("The money of each place."), "3000000"),
    Rule(
        "items",
        "lines",
        gettext_lazy("Things given (one a line)."),
        pgettext_lazy("example", "حکم"),
    ),
    Rule(
        "shareable",
        "yes_no",
        gettext_lazy("A tie for this place shares it (else a play-off decides)."),
        default=True,
    ),
    Rule(
        "requires",
        "requirement",
        gettext_lazy("The prize is given only if enough ranked entries meet a condition."),
    ),
)


PRIZE_TABLES = RulePart(
    "prize-tables",
    gettext_lazy("Prize tables"),
    "section",
    (
        Rule(
            "rankings",
            "rankings",
            gettext_lazy("The rankings these prizes go by."),
            "board 1 … board 6",
        ),
        Rule(
            "where",
            "condition",
            gettext_lazy("What every winner of this table must meet."),
            "games ≥ 7",
        ),
        Rule(
            "share",
            "choice",
            gettext_lazy("The money of a shared place."),
            choices=code_choices("by_rank", "equal", "hort"),
            default="by_rank",
        ),
        Rule(
            "cumulative",
            "yes_no",
            gettext_lazy("A place winner may also win a category."),
            default=False,
        ),
        Rule("currency", "text", gettext_lazy("The currency shown with the amounts."), "IRT"),
    ),
    rows="prizes",
)


PRIZE_CATEGORIES = RulePart(
    "prize-categories",
    gettext_lazy("Prize categories"),
    "section",
    (
        Rule("key", "text", gettext_lazy("A short code for the category (empty: one is made).")),
        Rule(
            "name",
            "text",
            gettext_lazy("The category's name."),
            pgettext_lazy("example", "برترین بازیکن بانوان"),
        ),
        Rule("where", "condition", gettext_lazy("Who may win it."), "sex = F"),
        Rule("age_on", "day", gettext_lazy("The day ages are counted on.")),
        Rule(
            "unrated_rating",
            "whole",
            gettext_lazy("The rating an unrated member counts as in an average rating."),
            "1000",
            maximum=3500,
        ),
        Rule(
            "requires",
            "requirement",
            gettext_lazy("The category is given only if enough ranked entries meet a condition."),
            "5 county teams",
        ),
    ),
    rows="prizes[].categories",
)


PRIZE_PLACES = RulePart(
    "prize-places",
    gettext_lazy("Places of the prize tables"),
    "section",
    _PLACE_RULES,
    rows="prizes[].places",
)


CATEGORY_PLACES = RulePart(
    "category-places",
    gettext_lazy("Places of the prize categories"),
    "section",
    _PLACE_RULES,
    rows="prizes[].categories[].places",
)
