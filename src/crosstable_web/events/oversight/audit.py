"""The audit log: every change to an event, who made it, when, old value → new value;
the chain of digests that makes an edited or deleted line show (:func:`digest`,
:func:`verify`); and how the audit log page reads a line in the reader's language: the action
in words (:func:`action_name`), what it is about as words ("A组（男子）, round 3, board 9: 马鹏 –
吴萍兰", :func:`subject`, from the line's ``params``), and what changed, field by field, with
each value as the reader writes it (:func:`changes`: dates in the page's calendar, amounts
grouped, sex and unit kinds in words)."""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any, Protocol

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import models as db_models
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from crosstable.model import ResultCode
from crosstable_web.common import localisation
from crosstable_web.common.notation import Notation
from crosstable_web.events import models, parts
from crosstable_web.events.oversight import anchors

Actor = AbstractBaseUser | AnonymousUser | str | None
"""Who acts: an account (signed in on the web, or named by a command's ``--as``), or a name
for code of the server itself acting without one (tests, scripts), or None (system)."""


class Linkable(Protocol):
    """A row an audit line can be about (an entry, a team): it makes the link that puts the
    line in its history (``Entry.audit_link``, ``Team.audit_link``)."""

    pk: Any

    def audit_link(self, line: models.AuditLog) -> db_models.Model: ...


def actor_name(actor: Actor) -> str:
    if actor is None:
        return "system"
    if isinstance(actor, str):
        return actor
    return actor.get_username() or "anonymous"


def record(
    event: models.Event | None,
    actor: Actor,
    action: str,
    target: str = "",
    old: Any = None,
    new: Any = None,
    warnings: Sequence[str | Mapping[str, Any]] | None = None,
    params: Mapping[str, Any] | None = None,
    about: Iterable[Linkable | None] = (),
) -> models.AuditLog:
    """Append one line to the audit log (inside the caller's transaction). ``warnings``:
    sentences, or data a page renders in its reader's language (pairing warnings,
    ``rounds.warning_text``). ``params``: what the line is about as data (``section`` key,
    ``round``, ``table``, ``board``, ``team``, ``player``, ``white``/``black`` names), which
    :func:`subject` writes in the reader's words; ``target`` says it in English. ``about``:
    the entries and teams the line is about, linked to it for their history pages (a row
    already deleted, or None, is left out). The line's
    digest follows the event's last line: the event row is locked until the caller's
    transaction ends, so two lines never follow the same one."""
    # The log's foreign key points at the configured user model, which every logged-in actor is.
    user = actor if isinstance(actor, get_user_model()) else None
    line = models.AuditLog(
        event=event,
        user=user,
        username=actor_name(actor),
        at=timezone.now(),
        action=action,
        target=target[:300],
        # stored as JSON gives it back: the digest is of what is read again
        old=_as_stored(old),
        new=_as_stored(new),
        warnings=_as_stored(list(warnings or [])),
        params=_as_stored(dict(params or {})),
    )
    with transaction.atomic():
        if event is not None:
            list(models.Event.objects.select_for_update().filter(pk=event.pk).values("pk"))
        last = (
            models.AuditLog.objects.filter(event=event)
            .order_by("-pk")
            .values_list("digest", flat=True)
            .first()
        )
        line.digest = digest(last or "", line)
        line.save()
        if event is not None:
            # the second store of the chain's head (docs/audit.md), once the line is committed
            place = models.AuditLog.objects.filter(event=event).count()
            event_id, slug, head = event.pk, event.slug, line.digest
            transaction.on_commit(lambda: anchors.append(event_id, slug, place, head))
        linked: set[tuple[type, Any]] = set()
        for row in about:
            if row is not None and row.pk is not None and (type(row), row.pk) not in linked:
                linked.add((type(row), row.pk))
                row.audit_link(line).save()
    return line


def _as_stored(value: Any) -> Any:
    return json.loads(json.dumps(value))


# --- the chain ------------------------------------------------------------------------------
# Each line of an event stores sha256(previous line's digest + the line's content): editing a
# line breaks its own digest, deleting one breaks the next line's. The digest covers what an
# export carries (not database ids nor the event's slug), so an imported event's log verifies.
# Changing what is hashed would break every stored chain: migration events.0007 holds a frozen copy.
# The links of a line to the entries and teams it is about (``EntryAuditLink``, ``TeamAuditLink``)
# are not hashed: they are an index over the lines, renumbered by a backup's import, removed
# with a deleted entry, and added afterwards to lines written before links were kept
# (migration events.0012); what the line says of its subject (``params``, ``target``) is hashed.


def content(line: models.AuditLog) -> str:
    """The part of a line its digest covers, as one canonical text."""
    at = line.at.astimezone(datetime.UTC).isoformat(timespec="microseconds")
    covered = [at, line.username, line.action, line.target, line.old, line.new, line.warnings]
    if line.params:  # lines written before params were kept hash as they did
        covered.append(line.params)
    return json.dumps(
        covered,
        ensure_ascii=False,
        sort_keys=True,
        separators=(",", ":"),
    )


def digest(previous: str, line: models.AuditLog) -> str:
    return hashlib.sha256(f"{previous}\n{content(line)}".encode()).hexdigest()


@dataclasses.dataclass(frozen=True, slots=True)
class ChainReport:
    """What :func:`verify` found in one event's log."""

    lines: int
    head: str
    """The last line's digest as stored: written down (on the signed report), it shows later whether
    lines were added or removed at the end, which the chain alone cannot."""
    broken_at: int | None
    """The place (1 = first line) of the first line whose digest does not follow."""
    line: models.AuditLog | None = None

    @property
    def intact(self) -> bool:
        return self.broken_at is None


def head(event: models.Event) -> tuple[int, str]:
    """How many lines the event's log holds and the last one's digest (printed on the signed
    prize list: an anchor of the chain on paper, docs/audit.md)."""
    lines = models.AuditLog.objects.filter(event=event)
    return lines.count(), lines.order_by("-pk").values_list("digest", flat=True).first() or ""


def check_anchor(event: models.Event, anchor: anchors.Anchor) -> str | None:
    """What is wrong with ``event``'s log against a head written down elsewhere (None: the
    log still holds, at the anchored place, the anchored digest)."""
    lines = models.AuditLog.objects.filter(event=event).order_by("pk")
    total = lines.count()
    if total < anchor.lines:
        return (
            f"the log ends at line {total}, but {anchor.source} says it held {anchor.lines} "
            f"lines: lines were removed at the end"
        )
    at_place = lines.values_list("digest", flat=True)[anchor.lines - 1] if anchor.lines else ""
    if not at_place.startswith(anchor.head):
        return (
            f"line {anchor.lines}'s digest is {at_place[:16]}…, but {anchor.source} says "
            f"{anchor.head[:16]}…: the log was rewritten up to that line"
        )
    return None


def verify(event: models.Event | None) -> ChainReport:
    """Check the chain of ``event``'s log (of the lines of no event when None), oldest first."""
    lines = models.AuditLog.objects.filter(event=event).order_by("pk")
    total = lines.count()
    head = lines.values_list("digest", flat=True).last() or ""
    previous = ""
    for place, line in enumerate(lines.iterator(), start=1):
        if line.digest != digest(previous, line):
            return ChainReport(total, head, place, line)
        previous = line.digest
    return ChainReport(total, head, None)


# --- reading the log ------------------------------------------------------------------------
# The log stores action codes ("entry.house_add") and old/new values as JSON; the audit log
# page shows an action name in the reader's language and what changed, field by field, and
# keeps the raw JSON one click away.

_ACTION_NAMES: dict[str, Promise] = {
    "event.create": gettext_lazy("Event created"),
    "event.import": gettext_lazy("Event imported"),
    "event.registration": gettext_lazy("Registration opened or closed"),
    "role.grant": gettext_lazy("Role given"),
    "role.revoke": gettext_lazy("Role taken away"),
    "event.settings": gettext_lazy("Event settings changed"),
    "round.start": gettext_lazy("Round start changed"),
    "entry.add": gettext_lazy("Player entered"),
    "entry.late": gettext_lazy("Late entry"),
    "entry.import": gettext_lazy("Entries imported"),
    "entry.update": gettext_lazy("Entry changed"),
    "entry.delete": gettext_lazy("Entry deleted"),
    "entry.fee_paid": gettext_lazy("Fee paid"),
    "entry.fee": gettext_lazy("Fee computed"),
    "entry.house_add": gettext_lazy("House player added"),
    "entry.house_remove": gettext_lazy("House player removed"),
    "entry.bye": gettext_lazy("Bye requested"),
    "entry.checkin": gettext_lazy("Check-in"),
    "entry.withdraw": gettext_lazy("Withdrawal"),
    "entry.withdraw_auto": gettext_lazy("Withdrawn after forfeits"),
    "entry.reinstate_auto": gettext_lazy("Reinstated (forfeit withdrawal undone)"),
    "player.ineligible": gettext_lazy("Player found ineligible"),
    "player.ineligible.undo": gettext_lazy("Ineligibility withdrawn"),
    "role.invite": gettext_lazy("Invitation sent"),
    "section.split": gettext_lazy("Section split into playing groups"),
    "section.pairing_numbers": gettext_lazy("Pairing numbers given"),
    "round.pair": gettext_lazy("Round paired"),
    "round.unpair": gettext_lazy("Pairing deleted"),
    "round.manual_change": gettext_lazy("Pairing changed by hand"),
    "round.manual_start": gettext_lazy("Manual changes of the pairing started"),
    "round.manual_end": gettext_lazy("Manual changes of the pairing ended"),
    "section.fide_mode_left": gettext_lazy("FIDE mode left"),
    "section.fide_mode_entered": gettext_lazy("FIDE mode entered"),
    "section.prohibited": gettext_lazy("Prohibited pairing set"),
    "section.prohibited_removed": gettext_lazy("Prohibited pairing removed"),
    "entry.expel": gettext_lazy("Player expelled"),
    "entry.rating": gettext_lazy("Later rating recorded"),
    "result.rating_correction": gettext_lazy("Result corrected for the rating report"),
    "event.import_trf": gettext_lazy("Event created from a TRF file"),
    "round.swap_colours": gettext_lazy("Colours swapped"),
    "result.enter": gettext_lazy("Result entered"),
    "result.correct": gettext_lazy("Result corrected"),
    "result.undo": gettext_lazy("Result undone"),
    "result.fouls": gettext_lazy("Fouls recorded"),
    "board.result": gettext_lazy("Board result"),
    "team.create": gettext_lazy("Team created"),
    "team.edit": gettext_lazy("Team changed"),
    "team.delete": gettext_lazy("Team deleted"),
    "team.captain": gettext_lazy("Captain named"),
    "team.fee": gettext_lazy("Team fee computed"),
    "team.payment": gettext_lazy("Team payment"),
    "team.payment.cancel": gettext_lazy("Team payment cancelled"),
    "team_round.pair": gettext_lazy("Team round paired"),
    "team.numbers": gettext_lazy("Team numbers given"),
    "lineup.submit": gettext_lazy("Line-up handed in"),
    "registration.submit": gettext_lazy("Registration sent"),
    "registration.payment": gettext_lazy("Registration fee paid"),
    "registration.approve": gettext_lazy("Registration approved"),
    "registration.reject": gettext_lazy("Registration rejected"),
    "registration.change": gettext_lazy("Registration changed"),
    "registration.change_request": gettext_lazy("Registration change asked"),
    "registration.change_approve": gettext_lazy("Registration change approved"),
    "registration.change_reject": gettext_lazy("Registration change rejected"),
    "registration.purge_documents": gettext_lazy("Registration documents purged"),
}

_FIELD_NAMES: dict[str, Promise] = {
    "name": gettext_lazy("Name"),
    "sex": gettext_lazy("Sex"),
    "birth_date": gettext_lazy("Birth date"),
    "rating": gettext_lazy("Rating"),
    "title": gettext_lazy("Title"),
    "federation": gettext_lazy("Federation"),
    "national_grade": gettext_lazy("Grade"),
    "unit": gettext_lazy("Unit"),
    "native_unit": gettext_lazy("Native of"),
    "member_id": gettext_lazy("Membership id"),
    "boards": gettext_lazy("Boards"),
    "bye": gettext_lazy("Bye"),
    "fide_id": gettext_lazy("FIDE id"),
    "unit_kind": gettext_lazy("Unit kind"),
    "fee_due": gettext_lazy("Fee due"),
    "fee_paid": gettext_lazy("Fee paid"),
    "paid": gettext_lazy("Paid"),
    "amount": gettext_lazy("Amount"),
    "paid_on": gettext_lazy("Date paid"),
    "payments": gettext_lazy("Payments"),
    "reason": gettext_lazy("Reason"),
    "cancelled": gettext_lazy("Cancelled"),
    "admission": gettext_lazy("Admission"),
    "roster": gettext_lazy("Roster"),
    "discounts": gettext_lazy("Discounts"),
    "attributes": gettext_lazy("Team prize and fee conditions"),
    "member_attributes": gettext_lazy("Players' fee conditions"),
    "entries": gettext_lazy("Entries"),
    "matches": gettext_lazy("Matches"),
    "rescored": gettext_lazy("Re-scored matches"),
    "count": gettext_lazy("Count"),
    "captain": gettext_lazy("Captain"),
    "section": gettext_lazy("Section"),
    "team": gettext_lazy("Team"),
    "round": pgettext_lazy("chess", "Round"),
    "from_round": gettext_lazy("From round"),
    "restored": gettext_lazy("Matches given back"),
    "lineups_kept": gettext_lazy("Line-ups kept as played"),
    "status": gettext_lazy("Status"),
    "byes_asked": gettext_lazy("Zero-point byes asked for rounds"),
    "byes_taken_back": gettext_lazy("Zero-point byes taken back for rounds"),
    "time_zone": gettext_lazy("Time zone"),
    "calendar": gettext_lazy("Calendar"),
    "game": gettext_lazy("Game"),
    "start_date": gettext_lazy("First day"),
    "end_date": gettext_lazy("Last day"),
    "venue": gettext_lazy("Venue"),
    "sections": gettext_lazy("Sections"),
    "confirmed_played_rounds": gettext_lazy("Rounds already played, changed on confirmation"),
    "numbers": gettext_lazy("Team numbers"),
    "average_ratings": gettext_lazy("Average ratings"),
    "total_rounds": pgettext_lazy("chess", "Rounds"),
    "system_code": gettext_lazy("Pairing system"),
    "tiebreaks": gettext_lazy("Tie-breaks"),
    "kind": gettext_lazy("Registered by"),
    "players": gettext_lazy("Players"),
}
_HIDDEN_FIELDS = frozenset({"slug", "key", "by"})
"""Stored for the record, not words for a reader: the event's address code, a discount's key
(its name is shown), who made a payment (the line's own "Who" says it)."""
SPELLING_CORRECTION = "spelling_correction"
"""The ``kind`` of the warning of an ``entry.update`` that corrects a name's spelling (the
same player, not a replacement)."""
FIRST_COMPUTED = "first_computed"
"""The ``reason`` of a ``team.fee`` line computed for a team saved before fees were."""
_CODED_VALUES: dict[str, dict[str, Promise]] = {
    "reason": {
        FIRST_COMPUTED: gettext_lazy("first computed (the team was saved before fees were)")
    },
    "admission": {"admitted": gettext_lazy("admitted"), "waiting": gettext_lazy("waiting")},
    "status": {
        "present": gettext_lazy("present"),
        "absent": gettext_lazy("absent"),
        "unchecked": gettext_lazy("not checked in"),
    },
    "calendar": {
        "gregorian": gettext_lazy("Gregorian"),
        "jalali": gettext_lazy("Jalali (Persian)"),
    },
    "game": {"chess": gettext_lazy("Chess"), "xiangqi": gettext_lazy("Xiangqi")},
    "kind": {  # who registers (registrations.models.Kind)
        "player": gettext_lazy("a player"),
        "unit": gettext_lazy("a unit"),
        "team": gettext_lazy("a team"),
    },
}
"""Values stored as codes, by field: shown in words (any other value as it is)."""
_MONEY_FIELDS = frozenset({"fee_due", "fee_paid", "paid", "amount", "due", "balance"})
_DATE_FIELDS = frozenset({"birth_date", "paid_on", "date", "start_date", "end_date"})


def action_name(code: str) -> str:
    """The action in the reader's language; an action this page has no words for is shown
    as its code."""
    name = _ACTION_NAMES.get(code)
    return str(name) if name is not None else code


def subject(line: models.AuditLog, section_names: Mapping[str, str] | None = None) -> str:
    """What ``line`` is about, in the reader's words, from its ``params``: the section by
    its name (``section_names``: key → name), then round, table and board, then who
    ("A组（男子）, round 3, board 9: 马鹏 – 吴萍兰"). A line without params (written before
    they were kept) shows its stored ``target``."""
    params = line.params or {}
    if not params:
        return line.target
    names = section_names or {}
    pieces: list[str] = []
    if params.get("section"):
        pieces.append(names.get(str(params["section"]), str(params["section"])))
    if params.get("round") is not None:
        pieces.append(_("round %(round)s") % {"round": params["round"]})
    if params.get("table") is not None:
        pieces.append(_("table %(table)s") % {"table": params["table"]})
    if params.get("board") is not None:
        pieces.append(_("board %(board)s") % {"board": params["board"]})
    who = ""
    if params.get("white") or params.get("black"):
        who = f"{params.get('white', '')} – {params.get('black', '')}"
    elif params.get("first") or params.get("second"):
        who = f"{params.get('first', '')} ↔ {params.get('second', '')}"
    elif params.get("player") and params.get("team"):
        who = f"{params['team']}: {params['player']}"
    elif params.get("player") or params.get("team"):
        who = str(params.get("player") or params.get("team"))
    elif params.get("name"):
        who = str(params["name"])
    text = ", ".join(pieces)
    if who:
        text = f"{text}: {who}" if text else who
    return text


def history(
    lines: QuerySet[models.AuditLog], section_names: Mapping[str, str]
) -> list[tuple[models.AuditLog, str]]:
    """An entry's or a team's history (``lines``: those linked to it), newest first, the 50
    latest, each with what it is about in the reader's words (:func:`subject`)."""
    return [(line, subject(line, section_names)) for line in lines.order_by("-at", "-pk")[:50]]


@dataclasses.dataclass(frozen=True, slots=True)
class Change:
    """One field of an audit line: ``field`` ("" for a value that is not a record), its
    value before and after, as text ("" when there was none)."""

    field: str
    old: str
    new: str


def _text(value: Any, key: str = "") -> str:
    """A stored value as a person reads it: lists joined, pairs as "1–2", yes/no; a
    field's value in the reader's words (dates in the page's calendar, amounts grouped,
    sex and unit kinds in words)."""
    from crosstable_web.events.words import wording

    if value is None or value == "":
        return ""
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if isinstance(value, list | tuple):
        if value and all(isinstance(item, list | tuple) for item in value):
            return ", ".join("–".join(_text(part) or "–" for part in item) for item in value)
        return ", ".join(_text(item, key) for item in value)
    if isinstance(value, Mapping):
        words = parts.declared.record_words.get(key)
        if words is not None:  # a record of another app (teams: a match re-scored)
            return words(value)
        if "name" in value and "amount" in value:  # a fee discount: its name and amount
            return f"{value['name']}: −{_text(value['amount'], 'amount')}"
        if key == "average_ratings":  # team name → exact average (``6869/4``): 1,717.25
            return "; ".join(f"{team}: {_average(rating)}" for team, rating in value.items())
        return "; ".join(
            f"{_field(item_key)}: {_text(item, str(item_key))}"
            for item_key, item in value.items()
            if str(item_key) not in _HIDDEN_FIELDS
        )
    coded = _CODED_VALUES.get(key, {}).get(str(value))
    if coded is not None:
        return str(coded)
    if key in _MONEY_FIELDS:
        try:
            return wording.value_text(Decimal(str(value)))
        except (InvalidOperation, ValueError):
            return str(value)
    if key in _DATE_FIELDS:
        return localisation.date_text(str(value))
    if key == "sex":
        return localisation.sex_word(str(value))
    if key == "unit_kind":
        return localisation.unit_kind_word(str(value))
    if key == "time_zone":
        return localisation.zone_label(str(value))
    if key == "system_code":
        from crosstable_web.events.words.pairing_names import system_name

        return system_name(str(value))
    return str(value)


def _average(value: Any) -> str:
    """An exact average rating stored as a fraction (``6869/4``) as a reader writes it."""
    from crosstable_web.events.words import wording

    try:
        exact = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        return str(value)
    return wording.value_text(Decimal(exact.numerator) / Decimal(exact.denominator))


def _field(key: Any) -> str:
    name = _FIELD_NAMES.get(str(key))
    if name is None:
        # Another app's field names (teams: introduction letter, local players …).
        name = parts.field_name(str(key))
    return str(name) if name is not None else str(key)


def changes(old: Any, new: Any, action: str = "", notation: Notation | None = None) -> list[Change]:
    """What an audit line changed: for two records (entry data, …) the fields that differ;
    for a record added or removed its fields that have a value; else one unnamed change
    (a bye's code, a role, a result), in words where ``action`` says what it is (a result
    as the line's section writes one: ``notation``, chess by default)."""
    if isinstance(old, Mapping) or isinstance(new, Mapping):
        before = old if isinstance(old, Mapping) else {}
        after = new if isinstance(new, Mapping) else {}
        found = []
        for key in [*before, *(key for key in after if key not in before)]:
            if str(key) in _HIDDEN_FIELDS:
                continue
            old_text = _text(before.get(key), str(key))
            new_text = _text(after.get(key), str(key))
            if old_text != new_text:
                found.append(Change(_field(key), old_text, new_text))
        # A plain value beside a record (rare) is shown unnamed.
        if old is not None and not isinstance(old, Mapping):
            found.insert(0, Change("", _text(old), ""))
        if new is not None and not isinstance(new, Mapping):
            found.append(Change("", "", _text(new)))
        return found
    old_text, new_text = _plain(old, action, notation), _plain(new, action, notation)
    if not old_text and not new_text:
        return []
    return [Change("", old_text, new_text)]


_RESULT_CODES = frozenset({"board.result"})
"""Actions that store a board's result as its two TRF codes (``**``, ``10``, ``=-``…)."""
_RESULT_LABELS = frozenset(
    {"result.enter", "result.correct", "result.undo", "result.rating_correction"}
)
"""Actions that store a result as the round page wrote it (``1-0``, ``2-0``; ``*`` pending)."""


def _plain(value: Any, action: str, notation: Notation | None = None) -> str:
    """A value that is not a record, in words where the action says what it is: a result as
    the section's pages write it, in the reader's digits (issue 26.11: ``** → ۱۰``)."""
    from crosstable_web.events.words import wording

    if isinstance(value, str) and action in _RESULT_CODES and len(value) == 2:
        return localisation.digits((notation or Notation()).result(value[0], value[1]))
    if isinstance(value, str) and action in _RESULT_LABELS:
        return localisation.digits("" if value == ResultCode.PENDING.value else value)

    if isinstance(value, str) and action == "entry.bye":
        return localisation.bye_word(value)
    if isinstance(value, str) and action in ("role.grant", "role.revoke"):
        return wording.role_word(value)
    if action in ("entry.fee_paid", "team.payment"):
        return _text(value, "amount")
    return _text(value)


def raw_json(value: Any) -> str:
    """The stored value as JSON (the page's details toggle), or "" when there is none."""
    if value is None:
        return ""
    return json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True, default=str)
