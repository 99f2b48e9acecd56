"""House rules at the table: Bockrunden applied by themselves, and Ramsch entered as a game.

Owns `bock_level` (the Bock level the event's Bockrunden give game n, or the Spielwart's
override), `rebock` (re-values later games when an earlier game changes what triggers a
Bockrunde) and `record_ramsch`. The engine decides everything about the rules
(`scoring.bock`, `scoring.ramsch`, `scoring.rulesets.check_ramsch`); this module reads the
table's games, stores the verdicts and keeps the history.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from scoring import Declaration, GameType, Outcome, Ruleset, valuation
from scoring.bock import BockFacts, BockRule, BockTrigger, Stacking, bock_schedule
from scoring.notation import format_ramsch
from scoring.ramsch import RamschDeal, RamschOptions, RamschScoring, TieRule, ramsch_result
from scoring.rulesets import SPECS, check_ramsch
from scoring.table import check_table_size, playing_positions
from skatclub.club.models import Change, Event, Game, Player, RamschScore, Table
from skatclub.club.services.closing import NEW_GAME, check_event_open
from skatclub.club.services.errors import EntryError, rules_refused
from skatclub.club.services.history import Actor, acting_user, game_snapshot, log_change
from skatclub.club.services.locks import (
    check_actor,
    check_version,
    locked_game,
    locked_table,
    seated,
)
from skatclub.club.services.review import reopen_check
from skatclub.club.services.seat_sums import refresh_results
from skatclub.club.services.valuing import (
    PASSED_FIELDS,
    check_game_slot,
    house_rules_of,
    value_game,
)

BOCK_NOTE = "Bock neu berechnet"


def bock_rule(event: Event) -> BockRule | None:
    """The event's Bockrunden, or None when Bock is typed per game (or not played)."""
    if not event.house_bock or not event.bock_triggers:
        return None
    return BockRule(
        frozenset(BockTrigger(t) for t in event.bock_triggers),
        event.bock_rounds,
        Stacking(event.bock_stacking),
    )


def ramsch_options(event: Event) -> RamschOptions:
    return RamschOptions(
        RamschScoring(event.ramsch_scoring),
        TieRule(event.ramsch_tie_rule) if event.ramsch_tie_rule else None,
        event.ramsch_durchmarsch_doubled,
        event.ramsch_loss_cap,
    )


def facts(game: Game, ruleset: Ruleset) -> BockFacts:
    """What a stored game tells about Bock triggers (a Ramsch was passed by everybody)."""
    if game.passed_in or game.declaration is None or game.outcome is None:
        return BockFacts(passed_in=True)
    declaration = Declaration.from_dict(game.declaration)
    outcome = Outcome.from_dict(game.outcome)
    valued = valuation(declaration, outcome, ruleset)
    return BockFacts(
        game_type=declaration.type,
        hand=declaration.hand,
        declarer_card_points=outcome.declarer_card_points,
        kontra=declaration.kontra,
        won=valued.won,
        schneider=valued.schneider or bool(valued.won is False and outcome.schneider),
    )


def scheduled_levels(
    table: Table, games: list[Game], size: int, rule: BockRule, until: int = 0
) -> list[int]:
    """The Bock level of games 1..n+1 from the games entered so far (gaps count as plain),
    n the last game entered or `until`, whichever is higher."""
    ruleset = Ruleset(table.round.event.ruleset)
    by_number = {g.number: g for g in games}
    last = max(max(by_number, default=0), until)
    plain = BockFacts(game_type=GameType.CLUBS)
    dealt = [facts(by_number[n], ruleset) if n in by_number else plain for n in range(1, last + 1)]
    return [game.level for game in bock_schedule(dealt, size, rule)]


def bock_level(table: Table, number: int, size: int, override: int | None) -> int | None:
    """The Bock level for game `number`: the override, the schedule, or None (typed per game)."""
    if override is not None:
        return override
    rule = bock_rule(table.round.event)
    if rule is None:
        return None
    earlier = list(Game.objects.filter(table=table, number__lt=number).order_by("number"))
    # Up to the game before this one, gaps counted as plain, as `rebock` counts them once
    # this game is stored: so the read-back's level is the stored one.
    return scheduled_levels(table, earlier, size, rule, until=number - 1)[number - 1]


def rebock(table: Table, size: int, user: Actor) -> None:
    """Re-value every later game whose Bock level the Bockrunden now set differently."""
    event = table.round.event
    rule = bock_rule(event)
    if rule is None:
        return
    games = list(
        Game.objects.select_for_update(of=("self",)).filter(table=table).order_by("number")
    )
    levels = scheduled_levels(table, games, size, rule)
    for game in games:
        if game.as_recorded:  # kept with the value its list recorded, Bock included
            continue
        wanted = levels[game.number - 1] if game.bock_override is None else game.bock_override
        if game.ramsch is not None and game.ramsch.get("bock", 0) != wanted:
            store_valued_ramsch(
                table, game, RamschDeal.from_dict(game.ramsch), wanted, user, BOCK_NOTE
            )
        elif game.declaration is not None and game.declaration.get("bock", 0) != wanted:
            before = game_snapshot(game)
            declaration = {**game.declaration, "bock": wanted}
            fields = value_game(event=event, declaration=declaration, outcome=game.outcome or {})
            for name, value in fields.fields().items():
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
                note=BOCK_NOTE,
            )


def check_ramsch_seats(deal: RamschDeal, size: int, number: int) -> None:
    """The three players of game `number` ramsch; the quick entry names one of them."""
    check_table_size(size)
    playing = set(playing_positions(size, number))
    seats = set(deal.seats)
    if (not deal.is_quick and seats != playing) or not seats <= playing:
        names = ", ".join(str(p) for p in sorted(playing))
        raise EntryError(
            "ramsch_seats", f"Bei Spiel {number} spielen die Plätze {names}; nur sie ramschen."
        )


@transaction.atomic
def record_ramsch(
    *,
    table: Table,
    number: int,
    deal: RamschDeal,
    user: Actor = None,
    expected_version: int | None = None,
    bock_override: int | None = None,
) -> Game:
    """Game `number` was passed by everybody and ramsched: store the deal and each score."""
    with rules_refused():
        table = locked_table(table)
        check_actor(table, user)
        seats = seated(table)
        return store_ramsch(table, seats, number, deal, bock_override, user, expected_version)


def store_ramsch(
    table: Table,
    seats: dict[int, Player],
    number: int,
    deal: RamschDeal,
    bock_override: int | None,
    user: Actor,
    expected_version: int | None,
    entry_id: str = "",
) -> Game:
    """`record_ramsch` on the locked `table` with its `seats`: the fields are `ramsch_fields`',
    the same the read-back shows."""
    fields, scores = ramsch_fields(table, len(seats), number, deal, bock_override)
    existing = locked_game(table, number)
    check_version(existing, expected_version)
    if existing is None:  # a new game; a closed event is still corrected by the Spielwart
        check_event_open(table.round.event, user=user, doing=NEW_GAME)
    before = game_snapshot(existing)
    game = existing or Game(table=table, number=number, version=0)
    for name, value in fields.items():
        setattr(game, name, value)
    game.version += 1
    game.entered_by = acting_user(user)
    if entry_id:
        game.entry_id = entry_id
    game.save()
    _store_scores(game, seats, scores)
    action = Change.Action.CREATE if existing is None else Change.Action.UPDATE
    refresh_results(table_ids=[table.pk])
    note = reopen_check(table)
    log_change(table, action, user, before, game_snapshot(game), game_number=number, note=note)
    rebock(table, len(seats), user)
    refresh_results(table_ids=[table.pk])
    return game


def ramsch_fields(
    table: Table, size: int, number: int, deal: RamschDeal, bock_override: int | None
) -> tuple[dict[str, Any], dict[int, int]]:
    """The stored fields of a Ramsch as game `number` at `table` (with `size` seats) and the
    score per seat: the event's house rules, the slot, who ramsches, the Bock level."""
    event = table.round.event
    check_ramsch(SPECS[Ruleset(event.ruleset)], house_rules_of(event))
    check_game_slot(event=event, table_size=size, number=number, declarer_position=None)
    check_ramsch_seats(deal, size, number)
    level = bock_level(table, number, size, bock_override) or 0
    fields, scores = valued_ramsch(event, deal, level)
    return {**fields, "bock_override": bock_override}, scores


def valued_ramsch(
    event: Event, deal: RamschDeal, level: int
) -> tuple[dict[str, Any], dict[int, int]]:
    """The `Game` fields of a Ramsch (an eingepasstes Spiel with its deal) and the score per
    seat, doubled once per Bock level."""
    result = ramsch_result(deal, ramsch_options(event), bock=level)
    fields: dict[str, Any] = {
        **PASSED_FIELDS,
        "notation": ramsch_notation(deal, level),
        "derivation": result.derivation[:200],
        "ramsch": {**deal.to_dict(), "bock": level},
    }
    return fields, result.scores


def ramsch_notation(deal: RamschDeal, level: int) -> str:
    """The club notation of a Ramsch with its Bock level ("R 1:65 2:40 3:15 s1 B")."""
    return format_ramsch(deal) + (f" B{level}" if level > 1 else " B" if level else "")


def store_valued_ramsch(
    table: Table, game: Game, deal: RamschDeal, level: int, user: Actor, note: str
) -> None:
    """Value the deal (with its Bock level), write the game and one score per player."""
    before = game_snapshot(game) if note else None
    fields, scores = valued_ramsch(table.round.event, deal, level)
    for name, value in fields.items():
        setattr(game, name, value)
    game.version += 1
    game.save()
    _store_scores(game, seated(table), scores)
    if note:
        log_change(
            table,
            Change.Action.UPDATE,
            user,
            before,
            game_snapshot(game),
            game_number=game.number,
            note=note,
        )


def _store_scores(game: Game, players: dict[int, Player], scores: dict[int, int]) -> None:
    game.ramsch_scores.all().delete()
    RamschScore.objects.bulk_create(
        RamschScore(game=game, player=players[seat], list_score=score)
        for seat, score in scores.items()
        if score
    )


def preview_ramsch(
    *, table: Table, number: int, deal: RamschDeal, bock_override: int | None = None
) -> Game:
    """The Ramsch as `record_ramsch` would store it (same checks, same value), not saved."""
    table = Table.objects.select_related("round__event").get(pk=table.pk)
    fields, _ = ramsch_fields(table, len(seated(table)), number, deal, bock_override)
    return Game(table=table, number=number, **fields)
