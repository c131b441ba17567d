"""The scorer's tests import their helpers from ``tests/support``."""

from __future__ import annotations

import sys
from pathlib import Path

_SUPPORT = str(Path(__file__).resolve().parent.parent / "support")
if _SUPPORT not in sys.path:
    sys.path.insert(0, _SUPPORT)
