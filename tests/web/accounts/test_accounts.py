"""Accounts (issue 12.1): password change and reset by e-mail, the site setting for who may
create events, the site administrator's accounts page, invitations that create an account."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

from crosstable_web.accounts import models, services
from crosstable_web.events import models as event_models

from ..language_check import foreign_text

pytestmark = pytest.mark.django_db


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def admin() -> User:
    return User.objects.create_superuser("root", "root@example.org", "root-pass")


def test_password_change_then_sign_in_with_the_new_one() -> None:
    User.objects.create_user("olga", password="old-pass-1")
    client = Client()
    assert client.login(username="olga", password="old-pass-1")
    response = client.post(
        "/accounts/password_change/",
        {
            "old_password": "old-pass-1",
            "new_password1": "a-new-secret-991",
            "new_password2": "a-new-secret-991",
        },
    )
    assert response.status_code == 302 and response["Location"].endswith("/done/")
    assert "Your password has been changed." in client.get(response["Location"]).content.decode()
    assert Client().login(username="olga", password="a-new-secret-991")
    assert not Client().login(username="olga", password="old-pass-1")


def test_password_reset_by_e_mail_link() -> None:
    User.objects.create_user("olga", email="olga@example.org", password="forgotten")
    client = Client()
    client.post("/accounts/password_reset/", {"email": "olga@example.org"})
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["olga@example.org"]
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body)
    assert link is not None
    response = client.get(link[1], follow=True)  # Django swaps the token for a session one
    form_url = response.redirect_chain[-1][0]
    response = client.post(
        form_url, {"new_password1": "brand-new-774", "new_password2": "brand-new-774"}
    )
    assert response.status_code == 302
    assert Client().login(username="olga", password="brand-new-774")
    # the link works once
    assert "no longer valid" in Client().get(link[1], follow=True).content.decode()


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("zh-hans", "请输入有效的电子邮件地址。"),  # Django's own: 输入一个有效的 Email 地址。
        ("ms", "Masukkan alamat e-mel yang sah."),
        ("fa", "یک نشانی ایمیل درست وارد کنید."),
    ],
)
def test_a_mistyped_e_mail_address_is_refused_in_the_readers_words(
    language: str, message: str
) -> None:
    client = Client()
    client.cookies["django_language"] = language
    page = client.post("/accounts/password_reset/", {"email": "olga.example.org"})
    assert page.status_code == 200
    body = page.content.decode()
    assert message in body
    assert not foreign_text(body, language, {"olga.example.org"})
    assert not mail.outbox


def test_who_may_create_events_is_a_site_setting(admin: User) -> None:
    olga = User.objects.create_user("olga", password="pw")
    page = signed_in(olga).get("/").content.decode()
    assert 'action="/events/new/"' not in page
    assert signed_in(olga).post("/events/new/").status_code == 403
    # the administrator allows this one account
    signed_in(admin).post("/accounts/manage/", {"action": "allow", "user": olga.pk})
    olga = User.objects.get(pk=olga.pk)
    assert services.can_create_events(olga)
    assert not services.can_create_events(User.objects.create_user("otto"))
    # … or every signed-in account
    signed_in(admin).post("/accounts/manage/", {"action": "setting", "event_creation": "anyone"})
    assert models.SiteSettings.current().event_creation == "anyone"
    assert services.can_create_events(User.objects.get(username="otto"))
    assert not services.can_create_events(None)
    actions = list(
        event_models.AuditLog.objects.filter(event=None).values_list("action", "target", "new")
    )
    assert ("account.may_create_events", "olga", True) in actions
    assert ("site.event_creation", "", "anyone") in actions


def test_a_new_organiser_refused_at_new_event_is_told_why_and_who_can_allow_it() -> None:
    """Issue 26.4: a Persian organiser whose account may not yet create events opens
    /events/new/: a page in Persian (before: a bare English "403 Forbidden") saying why and
    naming the site administrators who can allow it; the same in Malay and Chinese."""
    User.objects.create_superuser(
        "root", "root@example.ir", "root-pass", first_name="مریم", last_name="احمدی"
    )
    organiser = User.objects.create_user("rezaei", password="pw")
    client = signed_in(organiser)
    client.cookies["django_language"] = "fa"
    response = client.get("/events/new/")
    assert response.status_code == 403
    page = response.content.decode()
    assert '<html lang="fa" dir="rtl">' in page
    assert "<title>اجازه ندارید</title>" in page
    assert (
        "حساب شما هنوز اجازهٔ ساختن مسابقه ندارد: در این سایت فقط حساب‌هایی که مدیر سایت اجازه "
        "داده است می‌توانند. از یکی از مدیران سایت بخواهید به حساب شما اجازه دهد: مریم احمدی."
    ) in page
    assert foreign_text(page, "fa", ["مریم احمدی", "rezaei"]) == []
    client.cookies["django_language"] = "ms"
    page = client.get("/events/new/").content.decode()
    assert "Minta pentadbir laman membenarkan akaun anda: مریم احمدی." in page
    client.cookies["django_language"] = "zh-hans"
    page = client.get("/events/new/").content.decode()
    assert "请联系网站管理员为您的账户开通：مریم احمدی。" in page


def test_the_server_error_page_is_in_the_readers_language() -> None:
    """Issue 26.4: the production 500 page: "Server Error (۵۰۰)" in English with Persian
    digits before; now the reader's language, its own direction."""
    from django.test import RequestFactory
    from django.utils import translation
    from django.views.defaults import server_error

    for language, title in (
        ("fa", "خطای سرور"),
        ("ms", "Ralat pelayan"),
        ("zh-hans", "服务器错误"),
    ):
        with translation.override(language):
            page = server_error(RequestFactory().get("/")).content.decode()
        assert f"<title>{title}</title>" in page and f'lang="{language}"' in page
        assert "Server Error" not in page


def test_the_administrator_disables_an_account(admin: User) -> None:
    olga = User.objects.create_user("olga", password="pw")
    assert signed_in(olga).get("/accounts/manage/").status_code == 403
    page = signed_in(admin).get("/accounts/manage/").content.decode()
    assert 'data-user="olga"' in page
    signed_in(admin).post("/accounts/manage/", {"action": "disable", "user": olga.pk})
    assert not Client().login(username="olga", password="pw")
    response = signed_in(admin).post(
        "/accounts/manage/", {"action": "disable", "user": admin.pk}, follow=True
    )
    assert "cannot disable your own account" in response.content.decode()
    assert User.objects.get(pk=admin.pk).is_active
    signed_in(admin).post("/accounts/manage/", {"action": "enable", "user": olga.pk})
    assert Client().login(username="olga", password="pw")


def test_an_invitation_creates_an_account_once(admin: User) -> None:
    response = signed_in(admin).post(
        "/accounts/manage/", {"action": "invite", "email": "new@example.org"}, follow=True
    )
    assert "Invitation sent to new@example.org" in response.content.decode()
    link = re.search(r"http://testserver(/accounts/invitation/\S+/)", mail.outbox[0].body)
    assert link is not None
    visitor = Client()
    response = visitor.post(
        link[1],
        {
            "username": "nadia",
            "first_name": "Nadia",
            "password1": "nadia-secret-55",
            "password2": "nadia-secret-55",
        },
    )
    assert response.status_code == 302
    nadia = User.objects.get(username="nadia")
    assert nadia.email == "new@example.org"
    assert visitor.get("/").context["user"] == nadia  # signed in
    page = Client().get(link[1]).content.decode()
    assert "already been used" in page
    again = Client().post(
        link[1], {"username": "x", "password1": "x-secret-5567", "password2": "x-secret-5567"}
    )
    assert again.status_code == 200 and not User.objects.filter(username="x").exists()


@pytest.mark.parametrize(
    ("language", "words"),
    [("fa", "۳\xa0ساعت پیش"), ("zh-hans", "3\xa0小时前"), ("ms", "3\xa0jam yang lalu")],
)
def test_the_last_sign_in_is_said_as_how_long_ago_not_a_clock_of_no_zone(
    admin: User, language: str, words: str
) -> None:
    # issue 26.11: the accounts page showed the last sign-in as a clock time in UTC, which
    # an administrator in Shiraz or Shenzhen misreads by hours; how long ago holds anywhere
    import datetime

    from django.utils import timezone

    olga = User.objects.create_user("olga", password="organiser-pass")
    olga.last_login = timezone.now() - datetime.timedelta(hours=3, minutes=20)
    olga.save()
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(admin)
    page = client.get("/accounts/manage/").content.decode()
    row = page.split('data-user="olga"', 1)[1].split("</tr>", 1)[0]
    last_sign_in = row.split("<td>")[3].split("</td>")[0]  # account, e-mail, last sign-in
    assert last_sign_in == words
    assert foreign_text(f"<p>{last_sign_in}</p>", language) == []
