"""FIDE mode: a section run as FIDE's rules for rated events demand (C.02.03 §7, VCL4THP).

A section is in FIDE mode from its creation when its regulations say it is FIDE-rated
(``fide_rated = true``) or when it is made from a TRF file; every page of it says so
(``events/_fide_mode.html``). In FIDE mode an action that breaks a rule warns at the level
the rules give and a level-5 one is refused (``events.rule_warnings``). Leaving FIDE mode is a
level-4 action (two confirmations naming the consequences), is recorded in the audit log and
as a ``###`` line of the section's TRF file, and is final: nothing turns it on again.

The ``###`` lines of a section's file (TRF-2026 comments) are :class:`models.ReportNote`
rows written here (:func:`add_note`) and by the actions that need one (a manual pairing that
is not the engine's, a tie-break list changed after the start, a full-point bye, a
correction for the rating report only); :func:`trf_comments` gives them in file order.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from crosstable_web.events import models
from crosstable_web.events.oversight import audit
from crosstable_web.events.oversight.audit import Actor
from crosstable_web.events.oversight.permissions import require_chief_arbiter
from crosstable_web.events.rounds import rule_warnings
from crosstable_web.events.services import ServiceError


def paired_rounds(section: models.Section) -> int:
    return int(section.rounds.aggregate(Max("number"))["number__max"] or 0)


def add_note(
    section: models.Section,
    round_number: int,
    kind: str,
    text: str,
    data: dict[str, object] | None = None,
) -> models.ReportNote:
    """A ``###`` line for the section's TRF file (``text`` in English, the file's language)."""
    return models.ReportNote.objects.create(
        section=section, round_number=round_number, kind=kind, text=text, data=data or {}
    )


def trf_comments(section: models.Section) -> list[str]:
    """The section's ``###`` lines: the seed of its drawing of lots, whether it is run in
    FIDE mode, then each note in the order made."""
    event = section.event
    lines = [f"### Lots seed: {event.lots_seed}/{section.key}"]
    if section.fide_mode:
        lines.append("### FIDE mode: on")
    for note in section.report_notes.all():
        lines.append(f"### {note.text}")
    return lines


@transaction.atomic
def leave(section: models.Section, actor: Actor, token: str | None = None) -> int:
    """Leave FIDE mode (the chief arbiter): a level-4 warning naming the consequences, then the
    audit line and the ``###`` note; returns the rounds paired then. A section not in FIDE
    mode has nothing to leave."""
    section = models.Section.objects.select_for_update().select_related("event").get(pk=section.pk)
    require_chief_arbiter(actor, section.event)
    if not section.fide_mode:
        if section.fide_mode_left_after is not None:
            raise ServiceError(
                _("%(section)s left FIDE mode after round %(round)d; it cannot be entered again.")
                % {"section": section.name, "round": section.fide_mode_left_after}
            )
        raise ServiceError(_("%(section)s is not in FIDE mode.") % {"section": section.name})
    rounds = paired_rounds(section)
    warning = rule_warnings.RuleWarning(
        "fide_mode.leave", {"section": section.name, "round": rounds}
    )
    confirmed = rule_warnings.require(
        section, actor, f"fide_mode.leave:{section.pk}", [warning], token
    )
    section.fide_mode = False
    section.fide_mode_left_after = rounds
    section.save(update_fields=["fide_mode", "fide_mode_left_after"])
    moment = timezone.now().strftime("%Y-%m-%d %H:%M UTC")
    add_note(
        section,
        rounds,
        "fide_mode",
        f"FIDE mode left @ Round {rounds}: by {audit.actor_name(actor)}, {moment}",
    )
    audit.record(
        section.event,
        actor,
        "section.fide_mode_left",
        section.name,
        True,
        False,
        [warning.as_json() for warning in confirmed],
        params={"section": section.key},
    )
    return rounds


@transaction.atomic
def enter(section: models.Section, actor: Actor) -> None:
    """Put a section in FIDE mode (the chief arbiter), before round 1 is paired and only if it never
    left it."""
    section = models.Section.objects.select_for_update().select_related("event").get(pk=section.pk)
    require_chief_arbiter(actor, section.event)
    if section.fide_mode:
        return
    if section.fide_mode_left_after is not None:
        raise ServiceError(
            _("%(section)s left FIDE mode after round %(round)d; it cannot be entered again.")
            % {"section": section.name, "round": section.fide_mode_left_after}
        )
    if section.is_team_section:
        raise ServiceError(_("FIDE mode is for individual sections."))
    if section.rounds.exists():
        raise ServiceError(_("FIDE mode is chosen before round 1 is paired."))
    section.fide_mode = True
    section.save(update_fields=["fide_mode"])
    audit.record(
        section.event,
        actor,
        "section.fide_mode_entered",
        section.name,
        False,
        True,
        params={"section": section.key},
    )
