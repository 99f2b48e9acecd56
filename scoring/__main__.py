"""`python -m scoring`: the JSON Lines command line (see scoring/cli.py)."""

import sys

from scoring.cli import main

sys.exit(main())
