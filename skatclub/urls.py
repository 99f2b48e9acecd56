from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from skatclub.accounts import LoginView

urlpatterns = [
    path("admin/", admin.site.urls),
    path(
        "anmelden/",
        LoginView.as_view(),
        name="login",
    ),
    path("abmelden/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("skatclub.club.urls")),
]
