from django.apps import AppConfig


class PublicConfig(AppConfig):
    name = "crosstable_web.public"
    label = "public"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from crosstable_web.public import versions

        versions.connect()
