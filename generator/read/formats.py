"""What every reader returns, and how a file's format is told: by its content as well as its name."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..model import Source


@dataclass
class Parsed:
    """A file's records, each with its place, and the records that could not be read."""

    format: str
    title: str = ""
    records: list[tuple[Source, Any]] = field(default_factory=list)
    problems: list[InputError] = field(default_factory=list)


# The keys under which a JSON object holds its list of papers: an export's whole list, or a crawler's venue object.
_CONTAINERS = ("papers", "notes", "submissions", "items", "records")
FORMATS_HINT = "give a plain list (.txt), JSONL, JSON, CSV/TSV, BibTeX (.bib) or RIS (.ris)"

_PLAIN_SUFFIXES = {"", ".txt", ".text", ".md"}
_SUFFIXES = {
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "json",
    ".csv": "csv",
    ".tsv": "csv",
    ".bib": "bibtex",
    ".bibtex": "bibtex",
    ".ris": "ris",
}
# A BibTeX entry starts a line: "@inproceedings{key," (comments and @string may come first).
_BIBTEX = re.compile(r"^\s*@\s*[A-Za-z]+\s*[{(]", re.MULTILINE)
_RIS = re.compile(r"^TY  - ", re.MULTILINE)
# A header row that names a title or abstract column among others: "title,abstract,authors".
_CSV_HEADER = re.compile(
    r'\s*(?:[^\n]*[,;\t|]"?(?:title|abstract)"?(?:[,;\t|][^\n]*)?|"?(?:title|abstract)"?[,;\t|][^\n]*)\n', re.IGNORECASE
)
_MARKUP = re.compile(r"\s*<(?:!DOCTYPE|\?xml|html|[A-Za-z][\w:-]*[\s>])", re.IGNORECASE)


def held_papers(value: Any) -> tuple[str, list[Any]] | None:
    """The key and the list of papers a JSON object holds, if it holds one.

    A list with no object in it (a paper's "notes": ["oral"]) is a field, not papers.
    """
    if not isinstance(value, dict):
        return None
    for key in _CONTAINERS:
        papers = value.get(key)
        if isinstance(papers, list) and (not papers or any(isinstance(paper, dict) for paper in papers)):
            return key, papers
    return None


def detect(path: Path, text: str) -> str:
    """The file's format: its extension's, unless its content is plainly another structured format."""
    by_name = _SUFFIXES.get(path.suffix.lower())
    by_content = _by_content(text)
    if by_name is None and path.suffix.lower() not in _PLAIN_SUFFIXES:
        if by_content is None:
            raise InputError(f"cannot tell the format of a {path.suffix} file", where=str(path), hint=FORMATS_HINT)
        return "jsonl" if by_content == "object" else by_content
    if by_content == "object":
        return by_name if by_name in ("json", "jsonl") else "jsonl"
    if by_name in ("json", "jsonl") and by_content in ("json", "jsonl"):
        # A .json file of one object a line is JSONL, and the reverse.
        return by_content
    return by_name or by_content or "plain"


def _by_content(text: str) -> str | None:
    head = text.lstrip()[:1]
    if head and head in "[{":
        try:
            whole = json.loads(text)
        except json.JSONDecodeError:
            first = text.lstrip().split("\n", 1)[0]
            try:
                return "jsonl" if isinstance(json.loads(first), dict) else "json"
            except json.JSONDecodeError:
                return "json"
        # One object that holds no list of papers: a one-record JSONL file, or a .json file that lacks its list.
        return "object" if isinstance(whole, dict) and held_papers(whole) is None else "json"
    sample = text[:20000]
    if _RIS.search(sample) and "\nER  -" in text:
        return "ris"
    if _BIBTEX.search(sample):
        return "bibtex"
    if _MARKUP.match(sample):
        return "markup"
    if _CSV_HEADER.match(sample):
        return "csv"
    return None
