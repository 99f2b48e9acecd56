"""The archive import on the Spielwart's page: upload, check, preview, confirm, undo.

The upload (plain JSON, or one JSON file in a .zip or .gz) is unpacked within `MAX_PAGE_BYTES`
in the request (a zip bomb, a broken zip or a file that is no UTF-8 text is refused at once)
and kept as a file in the upload folder (0600, a random name on `ArchiveImport.archive_file`)
until it is imported or discarded. Everything that takes time runs as a background job
(`skatclub.club.tasks.archive`): `check_upload` parses and checks it in the mode chosen and
keeps what confirming would do (`ArchivePreview`) on the import for the preview page;
`confirm_archive` imports it with `write.import_archive` (backup first, all or nothing,
staged on SQLite) and records what it created, which `undo_archive` removes again. Each is
told a `Progress`. The command line (`import_archive`) reads archives of any size.
Reads and writes: ArchiveImport, what `write` writes, files in the upload folder.
"""

from __future__ import annotations

import gzip
import os
import re
import secrets
import zipfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any, cast

from django.conf import settings
from django.db import transaction
from django.db.models import ProtectedError
from django.utils import timezone

from scoring.event_rules import EventRules, rules_of, stored_values
from skatclub.club import services
from skatclub.club.archive.check import check_archive, parse_archive
from skatclub.club.archive.models import ArchiveImport
from skatclub.club.archive.plan import ArchiveError, ImportSummary, Plan
from skatclub.club.archive.write import import_archive
from skatclub.club.models import Event, HistoryImport, Player, Season
from skatclub.club.services import Actor, NoProgress, Progress, acting_user

# What a web request reads unpacked: about 250,000 games, far more than a club's decades. A
# larger archive goes through `manage.py import_archive`, which streams it.
MAX_PAGE_BYTES = 40 * 1024 * 1024
CHUNK = 1024 * 1024
NAME = re.compile(r"^[0-9a-f]{32}\.json$")  # what `keep_archive` makes; nothing else is opened
GONE = "Das hochgeladene Archiv ist nicht mehr da; bitte die Datei neu hochladen."
# Flagged games listed with their own reason per kind of reason in the preview (the rest are
# counted): enough for every game of a club's history that is worth a look before importing.
SHOWN_PER_REASON = 200


def too_big() -> str:
    return (
        f"Das Archiv ist entpackt größer als {MAX_PAGE_BYTES // (1024 * 1024)} MB. So große "
        "Archive bitte auf dem Server mit „python manage.py import_archive DATEI "
        "--as-recorded“ importieren."
    )


def read_upload(file: IO[bytes], filename: str) -> str:
    """The archive's JSON text from an upload: plain, or the one .json file of a .zip, or
    gzip; never more than MAX_PAGE_BYTES unpacked (a zip bomb stops there). ArchiveError
    with a German reason otherwise."""
    head = file.read(4)
    file.seek(0)
    if head.startswith(b"PK"):
        raw = _from_zip(file)
    elif head.startswith(b"\x1f\x8b"):
        raw = _bounded(cast(IO[bytes], gzip.GzipFile(fileobj=file, mode="rb")))
    else:
        raw = _bounded(file)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ArchiveError(
            [f"Die Datei {filename[:80]} ist kein UTF-8-Text (Byte {error.start})."]
        ) from None


def _from_zip(file: IO[bytes]) -> bytes:
    try:
        with zipfile.ZipFile(file) as archive:
            names = [i for i in archive.infolist() if not i.is_dir()]
            if len(names) != 1 or not names[0].filename.lower().endswith(".json"):
                raise ArchiveError(["Die ZIP-Datei muss genau eine Archivdatei (.json) enthalten."])
            with archive.open(names[0]) as inner:
                return _bounded(inner)
    except (zipfile.BadZipFile, NotImplementedError, RuntimeError):
        raise ArchiveError(["Die ZIP-Datei ist beschädigt oder verschlüsselt."]) from None


def _bounded(stream: IO[bytes]) -> bytes:
    """All of `stream`, read piece by piece; refused as soon as it passes MAX_PAGE_BYTES."""
    parts, size = [], 0
    try:
        while chunk := stream.read(CHUNK):
            size += len(chunk)
            if size > MAX_PAGE_BYTES:
                raise ArchiveError([too_big()])
            parts.append(chunk)
    except (OSError, EOFError, zipfile.BadZipFile):
        raise ArchiveError(["Die gepackte Datei ist beschädigt."]) from None
    return b"".join(parts)


def upload_archive(
    file: IO[bytes],
    filename: str,
    as_recorded: bool,
    user: Actor,
    rules: EventRules | None = None,
) -> ArchiveImport:
    """Unpack the upload, keep it, and record it as uploaded (fast: the check is a job of its
    own, `check_upload`). ArchiveError (German) for a file that cannot even be unpacked."""
    text = read_upload(file, filename)
    return ArchiveImport.objects.create(
        filename=(filename or "archiv.json")[:200],
        archive_file=_keep(text),
        as_recorded=as_recorded,
        rules=stored_values(rules) if rules is not None else {},
        created_by=acting_user(user),
    )


def chosen_rules(pending: ArchiveImport) -> EventRules | None:
    """The rules the import page chose for events whose archive states none."""
    return rules_of(pending.rules) if pending.rules else None


def _folder() -> Path:
    path = Path(settings.SKATCLUB_UPLOAD_DIR)
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    path.chmod(0o700)
    return path


def _keep(text: str) -> str:
    name = f"{secrets.token_hex(16)}.json"
    path = _folder() / name
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as target:
        target.write(text)
    return name


def _kept(pending: ArchiveImport) -> Any:
    """The kept archive, parsed; ArchiveError when it is gone or not ours."""
    name = pending.archive_file
    path = _folder() / name if NAME.match(name or "") else None
    if path is None or not path.is_file():
        raise ArchiveError([GONE])
    return parse_archive(path.read_text(encoding="utf-8"), max_bytes=MAX_PAGE_BYTES)


def _remove(name: str) -> None:
    if NAME.match(name or ""):
        path = _folder() / name
        transaction.on_commit(lambda: path.unlink(missing_ok=True))


@dataclass(frozen=True)
class Flagged:
    """One kind of reason the rules disagree with the list, and the games it concerns, each
    with its own reason (their numbers differ: "Erfasst sind +120 …, nach den Regeln +144")."""

    kind: str  # the reason without its numbers (`reason_kind`), the group's heading
    count: int
    # ("Veranstaltung x, Serie 1, Tisch 1, Spiel 7", that game's full reason), the first
    # SHOWN_PER_REASON
    games: list[tuple[str, str]]


@dataclass
class ArchivePreview:
    """What confirming would do, in numbers the page says in words; or why it is refused."""

    problems: list[str] = field(default_factory=list)
    events: int = 0
    rounds: int = 0
    tables: int = 0
    games: int = 0
    players_new: list[str] = field(default_factory=list)
    players_known: list[str] = field(default_factory=list)
    first_date: str = ""
    last_date: str = ""
    flagged: list[Flagged] = field(default_factory=list)
    totals_flagged: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def flagged_games(self) -> int:
        return sum(group.count for group in self.flagged)

    def stored(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_stored(cls, raw: dict[str, Any]) -> ArchivePreview:
        flagged = [
            Flagged(g["kind"], g["count"], [(place, why) for place, why in g["games"]])
            for g in raw.get("flagged", [])
        ]
        return cls(**{**raw, "flagged": flagged})


def mode_name(as_recorded: bool) -> str:
    return "recorded" if as_recorded else "strict"


def check_upload(
    pending: ArchiveImport, as_recorded: bool, progress: Progress | None = None
) -> ArchivePreview:
    """Parse and check the kept archive in the mode chosen and keep on the import what
    confirming would write (or why it is refused), for the preview page. A file that is no
    archive at all is refused for good: its import is marked refused and its file removed."""
    progress = progress or NoProgress()
    progress.step("Archiv lesen")
    try:
        data = _kept(pending)
    except ArchiveError as refused:
        preview = ArchivePreview(problems=refused.problems)
        with transaction.atomic():
            _remove(pending.archive_file)
            ArchiveImport.objects.filter(pk=pending.pk).update(
                status=ArchiveImport.Status.REFUSED,
                archive_file="",
                previews={mode_name(as_recorded): preview.stored()},
            )
        return preview
    rules = chosen_rules(pending)
    try:
        plan = check_archive(data, as_recorded=as_recorded, rules=rules, progress=progress)
    except ArchiveError as refused:
        preview = ArchivePreview(problems=refused.problems)
    else:
        progress.step("Vorschau zusammenstellen")
        preview = describe(plan)
    with transaction.atomic():
        locked = ArchiveImport.objects.select_for_update().get(pk=pending.pk)
        locked.previews = {**locked.previews, mode_name(as_recorded): preview.stored()}
        locked.save(update_fields=["previews"])
    return preview


def stored_preview(pending: ArchiveImport, as_recorded: bool) -> ArchivePreview | None:
    """The preview `check_upload` kept for this mode, if it ran."""
    raw = pending.previews.get(mode_name(as_recorded))
    return None if raw is None else ArchivePreview.from_stored(raw)


def describe(plan: Plan) -> ArchivePreview:
    seated = {k for e in plan.events for r in e.rounds for t in r.tables for k in t.seats}
    listed = {p["key"]: p["name"] for p in plan.players}
    known = dict(Player.objects.filter(key__in=seated | set(listed)).values_list("key", "name"))
    dates = sorted(e.fields["date"].isoformat() for e in plan.events)
    preview = ArchivePreview(
        events=len(plan.events),
        rounds=sum(len(e.rounds) for e in plan.events),
        tables=sum(len(r.tables) for e in plan.events for r in e.rounds),
        games=plan.game_count,
        players_new=sorted(name for key, name in listed.items() if key not in known),
        players_known=sorted(known[key] for key in seated if key in known),
        first_date=dates[0] if dates else "",
        last_date=dates[-1] if dates else "",
        notes=[f"Veranstaltung {e.key}: {note}" for e in plan.events for note in e.notes],
    )
    groups: dict[str, list[tuple[str, str]]] = {}
    for event in plan.events:
        for round_ in event.rounds:
            for table in round_.tables:
                here = f"Veranstaltung {event.key}, Serie {round_.number}, Tisch {table.number}"
                preview.totals_flagged += bool(table.recorded_note)
                for number, _, fields, _, _ in table.games:
                    if fields.get("as_recorded"):
                        reason = fields["deviation"]
                        groups.setdefault(reason_kind(reason), []).append(
                            (f"{here}, Spiel {number}", reason)
                        )
    preview.flagged = [
        Flagged(kind, len(games), games[:SHOWN_PER_REASON])
        for kind, games in sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))
    ]
    return preview


NUMBER = re.compile(r"[-+]?\d+")
KIND_END = re.compile(r" \(|: |\. |, nach ")


def reason_kind(reason: str) -> str:
    """The kind of a reason: its first clause with the numbers left out ("Überreizt",
    "… Augen gibt es beim Ramsch nicht", "Erfasst sind … Spielpunkte")."""
    return KIND_END.split(NUMBER.sub("…", reason), maxsplit=1)[0]


def confirm_archive(
    pending: ArchiveImport, as_recorded: bool, user: Actor, progress: Progress | None = None
) -> ImportSummary:
    """Import the kept archive in the mode chosen and record what it created; ArchiveError
    (German) when it is refused, taken already, or its file is gone."""
    claimed = ArchiveImport.objects.filter(
        pk=pending.pk, status=ArchiveImport.Status.UPLOADED
    ).update(status=ArchiveImport.Status.IMPORTING, as_recorded=as_recorded)
    if not claimed:
        raise ArchiveError([f"Der Import „{pending.filename}“ ist nicht mehr offen."])
    progress = progress or NoProgress()
    try:
        progress.step("Archiv lesen")
        data = _kept(pending)
        events = [e.get("key") for e in data.get("events", []) if isinstance(e, dict)]
        keys = {p.get("key") for p in data.get("players", []) if isinstance(p, dict)}
        players_before = set(Player.objects.filter(key__in=keys).values_list("key", flat=True))
        years_before = set(Season.objects.values_list("year", flat=True))
        summary = import_archive(
            data, as_recorded=as_recorded, rules=chosen_rules(pending), progress=progress
        )
    except BaseException:
        ArchiveImport.objects.filter(pk=pending.pk).update(status=ArchiveImport.Status.UPLOADED)
        raise
    # /pruefen/ finds the page's import like the command's, and accepts its lists together.
    services.record_history_import(
        kind=HistoryImport.Kind.ARCHIVE,
        name=pending.filename,
        user=user,
        event_keys=[key for key in events if isinstance(key, str)],
    )
    new_years = set(Season.objects.values_list("year", flat=True)) - years_before
    new_players = set(Player.objects.filter(key__in=keys).values_list("key", flat=True))
    with transaction.atomic():
        _remove(pending.archive_file)
        pending.refresh_from_db()
        pending.status, pending.imported_at = ArchiveImport.Status.IMPORTED, timezone.now()
        pending.archive_file = ""
        pending.created = {
            "events": events,
            "players": sorted(new_players - players_before),
            "seasons": sorted(new_years),
        }
        pending.summary = summary_text(summary)[:300]
        pending.save()
    return summary


def summary_text(summary: ImportSummary) -> str:
    flagged = f", davon {summary.as_recorded} abweichend erfasst" if summary.as_recorded else ""
    return (
        f"{summary.events} Veranstaltungen, {summary.rounds} Serien, {summary.games} Spiele"
        f"{flagged}"
    )


def undo_archive(done: ArchiveImport) -> str:
    """Delete exactly what the import created: its events (with their Serien, tables, games
    and history), its new players and its new seasons. German text of what was deleted."""
    with transaction.atomic():
        locked = ArchiveImport.objects.select_for_update().get(pk=done.pk)
        if locked.status != ArchiveImport.Status.IMPORTED:
            raise ArchiveError(["Nur ein ausgeführter Import kann rückgängig gemacht werden."])
        created = locked.created
        events = Event.objects.filter(key__in=created.get("events", []))
        event_count = events.count()
        events.delete()
        players = Player.objects.filter(key__in=created.get("players", []))
        player_count = players.count()
        try:
            players.delete()
        except ProtectedError:
            raise ArchiveError(
                [
                    "Der Import kann nicht rückgängig gemacht werden: neu angelegte Spieler "
                    "haben inzwischen an anderen Veranstaltungen teilgenommen."
                ]
            ) from None
        seasons = Season.objects.filter(year__in=created.get("seasons", []), events__isnull=True)
        Season.objects.filter(pk__in=list(seasons.values_list("pk", flat=True))).delete()
        locked.status, locked.undone_at = ArchiveImport.Status.UNDONE, timezone.now()
        locked.save(update_fields=["status", "undone_at"])
    done.refresh_from_db()
    return f"{event_count} Veranstaltungen und {player_count} neue Spieler gelöscht"


def interrupted_import(pending: ArchiveImport) -> None:
    """An import whose worker died: its transaction never committed, so nothing of it is in
    the database; it is open again for confirming."""
    ArchiveImport.objects.filter(pk=pending.pk, status=ArchiveImport.Status.IMPORTING).update(
        status=ArchiveImport.Status.UPLOADED
    )


def discard_archive(pending: ArchiveImport) -> None:
    """Forget an uploaded archive that was not imported (its file goes with it)."""
    if pending.status in (ArchiveImport.Status.UPLOADED, ArchiveImport.Status.REFUSED):
        _remove(pending.archive_file)
        pending.status, pending.archive_file = ArchiveImport.Status.DISCARDED, ""
        pending.save(update_fields=["status", "archive_file"])
