"""Grade promotion: who earned which national grade in a grade tournament (等级赛, seed 001).

Owns the promotion report: from a section's results and the regulations' ``[grades]`` table
(``crosstable.regulations.GradeRules``: the ladder, the highest awardable title, the promotion
rules, the validity period) each player's grade on entry, games counted, score rate and the
grade earned, capped by the event's highest title and by the rounds and playing time each
title needs; and the validity date of the results. ``section_promotions`` builds one
section's report, ``validity_date`` the date results stay valid until, ``report_table`` the
rows an association's application takes (CSV, spreadsheets). No threshold lives here: every
number comes from the regulations (docs/regulations.md, "[grades]").
"""

from crosstable.grades.promotion import (
    Cap,
    Outcome,
    PromotionLine,
    SectionPromotions,
    game_minutes,
    section_promotions,
    validity_date,
)
from crosstable.grades.table import (
    COLUMNS,
    english_note,
    format_points,
    format_rate,
    grade_on_entry,
    report_csv,
    report_table,
)

__all__ = [
    "COLUMNS",
    "Cap",
    "Outcome",
    "PromotionLine",
    "SectionPromotions",
    "english_note",
    "format_points",
    "format_rate",
    "game_minutes",
    "grade_on_entry",
    "report_csv",
    "report_table",
    "section_promotions",
    "validity_date",
]
