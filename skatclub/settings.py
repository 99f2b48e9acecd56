"""One settings module for every environment, driven by environment variables.

The defaults are those of the club's laptop serving the room's network over plain HTTP:
DEBUG off, a secret key generated once into the data folder, no HTTPS redirect.

DATABASE_URL    any database URL; default: SQLite file skatclub.sqlite3 in the data folder
SKATCLUB_DATA   the data folder (database, secret key, backups, log); default var/ in a checkout,
                the user's own (~/.local/share/skatclub) when installed as a package
SECRET_KEY      wins over the key kept in the data folder (var/secret_key)
DEBUG           "1" on a developer's machine only: Django's debug pages show code and settings
ALLOWED_HOSTS   comma-separated host names (`manage.py serve` sets the laptop's addresses)
HTTPS           "1" behind a TLS proxy: secure cookies, HTTPS redirect, HSTS; default off
SECURE_PROXY_SSL_HEADER  the header a TLS proxy sets, e.g. X-Forwarded-Proto; only then trusted
SKATCLUB_PROXY_HOPS  behind reverse proxies: how many append the client's address to
                X-Forwarded-For (1 for one nginx/Caddy); 0 (default): the header is not read
CONN_MAX_AGE    seconds a database connection is kept open (default 60, with health checks)
DATABASE_PREPARED  "0": PostgreSQL plans every statement anew (behind a pooler that keeps no
                prepared statements, e.g. PgBouncer before 1.21 in transaction mode); default:
                a statement run five times on a connection is prepared there
SKATCLUB_NAME   the club's name on pages and printouts
SKATCLUB_DAILY_BACKUP_HOURS  a backup while the server runs when the newest daily one is
                this old (default 24; 0: none; SQLite only)
SKATCLUB_BACKUP_DAYS  daily backups are kept this many days (default 30; the newest 3 always)
SKATCLUB_BACKUP_KEEP  backups before a risky step (new Serie, import, restore): the newest N
                are kept (default 30)
SKATCLUB_BACKUP_FREE_MB  a backup is taken only when the disk keeps twice the database's size
                plus this many MB free (default 200); else a risky step is refused
SKATCLUB_PAGE_FRESH_SECONDS  live and public pages are rendered at most once in this many
                seconds when their event changes (default 1; the start page ten times that;
                0: at every change; views/conditional.py)
SKATCLUB_TABLE_LINK_DAYS  a table's link stops writing this many days after its event's
                date (default 3); its page stays readable
"""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path

import dj_database_url
import django_stubs_ext

from skatclub.datafolder import (
    data_folder,
    default_location,
    private_database,
    private_folder,
    write_once,
)

# Generic Django classes (ModelAdmin[Player], QuerySet[Game]) subscriptable at run time too.
django_stubs_ext.monkeypatch()

PACKAGE_DIR = Path(__file__).resolve().parent
BASE_DIR = PACKAGE_DIR.parent


def shipped(name: str) -> Path:
    """templates/ or static/: inside the package when installed from a wheel (pyproject maps
    them there), at the top of the repository in a checkout or an editable install."""
    inside = PACKAGE_DIR / name
    return inside if inside.is_dir() else BASE_DIR / name


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def stored_secret_key(path: Path) -> str:
    """The key kept in the data folder, made once (random, readable by the owner only).

    Several server processes may start at once: each reads the same whole key, whichever
    wrote it (`datafolder.write_once`).
    """
    return write_once(path, secrets.token_urlsafe(50))


DATA_DIR = Path(os.environ.get("SKATCLUB_DATA") or default_location(BASE_DIR))
data_folder(DATA_DIR)  # 0711; what is private in it is 0600 and 0700 (datafolder.py)
DEBUG = env_bool("DEBUG", False)
SECRET_KEY = os.environ.get("SECRET_KEY") or stored_secret_key(DATA_DIR / "secret_key")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")
SKATCLUB_NAME = os.environ.get("SKATCLUB_NAME", "Skatclub")
SKATCLUB_DAILY_BACKUP_HOURS = int(os.environ.get("SKATCLUB_DAILY_BACKUP_HOURS", "24"))
SKATCLUB_BACKUP_DAYS = int(os.environ.get("SKATCLUB_BACKUP_DAYS", "30"))
SKATCLUB_BACKUP_KEEP = int(os.environ.get("SKATCLUB_BACKUP_KEEP", "30"))
SKATCLUB_BACKUP_FREE_MB = int(os.environ.get("SKATCLUB_BACKUP_FREE_MB", "200"))
SKATCLUB_PAGE_FRESH_SECONDS = float(os.environ.get("SKATCLUB_PAGE_FRESH_SECONDS", "1"))
SKATCLUB_TABLE_LINK_DAYS = int(os.environ.get("SKATCLUB_TABLE_LINK_DAYS", "3"))

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "axes",
    "django_tasks",
    "django_tasks_db",
    "skatclub.club",
]

# Background work (skatclub/club/tasks/): Django's Tasks API through the django-tasks backport,
# queued in the database (django-tasks-db), so a laptop needs nothing beyond SQLite and a
# Verband's PostgreSQL carries the queue for any number of workers (`manage.py worker`).
# SKATCLUB_TASKS=immediate runs each task at once in the process that starts it (the tests).
TASK_QUEUES = ["default", "print"]
# Printouts fetched in the last day are rendered again a minute after a change at the event's
# tables (tasks/printing.py), so the next visitor gets them at once.
SKATCLUB_WARM_PRINTS = env_bool("SKATCLUB_WARM_PRINTS", True)
TASKS = {
    "default": {
        "BACKEND": (
            "django_tasks.backends.immediate.ImmediateBackend"
            if os.environ.get("SKATCLUB_TASKS") == "immediate"
            else "django_tasks_db.DatabaseBackend"
        ),
        "QUEUES": TASK_QUEUES,
    }
}

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "skatclub.middleware.ContentSecurityPolicyMiddleware",
    # Serves static files under Granian without a separate web server config.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # Before CommonMiddleware: the slash redirect looks at the path without the club prefix.
    "skatclub.middleware.ClubMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "skatclub.middleware.BusyDatabaseMiddleware",
    "skatclub.middleware.DailyBackupMiddleware",
    # The device cookie after a login; warns of X-Forwarded-For without SKATCLUB_PROXY_HOPS.
    "skatclub.middleware.LoginDeviceMiddleware",
    # Last, as django-axes asks: counts failed logins and answers a locked-out login.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "skatclub.urls"
WSGI_APPLICATION = "skatclub.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [shipped("templates")],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "skatclub.club.views.context.club",
            ],
        },
    },
]

DEFAULT_SQLITE = f"sqlite:///{DATA_DIR / 'skatclub.sqlite3'}"
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or DEFAULT_SQLITE,
        # One connection per worker, kept and checked before reuse, not one per request.
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and (
    os.environ.get("DATABASE_PREPARED", "1") != "0"
):
    # A championship day runs the same few statements hundreds of times a second (a phone's
    # poll, the projector's state, a save's dozen): PostgreSQL plans them once per connection
    # instead of every time. The poll's join of link, table, Serie and event took 0.34 ms of
    # the database's time planned anew, 0.10 ms prepared (pgbench). Django leaves this off
    # for poolers' sake; psycopg prepares a statement after its fifth run.
    prepared = {"server_side_binding": True, "prepare_threshold": 5}
    DATABASES["default"]["OPTIONS"] = {**DATABASES["default"].get("OPTIONS", {}), **prepared}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets the public pages read while a Spielwart writes; IMMEDIATE takes the write lock
    # at the start of a transaction, so two writers queue in the busy timeout instead of one
    # failing half-way; after the timeout the Spielwart gets "bitte gleich noch einmal".
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 5,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
    }
    if DATABASES["default"]["NAME"] != ":memory:":
        Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
        private_database(Path(DATABASES["default"]["NAME"]))  # 0600, not the umask's 0644
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# An archive import on SQLite writes into a staging copy first (club/archive/staging.py).
DATABASE_ROUTERS = ["skatclub.club.archive.staging.StagingRouter"]

AUTHENTICATION_BACKENDS = [
    # axes' backend (refuses a locked-out login before the password) that knows device cookies
    "skatclub.club.services.login_devices.LoginLockBackend",
    # Django's ModelBackend, whose user comes with the club roles (one query less a request).
    "skatclub.club.auth.ClubBackend",
]
# Login throttling (django-axes, skatclub/login_throttle.py), the admin login too: 20 wrong
# passwords for one username from one client address lock that name from that address for
# half an hour (429, a German page with the wait). Per name *and* address: behind a proxy a
# lock per address alone locked out every club member, and the real Spielwart with them.
# The address is REMOTE_ADDR, or X-Forwarded-For's entry of our own proxy when the deployment
# says how many proxies append to it (SKATCLUB_PROXY_HOPS), so a client cannot pick his own.
SKATCLUB_PROXY_HOPS = int(os.environ.get("SKATCLUB_PROXY_HOPS", "0"))
# Written when a request with X-Forwarded-For arrives without SKATCLUB_PROXY_HOPS, so that
# `check --deploy` warns (skatclub.checks).
SKATCLUB_FORWARDED_MARKER = str(DATA_DIR / "forwarded-without-proxy-hops")
AXES_FAILURE_LIMIT = 20
AXES_COOLOFF_TIME = timedelta(minutes=30)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "skatclub.login_throttle.client_address"
AXES_LOCKOUT_CALLABLE = "skatclub.login_throttle.locked_out"
AXES_VERBOSE = False
AXES_USERNAME_CALLABLE = "skatclub.middleware.login_username"
# A browser that logged in as the name before is exempt from that lock and throttled on its
# own (device cookies, skatclub/club/services/login_devices.py): guessing from elsewhere locks
# out unknown devices only, never the Spielwart's laptop.
AXES_WHITELIST_CALLABLE = "skatclub.club.services.login_devices.trusted_device"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "spielwart-home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "de"
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Berlin")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = DATA_DIR / "static"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # WhiteNoise warns on every request without it
STATICFILES_DIRS = [shipped("static")]

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

# HTTPS is a decision of its own, not DEBUG's: the laptop in the club room serves plain HTTP on
# the room's network (cookies must work there), a server behind a TLS proxy sets HTTPS=1.
HTTPS = env_bool("HTTPS", False)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000" if HTTPS else "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_PRELOAD = HTTPS
if os.environ.get("SECURE_PROXY_SSL_HEADER"):
    # Only when a proxy is there to set it; otherwise any client could claim HTTPS.
    header = os.environ["SECURE_PROXY_SSL_HEADER"].strip().upper().replace("-", "_")
    SECURE_PROXY_SSL_HEADER = (f"HTTP_{header}", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True

# Uploads (the spreadsheet import): every file streams to a temporary file in the data folder
# and is dropped at the import's size limit (club/imports/upload.py), never held in memory;
# an upload's rows are kept as files in the upload folder between the import's steps.
FILE_UPLOAD_HANDLERS = ["skatclub.club.imports.upload.LimitedUpload"]
FILE_UPLOAD_TEMP_DIR = str(DATA_DIR / "tmp")
Path(FILE_UPLOAD_TEMP_DIR).mkdir(mode=0o700, exist_ok=True)  # Django checks that it exists
SKATCLUB_UPLOAD_DIR = Path(os.environ.get("SKATCLUB_UPLOAD_DIR") or DATA_DIR / "uploads")

# Rendered PDFs (printing/pdf_cache.py) and pages (views/conditional.py), shared by all server
# processes: on the laptop Django's file cache, looking for room at most every few seconds
# (cache.py); with REDIS_URL (or CACHE_URL) Django's own Redis cache, which every application
# server of a Verband shares (docs/operations.md, "Two servers behind a proxy").
CACHE_URL = os.environ.get("REDIS_URL") or os.environ.get("CACHE_URL") or ""
CACHES = {
    "default": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
            "TIMEOUT": 24 * 3600,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "skatclub"),
        }
        if CACHE_URL
        else {
            "BACKEND": "skatclub.cache.FolderCache",
            "LOCATION": str(DATA_DIR / "cache"),
            "TIMEOUT": 24 * 3600,
            "OPTIONS": {"MAX_ENTRIES": 500},
        }
    )
}

# Every error with its traceback on the console and in a rotating file in the data folder.
LOG_DIR = private_folder(DATA_DIR / "log")
private_folder(DATA_DIR / "locks")  # the PDF renderers' lock files (printing/pdf_cache.py)
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name} {process}: {message}", "style": "{"}
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "plain"},
        "file": {
            "class": "skatclub.datafolder.PrivateLogFile",  # a RotatingFileHandler, 0600
            "filename": str(LOG_DIR / "skatclub.log"),
            "maxBytes": 5 * 1024 * 1024,
            "backupCount": 5,
            "encoding": "utf-8",
            "formatter": "plain",
            "delay": True,
        },
    },
    "root": {"handlers": ["console", "file"], "level": "WARNING"},
    "loggers": {
        "django": {"handlers": ["console", "file"], "level": "WARNING", "propagate": False},
        "skatclub": {"handlers": ["console", "file"], "level": "INFO", "propagate": False},
    },
}
