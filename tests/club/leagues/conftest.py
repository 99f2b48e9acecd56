"""The hand-worked league of test_league_day.py, shared with the page tests."""

from tests.club.leagues.test_league_day import division, first_day

__all__ = ["division", "first_day"]
