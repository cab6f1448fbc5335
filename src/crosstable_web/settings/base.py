"""Settings shared by every deployment.

The database comes from ``DATABASE_URL`` (e.g. ``postgres://postgres@127.0.0.1:5432/crosstable``);
without it, a SQLite file under ``var/`` in the working copy.
"""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import dj_database_url

from crosstable.languages import django_languages

PACKAGE_DIR = Path(__file__).resolve().parent.parent
PROJECT_DIR = PACKAGE_DIR.parent.parent
VAR_DIR = Path(os.environ.get("CROSSTABLE_VAR_DIR", PROJECT_DIR / "var"))

DEVELOPMENT_SECRET_KEY = "insecure-development-key-change-me"
"""The key of the demo and the tests; settings.prod refuses to start with it."""
SECRET_KEY = os.environ.get("CROSSTABLE_SECRET_KEY", DEVELOPMENT_SECRET_KEY)
DEBUG = False
ALLOWED_HOSTS = os.environ.get("CROSSTABLE_ALLOWED_HOSTS", "127.0.0.1,localhost").split(",")

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "crosstable_web.common",
    "crosstable_web.events",
    "crosstable_web.accounts",
    "crosstable_web.teams",
    "crosstable_web.public",
    "crosstable_web.printing",
    "crosstable_web.checkin",
    "crosstable_web.follow",
    "crosstable_web.registrations",
    "crosstable_web.hub",
    "axes",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Content-Security-Policy on every answer, a nonce per request (content_security).
    "crosstable_web.content_security.ContentSecurityPolicyMiddleware",
    # Static files (back-office CSS) from the app itself, under gunicorn too (docs/deploy.md).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # Persian pages: Persian digits, halves and number ranges written right to left, on every
    # HTML response (crosstable_web.public.right_to_left).
    "crosstable_web.public.right_to_left.PersianPageMiddleware",
    "django.middleware.common.CommonMiddleware",
    # A page asked under an event's earlier short name: a permanent redirect (events.slugs).
    "crosstable_web.events.slugs.OldSlugRedirectMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "crosstable_web.events.regulations.event_time.TimeZoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: answers a locked-out sign-in with the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "crosstable_web.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [PACKAGE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "crosstable_web.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'crosstable.sqlite3'}",
        conn_max_age=60,
    )
}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Arbiters on one SQLite file: wait for a writer instead of failing at once.
    # Every arbiter action is one write transaction: take the write lock when it starts
    # (IMMEDIATE) and wait for another writer instead of failing at once.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            # Write-ahead log: readers never wait for the arbiter's writes, and a commit
            # costs no full fsync (still durable across application crashes).
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Sign-in: django-axes first (it refuses a locked-out account before the password is
# checked), then the accounts in the database.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Login throttling: 5 wrong passwords for one account from one address lock that pair out for
# 15 minutes (HTTP 429, the lockout page); a right password resets the count. Not by account
# alone (anyone could lock the arbiter out during the event) nor by address alone (a school's
# or venue's shared address). The address behind the reverse proxy: deployment.client_ip.
AXES_FAILURE_LIMIT = int(os.environ.get("CROSSTABLE_LOGIN_FAILURES", "5"))
AXES_COOLOFF_TIME = datetime.timedelta(
    minutes=int(os.environ.get("CROSSTABLE_LOGIN_COOLOFF_MINUTES", "15"))
)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_CLIENT_IP_CALLABLE = "crosstable_web.deployment.client_ip"
AXES_VERBOSE = False
BEHIND_PROXY = False
"""True when a reverse proxy that sets X-Forwarded-For / X-Forwarded-Proto is in front
(settings.prod): the client's address is the proxy's last X-Forwarded-For entry."""

# Django's four password rules (length 8+, not like the user name, not a common password,
# not all digits) wherever a password is set on the site or with createsuperuser.
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "events:event_list"
LOGOUT_REDIRECT_URL = "login"

# Mail (invitations, password reset): SMTP from the environment; the development settings
# print mails on the console, the tests keep them in memory.
EMAIL_BACKEND = os.environ.get(
    "CROSSTABLE_EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend"
)
EMAIL_HOST = os.environ.get("CROSSTABLE_EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("CROSSTABLE_EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("CROSSTABLE_EMAIL_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("CROSSTABLE_EMAIL_PASSWORD", "")
EMAIL_USE_TLS = os.environ.get("CROSSTABLE_EMAIL_TLS", "") == "1"
DEFAULT_FROM_EMAIL = os.environ.get("CROSSTABLE_EMAIL_FROM", "crosstable@localhost")

# Parents following a player (crosstable_web.follow): Web Push signed with this VAPID key
# (RFC 8292; `crosstable-web vapid_key` makes one; empty: e-mail only), `sub` claim (default
# mailto: the sender above). The worker (`crosstable-web send_notifications --loop`) is woken
# through the wake file after each commit that made a notice.
WEBPUSH_VAPID_PRIVATE_KEY = os.environ.get("CROSSTABLE_VAPID_PRIVATE_KEY", "")
WEBPUSH_VAPID_SUBJECT = os.environ.get("CROSSTABLE_VAPID_SUBJECT", "")
NOTIFICATIONS_WAKE_FILE: Path | None = VAR_DIR / "notifications.wake"

# English message ids; translations (zh_Hans, ms, fa) live in locale/.
LANGUAGE_CODE = "en"
LANGUAGES = django_languages()  # the one list: crosstable/languages.py
LOCALE_PATHS = [PROJECT_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"

# The cache every app server shares (Redis or Valkey, Django's own RedisCache backend) when
# REDIS_URL (or CACHE_URL) names one: the public pages and each event's version live there,
# so every host serves a new result at once (crosstable_web.public.versions; docs/deploy.md).
# Without one (the venue laptop), each process's memory, and the event's version is read from
# the database on every public request.
CACHE_URL = os.environ.get("CACHE_URL", "") or os.environ.get("REDIS_URL", "")
CACHES: dict[str, dict[str, object]] = {
    "default": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": os.environ.get("CROSSTABLE_CACHE_PREFIX", "crosstable"),
            "TIMEOUT": 3600,
            "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
        }
        if CACHE_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "crosstable"}
    )
}
# How often the public forms may be used (crosstable_web.common.rate_limits): (count, seconds)
# each, counted in the cache above (shared by every app server with Redis). A school's
# teacher registering a class one child at a time from one connection stays within them.
PUBLIC_FORM_LIMITS: dict[str, tuple[int, int]] = {
    "registration_per_address": (20, 600),
    "registration_per_email": (10, 3600),
    "follow_per_address": (20, 600),
    "public_mails": (300, 3600),
}
# Background work on a real queue (crosstable_web.background, RQ): on the same Redis unless
# CROSSTABLE_QUEUE_URL names another; none without Redis (the outbox worker, PDFs in the
# request). Jobs are done by `crosstable-web queue_worker` (scripts/serve starts one).
QUEUE_URL = os.environ.get("CROSSTABLE_QUEUE_URL", "") or CACHE_URL
QUEUE_PREFIX = os.environ.get("CROSSTABLE_CACHE_PREFIX", "crosstable")
# Sessions in the database: any app server reads the session another one started.
SESSION_ENGINE = "django.contrib.sessions.backends.db"
PUBLIC_MAX_AGE = int(os.environ.get("CROSSTABLE_PUBLIC_MAX_AGE", "1"))
"""Seconds a browser or proxy may show a public page before asking again (ETag: a 304 when
nothing changed)."""

STATIC_URL = "static/"
STATICFILES_DIRS = [PACKAGE_DIR / "static"]
STATIC_ROOT: Path | None = VAR_DIR / "static"
"""Where collectstatic gathers the files WhiteNoise serves (settings.prod; dev and test serve
them from the apps' folders)."""

# The templates offered by "New event" (the example regulations of the five seed events).
EVENT_TEMPLATES_DIR = Path(
    os.environ.get("CROSSTABLE_EVENT_TEMPLATES_DIR", PROJECT_DIR / "examples")
)

FILE_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024

# Online registration (crosstable_web.registrations, docs/registration.md): the players'
# documents are kept here, outside every public URL (never under STATIC or a media URL), and
# served only to the event's organisers; each file at most this many bytes.
AUDIT_ANCHORS_FILE: Path | None = Path(
    os.environ.get("CROSSTABLE_AUDIT_ANCHORS", VAR_DIR / "audit-anchors.jsonl")
)
"""The second store of the audit chains' heads (``events.oversight.anchors``): each committed
line's place and digest appended, outside the database (docs/audit.md). None: not kept."""
REGISTRATION_DOCUMENTS_DIR = Path(
    os.environ.get("CROSSTABLE_DOCUMENTS_DIR", VAR_DIR / "registration-documents")
)
REGISTRATION_DOCUMENT_MAX_BYTES = 5_000_000
# Payment providers that confirm registration fees (name -> class path implementing
# crosstable_web.registrations.payments.Provider); none: organisers record payments.
REGISTRATION_PAYMENT_PROVIDERS: dict[str, str] = {}

# Printouts as PDF: at most PDF_RENDERERS chromium processes print at once on this host
# (every worker shares the slots, files under PDF_DIR); a request waits up to
# PDF_WAIT_SECONDS for a slot, else "busy, try again" (503). PDFs are kept per event version
# under PDF_DIR/cache (PDF_CACHE) and served again until the event changes.
PDF_DIR = VAR_DIR / "pdf"
PDF_RENDERERS = int(os.environ.get("CROSSTABLE_PDF_RENDERERS", "1"))
PDF_WAIT_SECONDS = int(os.environ.get("CROSSTABLE_PDF_WAIT_SECONDS", "120"))
PDF_CACHE = True

# "Pair all sections": how many sections' engines run side by side (worker processes).
PAIRING_PROCESSES = int(os.environ.get("CROSSTABLE_PAIRING_PROCESSES", os.cpu_count() or 1))
# A section's next round is paired as a job (events.rounds.pairing_runs): the engine in a
# worker process, the request waiting for it at most PAIRING_WAIT_SECONDS.
PAIRING_JOBS = True
PAIRING_WAIT_SECONDS = 1.5
