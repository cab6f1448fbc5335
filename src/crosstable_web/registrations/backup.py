"""The registrations app's tables in an event's backup (``crosstable_web.backup.registry``):
contacts, birth dates and other details, documents and payments are private; what only the
registration pages show (organisers alone: contacts, the private link's secret, what the
registrants typed, their documents' names) is for the organisers only."""

from crosstable_web.backup.registry import StoredFiles, event_table
from crosstable_web.registrations import documents, models

event_table(
    models.Registration,
    "event",
    private=("fee_due", "reason"),
    organisers_only=("secret", "email", "phone", "payment_reference"),
    unique_on_server=("payment_reference",),
)
event_table(
    models.RegisteredPlayer,
    "registration__event",
    private=("fee_due",),
    organisers_only=("values",),
)
event_table(
    models.Document,
    "player__registration__event",
    private=("size", "uploaded_at", "sha256", "marks"),
    organisers_only=("original_name", "stored_name"),
    files=StoredFiles(
        name="stored_name",
        checksum="sha256",
        marks="marks",
        read=documents.read,
        write=documents.store_content,
        remove=documents.remove,
    ),
)
event_table(
    models.Payment,
    "registration__event",
    private=("amount", "paid_on"),
    unique_on_server=("provider_reference",),
)
event_table(
    models.ChangeRequest,
    "registration__event",
    private=("reason",),
    organisers_only=("old_values", "new_values"),
)
