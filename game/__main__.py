"""`python -m game`: the command-line tool (see game/cli.py); `python -m game train` trains the nets
(game/nets/train.py), imported only then so that the other commands never load numpy."""

import sys

if sys.argv[1:2] == ["train"]:
    from .nets.train import main as train_main

    raise SystemExit(train_main(sys.argv[2:]))

from .cli import main

raise SystemExit(main())
