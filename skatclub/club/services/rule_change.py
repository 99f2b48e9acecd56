"""Changing an event's rules after games were stored: what it would do, then doing it.

Owns `rule_change_effect` (the change tried in a transaction that is rolled back: every game
whose value moves, every seat, every place of the ranking and every player's amount at the end,
and why it is refused) and `change_rules` (the same in one transaction that stays, with a
history row per changed game and per changed seat and a `RuleChange` row for the event).
Both re-value through the very functions a save and an import use (`value_game`,
`valued_ramsch`, the Bockrunden schedule, `refresh_results`), so the games end exactly as a
fresh import of them under the new rules would store them; a test compares the two.

Refused, with the reason, while a list of the event is checked or signed, its Gewinnplan is
announced or its Kasse counted, unless the Spielwart reopens them with the change (`reopen`):
then the lists are open again (signatures and checks gone, in their history) and the
announcement is withdrawn, since the prizes follow from the results that change.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Q

from scoring import Declaration, Outcome, Ruleset, ScoringError
from scoring.bock import BockFacts, bock_schedule
from scoring.event_rules import Declared, Effect, EventRules, changed_rules, stored_values
from scoring.game import GameType
from scoring.ramsch import RamschDeal
from scoring.rulesets import SPECS, check_ramsch
from skatclub.club.models import (
    CashCount,
    Change,
    Event,
    Game,
    PrizePlan,
    RuleChange,
    Season,
    Seat,
    Signature,
    Table,
    TableTotal,
)
from skatclub.club.queries.ledger import event_ledger
from skatclub.club.queries.standings import event_standings
from skatclub.club.queries.versions import event_tables_state
from skatclub.club.services.errors import EntryError
from skatclub.club.services.history import Actor, acting_user, game_snapshot, log_change
from skatclub.club.services.house_rules import facts, store_valued_ramsch, valued_ramsch
from skatclub.club.services.seat_sums import refresh_results
from skatclub.club.services.valuing import house_rules_of, value_game
from skatclub.club.services.versions import event_changed

RULES_NOTE = "Regeln geändert"
MAX_LISTED = 500  # games, seats and players the preview lists; the counts are always whole


@dataclass(frozen=True)
class GameMove:
    """One stored game whose value the new rules change."""

    round_number: int
    table_number: int
    number: int
    before: str  # the notation and list score as stored
    after: str
    list_before: int
    list_after: int


@dataclass(frozen=True)
class PlayerMove:
    """One player whose place or amount at the end the change moves."""

    name: str
    place_before: int
    place_after: int
    score_before: int
    score_after: int
    cents_before: int | None  # what the Kasse pays (+) or takes (−) at the end; None: no money
    cents_after: int | None


@dataclass(frozen=True)
class RuleChangeEffect:
    """What a change of rules does to the event's stored games, ranking and money."""

    changed: list[Declared]
    games: list[GameMove] = field(default_factory=list)
    games_changed: int = 0
    seats_changed: int = 0
    ranking: list[PlayerMove] = field(default_factory=list)  # players whose place moves
    money: list[PlayerMove] = field(default_factory=list)  # players whose amount moves
    blockers: list[str] = field(default_factory=list)  # games the new rules refuse
    locked: list[str] = field(default_factory=list)  # checked lists, announcement, count
    fingerprint: str = ""  # of the event's games and rules the effect was computed for

    @property
    def revalues(self) -> bool:
        return any(item.rule.effect is Effect.GAMES for item in self.changed)

    def summary(self) -> str:
        """One German sentence: "312 Spiele bekommen einen anderen Wert; …"."""
        parts = [f"{self.games_changed} Spiele bekommen einen anderen Wert"]
        if self.ranking:
            parts.append(f"die Rangliste ändert sich für {len(self.ranking)} Spieler")
        else:
            parts.append("die Rangliste bleibt")
        if self.money:
            parts.append(f"die Abrechnung ändert sich für {len(self.money)} Spieler")
        return "; ".join(parts) + "."


class RulesRefused(EntryError):
    """The change is refused: games the new rules refuse, or lists and money that are fixed."""

    def __init__(self, message: str, effect: RuleChangeEffect) -> None:
        super().__init__("rules_refused", message)
        self.effect = effect


class _Rollback(Exception):  # noqa: N818 - leaves the tried change's transaction
    pass


def has_games(event: Event) -> bool:
    """Whether the event has stored results a change of rules could re-value: games or a
    paper list's sums (seats alone have nothing to re-value)."""
    results = Q(table__round__event=event)
    return Game.objects.filter(results).exists() or TableTotal.objects.filter(results).exists()


def rule_change_effect(*, event: Event, rules: EventRules) -> RuleChangeEffect:
    """What `change_rules` would do, computed by doing it and rolling it back."""
    found: list[RuleChangeEffect] = []
    try:
        with transaction.atomic():
            found.append(_revalue(event, rules, None))
            raise _Rollback
    except _Rollback:
        pass
    return found[0]


@transaction.atomic
def change_rules(
    *,
    event: Event,
    rules: EventRules,
    user: Actor,
    reopen: bool = False,
    fingerprint: str = "",
) -> RuleChangeEffect:
    """Change the event's rules and re-value every stored game, seat and amount by them.

    `fingerprint`: the one of the preview the Spielwart confirmed; when games or rules changed
    since, nothing is written and `RulesRefused` says so. `reopen`: checked or signed lists,
    an announced Gewinnplan and a counted Kasse do not stop the change, they are reopened."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if fingerprint and fingerprint != effect_fingerprint(event, rules):
        raise RulesRefused(
            "Seit der Vorschau hat sich an der Veranstaltung etwas geändert; bitte die neue "
            "Vorschau ansehen und noch einmal bestätigen.",
            RuleChangeEffect(changed_rules(event.rules, rules)),
        )
    before = stored_values(event.rules)
    effect = _revalue(event, rules, user)
    if effect.blockers:
        raise RulesRefused(
            "Mit den neuen Regeln gehen gespeicherte Spiele nicht: "
            + "; ".join(effect.blockers[:5]),
            effect,
        )
    if effect.locked and effect.revalues and not reopen:
        raise RulesRefused(
            "Die Änderung bewertet Spiele neu, aber "
            + ", ".join(effect.locked)
            + ". Erst wieder öffnen (Häkchen „wieder öffnen“), dann ändern.",
            effect,
        )
    if reopen and effect.revalues:
        _reopen(event, user)
    RuleChange.objects.create(
        event=event,
        user=acting_user(user),
        before=_json_values(before),
        after=_json_values(stored_values(rules)),
        summary=effect.summary()[:500],
    )
    event_changed(event.pk)
    return effect


def _json_values(values: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(values))  # type: ignore[no-any-return]


def effect_fingerprint(event: Event, rules: EventRules) -> str:
    """Changes when the event's games, seats or rules, or the rules asked for, do."""
    state = (event_tables_state(event.pk), stored_values(event.rules), stored_values(rules))
    return hashlib.sha256(json.dumps(state, default=str).encode()).hexdigest()[:16]


def locked_parts(event: Event) -> list[str]:
    """What a re-valuing change must reopen first, in German."""
    tables = Table.objects.filter(round__event=event)
    parts = []
    checked = tables.filter(check_status=Table.Check.CONFIRMED).count()
    if checked:
        parts.append(f"{checked} Listen sind geprüft")
    signed = tables.filter(has_signatures=True).count()
    if signed:
        parts.append(f"{signed} Listen sind am Tisch unterschrieben")
    if PrizePlan.objects.filter(event=event, announced_at__isnull=False).exists():
        parts.append("der Gewinnplan ist angekündigt")
    if CashCount.objects.filter(event=event).exists():
        parts.append("die Kasse ist gezählt")
    return parts


def _reopen(event: Event, user: Actor) -> None:
    for table in Table.objects.select_for_update(of=("self",)).filter(round__event=event):
        if table.check_status == Table.Check.OPEN and not table.has_signatures:
            continue
        before = {"check_status": table.check_status, "signed": table.has_signatures}
        Signature.objects.filter(table=table).delete()
        Table.objects.filter(pk=table.pk).update(
            check_status=Table.Check.OPEN, checked_by=None, checked_at=None, has_signatures=False
        )
        after = {"check_status": Table.Check.OPEN.value, "signed": False}
        log_change(
            table,
            Change.Action.UPDATE,
            user,
            before,
            after,
            note=f"{RULES_NOTE}: Liste wieder geöffnet",
        )
    PrizePlan.objects.filter(event=event).update(announced_at=None, announced_by=None)


def _revalue(event: Event, rules: EventRules, user: Actor) -> RuleChangeEffect:
    """Put `rules` on the locked `event` and re-value everything; return what moved."""
    before_rows = event_standings(event)
    before_money = _amounts(event, before_rows)
    locked = locked_parts(event)
    changed = changed_rules(event.rules, rules)
    fingerprint = effect_fingerprint(event, rules)
    event.apply_rules(rules)
    event.save()
    moves: list[GameMove] = []
    blockers: list[str] = []
    tables = list(
        Table.objects.select_for_update(of=("self",))
        .select_related("round")
        .filter(round__event=event)
        .order_by("round__number", "number")
    )
    seats_before = _seat_sums(tables)
    for table in tables:
        table.round.event = event
        if table.entry == Table.Entry.GAMES:
            moves += _revalue_table(table, rules, user, blockers)
    refresh_results(table_ids=[t.pk for t in tables])
    seats_after = _seat_sums(tables)
    seats_changed = _log_seats(tables, seats_before, seats_after, user)
    after_rows = event_standings(event)
    after_money = _amounts(event, after_rows)
    return RuleChangeEffect(
        changed=changed,
        games=moves[:MAX_LISTED],
        games_changed=len(moves),
        seats_changed=seats_changed,
        ranking=_player_moves(before_rows, after_rows, before_money, after_money, money=False),
        money=_player_moves(before_rows, after_rows, before_money, after_money, money=True),
        blockers=blockers,
        locked=locked,
        fingerprint=fingerprint,
    )


def _revalue_table(
    table: Table, rules: EventRules, user: Actor, blockers: list[str]
) -> list[GameMove]:
    seats = list(table.seats.select_related("player").order_by("position"))
    size = len(seats)
    games = list(
        Game.objects.select_for_update(of=("self",))
        .select_related("declarer")
        .filter(table=table)
        .order_by("number")
    )
    where = f"Serie {table.round.number}, Tisch {table.number}"
    if games and size and games[-1].number > rules.games_for(size):
        blockers.append(
            f"{where} hat {games[-1].number} Spiele, eine Serie am {size}er-Tisch hätte nur "
            f"{rules.games_for(size)}"
        )
        return []
    levels = _bock_levels(games, size, rules)
    moves = []
    for game in games:
        if game.as_recorded or (game.passed_in and game.ramsch is None):
            continue  # kept as the list recorded it; eingepasst is worth nothing by any rule
        level = game.bock_override if game.bock_override is not None else levels.get(game.number)
        try:
            moved = _revalue_game(table, game, level, user)
        except (ScoringError, EntryError) as error:
            blockers.append(f"{where}, Spiel {game.number}: {error.message}")
            continue
        if moved is not None:
            moves.append(moved)
    return moves


def _bock_levels(games: list[Game], size: int, rules: EventRules) -> dict[int, int]:
    """The Bock level the new Bockrunden give each game; none when Bock is typed per game."""
    rule = rules.bock_rule
    if rule is None or not games:
        return {}
    by_number = {g.number: g for g in games}
    plain = BockFacts(game_type=GameType.CLUBS)
    ruleset = rules.ruleset_kind
    dealt = [
        facts(by_number[n], ruleset) if n in by_number else plain
        for n in range(1, max(by_number) + 1)
    ]
    return {n: g.level for n, g in enumerate(bock_schedule(dealt, size, rule), start=1)}


def _revalue_game(table: Table, game: Game, level: int | None, user: Actor) -> GameMove | None:
    event = table.round.event
    before = game_snapshot(game)
    old_line = f"{game.notation} = {game.list_score:+d}"
    old_list = game.list_score
    if game.ramsch is not None:
        check_ramsch(SPECS[Ruleset(event.ruleset)], house_rules_of(event))
        deal = RamschDeal.from_dict(game.ramsch)
        wanted = level if level is not None else int(game.ramsch.get("bock", 0))
        fields, scores = valued_ramsch(event, deal, wanted)
        stored_scores = dict(game.ramsch_scores.values_list("player_id", "list_score"))
        seats = {s.position: s.player_id for s in table.seats.all()}
        new_scores = {seats[seat]: score for seat, score in scores.items() if score}
        if _same(game, fields) and stored_scores == new_scores:
            return None
        store_valued_ramsch(table, game, deal, wanted, user, RULES_NOTE)
    else:
        declaration = dict(game.declaration or {})
        if level is not None:
            declaration["bock"] = level
        # Parsed and valued as a save does: the typed game under the event's new rules.
        valued = value_game(
            event=event,
            declaration=Declaration.from_dict(declaration).to_dict(),
            outcome=Outcome.from_dict(game.outcome or {}).to_dict(),
        )
        fields = valued.fields()
        if _same(game, fields):
            return None
        for name, value in fields.items():
            setattr(game, name, value)
        game.version += 1
        game.save()
        log_change(
            table,
            Change.Action.UPDATE,
            user,
            before,
            game_snapshot(game),
            game_number=game.number,
            note=RULES_NOTE,
        )
    return GameMove(
        table.round.number,
        table.number,
        game.number,
        old_line,
        f"{game.notation} = {game.list_score:+d}",
        old_list,
        game.list_score,
    )


def _same(game: Game, fields: dict[str, Any]) -> bool:
    return all(getattr(game, name) == value for name, value in fields.items())


SEAT_FIELDS = ("list_score", "won", "lost", "others_lost", "score")


def _seat_sums(tables: list[Table]) -> dict[int, tuple[str, tuple[int, ...]]]:
    return {
        seat.pk: (seat.player.key, tuple(getattr(seat, f) for f in SEAT_FIELDS))
        for seat in Seat.objects.filter(table__in=tables).select_related("player")
    }


def _log_seats(
    tables: list[Table],
    before: dict[int, tuple[str, tuple[int, ...]]],
    after: dict[int, tuple[str, tuple[int, ...]]],
    user: Actor,
) -> int:
    """One history row per seat whose sums the change moved."""
    table_of = dict(Seat.objects.filter(table__in=tables).values_list("pk", "table_id"))
    by_id = {t.pk: t for t in tables}
    count = 0
    for pk, (key, sums) in after.items():
        old = before.get(pk, (key, sums))[1]
        if old == sums:
            continue
        count += 1
        log_change(
            by_id[table_of[pk]],
            Change.Action.UPDATE,
            user,
            {"player": key, **dict(zip(SEAT_FIELDS, old, strict=True))},
            {"player": key, **dict(zip(SEAT_FIELDS, sums, strict=True))},
            note=f"{RULES_NOTE}: Summen des Platzes",
        )
    return count


def _amounts(event: Event, rows: list[Any]) -> dict[int, int] | None:
    """Each player's amount at the end (Schluss), or None when the event settles no money."""
    if not (event.cents_per_point or event.lost_game_fees_cents or event.entry_fee_cents):
        return None
    found = event_ledger(event, rows)
    return {account.player_id: account.at_the_end for account in found.accounts}


def _player_moves(
    before: list[Any],
    after: list[Any],
    money_before: dict[int, int] | None,
    money_after: dict[int, int] | None,
    *,
    money: bool,
) -> list[PlayerMove]:
    old = {row.player_id: row for row in before}
    moves = []
    for row in after:
        was = old.get(row.player_id)
        cents_before = money_before.get(row.player_id) if money_before is not None else None
        cents_after = money_after.get(row.player_id) if money_after is not None else None
        move = PlayerMove(
            row.name,
            was.place if was else 0,
            row.place,
            was.score if was else 0,
            row.score,
            cents_before,
            cents_after,
        )
        if (
            money
            and cents_before != cents_after
            or not money
            and (move.place_before != move.place_after)
        ):
            moves.append(move)
    return moves


SEASON_RULE_FIELDS = ("ranking_rule", "best_n", "min_rounds")


@transaction.atomic
def save_season_rule(*, season: Season, user: Actor) -> Season:
    """Save a season's ranking settings (changed, not saved); a change leaves a `RuleChange`
    row, so the season's pages say since when the ranking is computed so."""
    stored = Season.objects.select_for_update().filter(pk=season.pk).values(*SEASON_RULE_FIELDS)
    before = dict(stored[0]) if stored else {}
    after = {name: getattr(season, name) for name in SEASON_RULE_FIELDS}
    season.save(update_fields=list(SEASON_RULE_FIELDS))
    if before != after:
        RuleChange.objects.create(season=season, user=acting_user(user), before=before, after=after)
    return season
