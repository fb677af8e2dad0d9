"""JSON and JSONL: flat records (paperlists, our own), OpenReview notes (API v1 and v2) and CSL-JSON (Zotero's export)."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..model import Source
from .formats import CONTAINERS, Parsed

JSON_HINT = "each record is a JSON object with a title or an abstract"
_OPENREVIEW = "https://openreview.net"
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


def read_jsonl(path: Path, text: str) -> Parsed:
    """One JSON object a line; blank lines are skipped, and a line that is not JSON is one bad record."""
    parsed = Parsed("jsonl")
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            parsed.problems.append(InputError(json_problem(error), where=f"{path}:{number}", hint=JSON_HINT))
            continue
        parsed.records.append((Source(str(path), number), flatten(record)))
    parsed.format = _shape([record for _, record in parsed.records], "jsonl")
    return parsed


def read_json(path: Path, text: str) -> Parsed:
    """An array of records, or an object holding one: {"title": ..., "papers": [...]}, OpenReview's {"notes": [...]}."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(json_problem(error), where=f"{path}:{error.lineno}", hint=JSON_HINT) from None
    title = ""
    if isinstance(data, dict):
        title = str(data.get("title") or data.get("name") or "")
        data = next((data[key] for key in CONTAINERS if isinstance(data.get(key), list)), None)
    if not isinstance(data, list):
        raise InputError('expected a list of papers, or an object with a "papers" list', where=f"{path}:1", hint=JSON_HINT)
    # json gives no line numbers for array items: name the record instead.
    records = [(Source(str(path), 0, record=n), flatten(record)) for n, record in enumerate(data, 1)]
    return Parsed(_shape(data, "json"), title=title, records=records)


def json_problem(error: json.JSONDecodeError) -> str:
    # json says "Unterminated string starting at" and gives the place apart.
    return f"not valid JSON at column {error.colno}: {error.msg.removesuffix(' starting at')}"


def flatten(record: Any) -> Any:
    """A flat record of fields from an OpenReview note or a CSL-JSON item; other records as they are."""
    if not isinstance(record, dict):
        return record
    if isinstance(record.get("content"), dict):
        return _openreview(record)
    if _is_csl(record):
        return _csl(record)
    return record


def _shape(records: list[Any], fallback: str) -> str:
    """The export's kind, for the log and the benchmark: what the first record looks like."""
    first = next((r for r in records if isinstance(r, dict)), {})
    if isinstance(first.get("content"), dict):
        nested = any(isinstance(v, dict) and "value" in v for v in first["content"].values())
        return "openreview-v2" if nested else "openreview-v1"
    if _is_csl(first):
        return "csl-json"
    return fallback


def _openreview(note: dict[str, Any]) -> dict[str, Any]:
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
