"""``revoke_role EVENT USERNAME ROLE [--team TEAM]``: take a role away (the event's last
organiser stays); audited."""

from __future__ import annotations

from crosstable_web.accounts.management.commands.grant_role import Command as GrantRole


class Command(GrantRole):
    help = "Take a role on an event away from an account."
    revoking = True
