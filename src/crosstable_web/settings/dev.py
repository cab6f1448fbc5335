"""Settings for the demo and local development server (``scripts/demo``)."""

from crosstable_web.settings.base import *  # noqa: F403

DEBUG = True
