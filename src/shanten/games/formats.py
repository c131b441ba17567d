"""The record formats the review reads, told apart and parsed into events: Tenhou's XML
(mjlog), Tenhou's log-viewer JSON and mjai JSON lines; and any of them written as mjai.

>>> lines = convert("tests/data/tenhou/2010081709gm-00a9-0000-fe3371ad.mjlog").splitlines()
>>> lines[0]
'{"type":"start_game","names":["反陽子さん","ASAPIN","でこじ","デジタル仙人"]}'
>>> lines[2]
'{"type":"tsumo","actor":0,"pai":"2s"}'
"""

from __future__ import annotations

from shanten.games.events import Record
from shanten.games.mjai import dumps, parse_mjai
from shanten.games.source import Format, RecordSource, detect, read_source
from shanten.games.tenhou_json import parse_tenhou_json
from shanten.games.tenhou_xml import parse_xml

__all__ = ["convert", "parse"]


def parse(text: str, name: str | None = None) -> tuple[Format, Record]:
    """The format of a record's text and its events."""
    kind = detect(text, name)
    if kind == "tenhou-xml":
        return kind, parse_xml(text, name)
    if kind == "tenhou-json":
        return kind, parse_tenhou_json(text, name)
    return kind, parse_mjai(text, name)


def convert(source: RecordSource) -> str:
    """Convert a game record in any format :func:`shanten.review` reads to mjai JSON lines."""
    text, name = read_source(source)
    return dumps(parse(text, name)[1])
