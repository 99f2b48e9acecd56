"""The Spieltag built by hand in `test_league_day.py`, shared with the league's other tests."""

from tests.club.leagues.test_league_day import division, first_day

__all__ = ["division", "first_day"]
