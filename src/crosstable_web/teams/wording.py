"""Team matches in words: why a match's score is not its boards' sum (a short team, an
ineligible player) and a match re-scored for an ineligible player, naming teams and players
(never their numbers or entry ids). Used by the team pages, the back office's team round and
standings pages and the audit log."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _

from crosstable.teams.match_scoring import Rescoring, ScoredMatch
from crosstable_web.common.notation import points_text


def match_note(note: str, teams: Mapping[int, str], players: Mapping[int, str]) -> str:
    """Why a match's score is not its boards' sum (``ScoredMatch.note``: ``short:<team>``,
    ``short:both``, ``ineligible:<entry>``) in words, naming the team or the player."""
    kind, _sep, who = note.partition(":")
    if kind == "short":
        if who == "both":
            return _("Both teams fielded too few players: no points for either.")
        return _("%(team)s fielded too few players and loses the match.") % {
            "team": teams.get(int(who), who) if who.isdigit() else who
        }
    if kind == "ineligible":
        name = players.get(int(who), who) if who.isdigit() else who
        return _("Re-scored: %(name)s was not eligible.") % {"name": name}
    return ""


def rescoring_words(record: Mapping[str, object]) -> str:
    """A match re-scored for an ineligible player, in words, from what
    :func:`rescoring_record` keeps (the team standings and the audit log)."""
    return _(
        "Round %(round)s, %(first)s – %(second)s: %(before)s, now %(after)s "
        "(%(player)s was not eligible)."
    ) % {
        key: record.get(key, "")
        for key in ("round", "first", "second", "before", "after", "player")
    }


def rescoring_record(
    change: Rescoring, teams: Mapping[int, str], players: Mapping[int, str]
) -> dict[str, object]:
    """What the audit log keeps of a re-scored match: names and scores, no ids."""

    def score(match: ScoredMatch) -> str:
        return f"{points_text(match.first_game_points)}–{points_text(match.second_game_points)}"

    return {
        "round": change.after.round_number,
        "first": teams.get(change.after.first_team, str(change.after.first_team)),
        "second": teams.get(change.after.second_team, str(change.after.second_team)),
        "before": score(change.before),
        "after": score(change.after),
        "player": players.get(change.player, str(change.player)),
    }


def rescoring_text(change: Rescoring, teams: Mapping[int, str], players: Mapping[int, str]) -> str:
    """:func:`rescoring_words` of a :class:`Rescoring`."""
    return rescoring_words(rescoring_record(change, teams, players))
