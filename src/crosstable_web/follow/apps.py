from django.apps import AppConfig


class FollowConfig(AppConfig):
    name = "crosstable_web.follow"
    label = "follow"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from crosstable_web.follow import notices

        notices.connect()
