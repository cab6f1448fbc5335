"""Values as people type or write them, read into the values the core stores.

An organiser's spreadsheet, an arbiter's keyboard box or a form field holds text written in
one of four languages, in any digit set (Latin, Persian, Arabic-Indic, full-width), dates in
the event's calendar, sexes as 男/女, L/P or مرد/زن, grades as 六级 or 6级, unit kinds as 学校
or شهرستان. Each reader here turns such text into one stored value or raises
:class:`TypedValueError` with a code (and the values a message needs) that the web app and the
command line translate: nothing is guessed and nothing silently becomes a default.
"""

from crosstable.typed.amounts import read_amount
from crosstable.typed.dates import (
    SCHEDULE_DATES,
    DateRange,
    birth_dates,
    payment_dates,
    read_date,
)
from crosstable.typed.digits import (
    as_typed_on_a_latin_keyboard,
    read_whole_number,
    whole_number_or_none,
)
from crosstable.typed.errors import TypedValueError
from crosstable.typed.people import (
    read_federation,
    read_fide_id,
    read_game,
    read_grade,
    read_sex,
    read_title,
    unsafe_characters,
)
from crosstable.typed.unit_kinds import UNIT_KINDS, read_unit_kind, unit_kind_words

__all__ = [
    "SCHEDULE_DATES",
    "UNIT_KINDS",
    "DateRange",
    "TypedValueError",
    "as_typed_on_a_latin_keyboard",
    "birth_dates",
    "payment_dates",
    "read_amount",
    "read_date",
    "read_federation",
    "read_fide_id",
    "read_game",
    "read_grade",
    "read_sex",
    "read_title",
    "read_unit_kind",
    "read_whole_number",
    "unit_kind_words",
    "unsafe_characters",
    "whole_number_or_none",
]
