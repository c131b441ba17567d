"""The suite's table cache: a fresh directory per run, filled before the first test.

The library keeps its tables in the user's cache directory (``SHANTEN_CACHE_DIR``); the
suite points that at a directory of its own, so it never reads or writes the user's,
builds the tables once from scratch (a test of the first-use path itself), and no test
sees the one-line first-use notice on its stderr. Subprocesses inherit the variable. A
``SHANTEN_CACHE_DIR`` already set is kept (CI's sanitizer run sets it to ``off``, so
that the kernel reads heap buffers, which AddressSanitizer guards, not a mapped file).
"""

from __future__ import annotations

import os
import shutil
import tempfile

_DIRECTORY = tempfile.mkdtemp(prefix="shanten-test-cache-")
os.environ.setdefault("SHANTEN_CACHE_DIR", _DIRECTORY)


def pytest_sessionstart() -> None:
    from shanten.tables.classes import stored

    stored()


def pytest_unconfigure() -> None:
    shutil.rmtree(_DIRECTORY, ignore_errors=True)
