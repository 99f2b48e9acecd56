"""Checking one table's results: its games (each valued with the engine) or its totals.

Part of the check pass (see `check`): slots and totals are checked by `services`, games are
valued by `services.value_game`; nothing is written. `Memo` keeps verdicts already reached, so
that equal games are valued once and share one fields dict (which `write` encodes once).
Terms: Spielpunkte = `list_score`, eingepasst = `passed_in`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any

from scoring import Ruleset, ScoringError
from scoring.ramsch import RamschDeal
from scoring.rulesets import SPECS, check_ramsch
from scoring.value import MAX_BOCK
from skatclub.club.archive.plan import TablePlan
from skatclub.club.archive.problems import Problems, is_count, shown
from skatclub.club.archive.recorded import (
    HINT,
    kept_as_recorded,
    kept_ramsch,
    refused_strictly,
    refused_without_record,
)
from skatclub.club.archive.scores import MAX_SCORE, check_scores
from skatclub.club.models import Event, Player, Table
from skatclub.club.numbers import SMALL_MAX
from skatclub.club.services import (
    PASSED_FIELDS,
    EntryError,
    TotalLine,
    check_game_slot,
    check_ramsch_seats,
    house_rules_of,
    seat_scores,
    value_game,
    valued_ramsch,
)
from skatclub.club.services import check_totals as services_check_totals


@dataclass
class Memo:
    """Verdicts already reached for events with the same rules: the check is pure, so equal
    questions get equal answers (a million games hold a few ten thousand different ones)."""

    values: dict[Any, tuple[dict[str, Any], dict[str, Any], dict[str, Any]]] = field(
        default_factory=dict
    )
    slots: set[tuple[int, int, int | None]] = field(default_factory=set)
    # `import_archive --as-recorded`: keep games with a recorded value the rules disagree with.
    as_recorded: bool = False


def check_table_results(
    raw: dict[str, Any],
    event: Event,
    seats: list[str],
    known: dict[str, str],
    memo: Memo,
    here: str,
    problems: Problems,
) -> TablePlan | None:
    has_games, has_totals = "games" in raw, "totals" in raw
    if "scores" in raw:
        if has_games or has_totals:
            problems.add(here, "„scores“ steht allein, ohne „games“ und „totals“.")
            return None
        scores = check_scores(raw["scores"], seats, known, here, problems)
        return TablePlan(0, seats, Table.Entry.SCORES, totals=scores)
    if has_games == has_totals:
        problems.add(here, "Ein Tisch hat entweder „games“ (Spiel für Spiel) oder „totals“.")
        return None
    if has_totals:
        totals, note = _check_totals(raw["totals"], event, seats, known, here, problems, memo)
        return TablePlan(0, seats, Table.Entry.TOTALS, totals=totals, recorded_note=note)
    games = _check_games(raw["games"], event, seats, memo, here, problems)
    return TablePlan(0, seats, Table.Entry.GAMES, games=games)


def _check_games(
    raw: Any,
    event: Event,
    seats: list[str],
    memo: Memo,
    here: str,
    problems: Problems,
) -> list[tuple[int, str | None, dict[str, Any], Any, Any]]:
    if not isinstance(raw, list):
        problems.add(here, "„games“ muss eine Liste sein.")
        return []
    positions = {key: position for position, key in enumerate(seats, start=1)}
    games: list[tuple[int, str | None, dict[str, Any], Any, Any]] = []
    number = 0
    for item in raw:
        explicit = item.get("number") if isinstance(item, dict) else None
        if explicit is not None and (not is_count(explicit, SMALL_MAX) or explicit <= number):
            problems.add(f"{here}, Spiel {number + 1}", "Die Spielnummern müssen aufsteigen.")
            return games
        number = explicit or number + 1
        try:
            games.append(_checked_game(item, event, positions, number, memo))
        except (EntryError, ScoringError) as error:
            if getattr(error, "code", "") == "too_many_games":
                # one line for the whole surplus, not one per extra game
                problems.add(f"{here}, Spiel {number}", _too_long(error.message, raw))
                return games
            problems.add(f"{here}, Spiel {number}", _message(error))
    return games


def _too_long(message: str, raw: list[Any]) -> str:
    last = last_game_number(raw)
    return (
        f"{message} Diese Serie hat {last} Spiele. Weiter: mit „wie erfasst“ (--as-recorded) "
        f"übernehmen (Serienlänge aus dem Archiv) oder „games_per_round“ auf {last} setzen."
    )


def last_game_number(raw: Any) -> int:
    """The number of a table's last game as the archive counts them (0 for no list)."""
    number = 0
    for item in raw if isinstance(raw, list) else ():
        explicit = item.get("number") if isinstance(item, dict) else None
        number = explicit if is_count(explicit, SMALL_MAX) and explicit > number else number + 1
    return number


def _checked_game(
    raw: Any,
    event: Event,
    positions: dict[str, int],
    number: int,
    memo: Memo,
) -> tuple[int, str | None, dict[str, Any], Any, Any]:
    if not isinstance(raw, dict):
        raise EntryError("invalid_request", "Ein Spiel muss ein JSON-Objekt sein.")
    size = len(positions)
    if raw.get("passed") is True:
        _check_slot(event, size, number, None, memo)
        return (number, None, PASSED_FIELDS, None, None)
    if "ramsch" in raw:
        _check_slot(event, size, number, None, memo)
        return (number, None, _ramsch_game(event, raw, size, number, memo), None, None)
    declarer = raw.get("declarer")
    if not isinstance(declarer, str) or declarer not in positions:
        _check_slot(event, size, number, None, memo)
        if declarer is None:
            raise EntryError("invalid_request", "Alleinspieler („declarer“) fehlt.")
        who = f"„{declarer[:60]}“" if isinstance(declarer, str) else shown(declarer)
        raise EntryError("unknown_player", f"{who} sitzt nicht an diesem Tisch.")
    _check_slot(event, size, number, positions[declarer], memo)
    game, outcome = raw.get("game"), raw.get("outcome")
    if not isinstance(game, dict) or not isinstance(outcome, dict):
        raise EntryError("invalid_request", "Ansage („game“) und Ergebnis („outcome“) fehlen.")
    recorded = raw.get("recorded")
    if recorded is not None:
        valued = partial(_valued, event, game, outcome, memo)
        kept = kept_as_recorded(event, game, outcome, recorded, memo.as_recorded, valued)
        return (number, declarer, *kept)
    try:
        fields, game, outcome = _valued(event, game, outcome, memo)
    except ScoringError as error:
        raise (
            refused_without_record(error) if memo.as_recorded else refused_strictly(error)
        ) from None
    return (number, declarer, fields, game, outcome)


def _check_slot(event: Event, size: int, number: int, position: int | None, memo: Memo) -> None:
    """`services.check_game_slot`, asked once per (table size, game number, declarer seat)."""
    if (size, number, position) not in memo.slots:
        check_game_slot(event=event, table_size=size, number=number, declarer_position=position)
        memo.slots.add((size, number, position))


def _ramsch_game(
    event: Event, raw: dict[str, Any], size: int, number: int, memo: Memo
) -> dict[str, Any]:
    """A Ramsch of the archive (`{"ramsch": {"card_points": [[seat, Augen], …], …, "bock": n}}`,
    seats as in the table's `seats` order) as the fields of an eingepasstes Spiel plus the
    scores per seat (`ramsch_scores`, written as `RamschScore` rows); with its recorded scores
    (`"recorded": {"list_scores": …}`) or refused by the rules, see `recorded.kept_ramsch`."""
    if not isinstance(raw["ramsch"], dict):
        raise EntryError("invalid_request", "„ramsch“ muss ein JSON-Objekt sein.")
    check_ramsch(SPECS[Ruleset(event.ruleset)], house_rules_of(event))
    deal = RamschDeal.from_dict(raw["ramsch"])
    check_ramsch_seats(deal, size, number)
    bock = raw["ramsch"].get("bock", 0)
    if not is_count(bock, MAX_BOCK):
        raise EntryError("invalid_request", f"„bock“ ist eine ganze Zahl von 0 bis {MAX_BOCK}.")

    def valued() -> dict[str, Any]:
        fields, scores = valued_ramsch(event, deal, bock)
        return {**fields, "ramsch_scores": scores}

    try:
        return kept_ramsch(event, deal, bock, raw.get("recorded"), memo.as_recorded, valued)
    except ScoringError as error:  # refused by the rules, kept nowhere: the way forward
        raise refused_strictly(error) from None


def _valued(
    event: Event, game: dict[str, Any], outcome: dict[str, Any], memo: Memo
) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """(engine fields, game, outcome); equal games (same keys, values and types) share all
    three objects, so that the writer encodes each different game only once."""
    key: Any = (
        tuple(game.items()),
        tuple(map(type, game.values())),
        tuple(outcome.items()),
        tuple(map(type, outcome.values())),
    )
    try:
        known = memo.values.get(key)
    except TypeError:  # a list or object inside: unhashable, and the engine will refuse it
        known, key = None, None
    if known is None:
        fields = value_game(event=event, declaration=game, outcome=outcome).fields()
        del fields["declaration"], fields["outcome"]
        known = (fields, game, outcome)
        if key is not None:
            memo.values[key] = known
    return known


def _check_totals(
    raw: Any,
    event: Event,
    seats: list[str],
    known: dict[str, str],
    here: str,
    problems: Problems,
    memo: Memo,
) -> tuple[list[dict[str, Any]], str]:
    """The checked totals, and why the rules refuse them where the import keeps them "as
    recorded" (`memo.as_recorded`; the strict import refuses them)."""
    if not isinstance(raw, list):
        problems.add(here, "„totals“ muss eine Liste sein.")
        return [], ""
    count = len(problems.lines)
    lines: dict[str, dict[str, Any]] = {}
    for item in raw:
        player = item.get("player") if isinstance(item, dict) else None
        if player not in seats:
            problems.add(here, f"Summe für {shown(player)}, der nicht an diesem Tisch sitzt.")
        elif player in lines:
            problems.add(here, f"Zwei Summen für {known.get(player, player)}.")
        elif not isinstance(item.get("list_score"), int) or isinstance(item["list_score"], bool):
            problems.add(
                here, f"{known.get(player, player)}: „list_score“ muss eine ganze Zahl sein."
            )
        elif not (is_count(item.get("won")) and is_count(item.get("lost"))):
            problems.add(
                here, f"{known.get(player, player)}: „won“ und „lost“ müssen Zahlen ≥ 0 sein."
            )
        elif "score" in item and not _is_score(item["score"]):
            problems.add(
                here,
                f"{known.get(player, player)}: „score“ muss eine ganze Zahl zwischen "
                f"-{MAX_SCORE} und {MAX_SCORE} sein.",
            )
        else:
            fields = ("player", "list_score", "won", "lost", "score")
            lines[player] = {k: item[k] for k in fields if k in item}
    if len(problems.lines) > count:
        return [], ""
    note = ""
    try:
        services_check_totals(
            event=event,
            table_size=len(seats),
            lines=[
                TotalLine(Player(key=k, name=known.get(k, k)), v["list_score"], v["won"], v["lost"])
                for k, v in lines.items()
            ],
        )
    except (EntryError, ScoringError) as error:
        if not memo.as_recorded:
            problems.add(here, error.message)
        note = error.message
    differing = _kept_scores(event, seats, lines, known)
    if differing and not memo.as_recorded:
        problems.add(here, f"{'; '.join(differing)}. {HINT}")
    if differing:
        note = f"{note} {'; '.join(differing)}.".strip()
    return list(lines.values()), note[:500]


def _is_score(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_SCORE


def _kept_scores(
    event: Event, seats: list[str], lines: dict[str, dict[str, Any]], known: dict[str, str]
) -> list[str]:
    """The club's own Wertung on a `totals` line (`"score"`, a paper list imported as
    recorded, `TableTotal.score`) where it differs from the Seeger-Fabian of the sums, one
    German line each; a `"score"` equal to the rules' is dropped (nothing is kept)."""
    if not any("score" in line for line in lines.values()) or set(lines) != set(seats):
        return []
    sums = [(lines[k]["list_score"], lines[k]["won"], lines[k]["lost"]) for k in seats]
    differing = []
    for key, values in zip(seats, seat_scores(event.ruleset, sums), strict=True):
        line, ours = lines[key], values[-1]
        if "score" not in line:
            continue
        if line["score"] == ours:
            del line["score"]
            continue
        differing.append(
            f"{known.get(key, key)}: Wertung laut Archiv {line['score']}, nach den Regeln {ours}"
        )
    return differing


def _message(error: EntryError | ScoringError) -> str:
    if isinstance(error, ScoringError):
        return f"{error.message} (Fehlercode {error.code})"
    return error.message
