"""RIS (.ris), the tagged format of EndNote, Zotero and publishers' "export citation"."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..model import Source
from .formats import Parsed

_LINE = re.compile(r"^([A-Z][A-Z0-9])  -(?: (.*))?$")
# Tags to our fields; a later tag of a field that one has filled stays metadata.
_TAGS = {
    "ID": "id",
    "TI": "title",
    "T1": "title",
    "AB": "abstract",
    "N2": "abstract",
    "T2": "venue",
    "BT": "venue",
    "JO": "venue",
    "JF": "venue",
    "J2": "venue",
    "PY": "year",
    "Y1": "year",
    "DA": "year",
    "DO": "doi",
    "UR": "url",
    "L1": "pdf",
    "TY": "ris_type",
}
_REPEATED = {"AU": "authors", "A1": "authors", "KW": "keywords"}


def read_ris(path: Path, text: str) -> Parsed:
    """Records from TY to ER, each from the line of its TY."""
    parsed = Parsed("ris")
    record: dict[str, Any] | None = None
    start = 0
    last = ""
    for number, line in enumerate(text.split("\n"), 1):
        match = _LINE.match(line.rstrip())
        if match is None:
            # A line without a tag continues the previous value.
            if record is not None and last and line.strip():
                record[last] = f"{record[last]} {line.strip()}" if isinstance(record[last], str) else record[last]
            continue
        tag, value = match.group(1), (match.group(2) or "").strip()
        if tag == "TY":
            if record is not None:
                parsed.problems.append(
                    InputError(
                        "a record starts before the last one ended", where=f"{path}:{number}", hint="end each record with ER  -"
                    )
                )
            record, start = {}, number
        if record is None:
            parsed.problems.append(
                InputError(f"{tag} outside a record", where=f"{path}:{number}", hint="start each record with TY  -")
            )
            continue
        if tag == "ER":
            parsed.records.append((Source(str(path), start), record))
            record, last = None, ""
            continue
        last = _put(record, tag, value)
    if record is not None:
        parsed.problems.append(
            InputError("the last record has no end", where=f"{path}:{start}", hint="end each record with ER  -")
        )
    if not parsed.records and not parsed.problems:
        raise InputError("no RIS records in the file", where=f"{path}:1", hint="each paper starts with TY  - and ends with ER  -")
    return parsed


def _put(record: dict[str, Any], tag: str, value: str) -> str:
    """Store a tag's value; the key it went under, for continuation lines."""
    if tag in _REPEATED:
        field = _REPEATED[tag]
        record.setdefault(field, []).append(_name(value) if field == "authors" else value)
        return ""
    field = _TAGS.get(tag, tag)
    if field == "year":
        value = value[:4]
    if field in record:
        field = tag
    record[field] = value
    return field


def _name(value: str) -> str:
    """ "Last, First" as "First Last"."""
    family, _, given = value.partition(",")
    return f"{given.strip()} {family.strip()}".strip() if given.strip() else family.strip()
