"""The server's tables, not an event's (``crosstable_web.backup.registry``): the accounts app's
own, and those of the Django apps and libraries that sign people in (auth, sessions, content
types, django-axes). An event refers to accounts by user name (roles, captains, audit lines);
the import finds or creates them (``crosstable_web.events.files.event_file``)."""

from django.apps import apps
from django.contrib.auth.models import Group, Permission, User
from django.contrib.contenttypes.models import ContentType
from django.contrib.sessions.models import Session

from crosstable_web.accounts import models
from crosstable_web.backup.registry import server_table

server_table(models.SiteSettings, "the site's own settings, not an event's")
server_table(
    models.Invitation,
    "links that create accounts: accounts are the server's (a copied event names its "
    "accounts by user name)",
)
server_table(User, "accounts belong to the server; an event refers to them by user name")
server_table(Group, "account groups belong to the server")
server_table(Permission, "Django's permission list, made by migrate")
server_table(ContentType, "Django's model list, made by migrate")
server_table(Session, "signed-in browsers of this server")

if apps.is_installed("axes"):
    for model in apps.get_app_config("axes").get_models():
        server_table(model, "login throttling (django-axes): sign-in attempts on this server")
