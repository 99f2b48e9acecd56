"""The hypothesis profiles of the suite: "ci" (the default) and "explore".

"ci" is reproducible: every run tries the same examples (derandomize, seeded from each test's
source), nothing is remembered between runs (no .hypothesis example database, which would make
a second run differ from the first), and nothing depends on the machine's speed (no deadline,
no too-slow health check). A failure prints its reproduce blob. So a CI run fails only on what
the change under test touched, and a failure fails again on the next run.

"explore" is for a developer before stopping: random examples, ten times as many, so the
property tests look where "ci" never does. Whatever it finds is fixed and pinned with
@example, so "ci" keeps checking it:

    HYPOTHESIS_PROFILE=explore python -m pytest -p no:cacheprovider \\
        tests/scoring tests/club/views/test_input_properties.py \\
        tests/club/archive/test_archive_properties.py

Per-test settings override the profile; tests that need fewer examples than the default (the
Django ones, a few hundred queries each) take `examples(n)`, which grows with the profile.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings

CI_EXAMPLES = 100  # hypothesis's own default
EXPLORE_FACTOR = 10

settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    print_blob=True,
    max_examples=CI_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "explore",
    derandomize=False,
    database=None,
    print_blob=True,
    max_examples=CI_EXAMPLES * EXPLORE_FACTOR,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    # No explain phase: it reruns each failure many times, slow for the Django tests.
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def examples(count: int) -> int:
    """`count` examples under "ci", as many times more under "explore" as its default is."""
    return max(1, count * settings().max_examples // CI_EXAMPLES)
