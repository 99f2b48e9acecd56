"""Archives for the import tests: the documented example, `import_archive` run as a command,
and what a refused import must leave (nothing) and say (German lines)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command

from skatclub.club.archive import ArchiveError
from skatclub.club.models import Change, Club, Event, Game, Player, Season
from tests.helpers.history import CAP

EVENT_KEY = "2026-11-20-preisskat"  # the event of the example

ARCHIVE_FORMAT = Path(__file__).resolve().parents[2] / "docs" / "spec" / "archive-format.md"


def spec_example() -> dict[str, Any]:
    """The example of docs/spec/archive-format.md (its first JSON block), read from the page
    itself, so that the documented example is the one that is imported and exported here."""
    text = ARCHIVE_FORMAT.read_text(encoding="utf-8")
    block = text.split("```json\n", 1)[1].split("```", 1)[0]
    data: dict[str, Any] = json.loads(block)
    return data


def run_import(tmp_path: Path, data: Any, *args: str) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of `import_archive`; `data` str is written as is."""
    path = tmp_path / "archiv.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("import_archive", str(path), *args, stdout=out, stderr=err)
    except SystemExit as stop:
        return int(stop.code or 0), out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def table_one(data: dict[str, Any]) -> dict[str, Any]:
    """Table 1 of Serie 1 of the archive's first event."""
    table: dict[str, Any] = data["events"][0]["rounds"][0]["tables"][0]
    return table


def nothing_imported() -> bool:
    return not (
        Event.objects.exists()
        or Game.objects.exists()
        or Player.objects.exists()
        or Club.objects.exclude(name=settings.SKATCLUB_NAME).exists()
        or Season.objects.exists()
        or Change.objects.exists()
    )


GERMAN = re.compile(
    r"\b(der|die|das|ein|eine|einem|ist|sind|hat|nicht|kein|keine|muss|braucht|steht|gibt|"
    r"fehlt|fehlen|oder|und|zu|mit|für|wird|schon|auf|sitzt)\b|[„äöüß]",
    re.IGNORECASE,
)


def german_lines(error: ArchiveError) -> bool:
    """The refusal has problem lines, each short and German."""
    return bool(error.problems) and all(
        isinstance(line, str) and 0 < len(line) <= 300 and GERMAN.search(line) is not None
        for line in error.problems
    )


def capped_archive() -> dict[str, Any]:
    """The spec's example with Ramsch and the loss cap at table 1 (3 of 4 seats play)."""
    data = spec_example()
    event = data["events"][0]
    event.update(ruleset="isko", house_rules={"ramsch": True})
    event["ramsch_rules"] = {
        "scoring": "loser_only",
        "tie_rule": None,
        "durchmarsch_doubled": False,
        "loss_cap": CAP,
    }
    deal = {"pushes": 2, "knocks": 0, "virgins": [4], "durchmarsch": None, "last_trick": None}
    table_one(data)["games"] = [
        # game 1: anna deals and sits out; bernd 70 Augen × 4 × 2 = -560, capped -250
        {"ramsch": {"card_points": [[2, 70], [3, 50], [4, 0]], **deal, "bock": 0}},
        # game 2: the list says -200 for carla, the rules (55 Augen, no doubling) -55
        {
            "ramsch": {
                "card_points": [[1, 25], [3, 55], [4, 40]],
                **{**deal, "pushes": 0, "virgins": []},
                "bock": 0,
            },
            "recorded": {"list_scores": [[3, -200]]},
        },
    ]
    return data
