"""The on-disk table cache: first build, memory-mapped reads, and every way a file can be bad.

Each damaged file must give arrays equal to a fresh build, one line on stderr naming the
file and the reason, and a valid file afterwards.
"""

from __future__ import annotations

import contextlib
import io
import json
import mmap
import multiprocessing
import os
import re
import stat
import struct
import sys
import tempfile
import time
import zlib
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any
from unittest import mock

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from shanten.tables import cache
from shanten.tables.cache import FORMAT_VERSION, cache_dir, cached_arrays

NAME = "demo"
KEY = "1.0+abc"
Arrays = dict[str, npt.NDArray[Any]]


def tables() -> Arrays:
    """A few arrays of mixed dtypes and shapes, a few hundred bytes in all."""
    return {
        "distance": (np.arange(2 * 3 * 5, dtype=np.int8) % 7).reshape(2, 3, 5),
        "weights": np.linspace(-1.0, 1.0, 9).reshape(3, 3),
        "codes": np.arange(33, dtype=">u2"),
        "flags": np.array([True, False, True]),
        "none": np.zeros((0, 4), dtype=np.int32),
        "scalar": np.array(7, dtype=np.uint64),
    }


class Builder:
    """A table builder that counts its calls."""

    def __init__(self, make: Callable[[], Mapping[str, npt.NDArray[Any]]] = tables) -> None:
        self.make = make
        self.calls = 0

    def __call__(self) -> Mapping[str, npt.NDArray[Any]]:
        self.calls += 1
        return self.make()


def must_not_build() -> Arrays:
    raise AssertionError("the arrays should have come from the cache file")


def assert_same(got: Mapping[str, npt.NDArray[Any]], want: Mapping[str, npt.NDArray[Any]]) -> None:
    """Same names in the same order, same dtypes and shapes, the same bytes; read-only."""
    assert list(got) == list(want)
    for name, array in want.items():
        assert got[name].dtype == array.dtype, name
        assert got[name].shape == array.shape, name
        assert got[name].tobytes() == array.tobytes(), name
        assert got[name].flags.c_contiguous, name
        assert not got[name].flags.writeable, name


def is_mapped(array: npt.NDArray[Any]) -> bool:
    """Whether the array's memory is a read-only mapping of a file."""
    base: object = array
    while isinstance(base, np.ndarray):
        base = base.base
    return isinstance(base, memoryview) and isinstance(base.obj, mmap.mmap)


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The cache directory, not yet created."""
    where = tmp_path / "cache"
    monkeypatch.setenv("SHANTEN_CACHE_DIR", str(where))
    return where


def cache_file(folder: Path, name: str = NAME) -> Path:
    (path,) = folder.glob(f"{name}-*.bin")
    return path


def stderr_lines(capsys: pytest.CaptureFixture[str]) -> list[str]:
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err.splitlines()


def assert_valid(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The file on disk is read as it is, with no build and no message."""
    arrays = cached_arrays(NAME, must_not_build, key=KEY)
    assert_same(arrays, tables())
    assert all(is_mapped(a) for a in arrays.values() if a.size)
    assert stderr_lines(capsys) == []
    assert [p.name for p in folder.iterdir() if p.name.endswith(".tmp")] == []


def first_build(folder: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    cached_arrays(NAME, tables, key=KEY)
    capsys.readouterr()
    return cache_file(folder)


def layout(path: Path) -> tuple[int, int]:
    """Where the header ends (after its checksum) and where the data section starts."""
    data = path.read_bytes()
    (text_length,) = struct.unpack_from("<I", data, 20)
    head_end = 24 + text_length + 4
    return head_end, -(-head_end // 64) * 64


def rewrite_header(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    """Changes the JSON header and writes it back with a correct checksum and padding."""
    data = path.read_bytes()
    _, start = layout(path)
    (text_length,) = struct.unpack_from("<I", data, 20)
    fields = json.loads(data[24 : 24 + text_length])
    change(fields)
    text = json.dumps(fields).encode("ascii")
    head = data[:20] + struct.pack("<I", len(text)) + text
    head += struct.pack("<I", zlib.crc32(head))
    path.write_bytes(head + bytes(-len(head) % 64) + data[start:])


def expect_rebuilt(
    path: Path, folder: Path, capsys: pytest.CaptureFixture[str], reason: str
) -> None:
    """The damaged file gives fresh arrays, one line naming it and the reason, a valid file."""
    builder = Builder()
    assert_same(cached_arrays(NAME, builder, key=KEY), tables())
    assert builder.calls == 1
    lines = stderr_lines(capsys)
    assert len(lines) == 1, lines
    pattern = rf"shanten: table cache {re.escape(str(path))} was {reason}; rebuilt it"
    assert re.fullmatch(pattern, lines[0]), lines[0]
    assert path.is_file()
    assert_valid(folder, capsys)


def test_first_build_writes_the_file_and_says_so(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    builder = Builder()
    arrays = cached_arrays(NAME, builder, key=KEY)
    assert builder.calls == 1
    assert_same(arrays, tables())
    assert stderr_lines(capsys) == [f"shanten: building tables for first use; cached in {folder}"]
    assert cache_file(folder).stat().st_size > 0


def test_second_call_maps_the_file_without_building(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first_build(folder, capsys)
    arrays = cached_arrays(NAME, must_not_build, key=KEY)
    assert_same(arrays, tables())
    assert stderr_lines(capsys) == []
    for name, array in arrays.items():
        if array.size:
            assert is_mapped(array), name
            with pytest.raises(ValueError, match="WRITEABLE"):
                array.flags.writeable = True


def test_arrays_sit_on_64_byte_boundaries(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first_build(folder, capsys)
    for name, array in cached_arrays(NAME, must_not_build, key=KEY).items():
        assert array.ctypes.data % 64 == 0, name


def test_missing_file_is_built_again(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first_build(folder, capsys).unlink()
    builder = Builder()
    assert_same(cached_arrays(NAME, builder, key=KEY), tables())
    assert builder.calls == 1
    assert stderr_lines(capsys) == [f"shanten: building tables for first use; cached in {folder}"]
    assert_valid(folder, capsys)


# Where to cut the file: "header end" and "data start" come from the file's own header.
TRUNCATIONS = [
    "zero",
    "in magic",
    "in prefix",
    "in header",
    "header end",
    "data start",
    "mid data",
    "last byte",
]


@pytest.mark.parametrize("where", TRUNCATIONS)
def test_truncated_file_is_rebuilt(
    folder: Path, capsys: pytest.CaptureFixture[str], where: str
) -> None:
    path = first_build(folder, capsys)
    data = path.read_bytes()
    head_end, start = layout(path)
    cut = {
        "zero": 0,
        "in magic": 7,
        "in prefix": 22,
        "in header": head_end // 2,
        "header end": head_end,
        "data start": start,
        "mid data": (start + len(data)) // 2,
        "last byte": len(data) - 1,
    }[where]
    path.write_bytes(data[:cut])
    expect_rebuilt(path, folder, capsys, r"truncated \(.+\)")


def test_longer_file_is_rebuilt(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = first_build(folder, capsys)
    path.write_bytes(path.read_bytes() + b"\0")
    expect_rebuilt(path, folder, capsys, r"corrupt \(\d+ bytes, expected \d+\)")


# A flipped byte: where, and the reason the file is refused for.
FLIPS = [
    ("first byte", r"corrupt \(not a shanten table cache: wrong magic bytes\)"),
    ("format version", r"stale \(format version \d+, expected 1\)"),
    ("header length", r"(corrupt|truncated) \(.+\)"),
    ("header text", r"corrupt \(header checksum mismatch\)"),
    ("header checksum", r"corrupt \(header checksum mismatch\)"),
    ("padding", r"corrupt \(nonzero padding after the header\)"),
    ("first data byte", r"corrupt \(checksum mismatch\)"),
    ("mid data", r"corrupt \(checksum mismatch\)"),
    ("last byte", r"corrupt \(checksum mismatch\)"),
]


@pytest.mark.parametrize("mask", [0x01, 0xFF])
@pytest.mark.parametrize(("where", "reason"), FLIPS)
def test_flipped_byte_is_rebuilt(
    folder: Path, capsys: pytest.CaptureFixture[str], where: str, reason: str, mask: int
) -> None:
    path = first_build(folder, capsys)
    data = bytearray(path.read_bytes())
    head_end, start = layout(path)
    assert start > head_end, "the test needs padding after the header"
    position = {
        "first byte": 0,
        "format version": 16,
        "header length": 21,
        "header text": (24 + head_end) // 2,
        "header checksum": head_end - 1,
        "padding": head_end,
        "first data byte": start,
        "mid data": (start + len(data)) // 2,
        "last byte": len(data) - 1,
    }[where]
    data[position] ^= mask
    path.write_bytes(bytes(data))
    expect_rebuilt(path, folder, capsys, reason)


def test_every_single_flipped_byte_is_refused(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = first_build(folder, capsys)
    original = path.read_bytes()
    damaged = folder / "damaged.bin"
    for position in range(len(original)):
        for mask in (0x01, 0x80, 0xFF):
            data = bytearray(original)
            data[position] ^= mask
            damaged.write_bytes(bytes(data))
            with pytest.raises(cache._Invalid):
                cache._read(damaged, KEY)


def test_file_of_another_key_at_this_path_is_stale(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cached_arrays(NAME, tables, key="0.9")
    old = cache_file(folder)
    cached_arrays(NAME, tables, key=KEY)
    capsys.readouterr()
    (path,) = set(folder.glob(f"{NAME}-*.bin")) - {old}
    old.replace(path)
    expect_rebuilt(
        path, folder, capsys, r"stale \(written under key '0\.9', expected '1\.0\+abc'\)"
    )


def test_files_of_other_keys_coexist(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cached_arrays(NAME, Builder(lambda: {"x": np.arange(3)}), key="0.9")
    capsys.readouterr()
    builder = Builder()
    assert_same(cached_arrays(NAME, builder, key=KEY), tables())
    assert builder.calls == 1
    assert stderr_lines(capsys) == [f"shanten: building tables for first use; cached in {folder}"]
    assert_same(cached_arrays(NAME, must_not_build, key="0.9"), {"x": np.arange(3)})
    assert_valid(folder, capsys)


def test_other_format_version_is_stale(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = first_build(folder, capsys)
    magic = path.read_bytes()[:16]
    path.write_bytes(magic + struct.pack("<II", FORMAT_VERSION + 1, 5) + b"other layout")
    expect_rebuilt(
        path, folder, capsys, rf"stale \(format version {FORMAT_VERSION + 1}, expected 1\)"
    )


def test_wrong_magic_is_refused(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = first_build(folder, capsys)
    path.write_bytes(b"PK\x03\x04" + path.read_bytes()[4:])
    expect_rebuilt(
        path, folder, capsys, r"corrupt \(not a shanten table cache: wrong magic bytes\)"
    )


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("byteorder", "big", r"stale \(written on a big-endian .+\)"),
        ("machine", "pdp11", r"stale \(written on a \w+-endian pdp11\)"),
        ("data_length", 5, r"corrupt \(\d+ bytes, expected \d+\)"),
        ("data_crc32", "none", r"corrupt \(checksum mismatch\)"),
    ],
)
def test_header_of_another_machine_or_with_wrong_sizes_is_refused(
    folder: Path, capsys: pytest.CaptureFixture[str], field: str, value: object, reason: str
) -> None:
    path = first_build(folder, capsys)
    rewrite_header(path, lambda fields: fields.update({field: value}))
    expect_rebuilt(path, folder, capsys, reason)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("dtype", "|O"),
        ("dtype", "<U4"),
        ("dtype", "int8"),
        ("dtype", 3),
        ("shape", [-1]),
        ("shape", [2, 3, 6]),
        ("shape", "2,3,5"),
        ("offset", 1),
        ("offset", 10**6),
        ("nbytes", 31),
        ("name", 5),
    ],
)
def test_header_that_lies_about_an_array_is_refused(
    folder: Path, capsys: pytest.CaptureFixture[str], field: str, value: object
) -> None:
    path = first_build(folder, capsys)
    rewrite_header(path, lambda fields: fields["arrays"][0].update({field: value}))
    expect_rebuilt(path, folder, capsys, r"corrupt \(.+\)")


def test_header_that_is_not_json_is_refused(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = first_build(folder, capsys)
    text = b"{not json"
    head = path.read_bytes()[:20] + struct.pack("<I", len(text)) + text
    head += struct.pack("<I", zlib.crc32(head))
    path.write_bytes(head + bytes(-len(head) % 64))
    expect_rebuilt(path, folder, capsys, r"corrupt \(JSONDecodeError: .+\)")


def test_file_replaced_by_a_directory_is_rebuilt(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = first_build(folder, capsys)
    path.unlink()
    path.mkdir()
    expect_rebuilt(path, folder, capsys, r"unreadable \(.+\)")


def test_full_directory_in_the_way_still_gives_the_arrays(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = first_build(folder, capsys)
    path.unlink()
    path.mkdir()
    (path / "keep.txt").write_text("not the cache's to delete")
    assert_same(cached_arrays(NAME, tables, key=KEY), tables())
    lines = stderr_lines(capsys)
    assert len(lines) == 1, lines
    assert re.fullmatch(
        rf"shanten: table cache {re.escape(str(path))} was unreadable \(.+\) and could not be"
        rf" rewritten \(cannot replace {re.escape(str(path))}: .+\); built tables in memory",
        lines[0],
    ), lines[0]
    assert (path / "keep.txt").read_text() == "not the cache's to delete"
    assert [p.name for p in folder.iterdir()] == [path.name]  # no temporary file left


@contextlib.contextmanager
def unwritable_directory(tmp_path: Path) -> Iterator[Path]:
    """A cache directory that cannot be written: mode 0o500, or (as root, whom modes do
    not stop) a path under a regular file."""
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        probe = locked / "probe"
        try:
            probe.write_bytes(b"")
        except PermissionError:
            yield locked / "cache"
            return
        probe.unlink()
        (tmp_path / "a-file").write_bytes(b"")
        yield tmp_path / "a-file" / "cache"
    finally:
        locked.chmod(stat.S_IRWXU)


def test_unwritable_directory_builds_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with unwritable_directory(tmp_path) as where:
        monkeypatch.setenv("SHANTEN_CACHE_DIR", str(where))
        for _ in range(2):
            builder = Builder()
            assert_same(cached_arrays(NAME, builder, key=KEY), tables())
            assert builder.calls == 1
            lines = stderr_lines(capsys)
            assert len(lines) == 1, lines
            assert re.fullmatch(
                rf"shanten: table cache unavailable \(cannot create {re.escape(str(where))}: .+\);"
                r" built tables in memory",
                lines[0],
            ), lines[0]
        assert not where.exists()


def test_directory_under_a_regular_file_builds_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a-file").write_text("")
    where = tmp_path / "a-file" / "cache"
    monkeypatch.setenv("SHANTEN_CACHE_DIR", str(where))
    assert_same(cached_arrays(NAME, tables, key=KEY), tables())
    assert stderr_lines(capsys) == [
        f"shanten: table cache unavailable (cannot create {where}: Not a directory);"
        " built tables in memory"
    ]


def test_failed_write_leaves_no_temporary_file(
    folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def disk_full(descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    assert_same(cached_arrays(NAME, tables, key=KEY), tables())
    assert stderr_lines(capsys) == [
        f"shanten: table cache unavailable (cannot write in {folder}: No space left on device);"
        " built tables in memory"
    ]
    assert list(folder.iterdir()) == []


def test_corrupt_file_that_cannot_be_replaced_gives_one_line(
    folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = first_build(folder, capsys)
    path.write_bytes(b"\0" * 100)

    def refuse(source: object, target: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    assert_same(cached_arrays(NAME, tables, key=KEY), tables())
    assert stderr_lines(capsys) == [
        f"shanten: table cache {path} was corrupt (not a shanten table cache: wrong magic bytes)"
        f" and could not be rewritten (cannot replace {path}: Permission denied);"
        " built tables in memory"
    ]
    assert sorted(p.name for p in folder.iterdir()) == [path.name]


@pytest.mark.parametrize("setting", ["off", "OFF", "", " "])
def test_cache_can_be_turned_off(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    setting: str,
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("SHANTEN_CACHE_DIR", setting)
    monkeypatch.chdir(tmp_path)
    assert cache_dir() is None
    builder = Builder()
    for _ in range(2):
        assert_same(cached_arrays(NAME, builder, key=KEY), tables())
    assert builder.calls == 2
    assert stderr_lines(capsys) == []
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("platform", "env", "expected"),
    [
        ("linux", {"XDG_CACHE_HOME": "/xdg"}, "/xdg/shanten"),
        ("linux", {"XDG_CACHE_HOME": "relative"}, "/home/u/.cache/shanten"),
        ("linux", {}, "/home/u/.cache/shanten"),
        ("darwin", {}, "/home/u/Library/Caches/shanten"),
        ("win32", {"LOCALAPPDATA": "/local"}, "/local/shanten/Cache"),
        ("linux", {"SHANTEN_CACHE_DIR": "/mine"}, "/mine"),
        ("linux", {"SHANTEN_CACHE_DIR": "~/c"}, "/home/u/c"),
    ],
)
def test_cache_directory_per_platform(
    monkeypatch: pytest.MonkeyPatch, platform: str, env: dict[str, str], expected: str
) -> None:
    for variable in ("SHANTEN_CACHE_DIR", "XDG_CACHE_HOME", "LOCALAPPDATA"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("HOME", "/home/u")
    for variable, value in env.items():
        monkeypatch.setenv(variable, value)
    monkeypatch.setattr(sys, "platform", platform)
    assert cache_dir() == Path(expected)


def test_relative_cache_directory_is_made_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SHANTEN_CACHE_DIR", "here")
    assert cache_dir() == tmp_path / "here"


def test_old_files_of_a_name_are_removed(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    past = time.time() - 10_000
    written: list[Path] = []
    for version in range(4):
        cached_arrays(NAME, tables, key=f"0.{version}")
        (new,) = set(folder.glob(f"{NAME}-*.bin")) - set(written)
        os.utime(new, (past + version, past + version))
        written.append(new)
    cached_arrays("other", tables, key="0.0")
    old_temp = folder / f".{written[0].name}.123.0badc0de.tmp"
    new_temp = folder / f".{written[1].name}.456.0badc0de.tmp"
    for temp in (old_temp, new_temp):
        temp.write_bytes(b"")
    os.utime(old_temp, (past, past))
    (folder / "notes.txt").write_text("")
    cached_arrays(NAME, tables, key=KEY)
    capsys.readouterr()
    kept = {p.name for p in folder.iterdir()}
    assert {written[2].name, written[3].name, new_temp.name, "notes.txt"} <= kept
    assert not {written[0].name, written[1].name, old_temp.name} & kept
    assert len(list(folder.glob(f"{NAME}-*.bin"))) == 3
    assert len(list(folder.glob("other-*.bin"))) == 1


def concurrent_builder(
    folder: str, barrier: Any, results: Any
) -> None:  # pragma: no cover - runs in a child process
    """Builds at the same moment as its twin, and reports its arrays and stderr."""
    os.environ["SHANTEN_CACHE_DIR"] = folder

    def build() -> Arrays:
        barrier.wait(timeout=60)  # both have found no file before either writes one
        return tables()

    stderr = io.StringIO()
    with contextlib.redirect_stderr(stderr):
        arrays = cached_arrays(NAME, build, key=KEY)
    results.put(
        ({k: (v.dtype.str, v.shape, v.tobytes()) for k, v in arrays.items()}, stderr.getvalue())
    )


def test_two_processes_building_at_once(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(2), context.Queue()
    workers = [
        context.Process(target=concurrent_builder, args=(str(folder), barrier, results))
        for _ in range(2)
    ]
    for worker in workers:
        worker.start()
    reports = [results.get(timeout=120) for _ in workers]
    for worker in workers:
        worker.join(timeout=60)
        assert worker.exitcode == 0
    want = {k: (v.dtype.str, v.shape, v.tobytes()) for k, v in tables().items()}
    for arrays, stderr in reports:
        assert arrays == want
        assert stderr == f"shanten: building tables for first use; cached in {folder}\n"
    assert len(list(folder.iterdir())) == 1
    assert_valid(folder, capsys)


DTYPES = ["?", "i1", "u1", "<i2", ">i2", "<u4", ">i8", "u8", "<f2", ">f4", "<f8", "<c8", ">c16"]


@settings(max_examples=60, deadline=None)
@given(
    st.dictionaries(
        st.text("abcxyz_", min_size=1, max_size=4),
        st.sampled_from(DTYPES).flatmap(
            lambda dtype: hnp.arrays(
                dtype, hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=5)
            )
        ),
        max_size=4,
    ),
    st.booleans(),
)
def test_any_numeric_arrays_come_back_exactly(
    made: dict[str, npt.NDArray[Any]], transpose: bool
) -> None:
    if transpose:  # not C-contiguous: they come back C-contiguous with the same values
        made = {name: array.T for name, array in made.items()}
    with (
        tempfile.TemporaryDirectory() as where,
        mock.patch.dict(os.environ, {"SHANTEN_CACHE_DIR": where}),
    ):
        stderr = io.StringIO()
        with contextlib.redirect_stderr(stderr):
            built = cached_arrays("any", lambda: made, key="k")
            read = cached_arrays("any", must_not_build, key="k")
        assert stderr.getvalue().count("\n") == 1
        expected = {name: np.ascontiguousarray(a).reshape(a.shape) for name, a in made.items()}
        assert_same(built, expected)
        assert_same(read, expected)
        del built, read  # the mappings close before the directory goes


@pytest.mark.parametrize("name", ["", "../up", "a/b", "-dash", "x" * 65, "tab\tle"])
def test_bad_name_is_a_value_error(folder: Path, name: str) -> None:
    with pytest.raises(ValueError, match="cache name"):
        cached_arrays(name, tables, key=KEY)
    assert not folder.exists()


@pytest.mark.parametrize(
    ("made", "message"),
    [
        ([np.arange(3)], "not a mapping"),
        ({"a": [1, 2, 3]}, "not a numpy array"),
        ({"a": np.array(["x"])}, "not numeric"),
        ({"a": np.array([object()])}, "not numeric"),
        ({"a": np.zeros(2, dtype=[("x", "i4")])}, "not numeric"),
        ({1: np.arange(3)}, "is not a str"),
    ],
)
def test_builder_returning_no_numeric_arrays_is_a_type_error(
    folder: Path, made: object, message: str
) -> None:
    with pytest.raises(TypeError, match=message):
        cached_arrays(NAME, lambda: made, key=KEY)  # type: ignore[arg-type, return-value]
    assert not folder.exists()


def test_key_must_be_a_string(folder: Path) -> None:
    with pytest.raises(TypeError, match="key"):
        cached_arrays(NAME, tables, key=1)  # type: ignore[arg-type]


def test_no_home_directory_builds_in_memory(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.delenv("SHANTEN_CACHE_DIR", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setattr(Path, "home", no_home)
    assert_same(cached_arrays(NAME, tables, key=KEY), tables())
    assert stderr_lines(capsys) == [
        "shanten: table cache unavailable (Could not determine home directory.);"
        " built tables in memory"
    ]


def test_error_of_the_builder_goes_through(folder: Path) -> None:
    def broken() -> Arrays:
        raise ZeroDivisionError("a bug in the generator")

    with pytest.raises(ZeroDivisionError, match="a bug in the generator"):
        cached_arrays(NAME, broken, key=KEY)
    assert not folder.exists()


def test_key_of_any_text_is_kept_in_the_header(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    key = '版本 1.0 "quoted" \\ ✓'
    cached_arrays(NAME, tables, key=key)
    assert_same(cached_arrays(NAME, must_not_build, key=key), tables())
    assert len(stderr_lines(capsys)) == 1
