"""The server's start page when it hosts several clubs: which clubs there are, each with its
own pages under /v/<slug>/ (see `tenancy`)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from skatclub.club.models import Club


def club_index(request: HttpRequest) -> HttpResponse:
    clubs = Club.objects.order_by("name")
    return render(request, "club/club_index.html", {"clubs": clubs})
