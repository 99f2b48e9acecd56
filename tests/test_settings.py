"""Issue 16: safe defaults on the club's network. Settings are read in a fresh interpreter
with a clean environment, as `manage.py serve` or gunicorn would read them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client

ROOT = Path(__file__).resolve().parent.parent
SHOW = (
    "import json, django; django.setup(); from django.conf import settings as s; "
    "db = s.DATABASES['default']; print(json.dumps({"
    "'debug': s.DEBUG, 'key': s.SECRET_KEY, 'proxy': getattr(s, 'SECURE_PROXY_SSL_HEADER', None),"
    "'redirect': s.SECURE_SSL_REDIRECT, 'secure_cookies': s.SESSION_COOKIE_SECURE,"
    "'max_age': db['CONN_MAX_AGE'], 'health': db['CONN_HEALTH_CHECKS'], 'options': db['OPTIONS'],"
    "'log': s.LOGGING['handlers']['file']['filename'], 'cache': s.CACHES['default']}))"
)


def read_settings(data: Path, **env: str) -> dict[str, object]:
    clean = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY", "HTTPS"}}
    for name in ("DATABASE_URL", "REDIS_URL", "CACHE_URL"):
        clean.pop(name, None)
    clean |= {"DJANGO_SETTINGS_MODULE": "skatclub.settings", "SKATCLUB_DATA": str(data), **env}
    out = subprocess.run(
        [sys.executable, "-c", SHOW],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        check=True,
    )
    settings_shown: dict[str, Any] = json.loads(out.stdout)
    return settings_shown


def test_debug_is_off_and_a_secret_key_is_made_once_in_the_data_folder(tmp_path: Path) -> None:
    first = read_settings(tmp_path)
    assert first["debug"] is False
    key_file = tmp_path / "secret_key"
    assert key_file.read_text().strip() == first["key"]
    assert len(str(first["key"])) >= 50 and key_file.stat().st_mode & 0o077 == 0
    assert read_settings(tmp_path)["key"] == first["key"]  # kept, not made anew
    assert (
        read_settings(tmp_path, SECRET_KEY="from-the-environment")["key"] == "from-the-environment"
    )
    assert str(first["key"]) not in (ROOT / "skatclub" / "settings.py").read_text()


def test_the_proxy_header_is_trusted_only_when_configured(tmp_path: Path) -> None:
    assert read_settings(tmp_path)["proxy"] is None
    configured = read_settings(tmp_path, SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto")
    assert configured["proxy"] == ["HTTP_X_FORWARDED_PROTO", "https"]


def test_the_laptop_caches_in_its_data_folder_a_verband_in_the_shared_redis(
    tmp_path: Path,
) -> None:
    laptop = read_settings(tmp_path)["cache"]
    assert isinstance(laptop, dict) and laptop["BACKEND"] == "skatclub.cache.FolderCache"
    assert laptop["LOCATION"] == str(tmp_path / "cache")
    shared = read_settings(tmp_path, REDIS_URL="redis://127.0.0.1:6379/3")["cache"]
    assert isinstance(shared, dict)
    assert shared["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    assert shared["LOCATION"] == "redis://127.0.0.1:6379/3"


def test_plain_http_on_the_lan_by_default_https_when_switched_on(tmp_path: Path) -> None:
    lan = read_settings(tmp_path)
    assert lan["redirect"] is False and lan["secure_cookies"] is False
    proxied = read_settings(tmp_path, HTTPS="1")
    assert proxied["redirect"] is True and proxied["secure_cookies"] is True


def test_connections_are_kept_with_health_checks_and_errors_go_to_a_file(tmp_path: Path) -> None:
    shown = read_settings(tmp_path)
    assert shown["max_age"] == 60 and shown["health"] is True
    assert shown["log"] == str(tmp_path / "log" / "skatclub.log")


def test_an_error_is_logged_with_its_traceback_to_the_file(tmp_path: Path) -> None:
    code = (
        "import django, logging; django.setup(); "
        "log = logging.getLogger('django.request')\n"
        "try:\n    1 / 0\nexcept ZeroDivisionError:\n    log.exception('Fehler beim Abruf')"
    )
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "skatclub.settings",
        "SKATCLUB_DATA": str(tmp_path),
    }
    env.pop("DATABASE_URL", None)
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True)
    logged = (tmp_path / "log" / "skatclub.log").read_text()
    assert "Fehler beim Abruf" in logged and "ZeroDivisionError" in logged and "Traceback" in logged


def test_a_missing_page_is_german_and_shows_no_internals(client: Client, db: None) -> None:
    assert settings.DEBUG is False
    response = client.get("/gibt-es-nicht/")
    page = response.content.decode()
    assert response.status_code == 404
    assert "Seite nicht gefunden" in page
    assert "urls.py" not in page and "URLconf" not in page


def test_every_page_carries_the_content_security_policy(client: Client, db: None) -> None:
    policy = client.get("/")["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    assert "unsafe-inline" not in policy


@pytest.mark.parametrize("url", ["/anmelden/", "/admin/login/"])
def test_twenty_wrong_passwords_lock_the_login_in_german(
    client: Client, spielwart: User, url: str
) -> None:
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        response = client.post(url, {"username": "spielwart", "password": "falsch"})
        assert response.status_code == 200
    locked = client.post(url, {"username": "spielwart", "password": "falsch"})
    assert locked.status_code == 429
    assert "Anmeldung vorübergehend gesperrt" in locked.content.decode()
    right = client.post(url, {"username": "spielwart", "password": "geheim-und-lang-genug"})
    assert right.status_code == 429
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize("username", ["9" * 5000, "spiel\x00wart"], ids=["5000 chars", "NUL"])
def test_a_login_with_a_monstrous_username_is_refused_not_a_500(
    client: Client, db: None, username: str
) -> None:
    """Issue 16 (found by the hypothesis login test on PostgreSQL): axes stored the username
    as typed and broke its 255-character column."""
    response = client.post("/anmelden/", {"username": username, "password": "x"})
    assert response.status_code == 200


def test_postgresql_prepares_a_statement_it_runs_often_unless_told_not_to(tmp_path: Path) -> None:
    """A championship day's polls run the same statements hundreds of times a second; behind a
    pooler that keeps no prepared statements, DATABASE_PREPARED=0 turns it off."""
    url = "postgres://skat@db.example.org/skatclub"
    options = read_settings(tmp_path, DATABASE_URL=url)["options"]
    assert options == {"server_side_binding": True, "prepare_threshold": 5}
    assert read_settings(tmp_path, DATABASE_URL=url, DATABASE_PREPARED="0")["options"] == {}
    assert "prepare_threshold" not in str(read_settings(tmp_path)["options"])  # SQLite
    with_ssl = read_settings(tmp_path, DATABASE_URL=url + "?sslmode=require")["options"]
    assert with_ssl == {"sslmode": "require", **options}  # the URL's own options are kept
