"""Thin views: the site administrator's accounts page, an invitation's page, an event's roles
page. The services check who may act (a refusal is a message tagged ``permission``)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from crosstable_web.accounts import forms, models, services
from crosstable_web.events import models as event_models
from crosstable_web.events.oversight import permissions
from crosstable_web.events.regulations import event_time
from crosstable_web.events.rounds import acting

_acting = acting.run


def _link(request: HttpRequest, invitation: models.Invitation) -> str:
    return request.build_absolute_uri(reverse("accounts:invitation", args=[invitation.token]))


def _send(request: HttpRequest, invitation: models.Invitation | None) -> None:
    """E-mail a new invitation and show its link (to pass on by hand where mail is not set)."""
    if invitation is None:
        return
    link = _link(request, invitation)
    services.send_invitation(invitation, link)
    messages.success(
        request,
        _("Invitation sent to %(email)s. The link, to pass on yourself if needed: %(link)s")
        % {"email": invitation.email, "link": link},
    )


# --- the site administrator's page ---------------------------------------------------------


@login_required
def manage(request: HttpRequest) -> HttpResponse:
    """Accounts (disable one, allow it to create events), the site setting for who may
    create events, and invitations to create an account."""
    services.require_site_admin(request.user)
    if request.method == "POST":
        action = request.POST.get("action", "")
        if action == "setting":
            setting = forms.SiteSettingsForm(request.POST)
            if setting.is_valid():
                _acting(
                    request,
                    lambda: services.set_event_creation(
                        setting.cleaned_data["event_creation"], request.user
                    ),
                    _("Setting saved."),
                )
        elif action == "invite":
            invite = forms.AccountInviteForm(request.POST)
            if invite.is_valid():
                _send(
                    request,
                    _acting(
                        request,
                        lambda: services.invite(invite.cleaned_data["email"], request.user),
                    ),
                )
            else:
                messages.error(request, _("Enter a valid e-mail address."))
        elif action in ("disable", "enable", "allow", "disallow"):
            account = get_object_or_404(User, pk=request.POST.get("user") or 0)
            if action in ("disable", "enable"):
                _acting(
                    request,
                    lambda: services.set_account_active(account, action == "enable", request.user),
                    _("Account %(name)s enabled.") % {"name": account.get_username()}
                    if action == "enable"
                    else _("Account %(name)s disabled.") % {"name": account.get_username()},
                )
            else:
                _acting(
                    request,
                    lambda: services.allow_event_creation(account, action == "allow", request.user),
                    _("Saved."),
                )
        return redirect("accounts:manage")
    accounts = User.objects.order_by("username").prefetch_related("user_permissions")
    rows = [
        {
            "account": account,
            "may_create": account.is_superuser
            or any(
                f"{p.content_type.app_label}.{p.codename}" == services.CREATE_EVENTS
                for p in account.user_permissions.all()
            ),
            "roles": account.event_roles.count(),
        }
        for account in accounts.prefetch_related("user_permissions__content_type")
    ]
    return render(
        request,
        "accounts/manage.html",
        {
            "rows": rows,
            "setting_form": forms.SiteSettingsForm(
                initial={"event_creation": models.SiteSettings.current().event_creation}
            ),
            "invite_form": forms.AccountInviteForm(),
            "invitations": models.Invitation.objects.filter(
                event__isnull=True, accepted_at__isnull=True
            ),
        },
    )


# --- an invitation --------------------------------------------------------------------------


def invitation(request: HttpRequest, token: str) -> HttpResponse:
    """Create an account from the link (or accept it with the signed-in account)."""
    found = get_object_or_404(models.Invitation, token=token)
    problem = services.invitation_problem(found)
    form = forms.SignUpForm(request.POST or None)
    if request.method == "POST" and problem is None:
        user: Any = None
        if request.user.is_authenticated and request.POST.get("action") == "accept":
            user = request.user
        elif form.is_valid():
            user = form.save(commit=False)
            user.email = found.email
            user.save()
        if user is not None:
            accepted = _acting(request, lambda: services.accept(found, user) or True)
            if accepted:
                if not request.user.is_authenticated:
                    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
                messages.success(request, _("Welcome, %(name)s.") % {"name": user.get_username()})
                if found.event is not None:
                    return redirect("events:event_detail", slug=found.event.slug)
                return redirect("events:event_list")
    return render(
        request,
        "accounts/invitation.html",
        {"invitation": found, "problem": problem, "form": form},
    )


# --- an event's roles -----------------------------------------------------------------------


def _teams(event: event_models.Event) -> list[Any]:
    from crosstable_web.teams.models import Team

    return list(
        Team.objects.filter(section__event=event)
        .select_related("section", "captain")
        .order_by("section__position", "number")
    )


@login_required
def event_roles(request: HttpRequest, slug: str) -> HttpResponse:
    """Who organises, arbitrates and captains the event: give a role to an account found by
    name, or invite by e-mail; take a role away. Organisers only; every change is audited."""
    event = get_object_or_404(event_models.Event, slug=slug)
    event_time.activate(event)
    permissions.require_organiser(request.user, event)
    teams = _teams(event)
    team_choices = [(str(t.pk), f"{t.section.key}/{t.number} {t.name}") for t in teams]
    invite_form = forms.RoleInviteForm(teams=team_choices)
    if request.method == "POST":
        action = request.POST.get("action", "")
        team = next((t for t in teams if str(t.pk) == request.POST.get("team")), None)
        role = request.POST.get("role", "")
        if action in ("grant", "revoke"):
            account = get_object_or_404(User, pk=request.POST.get("user") or 0, is_active=True)
            names = {"name": account.get_username(), "role": _role_name(role)}
            if action == "grant":
                _acting(
                    request,
                    lambda: services.grant(event, account, role, request.user, team),
                    _("%(name)s is now %(role)s.") % names,
                )
            else:
                _acting(
                    request,
                    lambda: services.revoke(event, account, role, request.user, team),
                    _("%(name)s is no longer %(role)s.") % names,
                )
            return redirect(reverse("accounts:event_roles", args=[slug]))
        if action == "invite":
            invite_form = forms.RoleInviteForm(request.POST, teams=team_choices)
            if invite_form.is_valid():
                values = invite_form.cleaned_data
                _send(
                    request,
                    _acting(
                        request,
                        lambda: services.invite(
                            values["email"], request.user, event, values["role"], team
                        ),
                    ),
                )
                return redirect(reverse("accounts:event_roles", args=[slug]))
    query = request.GET.get("q", "")
    roles = event.roles.select_related("user").order_by("role", "user__username")
    return render(
        request,
        "accounts/event_roles.html",
        {
            "event": event,
            "organisers": [r.user for r in roles if r.role == event_models.Role.ORGANISER],
            "chief": next(
                (r.user for r in roles if r.role == event_models.Role.CHIEF_ARBITER), None
            ),
            "arbiters": [r.user for r in roles if r.role == event_models.Role.ARBITER],
            "grantable": forms.ROLE_CHOICES,
            "teams": teams,
            "query": query,
            "found": services.search_accounts(query),
            "invite_form": invite_form,
            "invitations": event.invitations.filter(accepted_at__isnull=True).select_related(
                "team", "created_by"
            ),
        },
    )


def _role_name(role: str) -> str:
    names = dict(models.InvitedRole.choices)
    return str(names.get(role, role)).lower() if role else role
