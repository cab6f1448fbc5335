"""The accounts app's tables (``crosstable_web.backup.registry``): the server's, not an event's."""

from crosstable_web.accounts import models
from crosstable_web.backup.registry import server_table

server_table(models.SiteSettings, "the site's own settings, not an event's")
server_table(
    models.Invitation,
    "links that create accounts: accounts are the server's (a copied event names its "
    "accounts by user name)",
)
