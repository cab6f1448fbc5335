"""Warnings when an arbiter is about to break a rule: the one mechanism every action uses.

FIDE's checklist for tournament programs (C.02.03 §7, VCL4THP) names four levels, and so do
we (:class:`Level`): **2** the arbiter acknowledges (one button, "Understood"); **3** confirms
or cancels; **4** confirms twice, the second page naming the consequences; **5** refused —
in FIDE mode the action can only be taken by leaving FIDE mode (``events.fide_mode``);
outside it the action asks as level 4. Levels cannot be switched off or lowered: a section
in FIDE mode always asks, and a level is part of each warning's definition here, not a
setting.

A service names what its action would break (:class:`RuleWarning`, a kind of
:data:`KINDS` and its values) and calls :func:`require` before changing anything. Unless the
request carries a confirmation for exactly those warnings, :func:`require` raises
:class:`NeedsConfirmation` (or :class:`Refused`); the view shows the warnings with the
include ``events/_rule_warnings.html`` and posts the same form again with a signed token.
The token is made by the server for one account, one action and one set of warnings, and
for one step: a POST without it, with another action's, or with the first step's token for a
level-4 action changes nothing (:func:`step_confirmed`). The confirmed warnings go into the
action's audit line (data, shown in the reader's language: :func:`text_of`).
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from crosstable_web.events import models
from crosstable_web.events.oversight.audit import Actor, actor_name
from crosstable_web.events.oversight.permissions import require_chief
from crosstable_web.events.services import ServiceError


class Level(enum.IntEnum):
    ACKNOWLEDGE = 2
    CONFIRM = 3
    TWO_STEPS = 4
    REFUSED = 5


@dataclasses.dataclass(frozen=True, slots=True)
class Kind:
    """One rule an action can break: its level, its sentence (with ``%(name)s`` values) and,
    for levels 4 and 5, the consequences the second page names."""

    level: Level
    text: Promise
    consequences: tuple[Promise, ...] = ()


KINDS: dict[str, Kind] = {
    # FIDE mode itself
    "fide_mode.leave": Kind(
        Level.TWO_STEPS,
        gettext_lazy("Leave FIDE mode for %(section)s."),
        (
            gettext_lazy(
                "Actions that break FIDE's rules become possible after a confirmation "
                "instead of being refused."
            ),
            gettext_lazy(
                "The audit log and the section's TRF file record that FIDE mode was left "
                "after round %(round)s; the rating officer may refuse the results."
            ),
            gettext_lazy("FIDE mode cannot be entered again for this section."),
        ),
    ),
    # manual pairing
    "manual.rematch": Kind(
        Level.CONFIRM,
        gettext_lazy("Rematch: %(white)s and %(black)s have already played each other."),
    ),
    "manual.prohibited": Kind(
        Level.CONFIRM,
        gettext_lazy("Prohibited pair: %(white)s and %(black)s must not meet in this round."),
    ),
    "manual.bye_ineligible": Kind(
        Level.CONFIRM,
        gettext_lazy(
            "%(player)s cannot receive the pairing-allocated bye: already had it or scored a "
            "win's points without playing (C.04.1 Art. 4)."
        ),
    ),
    "manual.colour_three": Kind(
        Level.CONFIRM,
        gettext_lazy("Colour: %(player)s would get the same colour three times in a row."),
    ),
    "manual.colour_difference": Kind(
        Level.CONFIRM,
        gettext_lazy("Colour: %(player)s's colour difference would be %(difference)s."),
    ),
    "manual.colours_reversed": Kind(
        Level.ACKNOWLEDGE,
        gettext_lazy(
            "Colour: %(white)s and %(black)s both get the colour opposite to the one they expect."
        ),
    ),
    "manual.not_engine": Kind(
        Level.TWO_STEPS,
        gettext_lazy(
            "Round %(round)s as changed by hand is not the pairing the rules give: %(differences)s."
        ),
        (
            gettext_lazy("The pairing the rules give: %(engine)s."),
            gettext_lazy(
                "The section's TRF file records the manual pairing (a ### line), and the "
                "pairings checker will report round %(round)s."
            ),
        ),
    ),
    # the next round paired by hand (events.rounds.hand_pairing): the team rounds' words
    "manual.hand_not_engine": Kind(
        Level.TWO_STEPS,
        gettext_lazy("Round %(round)s paired by hand is not the pairing the rules give."),
        (
            gettext_lazy("The pairing the rules give: %(engine)s."),
            gettext_lazy(
                "The section's TRF file records the pairing made by hand (a ### line), and "
                "the audit log names who decided."
            ),
        ),
    ),
    "manual.no_engine": Kind(
        Level.TWO_STEPS,
        gettext_lazy(
            "Round %(round)s has no pairing that satisfies the rules (%(reason)s): it is "
            "paired by hand."
        ),
        (
            gettext_lazy(
                "The section's TRF file records the pairing made by hand (a ### line), and "
                "the audit log names who decided."
            ),
        ),
    ),
    # a team round paired by hand (teams.hand_pairing; team_swiss.team_manual_problems)
    "team_manual.rematch": Kind(
        Level.CONFIRM,
        gettext_lazy("Rematch: %(first)s and %(second)s have already played each other."),
    ),
    "team_manual.prohibited": Kind(
        Level.CONFIRM,
        gettext_lazy("Prohibited pair: %(first)s and %(second)s must not meet in this round."),
    ),
    "team_manual.bye_ineligible": Kind(
        Level.CONFIRM,
        gettext_lazy(
            "%(team)s cannot receive the pairing-allocated bye: already had it, won a match "
            "by forfeit or had a full-point bye (C.04.6 2.1.2)."
        ),
    ),
    "team_manual.colour": Kind(
        Level.CONFIRM,
        gettext_lazy("Colour: %(team)s does not get the colour it must have (C.04.6 1.7)."),
    ),
    "team_manual.float": Kind(
        Level.ACKNOWLEDGE,
        gettext_lazy("Float: %(first)s and %(second)s have different scores."),
    ),
    "team_manual.same_unit": Kind(
        Level.ACKNOWLEDGE,
        gettext_lazy("Same unit: %(first)s and %(second)s come from the same club or county."),
    ),
    "team_manual.not_engine": Kind(
        Level.TWO_STEPS,
        gettext_lazy("Round %(round)s paired by hand is not the pairing the rules give."),
        (
            gettext_lazy("The pairing the rules give: %(engine)s."),
            gettext_lazy(
                "The section's TRF file records the pairing made by hand (a ### line), and "
                "the audit log names who decided."
            ),
        ),
    ),
    "team_manual.no_engine": Kind(
        Level.TWO_STEPS,
        gettext_lazy(
            "Round %(round)s has no pairing that satisfies the rules (%(reason)s): it is "
            "paired by hand."
        ),
        (
            gettext_lazy(
                "The section's TRF file records the pairing made by hand (a ### line), and "
                "the audit log names who decided."
            ),
        ),
    ),
    "team_round.unpair_results": Kind(
        Level.TWO_STEPS,
        gettext_lazy("Un-pair round %(round)s, which already has results."),
        (gettext_lazy("These results will be removed: %(results)s."),),
    ),
    # results
    "result.replace": Kind(
        Level.CONFIRM,
        gettext_lazy(
            "Board %(board)s (%(players)s) already has the result %(was)s: it becomes %(result)s."
        ),
    ),
    "team_result.replace": Kind(
        Level.CONFIRM,
        gettext_lazy(
            "Table %(table)s board %(board)s (%(teams)s) already has the result %(was)s: it "
            "becomes %(result)s."
        ),
    ),
    "result.previous_round": Kind(
        Level.CONFIRM,
        gettext_lazy(
            "Round %(round)s is already followed by a paired round: the corrected result "
            "changes no pairing made, it counts from the next pairing (C.04.2 Art. 4.3)."
        ),
    ),
    "result.older_round": Kind(
        Level.REFUSED,
        gettext_lazy(
            "Round %(round)s: once the next round is paired, only the results of the previous "
            "round may be changed."
        ),
        (
            gettext_lazy(
                "The standings and every pairing after round %(round)s were made from the "
                "result as it was."
            ),
        ),
    ),
    # prohibited pairings, tie-breaks, pairing numbers
    "prohibited.after_start": Kind(
        Level.REFUSED,
        gettext_lazy("Prohibited pairings are set before round 1 is paired."),
        (gettext_lazy("Players of the rounds already paired were paired without it."),),
    ),
    "tiebreaks.after_start": Kind(
        Level.TWO_STEPS,
        gettext_lazy("%(section)s: the tie-break list changes after the start: %(old)s → %(new)s."),
        (
            gettext_lazy(
                "The list was published before round 1; the standings change for everyone."
            ),
            gettext_lazy(
                "The section's TRF file records the change and the list before it (### line)."
            ),
        ),
    ),
    "settings.after_start": Kind(
        Level.TWO_STEPS,
        gettext_lazy("%(change)s, with rounds already played."),
        (gettext_lazy("Results, standings and pairings already made follow the old setting."),),
    ),
    "numbers.after_round_four": Kind(
        Level.REFUSED,
        gettext_lazy("Pairing numbers cannot change once round 4 is paired (C.04.2 Art. 2)."),
    ),
    # byes and players
    "bye.second_half_point": Kind(
        Level.CONFIRM,
        gettext_lazy("%(player)s already has a half-point bye (round %(other)s)."),
    ),
    "bye.full_point": Kind(
        Level.ACKNOWLEDGE,
        gettext_lazy(
            "A full-point bye for %(player)s: FIDE deprecates full-point byes; the TRF file "
            "records it (### line)."
        ),
    ),
    "entry.expel": Kind(
        Level.CONFIRM,
        gettext_lazy(
            "Expel %(player)s after round %(round)s: not paired again and left out of the "
            "standings; the games played stand for the opponents."
        ),
    ),
}
"""Every warning an action can give, by code. The level of each is fixed here."""


@dataclasses.dataclass(frozen=True, slots=True)
class RuleWarning:
    """A rule the action at hand would break: a :data:`KINDS` code and its values."""

    code: str
    values: Mapping[str, str | int] = dataclasses.field(default_factory=dict)
    level: Level | None = None
    """The level asked (None: the kind's); set by :func:`require` for the section's mode."""

    @property
    def kind(self) -> Kind:
        return KINDS[self.code]

    @property
    def effective_level(self) -> Level:
        return self.level or self.kind.level

    def text(self) -> str:
        return str(self.kind.text) % dict(self.values)

    def consequences(self) -> list[str]:
        return [str(line) % dict(self.values) for line in self.kind.consequences]

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": "rule",
            "code": self.code,
            "level": int(self.effective_level),
            "values": dict(self.values),
        }


def text_of(stored: Mapping[str, Any]) -> str:
    """A warning as an audit line stores it, in the reader's language, with its level."""
    try:
        warning = RuleWarning(
            str(stored["code"]), dict(stored.get("values", {})), Level(int(stored["level"]))
        )
        text = warning.text()
    except (KeyError, ValueError, TypeError):
        return json.dumps(dict(stored), ensure_ascii=False)
    return _("Level %(level)d: %(text)s") % {"level": warning.effective_level, "text": text}


class NeedsConfirmation(ServiceError):
    """The action waits for the arbiter: ``warnings`` at ``step`` (1, or 2 for the second
    page of a level-4 action); ``token`` is what the confirming POST must carry."""

    def __init__(self, warnings: list[RuleWarning], step: int, token: str) -> None:
        self.warnings = warnings
        self.step = step
        self.token = token
        self.level = max(warning.effective_level for warning in warnings)
        super().__init__(" ".join(warning.text() for warning in warnings))

    @property
    def last_step(self) -> bool:
        return self.step >= steps_for(self.level)


class Refused(ServiceError):
    """A level-5 warning in FIDE mode: the action is not taken."""

    def __init__(self, warnings: list[RuleWarning]) -> None:
        self.warnings = warnings
        super().__init__(
            " ".join(warning.text() for warning in warnings)
            + " "
            + _("Refused in FIDE mode: only possible after leaving FIDE mode.")
        )


def steps_for(level: Level) -> int:
    """How many confirming POSTs a level takes."""
    return 2 if level >= Level.TWO_STEPS else 1


_SALT = "crosstable.rule_warnings"
TOKEN_MAX_AGE = 2 * 60 * 60
"""Seconds a confirmation page stays valid."""


def _digest(action: str, warnings: Sequence[RuleWarning]) -> str:
    data = json.dumps(
        [action, [warning.as_json() for warning in warnings]], sort_keys=True, ensure_ascii=False
    )
    return hashlib.sha256(data.encode()).hexdigest()


def token_for(actor: Actor, action: str, warnings: Sequence[RuleWarning], step: int) -> str:
    """The signed token of ``step`` of the confirmation of ``warnings`` by ``actor``."""
    return signing.dumps(
        {"u": actor_name(actor), "d": _digest(action, warnings), "s": step}, salt=_SALT
    )


def step_confirmed(
    token: str | None, actor: Actor, action: str, warnings: Sequence[RuleWarning]
) -> int:
    """The steps ``token`` proves ``actor`` went through for these warnings (0: none)."""
    if not token:
        return 0
    try:
        data = signing.loads(token, salt=_SALT, max_age=TOKEN_MAX_AGE)
    except signing.BadSignature:
        return 0
    if (
        not isinstance(data, dict)
        or data.get("u") != actor_name(actor)
        or data.get("d") != _digest(action, warnings)
    ):
        return 0
    step = data.get("s")
    return step if isinstance(step, int) else 0


def in_fide_mode(section: models.Section) -> bool:
    return bool(section.fide_mode)


def require(
    section: models.Section,
    actor: Actor,
    action: str,
    warnings: Sequence[RuleWarning],
    token: str | None,
) -> list[RuleWarning]:
    """Let the action go ahead only as the warnings' levels allow: level 5 refused in FIDE
        mode (asked as level 4 outside it); otherwise ``token`` must prove the arbiter confirmed
        these very warnings, twice for level 4 (which only the chief arbiter or an organiser may
    give: ``permissions.require_chief``). Returns the warnings as confirmed (for the audit
        line); raises :class:`Refused` or :class:`NeedsConfirmation`. ``action`` names the action
        and its object (e.g. ``"result:12:3:4:0"``): a confirmation is for that action only."""
    if not warnings:
        return []
    fide = in_fide_mode(section)
    effective = [
        dataclasses.replace(
            warning,
            level=warning.kind.level
            if fide or warning.kind.level < Level.REFUSED
            else Level.TWO_STEPS,
        )
        for warning in warnings
    ]
    refused = [warning for warning in effective if warning.effective_level >= Level.REFUSED]
    if refused:
        raise Refused(refused)
    level = max(warning.effective_level for warning in effective)
    if level >= Level.TWO_STEPS:
        # a level-4 confirmation names consequences someone must answer for: the chief
        # arbiter (or an organiser), not a deputy; refused before the first page asks
        require_chief(actor, section.event)
    done = step_confirmed(token, actor, action, effective)
    if done >= steps_for(level):
        return effective
    step = done + 1
    raise NeedsConfirmation(effective, step, token_for(actor, action, effective, step))


# --- the pages ----------------------------------------------------------------------------

TOKEN_FIELD = "rule_warnings_token"
"""The form field that carries the confirmation token back."""

_T = TypeVar("_T")


@dataclasses.dataclass(slots=True)
class Outcome(Generic[_T]):
    """What :func:`attempt` gives a view: the action's value, or the confirmation page to
    return instead, or neither (refused: the reason is in the page's messages)."""

    value: _T | None = None
    page: HttpResponse | None = None

    @property
    def done(self) -> bool:
        return self.page is None and self.value is not None


def attempt(
    request: HttpRequest,
    action: Callable[[str | None], _T],
    *,
    section: models.Section,
    cancel: str,
    title: str = "",
    fragment: bool = False,
) -> Outcome[_T]:
    """Run a service that may warn, with the token the request carries: its value; or, when
    it waits for a confirmation, the page that asks (it posts the same form again, with the
    token, to the same address; ``fragment``: only the warnings and their form, for a page
    that shows them in place); or, when it is refused, nothing and an error message."""
    from django.contrib import messages
    from django.core.exceptions import PermissionDenied

    from crosstable_web.events.rounds import acting

    try:
        return Outcome(value=action(request.POST.get(TOKEN_FIELD) or None))
    except NeedsConfirmation as pending:
        return Outcome(page=confirmation_page(request, pending, section, cancel, title, fragment))
    except ServiceError as error:
        messages.error(request, str(error))
        return Outcome()
    except PermissionDenied as error:
        acting.refused(request, error)
        return Outcome()


def confirmation_page(
    request: HttpRequest,
    pending: NeedsConfirmation,
    section: models.Section,
    cancel: str,
    title: str = "",
    fragment: bool = False,
) -> HttpResponse:
    fields = [
        (name, value)
        for name, values in request.POST.lists()
        if name not in ("csrfmiddlewaretoken", TOKEN_FIELD)
        for value in values
    ]
    return render(
        request,
        "events/_rule_warnings.html" if fragment else "events/rule_warnings.html",
        {
            "event": section.event,
            "section": section,
            "title": title or _("Warning"),
            "pending": pending,
            "fields": fields,
            "action": request.path,
            "cancel": cancel,
            "token_field": TOKEN_FIELD,
        },
    )
