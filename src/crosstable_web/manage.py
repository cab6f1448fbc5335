"""The ``crosstable-web`` command: Django's ``manage.py`` for this project.

Runs an event without a browser, e.g. ``crosstable-web create_event examples/x.toml``,
``crosstable-web pair EVENT --section A``, ``crosstable-web result EVENT A 3 "1 1-0"``.
"""

from __future__ import annotations

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "crosstable_web.settings.dev")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
