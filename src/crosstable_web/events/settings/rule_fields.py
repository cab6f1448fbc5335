"""Keys of the regulations described once — what kind of value, what it means in the reader's
words, the seed's own example — and turned into settings fields, read from the file and
written back into it by one piece of code (issue 29).

A :class:`Rule` names a key of the file (``team.boards`` under each section, or
``deadlines.registration`` for the event), its kind and its words; a :class:`RulePart` is a
group of them the settings page shows as one form (:class:`RulesForm`). The form reads each
value from the TOML text as the loader reads it (a section's value over
``[section_defaults]``'s), shows it, and writes back only what the organiser changed, with
``events.regulation_edits`` (tomlkit: comments, layout and every other key stay). The new
text goes through the same loader as an uploaded file, so the forms and the file cannot
disagree: the file is the one source, the forms a view of it. A value the engines cannot
run with the section's pairing system is refused at its field with the reason
(:func:`engine_refusals`).

The labels are the key words the loader's messages already use
(``crosstable.regulations.key_words``); the choices are the file's code words in the
reader's language (``regulation_messages.code_text``), the tie-breaks the registry's codes
with their words (``events.tiebreak_labels``).
"""

from __future__ import annotations

import dataclasses
import datetime
import re
import tomllib
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from django import forms
from django.forms.utils import flatatt
from django.utils import translation
from django.utils.functional import Promise
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from crosstable.pairing import registry as pairing_registry
from crosstable.pairing.rules import LOCAL_RULES
from crosstable.regulations import Regulations, loader
from crosstable.regulations.key_words import KEY_WORDS
from crosstable.regulations.limits import TEAM_PLACE_TIEBREAKS
from crosstable.regulations.registration import ASKABLE
from crosstable.regulations.schema import BOARD_CRITERIA
from crosstable.tiebreaks.descriptor import DescriptorError, parse_descriptor
from crosstable.tiebreaks.registry import UnknownTiebreakError, definitions, lookup
from crosstable.typed import TypedValueError
from crosstable.typed.calendars import Calendar, parse_date
from crosstable.typed.dates import read_date
from crosstable.typed.digits import as_typed_on_a_latin_keyboard
from crosstable_web.common.localisation import LocalIntegerField, digits
from crosstable_web.events.regulations import regulation_messages
from crosstable_web.events.settings import regulation_edits as edits
from crosstable_web.events.settings.settings_forms import EventDayField, PartForm, box_calendar
from crosstable_web.events.words import tiebreak_labels

Choices = Callable[[], list[tuple[str, str]]]
BYE_POINTS = ("match_points", "game_points")


def code_choices(*codes: str) -> Choices:
    """The file's code words, each by what it means in the reader's language."""
    return lambda: [(code, regulation_messages.code_text(code)) for code in codes]


class QuickSelect(forms.Select):
    """A select box written straight to HTML: a settings page shows thousands of options
    (each section's tie-break boxes), too many for one template rendering each."""

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        chosen = {str(v) for v in (value if isinstance(value, list | tuple) else [value])}
        attributes = {**self.attrs, **(attrs or {}), "name": name}
        options = "".join(
            format_html(
                '<option value="{}"{}>{}</option>',
                code,
                mark_safe(" selected") if str(code) in chosen else "",
                words,
            )
            for code, words in self.choices
        )
        return format_html("<select{}>{}</select>", flatatt(attributes), mark_safe(options))


class QuickCheckboxes(forms.CheckboxSelectMultiple):
    """Checkboxes written straight to HTML (as :class:`QuickSelect`)."""

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        chosen = {str(v) for v in (value or [])}
        stem = (attrs or {}).get("id", name)
        boxes = "".join(
            format_html(
                '<label for="{}_{}"><input type="checkbox" name="{}" value="{}" id="{}_{}"{}> '
                "{}</label> ",
                stem,
                number,
                name,
                code,
                stem,
                number,
                mark_safe(" checked") if str(code) in chosen else "",
                words,
            )
            for number, (code, words) in enumerate(self.choices)
        )
        return format_html('<span class="choices">{}</span>', mark_safe(boxes))


@dataclasses.dataclass(frozen=True, slots=True)
class Rule:
    """One key of the regulations file as a field.

    ``kind``: ``whole`` (a whole number), ``yes_no`` (``default`` when the file is silent),
    ``choice`` (one code word; ``default`` when silent, else "not stated"), ``codes``
    (several code words), ``ordered`` (an ordered list of code words, ``slots`` boxes),
    ``tiebreaks`` (the registry's tie-breaks in order), ``points`` (``1``, ``1/2``),
    ``text``, ``lines`` (texts one a line), ``day``, ``moment`` (a day and a time at the
    venue), ``range`` (two whole numbers, first and last), ``boards`` (a whole number per
    board of a team), ``by_sex`` (a whole number per sex)."""

    key: str
    kind: str
    help: Promise
    example: str = ""
    choices: Choices | None = None
    default: Any = None
    minimum: int = 0
    maximum: int | None = None
    slots: int = 6
    teams: bool = False
    """Tie-breaks: the team tie-breaks (a team ranking's list)."""
    needs: str = ""
    """Shown only for a section that has this table (``team``): its boxes mean nothing
    without it, and a page of fourteen sections stays light."""

    @property
    def path(self) -> tuple[str, ...]:
        return tuple(self.key.split("."))

    def label(self) -> str:
        """The key's last name in words (``team.boards`` → “Boards”), as the loader's
        messages say it."""
        name = self.path[-1]
        words = regulation_messages.message_text(KEY_WORDS[name]) if name in KEY_WORDS else name
        if name in ("at_least", "below", "from", "to", "win", "draw", "loss", "minutes"):
            parent = self.path[-2]
            if parent in KEY_WORDS:
                words = f"{regulation_messages.message_text(KEY_WORDS[parent])}: {words}"
        return words[:1].upper() + words[1:]


@dataclasses.dataclass(frozen=True, slots=True)
class RulePart:
    """A group of rules shown and saved as one form of the settings page (``name`` is its
    ``action``); ``scope`` "event": keys of the file's top level, "section": keys of each
    section."""

    name: str
    title: Promise
    scope: str
    rules: tuple[Rule, ...]
    intro: Promise | None = None


# --- reading and writing values ---------------------------------------------------------


def _walk(table: Any, path: tuple[str, ...]) -> Any:
    for name in path:
        if not isinstance(table, dict):
            return None
        table = table.get(name)
    return table


def _merged(defaults: dict[str, Any], own: dict[str, Any]) -> dict[str, Any]:
    """A section as the loader reads it: its own keys over ``[section_defaults]``'s (the
    loader's own merge, so the boxes show what the loader reads)."""
    return loader._deep_merge(defaults, own)


def _as_date(value: Any, calendar: Calendar) -> datetime.date | None:
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    if isinstance(value, str):
        try:
            return parse_date(value[:10], calendar)
        except ValueError:
            return None
    return None


def _moment_parts(value: Any, calendar: Calendar) -> tuple[datetime.date | None, str]:
    """A deadline of the file (a TOML date or date-time, or ``"1398-08-15 11:00"`` in the
    file's calendar) as its day and its time (``""``: the day alone)."""
    if isinstance(value, datetime.datetime):
        return value.date(), f"{value:%H:%M}"
    if isinstance(value, datetime.date):
        return value, ""
    if isinstance(value, str):
        return _as_date(value, calendar), value[10:].strip()
    return None, ""


def _moment_text(value: Any, calendar: Calendar) -> str:
    """A deadline as its box shows it: the day in the box's calendar (Jalali on a Persian
    page), then the time at the venue."""
    day, time = _moment_parts(value, calendar)
    if day is None:
        return "" if value is None else str(value)
    shown = box_calendar(calendar)
    text = str(edits.date_in_file(day, shown, "")) if shown is Calendar.JALALI else day.isoformat()
    return digits(f"{text} {time}".strip())


_MOMENT = re.compile(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:\s+(\d{1,2})[:.](\d{2}))?")


def _points_text(value: Any) -> str:
    return "" if value is None or isinstance(value, bool) else str(value)


def _points_value(text: str) -> Any:
    """``1``, ``1/2``, ``0.5``, ``½`` typed with any digits → the file's ``1`` or ``"1/2"``."""
    plain = as_typed_on_a_latin_keyboard(text).strip().replace("½", "1/2").replace("٫", ".")
    try:
        value = Fraction(plain)
    except (ValueError, ZeroDivisionError):
        raise forms.ValidationError(
            _("“%(value)s” is not a number of points: write it as 1, 1/2 or 0.5.") % {"value": text}
        ) from None
    if value < 0 or value > 1000:
        raise forms.ValidationError(_("Points from 0 to 1000."))
    return int(value) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def tiebreak_choices(teams: bool, current: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """The registry's tie-breaks a section may use — each code, and its usual cut and median
    variants — with their words (``BH/C1`` “Buchholz, cut 1”); the codes the file already
    names first in the list so none is lost."""
    codes: list[str] = []
    for definition in definitions():
        if not (definition.for_teams if teams else definition.for_individuals):
            continue
        codes.append(definition.code)
        for letter, variants in (("C", ("/C1", "/C2")), ("M", ("/M1", "/M2")), ("P", ("/P",))):
            if letter in definition.modifiers:
                codes.extend(definition.code + variant for variant in variants)
    if teams:
        codes.extend(TEAM_PLACE_TIEBREAKS)  # a ranking by the sum of places
    for code in current:
        if code not in codes:
            codes.append(code)
    shown = []
    for code in codes:
        if code in TEAM_PLACE_TIEBREAKS:
            shown.append((code, regulation_messages.code_text(code)))
            continue
        words = tiebreak_labels.label(code)
        text = f"{words.short} — {words.description}" if words.description else words.short
        if (translation.get_language() or "en").startswith("en"):
            text = f"{code}: {text}"  # the code is English's own word for it
        shown.append((code, digits(text)))
    return shown


def _check_tiebreak(code: str, teams: bool) -> None:
    if teams and code in TEAM_PLACE_TIEBREAKS:
        return  # the loader checks it goes with a ranking by places
    try:
        lookup(parse_descriptor(code), teams=teams)
    except (DescriptorError, UnknownTiebreakError):
        raise forms.ValidationError(
            _("%(code)s is not a tie-break of this kind of section.") % {"code": code}
        ) from None


# --- the form ---------------------------------------------------------------------------


class RulesForm(PartForm):
    """The fields of one :class:`RulePart`: for the event once, or for each section."""

    def __init__(
        self, *args: Any, part: RulePart, text: str, regulations: Regulations, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.part = part
        self.text = text
        self.regulations = regulations
        self.calendar = regulations.calendar
        data = tomllib.loads(text)
        defaults = data.get("section_defaults", {})
        if part.scope == "event":
            self.scopes: list[tuple[str, str, int | None, dict[str, Any]]] = [
                ("event", "", None, data)
            ]
        else:
            self.scopes = [
                (section.key, section.name, index, _merged(defaults, own))
                for index, (section, own) in enumerate(
                    zip(regulations.sections, data.get("sections", []), strict=False)
                )
            ]
        self.old: dict[str, Any] = {}
        for scope, _name, index, table in self.scopes:
            for rule in self.rules_of(table):
                self._add(scope, index, rule, _walk(table, rule.path))
        self.label_boxes()

    def rules_of(self, table: dict[str, Any]) -> list[Rule]:
        """The part's rules a scope shows (those whose table it ``needs`` it has)."""
        return [rule for rule in self.part.rules if not rule.needs or rule.needs in table]

    # field names: r-<scope>-<key with __ for .>, and -<n> for each box of a list
    def stem(self, scope: str, rule: Rule) -> str:
        return f"r-{scope}-{rule.key.replace('.', '__')}"

    def boxes(self, scope: str, rule: Rule) -> list[str]:
        """The field names of a rule (several for a list in order, a range, a map)."""
        stem = self.stem(scope, rule)
        return [name for name in self.fields if name == stem or name.startswith(f"{stem}-")]

    def _add(self, scope: str, index: int | None, rule: Rule, raw: Any) -> None:
        stem = self.stem(scope, rule)
        self.old[stem] = raw
        label = rule.label()
        help_text: Any = rule.help
        if rule.example:  # the seed's own value, as its file writes it: data, not words
            help_text = format_html(
                '{} {} <bdi dir="ltr" translate="no">{}</bdi>',
                rule.help,
                _("Example:"),
                rule.example,
            )
        common: dict[str, Any] = {"label": label, "required": False, "help_text": help_text}
        kind = rule.kind
        if kind == "whole":
            self.fields[stem] = LocalIntegerField(
                min_value=rule.minimum, max_value=rule.maximum, initial=raw, **common
            )
        elif kind == "yes_no":
            self.fields[stem] = forms.BooleanField(
                initial=raw if isinstance(raw, bool) else rule.default, **common
            )
        elif kind == "choice":
            assert rule.choices is not None
            choices = rule.choices()
            if rule.default is None:
                choices = [("", _("Not stated")), *choices]
            known = {code for code, _words in choices}
            if isinstance(raw, str) and raw not in known:
                choices.append((raw, raw))
            self.fields[stem] = forms.ChoiceField(
                widget=QuickSelect,
                choices=choices,
                initial=raw if isinstance(raw, str) else (rule.default or ""),
                **common,
            )
        elif kind == "codes":
            assert rule.choices is not None
            self.fields[stem] = forms.MultipleChoiceField(
                choices=rule.choices(),
                widget=QuickCheckboxes,
                initial=list(raw) if isinstance(raw, list) else [],
                **common,
            )
        elif kind in ("ordered", "tiebreaks"):
            values = [str(v) for v in raw] if isinstance(raw, list) else []
            if kind == "tiebreaks":
                choices = tiebreak_choices(rule.teams, tuple(values))
            else:
                assert rule.choices is not None
                choices = rule.choices()
            for number in range(max(rule.slots, len(values) + 1)):
                self.fields[f"{stem}-{number}"] = forms.ChoiceField(
                    widget=QuickSelect,
                    choices=[("", "—"), *choices],
                    initial=values[number] if number < len(values) else "",
                    **{
                        **common,
                        "label": f"{label} {digits(number + 1)}",
                        "help_text": help_text if number == 0 else "",
                    },
                )
        elif kind == "points":
            self.fields[stem] = forms.CharField(
                max_length=20,
                initial=_points_text(raw),
                widget=forms.TextInput(attrs={"size": 6, "dir": "ltr"}),
                **common,
            )
        elif kind == "text":
            self.fields[stem] = forms.CharField(
                max_length=1000,
                initial=raw if isinstance(raw, str) else "",
                widget=forms.TextInput(attrs={"size": 40, "translate": "no"}),  # their words
                **common,
            )
        elif kind == "lines":
            self.fields[stem] = forms.CharField(
                initial="\n".join(str(v) for v in raw) if isinstance(raw, list) else "",
                widget=forms.Textarea(attrs={"rows": 2, "cols": 30, "translate": "no"}),
                max_length=5000,
                **common,
            )
        elif kind == "day":
            self.fields[stem] = EventDayField(
                self.calendar, initial=_as_date(raw, self.calendar), **common
            )
        elif kind == "moment":
            self.fields[stem] = forms.CharField(
                max_length=40,
                initial=_moment_text(raw, self.calendar),
                widget=forms.TextInput(attrs={"size": 18, "dir": "ltr"}),
                **common,
            )
        elif kind == "range":
            pair = raw if isinstance(raw, list) and len(raw) == 2 else [None, None]
            for number, word in enumerate((_("from round"), _("to round"))):
                self.fields[f"{stem}-{number}"] = LocalIntegerField(
                    min_value=1,
                    max_value=99,
                    initial=pair[number],
                    **{**common, "label": f"{label}: {word}"},
                )
        elif kind in ("boards", "by_sex"):
            table = raw if isinstance(raw, dict) else {}
            for name, words in self._map_keys(scope, kind):
                self.fields[f"{stem}-{name}"] = LocalIntegerField(
                    min_value=0,
                    max_value=1000,
                    initial=table.get(name),
                    **{**common, "label": f"{label}: {words}"},
                )
        elif kind == "team_bye":
            points = raw if isinstance(raw, dict) else {}
            self.fields[stem] = forms.ChoiceField(
                widget=QuickSelect,
                choices=[
                    ("", _("Not stated")),
                    *code_choices("draw", "win", "loss")(),
                    ("points", _("The points below")),
                ],
                initial="points" if points else (raw if isinstance(raw, str) else ""),
                **common,
            )
            for name in BYE_POINTS:
                self.fields[f"{stem}-{name}"] = forms.CharField(
                    max_length=20,
                    initial=_points_text(points.get(name)),
                    widget=forms.TextInput(attrs={"size": 6, "dir": "ltr"}),
                    **{
                        **common,
                        "label": f"{label}: {regulation_messages.message_text(KEY_WORDS[name])}",
                        "help_text": "",
                    },
                )
        else:  # pragma: no cover - a Rule of an unknown kind is a programming error
            raise ValueError(kind)

    def _map_keys(self, scope: str, kind: str) -> list[tuple[str, str]]:
        if kind == "by_sex":
            return [("M", _("Male")), ("F", _("Female"))]
        section = next(s for s in self.regulations.sections if s.key == scope)
        boards = section.team.boards + section.team.reserves if section.team else 0
        return [
            (str(board), regulation_messages.code_text(f"board:{board}"))
            for board in range(1, max(boards, 1) + 1)
        ]

    # --- values ----------------------------------------------------------------------

    def new_value(self, scope: str, rule: Rule) -> Any:
        """The value the fields give, as the file writes it (None: no value)."""
        stem = self.stem(scope, rule)
        values = self.cleaned_data
        kind = rule.kind
        if kind == "whole":
            return values.get(stem)
        if kind == "yes_no":
            value = bool(values.get(stem))
            return None if value == rule.default else value
        if kind == "choice":
            code = values.get(stem) or None
            return None if code == rule.default else code
        if kind == "codes":
            return list(values.get(stem) or []) or None
        if kind in ("ordered", "tiebreaks"):
            chosen = [values.get(name) for name in self.boxes(scope, rule)]
            return [code for code in chosen if code] or None
        if kind == "points":
            text = values.get(stem) or ""
            return _points_value(text) if text.strip() else None
        if kind == "text":
            return (values.get(stem) or "").strip() or None
        if kind == "lines":
            return list(_lines(values.get(stem) or "")) or None
        if kind == "day":
            day = values.get(stem)
            return edits.date_in_file(day, self.calendar, self.old[stem]) if day else None
        if kind == "moment":
            return _moment_value(values.get(stem) or "", self.calendar)
        if kind == "range":
            first, last = (values.get(name) for name in self.boxes(scope, rule))
            return None if first is None and last is None else [first, last]
        if kind in ("boards", "by_sex"):
            table = {
                name: values.get(f"{stem}-{name}")
                for name, _words in self._map_keys(scope, kind)
                if values.get(f"{stem}-{name}") is not None
            }
            return table or None
        if kind == "team_bye":
            bye = values.get(stem) or None
            if bye != "points":
                return bye
            given = {name: (values.get(f"{stem}-{name}") or "").strip() for name in BYE_POINTS}
            if not all(given.values()):
                raise forms.ValidationError(_("Give the bye's match points and game points."))
            return {name: _points_value(text) for name, text in given.items()}
        raise ValueError(kind)  # pragma: no cover

    def _unchanged(self, stem: str, rule: Rule, value: Any) -> bool:
        old = self.old[stem]
        if old in ([], {}, ""):  # an empty list or text: as said as none
            old = None
        if rule.kind == "day":
            return _as_date(old, self.calendar) == _as_date(value, self.calendar)
        if rule.kind == "moment":
            return _moment_text(old, self.calendar) == _moment_text(value, self.calendar)
        if rule.kind in ("yes_no", "choice"):  # a default written or not: the same rule
            return bool(
                (rule.default if old is None else old) == (rule.default if value is None else value)
            )
        if rule.kind == "points" and old is not None and value is not None:
            return Fraction(str(old)) == Fraction(str(value))
        if isinstance(old, dict) and isinstance(value, dict):
            if rule.kind == "team_bye":
                return {k: Fraction(str(v)) for k, v in old.items()} == {
                    k: Fraction(str(v)) for k, v in value.items()
                }
            return {str(k): v for k, v in old.items()} == value
        return bool(old == value)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        self.changes: list[tuple[int | None, Rule, Any]] = []
        for scope, _name, index, table in self.scopes:
            for rule in self.rules_of(table):
                if any(name in self.errors for name in self.boxes(scope, rule)):
                    continue
                try:
                    value = self.new_value(scope, rule)
                except forms.ValidationError as error:
                    self.add_error(self.boxes(scope, rule)[0], error)
                    continue
                if rule.kind == "tiebreaks" and value:
                    try:
                        for code in value:
                            _check_tiebreak(str(code), rule.teams or self._teams(index))
                    except forms.ValidationError as error:
                        self.add_error(self.boxes(scope, rule)[0], error)
                        continue
                if not self._unchanged(self.stem(scope, rule), rule, value):
                    self.changes.append((index, rule, value))
        if not self.errors:
            for key, reason in engine_refusals(self.text, self.change()):
                field = self.field_of_key(key)
                self.add_error(field if field in self.fields else None, reason)
        return cleaned

    def _teams(self, index: int | None) -> bool:
        if index is None:
            return False
        section = self.regulations.sections[index]
        return section.team is not None and section.team.match_points is not None

    def key_fields(self) -> dict[str, str]:
        fields = {}
        for scope, _name, index, table in self.scopes:
            prefix = "" if index is None else f"sections[{index}]."
            for rule in self.rules_of(table):
                boxes = self.boxes(scope, rule)
                fields[prefix + rule.key] = boxes[0]
                if rule.kind in ("ordered", "tiebreaks", "range"):
                    for number, name in enumerate(boxes):
                        fields[f"{prefix}{rule.key}[{number}]"] = name
                if rule.kind in ("boards", "by_sex", "team_bye"):
                    for name in boxes:
                        fields[f"{prefix}{rule.key}.{name.rsplit('-', 1)[1]}"] = name
        return fields

    def change(self) -> Callable[[Any], None]:
        changes = list(getattr(self, "changes", []))

        def write(document: Any) -> None:
            for index, rule, value in changes:
                if index is None:
                    edits.set_path(document, rule.path, value)
                else:
                    edits.write_section_value(document, index, rule.path, value)

        return write

    def groups(self) -> list[tuple[str, str, list[list[forms.BoundField]]]]:
        """For the page: each scope (the event, or a section: key and name) and its rules'
        boxes."""
        return [
            (
                scope,
                name,
                [[self[box] for box in self.boxes(scope, rule)] for rule in self.rules_of(table)],
            )
            for scope, name, _index, table in self.scopes
        ]


def _lines(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in re.split(r"[\n,，،、]", text) if part.strip())


def _moment_value(text: str, calendar: Calendar) -> str | None:
    """A deadline typed ``1398/08/15 11:00`` (any digits, the day in the box's calendar) →
    as the file writes it, in its own calendar: ``"1398-08-15 11:00"``."""
    plain = as_typed_on_a_latin_keyboard(text).strip()
    if not plain:
        return None
    shown = box_calendar(calendar)
    example = digits("1398/08/15 11:00" if shown is Calendar.JALALI else "2019-12-15 18:00")
    refusal = forms.ValidationError(
        _("“%(value)s” is not a day and a time: write it as %(example)s.")
        % {"value": text, "example": example}
    )
    match = _MOMENT.fullmatch(plain)
    if match is None:
        raise refusal
    year, month, date, hour, minute = match.groups()
    try:
        day = read_date(f"{year}-{month}-{date}", shown)
    except TypedValueError:
        raise refusal from None
    moment = str(edits.date_in_file(day, calendar, ""))
    if hour is not None:
        if int(hour) > 24 or int(minute) > 59:
            raise refusal
        moment += f" {int(hour):02d}:{minute}"
    return moment


def engine_refusals(text: str, change: Callable[[Any], None]) -> list[tuple[str, str]]:
    """The values of the changed file the section's pairing system cannot run, each with
    its key and the reason (the loader lists them as ``Regulations.unsupported``)."""
    from crosstable.regulations import RegulationsError, parse_regulations

    try:
        regulations = parse_regulations(edits.edited(text, change), "regulations")
    except RegulationsError:
        return []  # the loader's own refusal comes at its field when the page saves
    refusals = []
    for index, section in enumerate(regulations.sections):
        pairing = section.pairing
        system = pairing_registry.any_system(pairing.system)
        name = pairing_registry_name(pairing.system)
        prefix = f"sections[{index}].pairing"
        for rule in pairing.local_rules:
            if rule not in system.local_rules:
                refusals.append(
                    (
                        f"{prefix}.local_rules",
                        _("%(system)s does not apply this local rule: %(rule)s.")
                        % {"system": name, "rule": regulation_messages.code_text(rule)},
                    )
                )
        if pairing.acceleration != "none" and not system.acceleration:
            refusals.append(
                (
                    f"{prefix}.acceleration",
                    _("%(system)s does not apply Baku acceleration (the Dutch system does).")
                    % {"system": name},
                )
            )
        if pairing.round_one.value != "rating" and not system.round_one_by_lot:
            refusals.append(
                (
                    f"{prefix}.round_one",
                    _("%(system)s does not draw round 1 by lot (the xiangqi Swiss does).")
                    % {"system": name},
                )
            )
        if pairing.max_colour_difference is not None and not system.colour_difference_limit:
            refusals.append(
                (
                    f"{prefix}.max_colour_difference",
                    _("%(system)s does not limit the colour difference (the xiangqi Swiss does).")
                    % {"system": name},
                )
            )
    return refusals


def pairing_registry_name(code: str) -> str:
    return regulation_messages.code_text(code)


# --- the parts ------------------------------------------------------------------------


EVENT_RULES = RulePart(
    "event-rules",
    gettext_lazy("Organiser, deadlines and registration"),
    "event",
    (
        Rule(
            "event.organiser",
            "text",
            gettext_lazy("Who organises the event, as printed on its documents."),
            "هیات شطرنج استان فارس",
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
            "۹۰ دقیقه + ۳۰ ثانیه",
        ),
        Rule("scoring.win", "points", gettext_lazy("Points for a win."), "1"),
        Rule("scoring.draw", "points", gettext_lazy("Points for a draw."), "1/2"),
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
            "percentage, games, direct encounter",
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

SECTION_TEAMS = dataclasses.replace(
    SECTION_TEAMS,
    rules=tuple(
        rule if rule.key == "team.boards" else dataclasses.replace(rule, needs="team")
        for rule in SECTION_TEAMS.rules
    ),
)
"""The boards make a section a team section; its other team rules are shown from then on."""

PARTS: tuple[RulePart, ...] = (
    EVENT_RULES,
    SECTION_PLAY,
    SECTION_PAIRING,
    SECTION_RANKING,
    SECTION_TEAMS,
)
"""The settings page's forms described by rules, in the page's order."""


def rule_forms(
    regulations: Regulations, text: str, data: Any = None, action: str = ""
) -> dict[str, RulesForm]:
    """Every part's form, the one ``action`` names bound to ``data``."""
    return {
        part.name: RulesForm(
            data if part.name == action else None, part=part, text=text, regulations=regulations
        )
        for part in PARTS
    }
