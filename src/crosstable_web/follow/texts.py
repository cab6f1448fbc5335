"""What a follower is told, in their language (the page they followed from) and at the
event's clock: the round's board, colour, opponent and start; the result of the board."""

from __future__ import annotations

import dataclasses
from typing import Any

from django.db.models import Q
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from crosstable_web.common import localisation
from crosstable_web.common.templatetags.public_tags import at_event, colour
from crosstable_web.events import models, rounds
from crosstable_web.events.rounds import notation
from crosstable_web.follow import links
from crosstable_web.follow.models import Follower, Notice


@dataclasses.dataclass(frozen=True, slots=True)
class Message:
    subject: str
    body: str
    url: str
    """The player's public page."""
    unsubscribe: str
    language: str

    def push_payload(self) -> dict[str, Any]:
        """What the service worker shows (``follow/sw.js``)."""
        return {
            "title": self.subject,
            "body": self.body,
            "url": self.url,
            "unsubscribe": self.unsubscribe,
            "lang": self.language,
        }

    def email_text(self) -> str:
        """The e-mail: the message, the player's page, the way to stop (in the follower's
        language, like the rest)."""
        with translation.override(self.language):
            return "\n\n".join(
                [
                    self.body,
                    _("The player's games: %(url)s") % {"url": self.url},
                    _("Stop these messages (one click): %(url)s") % {"url": self.unsubscribe},
                ]
            )


def _bye_words(result: str) -> str:
    if result == "U":
        return pgettext("chess", "bye")
    if result == "H":
        return _("½ bye")
    if result == "F":
        return _("1 bye")
    return _("absent")


def _opponent(entry: models.Entry) -> str:
    if not entry.unit:
        return entry.name
    return _("%(name)s (%(unit)s)") % {"name": entry.name, "unit": entry.unit}


def _round_body(notice: Notice, entry: models.Entry, round_row: models.Round) -> str | None:
    section = round_row.section
    board = (
        round_row.boards.filter(Q(white=entry) | Q(black=entry))
        .select_related("white", "black")
        .first()
    )
    xiangqi = notation.section_is_xiangqi(section)
    if board is not None:
        white = board.white_id == entry.pk
        text = _("Round %(round)s: board %(board)s, %(colour)s, against %(opponent)s.") % {
            "round": notice.round_number,
            "board": board.number,
            "colour": colour("w" if white else "b", xiangqi),
            "opponent": _opponent(board.black if white else board.white),
        }
    else:
        bye = round_row.byes.filter(entry=entry).first()
        if bye is None:
            return None
        text = _("Round %(round)s: %(bye)s.") % {
            "round": notice.round_number,
            "bye": _bye_words(bye.result),
        }
    if round_row.starts_at is not None:
        text = _("%(pairing)s The round starts at %(time)s (%(zone)s).") % {
            "pairing": text,
            "time": at_event(round_row.starts_at, section.event),
            "zone": localisation.zone_label(section.event.time_zone),
        }
    return text


def _result_body(notice: Notice, entry: models.Entry, round_row: models.Round) -> str | None:
    board = (
        round_row.boards.filter(number=notice.board_number or 0)
        .filter(Q(white=entry) | Q(black=entry))
        .select_related("white", "black")
        .first()
    )
    if board is None or board.is_pending:
        return None
    label = rounds.result_label(
        board.white_result, board.black_result, notation.of_section(round_row.section)
    )
    return _("Round %(round)s, board %(board)s: %(white)s %(result)s %(black)s.") % {
        "round": notice.round_number,
        "board": board.number,
        "white": board.white.name,
        "black": board.black.name,
        "result": label,
    }


def compose(notice: Notice, follower: Follower) -> Message | None:
    """The message of ``notice`` for ``follower``, or None when it no longer holds (the round
    was un-paired, the result cleared, the player is not in it)."""
    entry = follower.entry
    section = entry.section
    round_row = models.Round.objects.filter(section=section, number=notice.round_number).first()
    if round_row is None or entry.pairing_number is None:
        return None
    with translation.override(follower.language):
        if notice.kind == Notice.ROUND:
            body = _round_body(notice, entry, round_row)
        else:
            body = _result_body(notice, entry, round_row)
        if body is None:
            return None
        subject = pgettext("chess", "%(player)s, round %(round)s — %(event)s") % {
            "player": entry.name,
            "round": notice.round_number,
            "event": section.event.name,
        }
        path = reverse(
            "public:player", args=[section.event.slug, section.key, entry.pairing_number]
        )
        return Message(
            subject=localisation.digits(subject),
            body=localisation.digits(body),
            url=links.absolute(follower, path),
            unsubscribe=links.unsubscribe_url(follower),
            language=follower.language,
        )
