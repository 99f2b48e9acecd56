"""A club's Serie length per table size (issue 16: 300,000 games hung every Spielliste PDF)."""

from __future__ import annotations

import pytest

from scoring import MAX_GAMES_PER_ROUND, InvalidRequest, check_games_per_round


@pytest.mark.parametrize("games", [1, 36, MAX_GAMES_PER_ROUND])
def test_a_round_of_one_to_sixty_games_is_allowed(games: int) -> None:
    assert check_games_per_round(4, games) == games


@pytest.mark.parametrize("games", [0, -1, MAX_GAMES_PER_ROUND + 1, 300_000, True, "48", 48.0])
def test_other_round_lengths_are_refused_in_german(games: object) -> None:
    with pytest.raises(InvalidRequest, match="Serie am 4er-Tisch"):
        check_games_per_round(4, games)
