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

import copy
import dataclasses
import datetime
import re
import tomllib
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any

import tomlkit
from django import forms
from django.forms.utils import flatatt
from django.utils import translation
from django.utils.functional import Promise
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from tomlkit.items import AoT

from crosstable.pairing import registry as pairing_registry
from crosstable.pairing.rules import LOCAL_RULES
from crosstable.regulations import Regulations, loader
from crosstable.regulations.key_words import KEY_WORDS
from crosstable.regulations.limits import TEAM_PLACE_TIEBREAKS
from crosstable.regulations.registration import ASKABLE
from crosstable.regulations.schema import BOARD_CRITERIA
from crosstable.tiebreaks.descriptor import DescriptorError, parse_descriptor
from crosstable.tiebreaks.registry import (
    UnknownTiebreakError,
    canonical_code,
    definitions,
    lookup,
)
from crosstable.typed import TypedValueError
from crosstable.typed.calendars import Calendar, parse_date
from crosstable.typed.dates import read_date
from crosstable.typed.digits import as_typed_on_a_latin_keyboard
from crosstable_web.common.localisation import LocalDecimalField, LocalIntegerField, digits
from crosstable_web.events.regulations import regulation_messages
from crosstable_web.events.settings import regulation_edits as edits
from crosstable_web.events.settings.settings_forms import (
    ClockField,
    EventDayField,
    PartForm,
    box_calendar,
)
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
        if len(self.path) > 1 and name in (
            "at_least",
            "below",
            "from",
            "to",
            "win",
            "draw",
            "loss",
            "minutes",
        ):
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
    rows: str = ""
    """A list of tables (``fees.discounts``; ``prizes[].categories``: the categories of each
    prize table): the rules are each row's keys, one row more is offered empty, and a row
    can be removed."""


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


def tiebreak_code(text: str) -> str:
    """A tie-break as the lists offer it: the registry's spelling (``MPvGP`` of the Fars
    file is the list's ``MPVGP``, ``bh-c1`` is ``BH/C1``), a team place criterion
    (``best_place``) as it is; a text that is no descriptor stays as typed (refused later,
    at its box, by :func:`check_tiebreak`)."""
    if text in TEAM_PLACE_TIEBREAKS:
        return text
    try:
        return canonical_code(text)
    except DescriptorError:
        return text


class TiebreakField(forms.ChoiceField):
    """One tie-break chosen from the list; the code sent is read as the registry spells it,
    whatever its case or alias (a page made before the list knew the code's spelling, a
    hand-made form post), so ``MPvGP`` is the ``MPVGP`` offered."""

    def to_python(self, value: Any) -> str:
        text = super().to_python(value)
        return tiebreak_code(text) if text else text


def tiebreak_choices(teams: bool, current: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """The registry's tie-breaks a section may use — each code, and its usual cut and median
    variants — with their words (``BH/C1`` “Buchholz, cut 1”); a code the file names that
    the list lacks (in the registry's spelling: the file's ``MPvGP`` is the list's
    ``MPVGP``) is added at the end so none is lost."""
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
    for code in map(tiebreak_code, current):
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


def check_tiebreak(code: str, teams: bool) -> None:
    if teams and code in TEAM_PLACE_TIEBREAKS:
        return  # the loader checks it goes with a ranking by places
    try:
        lookup(parse_descriptor(code), teams=teams)
    except (DescriptorError, UnknownTiebreakError):
        raise forms.ValidationError(
            _("%(code)s is not a tie-break of this kind of section.") % {"code": code}
        ) from None


CONDITION_BOXES: tuple[tuple[str, str], ...] = (
    ("sex", "sex"),
    ("unit_kind", "lines"),
    ("born_on_or_after", "day"),
    ("born_on_or_before", "day"),
    ("age.at_least", "whole"),
    ("age.below", "whole"),
    ("rating.at_least", "whole"),
    ("rating.below", "whole"),
    ("average_rating.at_least", "whole"),
    ("average_rating.below", "whole"),
    ("games.at_least", "whole"),
    ("local_players.at_least", "whole"),
    ("true", "true"),
)
"""The boxes of a condition table (docs/regulations.md, "Conditions"): the attributes the
seeds' conditions test, and "also true" — the attributes a registration records as yes
(a county board's letter: ``introduction_letter``; a local player: ``local``)."""


def condition_words(name: str) -> str:
    """A condition box's words: the attribute and its bound (“age: below”)."""
    if name == "true":
        return _("also true (one a line)")
    if name == "games.at_least":
        return _("games played: at least")
    if name == "local_players.at_least":
        return _("local players: at least")
    parts = [regulation_messages.message_text(KEY_WORDS[part]) for part in name.split(".")]
    return ": ".join(parts)


def _plain_data(value: Any) -> Any:
    """TOML data compared by meaning: dates as dates, points as fractions."""
    if isinstance(value, dict):
        return {str(k): _plain_data(v) for k, v in value.items()} or None
    if isinstance(value, list):
        return [_plain_data(v) for v in value] or None
    return value


# --- the form ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class Scope:
    """Where a form's rules are read and written: the event, a section (``section`` its
    position), or a row of a list of tables (``steps``: the list's path, each name with the
    row of the list above it; ``row`` None: the empty row offered to add one)."""

    id: str
    title: str
    section: int | None
    data: dict[str, Any]
    prefix: str
    """The loader's key of the scope's table, ending in a dot (``sections[0].prizes[1].``)."""
    steps: tuple[tuple[str, int | None], ...] = ()
    row: int | None = None
    section_key: str = ""

    @property
    def is_row(self) -> bool:
        return bool(self.steps)


def _table_at(table: dict[str, Any], name: str) -> dict[str, Any]:
    found = table.get(name)
    return found if isinstance(found, dict) else {}


def _rows_scopes(base: Scope, rows: str) -> list[Scope]:
    """The rows of the list ``rows`` (``prizes[].categories``) under ``base``: one scope per
    existing row and one empty row at the end of each list."""
    found: list[tuple[tuple[tuple[str, int | None], ...], dict[str, Any], str, str]] = [
        ((), base.data, base.prefix, base.id)
    ]
    names = rows.split(".")
    for depth, name in enumerate(names):
        last = depth == len(names) - 1
        if not last and not name.endswith("[]"):  # a table on the way (``fees``)
            found = [
                (
                    (*steps, (name, -1)),
                    _table_at(table, name),
                    f"{prefix}{name}.",
                    ident,
                )
                for steps, table, prefix, ident in found
            ]
            continue
        name = name.removesuffix("[]")
        deeper = []
        for steps, table, prefix, ident in found:
            items = table.get(name) if isinstance(table, dict) else None
            items = (
                [item for item in items if isinstance(item, dict)]
                if isinstance(items, list)
                else []
            )
            for number, item in enumerate(items):
                deeper.append(
                    (
                        (*steps, (name, number)),
                        item,
                        f"{prefix}{name}[{number}].",
                        f"{ident}~{name}{number}",
                    )
                )
            if last:
                deeper.append(
                    (
                        (*steps, (name, None)),
                        {},
                        f"{prefix}{name}[{len(items)}].",
                        f"{ident}~{name}new",
                    )
                )
        found = deeper
    return [
        Scope(
            ident,
            _row_title(base, table),
            base.section,
            table,
            prefix,
            steps,
            steps[-1][1],
            base.section_key,
        )
        for steps, table, prefix, ident in found
    ]


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
            bases = [Scope("event", "", None, data, "")]
        else:
            bases = [
                Scope(
                    section.key,
                    section.name,
                    index,
                    _merged(defaults, own),
                    f"sections[{index}].",
                    section_key=section.key,
                )
                for index, (section, own) in enumerate(
                    zip(regulations.sections, data.get("sections", []), strict=False)
                )
            ]
        self.scopes: list[Scope] = bases
        if part.rows:
            self.scopes = [row for base in bases for row in _rows_scopes(base, part.rows)]
        if part.rows == "sections":  # a section's row shows what it inherits, as the loader
            self.scopes = [
                dataclasses.replace(scope, data=_merged(defaults, scope.data))
                if scope.row is not None
                else scope
                for scope in self.scopes
            ]
        self.old: dict[str, Any] = {}
        for scope in self.scopes:
            for rule in self.rules_of(scope.data):
                self._add(scope.id, scope.section, rule, _walk(scope.data, rule.path))
            if scope.is_row and scope.row is not None:
                self.fields[f"r-{scope.id}-remove"] = forms.BooleanField(
                    label=_("Remove"), required=False
                )
        self.label_boxes()

    def rules_of(self, table: dict[str, Any]) -> list[Rule]:
        """The part's rules a scope shows (those whose table it ``needs`` it has)."""
        return [rule for rule in self.part.rules if not rule.needs or rule.needs in table]

    # field names: r-<scope>-<key with __ for .>, and -<n> for each box of a list
    def stem(self, scope: str, rule: Rule) -> str:
        return f"r-{scope}-{rule.key.replace('.', '__')}"

    def boxes(self, scope: str, rule: Rule) -> list[str]:
        """The field names of a rule (several for a list in order, a range, a map)."""
        index: dict[str, list[str]] | None = getattr(self, "_box_index", None)
        if index is None or len(self.fields) != getattr(self, "_indexed", -1):
            index = {}
            for name in self.fields:
                stem = name if name in self.old else name.rsplit("-", 1)[0]
                index.setdefault(stem, []).append(name)
            self._box_index = index
            self._indexed = len(self.fields)
        return list(index.get(self.stem(scope, rule), []))

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
            if kind == "tiebreaks":
                values = [tiebreak_code(value) for value in values]
            for number in range(max(rule.slots, len(values) + 1)):
                field = TiebreakField if kind == "tiebreaks" else forms.ChoiceField
                self.fields[f"{stem}-{number}"] = field(
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
        elif kind in ("sections", "rankings"):
            choices = self._dynamic_choices(kind, index)
            known = {code for code, _words in choices}
            current = [str(v) for v in raw] if isinstance(raw, list) else [raw] if raw else []
            choices += [(code, code) for code in current if code not in known]
            self.fields[stem] = forms.MultipleChoiceField(
                choices=choices, widget=QuickCheckboxes, initial=current, **common
            )
        elif kind == "system":
            from crosstable.pairing.registry import system_codes
            from crosstable_web.events.words.pairing_names import system_choice_name

            self.fields[stem] = forms.ChoiceField(
                widget=QuickSelect,
                # the team Swiss's colour-preference variants (Type A, B) are chosen on the
                # common settings form above, once the section exists
                choices=[
                    ("", _("Not stated")),
                    *((c, system_choice_name(c)) for c in system_codes() if "_TYPE" not in c),
                ],
                initial=raw if isinstance(raw, str) else "",
                **common,
            )
        elif kind == "grade":
            self.fields[stem] = forms.CharField(
                max_length=100,
                initial="" if raw is None else digits(raw),
                widget=forms.TextInput(attrs={"size": 12}),
                **common,
            )
        elif kind == "money":
            self.fields[stem] = LocalDecimalField(
                min_value=0, decimal_places=2, max_digits=14, initial=raw, **common
            )
        elif kind == "clock":
            self.fields[stem] = ClockField(initial=_clock(raw), **common)
        elif kind == "places":
            self.fields[stem] = forms.CharField(
                max_length=200,
                initial=" ".join(digits(v) for v in raw) if isinstance(raw, list) else "",
                **common,
            )
        elif kind in ("condition", "requirement"):
            self._condition_boxes(stem, rule, raw, common)
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

    def _condition_boxes(self, stem: str, rule: Rule, raw: Any, common: dict[str, Any]) -> None:
        """A condition table as boxes (:data:`CONDITION_BOXES`); a requirement is a condition
        and how many ranked entries must meet it. Attributes no box shows are kept."""
        if rule.kind == "requirement":
            first = raw[0] if isinstance(raw, list) and raw and isinstance(raw[0], dict) else {}
            where = first.get("where")
            condition: dict[str, Any] = where if isinstance(where, dict) else {}
            self.fields[f"{stem}-count"] = LocalIntegerField(
                min_value=1,
                initial=first.get("at_least"),
                **{**common, "label": _("Given only if at least this many entries meet:")},
            )
        else:
            condition = raw if isinstance(raw, dict) else {}
        label = common["label"]
        help_pending = f"{stem}-count" not in self.fields
        for name, kind in CONDITION_BOXES:
            value = _walk(condition, tuple(name.split(".")))
            words = condition_words(name)
            box = {**common, "label": f"{label}: {words}", "help_text": ""}
            if help_pending:
                box["help_text"] = common["help_text"]  # once, at the first box
                help_pending = False
            field_name = f"{stem}-{name.replace('.', '__')}"
            if kind == "sex":
                self.fields[field_name] = forms.ChoiceField(
                    widget=QuickSelect,
                    choices=[("", "—"), *code_choices("M", "F")()],
                    initial=value if isinstance(value, str) else "",
                    **box,
                )
            elif kind == "lines":
                shown = value if isinstance(value, list) else [value] if value else []
                self.fields[field_name] = forms.CharField(
                    max_length=2000,
                    initial="\n".join(str(v) for v in shown),
                    widget=forms.Textarea(attrs={"rows": 1, "cols": 20, "translate": "no"}),
                    **box,
                )
            elif kind == "day":
                self.fields[field_name] = EventDayField(
                    self.calendar, initial=_as_date(value, self.calendar), **box
                )
            elif kind == "true":
                true = [key for key, v in condition.items() if v is True]
                self.fields[field_name] = forms.CharField(
                    max_length=2000,
                    initial="\n".join(true),
                    widget=forms.Textarea(attrs={"rows": 1, "cols": 20, "translate": "no"}),
                    **box,
                )
            else:
                self.fields[field_name] = LocalIntegerField(
                    min_value=0, initial=value if isinstance(value, int) else None, **box
                )
        self.old[stem] = raw

    def _condition_value(self, stem: str, rule: Rule) -> Any:
        values = self.cleaned_data
        old = self.old[stem]
        if rule.kind == "requirement":
            first = old[0] if isinstance(old, list) and old and isinstance(old[0], dict) else {}
            where = first.get("where")
            kept_condition: dict[str, Any] = where if isinstance(where, dict) else {}
        else:
            kept_condition = old if isinstance(old, dict) else {}
        shown = {name.split(".")[0] for name, _kind in CONDITION_BOXES if _kind != "true"}
        condition: dict[str, Any] = {
            key: value
            for key, value in kept_condition.items()
            if key not in shown and value is not True  # what no box shows stays
        }
        for name, kind in CONDITION_BOXES:
            given = values.get(f"{stem}-{name.replace('.', '__')}")
            attribute, _dot, bound = name.partition(".")
            if kind == "true":
                for word in _lines(given or ""):
                    condition[word] = True
            elif kind == "lines":
                words = list(_lines(given or ""))
                if words:
                    condition[attribute] = words[0] if len(words) == 1 else words
            elif kind == "day":
                if given:
                    like = kept_condition.get(attribute)
                    condition[attribute] = edits.date_in_file(given, self.calendar, like or "")
            elif given not in (None, ""):
                if bound:
                    condition.setdefault(attribute, {})[bound] = given
                else:
                    condition[attribute] = given
        if rule.kind == "requirement":
            count = values.get(f"{stem}-count")
            if not condition and count is None:
                return None
            if count is None:
                raise forms.ValidationError(_("Say how many entries must meet the condition."))
            if not condition:
                raise forms.ValidationError(_("Say which entries count."))
            rest = old[1:] if isinstance(old, list) else []
            return [{"where": condition, "at_least": count}, *rest]
        return condition or None

    def _dynamic_choices(self, kind: str, index: int | None) -> list[tuple[str, str]]:
        """The event's sections, or the rankings a section's prizes may name (individual,
        team, each board, each sex, its sub-rankings), each in words."""
        if kind == "sections":
            return [(section.key, section.name) for section in self.regulations.sections]
        assert index is not None
        section = self.regulations.sections[index]
        names = ["individual"]
        if section.team is not None or section.team_ranking is not None:
            names.append("team")
        if section.team is not None:
            names += [
                f"board:{b}" for b in range(1, section.team.boards + section.team.reserves + 1)
            ]
        if section.sex_split is not None:
            names += ["M", "F"]
        choices = [(name, regulation_messages.code_text(name)) for name in names]
        return choices + [(r.key, r.name) for r in section.sub_rankings]

    def _map_keys(self, scope: str, kind: str) -> list[tuple[str, str]]:
        if kind == "by_sex":
            return [("M", _("Male")), ("F", _("Female"))]
        section = next(s for s in self.regulations.sections if s.key == scope.split("~")[0])
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
        if kind in ("sections", "rankings"):
            return list(values.get(stem) or []) or None
        if kind == "system":
            return values.get(stem) or None
        if kind == "grade":
            text = as_typed_on_a_latin_keyboard(values.get(stem) or "").strip()
            return int(text) if text.isdigit() else (text or None)
        if kind == "money":
            amount = values.get(stem)
            return edits.amount_in_file(amount, self.old[stem]) if amount is not None else None
        if kind == "clock":
            moment = values.get(stem)
            return f"{moment:%H:%M}" if moment is not None else None
        if kind == "places":
            text = as_typed_on_a_latin_keyboard(values.get(stem) or "")
            words = _lines(text.replace(" ", ","))
            if not all(word.isdigit() and 0 < int(word) <= 10_000 for word in words):
                raise forms.ValidationError(_("Places as whole numbers, e.g. 1 or 1, 2, 3."))
            return [int(word) for word in words] or None
        if kind in ("condition", "requirement"):
            return self._condition_value(stem, rule)
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
        if rule.kind == "tiebreaks" and isinstance(old, list) and value is not None:
            # the file's MPvGP left as it is is the list's MPVGP: no change to write
            return [tiebreak_code(str(code)) for code in old] == value
        if rule.kind == "points" and old is not None and value is not None:
            return Fraction(str(old)) == Fraction(str(value))
        if rule.kind in ("condition", "requirement"):
            return bool(_plain_data(old) == _plain_data(value))
        if rule.kind == "money" and old is not None and value is not None:
            return Decimal(str(old)) == Decimal(str(value))
        if rule.kind == "clock":
            return _clock(old) == _clock(value)
        if rule.kind in ("sections", "rankings") and isinstance(old, str):
            return bool([old] == value)
        if isinstance(old, dict) and isinstance(value, dict):
            if rule.kind == "team_bye":
                return {k: Fraction(str(v)) for k, v in old.items()} == {
                    k: Fraction(str(v)) for k, v in value.items()
                }
            return {str(k): v for k, v in old.items()} == value
        return bool(old == value)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        self.changes: list[tuple[Scope, Rule | None, Any]] = []
        for scope in self.scopes:
            if cleaned.get(f"r-{scope.id}-remove"):
                self.changes.append((scope, None, None))
                continue
            for rule in self.rules_of(scope.data):
                boxes = self.boxes(scope.id, rule)
                if any(name in self.errors for name in boxes):
                    continue
                try:
                    value = self.new_value(scope.id, rule)
                except forms.ValidationError as error:
                    self.add_error(boxes[0], error)
                    continue
                if rule.kind == "tiebreaks" and value:
                    try:
                        for code in value:
                            check_tiebreak(str(code), rule.teams or self._teams(scope.section))
                    except forms.ValidationError as error:
                        self.add_error(boxes[0], error)
                        continue
                if not self._unchanged(self.stem(scope.id, rule), rule, value):
                    self.changes.append((scope, rule, value))
            self._name_new_row(scope)
        if not self.errors:
            for key, reason in engine_refusals(self.text, self.change()):
                field = self.field_of_key(key)
                self.add_error(field if field in self.fields else None, reason)
        return cleaned

    def _name_new_row(self, scope: Scope) -> None:
        """A new row given values but no key gets one (``discounts_7``): the file needs it,
        the organiser need not think of it."""
        if not scope.is_row or scope.row is not None:
            return
        written = {rule.key for changed, rule, _value in self.changes if changed is scope and rule}
        key_rule = next((rule for rule in self.part.rules if rule.key == "key"), None)
        if written and key_rule is not None and "key" not in written:
            position = int(re.findall(r"\[(\d+)\]\.$", scope.prefix)[0]) + 1
            self.changes.append((scope, key_rule, f"{scope.steps[-1][0]}_{position}"))

    def _teams(self, index: int | None) -> bool:
        if index is None:
            return False
        section = self.regulations.sections[index]
        return section.team is not None and section.team.match_points is not None

    def key_fields(self) -> dict[str, str]:
        fields = {}
        for scope in self.scopes:
            prefix = scope.prefix
            for rule in self.rules_of(scope.data):
                boxes = self.boxes(scope.id, rule)
                fields[prefix + rule.key] = boxes[0]
                if rule.kind in ("ordered", "tiebreaks", "range"):
                    for number, name in enumerate(boxes):
                        fields[f"{prefix}{rule.key}[{number}]"] = name
                if rule.kind in ("condition", "requirement"):
                    fields[f"{prefix}{rule.key}[0]"] = boxes[0]
                if rule.kind == "requirement":
                    fields[f"{prefix}{rule.key}[0].at_least"] = boxes[0]  # the count
                    fields[f"{prefix}{rule.key}[0].where"] = boxes[1]
                if rule.kind in ("boards", "by_sex", "team_bye"):
                    for name in boxes:
                        fields[f"{prefix}{rule.key}.{name.rsplit('-', 1)[1]}"] = name
        return fields

    def change(self) -> Callable[[Any], None]:
        changes = list(getattr(self, "changes", []))

        def write(document: Any) -> None:
            removed: list[tuple[Any, Any]] = []
            for scope, rule, value in changes:
                if scope.is_row:
                    array, row = _row_table(document, scope, create=rule is not None)
                    if rule is None:
                        removed.append((array, row))
                    elif row is not None:
                        edits.set_path(row, rule.path, value)
                elif scope.section is None:
                    assert rule is not None
                    edits.set_path(document, rule.path, value)
                else:
                    assert rule is not None
                    edits.write_section_value(document, scope.section, rule.path, value)
            for array, row in removed:
                if array is not None and row is not None:
                    array.remove(row)
            _drop_empty_rows(document)

        return write

    def groups(self) -> list[tuple[str, str, list[list[forms.BoundField]]]]:
        """For the page: each scope (the event, or a section: key and name) and its rules'
        boxes."""
        shown = []
        for scope in self.scopes:
            rows = [
                [self[box] for box in self.boxes(scope.id, rule)]
                for rule in self.rules_of(scope.data)
            ]
            remove = f"r-{scope.id}-remove"
            if remove in self.fields:
                rows.append([self[remove]])
            shown.append((scope.id, scope.title, rows))
        return shown


def _row_title(base: Scope, table: dict[str, Any]) -> str:
    """A row's heading: its section, then the row's own name (empty: a new row)."""
    name = str(table.get("name") or table.get("label") or table.get("key") or "")
    if not table:
        name = _("New")
    return " — ".join(part for part in (base.title, name) if part)


def _row_table(document: Any, scope: Scope, *, create: bool) -> tuple[Any, Any]:
    """The list and the row ``scope`` names in the TOML document; a new row appended (and
    the list made, or copied from ``[section_defaults]``) when ``create``."""
    table = document if scope.section is None else document["sections"][scope.section]
    for depth, (name, row) in enumerate(scope.steps):
        if row == -1:  # a table on the way to the list
            if name not in table:
                if not create:
                    return None, None
                table[name] = tomlkit.table()
            table = table[name]
            continue
        array = table.get(name)
        if array is None and scope.section is not None and depth == 0:
            inherited = document.get("section_defaults", {}).get(name)
            if inherited is not None:
                array = copy.deepcopy(inherited)  # the section's own copy, then edited
                table[name] = array
        if array is None:
            if not create:
                return None, None
            array = tomlkit.aot()
            table[name] = array
        if row is None:  # the new row: the one a value was written into already, if any
            marked = [
                n for n, item in enumerate(array) if isinstance(item, dict) and _NEW_ROW in item
            ]
            if marked:
                table = array[marked[-1]]
                continue
            if not create:
                return array, None
            item = tomlkit.table() if isinstance(array, AoT) else tomlkit.inline_table()
            array.append(item)
            row = len(array) - 1
            item = array[row]
            item[_NEW_ROW] = True  # marked until every value is written
        table = array[row]
    return array, table


_NEW_ROW = "__new_row__"


def _drop_empty_rows(document: Any) -> None:
    """New rows' marks taken off; a new row nothing was written into is dropped."""

    def visit(node: Any) -> None:
        if isinstance(node, dict):
            for value in list(node.values()):
                visit(value)
        elif isinstance(node, list):
            for item in list(node):
                if isinstance(item, dict) and _NEW_ROW in item:
                    del item[_NEW_ROW]
                    if not len(item):
                        node.remove(item)
                visit(item)

    visit(document)


def _clock(value: Any) -> datetime.time | None:
    """A time of the file (``"09:30"`` or a TOML time) as a time."""
    if isinstance(value, datetime.time):
        return value.replace(second=0)
    if isinstance(value, str) and re.fullmatch(r"\d{1,2}:\d{2}", value.strip()):
        hour, minute = value.strip().split(":")
        if int(hour) < 24 and int(minute) < 60:
            return datetime.time(int(hour), int(minute))
    return None


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
            "جدول زیر ۱۴ سال (B)",
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
    ),
    rows="sections",
)

DISCOUNTS = RulePart(
    "discount-rules",
    gettext_lazy("Discounts and their conditions"),
    "event",
    (
        Rule("key", "text", gettext_lazy("A short code for the discount (empty: one is made).")),
        Rule("name", "text", gettext_lazy("The discount's name on the fee breakdown."), "بانوان"),
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
        Rule("label", "text", gettext_lazy("What happens."), "اختتامیه جدول آزاد"),
        Rule("date", "day", gettext_lazy("The day.")),
        Rule("time", "clock", gettext_lazy("The time at the venue.")),
    ),
    rows="schedule_items",
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

_PLACE_RULES = (
    Rule("place", "whole", gettext_lazy("The place (or give from and to)."), "1", minimum=1),
    Rule("from", "whole", gettext_lazy("First place of a run of places."), minimum=1),
    Rule("to", "whole", gettext_lazy("Last place of the run."), minimum=1),
    Rule("amount", "money", gettext_lazy("The money of each place."), "3000000"),
    Rule("items", "lines", gettext_lazy("Things given (one a line)."), "حکم"),
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
        Rule("name", "text", gettext_lazy("The category's name."), "برترین بازیکن بانوان"),
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
    SECTIONS,
    SCHEDULE_ITEMS,
    DISCOUNTS,
    DOCUMENTS,
    SECTION_PLAY,
    SECTION_PAIRING,
    SECTION_RANKING,
    SECTION_TEAMS,
    SUB_RANKINGS,
    PRIZE_TABLES,
    PRIZE_CATEGORIES,
    PRIZE_PLACES,
    CATEGORY_PLACES,
    GRADES,
    GRADE_LADDER,
    GRADE_PROMOTIONS,
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
