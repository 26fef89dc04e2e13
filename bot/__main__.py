"""`python -m bot` is `tabla`."""

import sys

from .cli import main

sys.exit(main())
