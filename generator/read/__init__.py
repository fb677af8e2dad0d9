"""Stage 1: read input files into a ReadingList.

Each format has a reader (one module each) that gives its records with their
place in the file, so every later error or warning can point at it; records
become papers in one place (records.py), whatever the format. A bad record
does not stop the reading: every one is reported, and `skip_invalid` leaves
them out with a warning each instead.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from ..errors import InputError, InvalidRecords
from ..model import Paper, ReadingList
from .bibtex import read_bibtex
from .csvfile import read_csv
from .formats import FORMATS_HINT, Parsed, detect
from .jsonfile import read_json, read_jsonl
from .plain import read_plain
from .records import DEFAULT_FIELDS, FieldMap, paper_from_record
from .ris import read_ris

log = logging.getLogger(__name__)

_BOM = "\ufeff"
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_READERS: dict[str, Callable[[Path, str], Parsed]] = {
    "plain": read_plain,
    "jsonl": read_jsonl,
    "json": read_json,
    "csv": read_csv,
    "bibtex": read_bibtex,
    "ris": read_ris,
}


def read_papers(
    paths: Sequence[Path], *, title: str = "", skip_invalid: bool = False, fields: FieldMap = DEFAULT_FIELDS
) -> ReadingList:
    """Read every input file into one reading list, in input order.

    The list's title is the given one, else the first a file carries, else
    the first file's name.
    """
    papers: list[Paper] = []
    problems: list[InputError] = []
    venues: Counter[str] = Counter()
    for path in paths:
        parsed = read_file(path)
        problems += parsed.problems
        title = title or parsed.title
        count = len(papers)
        for source, record in parsed.records:
            try:
                papers.append(paper_from_record(record, source, fields))
            except InputError as error:
                problems.append(error)
        venues.update(p.venue for p in papers[count:] if p.venue)
        log.debug("%s: %d papers (%s)", path, len(papers) - count, parsed.format)
    _report(problems, skip_invalid=skip_invalid)
    if not papers:
        raise InputError("no papers in the input", where=str(paths[0]), hint="give one record per paper")
    papers = _merge_exact_duplicates(papers)
    log.info("Read %d papers from %d file(s)", len(papers), len(paths))
    title = title or _shared_venue(venues, len(papers))
    if not title:
        title = _title_from_name(paths[0])
        # A name like "paperlists eccv2022" would stand in the header of every page, unremarked.
        log.info(
            "Named the site %r after the file %s, which carries no title (--title, or title: under the plugin, names it)",
            title,
            paths[0].name,
        )
    return ReadingList(title=title, papers=papers)


def read_file(path: Path) -> Parsed:
    """One file's records, by the reader its format calls for."""
    text = _decode(path)
    kind = detect(path, text)
    if kind == "markup":
        raise InputError("this is HTML or XML, not a reading list", where=str(path), hint=FORMATS_HINT)
    parsed = _READERS[kind](path, text)
    if not parsed.records and not parsed.problems:
        raise InputError("no papers in the file", where=f"{path}:{text.count(chr(10)) + 1}", hint="give one record per paper")
    return parsed


# Past this many, the rest of the bad records are only counted.
_SHOWN = 20


def _report(problems: list[InputError], *, skip_invalid: bool) -> None:
    if not problems:
        return
    if not skip_invalid:
        raise problems[0] if len(problems) == 1 else InvalidRecords(problems, shown=_SHOWN)
    for problem in problems:
        log.warning("%s: skipped", problem)
    log.warning("Skipped %d invalid record%s", len(problems), "" if len(problems) == 1 else "s")


def _shared_venue(venues: Counter[str], papers: int) -> str:
    """What the venues of nine in ten papers begin with, if it names a venue: the export's own name for itself.

    OpenReview's "ICLR 2025 Poster" and "ICLR 2025 Oral" make "ICLR 2025".
    """
    if sum(venues.values()) < 0.9 * papers:
        return ""
    words = [venue.split() for venue in venues]
    shared: list[str] = []
    for column in zip(*words, strict=False):
        if len(set(column)) > 1:
            break
        shared.append(column[0])
    name = " ".join(shared).rstrip(",:;-")
    return name if len(shared) >= 2 or _YEAR.search(name) else ""


def _title_from_name(path: Path) -> str:
    """A list title for inputs that carry none: the file's name, as words."""
    return re.sub(r"[_\-.]+", " ", path.name.split(".")[0]).strip() or "Reading list"


def _decode(path: Path) -> str:
    """The file's text: UTF-8 (with or without a BOM), else Windows-1252 with a warning."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise InputError(f"cannot read the file: {error.strerror}", where=str(path), hint="check the path") from None
    if b"\0" in data[:8192]:
        offset = data.index(b"\0")
        raise InputError(f"binary data at byte {offset}, not a text file", where=str(path), hint=f"{FORMATS_HINT}, as text")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        text = _windows_1252(path, data, error)
    text = text.removeprefix(_BOM)
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _windows_1252(path: Path, data: bytes, error: UnicodeDecodeError) -> str:
    """Excel's "CSV" and old Windows tools write Windows-1252; a file that is not that either is refused."""
    line = data.count(b"\n", 0, error.start) + 1
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError:
        raise InputError(
            f"not valid UTF-8 at byte {error.start}", where=f"{path}:{line}", hint="save the file as UTF-8"
        ) from None
    log.warning("%s:%d: not UTF-8 (byte %d); read as Windows-1252 (save the file as UTF-8 to be sure)", path, line, error.start)
    return text


def _fold(abstract: str) -> str:
    """The abstract with case, width and spacing folded: equal for near-duplicates."""
    return " ".join(unicodedata.normalize("NFKC", abstract).casefold().split())


def _identity(paper: Paper) -> tuple[str, str]:
    """What makes two papers of one id the same paper: the abstract, or the title of one without."""
    return paper.abstract, paper.abstract or paper.title


def _merge_exact_duplicates(papers: list[Paper]) -> list[Paper]:
    """Merge papers that are the same to the letter; report ones that nearly are."""
    kept: dict[str, Paper] = {}
    folded: dict[str, Paper] = {}
    for paper in papers:
        first = kept.get(paper.id)
        if first is not None and _identity(first) != _identity(paper):
            raise InputError(
                f"id {paper.id!r} is also used at {first.source} for another paper",
                where=str(paper.source),
                hint="give every paper its own id",
            )
        if first is not None:
            log.warning("%s: duplicate of the paper at %s; merged", paper.source, first.source)
            continue
        kept[paper.id] = paper
        if not paper.abstract:
            continue
        twin = folded.setdefault(_fold(paper.abstract), paper)
        if twin is not paper:
            log.warning("%s: same abstract as %s up to case and spacing; kept both", paper.source, twin.source)
    return list(kept.values())
