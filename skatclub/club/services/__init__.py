"""Writes: every change to the club's data goes through these functions, each one transaction.

- `results`: games and paper totals, valued by the engine (`valuing`), each saved under its
  table's lock (`locks`), then the sums on every seat (`seat_sums`).
- `review`: the second signature on a list.
- `seating`: a new Serie (numbered under a lock), the draw, swaps, re-forming tables.
- `events`: events with their season, guests and attendance.
- `recorded`: games imported "as recorded" (the list's value where the rules disagree).
- `history`: the `Change` rows every write leaves (who, when, before/after, from where).
- `table_links`: each table's secret link for entry at the table, the players' sign-off.
- `draw`: the pure seeded draw that `seating` writes; `meetings`: the pure draw that avoids
  repeat meetings, keeps declared pairs apart and fixed players at their tables.
The names below are the public API; views, the archive import and commands use only these.
"""

from skatclub.club.services.errors import BusyError, ConflictError, EntryError, is_busy
from skatclub.club.services.events import add_guest, mark_absent, mark_present, save_event
from skatclub.club.services.history import Actor, seat_keys
from skatclub.club.services.house_rules import record_ramsch
from skatclub.club.services.locks import TableAt
from skatclub.club.services.members import admit, save_player, set_member_number, set_player_active
from skatclub.club.services.recorded import recorded_fields
from skatclub.club.services.results import (
    TotalLine,
    check_totals,
    delete_game,
    preview_game,
    record_game,
    record_line,
    record_totals,
)
from skatclub.club.services.review import check_table, has_entered_results
from skatclub.club.services.seat_sums import refresh_results
from skatclub.club.services.seating import (
    Seating,
    create_round,
    next_round_number,
    preview_round,
    regroup,
    regrouping,
    reseat_tables,
    round_report,
    seat_round,
    start_round,
    started_tables,
    swap_players,
    swap_seats,
)
from skatclub.club.services.table_links import (
    check_link_writes,
    is_signed_off,
    issue_link,
    issue_links,
    live_link,
    live_links,
    revoke_link,
    sign_table,
)
from skatclub.club.services.valuing import PASSED_FIELDS, ValuedGame, check_game_slot, value_game

__all__ = [
    "admit",
    "save_player",
    "set_member_number",
    "set_player_active",
    "record_ramsch",
    "add_guest",
    "mark_absent",
    "mark_present",
    "next_round_number",
    "preview_round",
    "round_report",
    "save_event",
    "Seating",
    "PASSED_FIELDS",
    "Actor",
    "BusyError",
    "ConflictError",
    "is_busy",
    "EntryError",
    "TableAt",
    "TotalLine",
    "ValuedGame",
    "check_game_slot",
    "check_table",
    "check_totals",
    "create_round",
    "delete_game",
    "preview_game",
    "check_link_writes",
    "is_signed_off",
    "issue_link",
    "issue_links",
    "live_link",
    "live_links",
    "revoke_link",
    "sign_table",
    "has_entered_results",
    "record_game",
    "record_line",
    "record_totals",
    "recorded_fields",
    "refresh_results",
    "regroup",
    "regrouping",
    "reseat_tables",
    "seat_keys",
    "seat_round",
    "start_round",
    "started_tables",
    "swap_players",
    "swap_seats",
    "value_game",
]
