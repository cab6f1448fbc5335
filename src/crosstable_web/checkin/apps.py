from django.apps import AppConfig


class CheckinConfig(AppConfig):
    name = "crosstable_web.checkin"
    label = "checkin"
    default_auto_field = "django.db.models.BigAutoField"
