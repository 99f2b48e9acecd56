"""Issue 16: every form and endpoint that takes input answers arbitrary and boundary input with
a 2xx/3xx or a German 4xx, never a 5xx, and a refusal stores nothing (the database fingerprint
before and after is the same). Property-based (hypothesis); a 500 raises in the test client.
"""

from __future__ import annotations

from typing import Any

from django.contrib.messages import constants, get_messages
from django.test import Client
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from skatclub.club.models import Event, Player, Season, Table
from tests.helpers.factories import enter
from tests.helpers.hypothesis_profiles import examples
from tests.helpers.refusals import database_fingerprint, is_german_refusal

FAST = settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
EVENT = "/spielwart/veranstaltungen/2026-11-20-preisskat/"
TABLE_1 = EVENT + "serie/1/tisch/1/"
BOUNDARY = [
    "",
    " ",
    "0",
    "1",
    "-1",
    "48",
    "61",
    "1/4",
    "1/0",
    "1e-50000",
    "1e999999",
    "Infinity",
    "NaN",
    "²",
    "٣",
    "\x00",
    "\u202e",
    "%_%",
    str(2**31),
    str(2**63),
    str(10**30),
    "9" * 5000,
    "x" * 300,
]
# Arbitrary text (any code point but surrogates, NUL included), numbers, and the edges above.
WILD = st.one_of(
    st.sampled_from(BOUNDARY),
    st.text(max_size=40),
    st.integers().map(str),
)


def field(*valid: str) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(valid), WILD) if valid else WILD


def answered(client: Client, method: str, url: str, data: dict[str, Any]) -> int:
    """Send; assert no 5xx, and that a refusal (4xx or an error message) is German and stored
    nothing. Returns the status."""
    client.cookies.pop("messages", None)  # only this request's messages count
    before = database_fingerprint()
    response = getattr(client, method)(url, data)
    status: int = response.status_code
    assert status < 500
    errors = [str(m) for m in get_messages(response.wsgi_request) if m.level == constants.ERROR]
    if status >= 400 or errors:
        page = " ".join(errors) if errors else response.content.decode()
        assert is_german_refusal(status if status >= 400 else 422, page), (status, page[-1500:])
        assert database_fingerprint() == before
    return status


@FAST
@given(
    st.fixed_dictionaries(
        {
            "name": field("Preisskat Dezember"),
            "date": field("2026-12-18", "2026-02-30", "99999-01-01"),
            "key": field("", "2026-12-18-x"),
            "ruleset": field("isko", "preisskat"),
            "house_kontra": field("on", ""),
            "cents_per_point": field("1/4", "0,1", "100", "101"),
            "lost_game_fees": field("50, 50, 100", ", ".join(["500"] * 11)),
            "games_3": field("36"),
            "games_4": field("48"),
            "games_5": field("60"),
        }
    )
)
def test_the_event_form_answers_everything(spielwart_client: Client, data: dict[str, str]) -> None:
    answered(spielwart_client, "post", "/spielwart/veranstaltungen/neu/", data)
    for event in Event.objects.all():
        assert len(event.lost_game_fees_cents) <= 10
        assert all(1 <= int(n) <= 60 for n in event.games_per_round.values())


@FAST
@given(
    name=field("Otto Öhler", "\u202e"),
    key=field("", "otto"),
    guest=field("on"),
    q=WILD,
)
def test_the_player_pages_answer_everything(
    spielwart_client: Client, db: None, name: str, key: str, guest: str, q: str
) -> None:
    answered(
        spielwart_client,
        "post",
        "/spielwart/spieler/neu/",
        {"name": name, "key": key, "is_guest": guest},
    )
    answered(spielwart_client, "get", "/spielwart/spieler/", {"q": q, "alle": guest})
    answered(spielwart_client, "post", "/spielwart/spieler/otto/aktiv/", {"active": guest})
    for player in Player.objects.all():
        assert player.name.strip() and "\x00" not in player.name and "\u202e" not in player.name


@FAST
@given(action=field("add", "remove", "guest"), player=field("1", "2"), name=WILD, q=WILD)
def test_attendance_answers_everything(
    spielwart_client: Client,
    event: Event,
    players: dict[str, Player],
    action: str,
    player: str,
    name: str,
    q: str,
) -> None:
    url = EVENT + "anwesend/"
    answered(
        spielwart_client, "post", url, {"action": action, "player": player, "name": name, "q": q}
    )
    answered(spielwart_client, "get", url, {"q": q})


@FAST
@given(line=field("1 Kr m1", "2 Gr o1 v", "p", "4 Kr m1"), number=field("", "1", "49"))
def test_the_entry_line_answers_everything(
    spielwart_client: Client, four_table: Table, line: str, number: str
) -> None:
    answered(spielwart_client, "post", TABLE_1, {"line": line, "number": number})


@FAST
@given(
    st.fixed_dictionaries(
        {
            "declarer": field("1", "2", "3"),
            "type": field("clubs", "grand", "null", ""),
            "matadors": field("1", "-2", "12"),
            "bid": field("18", "1000"),
            "hand": field("on"),
            "result": field("won", "lost"),
            "level": field("schneider", "schwarz", ""),
            "number": field("", "2"),
        }
    )
)
def test_the_entry_form_answers_everything(
    spielwart_client: Client, four_table: Table, data: dict[str, str]
) -> None:
    answered(spielwart_client, "post", TABLE_1, data)


@FAST
@given(line=field("2 Kr m1 v", "p"), version=field("1", "0"), game=st.sampled_from(["1", "2"]))
def test_corrections_answer_everything(
    spielwart_client: Client, four_table: Table, line: str, version: str, game: str
) -> None:
    if not four_table.games.exists():
        enter(four_table, 1, 2, "Kr m1")
    url = f"{TABLE_1}spiel/{game}/"
    answered(spielwart_client, "post", url, {"line": line, "expected_version": version})
    answered(spielwart_client, "post", url + "loeschen/", {"expected_version": version})


@FAST
@given(score=field("24", str(10**30)), won=field("1", "0", "61"), lost=field("0", "2"))
def test_paper_totals_answer_everything(
    spielwart_client: Client, four_table: Table, score: str, won: str, lost: str
) -> None:
    data: dict[str, str] = {}
    for seat in four_table.seats.all():
        data |= {f"score_{seat.player_id}": score, f"won_{seat.player_id}": won}
        data[f"lost_{seat.player_id}"] = lost
    answered(spielwart_client, "post", TABLE_1 + "summen/", data)


@FAST
@given(decision=field("confirm", "reject"), note=WILD)
def test_the_second_signature_answers_everything(
    spielwart_client: Client, four_table: Table, decision: str, note: str
) -> None:
    answered(spielwart_client, "post", TABLE_1 + "pruefen/", {"decision": decision, "note": note})


@FAST
@given(
    seating=field("draw", "standings"),
    seed=WILD,
    five=field("on"),
    number=field("1", "2"),
    first=field("1"),
    second=field("2"),
)
def test_seating_answers_everything(
    spielwart_client: Client,
    event: Event,
    players: dict[str, Player],
    seating: str,
    seed: str,
    five: str,
    number: str,
    first: str,
    second: str,
) -> None:
    for player in players.values():
        event.attendance_set.get_or_create(player=player)
    data = {"seating": seating, "seed": seed, "allow_five": five, "number": number}
    answered(spielwart_client, "post", EVENT + "serie/neu/", data)
    if event.rounds.exists():
        url = EVENT + "serie/1/"
        answered(spielwart_client, "post", url + "plaetze/", {"first": first, "second": second})
        answered(spielwart_client, "post", url + "umsetzen/", {"allow_five": five})
        answered(spielwart_client, "get", url, {"fuenf": five})


@FAST
@given(rule=field("total", "average", "best_n"), best=field("12", "0"), least=field("0", "3"))
def test_the_season_rule_answers_everything(
    spielwart_client: Client, db: None, rule: str, best: str, least: str
) -> None:
    Season.objects.get_or_create(year=2026)
    data = {"ranking_rule": rule, "best_n": best, "min_rounds": least}
    answered(spielwart_client, "post", "/spielwart/saison/2026/", data)


PUBLIC = [
    "/",
    "/rangliste/2026/",
    "/veranstaltungen/2026-11-20-preisskat/",
    "/veranstaltungen/2026-11-20-preisskat/serie/1/",
    "/spieler/anna/",
]
PARAMS = ["saison", "sort", "page", "format", "table", "r-sort", "r-page", "u-page", "q"]


@FAST
@given(
    url=st.sampled_from(PUBLIC),
    params=st.dictionaries(
        st.sampled_from(PARAMS), field("csv", "json", "2026", "alle", "-place", "2"), max_size=4
    ),
)
# Found by a randomly seeded run (issue 24): int() refused the digits with a 500.
@example(url="/spieler/anna/", params={"saison": "9" * 5000})
@example(url="/spieler/anna/", params={"saison": "²"})
def test_the_public_pages_answer_every_query(
    client: Client, four_table: Table, url: str, params: dict[str, str]
) -> None:
    if not four_table.games.exists():
        enter(four_table, 1, 2, "Kr m1")
    answered(client, "get", url, params)


@FAST
@given(username=WILD, password=WILD)
def test_the_login_answers_everything(
    client: Client, db: None, username: str, password: str
) -> None:
    response = client.post("/anmelden/", {"username": username, "password": password})
    assert response.status_code < 500


@FAST
@given(
    first=field("1", "2"),
    second=field("2", "3"),
    variant=field("standard", "x"),
    date=field("2026-11-20", "0000-01-01"),
)
# Found by the explore profile (issue 24): the refusal named no German word a reader expects.
@example(first="2", second="2", variant="standard", date="2026-11-20")
def test_a_new_offiziersskat_match_answers_everything(
    spielwart_client: Client,
    players: dict[str, Player],
    first: str,
    second: str,
    variant: str,
    date: str,
) -> None:
    data = {"first": first, "second": second, "variant": variant, "date": date}
    answered(spielwart_client, "post", "/spielwart/offiziersskat/", data)


@FAST
@given(count=field("3", "10", "11"), seed=WILD, five=field("on"), tables=WILD)
def test_drawing_all_rounds_in_advance_answers_everything(
    spielwart_client: Client,
    event: Event,
    players: dict[str, Player],
    count: str,
    seed: str,
    five: str,
    tables: str,
) -> None:
    for player in players.values():
        event.attendance_set.get_or_create(player=player)
    data = {"count": count, "seed": seed, "allow_five": five}
    answered(spielwart_client, "get", EVENT + "im-voraus/vorschau/", data)
    answered(spielwart_client, "post", EVENT + "im-voraus/", data | {"tables": tables})
    event.rounds.all().delete()  # the next example starts without Serien again


@FAST
@given(params=st.dictionaries(st.sampled_from(["format", "table", "q", "alle"]), WILD, max_size=3))
def test_the_new_downloads_answer_every_query(
    spielwart_client: Client, event: Event, players: dict[str, Player], params: dict[str, str]
) -> None:
    for url in ("anmeldung/", "kasse/", "gewinnplan/"):
        answered(spielwart_client, "get", EVENT + url, params)
    answered(spielwart_client, "get", "/spielwart/spieler/", params)
    answered(spielwart_client, "get", "/spielwart/abweichend/", params)
