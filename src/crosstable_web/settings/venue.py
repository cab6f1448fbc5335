"""Settings for the venue: the arbiter's laptop running the event alone (``scripts/venue``,
docs/venue.md). SQLite under ``var/``, nothing loaded from the internet, reachable from the
hall's own network by address (other arbiters' laptops, the results table's tablet): any host
name is accepted unless ``CROSSTABLE_ALLOWED_HOSTS`` names them. The secret key is made once
and kept in ``var/secret-key`` (sessions survive a restart of the laptop)."""

import os
import secrets

from crosstable_web.settings.base import *  # noqa: F403
from crosstable_web.settings.base import VAR_DIR

DEBUG = False
ALLOWED_HOSTS = os.environ.get("CROSSTABLE_ALLOWED_HOSTS", "*").split(",")


def _kept_secret_key() -> str:
    given = os.environ.get("CROSSTABLE_SECRET_KEY", "")
    if given:
        return given
    path = VAR_DIR / "secret-key"
    if not path.exists():
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


SECRET_KEY = _kept_secret_key()
# Static files straight from the apps' folders (nothing to collect on the laptop).
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
# No mail server in a school hall: mails (invitations) are written on the console.
EMAIL_BACKEND = os.environ.get(
    "CROSSTABLE_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend"
)
