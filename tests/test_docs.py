"""The docs hold what they say: every example meant as a script runs as written, the
review's field table names every field, and the cache's files are the ones described."""

from __future__ import annotations

import gzip
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import shanten

ROOT = Path(__file__).parent.parent
DOCS = sorted((ROOT / "docs").glob("*.md"))
FIXTURES = Path(__file__).parent / "data" / "tenhou"
#: The most seconds a script may take: a bound for a broken run, not a speed.
BOUND = 300

#: Examples that need what a test does not have, by a line they hold, and why.
NOT_RUN = {
    'Client("tcp://scheduler:8786")': "needs a Dask scheduler at the address it names",
}


def scripts() -> list[tuple[str, str]]:
    """The fenced ``python`` examples of the docs that are scripts (doctests, which
    start with ``>>>``, run with the suite's doctests), each with where it is."""
    found = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for match in re.finditer(r"^```python\n(.*?)^```", text, re.S | re.M):
            code = match.group(1)
            if not code.lstrip().startswith(">>>"):
                line = text.count("\n", 0, match.start()) + 1
                found.append((f"{doc.name}:{line}", code))
    return found


SCRIPTS = scripts()


def test_the_docs_have_scripts() -> None:
    assert len(SCRIPTS) >= 3


@pytest.mark.parametrize(("where", "code"), SCRIPTS, ids=[where for where, _ in SCRIPTS])
def test_an_example_script_runs_as_written(where: str, code: str, tmp_path: Path) -> None:
    for line, reason in NOT_RUN.items():
        if line in code:
            pytest.skip(reason)
    # the files the examples name, from the suite's records
    games = sorted(FIXTURES.glob("*.mjlog"))
    for game in games:
        shutil.copy(game, tmp_path)
    (tmp_path / "games").mkdir()
    for game in games[:2]:
        shutil.copy(game, tmp_path / "games")
    (tmp_path / "more" / "2018").mkdir(parents=True)
    with gzip.open(tmp_path / "more" / "2018" / f"{games[2].name}.gz", "wb") as packed:
        packed.write(games[2].read_bytes())
    script = tmp_path / "example.py"
    script.write_text(code, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
        timeout=BOUND,
        check=False,
    )
    assert done.returncode == 0, f"{where}:\n{done.stderr}"
    assert "Traceback" not in done.stderr, f"{where}:\n{done.stderr}"
    assert "failed:" not in done.stdout, f"{where}: a record failed:\n{done.stdout}"


def test_the_review_field_table_names_every_field() -> None:
    text = (ROOT / "docs" / "review.md").read_text(encoding="utf-8")
    section = text.split("## What a discard record holds", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    named = {name for row in rows for name in re.findall(r"`(\w+)`", row.split(" | ")[0])}
    record = next(iter(shanten.review(str(FIXTURES / "2010081709gm-00a9-0000-fe3371ad.mjlog"))))
    assert named == set(record.to_dict())


@pytest.mark.skipif(
    not shanten.accelerated,
    reason="the batch's words are the kernel's: the reference makes no file",
)
def test_the_cache_is_the_files_the_docs_describe(tmp_path: Path) -> None:
    """From an empty cache directory: one file per first use, with one notice each, and
    the docs name each file with its size to the tenth of a MB."""
    env = {
        **os.environ,
        "SHANTEN_CACHE_DIR": str(tmp_path),
        "PYTHONPATH": os.pathsep.join(sys.path),
    }
    notices = []
    for code in (
        "import shanten; shanten.shanten('1m')",
        "from shanten import batch; batch.shanten([[1] + [0] * 33])",
    ):
        done = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env=env,
            timeout=BOUND,
            check=True,
        )
        notices.append(done.stderr.count("building tables for first use"))
    assert notices == [1, 1]
    files = sorted(tmp_path.glob("*.bin"))
    assert [file.name.split("-")[0] for file in files] == ["tables", "words"]
    cache = (ROOT / "docs" / "cache.md").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for file in files:
        size = f"{file.stat().st_size / 1e6:.1f} MB"
        assert re.search(rf"`{file.name.split('-')[0]}-\{{id\}}\.bin` \| {size} ", cache), size
        assert size.split()[0] in readme
    assert "second notice" in readme
