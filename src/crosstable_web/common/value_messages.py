"""Why a typed value was refused, in the reader's language.

The core's readers (``crosstable.typed``) raise ``TypedValueError`` with a code and the values
a message needs; the spreadsheet import, the entry and team forms and the keyboard boxes all
say it with :func:`value_message`, so the same mistake reads the same everywhere.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Field
from django.utils.text import capfirst
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from crosstable.typed import TypedValueError, unit_kind_words, unsafe_characters
from crosstable.typed.calendars import Calendar


def _kinds(codes: tuple[str, ...]) -> str:
    """``school (学校), county (县)`` in Chinese: each code with its word in the page's
    language (the code alone in English)."""
    language = (get_language() or "en")[:2]
    named = []
    for code in codes:
        word = unit_kind_words(code, language)
        named.append(code if word == code else f"{code} ({word})")
    return ", ".join(named)


def value_message(error: TypedValueError, calendar: Calendar = Calendar.GREGORIAN) -> str:
    """The sentence for ``error`` (the value it quotes as typed)."""
    details = error.details
    values: dict[str, object] = {"value": error.text.strip(), **details}
    jalali = calendar is Calendar.JALALI
    match error.code:
        case "not_a_whole_number":
            return _("“%(value)s” is not a whole number.") % values
        case "too_long":
            return _("“%(value)s” has more than %(digits)d digits.") % values
        case "out_of_range":
            return _("“%(value)s” is not between %(minimum)s and %(maximum)s.") % values
        case "negative":
            return _("“%(value)s”: an amount cannot be negative.") % values
        case "not_an_amount":
            return (
                _(
                    "“%(value)s” is not an amount: write it like 5, 5.00 or 1,500.50 (at most "
                    "%(decimals)d decimals, no exponent)."
                )
                % values
            )
        case "too_large":
            return _("“%(value)s” is too large (at most %(digits)d digits).") % values
        case "not_a_date" if jalali:
            return _("“%(value)s” is not a date: write the Jalali date as 1389/02/13.") % values
        case "not_a_date":
            return (
                _("“%(value)s” is not a date: write it as 2010-05-03, 2010/5/3 or 2010年5月3日.")
                % values
            )
        case "ambiguous_date":
            return (
                _(
                    "“%(value)s”: is %(first)s the day or the month? Write the year first: "
                    "year/month/day."
                )
                % values
            )
        case "two_digit_year":
            return _("“%(value)s”: write the year with four digits.") % values
        case "no_day":
            return _("“%(value)s” has no day: give the whole date.") % values
        case "looks_jalali":
            return (
                _(
                    "“%(value)s” looks like a Jalali date (year %(year)s), but this event's "
                    "calendar is Gregorian."
                )
                % values
            )
        case "no_such_day":
            return _("“%(value)s” is not a day of the calendar.") % values
        case "date_out_of_range":
            # the sentence of a number out of its range; the ends as the page writes dates
            # when the caller wrote them (``localisation.with_written_dates``)
            return _("“%(value)s” is not between %(minimum)s and %(maximum)s.") % {
                "value": values["value"],
                "minimum": details["earliest"],
                "maximum": details["latest"],
            }
        case "unknown_sex":
            return _("“%(value)s” is not a sex: write M or F (男/女, L/P, مرد/زن).") % values
        case "unknown_grade":
            return (
                _(
                    "“%(value)s” is not a grade: write 1 to %(lowest)s (6, 6级 or 六级), or "
                    "leave it blank for a player without a grade."
                )
                % values
            )
        case "unknown_title":
            return (
                _("“%(value)s” is not a FIDE title (GM, IM, FM, CM, WGM, WIM, WFM, WCM).") % values
            )
        case "unknown_federation" if details.get("meant"):
            return _("“%(value)s” is not a FIDE federation code: write %(meant)s.") % {
                **values,
                "meant": details["meant"],
            }
        case "unknown_federation":
            return (
                _("“%(value)s” is not a FIDE federation code (three letters, e.g. MAS, CHN, IRI).")
                % values
            )
        case "not_a_fide_id":
            return _("“%(value)s” is not a FIDE ID (digits only, at most 12).") % values
        case "unknown_game":
            return (
                _("“%(value)s” is not a game: write chess (国际象棋) or xiangqi (中国象棋).")
                % values
            )
        case "unknown_unit_kind":
            return _("“%(value)s” is not a kind of unit this event knows: %(kinds)s.") % {
                **values,
                "kinds": _kinds(tuple(details.get("kinds", ()))),
            }
    return _("“%(value)s” cannot be read.") % values


def text_problems(text: str, limit: int | None) -> list[str]:
    """Why ``text`` cannot be stored in a field of ``limit`` characters: too long, or holding
    control or text-direction characters (``crosstable.typed.unsafe_characters``)."""
    problems = []
    if limit is not None and len(text) > limit:
        problems.append(
            _("is longer than %(limit)d characters (%(length)d).")
            % {"limit": limit, "length": len(text)}
        )
    unsafe = unsafe_characters(text)
    if unsafe:
        problems.append(
            _(
                "holds characters no name or text may hold (%(characters)s): line breaks, "
                "tabs, control or text-direction characters."
            )
            % {"characters": ", ".join(unsafe)}
        )
    return problems


def stored_text_problem(field: Field[Any, Any], text: str) -> str | None:
    """Why ``text`` cannot be kept in the column ``field`` as typed, after the column's name
    (``Reason: is longer than 300 characters (301).``), or None. A text is never cut to fit:
    what the reader typed is kept whole or refused."""
    problems = text_problems(text, field.max_length)
    if not problems:
        return None
    return f"{capfirst(str(field.verbose_name))}: {problems[0]}"
