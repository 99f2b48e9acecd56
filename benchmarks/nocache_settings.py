"""The project's settings without the PDF cache: the "before" of benchmarks/pdf_concurrency.py."""

from skatclub.settings import *  # noqa: F403

CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
