"""Pairing systems: one module per system holding its rules (criteria tables, colour
allocation), all built on the generic machinery of ``crosstable.matching``.

``crosstable.pairing.base`` defines what every system returns: a ``RoundPairing``.
"""
