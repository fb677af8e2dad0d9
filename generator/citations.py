"""citations.js: what reference managers and calendars need of each paper, for the reader's exports.

The Reading list's RIS, CSL-JSON and calendar exports, and the export of a
filtered list, carry every field the input gives: authors, abstract, date,
links, venue, sessions and any other metadata. That is far more than the
lists and the map need, so it lives apart from papers.js, as a script that
the pages load only when a reader exports (a script, not JSON, so that it
loads from file:// too).
"""

from __future__ import annotations

import json

from .feeds import date_parts
from .model import Paper, ReadingList
from .sessions import describe, utc_stamp

CITATIONS_SCRIPT = "citations.js"
# The papers' sessions alone: small, so the Reading list loads it to know
# whether to offer a calendar. Written even when empty: a page must not load
# a script that is not there.
SESSIONS_SCRIPT = "sessions.js"


def citation_scripts(reading_list: ReadingList) -> dict[str, str]:
    """citations.js (window.RL_CITATIONS) and sessions.js (window.RL_SESSIONS), each by paper id in list order."""
    records = {paper.id: _record(paper) for paper in reading_list.papers}
    sessions = {paper_id: record["sessions"] for paper_id, record in records.items() if "sessions" in record}
    return {CITATIONS_SCRIPT: _script("RL_CITATIONS", records), SESSIONS_SCRIPT: _script("RL_SESSIONS", sessions)}


def _script(name: str, data: object) -> str:
    return f"window.{name} = {json.dumps(data, ensure_ascii=False, separators=(',', ':'))};\n"


def _record(paper: Paper) -> dict[str, object]:
    """A paper's fields, leaving out the empty ones; sessions with their times in UTC for calendars."""
    record: dict[str, object] = {
        "title": paper.title,
        "authors": paper.authors,
        "abstract": paper.abstract,
        "keywords": paper.keywords,
        "date": list(date_parts(paper)),
        "venue": paper.venue,
        "doi": paper.doi,
        "link": paper.url,
        "pdf": paper.pdf,
        "code": paper.code,
        "track": paper.track,
        "status": paper.status,
        "primary_area": paper.primary_area,
        "sessions": [
            {
                "name": session.name,
                "start": utc_stamp(session.start),
                "end": utc_stamp(session.end) if session.end else None,
                "zone": session.zone,
                "when": describe(session),
            }
            for session in paper.sessions
        ],
        "extra": paper.extra,
    }
    return {key: value for key, value in record.items() if value}
