"""The event's rule parts: organiser, deadlines and registration; the sections; the
schedule; the discounts; the documents asked.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy, pgettext_lazy

from crosstable.regulations.registration import ASKABLE
from crosstable_web.events.settings.rule_fields.description import Rule, RulePart, code_choices

EVENT_RULES = RulePart(
    "event-rules",
    gettext_lazy("Organiser, deadlines and registration"),
    "event",
    (
        Rule(
            "event.organiser",
            "text",
            gettext_lazy("Who organises the event, as printed on its documents."),
            pgettext_lazy("example", "هیات شطرنج استان فارس"),
        ),
        Rule(
            "event.laws",
            "text",
            gettext_lazy("The laws of the game that apply, as printed on the documents."),
            "FIDE Laws of Chess",
        ),
        Rule(
            "event.game",
            "choice",
            gettext_lazy("The game the sections play unless a section says otherwise."),
            choices=code_choices("chess", "xiangqi"),
        ),
        Rule(
            "event.language",
            "choice",
            gettext_lazy("The language the event's pages open in."),
            choices=code_choices("en", "zh_Hans", "ms", "fa"),
            default="en",
        ),
        Rule(
            "event.capacity_priority",
            "choice",
            gettext_lazy(
                "Who gets the places when a section is full: the first to pay, or the first to "
                "enter."
            ),
            "payment_date",
            code_choices("payment_date", "entry_date"),
        ),
        Rule(
            "event.adult_grade_rule.adult_age",
            "whole",
            gettext_lazy(
                "From this age (completed years) an adult enters no lower than the grade below."
            ),
            "18",
            minimum=1,
            maximum=150,
        ),
        Rule(
            "event.adult_grade_rule.lowest_grade",
            "whole",
            gettext_lazy("The grade an adult without a grade, or with a weaker one, enters as."),
            "6",
            minimum=1,
            maximum=99,
        ),
        Rule(
            "event.adult_grade_rule.age_on",
            "day",
            gettext_lazy("The day ages are counted on for the adult rule (empty: the first day)."),
        ),
        Rule(
            "deadlines.registration",
            "moment",
            gettext_lazy("Entries close: a day, or a day and a time at the venue."),
            "1398-08-15 11:00",
        ),
        Rule(
            "deadlines.documents",
            "moment",
            gettext_lazy("Supporting documents are due: a day, or a day and a time."),
        ),
        Rule(
            "deadlines.name_change_minutes_before_start",
            "whole",
            gettext_lazy("A player may be replaced up to this many minutes before the start."),
            "30",
        ),
        Rule(
            "deadlines.additions_after_list",
            "yes_no",
            gettext_lazy("Players may still be added once the entry list is in."),
            default=True,
        ),
        Rule(
            "deadlines.changes_need_approval",
            "yes_no",
            gettext_lazy(
                "Withdrawals, late entries and substitutions need the organisers' approval."
            ),
            default=False,
        ),
        Rule(
            "registration.by",
            "codes",
            gettext_lazy(
                "Who registers on the public registration page (none ticked: the usual one, "
                "if the event takes online registration)."
            ),
            choices=code_choices("player", "unit", "team"),
        ),
        Rule(
            "registration.opens",
            "moment",
            gettext_lazy("The registration page opens (empty: at once)."),
        ),
        Rule(
            "registration.closes",
            "moment",
            gettext_lazy("The registration page closes (empty: when entries close)."),
        ),
        Rule(
            "registration.approval",
            "yes_no",
            gettext_lazy("Each registration waits for the organisers' approval."),
            default=True,
        ),
        Rule(
            "registration.asks",
            "codes",
            gettext_lazy("Details asked beyond those the rules need."),
            choices=code_choices(*ASKABLE),
        ),
    ),
)


SECTIONS = RulePart(
    "section-list",
    gettext_lazy("Sections"),
    "event",
    (
        Rule(
            "key",
            "text",
            gettext_lazy("A short code for the section: letters, digits, - and _."),
            "A",
        ),
        Rule(
            "name",
            "text",
            gettext_lazy("The section's name as the regulations give it."),
            pgettext_lazy("example", "جدول زیر ۱۴ سال (B)"),
        ),
        Rule(
            "rounds",
            "whole",
            gettext_lazy("Rounds the section plays (empty: left to the arbiter)."),
            "9",
            minimum=1,
            maximum=99,
        ),
        Rule("pairing.system", "system", gettext_lazy("How the section is paired.")),
        Rule(
            "team.boards",
            "whole",
            gettext_lazy(
                "Boards each team plays on (team pairing systems; the match points are then "
                "FIDE's 2, 1 and 0, changed under Team rules)."
            ),
            "4",
            minimum=1,
            maximum=100,
        ),
    ),
    rows="sections",
)


DISCOUNTS = RulePart(
    "discount-rules",
    gettext_lazy("Discounts and their conditions"),
    "event",
    (
        Rule("key", "text", gettext_lazy("A short code for the discount (empty: one is made).")),
        Rule(
            "name",
            "text",
            gettext_lazy("The discount's name on the fee breakdown."),
            pgettext_lazy("example", "بانوان"),
        ),
        Rule(
            "percent",
            "points",
            gettext_lazy("The discount, in percent of the fee (or of a member's share)."),
            "15",
        ),
        Rule(
            "previous_place",
            "places",
            gettext_lazy("Places in an earlier event that earn it."),
            "1",
        ),
        Rule("previous_event", "text", gettext_lazy("That earlier event.")),
        Rule(
            "entry",
            "condition",
            gettext_lazy("What the entry itself must be (a team's unit, a letter from its board)."),
        ),
        Rule(
            "members",
            "condition",
            gettext_lazy("What the player, or each counted member of a team, must be."),
        ),
        Rule(
            "members_rule",
            "choice",
            gettext_lazy(
                "Members: the whole fee when they all (or enough of them) match, or each "
                "matching member's share."
            ),
            "share",
            code_choices("all", "share"),
            default="all",
        ),
        Rule(
            "min_members_matching",
            "whole",
            gettext_lazy("How many members must match (empty: all)."),
            "3",
            minimum=1,
        ),
    ),
    rows="fees.discounts",
)


DOCUMENTS = RulePart(
    "document-rules",
    gettext_lazy("Documents each player uploads"),
    "event",
    (
        Rule("key", "text", gettext_lazy("A short code for the document (empty: one is made).")),
        Rule("name", "text", gettext_lazy("The document as the regulations call it.")),
        Rule(
            "sections",
            "sections",
            gettext_lazy("The sections whose players give it (none ticked: every section)."),
        ),
    ),
    rows="registration.documents",
)


SCHEDULE_ITEMS = RulePart(
    "schedule-items",
    gettext_lazy("Other fixed points: opening, meetings, prize giving"),
    "event",
    (
        Rule(
            "label",
            "text",
            gettext_lazy("What happens."),
            pgettext_lazy("example", "اختتامیه جدول آزاد"),
        ),
        Rule("date", "day", gettext_lazy("The day.")),
        Rule("time", "clock", gettext_lazy("The time at the venue.")),
    ),
    rows="schedule_items",
)
