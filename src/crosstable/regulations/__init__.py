"""Regulations: an event's rules as one declarative TOML file, loaded and validated.

``load_regulations(path)`` / ``parse_regulations(text, source)`` give a checked
``Regulations`` value or raise ``RegulationsError`` naming the key and the problem.
``check_eligibility`` and ``assign_sections`` place entrants in sections, ``compute_fee``
prices an entry, ``check_entry_limits`` and ``admit_by_capacity`` apply entry limits.
A grade tournament's ``[grades]`` table is ``Regulations.grades`` (``GradeRules``).
The file format is documented in docs/regulations.md.
"""

from crosstable.pairing.rules import PairingRules
from crosstable.regulations.loader import load_regulations, parse_regulations
from crosstable.regulations.reader import RegulationsError
from crosstable.regulations.schema import (
    AttributeValue,
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
    Grade,
    GradeRules,
    MemberRule,
    Operator,
    PlacePrize,
    PrizeRules,
    PromotionRule,
    Regulations,
    RoundSlot,
    ScheduleItem,
    SectionRules,
    SexSplit,
    ShareMode,
    SubRanking,
    TeamRanking,
    TeamRankingMethod,
    TeamRules,
    TimeControl,
    ValidityPeriod,
    Where,
    matches,
)
from crosstable.typed.calendars import Calendar, jalali_to_gregorian

__all__ = [
    "AttributeValue",
    "BoardRanking",
    "Calendar",
    "CategoryPrize",
    "Combination",
    "Condition",
    "CountRequirement",
    "Deadlines",
    "Discount",
    "Eligibility",
    "Fees",
    "Game",
    "Grade",
    "GradeRules",
    "MemberRule",
    "Operator",
    "PairingRules",
    "PlacePrize",
    "PrizeRules",
    "PromotionRule",
    "Regulations",
    "RegulationsError",
    "RoundSlot",
    "ScheduleItem",
    "SectionRules",
    "SexSplit",
    "ShareMode",
    "SubRanking",
    "TeamRanking",
    "TeamRankingMethod",
    "TeamRules",
    "TimeControl",
    "ValidityPeriod",
    "Where",
    "jalali_to_gregorian",
    "load_regulations",
    "matches",
    "parse_regulations",
]
