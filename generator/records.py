"""Structured records (JSONL, JSON, CSV rows) to papers, whatever the export calls its fields."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from typing import Any

from .errors import InputError
from .model import Paper, Source
from .sessions import is_session_list, read_sessions

# Field names that exports use, each mapped to ours. Keys are compared
# lower-cased with spaces, dashes and dots folded to underscores.
_ALIASES = {
    "id": ("id", "uid", "paper_id", "paperid", "forum", "forum_id", "openreview_id", "submission_id"),
    "title": ("title", "paper_title", "name"),
    "abstract": ("abstract", "paper_abstract", "description"),
    "summary": ("tldr", "tl;dr", "tl_dr", "one_sentence_summary"),
    "authors": ("authors", "author", "author_names", "authorids_names"),
    "keywords": ("keywords", "keyword", "tags", "topics"),
    "url": ("url", "link", "forum_url", "paper_url", "openreview_url", "html_url"),
    "pdf": ("pdf", "pdf_url", "pdf_link"),
    "code": ("code", "code_url", "code_link", "github", "repository", "repo"),
    "track": ("track", "venue", "session", "sessions"),
    "status": ("status", "decision"),
    "primary_area": ("primary_area", "area", "subject_area"),
}
_FIELD = {alias: field for field, aliases in _ALIASES.items() for alias in aliases}
_LISTS = ("authors", "keywords")
_SAFE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def paper_from_record(record: Any, source: Source) -> Paper:
    """A paper from one record; an error naming the record if it has no abstract."""
    if not isinstance(record, dict):
        raise InputError(
            f"expected an object, found {type(record).__name__}", where=str(source), hint="one JSON object per paper"
        )
    fields: dict[str, Any] = {}
    extra: dict[str, str] = {}
    for key, value in record.items():
        name = re.sub(r"[\s.\-]+", "_", str(key).strip().lower())
        field = _FIELD.get(name)
        if field is None:
            extra[str(key)] = _text(value)
        elif field not in fields:
            if is_session_list(value):
                # A programme's session objects: the track is their names; read_sessions takes their times.
                value = [item.get("name") or item.get("title") or "" for item in ([value] if isinstance(value, dict) else value)]
            fields[field] = _list(value) if field in _LISTS else _text(value)
    abstract = fields.pop("abstract", "")
    if not abstract:
        hint = "every record needs a non-empty abstract field"
        raise InputError("the abstract is missing or empty", where=str(source), hint=hint)

    given_id = fields.pop("id", "")
    sessions = read_sessions(record, source)
    paper = Paper(id=given_id or paper_id(abstract), abstract=abstract, source=source, extra=extra, sessions=sessions, **fields)
    if given_id:
        # A given id is the paper's identity, so it is its URL too.
        paper.slug = given_id if _SAFE_ID.fullmatch(given_id) else f"id-{paper_id(given_id)}"
    return paper


def paper_id(abstract: str) -> str:
    """A stable id for a paper the input gives none: a hash of its abstract."""
    return hashlib.sha256(unicodedata.normalize("NFC", abstract).encode()).hexdigest()[:10]


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return "; ".join(_text(v) for v in value)
    return " ".join(str(value).split())


def _list(value: Any) -> list[str]:
    """A list field, given as a list or as text separated by | or ; (or commas, failing both)."""
    if isinstance(value, list):
        items = [_text(v) for v in value]
    else:
        text = _text(value)
        separator = next((s for s in "|;" if s in text), ",")
        items = [item.strip() for item in text.split(separator)]
    return list(dict.fromkeys(item for item in items if item))
