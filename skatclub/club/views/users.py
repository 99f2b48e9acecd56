"""The Spielwart's page of logins: create Spielwarte and Prüfer, roles, new password, switch off.

A new or reset password is shown exactly once (kept in the session until the next page view,
never stored in clear). Every view is `@spielwart_required`; writes go through
`services.users` and redirect with a German message.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordChangeForm
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.views.decorators.http import require_POST

from skatclub.club import services
from skatclub.club.forms.logins import SHORT_ROLES, LoginForm, RolesForm
from skatclub.club.services import EntryError
from skatclub.club.views.lookups import INVALID
from skatclub.club.views.permissions import spielwart_required

SHOWN_ONCE = "one_time_password"


@spielwart_required
def login_list(request: HttpRequest) -> HttpResponse:
    form = LoginForm(request.POST or None, initial={"roles": ["spielwart"]})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            user, password = services.create_login(
                username=data["username"], name=data["name"], roles=data["roles"], by=request.user
            )
        except EntryError as error:
            form.add_error("username", error.message)
        else:
            request.session[SHOWN_ONCE] = [user.username, password]
            messages.success(request, f"Anmeldung „{user.username}“ angelegt.")
            return redirect("spielwart-users")
    rows = [
        {"user": user, "roles": services.roles_of(user)}
        for user in services.logins().prefetch_related("club_roles").order_by("username")
    ]
    context = {
        "rows": rows,
        "others": services.other_logins().order_by("username"),
        "form": form,
        "shown_once": request.session.pop(SHOWN_ONCE, None),
        "role_choices": SHORT_ROLES,
    }
    return render(
        request, "club/spielwart_users.html", context, status=INVALID if form.errors else 200
    )


@login_required
def password_change(request: HttpRequest) -> HttpResponse:
    """Every login changes its own password here (after a one-time password, for instance)."""
    user = request.user
    assert isinstance(user, User)  # login_required
    form = PasswordChangeForm(user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        update_session_auth_hash(request, form.save())
        messages.success(request, "Das Passwort ist geändert.")
        return redirect("home")
    status = INVALID if form.errors else 200
    return render(request, "club/password_change.html", {"form": form}, status=status)


@spielwart_required
@require_POST
def login_change(request: HttpRequest, pk: int) -> HttpResponse:
    user = get_object_or_404(services.logins(), pk=pk)
    action = request.POST.get("action")
    try:
        if action == "roles":
            form = RolesForm(request.POST)
            if not form.is_valid():
                raise EntryError("bad_role", "Rollen sind Spielwart und Prüfer.")
            services.set_roles(user=user, roles=form.cleaned_data["roles"], by=request.user)
            messages.success(request, f"Rollen von „{user.username}“ gespeichert.")
        elif action in ("activate", "deactivate"):
            services.set_login_active(user=user, active=action == "activate", by=request.user)
            state = "wieder aktiv" if action == "activate" else "abgeschaltet"
            messages.success(request, f"Anmeldung „{user.username}“ ist {state}.")
        elif action == "password":
            password = services.reset_password(user=user, by=request.user)
            request.session[SHOWN_ONCE] = [user.username, password]
            messages.success(request, f"Neues Passwort für „{user.username}“.")
        else:
            raise EntryError("bad_action", "Unbekannte Aktion.")
    except EntryError as error:
        messages.error(request, error.message)
    return redirect("spielwart-users")


urlpatterns = [
    path("spielwart/anmeldungen/", login_list, name="spielwart-users"),
    path("spielwart/anmeldungen/<int:pk>/", login_change, name="spielwart-user-change"),
    path("passwort/", password_change, name="password-change"),
]
