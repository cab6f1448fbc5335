"""The hub app's tables (``crosstable_web.backup.registry``): the link between a venue and its
hub belongs to the server it is on — a copy of the event is not published with the original's
key, nor does it take over the hub's slot."""

from crosstable_web.backup.registry import server_table
from crosstable_web.hub import models

server_table(models.HubSlot, "the hub's publishing key and what it received from the venue")
server_table(models.SeenSignature, "publications lately accepted by the hub (replays refused)")
server_table(models.VenueLink, "the venue's hub address and key: a copy does not publish")
