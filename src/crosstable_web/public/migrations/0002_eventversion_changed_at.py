from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("public", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="eventversion",
            name="changed_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
