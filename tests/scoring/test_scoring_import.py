"""The engine is plain Python: importing it must not pull in Django."""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_importing_scoring_loads_no_django() -> None:
    code = (
        "import sys, scoring; print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_the_package_reexports_the_api() -> None:
    import scoring

    assert callable(scoring.valuation)
    assert all(hasattr(scoring, name) for name in scoring.__all__)
