"""A player of another club who now plays here too: `admit` makes him a member of the club acted
for (`Membership`), so he keeps one history (one key, one player page per club)."""

from __future__ import annotations

from skatclub.club import tenancy
from skatclub.club.archive.problems import is_key
from skatclub.club.models import Membership, Player
from skatclub.club.services.errors import EntryError
from skatclub.club.text import visible_text

MAX_KEY = 60  # Player.key


def admit(key: str) -> Player:
    key = key.strip().lower()[: MAX_KEY + 1]
    club_id = tenancy.club_for_new_rows()
    # Only a well-formed key is looked up: PostgreSQL refuses a NUL in a query's text.
    player = Player.all_clubs.filter(key=key).first() if is_key(key, MAX_KEY) else None
    if player is None:
        shown = visible_text(key)
        raise EntryError("unknown_player", f"Einen Spieler mit dem Kürzel „{shown}“ gibt es nicht.")
    if player.club_id == club_id or Membership.objects.filter(club_id=club_id, player=player):
        raise EntryError("already_member", f"{player.name} gehört schon zu diesem Verein.")
    Membership.objects.create(club_id=club_id, player=player)
    return player
