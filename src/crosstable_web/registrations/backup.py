"""The registrations app's tables in an event's backup (``crosstable_web.backup.registry``):
contacts, birth dates and other details, documents and payments are private."""

from crosstable_web.backup.registry import event_table
from crosstable_web.registrations import models

event_table(
    models.Registration,
    "event",
    private=("secret", "email", "phone", "fee_due", "payment_reference", "reason"),
)
event_table(models.RegisteredPlayer, "registration__event", private=("values", "fee_due"))
event_table(
    models.Document,
    "player__registration__event",
    private=("original_name", "stored_name", "size", "uploaded_at"),
)
event_table(
    models.Payment,
    "registration__event",
    private=("amount", "paid_on"),
)
event_table(
    models.ChangeRequest,
    "registration__event",
    private=("old_values", "new_values", "reason"),
)
