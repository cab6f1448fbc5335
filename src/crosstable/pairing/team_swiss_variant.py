"""The options of the FIDE Swiss Team Pairing System (C.04.6, 2026) a competition chooses:
the colour preference type (art. 1.7), the primary score (art. 1.2) and whether the other
score is used; read from a variant name or a TRF 192 system code (the engine parses its own
``FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP…]`` codes here, docs/pairing/team_swiss.md)."""

from __future__ import annotations

import dataclasses
import enum

from crosstable.model.tournament import Tournament


class ColourPreferenceType(enum.Enum):
    """C.04.6 art. 1.7: the colour model the competition uses."""

    TYPE_A = "typea"
    TYPE_B = "typeb"
    NONE = "nocolor"


class PrimaryScore(enum.Enum):
    """C.04.6 art. 1.2: the score the teams are paired on."""

    MATCH_POINTS = "mp"
    GAME_POINTS = "gp"


@dataclasses.dataclass(frozen=True, slots=True)
class TeamSwissVariant:
    """The options of C.04.6 a competition chooses."""

    colour_type: ColourPreferenceType = ColourPreferenceType.TYPE_A
    primary: PrimaryScore = PrimaryScore.MATCH_POINTS
    secondary_used: bool = True
    """Art. 1.2: the other score decides the first team in colour allocation (art. 4.2.2)."""

    @property
    def name(self) -> str:
        """The reference engine's name, e.g. ``typeb-gp+mp`` or ``nocolor-mp``."""
        other = "gp" if self.primary is PrimaryScore.MATCH_POINTS else "mp"
        scores = f"{self.primary.value}+{other}" if self.secondary_used else self.primary.value
        return f"{self.colour_type.value}-{scores}"

    @classmethod
    def parse(cls, text: str) -> TeamSwissVariant:
        """Read a variant name (``typea-mp+gp``, ``nocolor-gp``...) or a TRF 192 system code
        (``FIDE_TEAM_TYPEB_GP_MP``; a FIDE_TEAM code with scores but no TYPE token means no
        colour preferences, a bare ``FIDE_TEAM`` the defaults)."""
        cleaned = text.strip()
        if cleaned.upper().startswith("FIDE_TEAM"):
            tokens = [t for t in cleaned.upper().split("_")[2:] if t != "BAKU"]
            unknown = [t for t in tokens if t not in ("TYPEA", "TYPEB", "MP", "GP")]
            if unknown or len(tokens) > 3:
                raise ValueError(
                    f"unknown team Swiss system code {text!r}: expected"
                    " FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP[_GP|_MP]]"
                )
            colour = ColourPreferenceType.TYPE_A
            if "TYPEB" in tokens:
                colour = ColourPreferenceType.TYPE_B
            elif "TYPEA" not in tokens and tokens:
                colour = ColourPreferenceType.NONE
            scores = [t for t in tokens if t in ("MP", "GP")]
            if not scores:
                return cls(colour)
            primary = PrimaryScore(scores[0].lower())
            return cls(colour, primary, len(scores) > 1)
        parts = cleaned.lower().replace("fideteam-", "").split("-")
        colour = ColourPreferenceType.TYPE_A
        secondary_used, primary = True, PrimaryScore.MATCH_POINTS
        for part in parts:
            if part in ("typea", "typeb", "nocolor"):
                colour = ColourPreferenceType(part)
            elif part in ("mp", "gp", "mp+gp", "gp+mp"):
                primary = PrimaryScore(part[:2])
                secondary_used = "+" in part
            else:
                raise ValueError(
                    f"unknown team Swiss variant {text!r}: expected e.g. typea-mp+gp,"
                    " typeb-gp, nocolor-mp+gp or a FIDE_TEAM_* system code"
                )
        return cls(colour, primary, secondary_used)


def resolve_variant(
    tournament: Tournament, variant: TeamSwissVariant | str | None
) -> TeamSwissVariant:
    """The variant asked for, else the one of the tournament's system code (TRF 192)."""
    if isinstance(variant, TeamSwissVariant):
        return variant
    if variant is not None:
        return TeamSwissVariant.parse(variant)
    if tournament.system_code.upper().startswith("FIDE_TEAM"):
        return TeamSwissVariant.parse(tournament.system_code)
    return TeamSwissVariant()
