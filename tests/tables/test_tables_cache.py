"""The library's own table cache, end to end: a fresh process answers right whatever
state the cache file is in, and says in one line what it did.

Each case runs ``shanten 23489m6799p22567s``'s first computation in a new interpreter
against a cache directory of its own (the generic checks are in test_cache.py).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = (
    "import shanten; "
    "print(shanten.shanten('23489m6799p22567s'), shanten.ukeire('2389m6799p22567s').total, "
    "shanten.calculate('19m19p19s1234567z').kokushi)"
)
ANSWER = "1 24 0\n"


def run(directory: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SHANTEN_CACHE_DIR": str(directory)}
    return subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=120
    )


def cache_file(directory: Path) -> Path:
    (path,) = directory.glob("tables-*.bin")
    return path


def test_first_use_builds_and_later_processes_read(tmp_path: Path) -> None:
    first = run(tmp_path)
    assert first.stdout == ANSWER
    assert first.stderr.count("\n") == 1 and "building tables for first use" in first.stderr
    size = cache_file(tmp_path).stat().st_size
    again = run(tmp_path)
    assert (again.stdout, again.stderr) == (ANSWER, "")
    assert cache_file(tmp_path).stat().st_size == size


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        ("truncate", "truncated"),
        # each case costs a table build in a new interpreter; test_cache.py damages the
        # file every way in-process, so three of these run with the exhaustive proofs
        pytest.param("empty", "truncated", marks=pytest.mark.exhaustive),
        pytest.param("flip the last byte", "checksum", marks=pytest.mark.exhaustive),
        ("flip a byte in the middle", "checksum"),
        pytest.param("flip a byte of the header", "header", marks=pytest.mark.exhaustive),
    ],
)
def test_a_damaged_cache_is_rebuilt_with_one_line(tmp_path: Path, damage: str, reason: str) -> None:
    assert run(tmp_path).stdout == ANSWER
    path = cache_file(tmp_path)
    data = bytearray(path.read_bytes())
    if damage == "truncate":
        data = data[: len(data) // 2]
    elif damage == "empty":
        data = bytearray()
    else:
        at = {"flip the last byte": -1, "flip a byte in the middle": len(data) // 2}.get(damage, 40)
        data[at] ^= 0xFF
    path.write_bytes(bytes(data))
    result = run(tmp_path)
    assert result.stdout == ANSWER
    assert result.stderr.count("\n") == 1, result.stderr
    assert str(path) in result.stderr and "rebuilt it" in result.stderr
    assert reason in result.stderr
    assert run(tmp_path).stderr == ""  # the rewritten file is valid


def test_a_stale_cache_is_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a valid file written under another key, found under this key's name
    from shanten.tables.cache import cached_arrays
    from shanten.tables.classes import _generate

    assert run(tmp_path).stdout == ANSWER
    path = cache_file(tmp_path)
    monkeypatch.setenv("SHANTEN_CACHE_DIR", str(tmp_path / "other"))
    cached_arrays("tables", _generate, key="0.0.0+an-older-version")
    (stale,) = (tmp_path / "other").glob("tables-*.bin")
    path.write_bytes(stale.read_bytes())
    result = run(tmp_path)
    assert result.stdout == ANSWER
    assert result.stderr.count("\n") == 1 and "rebuilt it" in result.stderr


def test_an_unwritable_cache_still_answers(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    result = run(blocker / "cache")
    assert result.stdout == ANSWER
    assert result.stderr.count("\n") == 1 and "unavailable" in result.stderr


def test_the_cache_can_be_turned_off(tmp_path: Path) -> None:
    env = {**os.environ, "SHANTEN_CACHE_DIR": "off"}
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=120
    )
    assert (result.stdout, result.stderr) == (ANSWER, "")
