"""``makemessages`` that also reads the core's messages.

The core (``src/crosstable``, pure Python) writes what it tells people as
``Message("English template %(value)s", value=...)`` (``crosstable.message``); the web
translates the template. So the catalogue is made from the web app's files, as Django's
command does, and from every core module that writes a ``Message``, with ``Message`` as one
more gettext keyword: the templates are listed once, where the core raises them.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from django.core.management.commands import makemessages

import crosstable

CORE = Path(crosstable.__file__).resolve().parent


def core_modules() -> list[Path]:
    """The core's modules that write a ``Message`` (the others hold nothing to translate)."""
    return sorted(path for path in CORE.rglob("*.py") if "Message(" in path.read_text("utf-8"))


class Command(makemessages.Command):
    help = makemessages.Command.help + " Also reads the core's Message(...) templates."
    # a tuple would do, but Django's command extends this list in handle()
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=Message"]  # noqa: RUF012

    def find_files(self, root: str) -> list[Any]:
        found = super().find_files(root)
        if self.domain != "django":
            return found
        locale_dir = self.default_locale_path
        extra = [
            self.translatable_file_class(os.path.relpath(path.parent), path.name, locale_dir)
            for path in core_modules()
        ]
        return sorted([*found, *extra])
