"""`handle`: one request of docs/spec/engine-cli.md → one answer, errors as {"error": …}."""

from __future__ import annotations

import io
import json

import pytest

from scoring import Declaration, GameType, Outcome
from scoring.cli import handle, main

GAME = {
    "kind": "game",
    "ruleset": "isko",
    "game": {"type": "clubs", "matadors": 2, "bid": 24},
    "outcome": {"declarer_card_points": 95, "declarer_tricks": 8},
    "cash": [{"participants": 4, "cents_per_point": "1/4"}],
}


def error_of(answer: dict[str, object]) -> dict[str, object]:
    """The `error` object of a refusal."""
    error = answer["error"]
    assert isinstance(error, dict), answer
    return error


def test_a_game_answers_every_contract_field() -> None:
    answer = handle(GAME)
    assert answer == {
        "won": True,
        "game_value": 48,
        "overbid": False,
        "list_score": 48,
        "base_value": 12,
        "multiplier": 4,
        "derivation": "mit 2, Spiel 3, Schneider 4 × Kreuz 12 = 48",
        "seeger_fabian": {
            "3": {"declarer": 98, "each_other": 0},
            "4": {"declarer": 98, "each_other": 0},
        },
        "cash": [{"declarer_cents": "36.00", "each_other_cents": "-12.00"}],
        "notation": "Kr m2 r24 a95 t8",
    }


def test_kind_defaults_to_game_and_passed_scores_nothing() -> None:
    without_kind = {k: v for k, v in GAME.items() if k != "kind"}
    assert handle(without_kind)["game_value"] == 48
    assert handle({"kind": "passed", "ruleset": "preisskat"}) == {
        "list_score": 0,
        "seeger_fabian": {
            "3": {"declarer": 0, "each_other": 0},
            "4": {"declarer": 0, "each_other": 0},
        },
    }


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"ruleset": "skat-light"}, "unknown_ruleset"),
        ({"ruleset": None}, "invalid_request"),
        ({"kind": "poker"}, "invalid_request"),
        ({"game": {"type": "clubs", "matadors": "2", "bid": 24}}, "invalid_request"),
        ({"game": {"type": "clubs", "matadors": 2.0, "bid": 24}}, "invalid_request"),
        ({"game": {"type": "clubs", "matadors": 2, "bid": True}}, "invalid_request"),
        ({"game": {"type": "schafkopf", "matadors": 2}}, "invalid_request"),
        ({"game": {"type": "clubs", "matadors": 2, "hand": "yes"}}, "invalid_request"),
        ({"game": {"type": "clubs", "matadors": 2, "bock": -1}}, "invalid_request"),
        ({"outcome": None}, "invalid_request"),
        ({"outcome": {"declarer_card_points": "95"}}, "invalid_request"),
        ({"cash": [{"participants": 6, "cents_per_point": "1"}]}, "invalid_request"),
        ({"cash": [{"participants": 3, "cents_per_point": 0.25}]}, "invalid_request"),
        ({"cash": "lots"}, "invalid_request"),
    ],
)
def test_mistyped_requests_are_refused_with_their_code(
    change: dict[str, object], code: str
) -> None:
    error = error_of(handle({**GAME, **change}))
    assert error["code"] == code
    assert error["message"]


def test_offiziersskat_answers_other_score_and_no_seeger_fabian() -> None:
    answer = handle(
        {
            "ruleset": "offiziersskat",
            "variant": "points_2_3_4",
            "game": {"type": "hearts", "matadors": 1},
            "outcome": {"declarer_card_points": 60},
        }
    )
    assert (answer["won"], answer["other_score"], answer["seeger_fabian"]) == (None, 1, None)


def test_ramsch_and_table_requests() -> None:
    ramsch = {"card_points": [50, 50, 20], "tricks": [4, 4, 2], "tie_rule": "all_tied_lose"}
    assert handle({"kind": "ramsch", "ruleset": "isko", "ramsch": ramsch}) == {
        "scores": [-50, -50, 0]
    }
    tie = {**ramsch, "tie_rule": None}
    refused = error_of(handle({"kind": "ramsch", "ruleset": "isko", "ramsch": tie}))
    assert refused["code"] == "tie_rule_required"
    last = {**ramsch, "tie_rule": "last_trick_loses", "last_trick": 1}
    assert handle({"kind": "ramsch", "ruleset": "isko", "ramsch": last}) == {"scores": [0, -50, 0]}
    table = {"kind": "table", "ruleset": "isko", "table_size": 3}
    players = [{"list_score": 300, "won": 8, "lost": 1}] * 2 + [{"list_score": 0, "won": 0}]
    assert error_of(handle({**table, "players": players}))["code"] == "invalid_request"


def test_main_answers_one_line_per_request_and_exits_zero() -> None:
    requests = [json.dumps(GAME), "", "not json", json.dumps({"kind": "passed", "ruleset": "isko"})]
    out = io.BytesIO()
    assert main(io.BytesIO(("\n".join(requests) + "\n").encode()), out) == 0
    answers = [json.loads(line) for line in out.getvalue().decode().splitlines()]
    assert [a.get("list_score", a.get("error", {}).get("code")) for a in answers] == [
        48,
        "invalid_json",
        0,
    ]


def test_contract_objects_round_trip_through_dicts() -> None:
    declaration = Declaration(GameType.GRAND, matadors=-2, hand=True, bid=96, kontra=True)
    outcome = Outcome(declarer_card_points=70, defender_tricks=4, won=True)
    assert Declaration.from_dict(declaration.to_dict()) == declaration
    assert Outcome.from_dict(outcome.to_dict()) == outcome
    assert json.loads(json.dumps(declaration.to_dict()))["type"] == "grand"
