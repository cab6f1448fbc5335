"""Issue 26.11: the back office's header names the signed-in person by the name others should
see (the account's name, 王美), not the account's user name ("mei"); an account without a
name keeps its user name. Read in Chinese."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

pytestmark = pytest.mark.django_db


def _header_name(user: User) -> str:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = "zh-hans"
    page = client.get("/").content.decode()
    return page.split('id="nav-user"')[1].split(">", 1)[1].split("<")[0]


def test_the_header_names_the_person() -> None:
    named = User.objects.create_user("mei", password="mei-pass", first_name="王美")
    assert _header_name(named) == "王美"
    plain = User.objects.create_user("arif", password="arif-pass")
    assert _header_name(plain) == "arif"
