"""Settings for a served deployment (gunicorn): base settings, persistent database
connections (``conn_max_age`` in base), secrets and hosts from the environment."""

from crosstable_web.settings.base import *  # noqa: F403

DEBUG = False
