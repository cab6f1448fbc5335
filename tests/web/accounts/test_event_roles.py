"""Roles per event given and taken in the web and by command (issue 12.2): search an account
by name, invite by e-mail, take a role away; every grant and revocation in the audit log."""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.management import CommandError, call_command
from django.test import Client

from crosstable_web.events import models
from crosstable_web.events.oversight import permissions

pytestmark = pytest.mark.django_db


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_organiser_finds_an_account_by_name_and_appoints_it_arbiter(
    event: models.Event, organiser: User
) -> None:
    User.objects.create_user("daria", first_name="Daria", last_name="Karimi")
    client = signed_in(organiser)
    page = client.get(f"/e/{event.slug}/roles/", {"q": "karimi"}).content.decode()
    assert 'data-user="daria"' in page and "Daria Karimi" in page
    daria = User.objects.get(username="daria")
    assert not permissions.can_arbitrate(daria, event)
    client.post(f"/e/{event.slug}/roles/", {"action": "grant", "user": daria.pk, "role": "arbiter"})
    assert permissions.can_arbitrate(daria, event)
    client.post(
        f"/e/{event.slug}/roles/", {"action": "revoke", "user": daria.pk, "role": "arbiter"}
    )
    assert not permissions.can_arbitrate(daria, event)
    log = list(event.audit_log.values_list("action", "target", "old", "new").order_by("id"))
    assert log[-2:] == [
        ("role.grant", "daria", None, "arbiter"),
        ("role.revoke", "daria", "arbiter", None),
    ]


def test_the_last_organiser_stays_and_outsiders_are_refused(
    event: models.Event, organiser: User, arbiter: User, outsider: User
) -> None:
    response = signed_in(organiser).post(
        f"/e/{event.slug}/roles/",
        {"action": "revoke", "user": organiser.pk, "role": "organiser"},
        follow=True,
    )
    assert "only organiser" in response.content.decode()
    assert permissions.can_organise(organiser, event)
    assert signed_in(outsider).get(f"/e/{event.slug}/roles/").status_code == 403
    assert signed_in(arbiter).get(f"/e/{event.slug}/roles/").status_code == 403
    signed_in(arbiter).post(
        f"/e/{event.slug}/roles/", {"action": "grant", "user": outsider.pk, "role": "organiser"}
    )
    assert not permissions.can_organise(outsider, event)


def test_an_invitation_by_e_mail_gives_the_role_to_the_new_account(
    event: models.Event, organiser: User
) -> None:
    signed_in(organiser).post(
        f"/e/{event.slug}/roles/",
        {"action": "invite", "email": "deputy@example.org", "role": "arbiter"},
    )
    assert mail.outbox[0].to == ["deputy@example.org"]
    assert event.name in mail.outbox[0].subject
    link = re.search(r"http://testserver(/accounts/invitation/\S+/)", mail.outbox[0].body)
    assert link is not None
    visitor = Client()
    assert "as Deputy arbiter" in visitor.get(link[1]).content.decode()
    visitor.post(
        link[1],
        {"username": "deputy", "password1": "deputy-pass-77", "password2": "deputy-pass-77"},
    )
    deputy = User.objects.get(username="deputy")
    assert permissions.can_arbitrate(deputy, event)
    grant = event.audit_log.get(action="role.grant", target="deputy")
    assert grant.username == organiser.username  # in the name of the organiser who invited
    assert event.audit_log.filter(action="role.invite", target="deputy@example.org").exists()


def test_grant_and_revoke_role_commands(event: models.Event, outsider: User) -> None:
    out = io.StringIO()
    call_command("grant_role", event.slug, "otto", "organiser", "--as", "olga", stdout=out)
    assert permissions.can_organise(outsider, event)
    call_command("grant_role", event.slug, "otto", "organiser", "--as", "olga", stdout=out)
    assert "was already organiser" in out.getvalue()
    User.objects.create_superuser("boss")
    call_command("revoke_role", event.slug, "otto", "organiser", "--as", "boss", stdout=out)
    assert not permissions.can_organise(outsider, event)
    assert event.audit_log.filter(action="role.revoke", username="boss").exists()
    with pytest.raises(CommandError, match="no account"):
        call_command("grant_role", event.slug, "nobody", "arbiter", "--as", "olga", stdout=out)
    with pytest.raises(CommandError, match="--team"):
        call_command("grant_role", event.slug, "otto", "captain", "--as", "olga", stdout=out)
    with pytest.raises(CommandError, match="only organiser"):
        call_command("revoke_role", event.slug, "olga", "organiser", "--as", "olga", stdout=out)


def test_the_invitation_link_shown_in_persian_keeps_its_digits(
    event: models.Event, organiser: User
) -> None:
    """The page's messages are written in Persian digits, but the link to pass on by hand is
    an address: with ۴۵۶۷۵ in its port and token it led nowhere (seed 002's journey). The
    e-mail address keeps its digits too; the rest of the message is in Persian digits."""
    organiser.first_name = "اولگا"
    organiser.save(update_fields=["first_name"])
    client = signed_in(organiser)
    client.cookies["django_language"] = "fa"
    page = client.post(
        f"/e/{event.slug}/roles/",
        {"action": "invite", "email": "davar2@example.ir", "role": "arbiter"},
        follow=True,
    ).content.decode()
    link = re.search(r"(http://testserver/accounts/invitation/\S+/)", mail.outbox[0].body)
    assert link is not None and link[1] in page
    assert "davar2@example.ir" in page
    # the mail itself (issue 26.11): Persian digits (valid ۱۴ days) and the inviter's name
    # (no longer the account's user name), the link as written
    body = mail.outbox[0].body
    assert "۱۴" in body and "14" not in body.replace(link[1], "")
    assert "اولگا" in body and "olga" not in body
