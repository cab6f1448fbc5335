from django.apps import AppConfig


class CommonConfig(AppConfig):
    name = "crosstable_web.common"
    label = "common"
