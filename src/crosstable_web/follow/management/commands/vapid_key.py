"""``crosstable-web vapid_key``: a new VAPID private key for Web Push."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from crosstable_web.follow import webpush


class Command(BaseCommand):
    help = (
        "Print a new VAPID private key (base64url) for CROSSTABLE_VAPID_PRIVATE_KEY: the key "
        "that signs this server's Web Push messages (RFC 8292). Keep it: changing it ends "
        "every browser's subscription."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(f"CROSSTABLE_VAPID_PRIVATE_KEY={webpush.new_private_key()}")
