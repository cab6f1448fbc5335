"""What an entry form or an import row says about a player: the data an entry is made of,
read by the services that save it and by the rules that check it (``rules.entrant_data``)."""

from __future__ import annotations

import dataclasses
import datetime
from typing import Any

from crosstable_web.events import models


@dataclasses.dataclass(slots=True)
class EntryData:
    """What an entry form or an import row says about a player."""

    name: str
    sex: str = ""
    birth_date: datetime.date | None = None
    rating: int = 0
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    national_grade: str = ""
    unit: str = ""
    native_unit: str = ""
    member_id: str = ""
    unit_kind: str = ""

    def as_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["birth_date"] = self.birth_date.isoformat() if self.birth_date else None
        return data


ENTRY_FIELDS = tuple(field.name for field in dataclasses.fields(EntryData))


def entry_data_of(entry: models.Entry) -> EntryData:
    return EntryData(**{name: getattr(entry, name) for name in ENTRY_FIELDS})
