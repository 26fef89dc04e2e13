"""Command line: `python -m renderer gallery OUTDIR` writes sample boards and replays to look at."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .gallery import write_gallery


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m renderer", description="tabla's board pictures")
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("gallery", help="write a board for each sample position and two replays")
    g.add_argument("outdir", type=Path)
    args = parser.parse_args(argv)
    if args.command == "gallery":
        for path in write_gallery(args.outdir):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
