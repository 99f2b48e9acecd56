"""Logins through the login page, as a browser sends them (django-axes counts each)."""

from __future__ import annotations

from typing import Any

from django.test import Client

LOGIN = "/anmelden/"


def guess(client: Client, username: str, times: int, **meta: Any) -> int:
    """`times` wrong passwords; the status of the last answer."""
    status = 0
    for _ in range(times):
        response = client.post(LOGIN, {"username": username, "password": "falsch"}, **meta)
        status = response.status_code
    return status
