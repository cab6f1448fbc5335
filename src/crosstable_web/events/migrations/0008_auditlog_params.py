from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0007_audit_chain"),
    ]

    operations = [
        migrations.AddField(
            model_name="auditlog",
            name="params",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
