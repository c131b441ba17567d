"""``python -m shanten``: the same as the ``shanten`` command."""

import sys

from shanten.cli.command import main

sys.exit(main())
