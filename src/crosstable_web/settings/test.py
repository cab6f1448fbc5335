"""Settings for pytest: fast password hashing; the database still follows ``DATABASE_URL``."""

from crosstable_web.settings.base import *  # noqa: F403

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
ALLOWED_HOSTS = ["testserver", "127.0.0.1", "localhost"]
PAIRING_PROCESSES = 1  # tests that want worker processes say so
PUBLIC_VERSION_DIR = None  # tests that want stamp files set their own folder
