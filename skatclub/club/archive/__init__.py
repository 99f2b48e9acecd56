"""The club archive (docs/spec/archive-format.md): check, import and export.

Import runs in two passes. The first (`check`, `results`) checks every part of the archive and
values every game with the engine, without writing anything, and collects all problems (up to
`MAX_PROBLEMS`); an archive with a single problem imports nothing. The second (`write`) writes
the checked `Plan` (`plan`) in one transaction with bulk inserts. `export` writes an archive
back, so that export(import(x)) == x. This package module only re-exports the public names.
"""

from skatclub.club.archive.check import check_archive, parse_archive, read_archive
from skatclub.club.archive.export import export_archive
from skatclub.club.archive.plan import FORMAT, ArchiveError, ImportSummary, Plan
from skatclub.club.archive.problems import MAX_PROBLEMS
from skatclub.club.archive.stream import import_file
from skatclub.club.archive.write import import_archive, paused_gc, write_plan

__all__ = [
    "FORMAT",
    "MAX_PROBLEMS",
    "ArchiveError",
    "ImportSummary",
    "Plan",
    "check_archive",
    "export_archive",
    "import_archive",
    "import_file",
    "paused_gc",
    "parse_archive",
    "read_archive",
    "write_plan",
]
