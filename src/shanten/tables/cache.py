"""An on-disk cache of generated numpy tables, checked on every load and memory-mapped.

The tables behind the shanten numbers (部分置換数表) are generated with numpy at first use.
:func:`cached_arrays` keeps what a generator makes in one file in the user's cache
directory, so a later process maps the file instead of generating again, and the workers
of a process pool share its pages.

>>> import os, shutil, tempfile
>>> import numpy as np
>>> def build():
...     return {"squares": np.arange(5, dtype=np.int64) ** 2, "empty": np.zeros((0, 3))}
>>> saved, folder = os.environ.get("SHANTEN_CACHE_DIR"), tempfile.mkdtemp()
>>> os.environ["SHANTEN_CACHE_DIR"] = folder
>>> first = cached_arrays("demo", build, key="1.0")  # builds; one line on stderr
>>> again = cached_arrays("demo", build, key="1.0")  # maps the file written above
>>> again["squares"], again["empty"].shape, again["squares"].flags.writeable
(array([ 0,  1,  4,  9, 16]), (0, 3), False)
>>> if saved is None:
...     del os.environ["SHANTEN_CACHE_DIR"]
... else:
...     os.environ["SHANTEN_CACHE_DIR"] = saved
>>> shutil.rmtree(folder, ignore_errors=True)

The file layout (format version 1):

- 24 bytes: the magic ``\\x89SHANTEN-TBL\\r\\n\\x1a\\n``, then the format version and the
  length of the JSON header, both unsigned 32-bit little-endian;
- the JSON header: the caller's key, the byte order and machine that wrote the file, the
  length and CRC-32 of the data section, and per array its name, dtype, shape, byte
  offset in the data section (a multiple of 64) and size;
- the CRC-32 of everything above (32-bit little-endian), then zero bytes up to the next
  multiple of 64, where the data section starts.

The file is named ``{name}-{id}.bin``, where ``id`` is a hash of the key, the format
version, the byte order and the machine, so that files of several versions coexist: the
three most recent of each name are kept, older ones are removed.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import mmap
import os
import platform
import re
import struct
import sys
import time
import zlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

__all__ = ["FORMAT_VERSION", "cache_dir", "cached_arrays"]

#: The version of the file layout; files of any other version are stale.
FORMAT_VERSION: Final = 1

_MAGIC: Final = b"\x89SHANTEN-TBL\r\n\x1a\n"
_PREFIX: Final = struct.Struct("<16sII")  # magic, format version, JSON header length
_CRC: Final = struct.Struct("<I")
_ALIGN: Final = 64
_MAX_HEADER: Final = 1 << 20
_KEEP: Final = 3  # files of one name kept, counting the one just written
_TEMP_AGE: Final = 3600.0  # seconds after which a leftover temporary file is removed
_NAME: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
_NUMERIC_KINDS: Final = "biufc"

Arrays = dict[str, npt.NDArray[Any]]


class _Invalid(Exception):
    """A cache file that must not be used: ``kind`` is corrupt, truncated, stale or unreadable."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind} ({detail})")
        self.kind = kind
        self.detail = detail


def cache_dir() -> Path | None:
    """The directory of the table cache, or ``None`` when the disk cache is turned off.

    ``$SHANTEN_CACHE_DIR`` when set (empty or ``off`` turns the cache off); else the
    platform's user cache directory: ``$XDG_CACHE_HOME/shanten`` or ``~/.cache/shanten``
    on Linux, ``~/Library/Caches/shanten`` on macOS, ``%LOCALAPPDATA%\\shanten\\Cache``
    on Windows. Raises :class:`RuntimeError` when the home directory is unknown.
    """
    chosen = os.environ.get("SHANTEN_CACHE_DIR")
    if chosen is not None:
        if chosen.strip().lower() in ("", "off"):
            return None
        return Path(os.path.abspath(os.path.expanduser(chosen)))
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA")
        base = Path(local) if local else Path.home() / "AppData" / "Local"
        return base / "shanten" / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "shanten"
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    return (Path(xdg) if os.path.isabs(xdg) else Path.home() / ".cache") / "shanten"


def cached_arrays(
    name: str, build: Callable[[], Mapping[str, npt.NDArray[Any]]], *, key: str
) -> dict[str, npt.NDArray[Any]]:
    """The arrays that ``build()`` makes, read from the cache file when a valid one exists.

    ``name`` names the file (letters, digits, ``_``, ``.``, ``-``); ``key`` is the
    caller's version string: a file written under another key is stale. Arrays keep
    their dtype (any numeric one) and shape, come back C-contiguous and read-only, and
    are memory-mapped when read from the file. A missing, damaged, stale or unreadable
    file is rebuilt and rewritten; a cache directory that cannot be written still gives
    the arrays, built in memory. Each of these writes one line on stderr.

    Raises :class:`ValueError` for a bad ``name`` and :class:`TypeError` when ``build``
    returns anything but a mapping of names to numeric numpy arrays; what ``build``
    raises goes through unchanged.
    """
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise ValueError(f"cache name {name!r} is not 1-64 letters, digits, '_', '.' or '-'")
    if not isinstance(key, str):
        raise TypeError(f"cache key must be a str, not {type(key).__name__}")
    try:
        folder = cache_dir()
    except (RuntimeError, OSError) as error:  # no home directory to put it in
        arrays = _built(build)
        _say(f"table cache unavailable ({error}); built tables in memory")
        return arrays
    if folder is None:
        return _built(build)
    path = folder / f"{name}-{_file_id(key)}.bin"
    try:
        return _read(path, key)
    except FileNotFoundError:
        problem = None
    except _Invalid as error:
        problem = error
    arrays = _built(build)
    failure = _write(folder, path, name, arrays, key)
    if problem is None and failure is None:
        _say(f"building tables for first use; cached in {folder}")
    elif problem is None:
        _say(f"table cache unavailable ({failure}); built tables in memory")
    elif failure is None:
        _say(f"table cache {path} was {problem}; rebuilt it")
    else:
        _say(
            f"table cache {path} was {problem} and could not be rewritten ({failure}); built tables in memory"
        )
    return arrays


def _say(line: str) -> None:
    if sys.stderr is not None:
        sys.stderr.write(f"shanten: {line}\n")
        sys.stderr.flush()


def _machine() -> tuple[str, str]:
    return sys.byteorder, platform.machine()


def _file_id(key: str) -> str:
    identity = "\0".join([str(FORMAT_VERSION), *_machine(), key])
    return hashlib.blake2b(identity.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def _align(n: int) -> int:
    return -(-n // _ALIGN) * _ALIGN


def _built(build: Callable[[], Mapping[str, npt.NDArray[Any]]]) -> Arrays:
    """Calls ``build`` and checks what it made; the arrays come back C-contiguous, read-only."""
    made = build()
    if not isinstance(made, Mapping):
        raise TypeError(f"the table builder returned {type(made).__name__}, not a mapping")
    arrays: Arrays = {}
    for label, value in made.items():
        if not isinstance(label, str):
            raise TypeError(f"array name {label!r} is not a str")
        if not isinstance(value, np.ndarray):
            raise TypeError(f"array {label!r} is a {type(value).__name__}, not a numpy array")
        if value.dtype.kind not in _NUMERIC_KINDS or value.dtype.fields is not None:
            raise TypeError(f"array {label!r} has dtype {value.dtype}, which is not numeric")
        array = value if value.flags.c_contiguous else value.copy(order="C")
        array.flags.writeable = False
        arrays[label] = array
    return arrays


def _layout(arrays: Arrays) -> tuple[list[dict[str, Any]], int]:
    """Per array its header entry, and the length of the data section."""
    entries: list[dict[str, Any]] = []
    end = 0
    for label, array in arrays.items():
        offset = _align(end)
        entries.append(
            {
                "name": label,
                "dtype": array.dtype.str,
                "shape": list(array.shape),
                "offset": offset,
                "nbytes": array.nbytes,
            }
        )
        end = offset + array.nbytes
    return entries, end


def _chunks(arrays: Arrays) -> list[memoryview]:
    """The data section as byte chunks: zero padding before each array, then its bytes."""
    chunks: list[memoryview] = []
    end = 0
    for array in arrays.values():
        offset = _align(end)
        chunks.append(memoryview(bytes(offset - end)))
        chunks.append(memoryview(array.reshape(-1).view(np.uint8).data))
        end = offset + array.nbytes
    return chunks


def _encode_header(arrays: Arrays, key: str) -> tuple[bytes, list[memoryview]]:
    """The header bytes (padded to the data section) and the data section's chunks."""
    entries, length = _layout(arrays)
    chunks = _chunks(arrays)
    crc = 0
    for chunk in chunks:
        crc = zlib.crc32(chunk, crc)
    byteorder, machine = _machine()
    fields = {
        "key": key,
        "byteorder": byteorder,
        "machine": machine,
        "data_length": length,
        "data_crc32": crc,
        "arrays": entries,
    }
    text = json.dumps(fields, sort_keys=True, separators=(",", ":")).encode("ascii")
    head = _PREFIX.pack(_MAGIC, FORMAT_VERSION, len(text)) + text
    head += _CRC.pack(zlib.crc32(head))
    return head + bytes(_align(len(head)) - len(head)), chunks


def _write(folder: Path, path: Path, name: str, arrays: Arrays, key: str) -> str | None:
    """Writes the cache file atomically; the reason when it cannot, else ``None``."""
    temp = folder / f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    doing = f"cannot create {folder}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        doing = f"cannot write in {folder}"
        head, chunks = _encode_header(arrays, key)
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
        with os.fdopen(os.open(temp, flags, 0o644), "wb") as out:
            out.write(head)
            for chunk in chunks:
                out.write(chunk)
            out.flush()
            os.fsync(out.fileno())
        doing = f"cannot replace {path}"
        if path.is_dir() and not path.is_symlink():
            path.rmdir()  # an empty directory in the way; a full one is left alone
        os.replace(temp, path)
    except OSError as error:
        _remove(temp)
        return f"{doing}: {error.strerror or type(error).__name__}"
    _tidy(folder, name, path)
    return None


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()


def _tidy(folder: Path, name: str, current: Path) -> None:
    """Best effort: removes all but the newest files of ``name`` and old temporary files."""
    mine = re.compile(rf"{re.escape(name)}-[0-9a-f]{{16}}\.bin")
    temporary = re.compile(rf"\.{re.escape(name)}-[0-9a-f]{{16}}\.bin\.\d+\.[0-9a-f]{{8}}\.tmp")
    try:
        now, others = time.time(), []
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name == current.name or not entry.is_file(follow_symlinks=False):
                    continue
                if mine.fullmatch(entry.name):
                    others.append((entry.stat().st_mtime_ns, entry.path))
                elif temporary.fullmatch(entry.name) and now - entry.stat().st_mtime > _TEMP_AGE:
                    _remove(Path(entry.path))
        for _, old in sorted(others, reverse=True)[_KEEP - 1 :]:
            _remove(Path(old))
    except OSError:
        pass


def _read(path: Path, key: str) -> Arrays:
    """The arrays of a valid cache file, memory-mapped; raises :class:`_Invalid` otherwise.

    Raises :class:`FileNotFoundError` when there is no file.
    """
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size < _PREFIX.size:
                raise _Invalid("truncated", f"{size} bytes, shorter than the header")
            mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    except (FileNotFoundError, NotADirectoryError):
        raise FileNotFoundError(path) from None
    except OSError as error:
        raise _Invalid("unreadable", error.strerror or type(error).__name__) from None
    try:
        return _decode(mapped, key)
    except Exception as error:
        with contextlib.suppress(BufferError):
            mapped.close()  # now, not later: Windows cannot replace a file that is mapped
        if isinstance(error, _Invalid):
            raise
        # A header that passed its checksum yet cannot be used.
        raise _Invalid("corrupt", f"{type(error).__name__}: {error}") from None


def _decode(mapped: mmap.mmap, key: str) -> Arrays:
    size = len(mapped)
    magic, version, text_length = _PREFIX.unpack_from(mapped, 0)
    if magic != _MAGIC:
        raise _Invalid("corrupt", "not a shanten table cache: wrong magic bytes")
    if version != FORMAT_VERSION:
        raise _Invalid("stale", f"format version {version}, expected {FORMAT_VERSION}")
    if text_length > _MAX_HEADER:
        raise _Invalid("corrupt", f"header length {text_length} is out of range")
    head_end = _PREFIX.size + text_length + _CRC.size
    if size < _align(head_end):
        raise _Invalid("truncated", f"{size} bytes, shorter than the header")
    (crc,) = _CRC.unpack_from(mapped, head_end - _CRC.size)
    if zlib.crc32(mapped[: head_end - _CRC.size]) != crc:
        raise _Invalid("corrupt", "header checksum mismatch")
    if mapped[head_end : _align(head_end)].strip(b"\0"):
        raise _Invalid("corrupt", "nonzero padding after the header")
    fields = json.loads(mapped[_PREFIX.size : head_end - _CRC.size].decode("ascii"))
    if fields["key"] != key:
        raise _Invalid("stale", f"written under key {fields['key']!r}, expected {key!r}")
    if (fields["byteorder"], fields["machine"]) != _machine():
        raise _Invalid("stale", f"written on a {fields['byteorder']}-endian {fields['machine']}")
    start, length = _align(head_end), _count(fields["data_length"])
    if size != start + length:
        kind = "truncated" if size < start + length else "corrupt"
        raise _Invalid(kind, f"{size} bytes, expected {start + length}")
    with memoryview(mapped) as view:
        if zlib.crc32(view[start:]) != fields["data_crc32"]:
            raise _Invalid("corrupt", "checksum mismatch")
    arrays: Arrays = {}
    end = 0
    for entry in fields["arrays"]:
        arrays[entry["name"]] = _view(mapped, start, length, end, entry)
        end = entry["offset"] + entry["nbytes"]
    if len(arrays) != len(fields["arrays"]):
        raise _Invalid("corrupt", "two arrays share a name")
    return arrays


def _count(value: object) -> int:
    if type(value) is not int or value < 0:
        raise _Invalid("corrupt", f"{value!r} is not a size")
    return value


def _view(
    mapped: mmap.mmap, start: int, length: int, end: int, entry: dict[str, Any]
) -> npt.NDArray[Any]:
    """One array of the data section as a read-only view of the mapping, after checks."""
    dtype = np.dtype(entry["dtype"])
    if dtype.str != entry["dtype"] or dtype.kind not in _NUMERIC_KINDS or dtype.fields:
        raise _Invalid("corrupt", f"dtype {entry['dtype']!r} is not a numeric dtype")
    shape = tuple(_count(n) for n in entry["shape"])
    offset, nbytes = _count(entry["offset"]), _count(entry["nbytes"])
    if nbytes != int(np.prod(shape, dtype=object)) * dtype.itemsize:
        raise _Invalid("corrupt", f"array {entry['name']!r} has a size that fits not its shape")
    if offset % _ALIGN or offset < end or offset + nbytes > length:
        raise _Invalid("corrupt", f"array {entry['name']!r} lies outside its place")
    if not isinstance(entry["name"], str):
        raise _Invalid("corrupt", "an array name is not a string")
    count = nbytes // dtype.itemsize
    return np.frombuffer(mapped, dtype, count, start + offset).reshape(shape)
