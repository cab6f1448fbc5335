"""IneligiblePlayer.from_round: the first round a declaration keeps the player out of.

A declaration made before this field existed changed no line-up: its player still sat in the
rounds paired since. So such a row gets the round after the section's last paired round (the
rounds played stay as they were played), not the field's default."""

from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps


def _after_the_paired_rounds(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    ineligible = apps.get_model("teams", "IneligiblePlayer")
    rounds = apps.get_model("teams", "TeamRound")
    for row in ineligible.objects.select_related("entry"):
        row.from_round = rounds.objects.filter(section_id=row.entry.section_id).count() + 1
        row.save(update_fields=["from_round"])


class Migration(migrations.Migration):
    dependencies = [
        ("teams", "0004_payment_reversal_fee_computed"),
    ]

    operations = [
        migrations.AddField(
            model_name="ineligibleplayer",
            name="from_round",
            field=models.PositiveIntegerField(default=1),
        ),
        migrations.RunPython(_after_the_paired_rounds, migrations.RunPython.noop),
    ]
