"""Offiziersskat matches (docs/rules.md §13): creating a match and entering, correcting and
deleting its games. The engine values every game (`scoring.offiziersskat`); this module stores
the verdict, keeps the version check and writes the history (`Change` rows of the match)."""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction

from scoring import Ruleset, format_notation, parse_notation, valuation
from scoring.offiziersskat import VARIANTS, announcer_seat, match_scores
from skatclub.club.models import Change, Event, Match, MatchGame, Player
from skatclub.club.services.errors import ConflictError, EntryError
from skatclub.club.services.events import unique_key
from skatclub.club.services.history import Actor, log_change

MAX_GAMES = 99  # a long evening of Offiziersskat; bounds the list and its printout


@transaction.atomic
def create_match(
    *,
    first: Player,
    second: Player,
    variant: str,
    date: datetime.date,
    event: Event | None = None,
) -> Match:
    if first.pk == second.pk:
        raise EntryError(
            "same_player",
            "Bitte zwei verschiedene Spieler wählen: Offiziersskat spielt man zu zweit.",
        )
    if variant not in VARIANTS:
        raise EntryError("variant", f"Die Wertung „{variant}“ gibt es nicht.")
    key = unique_key(f"{date.isoformat()} {first.key} {second.key}", Match, max_length=100)
    return Match.objects.create(
        key=key, first=first, second=second, variant=variant, date=date, event=event
    )


def split_line(text: str, number: int) -> tuple[int, str]:
    """ "2 Kr m2 a75" → (2, "Kr m2 a75"); without a seat the game's Ansager declares."""
    head, _, rest = text.strip().partition(" ")
    if head in ("1", "2"):
        return int(head), rest
    return announcer_seat(number), text.strip()


@transaction.atomic
def record_match_game(
    *,
    match: Match,
    number: int,
    line: str,
    user: Actor = None,
    expected_version: int | None = None,
) -> MatchGame:
    """Create or change game `number` from a line in club notation ("Kr m2 a75")."""
    match = Match.objects.select_for_update().get(pk=match.pk)
    if not 1 <= number <= MAX_GAMES:
        raise EntryError("too_many_games", f"Spiel {number} gibt es nicht (1 bis {MAX_GAMES}).")
    seat, notation = split_line(line, number)
    declaration, outcome = parse_notation(notation)
    valued = valuation(declaration, outcome, Ruleset.OFFIZIERSSKAT, variant=match.variant)
    first_score, second_score = match_scores(valued, seat)
    fields: dict[str, Any] = {
        "declarer_seat": seat,
        "declaration": declaration.to_dict(),
        "outcome": outcome.to_dict(),
        "notation": format_notation(declaration, outcome),
        "won": valued.won,
        "game_value": valued.game_value,
        "first_score": first_score,
        "second_score": second_score,
        "derivation": valued.derivation[:200],
    }
    existing = MatchGame.objects.filter(match=match, number=number).first()
    _check_version(existing, expected_version)
    before = snapshot(existing)
    if existing is None:
        game = MatchGame.objects.create(match=match, number=number, **fields)
        action = Change.Action.CREATE
    else:
        game = existing
        for name, value in fields.items():
            setattr(game, name, value)
        game.version += 1
        game.save()
        action = Change.Action.UPDATE
    log_change(match, action, user, before, snapshot(game), game_number=number)
    return game


@transaction.atomic
def delete_match_game(*, match: Match, number: int, user: Actor = None) -> None:
    match = Match.objects.select_for_update().get(pk=match.pk)
    game = MatchGame.objects.filter(match=match, number=number).first()
    if game is None:
        raise EntryError("no_game", f"Spiel {number} ist nicht erfasst.")
    before = snapshot(game)
    game.delete()
    log_change(match, Change.Action.DELETE, user, before, None, game_number=number)


def snapshot(game: MatchGame | None) -> dict[str, Any] | None:
    if game is None:
        return None
    return {
        "number": game.number,
        "declarer_seat": game.declarer_seat,
        "notation": game.notation,
        "first_score": game.first_score,
        "second_score": game.second_score,
        "version": game.version,
    }


def _check_version(existing: MatchGame | None, expected: int | None) -> None:
    current = existing.version if existing else 0
    if expected is not None and current != expected:
        raise ConflictError(
            "Dieses Spiel hat inzwischen jemand anderes erfasst oder geändert. Bitte neu laden; "
            "Ihre Eingabe steht noch im Formular."
        )
