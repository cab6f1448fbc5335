from django.apps import AppConfig


class HubConfig(AppConfig):
    name = "crosstable_web.hub"
    label = "hub"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from crosstable_web.events import parts
        from crosstable_web.hub import receiving
        from crosstable_web.hub.models import VenueLink

        receiving.connect()
        # the venue's QR codes and printouts name the event's page on its public site
        parts.declared.public_site = lambda event: (
            VenueLink.objects.filter(event=event).values_list("url", flat=True).first()
        )
