"""Team competitions: teams and rosters, captains, line-ups, team rounds, matches, board games
and ineligible players.

Rows only: :mod:`crosstable_web.teams.bridge` turns them into the core's values
(``crosstable.teams``) and every change goes through :mod:`crosstable_web.teams.services`,
which writes the events app's audit log.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from crosstable_web.events.models import AuditLog, Entry, Section


class Team(models.Model):
    """A team of a team section: a fixed roster in board order (main boards, then reserves),
    a captain and the unit it represents."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="teams")
    number = models.PositiveIntegerField(_("team number"))
    """The pairing number (TPN): the order of entry until round 1 is paired, then the order
    of strength (``services.matches.number_teams_by_rating``)."""
    entry_number = models.PositiveIntegerField(null=True, blank=True, editable=False)
    """The team's number in the order it was entered, never changed: the public team page's
    address (``/p/<event>/<section>/teams/<entry number>/``), which a parent saves before
    round 1 renumbers the teams. None for a team of a file written before it existed: its
    page is then addressed by its number (``public.team_pages.team_address``)."""
    name = models.CharField(_("name"), max_length=200)
    unit = models.CharField(_("unit"), max_length=200, blank=True)
    unit_kind = models.CharField(_("unit kind"), max_length=40, blank=True)
    """"school", "county", "club": some team prizes count only some kinds."""
    attributes = models.JSONField(default=dict, blank=True)
    """What team prize conditions test beyond the unit, e.g. {"introduction_letter": true,
    "local_players": 4}."""
    captain = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="captained_teams",
    )
    """The account that may submit this team's line-ups (a per-event, per-team role)."""
    entered_at = models.DateTimeField(default=timezone.now)
    """When the team was entered: the order of unpaid teams on a waiting list."""
    fee_due = models.DecimalField(_("fee due"), max_digits=14, decimal_places=2, default=0)
    """The team fee after discounts (``crosstable.regulations.compute_fee``), recomputed by
    :mod:`crosstable_web.teams.fees` whenever the team is saved."""
    fee_base = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    fee_discounts = models.JSONField(default=list, blank=True)
    """The discounts that applied: [{"key", "name", "amount"}] in the regulations' order."""
    fee_computed_at = models.DateTimeField(null=True, blank=True)
    """When the fee above was last computed; null for a team saved before fees were computed
    (migration 0003): :mod:`crosstable_web.teams.fees` computes it the first time it is read."""

    class Meta:
        ordering = ["section", "number"]
        constraints = [
            models.UniqueConstraint(fields=["section", "number"], name="unique_team_number"),
            models.UniqueConstraint(
                fields=["section", "entry_number"], name="unique_team_entry_number"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def audit_link(self, line: AuditLog) -> TeamAuditLink:
        """The link that puts ``line`` in this team's history (``audit.record``'s ``about``)."""
        return TeamAuditLink(line=line, team=self)


class TeamMember(models.Model):
    """A player on a team's roster; ``position`` is the board order (1 = board 1)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="team_member")
    position = models.PositiveIntegerField()
    attributes = models.JSONField(default=dict, blank=True)
    """What the fee discounts test of a member beyond the entry's data, e.g. {"local": true}
    (Fars: born in the county or living there for six months)."""

    class Meta:
        ordering = ["team", "position"]
        constraints = [
            models.UniqueConstraint(fields=["team", "position"], name="unique_roster_position")
        ]


class TeamPayment(models.Model):
    """A payment of a team's fee, on the day the organiser says it was paid; a team's fee
    counts as paid on the day its payments first cover what it owes (admission by payment
    date).

    A payment recorded by mistake is never changed or deleted: it is cancelled by a reversing
    entry, a second row with the opposite amount, dated the day of the correction, pointing at
    it (``reverses``) and giving the reason. The ledger then still shows both and adds up to
    what was really paid; admission ignores the pair."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="payments")
    amount = models.DecimalField(_("amount"), max_digits=14, decimal_places=2)
    paid_on = models.DateField(_("date paid"))
    recorded_at = models.DateTimeField(auto_now_add=True)
    reverses = models.OneToOneField(
        "self", on_delete=models.CASCADE, null=True, blank=True, related_name="reversal"
    )
    """For a reversing entry: the payment it cancels (each payment is cancelled at most once)."""
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    """Why a payment was cancelled (on the reversing entry)."""

    class Meta:
        ordering = ["team", "paid_on", "recorded_at", "pk"]


class TeamRound(models.Model):
    """A paired team round; ``starts_at`` sets the line-up deadline."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="team_rounds")
    number = models.PositiveIntegerField(pgettext_lazy("chess", "round"))
    starts_at = models.DateTimeField(null=True, blank=True)
    bye_team = models.ForeignKey(
        Team, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["section", "number"]
        constraints = [
            models.UniqueConstraint(fields=["section", "number"], name="unique_team_round")
        ]


class TeamMatch(models.Model):
    """One match of a team round: ``first`` has White (Red) on the odd boards."""

    round = models.ForeignKey(TeamRound, on_delete=models.CASCADE, related_name="matches")
    number = models.PositiveIntegerField(pgettext_lazy("chess", "table"))
    first = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="unique_match_number")
        ]


class BoardGame(models.Model):
    """A board of a match: the two players' TRF result characters (``*`` while pending).
    Who sat at the board comes from the line-ups."""

    match = models.ForeignKey(TeamMatch, on_delete=models.CASCADE, related_name="games")
    board = models.PositiveIntegerField(pgettext_lazy("chess", "board"))
    first_result = models.CharField(max_length=1, default="*")
    second_result = models.CharField(max_length=1, default="*")

    class Meta:
        ordering = ["match", "board"]
        constraints = [
            models.UniqueConstraint(fields=["match", "board"], name="unique_match_board")
        ]


class LineUpSource(models.TextChoices):
    SUBMITTED = "submitted", _("submitted by the captain")
    ARBITER = "arbiter", _("entered by the arbiter")


class LineUp(models.Model):
    """A team's line-up for one round: roster entries board by board (null: empty board).
    A team without one plays its registered line-up."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="lineups")
    round_number = models.PositiveIntegerField()
    boards = models.JSONField(default=list)
    """Entry ids, board 1 first; null for an empty board."""
    source = models.CharField(max_length=10, choices=LineUpSource.choices)
    submitted_at = models.DateTimeField()
    out_of_order = models.JSONField(default=list, blank=True)
    """Boards the arbiter accepted out of roster order (Fars): lost by forfeit by this team."""

    class Meta:
        ordering = ["team", "round_number"]
        constraints = [
            models.UniqueConstraint(fields=["team", "round_number"], name="unique_lineup")
        ]


class IneligiblePlayer(models.Model):
    """A player found ineligible: every game they played counts as a forfeit loss and every
    match they played is re-scored (the regulation says how); from ``from_round`` on they are
    in no line-up, and they are in no board ranking or board prize. The organiser may undo
    the declaration (the row is deleted; the audit log keeps both)."""

    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="ineligibility")
    reason = models.CharField(_("reason"), max_length=300)
    declared_at = models.DateTimeField(auto_now_add=True)
    from_round = models.PositiveIntegerField(default=1)
    """The first round the declaration keeps the player out of: the first round without any
    result when it was made (the rounds before were played, and are re-scored)."""


class TeamAuditLink(models.Model):
    """An audit line is about this team: the team's history on its fee page. A link to the row,
    not a match on the name (the events app's ``EntryAuditLink`` for players says why); not part
    of the line's digest."""

    line = models.ForeignKey(AuditLog, on_delete=models.CASCADE, related_name="team_links")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="audit_links")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["line", "team"], name="unique_team_audit_link")
        ]


class ProhibitedTeams(models.Model):
    """Two teams the chief arbiter keeps apart (issue 25): in every round (``round_number``
    empty) or in one round; every team engine treats it as an absolute criterion (TRF 260,
    team numbers). ``first`` has the smaller team number."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="prohibited_teams")
    first = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    round_number = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["section", "first", "second", "round_number"],
                name="teams_prohibited_once",
            )
        ]
