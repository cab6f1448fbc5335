"""Tables of Django's own apps (and of the libraries the project installs): server data,
never part of an event's backup. An event refers to accounts by user name (roles, captains,
audit lines); the import finds or creates them (``json_file``)."""

from __future__ import annotations

from django.apps import apps
from django.contrib.auth.models import Group, Permission, User
from django.contrib.contenttypes.models import ContentType
from django.contrib.sessions.models import Session

from crosstable_web.backup.registry import server_table

server_table(User, "accounts belong to the server; an event refers to them by user name")
server_table(Group, "account groups belong to the server")
server_table(Permission, "Django's permission list, made by migrate")
server_table(ContentType, "Django's model list, made by migrate")
server_table(Session, "signed-in browsers of this server")

if apps.is_installed("axes"):
    for model in apps.get_app_config("axes").get_models():
        server_table(model, "login throttling (django-axes): sign-in attempts on this server")
