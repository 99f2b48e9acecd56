"""Issue 24: every URL pattern, attacked by everybody, answers without a server error and
changes nothing it must not.

Two clubs with one of everything (tests/helpers/clubs.py) and B's player Walter Gast admitted
into A. Club A's pages (/v/a/…) are asked by
- "anonym": a visitor without login,
- "tisch-link": a visitor who holds A's table link (the token routes only: without a token
  he is the anonymous visitor),
- "spielwart-b": the Spielwart of club B, a visitor in A,
- "pruefer-a": A's Prüfer,
- "spielwart-a": A's own Spielwart.
Each pattern's parameters are filled with A's objects, with B's objects (all, and one at a
time, the login of no club and a superuser too) and with hostile values (NUL, 5,000 digits,
10^30, -1, 0, 1e-50000, 100,000 characters, unicode, "../"), one parameter at a time.
Every address is asked with GET and POST; the POSTs carry the fields of the forms that send
to the pattern (read once per run from A's pages as its Spielwart and the link holder see
them), with the page's own values, with hostile values and with B's ids and keys; the query
names of the page's GET forms and links get the hostile values too (see `asked`, `payloads`).

After every request: no server error (the test client raises the view's exception), and
every row that changed is one the persona may change: none for the anonymous visitor and
B's Spielwart, the one table for the link holder at his table, A's rows for A's Spielwart at
A's objects and for the Prüfer at his check page; nothing at all for a refusal (4xx) and for
anybody at B's objects. A request that writes no row of ours (seen by a database execute
wrapper) needs no comparison; the others compare a snapshot of every row with its club and
table (`snapshot`). Each pattern starts from the same two clubs (built once per module, each
test in a savepoint).

Deterministic: fixed value lists, fixed order. `KNOWN` lists the findings fixed elsewhere in
issue 24, to be removed when their fixes are merged. `FUZZ_STATS=1` prints where the time goes.
"""

from __future__ import annotations

import html.parser
import logging
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, quote, urlsplit

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models import F, IntegerField, Model, Value
from django.db.models.functions import Coalesce
from django.test import Client
from django.urls import Resolver404, resolve

from skatclub.club import tenancy
from skatclub.club.models import Club, ClubStaff, Membership, Player, Table
from skatclub.club.roles import PRUEFER
from tests.helpers.clubs import (
    PARAMETER,
    ClubData,
    build_club,
    club_routes,
    parameter_values,
    staff,
)

ROUTES = sorted(club_routes())
PREFIX = "/v/a"

# One parameter at a time; values the URL's converter refuses answer 404 before any view runs
# (asked once per pattern), the others reach the views.
HOSTILE = (
    "\x00",
    "9" * 5000,
    str(10**30),
    "-1",
    "0",
    "1e-50000",
    "x" * 100_000,
    "Zürich-ß-☃\u202e٣",
    "../",
)
# A slug is looked up as text: 5,000 digits stand for every number.
SLUG_SPARED = (str(10**30), "0")
# Form fields get these too, plus "" and the ids and keys of club B (see `field_values`).
# All fields at once: empty, NUL, 5,000 digits, 10^30, -1, 100,000 characters.
HOSTILE_FIELDS = ("", *HOSTILE[:4], HOSTILE[6])
# One field at a time, the others as the page fills them (with B's ids and keys after these).
HOSTILE_FIELD = ("", HOSTILE[7], HOSTILE[5], "1, 2, 3", *HOSTILE_FIELDS[1:])


# --- the rows and who owns them ---------------------------------------------------------------


def _paths(model: type[Model], target: type[Model], depth: int = 4) -> list[str]:
    """Paths from `model` to `target`'s id along foreign keys, one per first step; not through
    a login (no club owns it) nor a player (a player plays in several clubs)."""
    if model is target:
        return ["pk"]
    if depth == 0:
        return []
    found = []
    for fk in model._meta.concrete_fields:
        related = fk.related_model
        if not fk.is_relation or related in (User, Player) and target is not Player:
            continue
        if related is target:
            found.append(fk.attname)
            continue
        assert isinstance(related, type), fk  # a relation's model, resolved
        deeper = _paths(related, target, depth - 1)
        if deeper:
            found.append(f"{fk.name}__{deeper[0]}")
    return found


def _owner(paths: list[str]) -> Any:
    if not paths:
        return None
    expressions = [F(path) for path in paths]
    return Coalesce(*expressions) if len(expressions) > 1 else expressions[0]


Row = tuple[str, Any]  # (model, pk)
Snapshot = dict[Row, tuple[str, Any, Any]]  # row -> (its values, its club, its table)
NONE = Value(None, output_field=IntegerField())
# A print job a GET starts is the PDF cache's bookkeeping (what a visitor may cause, like a
# cache entry), not a change of the club's data; its bounds are tests/club/tasks'.
BOOKKEEPING = {"Job"}
MODELS: list[type[Model]] = [
    *(m for m in apps.get_app_config("club").get_models() if m.__name__ not in BOOKKEEPING),
    User,
    User.groups.through,
]
TABLES = {model._meta.db_table: model for model in MODELS}


def snapshot(models: list[type[Model]] = MODELS) -> Snapshot:
    """Every row of the club app and every login (or of `models`) with its club and its table
    (None: none or several clubs own it)."""
    logins: dict[int, int | None] = {}
    for user_id, club_id in ClubStaff.objects.values_list("user_id", "club_id"):
        logins[user_id] = club_id if logins.get(user_id, club_id) == club_id else None
    rows: Snapshot = {}
    for model in models:
        name = model.__name__
        queryset = model._base_manager.all()
        # A login's last login changes as the personas log in (again): not what is guarded.
        # Nor is an event's version: a counter every write to one of its tables raises (a
        # table's link raises its event's; the table's own version is the table's row).
        columns = [
            f.attname
            for f in model._meta.concrete_fields
            if f.attname != "last_login" and (model.__name__, f.attname) != ("Event", "version")
        ]
        if model is User or model is User.groups.through:
            user = columns.index("id" if model is User else "user_id")
            for values in queryset.values_list(*columns):
                rows[(name, values[0])] = (repr(values), logins.get(values[user]), None)
            continue
        club, table = _owner(_paths(model, Club)), _owner(_paths(model, Table))
        annotated = queryset.annotate(_club=club or NONE, _table=table or NONE)
        for values in annotated.values_list(*columns, "_club", "_table"):
            rows[(name, values[0])] = (repr(values[:-2]), values[-2], values[-1])
    return rows


def changed_rows(before: Snapshot, after: Snapshot) -> Iterator[tuple[Row, Any, Any]]:
    """(row, club, table) of every row added, removed or changed."""
    for row in before.keys() | after.keys():
        old, new = before.get(row), after.get(row)
        if old is None or new is None or old[0] != new[0]:
            values = new if new is not None else old
            assert values is not None  # in before or in after
            _, club, table = values
            yield row, club, table


class Writes:
    """The tables of ours (the club app's, the logins') a request wrote to."""

    STATEMENT = re.compile(r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?', re.I)

    def __init__(self) -> None:
        self.tables: set[str] = set()

    def __call__(self, execute: Callable[..., Any], sql: str, *args: Any) -> Any:
        written = self.STATEMENT.match(sql)
        if written and written.group(1) in TABLES:
            self.tables.add(written.group(1))
        return execute(sql, *args)


# --- the forms of the pages -------------------------------------------------------------------


@dataclass
class Form:
    method: str
    fields: dict[str, list[str]] = field(default_factory=dict)  # name -> values the page offers

    def add(self, name: str | None, value: str | None) -> None:
        if not name or name == "csrfmiddlewaretoken":
            return
        values = self.fields.setdefault(name, [])
        if value is not None and value not in values:
            values.append(value)


class FormReader(html.parser.HTMLParser):
    """The forms of a page (by the route they send to) and the query names of its links."""

    def __init__(self, page_path: str) -> None:
        super().__init__()
        self.page_path = page_path
        self.forms: list[tuple[str, Form]] = []
        self.form: Form | None = None
        self.select: str | None = None
        self.textarea: str | None = None
        self.queries: dict[str, set[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form":
            self.form = Form((a.get("method") or "get").lower())
            self.forms.append((a.get("action") or self.page_path, self.form))
        elif tag == "a" and "?" in (href := a.get("href") or ""):
            target = urlsplit(href)
            names = self.queries.setdefault(target.path, set())
            names.update(name for name, _ in parse_qsl(target.query, keep_blank_values=True))
        if self.form is None:
            return
        if tag in ("input", "button"):
            ticked = tag == "input" and a.get("type") in ("checkbox", "radio")
            self.form.add(a.get("name"), a.get("value") or ("on" if ticked else ""))
        elif tag == "select":
            self.select = a.get("name")
            self.form.add(self.select, None)
        elif tag == "option" and self.select:
            self.form.add(self.select, a.get("value") or "")
        elif tag == "textarea":
            self.textarea = a.get("name")
            self.form.add(self.textarea, None)

    def handle_data(self, data: str) -> None:
        if self.form is not None and self.textarea:
            self.form.add(self.textarea, data.strip())

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.form = None
        elif tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None


def route_name(path: str) -> str | None:
    """The name of the route `path` (under A's prefix) goes to."""
    inside = path.removeprefix(PREFIX)
    try:
        return resolve(inside).url_name
    except Resolver404:
        return None


@dataclass
class Catalogue:
    """Per route name: the forms that send to it and the query names its links use."""

    forms: dict[str, list[Form]] = field(default_factory=dict)
    queries: dict[str, set[str]] = field(default_factory=dict)

    def read(self, path: str, page: str) -> None:
        reader = FormReader(path)
        reader.feed(page)
        for action, form in reader.forms:
            name = route_name(urlsplit(action).path)
            if name and form.fields:
                known = self.forms.setdefault(name, [])
                # One form per set of field names: the same form for another row (a player,
                # a seat) adds its values.
                same = [
                    f
                    for f in known
                    if (f.method, f.fields.keys()) == (form.method, form.fields.keys())
                ]
                if not same:
                    known.append(form)
                for field_name, offered in form.fields.items() if same else ():
                    for value in offered:
                        same[0].add(field_name, value)
        for target, names in reader.queries.items():
            name = route_name(target)
            if name:
                self.queries.setdefault(name, set()).update(names)


# --- the two clubs and the personas -----------------------------------------------------------


@dataclass
class World:
    a: ClubData
    b: ClubData
    clients: dict[str, Client]
    users: dict[str, User]
    no_club: User  # made in the admin
    superuser: User
    guest: Player  # B's player, admitted into A
    catalogue: Catalogue
    start: Snapshot = field(default_factory=dict)  # every test starts from these rows


def _build() -> World:
    club_a = tenancy.home_club()
    club_a.slug = "a"
    club_a.save()
    club_b = Club.objects.create(name="Skatfreunde Zebra", slug="b")
    a = build_club(
        club_a,
        word="Ahorn",
        names=["Anton Ahorn", "Berta Birke", "Cäsar Eiche"],
        player_key="ahorn",
        spielwart="spielwart-a",
    )
    b = build_club(
        club_b,
        word="Zebra",
        names=["Xaver Geheim", "Yvonne Verborgen", "Zora Unbekannt", "Walter Gast"],
        player_key="geheim",
        spielwart="spielwart-b",
    )
    guest = b.players[3]
    Membership.objects.create(club=club_a, player=guest)
    users = {
        "spielwart-a": a.user,
        "spielwart-b": b.user,
        "pruefer-a": staff("pruefer-a", club_a, PRUEFER),
    }
    no_club = User.objects.create_user("im-admin-angelegt", password="geheim-und-lang-genug")
    superuser = User.objects.create_superuser("admin", password="geheim-und-lang-genug")
    clients = {"anonym": Client(), "tisch-link": Client()}
    for name, user in users.items():
        clients[name] = Client()
        clients[name].force_login(user)
    world = World(a, b, clients, users, no_club, superuser, guest, Catalogue())
    _read_forms(world)
    world.start = snapshot()
    return world


def _read_forms(world: World) -> None:
    """The forms of A's pages as its Spielwart sees them, and of the table link's pages."""
    for route, name in ROUTES:
        if route.endswith((".pdf", ".svg", ".json")) or name == "logout":
            continue
        url = PREFIX + filled_url(route, parameter_values(route, world.a))
        who = "tisch-link" if "<str:token>" in route else "spielwart-a"
        response = world.clients[who].get(url)
        if response.status_code == 200 and "html" in response.get("Content-Type", ""):
            world.catalogue.read(url, response.content.decode())


@pytest.fixture(scope="module")
def world(django_db_setup: None, django_db_blocker: Any) -> Iterator[World]:
    """Both clubs, built once for the module in a transaction that is rolled back at its end;
    each test runs in a savepoint of its own (pytest-django's `db`), so each pattern starts
    from the same data."""
    # Thousands of refusals, some with 100,000-character addresses: not into the log.
    quiet = [logging.getLogger(name) for name in ("django.request", "django.security", "axes")]
    levels = [logger.level for logger in quiet]
    for logger in quiet:
        logger.setLevel(logging.CRITICAL)
    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            yield _build()
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)
            for logger, level in zip(quiet, levels, strict=True):
                logger.setLevel(level)


# --- the requests -----------------------------------------------------------------------------


def filled_url(route: str, values: dict[str, str]) -> str:
    return "/" + PARAMETER.sub(lambda m: quote(values[m.group(1)], safe="/"), route)


@dataclass(frozen=True)
class Target:
    url: str
    kind: str  # "a": A's objects; "b": B's objects; "hostile": one hostile value


def targets(route: str, w: World) -> list[Target]:
    """Each hostile value in each parameter (the others A's), B's objects in each parameter
    and in all, A's objects last (A's Spielwart deletes nothing the others need). Values the
    URL resolver refuses are asked once per pattern (no view runs for them), the 100,000
    characters in the first parameter only (each costs the resolver a while)."""
    mine, theirs = parameter_values(route, w.a), parameter_values(route, w.b)
    if "pk" in mine and "anmeldungen" in route:
        # A's other login: a new password for his own would log A's Spielwart out.
        mine["pk"] = str(w.users["pruefer-a"].pk)
    if not mine:
        return [Target(PREFIX + filled_url(route, {}), "a")]
    result: list[Target] = []
    refused: set[str] = set()
    for index, name in enumerate(mine):
        extra = [theirs[name]]
        if name == "key" and "spieler/" in route:
            extra.append(w.guest.key)  # B's player, admitted into A
        if name == "pk" and "anmeldungen" in route:
            extra += [str(w.no_club.pk), str(w.superuser.pk)]
        for value in HOSTILE:
            if value in SLUG_SPARED and re.search(rf"<slug:{name}>", route):
                continue
            url = PREFIX + filled_url(route, mine | {name: value})
            # Refused by the resolver: once per pattern, no view sees it (NUL, as PostgreSQL
            # refuses it, and one other).
            if (index and len(value) > 10_000) or (not resolves(url) and len(refused) > 1):
                continue
            if not resolves(url):
                refused.add(value)
            result.append(Target(url, "hostile"))
        for value in extra:
            result.append(Target(PREFIX + filled_url(route, mine | {name: value}), "b"))
    result.append(Target(PREFIX + filled_url(route, theirs), "b"))
    own = PREFIX + filled_url(route, mine)
    # B's Serie 1 is called 1 as A's is: such a "B" address is A's own.
    return [*dict.fromkeys(t for t in result if t.url != own), Target(own, "a")]


def field_values(w: World) -> list[str]:
    b = w.b
    b_values = [str(b.players[0].pk), b.players[0].key, b.event.key, str(b.table_id)]
    return [*HOSTILE_FIELD[:4], *b_values, *HOSTILE_FIELD[4:]]


def payloads(form: Form, values: list[str], mode: str) -> Iterator[dict[str, str]]:
    """The POSTs of one form; the page's own values (as the page fills them) come last: they
    may delete what the others need.
    - "full" (A's objects, asked by who may act): every field with each hostile value, each
      field hostile in turn while the others keep the page's values, each of the page's
      buttons;
    - "cross" (B's objects, asked by A's Spielwart): each field "1" in turn (a valid name, key
      and number: the change he must not make), and every field "-1";
    - "few": every field "-1"; "page": the page's values only (the path is the hostile part).
    """
    page = {name: (offered or [""])[0] for name, offered in form.fields.items()}
    if mode == "full":
        for value in HOSTILE_FIELDS:
            yield dict.fromkeys(form.fields, value)
        for index, name in enumerate(form.fields):
            yield page | {name: values[index % len(values)]}
        buttons = [n for n, offered in form.fields.items() if len(offered) > 1]
        for name in buttons[:1]:
            for value in form.fields[name][:8]:
                yield page | {name: value}
    if mode == "rendered":
        for value in HOSTILE_FIELDS:
            yield dict.fromkeys(form.fields, value)
    if mode == "cross":
        for name in form.fields:
            yield page | {name: "1"}
    if mode in ("cross", "few"):
        yield dict.fromkeys(form.fields, "-1")
    yield page


@dataclass
class Persona:
    name: str
    routes: Callable[[str], bool]  # which patterns he asks
    may_change: Callable[[Target, str], str]  # "nothing", "table" or "club"


PERSONAS = [
    Persona("anonym", lambda route: "<str:token>" not in route, lambda t, r: "nothing"),
    Persona(
        "tisch-link",
        lambda route: "<str:token>" in route,
        lambda t, r: "table" if t.kind == "a" else "nothing",
    ),
    Persona("spielwart-b", lambda route: True, lambda t, r: "nothing"),
    Persona(
        "pruefer-a",
        lambda route: True,
        lambda t, r: "club" if t.kind == "a" and r in PRUEFER_WRITES else "nothing",
    ),
    Persona("spielwart-a", lambda route: True, lambda t, r: "club" if t.kind == "a" else "nothing"),
]
# Where a Prüfer writes: the second signature under a list.
PRUEFER_WRITES: set[str] = {"spielwart-check", "logout", "password-change"}
# Pages whose answer is the same for every visitor and costs a render (PDFs, QR codes): asked
# with GET by A's Spielwart and the anonymous visitor only.
EXPENSIVE = (".pdf", ".svg")

# Findings that other parts of issue 24 fix; remove an entry when its fix is merged.
# (route name, text in the finding, who fixes it)
# "{no_club}" stands for the id of the login of no club.
KNOWN: list[tuple[str, str, str]] = []


@dataclass
class Run:
    world: World
    route: str
    name: str
    findings: list[str] = field(default_factory=list)
    requests: int = 0
    baseline: Snapshot | None = None
    refused: set[tuple[str, str]] = field(default_factory=set)  # (persona, method): 405
    rendered: set[str] = field(default_factory=set)  # expensive pages asked once
    location: str = ""  # where the last answer redirected to

    def may_ask(self, persona: Persona, method: str) -> bool:
        return (persona.name, method) not in self.refused

    def ask(self, persona: Persona, target: Target, method: str, data: Any = None) -> int | None:
        client = self.world.clients[persona.name]
        writes = Writes()
        self.requests += 1
        if self.baseline is None:
            self.baseline = self.world.start
        started = time.perf_counter()
        try:
            with connection.execute_wrapper(writes), transaction.atomic():
                response = getattr(client, method)(target.url, data or {})
        except Exception as error:  # a 500: the client raises the view's exception
            self.findings.append(
                f"{persona.name} {method.upper()} {short(target.url)} "
                f"{short(repr(data))}: {type(error).__name__}: {short(str(error))}"
            )
            return None
        if self.name == "logout" and persona.name in self.world.users:
            client.force_login(self.world.users[persona.name])
        status: int = response.status_code
        self.location = response.get("Location", "")
        if persona.name in self.world.users and "/anmelden/?" in response.get("Location", ""):
            # A login asked to log in: the test would only see the login page from here on.
            self.findings.append(f"{persona.name} ist abgemeldet bei {short(target.url)}")
        if status == 405:
            self.refused.add((persona.name, method))
        took = time.perf_counter() - started
        if took > 0.3:
            SLOW.append(f"{took:.2f}s {persona.name} {method} {short(target.url)} {status}")
        key = (persona.name, target.kind, method, status)
        STATS[key] = (STATS.get(key, (0, 0.0))[0] + 1, STATS.get(key, (0, 0.0))[1] + took)
        if status >= 500:
            self.findings.append(f"{persona.name} {method.upper()} {short(target.url)}: {status}")
        if writes.tables:
            self.compare(persona, target, method, data, status, writes.tables)
        return status

    def compare(
        self,
        persona: Persona,
        target: Target,
        method: str,
        data: Any,
        status: int,
        tables: set[str],
    ) -> None:
        """The rows of the tables written to, against the same rows before the request; a
        login's club comes from ClubStaff, so a login is compared when either is written."""
        started = time.perf_counter()
        models = {TABLES[table] for table in tables}
        if models & {User, User.groups.through, ClubStaff}:
            models |= {User, User.groups.through}
        names = {model.__name__ for model in models}
        after = snapshot([model for model in MODELS if model in models])
        baseline = self.baseline or {}
        before = {row: value for row, value in baseline.items() if row[0] in names}
        n, t = STATS.get("compare", (0, 0.0))
        STATS["compare"] = (n + 1, t + time.perf_counter() - started)
        scope = "nothing" if status >= 400 else persona.may_change(target, self.name)
        a = self.world.a
        for row, club, table in changed_rows(before, after):
            allowed = (scope == "club" and club == a.club.pk) or (
                scope == "table" and table == a.table_id
            )
            if not allowed:
                self.findings.append(
                    f"{persona.name} {method.upper()} {short(target.url)} {short(repr(data))} "
                    f"-> {status} changed {row} (club {club}, table {table}, may: {scope})"
                )
        self.baseline = {row: v for row, v in baseline.items() if row[0] not in names} | after


def short(text: str, limit: int = 120) -> str:
    text = re.sub(r"(.)\1{20,}", lambda m: f"{m.group(1)}×{len(m.group(0))}", text)
    return text if len(text) <= limit else text[:limit] + "…"


def resolves(url: str) -> bool:
    return route_name(urlsplit(url).path) is not None


def attack(run: Run) -> None:
    """Every persona asks A's and B's objects: GET, and POST with the page's forms. Those
    who may act here (A's Spielwart, the link holder, the Prüfer on his page) get every
    hostile value in every field at A's own objects, in the query too; the others the page's
    values and one hostile value.

    The hostile path values are asked by A's Spielwart, the anonymous visitor and the link
    holder: a path is parsed alike for everyone; who may do what is asked at A's and B's
    objects. The anonymous visitor refused at the door (login page) with A's objects is
    refused before the parameters are read and asks no hostile ones; a method a view refuses
    (405) is not asked again; addresses the URL resolver refuses are asked once."""
    w, route, name = run.world, run.route, run.name
    forms = w.catalogue.forms.get(name, [])
    posts = [f for f in forms if f.method == "post"] or [Form("post", {"action": ["delete"]})]
    gets = [f for f in forms if f.method == "get"]
    queries = sorted(w.catalogue.queries.get(name, set()).union(*[f.fields for f in gets]))
    values = field_values(w)
    every = targets(route, w)
    for target in every:
        if not resolves(target.url):
            run.ask(PERSONAS[0], target, "get")
    reached = [t for t in every if resolves(t.url)]
    public = False
    for persona in PERSONAS:
        if not persona.routes(route):
            continue
        # At the table the token is the permission: there the link holder is who acts.
        at_table = "<str:token>" in route
        own = persona.name == ("tisch-link" if at_table else "spielwart-a") or (
            persona.name == "pruefer-a" and name in PRUEFER_WRITES
        )
        # A path is parsed alike for all: on a public page the anonymous visitor's hostile
        # paths stand for A's Spielwart's too.
        hostile = persona.name == "anonym" or (
            own and not (public and persona.name == "spielwart-a")
        )
        # A's own objects last for those who may change them, first for the others.
        order = sorted(reached, key=lambda t: (t.kind == "a") == own)
        for target in order:
            if target.kind == "hostile" and not hostile:
                continue
            statuses = asked(run, persona, target, posts, queries, values, own)
            if target.kind == "a" and not own and all(s in (302, 403) for s in statuses):
                hostile = False  # refused at the door
            elif target.kind == "a" and persona.name == "anonym":
                public = True


def asked(
    run: Run,
    persona: Persona,
    target: Target,
    posts: list[Form],
    queries: list[str],
    values: list[str],
    own: bool,
) -> list[int | None]:
    """One persona at one target. Shortcuts, each because the view decides before it reads
    a field: after a refusal at the door (403, the login page) no more POSTs; a target that is
    not found (404) for GET is not found for POST either (A's own excepted)."""
    full = own and target.kind == "a"
    mode = {"a": "full" if own else "few", "b": "few", "hostile": "page"}[target.kind]
    if mode == "full" and run.route.endswith(EXPENSIVE):
        mode = "rendered"  # each answer renders a PDF: the hostile values in every field
    if target.kind == "b" and persona.name == "spielwart-a":
        mode = "cross"
    statuses = []
    expensive = run.route.endswith(EXPENSIVE)
    if run.may_ask(persona, "get") and not (expensive and target.url in run.rendered):
        statuses.append(run.ask(persona, target, "get"))
        if expensive and statuses[-1] == 200:
            run.rendered.add(target.url)
        if statuses[-1] == 404 and target.kind != "a":
            return statuses
    if full and queries and run.may_ask(persona, "get"):
        for value in HOSTILE_FIELD:
            run.ask(persona, target, "get", dict.fromkeys(queries, value))
    for form in posts:
        for data in payloads(form, values, mode):
            if not run.may_ask(persona, "post"):
                return statuses
            statuses.append(run.ask(persona, target, "post", data))
            if statuses[-1] == 403 or "/anmelden/?" in run.location:
                return statuses
    return statuses


# --- the tests --------------------------------------------------------------------------------


def test_the_walk_covers_every_pattern() -> None:
    assert len(ROUTES) >= 90
    names = {name for _, name in ROUTES}
    assert {"table-link-save", "spielwart-user-change", "login", "league-report-pdf"} <= names


DURATIONS: dict[str, float] = {}
STATS: dict[Any, tuple[int, float]] = {}
SLOW: list[str] = []


@pytest.mark.django_db
@pytest.mark.parametrize(("route", "name"), ROUTES, ids=[name for _, name in ROUTES])
def test_no_pattern_answers_with_a_server_error_or_an_unwanted_change(
    world: World, route: str, name: str
) -> None:
    # Logins live in sessions, which the previous test's rollback (or a logout) may have
    # taken away: every test logs its personas in afresh.
    for persona, user in world.users.items():
        if world.clients[persona].session.get("_auth_user_id") != str(user.pk):
            world.clients[persona].force_login(user)
    run = Run(world, route, name)
    started = time.perf_counter()
    attack(run)
    DURATIONS[name] = time.perf_counter() - started
    marks = [(k[0], k[1].format(no_club=world.no_club.pk)) for k in KNOWN]
    known = [f for f in run.findings if any(r == name and text in f for r, text in marks)]
    unknown = [f for f in run.findings if f not in known]
    assert not unknown, f"{len(unknown)} of {run.requests} requests:\n" + "\n".join(unknown[:40])
    if known:
        pytest.xfail("known, fixed elsewhere: " + "; ".join(known[:3]))


def test_zz_print_stats() -> None:
    import os

    if not os.environ.get("FUZZ_STATS"):
        return
    print("process time", time.process_time())
    for key, (n, t) in sorted(STATS.items(), key=lambda kv: -kv[1][1])[:40]:
        print(key, n, f"{t:.2f}s", f"{1000 * t / n:.1f}ms")
    for name, t in sorted(DURATIONS.items(), key=lambda kv: -kv[1])[:40]:
        print(name, f"{t:.2f}s")
    print("\n".join(SLOW[:60]))
    print(
        "total requests",
        sum(n for n, _ in STATS.values()),
        "time",
        sum(t for _, t in STATS.values()),
    )


@pytest.mark.django_db
def test_every_post_without_the_csrf_token_is_refused(world: World) -> None:
    """The fuzzing clients skip the CSRF check (as Django's test client does); the real one
    refuses every POST without the token, to every pattern, for the Spielwart and at the
    table alike, and stores nothing."""
    spielwart, link_holder = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    spielwart.force_login(world.a.user)
    before = snapshot()
    for route, _ in ROUTES:
        client = link_holder if "<str:token>" in route else spielwart
        url = PREFIX + filled_url(route, parameter_values(route, world.a))
        response = client.post(url, {"action": "delete", "confirm": "1"})
        assert response.status_code == 403, f"POST {url}: {response.status_code}"
    assert not list(changed_rows(before, snapshot()))
