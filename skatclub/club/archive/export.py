"""Exporting: the archive of all events (or of some), in the shape the import reads.

Reads Club, Player, Event, Round, Table, Seat, Game, TableTotal in a fixed number of queries;
games are written back with the `game`/`outcome` objects as stored. Writes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.conf import settings

from scoring.event_rules import archive_rules
from skatclub.club import tenancy
from skatclub.club.archive.matches import export_matches
from skatclub.club.archive.plan import FORMAT, ArchiveError
from skatclub.club.archive.tournament import (
    export_event_extras,
    export_player_extras,
    tournament_data,
)
from skatclub.club.models import (
    Club,
    Event,
    Game,
    Player,
    RamschScore,
    Round,
    Seat,
    Table,
    TableTotal,
)

# Where a table's results go in the archive, by how they were entered.
RESULT_KEYS: dict[str, str] = {
    Table.Entry.GAMES: "games",
    Table.Entry.TOTALS: "totals",
    Table.Entry.SCORES: "scores",
}


def export_archive(event_keys: Sequence[str] | None = None) -> dict[str, Any]:
    """The archive of all events (or of `event_keys`), in the shape import reads."""
    events = list(Event.objects.order_by("id"))
    if event_keys is not None:
        missing = set(event_keys) - {e.key for e in events}
        if missing:
            raise ArchiveError([f"Veranstaltung {key} gibt es nicht." for key in sorted(missing)])
        events = [e for e in events if e.key in set(event_keys)]
    structure = _export_structure(events)
    extras = tournament_data(events)
    seated = {p for table in structure["tables"].values() for p in table["seats"]}
    players = Player.objects.order_by("id")
    club = tenancy.current_club() or Club.objects.order_by("id").first()
    return {
        "format": FORMAT,
        "club": {"name": club.name if club else settings.SKATCLUB_NAME},
        "players": [_export_player(p) for p in players if event_keys is None or p.key in seated],
        "events": [_export_event(e, structure, extras) for e in events],
        **({"matches": matches} if (matches := export_matches()) and event_keys is None else {}),
    }


def _export_structure(events: list[Event]) -> dict[str, Any]:
    """Rounds, tables, seats, games and totals of `events`, read in a fixed number of queries."""
    # Every club's players: a member of another club may sit at this club's tables.
    keys = dict(Player.all_clubs.values_list("id", "key"))
    rounds: dict[int, list[dict[str, Any]]] = {e.pk: [] for e in events}
    round_by_id: dict[int, dict[str, Any]] = {}
    for r in (
        Round.objects.filter(event__in=events).order_by("id").values("id", "event_id", "number")
    ):
        round_by_id[r["id"]] = {"number": r["number"], "tables": []}
        rounds[r["event_id"]].append(round_by_id[r["id"]])
    tables: dict[int, dict[str, Any]] = {}
    for t in (
        Table.objects.filter(round_id__in=round_by_id)
        .order_by("id")
        .values("id", "round_id", "number", "entry", "recorded_note")
    ):
        table: dict[str, Any] = {"number": t["number"], "seats": []}
        table[RESULT_KEYS[t["entry"]]] = []
        if t["recorded_note"]:  # paper totals kept as recorded: the rules' objection
            table["recorded"] = {"reason": t["recorded_note"]}
        tables[t["id"]] = table
        round_by_id[t["round_id"]]["tables"].append(table)
    for table_id, player_id in (
        Seat.objects.filter(table_id__in=tables)
        .order_by("table_id", "position")
        .values_list("table_id", "player_id")
    ):
        tables[table_id]["seats"].append(keys[player_id])
    _export_games(tables, keys)
    for total in (
        TableTotal.objects.filter(table_id__in=tables)
        .order_by("id")
        .values("table_id", "player_id", "list_score", "won", "lost", "score")
    ):
        table = tables[total["table_id"]]
        player = keys[total["player_id"]]
        if "scores" in table:  # Wertungspunkte alone (imported history)
            table["scores"].append({"player": player, "score": total["score"]})
            continue
        line = {
            "player": player,
            "list_score": total["list_score"],
            "won": total["won"],
            "lost": total["lost"],
        }
        if total["score"] is not None:  # the club's own Wertung, kept as recorded
            line["score"] = total["score"]
        table.setdefault("totals", []).append(line)
    return {"rounds": rounds, "tables": tables}


def _export_games(tables: dict[int, dict[str, Any]], keys: dict[int, str]) -> None:
    rows = (
        Game.objects.filter(table_id__in=tables)
        .order_by("table_id", "number")
        .values_list(
            "id",
            "table_id",
            "number",
            "passed_in",
            "declarer_id",
            "declaration",
            "outcome",
            "ramsch",
            "as_recorded",
            "list_score",
            "deviation",
        )
        .iterator(chunk_size=10_000)
    )
    recorded_ramsch: dict[int, tuple[dict[str, Any], int]] = {}  # game id -> (its dict, table)
    for (
        game_id,
        table_id,
        number,
        passed_in,
        declarer_id,
        declaration,
        outcome,
        ramsch,
        *recorded,
    ) in rows:
        games = tables[table_id].setdefault("games", [])
        game: dict[str, Any] = (
            ({"ramsch": ramsch} if ramsch else {"passed": True})
            if passed_in
            else {"declarer": keys[declarer_id], "game": declaration, "outcome": outcome}
        )
        as_recorded, list_score, deviation = recorded
        if as_recorded and ramsch:  # the scores per seat follow below
            game["recorded"] = {"list_scores": [], "reason": deviation}
            recorded_ramsch[game_id] = (game, table_id)
        elif as_recorded:  # kept as the list recorded it: its value and the rules' objection
            game["recorded"] = {"list_score": list_score, "reason": deviation}
        if number != len(games) + 1:  # a gap: say which game this is
            game["number"] = number
        games.append(game)
    _export_recorded_ramsch(recorded_ramsch, tables, keys)


def _export_recorded_ramsch(
    games: dict[int, tuple[dict[str, Any], int]],
    tables: dict[int, dict[str, Any]],
    keys: dict[int, str],
) -> None:
    """A Ramsch kept as recorded: its recorded score per seat, `[[seat, score], …]` by seat
    (these games are few: one query for all of them)."""
    if not games:
        return
    scores = RamschScore.objects.filter(game_id__in=games).values_list(
        "game_id", "player_id", "list_score"
    )
    for game_id, player_id, score in scores:
        game, table_id = games[game_id]
        seat = tables[table_id]["seats"].index(keys[player_id]) + 1
        game["recorded"]["list_scores"].append([seat, score])
    for game, _ in games.values():
        game["recorded"]["list_scores"].sort()


def _export_player(player: Player) -> dict[str, Any]:
    row: dict[str, Any] = {"key": player.key, "name": player.name}
    if player.is_guest:
        row["guest"] = True
    row.update(export_player_extras(player))
    return row


DEFAULT_RAMSCH_RULES = {"scoring": "loser_only", "tie_rule": None, "durchmarsch_doubled": False}


def _export_event(
    event: Event, structure: dict[str, Any], extras: dict[str, Any]
) -> dict[str, Any]:
    row: dict[str, Any] = {
        "key": event.key,
        "name": event.name,
        "date": event.date.isoformat(),
        "ruleset": event.ruleset,
    }
    # Every declared rule at its place, left out where it is the default (scoring.event_rules).
    row.update({k: v for k, v in archive_rules(event.rules).items() if k != "ruleset"})
    row.update(export_event_extras(event, extras))
    row["rounds"] = structure["rounds"][event.pk]
    return row
