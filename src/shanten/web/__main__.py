"""``python -m shanten.web [--host HOST] [--port PORT]``: the same as ``shanten serve``."""

import sys

from shanten.web.server import main

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
