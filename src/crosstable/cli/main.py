"""Entry point of the ``crosstable`` command: dispatches to one module per subcommand.

Each subcommand module exposes ``add_parser(subparsers)`` which registers its parser and
sets ``handler`` (a function taking the parsed namespace and returning an exit status).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

SUBCOMMAND_MODULES: tuple[str, ...] = (
    "regulations",
    "standings",
    "grades",
    "engine",
    "check",
    "trf",
    "ratings",
)
"""Modules under ``crosstable.cli`` that register a subcommand, in help order."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="crosstable",
        description="Swiss-system chess and xiangqi tournaments from registration to prize list.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    for name in SUBCOMMAND_MODULES:
        module = importlib.import_module(f"crosstable.cli.{name}")
        module.add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    status: int = args.handler(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
