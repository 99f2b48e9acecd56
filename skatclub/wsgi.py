"""WSGI entry point (`granian skatclub.wsgi:application --interface=wsgi`, as `serve` runs it)."""

import gc
import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skatclub.settings")
application = get_wsgi_application()

# Load every view now and hide what is loaded from the garbage collector: a ranking page
# builds thousands of rows, which otherwise sets off full collections over all of Django's
# objects (measured: every second season-ranking request took 60 ms longer).
get_resolver().url_patterns  # noqa: B018
gc.freeze()
