"""The sums on every seat: each seated player's list score, won and lost games, the lost games
of the others and his Seeger-Fabian score, written onto his `Seat`.

Owns `refresh_results` (for any tables), `refresh_table` (for the one table a save just
changed, with as few queries and updates as the change needs) and `seat_scores` (the engine's
Seeger-Fabian for a table's sums; the archive's bulk import writes with it too). Called by
every writer of games or paper totals inside its transaction; standings read these rows.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import F

from scoring import Ruleset, table_scores
from skatclub.club.models import Game, Seat, Table
from skatclub.club.queries.standings import (
    entered_results,
    game_sums,
    given_scores,
    recorded_scores,
)
from skatclub.club.services.versions import tables_changed


def refresh_results(*, table_ids: Sequence[int]) -> None:
    """Write each seated player's sums and Seeger-Fabian score onto his `Seat`.

    Called by every writer of games or paper totals, inside its transaction; standings read
    these rows instead of aggregating every game on every page view.
    """
    results = entered_results(table_ids)
    given = given_scores(table_ids)
    kept = recorded_scores(table_ids)
    by_table: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(table_id__in=table_ids).order_by("table_id", "position"):
        by_table.setdefault(seat.table_id, []).append(seat)
    rulesets = dict(
        Table.objects.filter(id__in=by_table).values_list("id", "round__event__ruleset")
    )
    for table_id, seats in by_table.items():
        if table_id in given:  # Wertungspunkte alone (imported history): nothing to compute
            scored = [(0, 0, 0, 0, given[table_id].get(seat.player_id, 0)) for seat in seats]
        else:
            sums = [results.get((table_id, seat.player_id), (0, 0, 0)) for seat in seats]
            scored = seat_scores(rulesets[table_id], sums)
            if table_id in kept:  # the club's own Wertung, imported "wie erfasst"
                own = kept[table_id]
                scored = [
                    (*values[:4], own.get(seat.player_id, values[4]))
                    for seat, values in zip(seats, scored, strict=True)
                ]
        for seat, values in zip(seats, scored, strict=True):
            seat.list_score, seat.won, seat.lost, seat.others_lost, seat.score = values
    changed = [seat for seats in by_table.values() for seat in seats]
    Seat.objects.bulk_update(changed, SEAT_RESULT_FIELDS, batch_size=500)
    tables_changed(table_ids)


SEAT_RESULT_FIELDS = ["list_score", "won", "lost", "others_lost", "score"]


def refresh_table(table: Table, seats: Sequence[Seat], *, added: Game | None = None) -> bool:
    """`refresh_results` for the one table a save just changed, whose seats (in seat order)
    the save has read already: one query for the sums and an update of only the seats whose
    numbers changed (a won game changes one seat, a lost one every seat). Tables with Ramsch
    or paper totals take the general way.

    `added`: the save only added this game (no other game changed, as Bockrunden could): the
    seats' stored sums plus this game, no query. Under the table lock the stored sums are
    those of the games (every writer refreshes them), so both ways give the same numbers.

    Returns whether `seats` now hold the stored sums and the table's version is untouched
    (False after the general way, which reads the seats anew and raises the version).
    """
    event = table.round.event
    if table.entry != Table.Entry.GAMES or event.house_ramsch:
        refresh_results(table_ids=[table.pk])
        return False
    if added is None:
        sums = game_sums([table.pk])
        own = [sums.get((table.pk, s.player_id), (0, 0, 0)) for s in seats]
    else:
        own = [_plus_game((s.list_score, s.won, s.lost), s.player_id, added) for s in seats]
    _store_seat_results(seats, seat_scores(event.ruleset, own))
    # The readers learn of it from the table's version, which the save's history row raised
    # (`log_change`, its one caller's step before): raising it here too was one UPDATE more
    # on every save.
    # The seats as they now are, with their players, for whoever answers the save
    # (`queries.saved_tail` reads `table.seats.all()`: no query; five queries a save without).
    cached = Seat.objects.filter(table=table).order_by("position")
    cached._result_cache = list(seats)  # as prefetch_related does
    cached._prefetch_done = True  # type: ignore[attr-defined]
    table._prefetched_objects_cache = {"seats": cached}  # type: ignore[attr-defined]
    return True


def _store_seat_results(seats: Sequence[Seat], scored: Sequence[tuple[int, ...]]) -> None:
    """Write the seats' new numbers: one UPDATE per distinct change, not per seat. A lost
    game changes the declarer one way and every other seat the same way (their lost games
    of others and score), so it needs two UPDATEs instead of four. The seats are read under
    the table's lock in this transaction, so adding the change to the stored numbers gives
    exactly `scored`."""
    by_change: dict[tuple[int, ...], list[Seat]] = {}
    for seat, values in zip(seats, scored, strict=True):
        before = tuple(getattr(seat, name) for name in SEAT_RESULT_FIELDS)
        if before != values:
            change = tuple(new - old for new, old in zip(values, before, strict=True))
            by_change.setdefault(change, []).append(seat)
        for name, value in zip(SEAT_RESULT_FIELDS, values, strict=True):
            setattr(seat, name, value)
    for change, changed in by_change.items():
        if len(changed) == 1:
            seat = changed[0]
            Seat.objects.filter(pk=seat.pk).update(
                **{name: getattr(seat, name) for name in SEAT_RESULT_FIELDS}
            )
            continue
        Seat.objects.filter(pk__in=[seat.pk for seat in changed]).update(
            **{
                name: F(name) + by
                for name, by in zip(SEAT_RESULT_FIELDS, change, strict=True)
                if by
            }
        )


def _plus_game(sums: tuple[int, int, int], player_id: int, game: Game) -> tuple[int, int, int]:
    """A declarer's (list score, won, lost) with `game` added, as `game_sums` counts it."""
    if game.passed_in or game.declarer_id != player_id:
        return sums
    list_score, won, lost = sums
    return (list_score + game.list_score, won + bool(game.won), lost + (game.won is False))


def seat_scores(
    ruleset: str, sums: Sequence[tuple[int, int, int]]
) -> list[tuple[int, int, int, int, int]]:
    """(list score, won, lost) per seat -> plus others' lost games and Seeger-Fabian score."""
    if not 3 <= len(sums) <= 5:
        return [(*own, 0, 0) for own in sums]  # a table still being seated has no score yet
    scores = table_scores(Ruleset(ruleset), len(sums), sums).seeger_fabian
    lost_total = sum(lost for _, _, lost in sums)
    return [
        (list_score, won, lost, lost_total - lost, score)
        for (list_score, won, lost), score in zip(sums, scores, strict=True)
    ]
