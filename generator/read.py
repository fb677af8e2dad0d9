"""Stage 1: read input files into a ReadingList.

Each format has a reader that yields papers with their source line, so every
later error or warning can point at the place in the file.
"""

from __future__ import annotations

import hashlib
import logging
import re
import unicodedata
from collections.abc import Iterator, Sequence
from pathlib import Path

from .errors import InputError
from .model import Paper, ReadingList, Source

log = logging.getLogger(__name__)

_BOM = "\ufeff"
_BLANK = re.compile(r"[^\S\n]*")


def read_papers(paths: Sequence[Path]) -> ReadingList:
    """Read every input file into one reading list, in input order."""
    title = ""
    papers: list[Paper] = []
    for path in paths:
        text = _decode(path)
        file_title, file_papers = _read_plain_text(path, text)
        title = title or file_title
        papers.extend(file_papers)
        log.debug("%s: %d papers", path, len(file_papers))
    papers = _merge_exact_duplicates(papers)
    log.info("Read %d papers from %d file(s)", len(papers), len(paths))
    return ReadingList(title=title, papers=papers)


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


def paper_id(abstract: str) -> str:
    """A stable id for a paper the input gives none: a hash of its abstract."""
    return hashlib.sha256(unicodedata.normalize("NFC", abstract).encode()).hexdigest()[:10]


def _merge_exact_duplicates(papers: list[Paper]) -> list[Paper]:
    """Merge papers that are the same to the letter; report ones that nearly are."""
    kept: dict[str, Paper] = {}
    folded: dict[str, Paper] = {}
    for paper in papers:
        first = kept.get(paper.id)
        if first is not None:
            log.warning("%s: duplicate of the paper at %s; merged", paper.source, first.source)
            continue
        kept[paper.id] = paper
        twin = folded.setdefault(_fold(paper.abstract), paper)
        if twin is not paper:
            log.warning("%s: same abstract as %s up to case and spacing; kept both", paper.source, twin.source)
    return list(kept.values())
