"""`python -m game`: the command-line tool (see game/cli.py)."""

from .cli import main

raise SystemExit(main())
