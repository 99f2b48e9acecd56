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
    GameType,
    max_list_score,
)
from scoring.event_rules import EventRules
from scoring.value import SUIT_MAX_MATADORS
from skatclub.club.forms.rules import rule_fields, rule_initial, rules_from
from skatclub.club.models import (
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
    """An event: its name, date, key and kind, and every rule it plays by, each field made
    from the rule's declaration (`forms.rules`, `scoring.event_rules`)."""

    # Checked: a change that re-values games may reopen checked or signed lists and withdraw
    # an announced Gewinnplan (`services.change_rules`).
    reopen = forms.BooleanField(
        label="Geprüfte und unterschriebene Listen und den angekündigten Gewinnplan dafür "
        "wieder öffnen",
        required=False,
    )
    # The fingerprint of the preview the Spielwart confirmed (`services.rules_preview`).
    confirmed = forms.CharField(widget=forms.HiddenInput, required=False, max_length=16)

    class Meta:
        model = Event
        fields = ["name", "date", "key", "kind"]
        field_classes = {"name": NameField}
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}
        help_texts = {"key": "Leer lassen: wird aus Datum und Name gebildet."}

    def __init__(
        self, *args: Any, rules_type: type[EventRules] = EventRules, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.rules_type = rules_type
        self.fields["key"].required = False
        self.fields["kind"].required = False  # a club evening unless said otherwise
        rules = self.instance.rules if self.instance.pk else rules_type()
        if rules_type is not EventRules:  # a test's declaration with more rules
            rules = rules_type(**{f: getattr(rules, f) for f in EventRules.__dataclass_fields__})
        reopen, confirmed = self.fields.pop("reopen"), self.fields.pop("confirmed")
        for name, field in rule_fields(rules_type).items():
            self.fields[name] = field
            field.initial = rule_initial(rules).get(name)
        self.fields["reopen"], self.fields["confirmed"] = reopen, confirmed

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
        self.rules, errors = rules_from(data, self.rules_type())
        for name, message in errors.items():
            self.add_error(None if name == "__all__" else name, message)
        return data

    def save(self, commit: bool = True) -> Event:
        event: Event = super().save(commit=False)
        event.key = self.cleaned_data["key"]
        event.apply_rules(self.rules)
        event.kind = self.cleaned_data.get("kind") or Event.Kind.EVENING
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
