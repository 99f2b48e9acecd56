"""WSGI entry point (gunicorn skatclub.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skatclub.settings")
application = get_wsgi_application()
