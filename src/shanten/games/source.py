"""Read a game record from where the caller has it, and tell its format by its content.

A record is a file path (``str`` or :class:`os.PathLike`), an open file (text or
binary), or the record's text or bytes; gzip-compressed data is recognised by its magic
bytes. The format is read from the content, never from a file name: Tenhou's XML
(``<mjloggm``), the JSON of Tenhou's log viewer (an object with ``"log"``, or one such
object per line), or mjai JSON lines (objects with ``"type"``).

A record is read within :data:`MAX_RECORD` bytes, as read and once unpacked: the reads
stop one byte past it, and gzip is unpacked a piece at a time, so that a small file that
unpacks into gigabytes costs no more than the limit. A path must name a regular file: a
FIFO, a device or a directory is refused by name, before anything is read from it.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import re
import stat
import sys
import zlib
from typing import IO, Any, Final, Literal

from shanten.errors import GameRecordError, RecordTooLarge

__all__ = ["MAX_RECORD", "Format", "RecordSource", "detect", "loads", "read_source"]

Format = Literal["tenhou-xml", "tenhou-json", "mjai"]
RecordSource = str | bytes | os.PathLike[str] | IO[str] | IO[bytes]

#: The largest record, in bytes, as read and once unpacked (8 MiB): a real game is
#: 5-22 KB as Tenhou's XML or JSON and about 85 KB as mjai JSON lines.
MAX_RECORD: Final = 8 * 1024 * 1024
#: gzip inside gzip is unpacked at most this deep.
GZIP_LAYERS: Final = 4

_GZIP_MAGIC = b"\x1f\x8b"
_KINDS: Final = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)
#: JSON's strings (skipped whole) and brackets, to find where nesting runs deep.
_JSON_TOKENS: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')
#: A depth no record comes near (Tenhou's JSON nests 4 deep, mjai 3).
_DEEP: Final = 100


def _too_large(name: str | None, unpacked: bool = False) -> RecordTooLarge:
    size = f"{MAX_RECORD:,} bytes ({MAX_RECORD / 1048576:g} MB)"
    if unpacked:
        return RecordTooLarge(f"the record is over {size} once unpacked", source=name)
    return RecordTooLarge(f"the record is over {size}, more than any game holds", source=name)


def _looks_like_text(value: str) -> bool:
    """True when a str is a record's text rather than a path to one."""
    head = value.lstrip()[:1]
    return head in ("<", "{", "[") or "\n" in value


_PIECE: Final = 1 << 20


def _read_capped(read: Any) -> Any:
    """What ``read(size)`` gives, a piece at a time, until its end or one byte past
    :data:`MAX_RECORD` (bytes or str, as it gives): a small record costs its own size,
    not the limit's."""
    pieces = []
    total = 0
    while total <= MAX_RECORD:
        piece = read(min(_PIECE, MAX_RECORD + 1 - total))
        if not piece:
            break
        pieces.append(piece)
        total += len(piece)
    if len(pieces) == 1:
        return pieces[0]
    return pieces[0][:0].join(pieces) if pieces else b""


def _read_file(name: str) -> bytes:
    """The bytes of the regular file ``name``, at most :data:`MAX_RECORD` of them; any
    other kind of file is refused by name, before it is read (opening without blocking,
    so that a FIFO with no writer does not hang)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(name, flags)
    except OSError as error:
        raise GameRecordError(f"cannot read the record: {error.strerror}", source=name) from None
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        kind = next((kind for test, kind in _KINDS if test(mode)), "a special file")
        raise GameRecordError(f"not a regular file ({kind}): refused", source=name)
    with os.fdopen(descriptor, "rb") as file:
        try:
            data: bytes = _read_capped(file.read)
        except OSError as error:
            raise GameRecordError(
                f"cannot read the record: {error.strerror}", source=name
            ) from None
    if len(data) > MAX_RECORD:
        raise _too_large(name)
    return data


def _unpacked(data: bytes, name: str | None) -> bytes:
    """``data`` with its gzip layers undone, each read a piece at a time and no further
    than :data:`MAX_RECORD` bytes."""
    for _ in range(GZIP_LAYERS):
        if data[:2] != _GZIP_MAGIC:
            return data
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as packed:
                data = _read_capped(packed.read)
        except (OSError, EOFError, zlib.error) as error:
            raise GameRecordError(f"broken gzip data ({error})", source=name) from None
        if len(data) > MAX_RECORD:
            raise _too_large(name, unpacked=True)
    if data[:2] == _GZIP_MAGIC:
        raise GameRecordError(
            f"the record is gzip-compressed more than {GZIP_LAYERS} times over", source=name
        )
    return data


def read_source(source: RecordSource) -> tuple[str, str | None]:
    """The record's text and a name for it in messages (the path or the file's name).

    Raises :class:`~shanten.errors.RecordTooLarge` past :data:`MAX_RECORD` bytes (as
    read, or once unpacked; characters, for text given as a ``str``) and
    :class:`~shanten.GameRecordError` for a path that is not a regular file."""
    name: str | None = None
    data: str | bytes
    if isinstance(source, bytes) or (isinstance(source, str) and _looks_like_text(source)):
        data = source
    elif isinstance(source, (str, os.PathLike)):
        name = os.fspath(source)
        data = _read_file(name)
    elif hasattr(source, "read"):
        file_name = getattr(source, "name", None)
        name = file_name if isinstance(file_name, str) else None
        data = _read_capped(source.read)
    else:
        raise TypeError(
            "a game record is a path, an open file, or its text or bytes, "
            f"not {type(source).__name__}"
        )
    if len(data) > MAX_RECORD:
        raise _too_large(name)
    if isinstance(data, str):
        return data, name
    data = _unpacked(data, name)
    try:
        return data.decode("utf-8-sig"), name
    except UnicodeDecodeError as error:
        raise GameRecordError(
            f"the record is not UTF-8 text (byte {error.start})", source=name
        ) from None


def _place(text: str, position: int, line: int | None) -> str:
    """``line L, column C`` of ``position`` in ``text`` (one line of the record, line
    ``line``, or the whole record when ``line`` is None)."""
    if line is None:
        line = text.count("\n", 0, position) + 1
        column = position - text.rfind("\n", 0, position)
    else:
        column = position + 1
    return f"line {line}, column {column}"


def loads(
    text: str, source: str | None, *, line: int | None = None, round: str | None = None
) -> Any:
    """:func:`json.loads`, with the faults the reader itself raises on crafted input (a
    nesting too deep for it, a number too long for Python's ints) as a
    :class:`~shanten.GameRecordError` naming the place: ``line`` is the line number of
    ``text`` when it is one line of the record. Broken JSON is left to the caller, as a
    :class:`json.JSONDecodeError`."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        depth = 0
        for token in _JSON_TOKENS.finditer(text):
            bracket = token.group()
            if bracket in "[{":
                depth += 1
                if depth > _DEEP:
                    place = _place(text, token.start(), line)
                    message = f"JSON nested over {_DEEP} levels deep at {place}"
                    break
            elif bracket in "]}":
                depth -= 1
        else:
            message = "JSON nested too deeply to read" + (f" on line {line}" if line else "")
        raise GameRecordError(
            f"{message}: no game record nests so deep", source=source, round=round
        ) from None
    except ValueError as error:  # a number over Python's int-string limit
        limit = getattr(sys, "get_int_max_str_digits", lambda: 4300)() or 4300
        found = re.search(f"[0-9]{{{limit + 1},}}", text)
        if found is None:
            raise GameRecordError(
                f"unreadable JSON ({error})", source=source, round=round
            ) from None
        digits = found.end() - found.start()
        raise GameRecordError(
            f"a number of {digits:,} digits at {_place(text, found.start(), line)}: "
            "no game record holds one so long",
            source=source,
            round=round,
        ) from None


def detect(text: str, name: str | None = None) -> Format:
    """The format of a record's text, by its content."""
    head = text.lstrip()
    if head.startswith("<"):
        if "<mjloggm" in head[:1000]:
            return "tenhou-xml"
        raise GameRecordError("unknown format: XML that is not a Tenhou record", source=name)
    if head.startswith("{"):
        first = head.split("\n", 1)[0]
        try:
            value = loads(first, name, line=text.count("\n", 0, len(text) - len(head)) + 1)
        except json.JSONDecodeError:
            value = None  # an object over several lines: Tenhou's JSON, pretty-printed
            if '"log"' in head:
                return "tenhou-json"
        if isinstance(value, dict):
            if "log" in value:
                return "tenhou-json"
            if "type" in value:
                return "mjai"
        elif value is None and '"type"' in first:
            return "mjai"  # broken JSON lines: the mjai reader names the line
    raise GameRecordError(
        "unknown format: not a Tenhou XML or JSON record nor mjai JSON lines", source=name
    )
