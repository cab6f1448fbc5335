from django.apps import AppConfig


class PrintingConfig(AppConfig):
    name = "crosstable_web.printing"
    label = "printing"
