"""A service's refusal: :class:`ServiceError`, an action the rules do not allow, its message
for the user in the active language."""

from __future__ import annotations

from crosstable_web.events.words import wording


class ServiceError(Exception):
    """An action the rules do not allow; the message is for the user, in the active
    language. ``values`` fill its placeholders as the reader writes them
    (``wording.value_text``: a section by its name, a date in the page's calendar, an amount
    grouped): ``ServiceError(_("%(section)s has no house player."), section=section)``."""

    def __init__(self, message: object, **values: object) -> None:
        text = str(message)
        if values:
            text = text % {name: wording.value_text(value) for name, value in values.items()}
        super().__init__(text)
