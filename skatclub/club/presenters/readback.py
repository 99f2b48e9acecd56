"""A game said back in plain German before it is saved: "Spiel 17: Bernd, Kreuz mit 2 Hand,
gewonnen Schneider = 60".

Owns `readback(...)`, the words of the read-back at the table and in the list of games there.
Reads the game as `services.preview_game`/`record_game` stored it (declaration and outcome
dicts, the engine's list score); computes nothing and checks no rule.
"""

from __future__ import annotations

from typing import Any

from scoring import Declaration, GameType, Outcome
from skatclub.club import formatting


def readback(number: int, name: str, game: Any) -> str:
    """The whole sentence for game `number` (a `Game`, saved or not)."""
    if game.ramsch:  # the derivation says "Ramsch: …" itself, except for a Durchmarsch
        derivation = str(game.derivation)
        said = derivation if derivation.startswith("Ramsch") else f"Ramsch, {derivation}"
        return f"Spiel {number}: {said}"
    if game.passed_in:
        return f"Spiel {number}: eingepasst"
    return f"Spiel {number}: {name}, {game_words(game)} = {formatting.number(game.list_score)}"


def game_words(game: Any) -> str:
    """`Kreuz mit 2 Hand, gewonnen Schneider` from the stored declaration and outcome."""
    if game.ramsch:  # a Ramsch is stored as passed in: it is a Ramsch all the same
        bock = game.ramsch.get("bock", 0)
        return "Ramsch" + ("" if not bock else " Bock" if bock == 1 else f" {bock}× Bock")
    if game.passed_in:
        return "eingepasst"
    declaration = Declaration.from_dict(game.declaration)
    outcome = Outcome.from_dict(game.outcome)
    return f"{_declared(declaration)}, {_result(game.won, outcome, game.overbid)}"


def _declared(d: Declaration) -> str:
    words = [d.type.german]
    if d.matadors:
        words.append(f"{'mit' if d.matadors > 0 else 'ohne'} {abs(d.matadors)}")
    if d.hand:
        words.append("Hand")
    if d.ouvert:
        words.append("ouvert")
    elif d.type is not GameType.NULL:
        if d.schwarz_announced:
            words.append("Schwarz angesagt")
        elif d.schneider_announced:
            words.append("Schneider angesagt")
    words.extend(word for word, on in (("Kontra", d.kontra), ("Re", d.re)) if on)
    if d.bock:
        words.append("Bock" if d.bock == 1 else f"{d.bock}× Bock")
    if d.bid:
        words.append(f"Reizwert {d.bid}")
    return " ".join(words)


def _result(won: bool | None, o: Outcome, overbid: bool) -> str:
    words = ["gewonnen" if won else "verloren"]
    if o.schwarz:
        words.append("Schwarz")
    elif o.schneider:
        words.append("Schneider")
    if o.declarer_card_points is not None:
        words.append(f"mit {o.declarer_card_points} Augen")
    if o.conceded:
        words.append("(aufgegeben)")
    if overbid:
        words.append("(überreizt)")
    return " ".join(words)
