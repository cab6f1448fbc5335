"""Forms of the events app (field labels are translatable)."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django import forms
from django.forms.utils import flatatt
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from crosstable import languages
from crosstable.pairing import registry
from crosstable.typed import (
    TypedValueError,
    birth_dates,
    read_federation,
    read_fide_id,
    read_grade,
    read_title,
    read_unit_kind,
)
from crosstable.typed.calendars import Calendar
from crosstable_web.common.localisation import (
    LocalDateField,
    LocalDateInput,
    LocalDecimalField,
    LocalIntegerField,
    digits,
    reads_day_first,
    with_written_dates,
)
from crosstable_web.common.value_messages import value_message
from crosstable_web.events.regulations import rules
from crosstable_web.events.services import MAX_RATING

if TYPE_CHECKING:
    from crosstable_web.events.models import Section


def read_typed(value: str, reader: Callable[[str], str]) -> str:
    """A form field's text read by one of ``crosstable.typed``'s readers, its refusal as
    the field's error in the page's language."""
    try:
        return reader(value or "")
    except TypedValueError as error:
        raise forms.ValidationError(value_message(error, Calendar.GREGORIAN)) from None


def unit_kinds_of(section: Section) -> tuple[str, ...]:
    """The kinds of unit the section's regulations name (what a typed unit kind is read
    against: 学校 -> school, شهرستان -> county)."""
    regulations = rules.event_regulations(section.event)
    return regulations.unit_kinds if regulations is not None else ()


class EntryForm(forms.Form):
    section = forms.ChoiceField(label=_("Section"))
    name = forms.CharField(label=_("Name"), max_length=200)
    sex = forms.ChoiceField(
        label=_("Sex"),
        required=False,
        choices=[("", "—"), ("M", _("Male")), ("F", _("Female"))],
    )
    # Jalali while the page is in Persian (typed, the browser's picker is Gregorian only).
    birth_date = LocalDateField(
        label=_("Birth date"), required=False, widget=LocalDateInput(), within=birth_dates
    )
    rating = LocalIntegerField(
        label=_("Rating"), required=False, min_value=0, max_value=MAX_RATING, initial=0
    )
    # Read as typed (GM, 国际大师; MAS; Persian digits; 六级) and stored as the code.
    title = forms.CharField(label=_("Title"), required=False, max_length=20)
    federation = forms.CharField(label=_("Federation"), required=False, max_length=40)
    fide_id = forms.CharField(label=_("FIDE id"), required=False, max_length=20)
    national_grade = forms.CharField(label=_("National grade"), required=False, max_length=20)
    unit = forms.CharField(label=_("Unit (school, club, team)"), required=False, max_length=200)
    unit_kind = forms.CharField(
        label=_("Unit kind (e.g. school, club or county)"),
        required=False,
        max_length=40,
        help_text=_("Only where the regulations rank some kinds of unit as teams."),
    )
    native_unit = forms.CharField(label=_("Native of"), required=False, max_length=200)
    member_id = forms.CharField(label=_("Membership id"), required=False, max_length=30)

    unit_kinds: tuple[str, ...] = ()

    def offer_only_section(self, section: Section) -> None:
        """Offer the one section the form is shown for (and read unit kinds against its
        regulations)."""
        section_field = self.fields["section"]
        # The form's own copy of the ChoiceField declared above.
        assert isinstance(section_field, forms.ChoiceField)
        section_field.choices = [(section.key, section.name)]
        self.unit_kinds = unit_kinds_of(section)

    def clean_title(self) -> str:
        return read_typed(self.cleaned_data["title"], read_title)

    def clean_federation(self) -> str:
        return read_typed(self.cleaned_data["federation"], read_federation)

    def clean_fide_id(self) -> str:
        return read_typed(self.cleaned_data["fide_id"], read_fide_id)

    def clean_national_grade(self) -> str:
        def grade(text: str) -> str:
            number = read_grade(text)
            return "" if number is None else str(number)

        return read_typed(self.cleaned_data["national_grade"], grade)

    def clean_unit_kind(self) -> str:
        kinds = self.unit_kinds
        return read_typed(self.cleaned_data["unit_kind"], lambda t: read_unit_kind(t, kinds))


class EntryEditForm(EntryForm):
    """The entry form of an entered player: a new name replaces the player by another
    (refused after the regulations' name-change deadline) unless it only corrects the
    spelling of the same player's name."""

    spelling_correction = forms.BooleanField(
        label=_("Spelling correction (the same player)"),
        required=False,
        help_text=_(
            "Tick when the new name corrects the spelling of this player's name; leave it "
            "empty when another player takes this place."
        ),
    )


class HousePlayerForm(forms.Form):
    """The organiser's house player for an odd section: who it is (no eligibility checks)."""

    name = forms.CharField(label=_("Name"), max_length=200)
    sex = forms.ChoiceField(
        label=_("Sex"),
        required=False,
        choices=[("", "—"), ("M", _("Male")), ("F", _("Female"))],
    )
    rating = LocalIntegerField(label=_("Rating"), required=False, min_value=0, initial=0)
    unit = forms.CharField(label=_("Unit (school, club, team)"), required=False, max_length=200)


class ImportForm(forms.Form):
    file = forms.FileField(label=_("Entries file (CSV or Excel)"))


class ResultForm(forms.Form):
    entry = forms.CharField(
        label=pgettext_lazy("chess", "Board and result"),
        max_length=40,
        widget=forms.TextInput(
            attrs={"autofocus": True, "autocomplete": "off", "placeholder": "12 1", "size": 10}
        ),
    )


class PaymentForm(forms.Form):
    paid = LocalDecimalField(label=_("Paid"), min_value=0, decimal_places=2, max_digits=14)


CANCEL_BYE = "cancel"


class ByeForm(forms.Form):
    """A requested bye, or its cancellation. The choice starts empty (issue 21: no control
    starts on a value that means a result): saving without choosing is refused."""

    round_number = LocalIntegerField(label=pgettext_lazy("chess", "Round"), min_value=1)
    result = forms.ChoiceField(
        label=pgettext_lazy("chess", "Bye"),
        choices=[
            ("", "—"),
            ("H", _("Half-point bye")),
            ("F", _("Full-point bye")),
            ("Z", _("Zero-point bye")),
            (CANCEL_BYE, _("Cancel the bye")),
        ],
    )

    def clean_result(self) -> str:
        """The bye's code, empty for a cancellation (``rounds.request_bye``)."""
        chosen = str(self.cleaned_data["result"])
        return "" if chosen == CANCEL_BYE else chosen


class WithdrawForm(forms.Form):
    after_round = LocalIntegerField(
        label=_("Withdrawn after round (empty: reinstate)"), min_value=0, required=False
    )


class SwapForm(forms.Form):
    """Two players exchanged in a round changed by hand (a warning asks if a rule breaks)."""

    first = LocalIntegerField(label=_("Pairing number"), min_value=1)
    second = LocalIntegerField(label=_("with pairing number"), min_value=1)


class RatingCorrectionForm(forms.Form):
    """A result corrected for the rating report only (``rounds.correct_for_rating_report``)."""

    board = LocalIntegerField(label=pgettext_lazy("chess", "Board"), min_value=1)
    result = forms.CharField(label=_("Result for the rating report"), max_length=10)
    reason = forms.CharField(label=_("Why"), max_length=200)


class ExpelForm(forms.Form):
    after_round = LocalIntegerField(label=_("Expelled after round"), min_value=0)


class LaterRatingForm(forms.Form):
    """A rating from a later list, valid from a round on (events longer than 30 days)."""

    from_round = LocalIntegerField(label=_("Valid from round"), min_value=2)
    rating = LocalIntegerField(label=_("Rating"), min_value=0, max_value=3500)


class ProhibitedPairForm(forms.Form):
    first = LocalIntegerField(label=_("Pairing number"), min_value=1)
    second = LocalIntegerField(label=_("and pairing number"), min_value=1)
    round = LocalIntegerField(label=_("Round (empty: every round)"), min_value=1, required=False)


# --- creating an event and editing its settings ------------------------------------------


def _zone_choices(kept: str = "") -> list[tuple[str, str]]:
    """The time zones to choose from; ``kept``, the zone an event already has, is among
    them even when the box no longer offers its name (an alias such as Asia/Chongqing)."""
    from crosstable_web.common.localisation import zone_label
    from crosstable_web.events.regulations.event_time import common_zones, is_known_zone

    zones = common_zones()
    if kept and kept not in zones and is_known_zone(kept):
        zones.append(kept)
    # Named in the reader's language and sorted by that name, so typing its first letters
    # in the box finds a zone; the value stays the IANA name.
    named = sorted(((zone, zone_label(zone)) for zone in zones), key=lambda z: z[1])
    return [("", "—"), *named]


def _system_choices(teams: bool | None = None) -> list[Any]:
    """The pairing systems to choose from (``registry.offered_codes``): a team section's the
    team systems, an individual section's the individual ones; a new section (``None``) may
    be either, so both lists, each under its heading."""
    from crosstable_web.events.words.pairing_names import system_choices

    return system_choices(teams)


class ZoneSelect(forms.Select):
    """The time-zone box: zones listed by their names in the reader's language
    (``common.localisation.zone_label``), each option carrying the cities it is also found
    by (``event_time.zone_cities``: 重庆 and Harbin find 中国（上海）时间), and beside it a
    box that finds a zone by any of these words (``zone_search.js``; hidden without it)."""

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        from crosstable_web.events.regulations.event_time import zone_cities

        # written straight to HTML, as QuickSelect: the template rendered each of the ~400
        # options one by one (a tenth of the settings page's time)
        cities = zone_cities()
        chosen = {str(v) for v in (value if isinstance(value, list | tuple) else [value])}
        options = "".join(
            format_html(
                "<option{}>{}</option>",
                flatatt(
                    {
                        "value": str(code),
                        "data-cities": " ".join(cities.get(str(code), ())) or None,
                        "selected": str(code) in chosen,
                    }
                ),
                words,
            )
            for code, words in self.choices
        )
        attributes = {**self.build_attrs(self.attrs, attrs), "name": name}
        box = format_html("<select{}>{}</select>", flatatt(attributes), mark_safe(options))
        # the script finds the list as the box's previous element
        return format_html(
            '{}<input type="search" class="zone-city" hidden'
            ' aria-label="{}" placeholder="{}" autocomplete="off">',
            box,
            _("Find the time zone by a city"),
            _("Find by city, e.g. Chongqing"),
        )


ZONE_WIDGET = ZoneSelect()


CALENDAR_CHOICES = [("gregorian", _("Gregorian")), ("jalali", _("Jalali (Persian)"))]


def language_choices() -> list[tuple[str, str]]:
    """The event's language: each language of ``crosstable.languages`` by its own name."""
    return [(language.code, language.name) for language in languages.LANGUAGES]


GAME_CHOICES = [("chess", _("Chess")), ("xiangqi", _("Xiangqi"))]


class EventDateField(forms.CharField):
    """A day typed ``YYYY-MM-DD`` (any digits) in the calendar the form says
    (``calendar_of``: the form's calendar field, read in ``clean``)."""

    def __init__(self, **kwargs: object) -> None:
        kwargs.setdefault("required", False)
        kwargs.setdefault("widget", forms.TextInput(attrs={"placeholder": _("YYYY-MM-DD")}))
        super().__init__(**kwargs)  # type: ignore[arg-type]


def read_event_date(text: str, calendar: str) -> datetime.date | None:
    """``text`` as a day of ``calendar``, read as the page's other date boxes read it (day
    first on a Malay page: ``localisation.reads_day_first``); None for empty;
    ``ValidationError`` otherwise."""
    from crosstable.typed.calendars import Calendar
    from crosstable.typed.dates import SCHEDULE_DATES, read_date
    from crosstable.typed.errors import TypedValueError

    if not text.strip():
        return None
    try:
        return read_date(
            text, Calendar(calendar), day_first=reads_day_first(), within=SCHEDULE_DATES
        )
    except TypedValueError as error:
        if error.code == "date_out_of_range":
            written = with_written_dates(error, Calendar(calendar))
            raise forms.ValidationError(value_message(written, Calendar(calendar))) from None
        raise forms.ValidationError(
            _("Not a date of the %(calendar)s calendar: %(text)s (write %(format)s).")
            % {
                "calendar": dict(CALENDAR_CHOICES)[calendar],
                "text": text,
                "format": _("YYYY-MM-DD"),
            }
        ) from None


def clean_event_dates(form: forms.Form, cleaned: dict[str, Any]) -> None:
    """A form's first and last day read in the calendar it chose, the last not before the
    first (errors at the fields)."""
    calendar = cleaned.get("calendar", "gregorian")
    for name in ("start_date", "end_date"):
        if name in cleaned:
            try:
                cleaned[name] = read_event_date(str(cleaned[name]), calendar)
            except forms.ValidationError as error:
                form.add_error(name, error)
    start, end = cleaned.get("start_date"), cleaned.get("end_date")
    if start and end and end < start:
        form.add_error("end_date", _("The last day is before the first day."))


class _ShortNameAndZone(forms.Form):
    slug = forms.CharField(
        label=_("Short name (in addresses)"),
        required=False,
        max_length=60,
        help_text=_("Small Latin letters, digits and hyphens; empty: made from the name."),
    )
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        required=False,
        widget=ZONE_WIDGET,
        help_text=_("Where the event is played; empty: the one the regulations name."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        zone_field = self.fields["time_zone"]
        assert isinstance(zone_field, forms.ChoiceField)
        zone_field.choices = _zone_choices()

    def clean_slug(self) -> str:
        from crosstable_web.events.slugs import check_slug

        slug = str(self.cleaned_data["slug"]).strip()
        problem = check_slug(slug) if slug else None
        if problem is not None:
            raise forms.ValidationError(problem)
        return slug


class TemplateEventForm(_ShortNameAndZone):
    """A new event from one of the templates (the example regulations)."""

    template = forms.ChoiceField(label=_("Template"))
    rounds = LocalIntegerField(
        label=_("Rounds, where the regulations leave them open"), min_value=1, max_value=30
    )
    field_order = ("template", "rounds", "time_zone", "slug")

    def __init__(self, *args: Any, templates: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        template_field = self.fields["template"]
        assert isinstance(template_field, forms.ChoiceField)
        template_field.choices = templates


class UploadEventForm(_ShortNameAndZone):
    regulations = forms.FileField(label=_("Regulations file (TOML)"))
    rounds = LocalIntegerField(
        label=_("Rounds, where the regulations leave them open"), min_value=1, max_value=30
    )
    field_order = ("regulations", "rounds", "time_zone", "slug")


class TrfEventForm(_ShortNameAndZone):
    """A new event from a TRF file (its section in FIDE mode)."""

    trf = forms.FileField(label=_("TRF file"))
    field_order = ("trf", "time_zone", "slug")


TIEBREAK_BOXES = 6
"""The blank form's tie-break boxes (the seeds name at most six)."""


class BlankEventForm(forms.Form):
    """A new event from a form: the event and its first section."""

    name = forms.CharField(
        label=_("Event name"), max_length=300, widget=forms.TextInput(attrs={"size": 50})
    )
    game = forms.ChoiceField(label=_("Game"), choices=GAME_CHOICES)
    language = forms.ChoiceField(label=_("Language of the event"), choices=language_choices)
    time_zone = forms.ChoiceField(label=_("Time zone"), widget=ZONE_WIDGET)
    calendar = forms.ChoiceField(label=_("Calendar"), choices=CALENDAR_CHOICES)
    start_date = EventDateField(label=_("First day"))
    end_date = EventDateField(label=_("Last day"))
    venue = forms.CharField(
        label=_("Venue"), required=False, max_length=300, widget=forms.TextInput(attrs={"size": 50})
    )
    section_key = forms.RegexField(
        label=_("Section code"),
        regex=r"^[A-Za-z0-9_-]+$",
        max_length=40,
        initial="A",
        error_messages={"invalid": _("Letters, digits, - and _ only.")},
    )
    section_name = forms.CharField(label=_("Section name"), max_length=300)
    rounds = LocalIntegerField(label=_("Number of rounds"), min_value=1, max_value=30)
    system = forms.ChoiceField(label=_("Pairing system"), initial=registry.DEFAULT_SYSTEM)
    boards = LocalIntegerField(
        label=_("Boards (team pairing systems)"),
        required=False,
        min_value=1,
        max_value=100,
        help_text=_(
            "Each team's boards; the match points are then FIDE's 2, 1 and 0, changed under "
            "Team rules."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        zone_field = self.fields["time_zone"]
        assert isinstance(zone_field, forms.ChoiceField)
        zone_field.choices = _zone_choices()
        system_field = self.fields["system"]
        assert isinstance(system_field, forms.ChoiceField)
        system_field.choices = _system_choices()
        self._add_tiebreak_boxes()
        self.order_fields([*(name for name in self.fields if name != "boards"), "boards"])

    def _add_tiebreak_boxes(self) -> None:
        """The tie-breaks chosen from a list by their words, in order, one box each (the
        settings page's own boxes: ``rule_fields.choices.tiebreak_choices``), not typed as codes:
        every tie-break a section or a team section may use."""
        from crosstable_web.events.settings.rule_fields.choices import (
            TiebreakField,
            tiebreak_choices,
        )
        from crosstable_web.events.settings.rule_fields.widgets import QuickSelect

        individual = tiebreak_choices(teams=False)
        known = {code for code, _words in individual}
        choices = [
            ("", "—"),
            *individual,
            *(choice for choice in tiebreak_choices(teams=True) if choice[0] not in known),
        ]
        for number in range(TIEBREAK_BOXES):
            self.fields[f"tiebreaks-{number}"] = TiebreakField(
                label=f"{gettext('Tie-breaks')} {digits(number + 1)}",
                required=False,
                choices=choices,
                widget=QuickSelect,
                help_text=gettext(
                    "In order: the first decides a tie, the next one what is still tied."
                )
                if number == 0
                else "",
            )

    def clean(self) -> dict[str, Any]:
        from crosstable.pairing.registry import is_team_system

        cleaned = super().clean() or {}
        clean_event_dates(self, cleaned)
        teams = is_team_system(str(cleaned.get("system", "")))
        # a team section's tie-breaks are the team ones (MPvGP), a player's the individual
        from crosstable_web.events.settings.rule_fields.choices import check_tiebreak

        chosen = [
            (number, str(cleaned[name]))
            for number in range(TIEBREAK_BOXES)
            if cleaned.get(name := f"tiebreaks-{number}")
        ]
        cleaned["tiebreaks"] = [code for _number, code in chosen]
        for number, code in chosen:
            try:
                check_tiebreak(code, teams)
            except forms.ValidationError as error:
                self.add_error(f"tiebreaks-{number}", error)
        if teams and not cleaned.get("boards"):
            self.add_error("boards", _("A team pairing system needs the number of boards."))
        if not teams:
            cleaned["boards"] = None
        return cleaned


EVENT_KEYS = ("name", "time_zone", "calendar", "start_date", "end_date", "venue")
"""The keys of ``[event]`` the settings form writes."""


class EventSettingsForm(forms.Form):
    """The event's common settings. A section's name, rounds and pairing system are the
    Sections form's (``rule_fields.event_parts.SECTIONS``), its tie-breaks the ranking
    part's, chosen by name: one way to each (they were also here, the tie-breaks typed as
    codes)."""

    name = forms.CharField(
        label=_("Event name"), max_length=300, widget=forms.TextInput(attrs={"size": 50})
    )
    slug = forms.CharField(
        label=_("Short name (in addresses)"),
        max_length=60,
        widget=forms.TextInput(attrs={"size": 50}),
    )
    time_zone = forms.ChoiceField(label=_("Time zone"), widget=ZONE_WIDGET)
    calendar = forms.ChoiceField(label=_("Calendar"), choices=CALENDAR_CHOICES)
    start_date = EventDateField(label=_("First day"))
    end_date = EventDateField(label=_("Last day"))
    venue = forms.CharField(
        label=_("Venue"), required=False, max_length=300, widget=forms.TextInput(attrs={"size": 50})
    )
    confirm_played = forms.BooleanField(
        label=_("Yes, change rounds already played (the audit log keeps it)"), required=False
    )

    def __init__(self, *args: Any, event_slug: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.event_slug = event_slug
        zone_field = self.fields["time_zone"]
        assert isinstance(zone_field, forms.ChoiceField)
        zone_field.choices = _zone_choices(str(self.initial.get("time_zone") or ""))[1:]

    def clean_slug(self) -> str:
        slug = str(self.cleaned_data["slug"]).strip()
        if slug != self.event_slug:
            from crosstable_web.events.models import Event
            from crosstable_web.events.slugs import check_slug

            problem = check_slug(slug, Event.objects.filter(slug=self.event_slug).first())
            if problem is not None:
                raise forms.ValidationError(problem)
        return slug

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        clean_event_dates(self, cleaned)
        return cleaned

    def written_keys(self, regulations: Any) -> list[str]:
        """The loader's keys this form's fields write (``event_settings.edited_text``)."""
        return [f"event.{name}" for name in EVENT_KEYS]

    def field_of_key(self, key: str) -> str | None:
        """The form field a loader key (``event.start_date``) belongs to."""
        event_fields = {
            "event.name": "name",
            "event.time_zone": "time_zone",
            "event.calendar": "calendar",
            "event.start_date": "start_date",
            "event.end_date": "end_date",
            "event.venue": "venue",
            "slug": "slug",
        }
        return event_fields.get(key)


class RegulationsEditorForm(forms.Form):
    text = forms.CharField(
        label=_("Regulations (TOML)"),
        widget=forms.Textarea(
            # the organiser's own file, in whatever words they wrote it: data, not the page's
            attrs={"rows": 30, "cols": 100, "spellcheck": "false", "dir": "ltr", "translate": "no"}
        ),
    )
    confirm_played = forms.BooleanField(
        label=_("Yes, change rounds already played (the audit log keeps it)"), required=False
    )
