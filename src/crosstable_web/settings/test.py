"""Settings for pytest: fast password hashing; the database still follows ``DATABASE_URL``.

Login throttling (django-axes) is off: Django's ``Client.login`` signs in without a request,
which axes refuses. The throttling tests switch it on (``AXES_ENABLED``) and sign in through
the real form (tests/web/test_deployment.py)."""

import tempfile
from pathlib import Path

from crosstable_web.settings.base import *  # noqa: F403

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
ALLOWED_HOSTS = ["testserver", "127.0.0.1", "localhost"]
PAIRING_PROCESSES = 1  # tests that want worker processes say so
PAIRING_JOBS = False  # paired within the request, as before jobs; tests of the jobs say so
# Each process its own cache, whatever the environment says; the tests of the shared cache
# point CACHES at the Redis server themselves (tests/web/public/test_shared_cache.py).
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
QUEUE_URL = ""  # no queue unless a test sets one (tests/web/follow/test_queue.py)
AXES_ENABLED = False
PDF_CACHE = False  # each test renders its PDFs; the cache test switches it on
# Static files straight from the apps' folders (nothing collected; settings.prod collects).
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
NOTIFICATIONS_WAKE_FILE = None  # the tests run the worker themselves
# Registration fees paid through the stand-in provider; documents in a temporary folder.
REGISTRATION_PAYMENT_PROVIDERS = {"fake": "crosstable_web.registrations.payments.FakeProvider"}
REGISTRATION_DOCUMENTS_DIR = Path(tempfile.mkdtemp(prefix="crosstable-documents-"))
# Not kept by default: database ids come back between tests, and an anchor left by an earlier
# test's event would be checked against a later one's (tests/web/events/test_audit_anchors.py
# names its own file).
AUDIT_ANCHORS_FILE = None
# No limits on the public forms unless a test sets them
# (tests/web/registrations/test_rate_limits.py): the counts live in the process's cache,
# which outlives each test's database.
PUBLIC_FORM_LIMITS = {}
