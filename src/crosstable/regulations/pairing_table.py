"""A section's ``[pairing]`` table (system, acceleration, initial colour, round-1 options,
local rules) and its ``tiebreaks`` lists (descriptors checked against the tie-break registry)."""

from __future__ import annotations

from crosstable.message import Message, Quoted
from crosstable.pairing import registry as pairing_registry
from crosstable.pairing.rules import (
    ACCELERATIONS,
    LOCAL_RULES,
    ColourRule,
    PairingRules,
    RoundOnePairing,
)
from crosstable.regulations.limits import (
    MAX_ROUNDS,
)
from crosstable.regulations.reader import (
    TableReader,
)
from crosstable.regulations.schema import (
    Game,
)
from crosstable.tiebreaks.descriptor import DescriptorError, parse_descriptor
from crosstable.tiebreaks.registry import UnknownTiebreakError, lookup
from crosstable.tiebreaks.registry import registry as tiebreak_registry


def read_pairing(reader: TableReader, game: Game) -> PairingRules:
    table = reader.table("pairing")
    if table is None:
        raise reader.error("pairing", Message("missing (required table with at least 'system')"))
    refused = pairing_registry.REFUSED.get(str(table.raw("system")).strip().upper())
    if refused is not None:
        raise table.error("system", refused)
    system = table.choice("system", pairing_registry.system_codes())
    avoid = table.raw("avoid_same_unit_rounds")
    avoid_rounds: tuple[int, int] | None = None
    if avoid is not None:
        if (
            not isinstance(avoid, list)
            or len(avoid) != 2
            or not all(isinstance(r, int) and not isinstance(r, bool) for r in avoid)
            or not 1 <= avoid[0] <= avoid[1] <= MAX_ROUNDS
        ):
            raise table.error(
                "avoid_same_unit_rounds",
                Message("expected [first, last] rounds, got %(value)s", value=Quoted(repr(avoid))),
            )
        avoid_rounds = (avoid[0], avoid[1])
    local_rules = table.words("local_rules", tuple(LOCAL_RULES))
    rules = PairingRules(
        system=system,
        round_one=RoundOnePairing(
            table.choice("round_one", tuple(r.value for r in RoundOnePairing), "rating")
        ),
        round_one_colour=ColourRule(
            table.choice("round_one_colour", tuple(c.value for c in ColourRule), "lot")
        ),
        avoid_same_unit_rounds=avoid_rounds,
        max_same_colour_in_row=table.optional_int("max_same_colour_in_row", 1),
        max_colour_difference=table.optional_int("max_colour_difference", 1),
        segment_order=table.choice("segment_order", ("halves", "adjacent"), "halves"),
        house_player_for_odd=table.boolean("house_player_for_odd", False),
        local_rules=local_rules,
        acceleration=table.choice("acceleration", ACCELERATIONS, "none"),
    )
    table.finish()
    return rules


def read_tiebreaks(reader: TableReader, name: str, *, teams: bool) -> tuple[str, ...]:
    """Descriptors checked against the tie-break registry (codes, modifiers, team use)."""
    descriptors = reader.strings(name)
    for index, descriptor in enumerate(descriptors):
        value = Quoted(descriptor)
        try:
            spec = parse_descriptor(descriptor)
        except DescriptorError:
            raise reader.error(
                f"{name}[{index}]",
                Message("%(value)s cannot be read as a tie-break", value=value),
            ) from None
        try:
            lookup(spec, teams=teams)
        except UnknownTiebreakError:
            known = tiebreak_registry().get(spec.code)
            usable = known is not None and (known.for_teams if teams else known.for_individuals)
            raise reader.error(
                f"{name}[{index}]",
                Message("%(value)s: the tie-break does not take this modifier", value=value)
                if usable
                else Message(
                    "unknown tie-break %(value)s for this section (docs/tiebreaks.md lists "
                    "the codes)",
                    value=value,
                ),
            ) from None
    return descriptors
