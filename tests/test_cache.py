"""The cache shared by the server's processes looks over its folder for room at most every few
seconds, not on every write (skatclub/cache.py)."""

from __future__ import annotations

from pathlib import Path

from skatclub import cache as shared
from skatclub import settings
from skatclub.cache import FolderCache


def files(folder: Path) -> int:
    return sum(1 for name in folder.iterdir() if name.suffix == ".djcache")


def test_the_server_uses_the_folder_cache() -> None:  # (the tests run without a cache)
    assert settings.CACHES["default"]["BACKEND"] == "skatclub.cache.FolderCache"


def test_writes_look_over_the_folder_at_most_every_few_seconds_and_then_make_room(
    tmp_path: Path,
) -> None:
    cache = FolderCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 9}})
    for number in range(30):
        cache.set(f"page-{number}", number)
    assert files(tmp_path) == 30  # looked over before the first write only (then empty)
    assert cache.get("page-29") == 29
    shared._next_look[str(tmp_path)] = 0.0  # the seconds have passed
    cache.set("one-more", 1)
    assert files(tmp_path) == 30 - 30 // 3 + 1  # a third went, as Django's file cache culls
    assert cache.get("one-more") == 1


def test_another_thread_of_the_process_does_not_look_again(tmp_path: Path) -> None:
    first = FolderCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 2}})
    second = FolderCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 2}})  # as Django's per thread
    first.set("a", 1)
    for number in range(5):
        second.set(f"b{number}", number)
    assert files(tmp_path) == 6
