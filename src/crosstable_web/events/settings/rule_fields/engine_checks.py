"""The values of a changed file the section's pairing system cannot run (local rules,
acceleration, round 1 by lot, a colour difference limit), each refused at its field with the
reason.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _

from crosstable.pairing import registry as pairing_registry
from crosstable_web.events.regulations import regulation_messages
from crosstable_web.events.settings import regulation_edits as edits


def engine_refusals(text: str, change: Callable[[Any], None]) -> list[tuple[str, str]]:
    """The values of the changed file the section's pairing system cannot run, each with
    its key and the reason (the loader lists them as ``Regulations.unsupported``)."""
    from crosstable.regulations import RegulationsError, parse_regulations

    try:
        regulations = parse_regulations(edits.edited(text, change), "regulations")
    except RegulationsError:
        return []  # the loader's own refusal comes at its field when the page saves
    refusals = []
    for index, section in enumerate(regulations.sections):
        pairing = section.pairing
        system = pairing_registry.any_system(pairing.system)
        name = pairing_registry_name(pairing.system)
        prefix = f"sections[{index}].pairing"
        for rule in pairing.local_rules:
            if rule not in system.local_rules:
                refusals.append(
                    (
                        f"{prefix}.local_rules",
                        _("%(system)s does not apply this local rule: %(rule)s.")
                        % {"system": name, "rule": regulation_messages.code_text(rule)},
                    )
                )
        if pairing.acceleration != "none" and not system.acceleration:
            refusals.append(
                (
                    f"{prefix}.acceleration",
                    _("%(system)s does not apply Baku acceleration (the Dutch system does).")
                    % {"system": name},
                )
            )
        if pairing.round_one.value != "rating" and not system.round_one_by_lot:
            refusals.append(
                (
                    f"{prefix}.round_one",
                    _("%(system)s does not draw round 1 by lot (the xiangqi Swiss does).")
                    % {"system": name},
                )
            )
        if pairing.max_colour_difference is not None and not system.colour_difference_limit:
            refusals.append(
                (
                    f"{prefix}.max_colour_difference",
                    _("%(system)s does not limit the colour difference (the xiangqi Swiss does).")
                    % {"system": name},
                )
            )
    return refusals


def pairing_registry_name(code: str) -> str:
    return regulation_messages.code_text(code)
