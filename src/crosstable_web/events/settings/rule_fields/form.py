"""The one form of every rule part: reads each value from the TOML text as the loader
reads it, shows it, and writes back only what the organiser changed.
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django import forms
from django.utils.html import format_html
from django.utils.translation import gettext as _

from crosstable.regulations import Regulations
from crosstable.regulations.key_words import KEY_WORDS
from crosstable.typed.digits import as_typed_on_a_latin_keyboard
from crosstable_web.common.localisation import (
    LocalDecimalField,
    LocalIntegerField,
    digits,
    word_list,
)
from crosstable_web.events.regulations import regulation_messages
from crosstable_web.events.settings import regulation_edits as edits
from crosstable_web.events.settings.rule_fields.choices import (
    CONDITION_BOXES,
    TiebreakField,
    check_tiebreak,
    condition_words,
    tiebreak_choices,
    tiebreak_code,
)
from crosstable_web.events.settings.rule_fields.description import (
    BYE_POINTS,
    Rule,
    RulePart,
    code_choices,
)
from crosstable_web.events.settings.rule_fields.engine_checks import engine_refusals
from crosstable_web.events.settings.rule_fields.rows import (
    Scope,
    drop_empty_rows,
    is_new_row,
    row_table,
    rows_scopes,
)
from crosstable_web.events.settings.rule_fields.section_parts import SECTION_TEAMS
from crosstable_web.events.settings.rule_fields.values import (
    as_date,
    clock_value,
    lines_of,
    merged_tables,
    moment_text,
    moment_value,
    plain_data,
    points_text,
    points_value,
    table_at_path,
)
from crosstable_web.events.settings.rule_fields.widgets import QuickCheckboxes, QuickSelect
from crosstable_web.events.settings.settings_forms import (
    ClockField,
    EventDayField,
    PartForm,
)


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
                    merged_tables(defaults, own),
                    f"sections[{index}].",
                    section_key=section.key,
                )
                for index, (section, own) in enumerate(
                    zip(regulations.sections, data.get("sections", []), strict=False)
                )
            ]
        self.scopes: list[Scope] = bases
        if part.rows:
            self.scopes = [row for base in bases for row in rows_scopes(base, part.rows)]
        if part.rows == "sections":  # a section's row shows what it inherits, as the loader
            self.scopes = [
                dataclasses.replace(scope, data=merged_tables(defaults, scope.data))
                if scope.row is not None
                else scope
                for scope in self.scopes
            ]
        self.old: dict[str, Any] = {}
        for scope in self.scopes:
            for rule in self.rules_of(scope.data):
                self._add(scope.id, scope.section, rule, table_at_path(scope.data, rule.path))
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
        in_words = _example_in_words(rule) if rule.example else None
        if in_words:  # a list's example as its options say it: 场分, not match_points
            help_text = format_html("{} {} {}", rule.help, _("Example:"), in_words)
        elif rule.example:  # the seed's own value, as its file writes it: data, not words
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
                # a team section is offered the team tie-breaks (MPvGP), chosen by name:
                # the typed code was the only way to them
                choices = tiebreak_choices(rule.teams or self._teams(index), tuple(values))
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
                initial=points_text(raw),
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
                self.calendar, initial=as_date(raw, self.calendar), **common
            )
        elif kind == "moment":
            self.fields[stem] = forms.CharField(
                max_length=40,
                initial=moment_text(raw, self.calendar),
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
            from crosstable_web.events.words.pairing_names import settings_system_choices

            self.fields[stem] = forms.ChoiceField(
                widget=QuickSelect,
                choices=[
                    ("", _("Not stated")),
                    *settings_system_choices(raw if isinstance(raw, str) else ""),
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
            self.fields[stem] = ClockField(initial=clock_value(raw), **common)
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
                    initial=points_text(points.get(name)),
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
            value = table_at_path(condition, tuple(name.split(".")))
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
                    self.calendar, initial=as_date(value, self.calendar), **box
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
                for word in lines_of(given or ""):
                    condition[word] = True
            elif kind == "lines":
                words = list(lines_of(given or ""))
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
            return points_value(text) if text.strip() else None
        if kind == "text":
            return (values.get(stem) or "").strip() or None
        if kind == "lines":
            return list(lines_of(values.get(stem) or "")) or None
        if kind == "day":
            day = values.get(stem)
            return edits.date_in_file(day, self.calendar, self.old[stem]) if day else None
        if kind == "moment":
            return moment_value(values.get(stem) or "", self.calendar)
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
            words = lines_of(text.replace(" ", ","))
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
            return {name: points_value(text) for name, text in given.items()}
        raise ValueError(kind)  # pragma: no cover

    def _unchanged(self, stem: str, rule: Rule, value: Any) -> bool:
        old = self.old[stem]
        if old in ([], {}, ""):  # an empty list or text: as said as none
            old = None
        if rule.kind == "day":
            return as_date(old, self.calendar) == as_date(value, self.calendar)
        if rule.kind == "moment":
            return moment_text(old, self.calendar) == moment_text(value, self.calendar)
        if rule.kind in ("yes_no", "choice"):  # a default written or not: the same rule
            return bool(
                (rule.default if old is None else old) == (rule.default if value is None else value)
            )
        if rule.kind == "tiebreaks" and isinstance(old, list) and value is not None:
            # the file's MPvGP left as it is is the list's MPVGP: no change to write
            return bool([tiebreak_code(str(code)) for code in old] == value)
        if rule.kind == "points" and old is not None and value is not None:
            return Fraction(str(old)) == Fraction(str(value))
        if rule.kind in ("condition", "requirement"):
            return bool(plain_data(old) == plain_data(value))
        if rule.kind == "money" and old is not None and value is not None:
            return Decimal(str(old)) == Decimal(str(value))
        if rule.kind == "clock":
            return clock_value(old) == clock_value(value)
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
            if self.part.rows == "sections":
                self._team_section(scope, cleaned)
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

    def _team_section(self, scope: Scope, cleaned: dict[str, Any]) -> None:
        """A section given a team pairing system in the Sections form becomes a team section
        at once, as the blank event form makes one: its boards are asked for, and the match
        points FIDE's 2, 1 and 0 are written (shown and changed under Team rules) unless it
        has its own. Without them its tie-break lists offered no team tie-break (MPvGP)
        until the Team rules part, later in the settings, was filled."""
        from crosstable.pairing.registry import is_team_system

        if cleaned.get(f"r-{scope.id}-remove"):
            return
        new = {
            rule.key: value for changed, rule, value in self.changes if changed is scope and rule
        }
        if "pairing.system" not in new and "team.boards" not in new:
            return  # a section left as it was is left as it was
        system = new.get("pairing.system", table_at_path(scope.data, ("pairing", "system")))
        if not isinstance(system, str) or not is_team_system(system):
            return
        boards = next(rule for rule in self.part.rules if rule.key == "team.boards")
        if not (new.get("team.boards") or table_at_path(scope.data, boards.path)):
            self.add_error(
                self.boxes(scope.id, boards)[0],
                _("A team pairing system needs the number of boards."),
            )
            return
        if table_at_path(scope.data, ("team", "match_points")) is None:
            for name, points in (("win", 2), ("draw", 1), ("loss", 0)):
                rule = next(r for r in SECTION_TEAMS.rules if r.key == f"team.match_points.{name}")
                self.changes.append((scope, rule, points))

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
                if self.part.rows == "sections" and rule.key == "rounds":
                    # a timetable of other rounds than the section's is the rounds' refusal
                    fields[prefix + "schedule"] = boxes[0]
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
                    array, row = row_table(document, scope, create=rule is not None)
                    if rule is None:
                        removed.append((array, row))
                    elif row is not None:
                        edits.set_path(row, rule.path, value)
                        if self.part.rows == "sections" and rule.key == "rounds" and value:
                            # its own timetable follows: rows cut, or added for the days
                            edits.resize_schedule(row, value)
                elif scope.section is None:
                    assert rule is not None
                    edits.set_path(document, rule.path, value)
                else:
                    assert rule is not None
                    edits.write_section_value(document, scope.section, rule.path, value)
            for array, row in removed:
                if array is not None and row is not None:
                    array.remove(row)
            if self.part.rows == "sections":  # a section added plays on its rounds' timetable
                for index, item in enumerate(document.get("sections", [])):
                    if is_new_row(item):
                        edits.follow_schedule_of_its_rounds(document, index)
            drop_empty_rows(document)

        return write

    def groups(self) -> list[tuple[str, str, list[tuple[str, list[tuple[Any, str]]]]]]:
        """For the page: each scope (the event, or a section: key and name) and its rules,
        each with its label and its boxes, a box of several (a condition's sex, age, rating…;
        a board's or a sex's number; a range's ends) with its own words beside it: they
        stood as a row of bare boxes, the words only in a screen reader's label."""
        shown = []
        for scope in self.scopes:
            rows: list[tuple[str, list[tuple[Any, str]]]] = []
            for rule in self.rules_of(scope.data):
                boxes = [self[box] for box in self.boxes(scope.id, rule)]
                label = str(rule.label())
                rows.append((label, [(box, _box_words(label, box)) for box in boxes]))
            remove = f"r-{scope.id}-remove"
            if remove in self.fields:
                rows.append(("", [(self[remove], "")]))
            shown.append((scope.id, scope.title, rows))
        return shown


def _box_words(label: str, box: forms.BoundField) -> str:
    """A box's own words beside it, when a rule has several: its label less the rule's
    (“Who may win it: age: below” → “age: below”); none for the numbered boxes of a list in
    order (their place says it) nor a box alone (its label is the rule's)."""
    own = str(box.label)
    if own.startswith(f"{label}: "):
        return own[len(label) + 2 :]
    if own.startswith(label):
        return ""
    return own  # words of its own (a requirement's count: “given only if at least…”)


def _example_in_words(rule: Rule) -> str | None:
    """The example of a box the organiser chooses from (a list, ticked boxes, tie-breaks in
    order) in the words its options show, in the reader's language: a code of the file
    (``match_points``, ``MPvGP, DE``) means nothing to a reader who picks from words. None
    for a typed box, or when an example's code is not among the options (the file's value
    is shown as it is)."""
    codes = [code.strip() for code in str(rule.example).split(",") if code.strip()]
    if rule.kind == "tiebreaks":
        codes = [tiebreak_code(code) for code in codes]
        # an option is "name — what it counts": the name alone
        words = {
            code: label.split(" — ")[0]
            for code, label in tiebreak_choices(rule.teams, tuple(codes))
        }
    elif rule.kind in ("choice", "codes", "ordered") and rule.choices is not None:
        words = {str(code): str(label) for code, label in rule.choices()}
    else:
        return None
    if not codes or any(code not in words for code in codes):
        return None
    return word_list([words[code] for code in codes])
