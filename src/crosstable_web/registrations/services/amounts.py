"""A registration's money: its payment reference, the total paid, and what of it
each player's entry counts as paid.
"""

from __future__ import annotations

import secrets
from decimal import Decimal

from crosstable_web.registrations import models

CENTS = Decimal("0.01")


REFERENCE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""The random part of a payment reference: no 0/O, 1/I/L (read aloud or typed at a bank)."""


def payment_reference(event_id: int, registration_id: int) -> str:
    """A registration's payment reference, ``CT12-00034-K7QX9P``: the event and the
    registration (for the organisers' eyes) and six random letters (31⁶, about 900 million),
    so nobody reaches another's payment by counting (issue 31 item 6)."""
    suffix = "".join(secrets.choice(REFERENCE_LETTERS) for _ in range(6))
    return f"CT{event_id}-{registration_id:05d}-{suffix}"


def paid_total(registration: models.Registration) -> Decimal:
    return sum((p.amount for p in registration.payments.all()), Decimal(0))


def player_shares(registration: models.Registration, paid: Decimal) -> list[Decimal]:
    """What of ``paid`` each player's entry counts as paid: in roster order, each player's
    fee in full before the next one's."""
    shares = []
    for player in registration.players.order_by("position"):
        share = min(paid, player.fee_due)
        shares.append(share)
        paid -= share
    return shares
