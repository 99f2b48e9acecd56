"""The words of the Prüfer's overview: how many lists and games, in German with plurals.

Owns `lists_text`, `games_text` and `accepted_text` (the message after accepting an import's
lists together). Computes nothing.
"""

from __future__ import annotations

from skatclub.club.formatting import number


def lists_text(count: int) -> str:
    """'1 Liste', '261 Listen'."""
    return f"{number(count)} {'Liste' if count == 1 else 'Listen'}"


def games_text(count: int) -> str:
    """'1 Spiel', '23 Spiele'."""
    return f"{number(count)} {'Spiel' if count == 1 else 'Spiele'}"


def accepted_text(lists: int, flagged_games: int) -> str:
    """What accepting an import's lists did (nothing, on a second click)."""
    if not lists:
        return "Keine Liste dieses Imports war mehr offen; es wurde nichts geändert."
    still = (
        f" {games_text(flagged_games)} abweichend erfasst: sie stehen weiter unter "
        "„Abweichend erfasst“ zur Durchsicht."
        if flagged_games
        else ""
    )
    return f"{lists_text(lists)} als geprüft übernommen.{still}"
