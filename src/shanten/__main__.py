"""``python -m shanten``: the same as the ``shanten`` command."""

import sys

from shanten.cli import main

sys.exit(main())
