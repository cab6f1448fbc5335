"""The public app's table: a cache counter, not backed up (``crosstable_web.backup``)."""

from crosstable_web.backup.registry import server_table
from crosstable_web.public.models import EventVersion

server_table(
    EventVersion,
    "a change counter for cached public pages: the import's own audit line starts it again",
)
