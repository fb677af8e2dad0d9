"""citations/*.js: what reference managers and calendars need of each paper, for the reader's exports.

The Reading list's RIS, CSL-JSON and calendar exports, and the export of a
filtered list, carry every field the input gives: authors, abstract, date,
links, venue, sessions and any other metadata. That is far more than the
lists and the map need (17 MB for 9,842 papers with their abstracts), so it
lives apart from papers.js, in 256 scripts by a hash of the paper's id, which
the pages load only when a reader exports, and only those of the papers
exported. Scripts, not JSON, so that they load from file:// too; by the id's
hash, so that a paper added or changed changes one of them.
"""

from __future__ import annotations

import json

from ..model import Paper, ReadingList
from ..paths import CITATIONS_CHUNK, SESSIONS_SCRIPT
from ..read.sessions import describe, utc_stamp
from .feeds import date_parts

# What an export calls a journal article: BibTeX's, CSL's and RIS's types.
_JOURNAL = {"article", "article-journal", "JOUR", "JFULL", "EJOUR"}
# The citation_* meta tag of a paper's page that holds each field of citation()
# (frontend/src/citations.js, CITED, reads them back under these names).
CITATION_TAGS = {
    "authors": "citation_author",
    "year": "citation_publication_date",
    "conference": "citation_conference_title",
    "journal": "citation_journal_title",
    "doi": "citation_doi",
    "pdf": "citation_pdf_url",
}

# citations/XX.js defines window.RL_CITATIONS_XX, XX being the low byte of the
# FNV-1a hash of the id's UTF-8, in two hex digits (frontend/src/exports.js, chunkOf, agrees).
CHUNKS = 256


def citation_scripts(reading_list: ReadingList) -> dict[str, str]:
    """The citations/*.js chunks that have papers, and sessions.js (window.RL_SESSIONS); each by paper id in list order."""
    records = {paper.id: _record(paper) for paper in reading_list.papers}
    sessions = {paper_id: record["sessions"] for paper_id, record in records.items() if "sessions" in record}
    chunks: dict[str, dict[str, object]] = {}
    for paper_id, record in records.items():
        chunks.setdefault(chunk_of(paper_id), {})[paper_id] = record
    scripts = {CITATIONS_CHUNK.format(chunk): _script(f"RL_CITATIONS_{chunk}", chunks[chunk]) for chunk in sorted(chunks)}
    # The papers' sessions alone: small, so the Reading list loads it to know
    # whether to offer a calendar. Written even when empty: a page must not load
    # a script that is not there.
    scripts[SESSIONS_SCRIPT] = _script("RL_SESSIONS", sessions)
    return scripts


def chunk_of(paper_id: str) -> str:
    """The citations chunk holding a paper: the low byte of the 32-bit FNV-1a hash of its id's UTF-8, as two hex digits."""
    value = 0x811C9DC5
    for byte in paper_id.encode():
        value = ((value ^ byte) * 0x01000193) & 0xFFFFFFFF
    return f"{value % CHUNKS:02x}"


def citation(paper: Paper) -> dict[str, object]:
    """What a citation says of the paper beyond its title and page: authors, year, venue, DOI and PDF, the empty left out.

    The venue is a journal's or a conference's, as the export types it. A
    paper page's citation_* tags and its record in citations/XX.js are both
    this, so its Copy citation and every BibTeX export of it cite the same.
    """
    kind = next((paper.extra[key] for key in ("bibtex_type", "csl_type", "ris_type") if key in paper.extra), "")
    fields = {
        "authors": paper.authors,
        "year": paper.year,
        "journal" if kind in _JOURNAL else "conference": paper.venue,
        "doi": paper.doi,
        "pdf": paper.pdf,
    }
    return {field: value for field, value in fields.items() if value}


def _script(name: str, data: object) -> str:
    return f"window.{name} = {json.dumps(data, ensure_ascii=False, separators=(',', ':'))};\n"


def _record(paper: Paper) -> dict[str, object]:
    """A paper's fields, leaving out the empty ones: its citation, then the rest; sessions with their times in UTC for calendars."""
    record: dict[str, object] = {
        "title": paper.title,
        **citation(paper),
        "abstract": paper.abstract,
        "keywords": paper.keywords,
        "date": list(date_parts(paper)),
        "link": paper.url,
        "code": paper.code,
        "track": paper.track,
        "status": paper.status,
        "primary_area": paper.primary_area,
        "sessions": [
            {
                "name": session.name,
                "start": utc_stamp(session.start) if session.start else None,
                "end": utc_stamp(session.end) if session.end else None,
                "zone": session.zone,
                "when": describe(session),
            }
            for session in paper.sessions
        ],
        "extra": paper.extra,
    }
    return {key: value for key, value in record.items() if value}
