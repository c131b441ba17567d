"""Read a game record from where the caller has it, and tell its format by its content.

A record is a file path (``str`` or :class:`os.PathLike`), an open file (text or
binary), or the record's text or bytes; gzip-compressed data is recognised by its magic
bytes. The format is read from the content, never from a file name: Tenhou's XML
(``<mjloggm``), the JSON of Tenhou's log viewer (an object with ``"log"``, or one such
object per line), or mjai JSON lines (objects with ``"type"``).
"""

from __future__ import annotations

import gzip
import json
import os
import zlib
from typing import IO, Literal

from shanten.errors import GameRecordError

__all__ = ["Format", "RecordSource", "detect", "read_source"]

Format = Literal["tenhou-xml", "tenhou-json", "mjai"]
RecordSource = str | bytes | os.PathLike[str] | IO[str] | IO[bytes]

_GZIP_MAGIC = b"\x1f\x8b"


def _looks_like_text(value: str) -> bool:
    """True when a str is a record's text rather than a path to one."""
    head = value.lstrip()[:1]
    return head in ("<", "{", "[") or "\n" in value


def read_source(source: RecordSource) -> tuple[str, str | None]:
    """The record's text and a name for it in messages (the path or the file's name)."""
    name: str | None = None
    data: str | bytes
    if isinstance(source, bytes) or (isinstance(source, str) and _looks_like_text(source)):
        data = source
    elif isinstance(source, (str, os.PathLike)):
        name = os.fspath(source)
        try:
            with open(name, "rb") as file:
                data = file.read()
        except OSError as error:
            raise GameRecordError(
                f"cannot read the record: {error.strerror}", source=name
            ) from None
    elif hasattr(source, "read"):
        file_name = getattr(source, "name", None)
        name = file_name if isinstance(file_name, str) else None
        data = source.read()
    else:
        raise TypeError(
            "a game record is a path, an open file, or its text or bytes, "
            f"not {type(source).__name__}"
        )
    if isinstance(data, str):
        return data, name
    if data[:2] == _GZIP_MAGIC:
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError, zlib.error) as error:
            raise GameRecordError(f"broken gzip data ({error})", source=name) from None
    try:
        return data.decode("utf-8-sig"), name
    except UnicodeDecodeError as error:
        raise GameRecordError(
            f"the record is not UTF-8 text (byte {error.start})", source=name
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
            value = json.loads(first)
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
