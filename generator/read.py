"""Stage 1: read input files into a ReadingList.

Each format has a reader that yields papers with their source line, so every
later error or warning can point at the place in the file.
"""

from __future__ import annotations

import csv
import io
import json
import logging
import re
import unicodedata
from collections.abc import Iterator, Sequence
from pathlib import Path

from .errors import InputError
from .model import Paper, ReadingList, Source
from .records import paper_from_record, paper_id

log = logging.getLogger(__name__)

_BOM = "\ufeff"
_BLANK = re.compile(r"[^\S\n]*")


def read_papers(paths: Sequence[Path], *, title: str = "") -> ReadingList:
    """Read every input file into one reading list, in input order.

    The list's title is the given one, else the first a file carries, else
    the first file's name.
    """
    papers: list[Paper] = []
    for path in paths:
        text = _decode(path)
        reader = _READERS.get(path.suffix.lower(), _read_plain_text)
        file_title, file_papers = reader(path, text)
        title = title or file_title
        papers.extend(file_papers)
        log.debug("%s: %d papers", path, len(file_papers))
    papers = _merge_exact_duplicates(papers)
    log.info("Read %d papers from %d file(s)", len(papers), len(paths))
    return ReadingList(title=title or _title_from_name(paths[0]), papers=papers)


def _title_from_name(path: Path) -> str:
    """A list title for inputs that carry none: the file's name, as words."""
    return re.sub(r"[_\-.]+", " ", path.name.split(".")[0]).strip() or "Reading list"


def _decode(path: Path) -> str:
    """The file's text, or an error that names the byte where it goes wrong."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise InputError(f"cannot read the file: {error.strerror}", where=str(path), hint="check the path") from None
    if b"\0" in data[:8192]:
        offset = data.index(b"\0")
        raise InputError(
            f"binary data at byte {offset}, not a text file",
            where=str(path),
            hint="give a UTF-8 text, JSONL or CSV file",
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise InputError(
            f"not valid UTF-8 at byte {error.start}",
            where=f"{path}:{line}",
            hint="save the file as UTF-8",
        ) from None
    text = text.removeprefix(_BOM)
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _read_plain_text(path: Path, text: str) -> tuple[str, list[Paper]]:
    """A title line, then abstracts separated by blank lines."""
    lines = text.split("\n")
    blocks = list(_blocks(lines))
    if not blocks:
        raise InputError("the file is empty", where=f"{path}:1", hint="the first line is the list's title, then abstracts")
    (_, title_lines), *abstracts = blocks
    title = title_lines[0]
    # A title line followed directly by an abstract, with no blank line between.
    if len(title_lines) > 1:
        abstracts.insert(0, (blocks[0][0] + 1, title_lines[1:]))
    if not abstracts:
        raise InputError(
            "no abstracts after the title",
            where=f"{path}:{len(lines)}",
            hint="put one abstract per blank-line-separated block after the title line",
        )
    papers = [
        Paper(id=paper_id(abstract), abstract=abstract, source=Source(str(path), line))
        for line, block in abstracts
        for abstract in [" ".join(block)]
    ]
    return title, papers


def _read_jsonl(path: Path, text: str) -> tuple[str, list[Paper]]:
    """One JSON object a line; blank lines are skipped."""
    papers = []
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise InputError(_json_problem(error), where=f"{path}:{number}", hint=_JSON_HINT) from None
        papers.append(paper_from_record(record, Source(str(path), number)))
    return _require_papers(path, text, papers)


def _read_json(path: Path, text: str) -> tuple[str, list[Paper]]:
    """An array of objects, or {"title": ..., "papers": [...]}."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(_json_problem(error), where=f"{path}:{error.lineno}", hint=_JSON_HINT) from None
    title = ""
    if isinstance(data, dict):
        title = str(data.get("title") or "")
        data = data.get("papers")
    if not isinstance(data, list):
        raise InputError('expected a list of papers, or an object with a "papers" list', where=f"{path}:1", hint=_JSON_HINT)
    # json gives no line numbers for array items: name the record instead.
    papers = [paper_from_record(record, Source(str(path), 0, record=n)) for n, record in enumerate(data, 1)]
    _, papers = _require_papers(path, text, papers)
    return title, papers


def _read_csv(path: Path, text: str) -> tuple[str, list[Paper]]:
    """A header row, then one paper a row; Mini-Conf's papers.csv among them."""
    start = 1
    rows = csv.reader(io.StringIO(text, newline=""), delimiter="\t" if path.suffix.lower() == ".tsv" else ",", strict=True)
    papers = []
    try:
        header = next(rows, None)
        if header is None:
            raise InputError("the file is empty", where=f"{path}:1", hint="the first row names the columns: title, abstract, ...")
        start = rows.line_num + 1
        for row in rows:
            if not any(cell.strip() for cell in row):
                start = rows.line_num + 1
                continue
            if len(row) != len(header):
                raise InputError(
                    f"{len(row)} cells where the header has {len(header)}",
                    where=f"{path}:{start}",
                    hint="quote cells that contain the delimiter",
                )
            papers.append(paper_from_record(dict(zip(header, row, strict=True)), Source(str(path), start)))
            start = rows.line_num + 1
    except csv.Error as error:
        raise InputError(f"malformed CSV: {error}", where=f"{path}:{start}", hint="check the quotes on this row") from None
    return _require_papers(path, text, papers)


def _require_papers(path: Path, text: str, papers: list[Paper]) -> tuple[str, list[Paper]]:
    if not papers:
        raise InputError("no papers in the file", where=f"{path}:{text.count(chr(10)) + 1}", hint="give one record per paper")
    return "", papers


def _json_problem(error: json.JSONDecodeError) -> str:
    # json says "Unterminated string starting at" and gives the place apart.
    return f"not valid JSON at column {error.colno}: {error.msg.removesuffix(' starting at')}"


_JSON_HINT = "each record is a JSON object with at least an abstract"

_READERS = {".jsonl": _read_jsonl, ".ndjson": _read_jsonl, ".json": _read_json, ".csv": _read_csv, ".tsv": _read_csv}


def _blocks(lines: list[str]) -> Iterator[tuple[int, list[str]]]:
    """Runs of non-blank lines, each with its 1-based first line number."""
    start = 0
    block: list[str] = []
    for number, line in enumerate(lines, 1):
        if _BLANK.fullmatch(line):
            if block:
                yield start, block
            block = []
            continue
        if not block:
            start = number
        block.append(line.strip())
    if block:
        yield start, block


def _fold(abstract: str) -> str:
    """The abstract with case, width and spacing folded: equal for near-duplicates."""
    return " ".join(unicodedata.normalize("NFKC", abstract).casefold().split())


def _merge_exact_duplicates(papers: list[Paper]) -> list[Paper]:
    """Merge papers that are the same to the letter; report ones that nearly are."""
    kept: dict[str, Paper] = {}
    folded: dict[str, Paper] = {}
    for paper in papers:
        first = kept.get(paper.id)
        if first is not None and first.abstract != paper.abstract:
            raise InputError(
                f"id {paper.id!r} is also used at {first.source} for another paper",
                where=str(paper.source),
                hint="give every paper its own id",
            )
        if first is not None:
            log.warning("%s: duplicate of the paper at %s; merged", paper.source, first.source)
            continue
        kept[paper.id] = paper
        twin = folded.setdefault(_fold(paper.abstract), paper)
        if twin is not paper:
            log.warning("%s: same abstract as %s up to case and spacing; kept both", paper.source, twin.source)
    return list(kept.values())
