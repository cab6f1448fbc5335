"""The event database: events, sections, entries, rounds, games, byes, roles and audit log.

Rows only; turning them into ``crosstable.model.Tournament`` is
:mod:`crosstable_web.events.bridge`'s job and every change goes through
:mod:`crosstable_web.events.services`.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from crosstable.pairing import registry
from crosstable.pairing.registry import is_team_system


class Game(models.TextChoices):
    CHESS = "chess", _("Chess")
    XIANGQI = "xiangqi", _("Xiangqi")


class Calendar(models.TextChoices):
    """The calendar an event's dates are written and shown in (stored dates are Gregorian)."""

    GREGORIAN = "gregorian", _("Gregorian")
    JALALI = "jalali", _("Jalali (Persian)")


class Event(models.Model):
    """One event, created from a regulations file (kept verbatim in ``regulations_text``).

    Name, dates, venue, time zone and calendar are copies of the regulations' ``[event]``
    values (the regulations text is the truth; ``events.settings`` keeps them in step), kept
    as columns so that lists and deadlines need not read the regulations."""

    slug = models.SlugField(_("short name"), unique=True, max_length=80)
    name = models.CharField(_("name"), max_length=300)
    game = models.CharField(_("game"), max_length=10, choices=Game.choices, default=Game.CHESS)
    regulations_text = models.TextField(_("regulations"), blank=True)
    time_zone = models.CharField(_("time zone"), max_length=64, default="UTC")
    """IANA name (``Asia/Tehran``): the schedule's and deadlines' wall-clock times are there."""
    calendar = models.CharField(
        _("calendar"), max_length=10, choices=Calendar.choices, default=Calendar.GREGORIAN
    )
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    venue = models.CharField(_("venue"), max_length=300, blank=True, default="")
    registration_open = models.BooleanField(_("registration open"), default=True)
    lots_seed = models.CharField(_("seed of the drawing of lots"), max_length=64, default="")
    """Set when the event is made (its first short name, unless given) and never changed:
    every drawing of lots of the event (round 1's colour, remaining ties in the standings)
    is made from it, so a lot drawn again gives the same result; exported with the event
    (TRF ``###`` line, backup)."""
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class PreviousSlug(models.Model):
    """A short name the event had before the organiser changed it: its old links (printed QR
    codes, shared addresses under ``/e/``, ``/p/``, ``/print/``, ``/r/``) are answered with a
    permanent redirect to the same page under the current name (``events.slugs``), and no other
    event may take it."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="previous_slugs")
    slug = models.SlugField(unique=True, max_length=80)
    until = models.DateTimeField(default=timezone.now)
    """When the event stopped being called so."""

    class Meta:
        ordering = ["until"]

    def __str__(self) -> str:
        return self.slug


class Role(models.TextChoices):
    ORGANISER = "organiser", _("Organiser")
    CHIEF_ARBITER = "chief_arbiter", _("Chief arbiter")
    ARBITER = "arbiter", _("Deputy arbiter")
    """An arbiter who assists the chief (FIDE's "deputy chief arbiter", TRF record 112); while
    no chief is appointed, the arbiters act as the chief (``permissions.require_chief``)."""


class EventRole(models.Model):
    """A user's right to act on one event: organisers manage entries and fees, arbiters
    run rounds and results, the chief arbiter (one per event) also takes the decisions
    ``permissions.require_chief`` lists and signs the printouts. Superusers may do
    everything; nobody else may change anything."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles"
    )
    role = models.CharField(max_length=20, choices=Role.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "user", "role"], name="unique_event_role"),
            # The regulations' 裁判长 / سرداور is one person for the whole event (seeds 001-003):
            # a section has no chief of its own.
            models.UniqueConstraint(
                fields=["event"],
                condition=models.Q(role="chief_arbiter"),
                name="one_chief_arbiter_per_event",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.role} of {self.event}"


class Section(models.Model):
    """A group of players paired among themselves (a tournament in the core's sense)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sections")
    key = models.CharField(_("code"), max_length=40)
    name = models.CharField(_("name"), max_length=300)
    position = models.PositiveIntegerField(default=0)
    total_rounds = models.PositiveIntegerField(pgettext_lazy("chess", "rounds"))
    system_code = models.CharField(
        _("pairing system"), max_length=60, default=registry.DEFAULT_SYSTEM
    )
    scoring = models.JSONField(default=dict, blank=True)
    """Points per result as strings of exact fractions, e.g. {"win": "1", "draw": "1/2"}."""
    tiebreaks = models.JSONField(default=list, blank=True)
    """Tie-break descriptors in order (C.07 / TRF-2026 codes)."""
    forfeits_to_withdraw = models.PositiveIntegerField(null=True, blank=True)
    """Withdrawn automatically after this many forfeit losses (None: never)."""
    entry_fee = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    max_entries = models.PositiveIntegerField(null=True, blank=True)
    settings = models.JSONField(default=dict, blank=True)
    """Further rules read from the regulations (initial colour, prohibited same-unit rounds…)."""
    fide_mode = models.BooleanField(_("FIDE mode"), default=False)
    """Run as FIDE's rules for rated events demand (``events.fide_mode``): on for a section
    the regulations declare FIDE-rated and for one made from a TRF file; once left, never
    on again."""
    fide_mode_left_after = models.PositiveIntegerField(null=True, blank=True)
    """The rounds paired when FIDE mode was left (None: never left)."""

    class Meta:
        ordering = ["event", "position", "key"]
        constraints = [models.UniqueConstraint(fields=["event", "key"], name="unique_section_key")]

    def __str__(self) -> str:
        return f"{self.event.name} — {self.name}"

    @property
    def is_team_section(self) -> bool:
        """Paired by team (a ``FIDE_TEAM*`` system): its rounds, standings and printouts are
        the teams app's, whatever pages are asked for (docs/teams.md)."""
        return is_team_system(self.system_code)


class Entry(models.Model):
    """A player entered in a section. ``pairing_number`` is set once numbers are assigned."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="entries")
    pairing_number = models.PositiveIntegerField(_("pairing number"), null=True, blank=True)
    name = models.CharField(_("name"), max_length=200)
    sex = models.CharField(_("sex"), max_length=1, blank=True)
    birth_date = models.DateField(_("birth date"), null=True, blank=True)
    rating = models.PositiveIntegerField(_("rating"), default=0)
    title = models.CharField(_("title"), max_length=4, blank=True)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    fide_id = models.CharField(_("FIDE id"), max_length=12, blank=True)
    national_grade = models.CharField(_("national grade"), max_length=20, blank=True)
    unit = models.CharField(_("unit"), max_length=200, blank=True)
    """School, club, county or team the player enters through (fees are totalled per unit)."""
    unit_kind = models.CharField(_("unit kind"), max_length=40, blank=True)
    """What kind of unit ``unit`` is (e.g. ``school``), where the regulations rank only some
    kinds of unit as teams (Futian youth: schools only, ``team_ranking.unit_kinds``)."""
    native_unit = models.CharField(_("native of"), max_length=200, blank=True)
    """Where the player is a native of (identity card), for units that may field natives only."""
    member_id = models.CharField(_("membership id"), max_length=30, blank=True)
    """Federation membership number, where the regulations require one."""
    fee_due = models.DecimalField(_("fee due"), max_digits=14, decimal_places=2, default=0)
    fee_paid = models.DecimalField(_("fee paid"), max_digits=14, decimal_places=2, default=0)
    joined_before_round = models.PositiveIntegerField(default=1)
    """A late entry joins before this round; earlier rounds count as absences."""
    withdrawn_after_round = models.PositiveIntegerField(null=True, blank=True)
    withdrawn_automatically = models.BooleanField(default=False)
    expelled = models.BooleanField(_("expelled"), default=False)
    """Expelled by the arbiter after ``withdrawn_after_round``: not paired again and not in
    the standings (their games stand for their opponents)."""
    house = models.BooleanField(_("house player"), default=False)
    """The organiser's house player (regulations ``house_player_for_odd``): paired like
    everyone, never ranked, no prize, no fee."""
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["section", "pairing_number", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "pairing_number"], name="unique_pairing_number"
            )
        ]

    def __str__(self) -> str:
        return self.name

    def audit_link(self, line: AuditLog) -> EntryAuditLink:
        """The link that puts ``line`` in this entry's history (``audit.record``'s ``about``)."""
        return EntryAuditLink(line=line, entry=self)


class Round(models.Model):
    """A paired round of a section."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    paired_at = models.DateTimeField(auto_now_add=True)
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)
    """From the regulations' schedule in the event's time zone when paired (None: the
    schedule names no time); the arbiter may change it (``event_time.set_round_start``)."""
    manual_changes = models.BooleanField(default=False)
    """The arbiter has started changing this round's pairing by hand and not ended it
    (``events.manual_pairing``)."""

    class Meta:
        ordering = ["section", "number"]
        constraints = [
            models.UniqueConstraint(fields=["section", "number"], name="unique_round_number")
        ]

    def __str__(self) -> str:
        return f"{self.section} R{self.number}"


class PairingRun(models.Model):
    """The pairing of a section's next round while (and after) its engine computes it in a
    worker process (``events.rounds.pairing_runs``): a request waits for it a second or
    two, then leaves it running; the round pages show its progress and can cancel it.
    Nothing of the section changes until it is done."""

    class State(models.TextChoices):
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"
        CANCELLED = "cancelled"

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="pairing_runs")
    round_number = models.PositiveIntegerField()
    state = models.CharField(max_length=12, choices=State.choices, default=State.RUNNING)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    worker_pid = models.PositiveIntegerField(null=True, blank=True)
    """The engine's worker process (ended by a cancel)."""
    message = models.TextField(blank=True)
    """Why it failed, as the arbiter was told (in the language of the request that started
    it)."""
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["section", "-pk"]

    def __str__(self) -> str:
        return f"{self.section} R{self.round_number} {self.state}"


class Board(models.Model):
    """One game of a round. Results are TRF result characters for each side
    (``*`` while pending), so forfeits and unrated games keep their meaning."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveIntegerField()
    white = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    black = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    white_result = models.CharField(max_length=1, default="*")
    black_result = models.CharField(max_length=1, default="*")
    white_fouls = models.PositiveIntegerField(default=0)
    black_fouls = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="unique_board_number")
        ]

    @property
    def is_pending(self) -> bool:
        return self.white_result == "*"


class Bye(models.Model):
    """A player without an opponent in a paired round: pairing-allocated (U) or requested
    (H, F, Z)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    result = models.CharField(max_length=1)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "entry"], name="unique_bye_per_round")
        ]


class RequestedBye(models.Model):
    """A bye asked for a round not yet paired (H half point, F full point, Z zero)."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="requested_byes")
    round_number = models.PositiveIntegerField()
    result = models.CharField(max_length=1, default="H")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["entry", "round_number"], name="unique_requested_bye")
        ]


class EntryRating(models.Model):
    """A further rating of a player, valid from a round on: an event longer than 30 days
    spans rating lists (``Entry.rating`` is the first). Rating tie-breaks use the first
    rating unless the regulations say each round's (C.07 2026)."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="later_ratings")
    from_round = models.PositiveIntegerField()
    rating = models.PositiveIntegerField()

    class Meta:
        ordering = ["entry", "from_round"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "from_round"], name="unique_entry_rating")
        ]


class ProhibitedPair(models.Model):
    """Two players the arbiter keeps apart (TRF record 260) in every round, set before round
    1 (in FIDE mode, later only after leaving it), or in one round (``round_number``; issue
    25), set before that round is paired."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="prohibited")
    first = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    round_number = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["section", "id"]


class ReportNote(models.Model):
    """A line of the section's TRF that says what the data alone cannot (TRF-2026 ``###``
    comments): FIDE mode left, a manual pairing that is not the engine's, a tie-break list
    changed after the start, a full-point bye, a correction for the rating report only."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="report_notes")
    round_number = models.PositiveIntegerField()
    kind = models.CharField(max_length=30)
    text = models.TextField()
    """The line after ``### `` (English: the file's language)."""
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["section", "created_at", "id"]


class AuditLog(models.Model):
    """Every change: who, when, what, old value → new value, and any warnings. Each line of
    an event carries a digest of its content and of the line before it (``audit.chain``), so
    a line edited or deleted afterwards shows."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="audit_log", null=True, blank=True
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    username = models.CharField(max_length=150, blank=True)
    at = models.DateTimeField(default=timezone.now, db_index=True)
    """Set when the line is made (not ``auto_now_add``: the digest covers the value stored)."""
    action = models.CharField(max_length=60)
    target = models.CharField(max_length=300, blank=True)
    old = models.JSONField(null=True, blank=True)
    new = models.JSONField(null=True, blank=True)
    warnings = models.JSONField(default=list, blank=True)
    digest = models.CharField(max_length=64, blank=True)
    """SHA-256 (hex) of the previous line's digest of the same event and this line's content."""
    params = models.JSONField(default=dict, blank=True)
    """What the line is about, as data (section key, round, board, table, team, player
    names): the audit page writes it in the reader's language (``audit.subject``);
    ``target`` keeps the same in English words for the command line and old lines."""

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M:%S} {self.username} {self.action} {self.target}"


class EntryAuditLink(models.Model):
    """An audit line is about this entry (a result: both players'; a prohibited pair: both):
    the entry's history on its page. A link to the row, not a match on the name, so "Ali" does
    not find "Alice"'s lines and a renamed player keeps the history. The link is not part of
    the line's digest (``audit.content``): the backup renumbers it with the entry, and deleting
    the entry deletes its links without touching the chain (the line keeps the name)."""

    line = models.ForeignKey(AuditLog, on_delete=models.CASCADE, related_name="entry_links")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="audit_links")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["line", "entry"], name="unique_entry_audit_link")
        ]


class BackupArchive(models.Model):
    """A backup archive made of an event on this server (``events.files.archive``): which
    files it carries, and the purges since that removed some of them here. The archive
    itself leaves the server; this row is what a purge can still mark (issue 31 item 2), and
    what a restore of the same archive on this server reads to leave purged files out."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="backup_archives")
    archive_id = models.CharField(max_length=32, unique=True)
    """The archive's own id (``manifest.json``'s ``archive``)."""
    made_at = models.DateTimeField(default=timezone.now)
    made_by = models.CharField(max_length=150, blank=True)
    checksums = models.JSONField(default=list, blank=True)
    """The SHA-256 of each document file the archive carries."""
    purges = models.JSONField(default=list, blank=True)
    """Each later purge of files it carries: ``{"at": iso, "event": slug, "checksums": […]}``."""

    class Meta:
        ordering = ["event", "made_at", "id"]

    def purged_checksums(self) -> set[str]:
        return {checksum for purge in self.purges for checksum in purge.get("checksums", [])}
