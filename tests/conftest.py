"""The suite's engines and table cache.

**Both engines.** The tests of the verbs that an engine computes (``analysis``, ``batch``,
``discard_odds``, ``efficiency``) run once per engine: the C kernel and the plain Python
reference, each through the public verbs (``shanten._engine.use``), the kernel's runs
skipped only where it was not built. A test marked ``large`` (tens of thousands of hands)
runs on the reference with the exhaustive proofs, where time is no object.
A test marked ``kernel_only`` checks what only the kernel has (its threads); the exhaustive
proofs run on the kernel too.
``SHANTEN_TEST_ENGINES=kernel`` (or ``reference``) runs them on one engine only. The other layers (values and notation, the tables,
wins, games, the command line and the page) run on the engine the installation chose;
CI runs them on the reference as well (``SHANTEN_PURE=1``).

**The table cache**: a fresh directory per run, filled before the first test.

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
from collections.abc import Iterator
from pathlib import Path

import pytest

_DIRECTORY = tempfile.mkdtemp(prefix="shanten-test-cache-")
os.environ.setdefault("SHANTEN_CACHE_DIR", _DIRECTORY)


def pytest_sessionstart() -> None:
    from shanten.tables.classes import stored

    stored()


def pytest_unconfigure() -> None:
    shutil.rmtree(_DIRECTORY, ignore_errors=True)


#: The test directories whose tests run once per engine.
PER_ENGINE = frozenset({"analysis", "batch", "discard_odds", "efficiency", "score"})
#: The engines they run on: both, or those ``SHANTEN_TEST_ENGINES`` names (CI's sanitizer
#: builds test the kernel alone).
ENGINES = frozenset(os.environ.get("SHANTEN_TEST_ENGINES", "kernel,reference").split(","))
_TESTS = Path(__file__).resolve().parent


def _layer(path: Path) -> str | None:
    """The test directory (the package layer) a test file sits in, or None."""
    try:
        return path.resolve().relative_to(_TESTS).parts[0]
    except (ValueError, IndexError):
        return None


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "engine" not in metafunc.fixturenames or _layer(metafunc.definition.path) not in PER_ENGINE:
        return
    params: list[object] = []
    if "kernel" in ENGINES:
        params.append("kernel")
    # the exhaustive proofs prove the kernel (whose equality with the reference the default
    # runs show); a large test's reference run is itself one of them
    kernel_only = (
        metafunc.definition.get_closest_marker("kernel_only") is not None
        or metafunc.definition.get_closest_marker("exhaustive") is not None
    )
    if "reference" in ENGINES and not kernel_only:
        large = metafunc.definition.get_closest_marker("large") is not None
        params.append(
            pytest.param("reference", marks=pytest.mark.exhaustive) if large else "reference"
        )
    metafunc.parametrize("engine", params, indirect=True)


@pytest.fixture(autouse=True)
def engine(request: pytest.FixtureRequest) -> Iterator[str]:
    """The engine a test runs on: each in turn for the layers of :data:`PER_ENGINE`, else
    the one the installation chose."""
    from shanten import _engine

    name = getattr(request, "param", None)
    if name is None:
        yield _engine.engine.name
        return
    if name not in _engine.available():
        pytest.skip("the C kernel was not built, or SHANTEN_PURE is set")
    with _engine.use(name):
        yield name
