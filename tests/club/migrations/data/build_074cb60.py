# mypy: ignore-errors
# ruff: noqa
"""Builds skatclub-074cb60.sqlite3: a database of main 074cb60, made by that commit's own code.

Not part of the suite (it imports the code of 074cb60, not of this checkout). Run it in a
checkout of 074cb60, see README.md in this folder. Everything goes through that commit's
archive import, services, commands and ranking, so the rows are what a club's laptop held.
"""

import datetime
import io
import json
import os
import random
import tempfile
from pathlib import Path

from django.contrib.auth.models import User
from django.core.management import call_command

from scoring import parse_notation
from skatclub.club import services, tenancy
from skatclub.club.archive import import_archive
from skatclub.club.demo.loader import demo_archive, ensure_spielwart
from skatclub.club.imports.reader import normalized, open_sheet
from skatclub.club.imports.models import SheetImport
from skatclub.club.leagues import setup
from skatclub.club.models import Club, Event, Player, Season, Table
from skatclub.club.services import kasse, members, removal, table_links, users, wishes
from skatclub.club.services.wrong_seat import mark_wrong_seat

YEAR = 2025
rng = random.Random(74)

# 1. The demo club's season (8 events, 3,449 games), one event made a tournament with
#    Startgeld, sign-ins and an announced Gewinnplan, two Offiziersskat matches.
archive = demo_archive(YEAR)
archive["players"][0] |= {"member_number": "0815", "categories": ["women"]}
archive["players"][1] |= {"member_number": "0816", "categories": ["seniors"]}
last = archive["events"][-1]
present = sorted({key for r in last["rounds"] for t in r["tables"] for key in t["seats"]})
guests = {p["key"] for p in archive["players"] if p.get("guest")}
last |= {
    "kind": "tournament",
    "entry_fees": {"full_cents": 1000, "reduced_cents": 500},
    "sign_ins": [
        {
            "player": key,
            "rate": "reduced" if key in guests else "full",
            "fee_cents": 500 if key in guests else 1000,
            "paid": key != present[-1],
        }
        for key in present
    ],
    "prize_plan": {
        "entry_fee_percent": "100",
        "lost_fee_percent": "0",
        "ties": "split",
        "one_prize_each": True,
        "serien": 2,
        "announced": True,
        "prizes": [
            {"category": "all", "first": 1, "last": 1, "percent": "40"},
            {"category": "all", "first": 2, "last": 3, "percent": "20"},
            {"category": "women", "first": 1, "last": 1, "item": "Skatbuch"},
        ],
    },
}
first, second = archive["players"][0]["key"], archive["players"][2]["key"]
archive["matches"] = [
    {
        "key": f"{YEAR}-03-01-{first}-{second}",
        "date": f"{YEAR}-03-01",
        "players": [first, second],
        "variant": "standard",
        "games": [
            {
                "seat": 2,
                "game": {"type": "clubs", "matadors": 2},
                "outcome": {"declarer_card_points": 75},
            },
            {
                "seat": 1,
                "game": {"type": "grand", "matadors": 1},
                "outcome": {"declarer_card_points": 40},
            },
        ],
    }
]
print("archive:", import_archive(archive))
Season.objects.filter(year=YEAR).update(
    name=f"Saison {YEAR}", ranking_rule=Season.Rule.BEST_N, best_n=12, min_rounds=4
)
home = tenancy.home_club()

# 2. Logins: the Spielwart (group Spielwart) and a Prüfer; 0016 turns groups into roles.
ensure_spielwart()
wart = User.objects.get(username="spielwart")
with tenancy.acting_for(home):
    users.create_login(username="pruefer", name="Petra Prüfer", roles=["pruefer"])

# 3. A live evening entered game by game: a drawn Serie, a table link that plays a 3-table
#    out and signs it, games with Kontra, a Ramsch, a Bock, a correction (Change rows), a
#    seating wish, a wrong seat, the Kasse; a second Serie deleted again (Removal).
players = list(Player.objects.filter(club=home, is_guest=False).order_by("key")[:7])
event = services.save_event(
    event=Event(
        key=f"{YEAR}-12-05-vereinsabend",
        name="Vereinsabend 5. Dezember",
        date=datetime.date(YEAR, 12, 5),
        ruleset="isko",
        house_kontra=True,
        house_bock=True,
        house_ramsch=True,
        bock_triggers=["grand_hand"],
        cents_per_point="1/10",
        lost_game_fees_cents=[50, 50, 50, 100],
        rounding_step_cents=10,
        club=home,
    )
)
for player in players:
    services.mark_present(event=event, player=player)
wishes.keep_apart(event=event, first=players[0], second=players[1], note="Ehepaar")
wishes.keep_apart(event=event, first=players[2], second=players[3], always=True)
round_ = services.start_round(event=event, seating="draw", seed="074cb60", user=wart)
three = next(t for t in round_.tables.all() if t.seats.count() == 3)
four = next(t for t in round_.tables.all() if t.seats.count() == 4)
link = table_links.issue_link(table=three, user=wart)
lines = ["1 Kr m2", "2 Gr o1 v", "3 Null", "1 He m1 H S", "2 Pi o2 K", "p", "3 Ka m3 r36 v"]
for number in range(1, event.games_for_table_size(3) + 1):
    services.record_line(table=three, number=number, text=lines[number % len(lines)], user=link)
for seat in three.seats.all():
    table_links.sign_table(link=link, player=seat.player)
table_links.issue_link(table=four, user=wart)
four_lines = ["2 Kr m2 K", "3 Gr m1 H", "R 1:55 2:65 4:0", "1 Null ouv", "2 He o1 v", "1 Pi m1 S"]
for number, text in enumerate(four_lines, start=1):
    services.record_line(table=four, number=number, text=text, user=wart)
services.record_line(table=four, number=6, text="1 Pi m1 v", user=wart)  # a correction
mark_wrong_seat(seat=four.seats.get(position=2), wrong=True, user=wart, note="Platz getauscht")
kasse.book(event=event, kind="opening", text="Wechselgeld", cents=5000, user=wart)
kasse.book(event=event, kind="expense", text="Pokale", cents=3990, user=wart)
kasse.count_cash(event=event, cents=8760, note="nach Serie 1", user=wart)
services.mark_present(event=event, player=Player.objects.filter(club=home).order_by("key")[8])
second_round = services.start_round(event=event, seating="draw", seed="zwei", user=wart)
removal.delete_round(round_=second_round, user=wart)

# 4. A second club on the same server with its own Spielwart and players; it admits a player
#    of the home club; the home club's Spielwart is staff there too.
call_command("add_club", "nachbarn", "Skatfreunde Nachbarort", spielwart="nachbar-wart")
neighbours = Club.objects.get(slug="nachbarn")
users.add_staff(wart, neighbours.pk)
with tenancy.acting_for(neighbours):
    for index, name in enumerate(
        ["Olga Ostermann", "Paul Peters", "Rita Roth", "Sven Stein", "Tina Teuber"]
    ):
        Player.objects.create(key=name.split()[0].lower(), name=name, member_number=f"N{index}")
    members.admit(players[4].key)
    small = services.save_event(
        event=Event(
            key=f"{YEAR}-10-10-preisskat",
            name="Preisskat Nachbarort",
            date=datetime.date(YEAR, 10, 10),
            ruleset="preisskat",
            cents_per_point="1/4",
            lost_game_fees_cents=[50, 50, 50, 100],
        )
    )
    seated = [*Player.objects.filter(club=neighbours).order_by("key"), players[4]]
    for player in seated:
        services.mark_present(event=small, player=player)
    serie = services.create_round(event=small, number=1, tables=[seated[:3], seated[3:]])
    for table in serie.tables.all():
        for number, seat, text in ((1, 1, "Kr m1"), (2, 2, "Gr o2 v"), (3, 3, "He m1 H")):
            declaration, outcome = parse_notation(text)
            services.record_game(
                table=table,
                number=number,
                declarer=table.seats.get(position=seat).player,
                declaration=declaration.to_dict(),
                outcome=outcome.to_dict(),
            )

# 5. A league of the home club: a Staffel with three teams, one Spieltag, one Serie as totals.
with tenancy.acting_for(home):
    roster = list(Player.objects.filter(club=home).order_by("key"))
    teams = {"Kreuz-Buben": roster[0:4], "Pik-Asse": roster[4:8], "Herz-Damen": roster[8:12]}
    text = "\n".join(f"{name}: {', '.join(p.key for p in ps)}" for name, ps in teams.items())
    division = setup.create_league(
        name="Kreisliga", year=YEAR, division="Staffel Nord", teams_text=text
    )
    day = setup.create_matchday(
        division=division,
        number=1,
        date=datetime.date(YEAR, 9, 13),
        teams=list(division.teams.order_by("pk")),
    )
    lineups = {
        t.pk: [tp.player for tp in t.roster.order_by("number")] for t in division.teams.all()
    }
    serie = setup.seat_serie(matchday=day, lineups=lineups, user=wart)
    for table in serie.tables.all():
        totals = [
            services.TotalLine(s.player, 24 * w - 48 * l, w, l)
            for s, (w, l) in zip(
                table.seats.order_by("position"), [(5, 1), (3, 0), (7, 2), (2, 1)], strict=False
            )
        ]
        services.record_totals(table=table, lines=totals, user=wart)

# 6. Spreadsheet imports: one confirmed (creates a season 2024 of paper totals, with its
#    saved column mapping) and one uploaded and still waiting (its rows in the database,
#    which 0017 moves into a file).
names = ["Anna Albers", "Bernd Brandt", "Carla Claus", "Dieter Dahl", "Emil Ernst", "Frieda Fink"]
rows = ["Datum;Veranstaltung;Serie;Tisch;Spieler;Liste;Gew;Verl"]
for month in (1, 2):
    for serie in (1, 2):
        rng.shuffle(names)
        for table, seated in ((1, names[:3]), (2, names[3:])):
            for name in seated:
                won, lost = rng.randint(1, 8), rng.randint(0, 3)
                rows.append(
                    f"{2024}-0{month}-12;Clubabend {month}/2024;{serie};{table};{name};"
                    f"{24 * won - 48 * lost};{won};{lost}"
                )
data = ("\n".join(rows) + "\n").encode()
with tempfile.TemporaryDirectory() as folder:
    path = Path(folder) / "saison-2024.csv"
    path.write_bytes(data)
    call_command("import_sheet", str(path), "--confirm", "--club", home.slug, stdout=io.StringIO())
with tenancy.acting_for(home):
    sheet = open_sheet(data)
    SheetImport.objects.create(
        filename="saison-2024-nachtrag.csv",
        kind=sheet.kind,
        content=normalized(sheet),
        created_by=wart,
    )

# 7. What the ranking said, for the test to compare after migrating (074cb60's own standings).
expected = {}
for key in (last["key"], event.key, f"{YEAR}-05-18-preisskat"):
    out = io.StringIO()
    call_command("standings", "--event", key, "--json", "--club", home.slug, stdout=out)
    expected[key] = json.loads(out.getvalue())
Path(os.environ["OUT"], "standings-074cb60.json").write_text(
    json.dumps(expected, ensure_ascii=False, indent=1) + "\n"
)
print("done")
