"""The seed events' regulations with registration still open: the example file as the
organiser would upload it this year, its registration deadline moved to ``closes`` (the
rules themselves unchanged)."""

from __future__ import annotations

import datetime
from pathlib import Path

from crosstable.typed.calendars import gregorian_to_jalali

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def futian_grade(closes: datetime.date) -> str:
    """Seed 001 with 十二.4's deadline on ``closes`` (24:00 at the venue)."""
    text = (EXAMPLES / "futian-chess-grade-2019.toml").read_text(encoding="utf-8")
    assert 'registration = "2019-12-15 24:00"' in text
    return text.replace('registration = "2019-12-15 24:00"', f'registration = "{closes} 24:00"')


def futian_youth(closes: datetime.date) -> str:
    """Seed 004 with 九(二)3's deadline (forms and documents) on ``closes``."""
    text = (EXAMPLES / "futian-youth-xiangqi-chess-2009.toml").read_text(encoding="utf-8")
    for key in ("registration", "documents"):
        assert f"{key} = 2009-11-04" in text
        text = text.replace(f"{key} = 2009-11-04", f"{key} = {closes}")
    return text


def in_two_weeks() -> datetime.date:
    return datetime.date.today() + datetime.timedelta(days=14)


def fars_league(closes: datetime.date, capacity: int = 61) -> str:
    """Seed 002 with its deadline (10) on ``closes`` at 11:00 (written in the Jalali
    calendar, as the file is) and ``capacity`` teams per table (2: 61)."""
    year, month, day = gregorian_to_jalali(closes)
    text = (EXAMPLES / "fars-team-league-1398.toml").read_text(encoding="utf-8")
    assert 'registration = "1398-08-15 11:00"' in text and "capacity = 61" in text
    text = text.replace(
        'registration = "1398-08-15 11:00"', f'registration = "{year}-{month:02d}-{day:02d} 11:00"'
    )
    return text.replace("capacity = 61", f"capacity = {capacity}")
