"""Reads of Offiziersskat matches: the list of one match with running totals, and a player's
matches. Two queries per match sheet, one per player list; writes nothing."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q, Sum

from scoring.offiziersskat import VARIANT_LABELS, VARIANT_RULES, announcer_seat, dealer_seat
from skatclub.club.models import Match, MatchGame, Player


@dataclass(frozen=True)
class MatchRow:
    number: int
    dealer_seat: int
    declarer_seat: int
    notation: str
    won: bool | None
    derivation: str
    scores: tuple[int, int]
    totals: tuple[int, int]
    version: int


@dataclass(frozen=True)
class MatchSheet:
    match: Match
    names: tuple[str, str]
    variant_label: str
    rows: tuple[MatchRow, ...]
    totals: tuple[int, int]
    won: tuple[int, int]  # games won as Ansager
    lost: tuple[int, int]

    @property
    def next_number(self) -> int:
        return self.rows[-1].number + 1 if self.rows else 1

    @property
    def next_announcer(self) -> int:
        return announcer_seat(self.next_number)


def match_sheet(match: Match) -> MatchSheet:
    match = Match.objects.select_related("first", "second").get(pk=match.pk)
    rows: list[MatchRow] = []
    totals = [0, 0]
    won, lost = [0, 0], [0, 0]
    for game in MatchGame.objects.filter(match=match).order_by("number"):
        scores = (game.first_score, game.second_score)
        totals = [totals[0] + scores[0], totals[1] + scores[1]]
        if game.won is not None:
            (won if game.won else lost)[game.declarer_seat - 1] += 1
        rows.append(
            MatchRow(
                game.number,
                dealer_seat(game.number),
                game.declarer_seat,
                game.notation,
                game.won,
                game.derivation,
                scores,
                (totals[0], totals[1]),
                game.version,
            )
        )
    return MatchSheet(
        match,
        (match.first.name, match.second.name),
        f"{VARIANT_LABELS[match.variant]}: {VARIANT_RULES[match.variant]}",
        tuple(rows),
        (totals[0], totals[1]),
        (won[0], won[1]),
        (lost[0], lost[1]),
    )


@dataclass(frozen=True)
class PlayerMatch:
    match_id: int
    date: str
    opponent: str
    own: int
    other: int
    games: int


def player_matches(player: Player) -> list[PlayerMatch]:
    """Every match of `player`, newest first, with both totals (one query)."""
    matches = (
        Match.objects.filter(Q(first=player) | Q(second=player))
        .select_related("first", "second")
        .annotate(
            first_total=Sum("games__first_score"),
            second_total=Sum("games__second_score"),
            game_count=Count("games"),
        )
        .order_by("-date", "-id")
    )
    result = []
    for m in matches:
        first = m.first_id == player.pk
        totals = (m.first_total or 0, m.second_total or 0)
        result.append(
            PlayerMatch(
                m.pk,
                f"{m.date:%d.%m.%Y}",
                (m.second if first else m.first).name,
                totals[0] if first else totals[1],
                totals[1] if first else totals[0],
                m.game_count,
            )
        )
    return result
