"""`python -m skatclub`: the `skatclub` command (cli.py), for a checkout without installing."""

from skatclub.cli import main

main()
