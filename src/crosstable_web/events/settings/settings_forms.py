"""The settings page's forms for the schedule, the sections' eligibility and the fees
(``events.regulation_edits`` writes what they read into the regulations; the prizes are rule
parts, ``rule_fields.prize_parts``).

Each form takes values as people type them — any digits, a date in the event's calendar
(Jalali for a Jalali event, ``2010/5/3`` as well as ``2010-05-03``), amounts with their
separators — and shows them back so (Persian digits on a Persian page). Each maps the
loader's keys (``sections[1].schedule[3].date``) to its fields (:meth:`PartForm.field_of_key`),
so an error the loader finds stands at the box the organiser typed in.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Callable, Collection
from decimal import Decimal
from typing import Any

from django import forms
from django.forms import widgets
from django.forms.utils import flatatt
from django.utils import translation
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from crosstable.regulations import Regulations
from crosstable.regulations.schema import Combination, Eligibility
from crosstable.typed import TypedValueError
from crosstable.typed.calendars import Calendar, gregorian_to_jalali
from crosstable.typed.dates import SCHEDULE_DATES, read_date
from crosstable.typed.digits import as_typed_on_a_latin_keyboard
from crosstable_web.common.localisation import (
    LocalDecimalField,
    LocalIntegerField,
    digits,
    reads_day_first,
    uses_persian_digits,
    with_written_dates,
)
from crosstable_web.common.value_messages import value_message
from crosstable_web.events.settings import regulation_edits as edits

PARTS = ("schedule", "eligibility", "fees")
"""The page's ``action`` of each form here."""


# --- boxes ----------------------------------------------------------------------------------


def box_calendar(calendar: Calendar) -> Calendar:
    """The calendar a day box of an event in ``calendar`` reads and shows: the event's, and
    Jalali on a Persian page (as every date there is; a year from 1700 on still reads as
    Gregorian, ``crosstable.typed.dates``)."""
    return Calendar.JALALI if uses_persian_digits() else calendar


def day_in_box(day: datetime.date, calendar: Calendar) -> str:
    """A day as its box shows it: Jalali ``1398/08/24`` in a Jalali event or on a Persian
    page (Persian digits there), ``2009/11/14`` in Chinese, ``2009-11-14`` otherwise."""
    language = translation.get_language() or "en"
    if box_calendar(calendar) is Calendar.JALALI:
        year, month, date = gregorian_to_jalali(day)
        text = f"{year:04d}/{month:02d}/{date:02d}"
    elif language.startswith("zh"):
        text = f"{day.year}/{day.month}/{day.day}"
    else:
        text = day.isoformat()
    return digits(text)


class EventDayField(forms.CharField):
    """A day typed in the event's calendar, any digits (``crosstable.typed.read_date``: the
    day first in Malay, ``3/5/2010``)."""

    def __init__(self, calendar: Calendar, **kwargs: Any) -> None:
        self.calendar = calendar
        kwargs.setdefault("required", False)
        jalali = box_calendar(calendar) is Calendar.JALALI
        # the shape of a day in the reader's words ("年-月-日"), not a day: a grey 2019-11-15
        # in an empty "age counted on" box of a 2009 event read as a day already set; wide
        # enough for a day typed the Chinese way (2003年12月31日)
        placeholder = "1398/08/24" if jalali else _("YYYY-MM-DD")
        kwargs.setdefault(
            "widget",
            forms.TextInput(attrs={"size": 14, "placeholder": placeholder, "dir": "ltr"}),
        )
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> datetime.date | None:  # type: ignore[override]
        text = str(value or "").strip()
        if not text:
            return None
        calendar = box_calendar(self.calendar)
        try:
            return read_date(
                text,
                calendar,
                day_first=reads_day_first(),
                within=SCHEDULE_DATES,
            )
        except TypedValueError as error:
            written = with_written_dates(error, calendar)
            raise forms.ValidationError(value_message(written, calendar)) from None

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, datetime.date):
            return day_in_box(value, self.calendar)
        return value


_CLOCK = re.compile(r"(\d{1,2})\s*[:.：]\s*(\d{2})")


class ClockField(forms.CharField):
    """A time of day at the venue, ``09:30`` (any digits, ``9.30`` too)."""

    def __init__(self, *, example: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        attrs = {"size": "6", "inputmode": "numeric", "dir": "ltr"}
        if example:  # an end time's box shows none: a grey 09:30 there reads as a value
            attrs["placeholder"] = "09:30"
        kwargs.setdefault("widget", forms.TextInput(attrs=attrs))
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> datetime.time | None:  # type: ignore[override]
        text = as_typed_on_a_latin_keyboard(str(value or "")).strip()
        if not text:
            return None
        match = _CLOCK.fullmatch(text)
        if match is None or int(match[1]) > 23 or int(match[2]) > 59:
            raise forms.ValidationError(
                _("“%(value)s” is not a time of day: write it as %(example)s.")
                % {"value": value, "example": digits("09:30")}
            )
        return datetime.time(int(match[1]), int(match[2]))

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, datetime.time):
            return digits(f"{value:%H:%M}")
        return value


def _words(value: str) -> tuple[str, ...]:
    """Things typed one a line or separated by commas (Chinese and Persian commas too)."""
    return tuple(part.strip() for part in re.split(r"[\n,，،、]", value) if part.strip())


def listed(words: Any) -> str:
    """Words joined as the page's language lists them (a Persian page's commas are made
    Persian by ``public.right_to_left``)."""
    return ("、" if (translation.get_language() or "").startswith("zh") else ", ").join(words)


def _direct_input(widget: widgets.Input) -> Callable[..., SafeString]:
    """``widget`` written straight to HTML, as Django's ``input.html`` writes it: a settings
    page has hundreds of boxes, and a template rendering each made the page take seconds."""

    def render(name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        context = widget.get_context(name, value, attrs)["widget"]
        written: dict[str, Any] = {"type": context["type"], "name": context["name"]}
        if context["value"] is not None:
            written["value"] = str(context["value"])
        written.update(context["attrs"])
        return format_html("<input{}>", flatatt(written))

    return render


# --- the forms ------------------------------------------------------------------------------


class PartForm(forms.Form):
    """One part of the settings: its fields, the edit of the file they make, and where the
    loader's keys stand among them."""

    confirm_played = forms.BooleanField(
        label=gettext_lazy("Yes, change rounds already played (the audit log keeps it)"),
        required=False,
    )

    def label_boxes(self) -> None:
        """Each box named by its label for a screen reader (rows of boxes in a table show
        the label in the column's heading only)."""
        for field in self.fields.values():
            field.widget.attrs.setdefault("aria-label", str(field.label))
            if isinstance(field.widget, widgets.Input):
                field.widget.render = _direct_input(field.widget)  # type: ignore[method-assign]

    def key_fields(self) -> dict[str, str]:
        """The loader's key → this form's field, for the keys its fields write."""
        raise NotImplementedError

    def field_of_key(self, key: str) -> str | None:
        """The field a loader key (``sections[0].schedule[2].date``) belongs to, a key with
        an array index (``units[3]``) at its array's field; None: none of this form's."""
        fields = self.key_fields()
        while key:
            if key in fields:
                return fields[key]
            shorter = re.sub(r"(\.[^.\[]*|\[\d+\])$", "", key)
            if shorter == key:  # a key of one name (``sections``): it hung the page before
                return None
            key = shorter
        return None

    def change(self) -> Callable[[Any], None]:
        """What the cleaned values write into the TOML document."""
        raise NotImplementedError


class ScheduleForm(PartForm):
    """One row per round — the day in the event's calendar, the start and end at the venue —
    for each schedule of the file (a shared one once)."""

    def __init__(
        self, *args: Any, sources: list[edits.ScheduleSource], calendar: Calendar, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.sources = sources
        for number, source in enumerate(sources):
            for row_number, row in enumerate(source.rows, start=1):
                stem = f"schedule_{number}_{row_number}"
                round_words = pgettext("chess", "Round %(number)s") % {"number": row_number}
                self.fields[f"{stem}_date"] = EventDayField(
                    calendar, label=_("%(round)s: day") % {"round": round_words}, initial=row.date
                )
                self.fields[f"{stem}_start"] = ClockField(
                    label=_("%(round)s: start") % {"round": round_words}, initial=row.start
                )
                self.fields[f"{stem}_end"] = ClockField(
                    label=_("%(round)s: end") % {"round": round_words},
                    initial=row.end,
                    example=False,
                )
        self.label_boxes()

    def rows_of(self, number: int) -> list[tuple[str, str, str]]:
        """The field names of schedule ``number``'s rows (day, start, end)."""
        return [
            (f"schedule_{number}_{row}_date", f"schedule_{number}_{row}_start",
             f"schedule_{number}_{row}_end")
            for row in range(1, len(self.sources[number].rows) + 1)
        ]  # fmt: skip

    def clean(self) -> dict[str, Any]:
        """Rounds in order: a round's day and start not before the round before it (a day
        typed in the wrong month would otherwise pass the loader)."""
        cleaned = super().clean() or {}
        for number in range(len(self.sources)):
            previous: tuple[int, datetime.date, datetime.time] | None = None
            for row, (day, start, _end) in enumerate(self.rows_of(number), start=1):
                if cleaned.get(day) is None or start in self.errors:
                    continue  # no day, or a start refused already: nothing to compare
                when = (row, cleaned[day], cleaned.get(start) or datetime.time.min)
                if previous is not None and when[1:] < previous[1:]:
                    self.add_error(
                        day,
                        _("Round %(round)s starts before round %(previous)s.")
                        % {"round": digits(row), "previous": digits(previous[0])},
                    )
                previous = when
        return cleaned

    def key_fields(self) -> dict[str, str]:
        fields: dict[str, str] = {}
        for number, source in enumerate(self.sources):
            rows = self.rows_of(number)
            for row, (day, start, end) in enumerate(rows):
                for part, field in (("date", day), ("start", start), ("end", end), ("round", day)):
                    fields[f"{source.key_prefix}[{row}].{part}"] = field
            if rows:
                fields[source.key_prefix] = rows[0][0]
        return fields

    def field_of_key(self, key: str) -> str | None:
        found = super().field_of_key(key)
        match = re.fullmatch(r"sections\[(\d+)\]\.schedule(\[\d+\].*)?", key)
        if found is None and match:
            # a section following a shared schedule: its error stands at that schedule
            for number, source in enumerate(self.sources):
                if source.kind != "section" and self.rows_of(number):
                    return self.rows_of(number)[0][0]
        return found

    def change(self) -> Callable[[Any], None]:
        values = self.cleaned_data
        schedules = [
            (
                source,
                [
                    edits.ScheduleRow(values.get(day), values.get(start), values.get(end))
                    for day, start, end in self.rows_of(number)
                ],
            )
            for number, source in enumerate(self.sources)
        ]

        def write(document: Any) -> None:
            for source, rows in schedules:
                if list(source.rows) != rows:
                    edits.write_schedule(document, source, rows)

        return write


UNGRADED_CHOICES = [
    ("", gettext_lazy("As the grades say")),
    ("yes", gettext_lazy("May enter")),
    ("no", gettext_lazy("May not enter")),
]


class EligibilityForm(PartForm):
    """Who may enter each section: sex, birth dates or age on a day, national grades,
    rating, units, natives, membership."""

    def __init__(
        self,
        *args: Any,
        sections: list[tuple[str, Eligibility]],
        calendar: Calendar,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.sections = sections
        for key, old in sections:
            self.fields[f"elig_{key}_sexes"] = forms.ChoiceField(
                label=_("Sex"),
                required=False,
                choices=[("", _("Any")), ("M", _("Male")), ("F", _("Female"))],
                initial=next(iter(old.sexes)) if len(old.sexes) == 1 else "",
            )
            for name, label in (
                ("born_on_or_after", _("Born on or after")),
                ("born_on_or_before", _("Born on or before")),
                ("age_on", _("Age counted on")),
            ):
                self.fields[f"elig_{key}_{name}"] = EventDayField(
                    calendar, label=label, initial=getattr(old, name)
                )
            for name, label in (
                ("age_at_least", _("Age at least")),
                ("age_below", _("Age below")),
                ("grade_from", _("Strongest grade")),
                ("grade_to", _("Weakest grade")),
                ("rating_at_least", _("Rating at least")),
                ("rating_below", _("Rating below")),
            ):
                self.fields[f"elig_{key}_{name}"] = LocalIntegerField(
                    label=label, required=False, min_value=0, initial=getattr(old, name)
                )
            self.fields[f"elig_{key}_ungraded"] = forms.ChoiceField(
                label=_("Players without a grade"),
                required=False,
                choices=UNGRADED_CHOICES,
                initial={None: "", True: "yes", False: "no"}[old.ungraded],
            )
            self.fields[f"elig_{key}_units"] = forms.CharField(
                label=_("Units that may send players (one a line; empty: any)"),
                required=False,
                widget=forms.Textarea(attrs={"rows": 3, "cols": 30}),
                initial="\n".join(old.units),
            )
            self.fields[f"elig_{key}_native_of_unit"] = forms.BooleanField(
                label=_("Natives of their unit only"), required=False, initial=old.native_of_unit
            )
            self.fields[f"elig_{key}_member_id_required"] = forms.BooleanField(
                label=_("Membership id required"), required=False, initial=old.member_id_required
            )
        self.label_boxes()

    def fields_of(self, key: str) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith(f"elig_{key}_")]

    def key_fields(self) -> dict[str, str]:
        return {
            f"sections[{index}].eligibility.{path}": f"elig_{key}_{field}"
            for index, (key, _old) in enumerate(self.sections)
            for path, field in edits.ELIGIBILITY_FIELDS.items()
        } | {
            f"sections[{index}].eligibility": f"elig_{key}_sexes"
            for index, (key, _old) in enumerate(self.sections)
        }

    def edit_of(self, key: str, old: Eligibility) -> Eligibility:
        values = {
            name[len(f"elig_{key}_") :]: value
            for name, value in self.cleaned_data.items()
            if name.startswith(f"elig_{key}_")
        }
        sexes = frozenset(values["sexes"]) if values["sexes"] else frozenset()
        if not sexes and old.sexes == frozenset("MF"):
            sexes = old.sexes  # "any" as the file says it
        return dataclasses.replace(
            old,
            **{
                **values,
                "sexes": sexes,
                "ungraded": {"": None, "yes": True, "no": False}[values["ungraded"]],
                "units": _words(values["units"]),
            },
        )

    def change(self) -> Callable[[Any], None]:
        changes = [
            (index, old, self.edit_of(key, old)) for index, (key, old) in enumerate(self.sections)
        ]

        def write(document: Any) -> None:
            for index, old, new in changes:
                edits.write_eligibility(document, index, old, new)

        return write


PER_CHOICES = [("player", gettext_lazy("Per player")), ("team", gettext_lazy("Per team"))]
COMBINATION_CHOICES = [
    (Combination.SEQUENTIAL.value, gettext_lazy("One after another")),
    (Combination.BEST_ONLY.value, gettext_lazy("Only the largest")),
]


class FeesForm(PartForm):
    """The entry fee (per player or team), each section's own amount, the discounts' names
    and percentages (their conditions are the TOML editor's) and one new discount."""

    def __init__(self, *args: Any, regulations: Regulations, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        fees = regulations.fees
        self.section_keys = [(s.key, s.name) for s in regulations.sections]
        self.discounts = list(fees.discounts) if fees is not None else []
        self.fields["fees_per"] = forms.ChoiceField(
            label=_("Entry fee"), choices=PER_CHOICES, initial=fees.per if fees else "player"
        )
        self.fields["fees_amount"] = _amount_field(_("Amount"), fees.amount if fees else None)
        self.fields["fees_currency"] = forms.CharField(
            label=_("Currency"),
            required=False,
            max_length=40,
            initial=fees.currency if fees else "",
            widget=forms.TextInput(attrs={"size": 6, "dir": "ltr", "translate": "no"}),
        )
        self.fields["fees_combination"] = forms.ChoiceField(
            label=_("Several discounts apply"),
            choices=COMBINATION_CHOICES,
            initial=fees.combination.value if fees else Combination.SEQUENTIAL.value,
        )
        for key, name in self.section_keys:
            self.fields[f"fees_section_{key}"] = _amount_field(
                _("%(section)s (empty: the amount above)") % {"section": name},
                fees.sections.get(key) if fees else None,
            )
        for number, discount in enumerate(self.discounts):
            self.fields[f"discount_{number}_name"] = forms.CharField(
                label=_("Discount"), max_length=300, initial=discount.name
            )
            self.fields[f"discount_{number}_percent"] = _percent_field(
                (Decimal(discount.percent.numerator) / discount.percent.denominator).quantize(
                    Decimal("0.01")
                )
            )
            self.fields[f"discount_{number}_remove"] = forms.BooleanField(
                label=_("Remove"), required=False
            )
        self.fields["discount_new_name"] = forms.CharField(
            label=_("New discount"), required=False, max_length=300
        )
        self.fields["discount_new_percent"] = _percent_field(None)
        self.label_boxes()

    def key_fields(self) -> dict[str, str]:
        fields = {f"fees.{name}": f"fees_{name}" for name in ("per", "amount", "currency")}
        fields["fees.combination"] = "fees_combination"
        fields["fees"] = "fees_amount"
        for key, _name in self.section_keys:
            fields[f"fees.sections.{key}"] = f"fees_section_{key}"
        written = [
            number
            for number in range(len(self.discounts))
            if not self.cleaned_data.get(f"discount_{number}_remove")
        ]
        for position, number in enumerate([*written, None]):
            stem = f"discount_{'new' if number is None else number}"
            fields[f"fees.discounts[{position}].name"] = f"{stem}_name"
            fields[f"fees.discounts[{position}].percent"] = f"{stem}_percent"
            fields[f"fees.discounts[{position}]"] = f"{stem}_name"
        return fields

    def change(self) -> Callable[[Any], None]:
        values = self.cleaned_data
        discounts = [
            edits.DiscountEdit(
                discount.key,
                values[f"discount_{number}_name"],
                values[f"discount_{number}_percent"],
                values[f"discount_{number}_remove"],
            )
            for number, discount in enumerate(self.discounts)
        ]
        discounts.append(
            edits.DiscountEdit("", values["discount_new_name"], values["discount_new_percent"])
        )
        edit = edits.FeesEdit(
            per=values["fees_per"],
            amount=values["fees_amount"],
            currency=values["fees_currency"].strip(),
            combination=values["fees_combination"],
            sections={key: values[f"fees_section_{key}"] for key, _name in self.section_keys},
            discounts=tuple(discounts),
        )
        return lambda document: edits.write_fees(document, edit)


def _amount_field(label: str, initial: Decimal | None) -> LocalDecimalField:
    return LocalDecimalField(
        label=label,
        required=False,
        min_value=0,
        decimal_places=2,
        max_digits=14,
        initial=initial,
    )


def _percent_field(initial: Decimal | None) -> LocalDecimalField:
    return LocalDecimalField(
        label=_("Percent"),
        required=False,
        min_value=0,
        max_value=100,
        decimal_places=2,
        max_digits=5,
        initial=initial,
    )


def part_forms(
    regulations: Regulations,
    text: str,
    rounds: dict[str, int],
    data: Any = None,
    action: str = "",
    only: Collection[str] | None = None,
) -> dict[str, PartForm]:
    """The three forms (those ``only`` names: a settings page's), the one ``action`` names
    bound to ``data``."""

    def bound(name: str) -> Any:
        return data if name == action else None

    def wanted(name: str) -> bool:
        return only is None or name in only

    calendar = regulations.calendar
    made: dict[str, PartForm] = {}
    if wanted("schedule"):
        made["schedule"] = ScheduleForm(
            bound("schedule"),
            sources=edits.schedule_sources(text, regulations, rounds),
            calendar=calendar,
        )
    if wanted("eligibility"):
        made["eligibility"] = EligibilityForm(
            bound("eligibility"),
            sections=[(s.key, s.eligibility) for s in regulations.sections],
            calendar=calendar,
        )
    if wanted("fees"):
        made["fees"] = FeesForm(bound("fees"), regulations=regulations)
    return made


def page_parts(parts: dict[str, PartForm], regulations: Regulations) -> dict[str, Any]:
    """A settings page's context for those of the three forms it shows: each form, and its
    fields grouped as the page shows them (a schedule's rows, a section's eligibility, the
    fees)."""
    names = {section.key: section.name for section in regulations.sections}
    context: dict[str, Any] = {
        "jalali_boxes": box_calendar(regulations.calendar) is Calendar.JALALI
    }
    schedule = parts.get("schedule")
    if isinstance(schedule, ScheduleForm):
        schedules = []
        for number, source in enumerate(schedule.sources):
            rows = [
                (digits(row), schedule[day], schedule[start], schedule[end])
                for row, (day, start, end) in enumerate(schedule.rows_of(number), start=1)
            ]
            schedules.append((listed([names[key] for key in source.sections]), rows))
        context |= {"schedule_form": schedule, "schedules": schedules}
    eligibility = parts.get("eligibility")
    if isinstance(eligibility, EligibilityForm):
        context |= {
            "eligibility_form": eligibility,
            "eligibility_sections": [
                (key, names[key], eligibility.fields_of(key)) for key, _old in eligibility.sections
            ],
        }
    fees = parts.get("fees")
    if isinstance(fees, FeesForm):
        context |= {
            "fees_form": fees,
            "fee_sections": [fees[f"fees_section_{key}"] for key, _name in fees.section_keys],
            "discounts": [
                (
                    fees[f"discount_{n}_name"],
                    fees[f"discount_{n}_percent"],
                    fees[f"discount_{n}_remove"],
                    bool(d.entry_where or d.members_where or d.previous_place),
                )
                for n, d in enumerate(fees.discounts)
            ],
        }
    return context
