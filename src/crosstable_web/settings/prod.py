"""Settings for a served deployment: gunicorn on a loopback port behind a reverse proxy that
terminates HTTPS (docs/deploy.md, ``scripts/serve``).

Refuses to start without ``CROSSTABLE_SECRET_KEY`` (50 characters or more, not the
development key) and ``CROSSTABLE_ALLOWED_HOSTS``. HTTPS only: the proxy says a request came
over HTTPS with ``X-Forwarded-Proto: https`` (plain HTTP is redirected), cookies are Secure,
HSTS for a year. Static files are collected (``collectstatic``) and served by WhiteNoise,
compressed and with content-hashed names. Errors are logged to standard error.
"""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured

from crosstable_web.settings.base import *  # noqa: F403
from crosstable_web.settings.base import DEVELOPMENT_SECRET_KEY


def _required(name: str, what: str) -> str:
    value = os.environ.get(name, "").strip()
    if not value:
        raise ImproperlyConfigured(
            f"{name} is not set: {what} (docs/deploy.md). The production settings do not start "
            "without it."
        )
    return value


DEBUG = False

SECRET_KEY = _required(
    "CROSSTABLE_SECRET_KEY",
    'a long random secret, e.g. `python -c "import secrets; print(secrets.token_urlsafe(64))"`',
)
if SECRET_KEY == DEVELOPMENT_SECRET_KEY or len(SECRET_KEY) < 50 or len(set(SECRET_KEY)) < 5:
    raise ImproperlyConfigured(
        "CROSSTABLE_SECRET_KEY must be a random secret of 50 characters or more, not the "
        "development key (docs/deploy.md)."
    )
ALLOWED_HOSTS = [
    host.strip()
    for host in _required(
        "CROSSTABLE_ALLOWED_HOSTS", "the site's host names, comma-separated (chess.example.org)"
    ).split(",")
    if host.strip()
]

# Behind the reverse proxy (it sets X-Forwarded-Proto and X-Forwarded-For, and gunicorn
# listens on a loopback address only, so nobody else can send these headers).
BEHIND_PROXY = True
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = True
# The balancer asks each app server over plain HTTP whether it can serve.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
LANGUAGE_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = int(os.environ.get("CROSSTABLE_HSTS_SECONDS", str(365 * 24 * 3600)))
# Every subdomain HTTPS too, and the preload flag (the header alone enrols nobody in the
# browsers' preload list): set CROSSTABLE_HSTS_SUBDOMAINS=0 when the domain has other
# subdomains still served over plain HTTP.
SECURE_HSTS_INCLUDE_SUBDOMAINS = os.environ.get("CROSSTABLE_HSTS_SUBDOMAINS", "1") == "1"
SECURE_HSTS_PRELOAD = SECURE_HSTS_INCLUDE_SUBDOMAINS

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"stderr": {"class": "logging.StreamHandler"}},
    "loggers": {
        "django": {"handlers": ["stderr"], "level": "WARNING"},
        "crosstable_web": {"handlers": ["stderr"], "level": "INFO"},
    },
}
