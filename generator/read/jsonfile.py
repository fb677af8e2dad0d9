"""JSON and JSONL: flat records (paperlists, our own), OpenReview notes (API v1 and v2) and CSL-JSON (Zotero's export).

Wherever a record is expected, an object that holds papers (a crawler's venue
object: {"venue": ..., "year": ..., "submissions": [...]}) gives each of them
instead, with its venue and year for the papers that lack their own.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..model import Source
from .formats import Parsed, held_papers
from .records import DEFAULT_FIELDS

log = logging.getLogger(__name__)

JSON_HINT = "each record is a JSON object with a title or an abstract"
_OPENREVIEW = "https://openreview.net"
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# What an object that holds papers passes on to the papers that lack it.
_INHERITED = ("venue", "year")

# A record as read, before flattening, with what its wrapper passes on to it.
_Entry = tuple[Source, Any, dict[str, Any]]


def read_jsonl(path: Path, text: str) -> Parsed:
    """One JSON object a line; blank lines are skipped, and a line that is not JSON is one bad record."""
    parsed = Parsed("jsonl")
    entries: list[_Entry] = []
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            parsed.problems.append(InputError(json_problem(error), where=f"{path}:{number}", hint=JSON_HINT))
            continue
        entries += _unwrap(record, Source(str(path), number), {})
    parsed.records = [(source, flatten(record, inherited)) for source, record, inherited in entries]
    parsed.format = _shape([record for _, record, _ in entries], "jsonl")
    return parsed


def read_json(path: Path, text: str) -> Parsed:
    """An array of records, or an object holding one: {"title": ..., "papers": [...]}, OpenReview's {"notes": [...]}."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(json_problem(error), where=f"{path}:{error.lineno}", hint=JSON_HINT) from None
    title = ""
    inherited: dict[str, Any] = {}
    if isinstance(data, dict):
        title = str(data.get("title") or data.get("name") or "")
        inherited = _passed_on(data)
        held = held_papers(data)
        data = held[1] if held else None
    if not isinstance(data, list):
        raise InputError('expected a list of papers, or an object with a "papers" list', where=f"{path}:1", hint=JSON_HINT)
    # json gives no line numbers for array items: name the record instead.
    entries = [entry for n, record in enumerate(data, 1) for entry in _unwrap(record, Source(str(path), 0, record=n), inherited)]
    records = [(source, flatten(record, passed)) for source, record, passed in entries]
    return Parsed(_shape([record for _, record, _ in entries], "json"), title=title, records=records)


def _unwrap(record: Any, source: Source, inherited: dict[str, Any]) -> list[_Entry]:
    """The record, or each paper it holds, named by its place in it ("submission 3")."""
    held = held_papers(record)
    if held is None:
        return [(source, record, inherited)]
    key, papers = held
    if not papers:
        log.warning("%s: its %r list is empty, so it gives no papers", source, key)
    passed = _lacking(_passed_on(record), inherited)
    noun = key.removesuffix("s")
    return [(replace(source, within=f"{noun} {n}"), paper, passed) for n, paper in enumerate(papers, 1)]


def _passed_on(wrapper: dict[str, Any]) -> dict[str, Any]:
    """The venue and year an object that holds papers gives, under its own names for them."""
    return {key: value for key, value in wrapper.items() if _field(key) in _INHERITED and value not in (None, "")}


def _lacking(record: dict[str, Any], inherited: dict[str, Any]) -> dict[str, Any]:
    """The record with each inherited field it has under no name of its own."""
    own = {_field(key) for key in record}
    missing = {key: value for key, value in inherited.items() if _field(key) not in own}
    return {**record, **missing} if missing else record


def _field(key: str) -> str | None:
    # The default aliases: "booktitle" is a venue too, so a paper's own booktitle is not overridden.
    found = DEFAULT_FIELDS.field(key)
    return found[0] if found else None


def json_problem(error: json.JSONDecodeError) -> str:
    # json says "Unterminated string starting at" and gives the place apart.
    return f"not valid JSON at column {error.colno}: {error.msg.removesuffix(' starting at')}"


def flatten(record: Any, inherited: dict[str, Any]) -> Any:
    """A flat record of fields from an OpenReview note or a CSL-JSON item; other records as they are.

    Fields inherited from the object that held the record fill the ones it lacks.
    """
    if not isinstance(record, dict):
        return record
    if isinstance(record.get("content"), dict):
        return _openreview(record, inherited)
    return _lacking(_csl(record) if _is_csl(record) else record, inherited)


def _shape(records: list[Any], fallback: str) -> str:
    """The export's kind, for the log and the benchmark: what the first record looks like."""
    first = next((r for r in records if isinstance(r, dict)), {})
    if isinstance(first.get("content"), dict):
        nested = any(isinstance(v, dict) and "value" in v for v in first["content"].values())
        return "openreview-v2" if nested else "openreview-v1"
    if _is_csl(first):
        return "csl-json"
    return fallback


def _openreview(note: dict[str, Any], inherited: dict[str, Any]) -> dict[str, Any]:
    """A note's content, each API v2 {"value": ...} unwrapped, with its id, forum URL and a PDF URL that works off the site."""
    flat: dict[str, Any] = {}
    for key, value in note["content"].items():
        flat[key] = value.get("value") if isinstance(value, dict) and "value" in value else value
    note_id = str(note.get("forum") or note.get("id") or "")
    flat.pop("id", None)
    if note_id:
        flat = {"id": note_id, **flat}
        flat.setdefault("url", f"{_OPENREVIEW}/forum?id={note_id}")
    pdf = flat.get("pdf")
    if isinstance(pdf, str) and pdf.startswith("/"):
        flat["pdf"] = _OPENREVIEW + pdf
    # Before the dates: a crawler's "year": 2019 is the conference's, and an ICLR 2019 note was created in 2018.
    flat = _lacking(flat, inherited)
    if "year" not in flat:
        venue = str(flat.get("venue") or "")
        found = _YEAR.search(venue)
        stamp = note.get("pdate") or note.get("cdate") or note.get("tcdate")
        if found:
            flat["year"] = found.group(0)
        elif isinstance(stamp, int | float):
            flat["year"] = str(datetime.fromtimestamp(stamp / 1000, UTC).year)
    return flat


def _is_csl(record: dict[str, Any]) -> bool:
    authors = record.get("author")
    by_names = isinstance(authors, list) and any(isinstance(a, dict) and ("family" in a or "literal" in a) for a in authors)
    return by_names or ("type" in record and ("issued" in record or "container-title" in record))


def _csl(item: dict[str, Any]) -> dict[str, Any]:
    """A CSL-JSON item with its names, date and container as plain fields."""
    flat = {key: value for key, value in item.items() if key not in ("author", "issued", "container-title", "type", "editor")}
    flat["authors"] = [_csl_name(name) for name in item.get("author") or [] if isinstance(name, dict)]
    parts = (item.get("issued") or {}).get("date-parts") if isinstance(item.get("issued"), dict) else None
    if parts and isinstance(parts, list) and parts[0]:
        flat["year"] = str(parts[0][0])
    if item.get("container-title"):
        flat["venue"] = item["container-title"]
    if item.get("type"):
        flat["csl_type"] = item["type"]
    return flat


def _csl_name(name: dict[str, Any]) -> str:
    if "literal" in name:
        return str(name["literal"])
    return " ".join(str(name[part]) for part in ("given", "non-dropping-particle", "family") if name.get(part))
