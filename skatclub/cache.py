"""The cache shared by the server's processes: Django's file cache in the data folder, which
looks over its folder for room at most every `LOOK_SECONDS` in each process.

Django's `FileBasedCache` lists its whole folder on every write to see whether it holds more
than `MAX_ENTRIES` files (then it deletes a random third). On a championship day the server
writes several entries a second (each table's status, page and `/stand/` answer once per
change, the projector every two seconds), so that listing of up to 500 files was 5 % of a
server process's time (`py-spy`, `benchmarks/big_day.py`). Looking at most every few
seconds keeps the folder near its limit (a few dozen entries over it at most) for a
fraction of that.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

from django.core.cache.backends.filebased import FileBasedCache

LOOK_SECONDS = 5.0
# When each folder is next looked over, for the whole process: Django makes a cache object
# per thread.
_next_look: dict[str, float] = {}
_lock = threading.Lock()


class FolderCache(FileBasedCache):
    def __init__(self, dir: str, params: dict[str, Any]) -> None:
        super().__init__(dir, params)
        self._folder = os.path.abspath(dir)

    def _cull(self) -> None:
        now = time.monotonic()
        with _lock:
            if now < _next_look.get(self._folder, 0.0):
                return
            _next_look[self._folder] = now + LOOK_SECONDS
        FileBasedCache._cull(self)  # type: ignore[attr-defined]  # not in Django's stubs
