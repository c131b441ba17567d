"""The public ara test files: 4 x 10,000 closed 14-tile four-player hands.

A line of shared/testdata/ara/p_*_10000.txt is 14 tile ids (0-33), then the standard-form,
thirteen-orphans and seven-pairs shanten. None of these hands is one where the 4-copy rule
matters (see shared/README.md), so the files agree with the definition as they stand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import shanten

ARA = Path(__file__).resolve().parents[3] / "shared" / "testdata" / "ara"
FILES = ("p_normal_10000.txt", "p_hon_10000.txt", "p_tin_10000.txt", "p_koku_10000.txt")


def load(path: Path) -> list[tuple[list[int], int, int, int]]:
    rows: list[tuple[list[int], int, int, int]] = []
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        fields = [int(x) for x in line.split()]
        assert len(fields) == 17, line
        counts = [0] * 34
        for t in fields[:14]:
            counts[t] += 1
        rows.append((counts, fields[14], fields[15], fields[16]))
    return rows


@pytest.mark.large
@pytest.mark.parametrize("name", FILES)
def test_ara_file(name: str) -> None:
    path = ARA / name
    if not path.exists():
        pytest.skip(f"{path} is not here (shared/ sits beside the project in CI)")
    rows = load(path)
    assert len(rows) == 10_000
    wrong: list[str] = []
    for counts, standard, kokushi, chiitoitsu in rows:
        result = shanten.calculate(counts)
        got = (result.standard, result.kokushi, result.chiitoitsu)
        if got != (standard, kokushi, chiitoitsu):
            wrong.append(
                f"{shanten.Hand(counts)}: (standard, kokushi, chiitoitsu) expected "
                f"{(standard, kokushi, chiitoitsu)}, got {got}"
            )
        if result.shanten != min(standard, kokushi, chiitoitsu):
            wrong.append(f"{shanten.Hand(counts)}: shanten {result.shanten}")
    assert not wrong, f"{len(wrong)} wrong, first: " + "; ".join(wrong[:10])
