"""`python -m game`: the command-line tool (see game/cli.py); `python -m game train` trains the nets
(game/nets/train.py) and `python -m game fit` fits one to its own look ahead (game/nets/fit.py), imported only
then so that the other commands never load numpy."""

import sys

if sys.argv[1:2] == ["train"]:
    from .nets.train import main as train_main

    raise SystemExit(train_main(sys.argv[2:]))
if sys.argv[1:2] == ["fit"]:
    from .nets.fit import main as fit_main

    raise SystemExit(fit_main(sys.argv[2:]))

from .cli import main

raise SystemExit(main())
