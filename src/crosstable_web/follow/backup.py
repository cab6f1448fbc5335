"""The follow app's tables (``crosstable_web.backup.registry``): followers belong to the event
(their addresses private: only the event's staff may see them, never a public page or
export); the outbox is the server's work in progress."""

from crosstable_web.backup.registry import event_table, server_table
from crosstable_web.follow import models

event_table(
    models.Follower,
    "entry__section__event",
    private=("email", "push_endpoint", "push_p256dh", "push_auth"),
)
server_table(
    models.Notice,
    "the outbox of notifications being sent: a restored event does not send them again",
)
server_table(
    models.Delivery,
    "the outbox of notifications being sent: a restored event does not send them again",
)
