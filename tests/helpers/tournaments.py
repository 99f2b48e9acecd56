"""A small tournament with its Gewinnplan, for the tests of the Kasse and of leaving."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from skatclub.club import services
from skatclub.club.models import Event, Player, Table
from skatclub.club.services import TotalLine, prizes, signin


def paid_tournament(
    event: Event, players: dict[str, Player], keys: Iterable[str], rounds: int = 1
) -> Event:
    """`event` as a tournament at 10,00 € Startgeld, the players `keys` signed in and paid,
    and an announced Gewinnplan over `rounds` Serien: all the Startgeld and Verlustspielgeld
    in the pot, Platz 1 50 %, Platz 2 25 %."""
    event.kind, event.entry_fee_cents = "tournament", 1000
    event.save()
    for key in keys:
        signin.sign_in(event=event, player=players[key], paid=True)
    plan = prizes.plan_of(event)
    prizes.save_settings(
        plan=plan,
        entry_fee_percent=Decimal(100),
        lost_fee_percent=Decimal(100),
        ties="split",
        one_prize_each=True,
        rounds=rounds,
    )
    prizes.add_rule(plan=plan, category="all", first=1, last=1, percent_value=Decimal(50))
    prizes.add_rule(plan=plan, category="all", first=2, last=2, percent_value=Decimal(25))
    prizes.announce(plan=plan)
    return event


FOUR = ("anna", "bernd", "carla", "dieter")
LISTS = {"anna": (120, 2, 0), "bernd": (-48, 0, 1), "carla": (0, 0, 0), "dieter": (18, 1, 0)}


def one_table_tournament(event: Event, players: dict[str, Player]) -> Table:
    """`paid_tournament` for four players at Wertpunkt 1/4 ct (the Spielgeld has quarter
    cents) and payout step 0,10 € (the Schluss has a Rundung), their one table entered."""
    event.cents_per_point, event.rounding_step_cents = "1/4", 10
    event.save()
    paid_tournament(event, players, FOUR)
    table = services.start_round(event=event, seating="draw", seed="1").tables.get()
    services.record_totals(
        table=table, lines=[TotalLine(players[k], *line) for k, line in LISTS.items()]
    )
    return table
