"""How the pages name a tie-break: a short label for a column header and a longer
description (the header's ``title`` and the footnote listing the tie-breaks in order).

One mapping for every standings page (back office, public pages, printouts, team standings):
the core registry (``crosstable.tiebreaks.registry``) keys tie-breaks by their C.07 / TRF-2026
codes and the Chinese ``OTHER_*`` codes; here each code gets words in the reader's language,
and the modifiers (``/C1``, ``/M1``, ``/P``, ``:MP`` …) are spelt out. The Chinese names are
the ones the regulations use (对手分, 累进分, 逐轮递减, 胜局, 直胜, 犯规, 后走局数,
前一轮名次, 小分).
``tests/web/events/test_standings_labels.py`` checks that every registry code has its words here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from crosstable.tiebreaks.descriptor import DescriptorError, TiebreakSpec, parse_descriptor

_NAMES: dict[str, tuple[Promise, Promise]] = {
    "DE": (
        gettext_lazy("Direct encounter"),
        gettext_lazy("Points scored in the games among the tied players."),
    ),
    "WIN": (
        gettext_lazy("Wins"),
        gettext_lazy("Number of rounds won (forfeit wins and byes worth a win included)."),
    ),
    "WON": (gettext_lazy("Games won"), gettext_lazy("Number of games won over the board.")),
    "BPG": (
        gettext_lazy("Games with Black"),
        gettext_lazy("Number of games played with Black (xiangqi: moving second)."),
    ),
    "BWG": (
        gettext_lazy("Wins with Black"),
        gettext_lazy("Number of games won with Black (xiangqi: moving second)."),
    ),
    "PS": (
        gettext_lazy("Progressive score"),
        gettext_lazy("Sum of the running scores after each round."),
    ),
    "REP": (
        gettext_lazy("Rounds played"),
        gettext_lazy(
            "Rounds the player chose to play: all rounds but requested byes and forfeit losses."
        ),
    ),
    "STD": (
        gettext_lazy("Standard points"),
        gettext_lazy(
            "1 for each round scoring more than the opponent, ½ for each round scoring as much."
        ),
    ),
    "TPN": (gettext_lazy("Pairing number"), gettext_lazy("The pairing number, lower first.")),
    "BH": (
        gettext_lazy("Buchholz"),
        gettext_lazy(
            "Sum of the opponents' scores as FIDE C.07 counts them: an opponent's unplayed "
            "rounds adjusted (Art. 16.3), each of the player's own unplayed rounds a game "
            "against a dummy opponent (Art. 16.4)."
        ),
    ),
    "AOB": (
        gettext_lazy("Opponents' average Buchholz"),
        gettext_lazy("Average Buchholz of the opponents met over the board."),
    ),
    "FB": (
        gettext_lazy("Fore Buchholz"),
        gettext_lazy("Buchholz with the last round's games counted as draws."),
    ),
    "SB": (
        gettext_lazy("Sonneborn-Berger"),
        gettext_lazy("Sum of each opponent's score times the points scored against them."),
    ),
    "KS": (
        gettext_lazy("Koya"),
        gettext_lazy("Points scored against the players with at least half the maximum score."),
    ),
    "ARO": (
        gettext_lazy("Opponents' average rating"),
        gettext_lazy("Average rating of the opponents met over the board."),
    ),
    "TPR": (gettext_lazy("Performance rating"), gettext_lazy("Tournament performance rating.")),
    "PTP": (
        gettext_lazy("Perfect performance"),
        gettext_lazy(
            "Perfect tournament performance: the lowest rating that would expect the score made."
        ),
    ),
    "APRO": (
        gettext_lazy("Opponents' average performance"),
        gettext_lazy("Average performance rating of the opponents."),
    ),
    "APPO": (
        gettext_lazy("Opponents' average perfect performance"),
        gettext_lazy("Average perfect performance of the opponents."),
    ),
    "RTNG": (gettext_lazy("Rating"), gettext_lazy("The player's rating, higher first.")),
    "OTHER_DSF": (
        gettext_lazy("Opponents' scores"),
        gettext_lazy(
            "Sum of the opponents' final scores; a bye counts the lowest "
            "score above zero (xiangqi rules 14.3.1)."
        ),
    ),
    "OTHER_OS": (
        gettext_lazy("Opponents' scores"),
        gettext_lazy(
            "Sum of the final scores of the opponents paired against; byes and absences add "
            "nothing."
        ),
    ),
    "OTHER_LJF": (
        gettext_lazy("Progressive score, dropping rounds"),
        gettext_lazy(
            "Progressive score without round 1, then without rounds 1–2, … until the tie is broken."
        ),
    ),
    "OTHER_FOUL": (
        gettext_lazy("Fouls"),
        gettext_lazy("Fouls recorded by the arbiters, fewer first."),
    ),
    "OTHER_ZS": (
        gettext_lazy("Head-to-head"),
        gettext_lazy(
            "Only when exactly two players are tied: the one who scored more "
            "in their game ranks first."
        ),
    ),
    "OTHER_PREV": (
        gettext_lazy("Previous round's place"),
        gettext_lazy("Place after the previous round, then the round before, …, lower first."),
    ),
    "MP": (gettext_lazy("Match points"), gettext_lazy("The team's match points.")),
    "GP": (gettext_lazy("Game points"), gettext_lazy("The team's game points (board points).")),
    "MPVGP": (
        gettext_lazy("Secondary score"),
        gettext_lazy("Game points when match points rank, match points when game points rank."),
    ),
    "ESB": (
        gettext_lazy("Extended Sonneborn-Berger"),
        gettext_lazy(
            "Sum of each opponent's primary score times the secondary score made against them."
        ),
    ),
    "EMMSB": (
        gettext_lazy("Extended Sonneborn-Berger MP×MP"),
        gettext_lazy(
            "Sum of each opponent's match points times the match points made against them."
        ),
    ),
    "EMGSB": (
        gettext_lazy("Extended Sonneborn-Berger MP×GP"),
        gettext_lazy(
            "Sum of each opponent's match points times the game points made against them."
        ),
    ),
    "EGMSB": (
        gettext_lazy("Extended Sonneborn-Berger GP×MP"),
        gettext_lazy(
            "Sum of each opponent's game points times the match points made against them."
        ),
    ),
    "EGGSB": (
        gettext_lazy("Extended Sonneborn-Berger GP×GP"),
        gettext_lazy("Sum of each opponent's game points times the game points made against them."),
    ),
    "BC": (
        gettext_lazy("Board count"),
        gettext_lazy("Sum of board number times the game points on that board, lower first."),
    ),
    "TBR": (
        gettext_lazy("Top board result"),
        gettext_lazy("Game points on board 1, then on board 2, …"),
    ),
    "BBE": (
        gettext_lazy("Bottom board elimination"),
        gettext_lazy("Game points on all boards but the last, then but the last two, …"),
    ),
    "SSSC": (
        gettext_lazy("Score and schedule strength"),
        gettext_lazy("Secondary score plus Buchholz divided by a constant."),
    ),
    "EDE": (
        gettext_lazy("Extended direct encounter"),
        gettext_lazy("Direct encounter of the tied teams on match points, then on game points."),
    ),
}
# The EDE variants add the board tie-breaks of their own match(es) for exactly two teams.
for _code in ("EDET", "EDEB", "EDEBT", "EDEBB"):
    _NAMES[_code] = _NAMES["EDE"]


@dataclasses.dataclass(frozen=True, slots=True)
class TiebreakLabel:
    """A tie-break as a page shows it: ``code`` as written in the regulations (``BH/C1``),
    ``short`` for the column header, ``description`` for its title and the footnote."""

    code: str
    short: str
    description: str

    def __str__(self) -> str:
        return self.short


def _modifier_phrases(spec: TiebreakSpec) -> list[str]:
    """The modifiers other than Cut/Median, in words (Cut/Median change the name itself)."""
    phrases: list[str] = []
    if spec.score == "MP":
        phrases.append(_("on match points"))
    elif spec.score == "GP":
        phrases.append(_("on game points"))
    if spec.limit_percent is not None:
        phrases.append(_("limit %(percent)s%%") % {"percent": spec.limit_percent})
    elif spec.limit is not None:
        phrases.append(_("limit moved by %(points)s") % {"points": _signed(spec.limit)})
    if spec.k is not None:
        phrases.append(_("divisor %(k)s") % {"k": spec.k})
    if spec.forfeits_as_played:
        phrases.append(_("forfeits as played"))
    if spec.fore:
        phrases.append(_("Fore Buchholz values"))
    if spec.reverse:
        phrases.append(_("reversed"))
    return phrases


def _signed(value: object) -> str:
    text = str(value)
    return text if text.startswith("-") else f"+{text}"


def label(spec: TiebreakSpec | str) -> TiebreakLabel:
    """The words for one tie-break descriptor (a spec, or its text such as ``BH/C1``), in the
    active language. An unknown code is shown as written, with no description."""
    if isinstance(spec, str):
        written = spec
        try:
            spec = parse_descriptor(written)
        except DescriptorError:
            return TiebreakLabel(written, written, "")
    code = str(spec)
    names = _NAMES.get(spec.code)
    if names is None:
        return TiebreakLabel(code, code, "")
    name, description = str(names[0]), str(names[1])
    if spec.cut and spec.cut == spec.high:
        name = _("%(name)s median %(count)s") % {"name": name, "count": spec.cut}
        description = " ".join(
            (
                description,
                _("Leaving out the highest %(count)s and the lowest %(count)s.")
                % {"count": spec.cut},
            )
        )
    elif spec.cut:
        name = _("%(name)s cut %(count)s") % {"name": name, "count": spec.cut}
        description = " ".join(
            (description, _("Leaving out the lowest %(count)s.") % {"count": spec.cut})
        )
    phrases = _modifier_phrases(spec)
    if phrases:
        name = _("%(name)s (%(modifiers)s)") % {"name": name, "modifiers": ", ".join(phrases)}
    return TiebreakLabel(code, name, description)


def labels(specs: Iterable[TiebreakSpec | str]) -> list[TiebreakLabel]:
    """:func:`label` of each, in order."""
    return [label(spec) for spec in specs]


def known_codes() -> set[str]:
    """The codes that have words here (the test compares them with the registry)."""
    return set(_NAMES)
