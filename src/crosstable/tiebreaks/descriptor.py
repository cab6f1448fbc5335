"""Tie-break descriptors: the TRF-2026 (MTB26) syntax and the handbook's hyphenated names.

Grammar (case-insensitive)::

    ACRONYM[:MP|:GP][/Cn|/Mn|/L±n|/Kn][/P][/F][/R]

``BH/C1`` and ``BH-C1`` are the same descriptor. A list is comma-separated; a leading ``PTS``
(record 212 starts with it) is dropped. Chinese names (对手分, 累进分, …) are accepted as aliases of
their codes. Parsing only checks syntax; the registry checks codes and allowed modifiers.
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from typing import Any


class DescriptorError(ValueError):
    """A tie-break descriptor that cannot be read (the message names the offending text)."""


@dataclasses.dataclass(frozen=True, slots=True)
class TiebreakSpec:
    """One entry of a tie-break list: a code and its modifiers."""

    code: str
    score: str | None = None
    """``MP`` or ``GP``: the score a team tie-break works on (None: the primary score)."""
    cut: int = 0
    """Cut-n: number of least significant values dropped (Median-n sets cut and high)."""
    high: int = 0
    """Number of most significant values dropped (Median-n)."""
    limit: Fraction | None = None
    """KS limit shift in points (``/L+1`` is +½ of a win), or a percentage with ``/Ln``."""
    limit_percent: int | None = None
    k: int | None = None
    """SSSC divisor (``/K4``)."""
    forfeits_as_played: bool = False
    """``/P``: forfeits count as games against the scheduled opponent."""
    fore: bool = False
    """``/F``: use Fore Buchholz values."""
    reverse: bool = False
    """``/R``: reverse the natural order."""

    def __str__(self) -> str:
        text = self.code
        if self.score:
            text += f":{self.score}"
        if self.cut and self.cut == self.high:
            text += f"/M{self.cut}"
        elif self.cut:
            text += f"/C{self.cut}"
        if self.limit_percent is not None:
            text += f"/L{self.limit_percent}"
        elif self.limit is not None:
            halves = self.limit * 2
            text += f"/L{'+' if halves >= 0 else '-'}{abs(halves)}"
        if self.k is not None:
            text += f"/K{self.k}"
        if self.forfeits_as_played:
            text += "/P"
        if self.fore:
            text += "/F"
        if self.reverse:
            text += "/R"
        return text


CHINESE_ALIASES: dict[str, str] = {
    "对手分": "OTHER_DSF",
    "累进分": "OTHER_LJF",
    "胜局": "WIN",
    "犯规": "OTHER_FOUL",
    "后走局数": "BPG",
    "后手局数": "BPG",
    "后胜局": "BWG",
    "直胜": "OTHER_ZS",
    "前一轮名次": "OTHER_PREV",
    "小分": "SB",
    "中间分": "BH/M1",
}
"""Chinese tie-break names and the code each stands for (see docs/tiebreaks.md)."""

_HYPHEN = re.compile(r"^([A-Z_]+)-((?:C|M)\d+)$")
_MODIFIER = re.compile(r"^(?:(C|M)(\d+)|L([+-])(\d+(?:\.\d+)?)|L(\d+)|K(\d+)|(P)|(F)|(R))$")


def parse_descriptor(text: str) -> TiebreakSpec:
    """Read one descriptor such as ``BH/C1``, ``BH-M1``, ``KS/L+1`` or ``EDE:GP/P``."""
    original = text
    text = text.strip()
    if not text:
        raise DescriptorError("empty tie-break descriptor")
    if text in CHINESE_ALIASES:
        text = CHINESE_ALIASES[text]
    text = text.upper()
    hyphenated = _HYPHEN.match(text)
    if hyphenated:
        text = f"{hyphenated.group(1)}/{hyphenated.group(2)}"
    head, *modifiers = text.split("/")
    code, _, score = head.partition(":")
    if not re.fullmatch(r"[A-Z][A-Z0-9_]*", code):
        raise DescriptorError(f"{original!r}: {code!r} is not a tie-break code")
    if score and score not in ("MP", "GP"):
        raise DescriptorError(f"{original!r}: score must be :MP or :GP, not :{score}")
    fields: dict[str, Any] = {"code": code, "score": score or None}
    for modifier in modifiers:
        match = _MODIFIER.match(modifier)
        if match is None:
            raise DescriptorError(f"{original!r}: unknown modifier /{modifier}")
        kind, number, sign, shift, percent, k, p, f, r = match.groups()
        if kind == "C":
            fields["cut"] = int(number)
        elif kind == "M":
            fields["cut"] = fields["high"] = int(number)
        elif sign:
            amount = Fraction(shift) if "." in shift else Fraction(int(shift), 2)
            fields["limit"] = amount if sign == "+" else -amount
        elif percent:
            fields["limit_percent"] = int(percent)
        elif k:
            fields["k"] = int(k)
        elif p:
            fields["forfeits_as_played"] = True
        elif f:
            fields["fore"] = True
        elif r:
            fields["reverse"] = True
    return TiebreakSpec(**fields)


def parse_descriptor_list(text: str | list[str]) -> list[TiebreakSpec]:
    """Read a comma-separated list (or a list of descriptors); a leading ``PTS`` is dropped."""
    items = text.split(",") if isinstance(text, str) else list(text)
    items = [item.strip() for item in items if item.strip()]
    if items and items[0].upper() in ("PTS", "MPTS", "GPTS"):
        items = items[1:]
    return [parse_descriptor(item) for item in items]
