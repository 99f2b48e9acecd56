"""Forms of the Spielwart's pages; engine and service errors become German field errors.

Owns input parsing only: players, events (with Wertpunkt and fee list), attendance, Serie
creation, seat swaps, the mouse/touch game form, paper-list totals and the second signature;
at the end the Kasse's bookings and cash count and the Gewinnplan's settings and lines.
the modules beside it hold the forms of one page each (sign-in, logins, seating wishes, season
rule). No view module declares a form (`tests/architecture/test_thin_views.py`).
No Skat rule is checked here: the game form only assembles a declaration/outcome for the engine.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import Any

from django import forms
from django.db.models import QuerySet

from scoring import (
    MAX_GAMES_PER_ROUND,
    MIN_GAMES_PER_ROUND,
    GameType,
    ScoringError,
    check_lost_game_fees,
    max_list_score,
    parse_cents_per_point,
)
from scoring.bock import MAX_ROUNDS, BockTrigger, Stacking
from scoring.ramsch import MAX_LOSS_CAP, RamschScoring
from scoring.value import SUIT_MAX_MATADORS
from skatclub.club.models import (
    DEFAULT_GAMES_PER_ROUND,
    GAME_TYPE_CHOICES,
    Event,
    KasseEntry,
    Match,
    Player,
    PrizePlan,
    PrizeRule,
    Round,
)
from skatclub.club.money import EuroField, PercentField
from skatclub.club.numbers import whole_number
from skatclub.club.services import MAX_TEXT as MAX_BOOKING_TEXT
from skatclub.club.services import unique_key
from skatclub.club.text import NO_VISIBLE_NAME, NO_VISIBLE_NUMBER, InvisibleText, visible_name


class NameField(forms.CharField):
    """A name as people see it: invisible characters (RLO, zero-width, NUL) are dropped, and a
    name of nothing but those is refused."""

    invisible = NO_VISIBLE_NAME

    def to_python(self, value: Any) -> str:
        text = super().to_python(value)
        try:
            return visible_name(text or "", self.invisible)
        except InvisibleText as error:
            raise forms.ValidationError(error.message, code="invisible") from None


class MemberNumberField(NameField):
    invisible = NO_VISIBLE_NUMBER


MAX_FEE = 100_000  # 1,000 € Startgeld


class PlayerForm(forms.ModelForm[Player]):
    class Meta:
        model = Player
        fields = [
            "name",
            "key",
            "member_number",
            "is_guest",
            "is_woman",
            "is_senior",
            "is_youth",
            "is_active",
        ]
        field_classes = {"name": NameField, "member_number": MemberNumberField}
        help_texts = {"key": "Leer lassen: wird aus dem Namen gebildet."}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["key"].required = False

    def clean_key(self) -> str:
        key = self.cleaned_data.get("key") or ""
        if key:
            # Keys are unique over all clubs: another club's player counts too.
            clash = Player.all_clubs.filter(key=key).exclude(pk=self.instance.pk)
            if clash.exists():
                raise forms.ValidationError("Dieses Kürzel hat schon ein anderer Spieler.")
            return key
        return unique_key(self.cleaned_data.get("name") or "", Player, self.instance.pk)


class MemberNumberForm(forms.Form):
    """The one thing a club keeps of its own for a player of another club."""

    number = forms.CharField(
        label="Mitgliedsnummer in diesem Verein", max_length=20, required=False
    )


class GuestForm(forms.Form):
    """Add a guest and mark them present in one step."""

    name = NameField(label="Name des Gastes", max_length=200)


class EventForm(forms.ModelForm[Event]):
    lost_game_fees = forms.CharField(
        label="Verlustspielgeld in Cent",
        required=False,
        max_length=200,
        help_text="für das 1., 2., … verlorene Spiel, durch Komma getrennt, z. B. 50, 50, 50, 100",
    )
    games_3 = forms.IntegerField(
        label="Spiele je Serie am 3er-Tisch",
        min_value=MIN_GAMES_PER_ROUND,
        max_value=MAX_GAMES_PER_ROUND,
    )
    games_4 = forms.IntegerField(
        label="Spiele je Serie am 4er-Tisch",
        min_value=MIN_GAMES_PER_ROUND,
        max_value=MAX_GAMES_PER_ROUND,
    )
    games_5 = forms.IntegerField(
        label="Spiele je Serie am 5er-Tisch",
        min_value=MIN_GAMES_PER_ROUND,
        max_value=MAX_GAMES_PER_ROUND,
    )
    ramsch_loss_cap = forms.IntegerField(
        label="Ramsch: Verlust höchstens (Punkte)",
        min_value=1,
        max_value=MAX_LOSS_CAP,
        required=False,
        help_text="Nur mit „Ramsch (Hausregel)“: kein Spieler verliert in einem Ramsch mehr als "
        "so viele Punkte (nach allen Verdopplungen, auch Bock), z. B. 250. Leer lassen: "
        "unbegrenzt.",
    )
    bock_triggers = forms.MultipleChoiceField(
        label="Bockrunde nach",
        choices=[(t.value, t.label) for t in BockTrigger],
        widget=forms.CheckboxSelectMultiple,
        required=False,
        help_text="Nur mit „Bock (Hausregel)“. Leer: Bock wird je Spiel eingegeben (B, B2).",
    )
    bock_rounds = forms.IntegerField(
        label="Bockrunde dauert Runden (jeder gibt einmal)",
        min_value=1,
        max_value=MAX_ROUNDS,
        required=False,
    )
    entry_fee = EuroField(
        label="Startgeld (€)", required=False, max_cents=MAX_FEE, help_text="z. B. 10,00"
    )
    reduced_fee = EuroField(
        label="ermäßigtes Startgeld (€), z. B. Jugend",
        required=False,
        max_cents=MAX_FEE,
        help_text="leer lassen: kein ermäßigter Satz",
    )

    class Meta:
        model = Event
        fields = [
            "name",
            "date",
            "key",
            "kind",
            "ruleset",
            "house_kontra",
            "house_bock",
            "house_ramsch",
            "bock_stacking",
            "ramsch_scoring",
            "ramsch_tie_rule",
            "ramsch_durchmarsch_doubled",
            "ramsch_loss_cap",
            "cents_per_point",
            "rounding_step_cents",
        ]
        field_classes = {"name": NameField}
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}
        help_texts = {"key": "Leer lassen: wird aus Datum und Name gebildet."}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["key"].required = False
        self.fields["rounding_step_cents"].required = False
        games = {**DEFAULT_GAMES_PER_ROUND, **(self.instance.games_per_round or {})}
        for size in ("3", "4", "5"):
            self.fields[f"games_{size}"].initial = int(games[size])
        fees = self.instance.lost_game_fees_cents or []
        self.fields["lost_game_fees"].initial = ", ".join(str(f) for f in fees)
        self.fields["bock_triggers"].initial = list(self.instance.bock_triggers or [])
        self.fields["bock_rounds"].initial = self.instance.bock_rounds
        for name in ("bock_stacking", "ramsch_scoring"):  # the model's default when left out
            self.fields[name].required = False
        self.fields["kind"].required = False  # a club evening unless said otherwise
        self.fields["entry_fee"].initial = self.instance.entry_fee_cents
        self.fields["reduced_fee"].initial = self.instance.reduced_fee_cents

    def clean_cents_per_point(self) -> str:
        text = (self.cleaned_data.get("cents_per_point") or "").strip()
        if text:
            try:
                parse_cents_per_point(text)
            except ScoringError as error:
                raise forms.ValidationError(error.message) from None
        return text

    def clean_rounding_step_cents(self) -> int:
        """Not given (an older form, a script): whole cents."""
        return int(self.cleaned_data.get("rounding_step_cents") or 1)

    def clean_lost_game_fees(self) -> list[int]:
        text = self.cleaned_data.get("lost_game_fees") or ""
        parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
        fees = [n for n in map(whole_number, parts) if n is not None]
        if len(fees) < len(parts):
            raise forms.ValidationError(
                "Bitte ganze Cent-Beträge durch Komma getrennt angeben, z. B. 50, 50, 100."
            )
        if any(f < 0 for f in fees):
            raise forms.ValidationError("Verlustspielgeld kann nicht negativ sein.")
        try:
            return check_lost_game_fees(fees)
        except ScoringError as error:
            raise forms.ValidationError(error.message) from None

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if not data.get("key") and data.get("date") and data.get("name"):
            suggested = f"{data['date']:%Y-%m-%d}-{data['name']}"
            data["key"] = unique_key(suggested, Event, self.instance.pk, max_length=100)
        elif data.get("key"):
            clash = Event.objects.filter(key=data["key"]).exclude(pk=self.instance.pk)
            if clash.exists():
                self.add_error("key", "Diesen Schlüssel hat schon eine andere Veranstaltung.")
        return data

    def save(self, commit: bool = True) -> Event:
        event: Event = super().save(commit=False)
        event.key = self.cleaned_data["key"]
        event.lost_game_fees_cents = self.cleaned_data["lost_game_fees"]
        event.games_per_round = {s: self.cleaned_data[f"games_{s}"] for s in ("3", "4", "5")}
        event.bock_triggers = list(self.cleaned_data["bock_triggers"])
        event.bock_rounds = self.cleaned_data["bock_rounds"] or 1
        event.bock_stacking = self.cleaned_data.get("bock_stacking") or Stacking.QUEUE.value
        event.ramsch_scoring = (
            self.cleaned_data.get("ramsch_scoring") or RamschScoring.LOSER_ONLY.value
        )
        event.kind = self.cleaned_data.get("kind") or Event.Kind.EVENING
        event.entry_fee_cents = self.cleaned_data["entry_fee"] or 0
        event.reduced_fee_cents = self.cleaned_data["reduced_fee"]
        if commit:
            event.save()
        return event


class RoundForm(forms.Form):
    SEATING_CHOICES = [("draw", "auslosen"), ("standings", "nach Rangliste setzen")]

    seating = forms.ChoiceField(label="Setzart", choices=SEATING_CHOICES, initial="draw")
    seed = forms.CharField(
        label="Startwert der Auslosung",
        max_length=64,
        required=False,
        help_text="Leer lassen: wird zufällig gewählt. Mit demselben Startwert ergibt sich "
        "dieselbe Auslosung.",
    )
    avoid = forms.ChoiceField(
        label="Beim Auslosen",
        choices=Round.Avoid.choices,
        required=False,
        initial=Round.Avoid.EVENT,
    )
    allow_five = forms.BooleanField(label="5er-Tische erlauben", required=False)
    # The Serie number the Spielwart saw: a second press for the same Serie creates no other.
    number = forms.IntegerField(
        widget=forms.HiddenInput, required=False, min_value=1, max_value=999
    )
    # The fingerprint of the tables a preview showed (see services.preview_round).
    tables = forms.CharField(widget=forms.HiddenInput, required=False, max_length=16)


class AdvanceForm(forms.Form):
    """All Serien of a tournament drawn at once, before the first (for the Startkarten)."""

    count = forms.IntegerField(label="Anzahl Serien", min_value=1, max_value=10, initial=3)
    seed = forms.CharField(
        label="Startwert der Auslosung",
        max_length=60,  # Serie n gets "<seed>-n", within the Serie's 64 characters
        required=False,
        help_text="Leer lassen: wird zufällig gewählt. Serie n wird mit „Startwert-n“ ausgelost.",
    )
    allow_five = forms.BooleanField(label="5er-Tische erlauben", required=False)
    # The fingerprint of the Serien a preview showed (see services.seating.plans_fingerprint).
    tables = forms.CharField(widget=forms.HiddenInput, required=False, max_length=16)


class SwapForm(forms.Form):
    first = forms.ModelChoiceField(label="Spieler", queryset=Player.objects.none())
    second = forms.ModelChoiceField(label="tauscht mit", queryset=Player.objects.none())

    def __init__(self, *args: Any, players: QuerySet[Player] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = players if players is not None else Player.objects.none()

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("first") and data.get("first") == data.get("second"):
            raise forms.ValidationError("Bitte zwei verschiedene Spieler wählen.")
        return data


OUTCOME_CHOICES = [("won", "gewonnen"), ("lost", "verloren")]
LEVEL_CHOICES = [("", "–"), ("schneider", "Schneider"), ("schwarz", "Schwarz")]
PASSED = "passed"
# No default: a game type left unchosen is an error, never a silent "eingepasst".
TYPE_CHOICES = [("", "– bitte wählen –"), (PASSED, "eingepasst"), *GAME_TYPE_CHOICES]
TYPE_REQUIRED = "Bitte die Spielart wählen (oder „eingepasst“)."


class GameForm(forms.Form):
    """The mouse/touch form: builds the same declaration/outcome as a typed line."""

    declarer = forms.TypedChoiceField(label="Alleinspieler (Platz)", coerce=int, required=False)
    type = forms.ChoiceField(
        label="Spiel", choices=TYPE_CHOICES, error_messages={"required": TYPE_REQUIRED}
    )
    matadors = forms.IntegerField(
        label="Spitzen (mit +n / ohne −n)", required=False, min_value=-11, max_value=11
    )
    hand = forms.BooleanField(label="Hand", required=False)
    ouvert = forms.BooleanField(label="ouvert", required=False)
    schneider_announced = forms.BooleanField(label="Schneider angesagt", required=False)
    schwarz_announced = forms.BooleanField(label="Schwarz angesagt", required=False)
    kontra = forms.BooleanField(label="Kontra", required=False)
    re = forms.BooleanField(label="Re", required=False)
    bid = forms.IntegerField(label="Reizwert", required=False, min_value=0, max_value=999)
    result = forms.ChoiceField(
        label="Ergebnis",
        choices=OUTCOME_CHOICES,
        widget=forms.RadioSelect,
        initial="won",
        required=False,
    )
    level = forms.ChoiceField(label="Stufe", choices=LEVEL_CHOICES, required=False)

    def __init__(self, *args: Any, seats: Iterable[tuple[int, str]] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["declarer"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", "–"), *((p, f"{p}: {n}") for p, n in seats)]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        played = data.get("type") and data["type"] != PASSED
        if played and not data.get("declarer"):
            self.add_error("declarer", "Bitte den Alleinspieler wählen.")
        if played and data["type"] != GameType.NULL.value and not data.get("matadors"):
            self.add_error(
                "matadors", "Bitte die Spitzen angeben (z. B. 2 für mit 2, −1 für ohne 1)."
            )
        return data

    @property
    def is_passed(self) -> bool:
        return bool(self.cleaned_data.get("type") == PASSED)

    def declaration(self) -> dict[str, Any]:
        d = self.cleaned_data
        is_null = d["type"] == GameType.NULL.value
        return {
            "type": d["type"],
            "matadors": None if is_null else d.get("matadors"),
            "hand": d.get("hand", False),
            "ouvert": d.get("ouvert", False),
            "schneider_announced": d.get("schneider_announced", False),
            "schwarz_announced": d.get("schwarz_announced", False),
            "kontra": d.get("kontra", False),
            "re": d.get("re", False),
            "bid": d.get("bid"),
        }

    def outcome(self) -> dict[str, Any]:
        d = self.cleaned_data
        level = d.get("level") or ""
        return {
            "won": d.get("result", "won") != "lost",
            "schneider": level in ("schneider", "schwarz"),
            "schwarz": level == "schwarz",
        }


class TableGameForm(GameForm):
    """The big-button form at the table: Spitzen as "mit/ohne" plus a number, the result
    chosen on purpose (no default), optionally the declarer's Augen."""

    direction = forms.ChoiceField(
        label="mit/ohne", choices=[("mit", "mit"), ("ohne", "ohne")], required=False
    )
    spitzen = forms.IntegerField(
        label="Spitzen", required=False, min_value=1, max_value=SUIT_MAX_MATADORS
    )
    # Impossible Augen are refused by the engine (`ImpossibleAugen`), with its German reason.
    card_points = forms.IntegerField(label="Augen", required=False, min_value=0, max_value=999)

    def clean(self) -> dict[str, Any]:
        data = self.cleaned_data
        if data.get("spitzen") and not data.get("matadors"):
            sign = -1 if data.get("direction") == "ohne" else 1
            data["matadors"] = sign * data["spitzen"]
        super().clean()
        if data.get("type") not in (None, "", PASSED) and not data.get("result"):
            self.add_error("result", "Bitte „gewonnen“ oder „verloren“ wählen.")
        return data

    def outcome(self) -> dict[str, Any]:
        outcome = super().outcome()
        if self.cleaned_data.get("card_points") is not None:
            outcome["declarer_card_points"] = self.cleaned_data["card_points"]
        return outcome


class TotalsForm(forms.Form):
    """One paper-list line per player: list score, won and lost games."""

    def __init__(self, *args: Any, players: Any = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players = list(players)
        most = max_list_score(MAX_GAMES_PER_ROUND)  # what a Serie can hold, whatever its length
        for player in self.players:
            self.fields[f"score_{player.pk}"] = forms.IntegerField(
                label="Spielpunkte", min_value=-most, max_value=most
            )
            for name, label in (("won", "gewonnen"), ("lost", "verloren")):
                self.fields[f"{name}_{player.pk}"] = forms.IntegerField(
                    label=label, min_value=0, max_value=MAX_GAMES_PER_ROUND
                )

    def rows(self) -> list[tuple[Player, Any, Any, Any]]:
        return [
            (p, self[f"score_{p.pk}"], self[f"won_{p.pk}"], self[f"lost_{p.pk}"])
            for p in self.players
        ]

    def values(self) -> list[tuple[Player, int, int, int]]:
        d = self.cleaned_data
        return [(p, d[f"score_{p.pk}"], d[f"won_{p.pk}"], d[f"lost_{p.pk}"]) for p in self.players]


class CheckForm(forms.Form):
    DECISIONS = [("confirm", "geprüft – stimmt"), ("reject", "beanstanden")]

    decision = forms.ChoiceField(label="Prüfung", choices=DECISIONS, widget=forms.RadioSelect)
    note = forms.CharField(label="Vermerk", max_length=500, required=False)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("decision") == "reject" and not data.get("note"):
            self.add_error("note", "Bitte kurz begründen, was an der Liste nicht stimmt.")
        return data


class MatchForm(forms.ModelForm[Match]):
    """A new Offiziersskat match: two players, the scoring variant, the date."""

    class Meta:
        model = Match
        fields = ["first", "second", "variant", "date"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["date"].initial = datetime.date.today()
        active = Player.objects.filter(is_active=True).order_by("name")
        for name in ("first", "second"):
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = active

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("first") and data.get("first") == data.get("second"):
            self.add_error(
                "second",
                "Bitte zwei verschiedene Spieler wählen: Offiziersskat spielt man zu zweit.",
            )
        return data


class MatchLineForm(forms.Form):
    """One Offiziersskat game as a line: optional seat (1 or 2), then club notation."""

    number = forms.IntegerField(min_value=1, max_value=99, widget=forms.HiddenInput)
    version = forms.IntegerField(min_value=0, max_value=10**6, widget=forms.HiddenInput)
    line = forms.CharField(label="Spiel", max_length=80, strip=True)


# --- the Kasse and the Gewinnplan -------------------------------------------------------------


class BookingForm(forms.Form):
    kind = forms.ChoiceField(label="Art", choices=KasseEntry.Kind.choices)
    text = forms.CharField(label="wofür", max_length=MAX_BOOKING_TEXT)
    amount = EuroField(label="Betrag (€)")


class CountForm(forms.Form):
    counted = EuroField(label="gezählt (€)")
    note = forms.CharField(label="Vermerk", max_length=MAX_BOOKING_TEXT, required=False)


MAX_FIELD = 1000  # players, places and "je … Teilnehmer" of a Gewinnplan


class PrizeSettingsForm(forms.ModelForm[PrizePlan]):
    entry_fee_percent = PercentField(label="vom Startgeld in den Topf (%)")
    lost_fee_percent = PercentField(label="vom Verlustspielgeld in den Topf (%)")

    class Meta:
        model = PrizePlan
        fields = ["entry_fee_percent", "lost_fee_percent", "ties", "one_prize_each", "rounds"]


class PrizeRuleForm(forms.Form):
    KINDS = [
        ("percent", "Anteil am Topf (%)"),
        ("fixed", "fester Betrag (€)"),
        ("item", "Sachpreis"),
    ]

    category = forms.ChoiceField(label="Wertung", choices=PrizeRule.Category.choices)
    first = forms.IntegerField(label="von Platz", min_value=1, max_value=MAX_FIELD, initial=1)
    last = forms.IntegerField(label="bis Platz", min_value=1, max_value=MAX_FIELD, initial=1)
    kind = forms.ChoiceField(label="Preis", choices=KINDS)
    percent = PercentField(label="Anteil (%)", required=False)
    amount = EuroField(label="Betrag (€)", required=False, max_cents=10_000_000)
    item = forms.CharField(label="Sachpreis", max_length=100, required=False)
    per_participants = forms.IntegerField(
        label="ein Preis je … Teilnehmer (0: nein)", min_value=0, max_value=MAX_FIELD, initial=0
    )
    min_participants = forms.IntegerField(
        label="nur ab … Teilnehmern (0: immer)", min_value=0, max_value=MAX_FIELD, initial=0
    )
