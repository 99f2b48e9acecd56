"""Writes: every change to the club's data goes through these functions, each one transaction.

- `results`: games and paper totals, valued by the engine (`valuing`), each saved under its
  table's lock (`locks`), then the sums on every seat (`seat_sums`); `house_rules`: Ramsch and
  Bockrunden; `recorded`: games imported "as recorded" (the list's value where the rules
  disagree); `review`: the second signature on a list, and on every list of an import at
  once; `imported`: which import an event came from; `wrong_seat`: a player at a wrong seat.
- `seating`: a new Serie (numbered under a lock), the draw, swaps, re-forming tables; `draw`:
  the pure seeded draw that `seating` writes; `meetings`: the pure draw that avoids repeat
  meetings, keeps declared pairs apart and fixed players at their tables; `wishes`: those
  pairs and tables.
- `events`: events with their season, guests and attendance, closing one; `closing`: the one
  guard of a closed event (no new Serie, seat or game); `rule_change`: an event's rules
  changed after games were stored, re-valued with a preview; `signin`: a tournament's
  sign-in; `leaving`: „gegangen nach Serie n“ (not drawn again, money and results stay);
  `prizes`: the Gewinnplan; `kasse`: the Kasse's bookings, cash counts and printed receipts;
  `removal`: deleting a Serie or an event; `offiziersskat`: two-player matches;
  `competitions`: an event's Tandem- and Mannschaftswertungen and their groups.
- `members`: a player's identity and the clubs he plays in; `users`: the club's logins.
- `history`: the `Change` rows every write leaves (who, when, before/after, from where).
- `versions`: the table's and the event's version that readers compare (issue 26).
- `table_links`: each table's secret link for entry at the table, the players' sign-off.
- `jobs`: the record of background work (`Job`): opened once per key, its progress, its end.

The names below are the public API: whatever is outside this package imports only these
(import-linter's contract "The services are used through their public names"); the modules
are free to change behind them.
"""

from skatclub.club.services.closing import check_event_open
from skatclub.club.services.competitions import declare_competition, remove_group, set_group
from skatclub.club.services.draw import DrawError, Move, new_seed
from skatclub.club.services.errors import (
    BusyError,
    ConflictError,
    EntryError,
    EventClosedError,
    LinkClosedError,
    RuleError,
    is_busy,
)
from skatclub.club.services.events import (
    MAX_NAME,
    SamePlayer,
    add_guest,
    close_event,
    mark_absent,
    mark_present,
    reopen_event,
    rules_preview,
    save_event,
    shown_text,
    unique_key,
)
from skatclub.club.services.history import Actor, acting_user, seat_keys
from skatclub.club.services.house_rules import (
    check_ramsch_seats,
    preview_ramsch,
    ramsch_notation,
    ramsch_options,
    record_ramsch,
    valued_ramsch,
)
from skatclub.club.services.imported import record_history_import
from skatclub.club.services.jobs import (
    BEAT_EVERY,
    DEAD_AFTER,
    INTERRUPTED,
    JobCancelled,
    JobRefused,
    JobTimedOut,
    NoProgress,
    Progress,
    active_job,
    beat,
    cancel_job,
    claim_job,
    fail_job,
    finish_job,
    is_dead,
    last_job,
    open_job,
)
from skatclub.club.services.kasse import (
    MAX_TEXT,
    book,
    cancel_booking,
    count_cash,
    issue_receipts,
)
from skatclub.club.services.leaving import leave, stay
from skatclub.club.services.locks import TableAt
from skatclub.club.services.login_devices import (
    COOKIE as DEVICE_COOKIE,
)
from skatclub.club.services.login_devices import (
    COOKIE_AGE as DEVICE_COOKIE_AGE,
)
from skatclub.club.services.login_devices import (
    NEW_COOKIE as NEW_DEVICE_COOKIE,
)
from skatclub.club.services.login_devices import (
    record_failure as record_login_failure,
)
from skatclub.club.services.login_devices import (
    record_login,
    unlock_login,
)
from skatclub.club.services.members import (
    MAX_MEMBER_NUMBER,
    admit,
    save_player,
    set_member_number,
    set_player_active,
)
from skatclub.club.services.offiziersskat import create_match, delete_match_game, record_match_game
from skatclub.club.services.prizes import add_rule, announce, delete_rule, plan_of, save_settings
from skatclub.club.services.recorded import (
    DEVIATION_LENGTH,
    RECORDED_DERIVATION,
    recorded_fields,
)
from skatclub.club.services.removal import delete_event, delete_round, has_results
from skatclub.club.services.results import (
    Entry,
    Saved,
    TakenError,
    TotalLine,
    Typed,
    check_totals,
    delete_game,
    preview_entry,
    preview_game,
    record_game,
    record_line,
    record_totals,
    save_entry,
    typed_at,
)
from skatclub.club.services.review import Accepted, accept_import, check_table, has_entered_results
from skatclub.club.services.rule_change import (
    GameMove,
    PlayerMove,
    RuleChangeEffect,
    RulesRefused,
    change_rules,
    rule_change_effect,
    save_season_rule,
)
from skatclub.club.services.seat_sums import SEAT_RESULT_FIELDS, refresh_results, seat_scores
from skatclub.club.services.seating import (
    Seating,
    create_round,
    draw_in_advance,
    next_round_number,
    plan_in_advance,
    plans_fingerprint,
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
from skatclub.club.services.signin import (
    MAX_QUERY,
    Categories,
    ChangeSignIn,
    default_rate,
    find_players,
    register_and_sign_in,
    set_paid,
    sign_in,
)
from skatclub.club.services.table_links import (
    check_link_writes,
    is_signed_off,
    issue_link,
    issue_links,
    link_version,
    live_link,
    live_links,
    revoke_link,
    seat_player,
    seat_token,
    sign_table,
)
from skatclub.club.services.users import (
    MAX_LOGIN_NAME,
    create_login,
    grant,
    logins,
    other_logins,
    reset_password,
    roles_of,
    set_login_active,
    set_roles,
)
from skatclub.club.services.valuing import (
    PASSED_FIELDS,
    ValuedGame,
    check_game_slot,
    house_rules_of,
    value_game,
    valued_game,
)
from skatclub.club.services.versions import (
    event_changed,
    player_changed,
    table_changed,
    tables_changed,
)
from skatclub.club.services.wishes import (
    MAX_NOTE,
    MAX_TABLE,
    drop_keep_apart,
    keep_apart,
    set_fixed_table,
)
from skatclub.club.services.wrong_seat import mark_wrong_seat

__all__ = [
    "DEVICE_COOKIE",
    "DEVICE_COOKIE_AGE",
    "NEW_DEVICE_COOKIE",
    "record_login",
    "record_login_failure",
    "unlock_login",
    "BEAT_EVERY",
    "DEAD_AFTER",
    "JobCancelled",
    "JobRefused",
    "JobTimedOut",
    "NoProgress",
    "Progress",
    "active_job",
    "beat",
    "cancel_job",
    "claim_job",
    "fail_job",
    "finish_job",
    "is_dead",
    "last_job",
    "open_job",
    "INTERRUPTED",
    "Actor",
    "GameMove",
    "PlayerMove",
    "RuleChangeEffect",
    "RulesRefused",
    "change_rules",
    "rule_change_effect",
    "rules_preview",
    "save_season_rule",
    "BusyError",
    "Categories",
    "ConflictError",
    "DrawError",
    "EntryError",
    "EventClosedError",
    "LinkClosedError",
    "RuleError",
    "MAX_LOGIN_NAME",
    "MAX_MEMBER_NUMBER",
    "MAX_NAME",
    "MAX_NOTE",
    "MAX_QUERY",
    "MAX_TABLE",
    "MAX_TEXT",
    "Move",
    "DEVIATION_LENGTH",
    "PASSED_FIELDS",
    "RECORDED_DERIVATION",
    "SEAT_RESULT_FIELDS",
    "SamePlayer",
    "Seating",
    "TableAt",
    "TotalLine",
    "ValuedGame",
    "acting_user",
    "add_guest",
    "add_rule",
    "admit",
    "announce",
    "book",
    "cancel_booking",
    "check_event_open",
    "check_game_slot",
    "check_link_writes",
    "check_ramsch_seats",
    "check_table",
    "accept_import",
    "Accepted",
    "record_history_import",
    "check_totals",
    "close_event",
    "count_cash",
    "issue_receipts",
    "create_login",
    "create_match",
    "create_round",
    "default_rate",
    "delete_event",
    "delete_game",
    "delete_match_game",
    "delete_round",
    "delete_rule",
    "draw_in_advance",
    "drop_keep_apart",
    "find_players",
    "grant",
    "has_entered_results",
    "has_results",
    "house_rules_of",
    "is_busy",
    "is_signed_off",
    "issue_link",
    "issue_links",
    "keep_apart",
    "live_link",
    "live_links",
    "logins",
    "mark_absent",
    "mark_present",
    "mark_wrong_seat",
    "new_seed",
    "next_round_number",
    "other_logins",
    "plan_in_advance",
    "plan_of",
    "plans_fingerprint",
    "preview_entry",
    "preview_game",
    "preview_ramsch",
    "preview_round",
    "ramsch_notation",
    "ramsch_options",
    "record_game",
    "record_line",
    "record_match_game",
    "record_ramsch",
    "save_entry",
    "typed_at",
    "Entry",
    "Saved",
    "TakenError",
    "Typed",
    "link_version",
    "record_totals",
    "recorded_fields",
    "refresh_results",
    "register_and_sign_in",
    "regroup",
    "regrouping",
    "reseat_tables",
    "reset_password",
    "revoke_link",
    "roles_of",
    "round_report",
    "reopen_event",
    "save_event",
    "save_player",
    "save_settings",
    "seat_keys",
    "seat_round",
    "seat_scores",
    "set_fixed_table",
    "set_login_active",
    "set_member_number",
    "set_paid",
    "set_player_active",
    "set_roles",
    "shown_text",
    "sign_in",
    "ChangeSignIn",
    "leave",
    "stay",
    "seat_player",
    "set_group",
    "declare_competition",
    "remove_group",
    "seat_token",
    "sign_table",
    "table_changed",
    "event_changed",
    "player_changed",
    "tables_changed",
    "start_round",
    "started_tables",
    "swap_players",
    "swap_seats",
    "unique_key",
    "value_game",
    "valued_game",
    "valued_ramsch",
]
