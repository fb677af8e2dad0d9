"""When a build first saw each paper: build state, kept beside the input like the URL map and committed with it.

The feeds list papers newest first, by the date the input gives them, else by
this one: a paper added in a rebuild tops the feeds while the others keep their dates.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from ..errors import InputError
from ..model import ReadingList
from .files import read_json, write_json

log = logging.getLogger(__name__)

_HINT = "restore it from version control or delete it"


def build_time(inputs: Sequence[Path]) -> datetime:
    """When this build happens, as far as its output may tell: SOURCE_DATE_EPOCH, else the newest input's time."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    seconds = int(epoch) if epoch else max(int(path.stat().st_mtime) for path in inputs)
    return datetime.fromtimestamp(seconds, UTC)


def first_seen(reading_list: ReadingList, state: Path | None, now: datetime) -> dict[str, datetime]:
    """When a build first saw each paper: as the state file says, or now for a paper it does not know."""
    known = _load(state) if state is not None else {}
    return {paper.id: known.get(paper.id, now) for paper in reading_list.papers}


def update_first_seen(seen: dict[str, datetime], state: Path) -> None:
    """Add the papers the state file does not know yet; write it only if that changes it."""
    known = _load(state)
    updated = {**known, **{paper_id: when for paper_id, when in seen.items() if paper_id not in known}}
    if updated != known:
        data = {paper_id: when.isoformat() for paper_id, when in sorted(updated.items())}
        write_json(state, data, ensure_ascii=True)
        log.info("Recorded %d new papers in %s", len(updated) - len(known), state)


def _load(state: Path) -> dict[str, datetime]:
    data = read_json(state, "the first-seen dates", _HINT)
    if data is None:
        return {}
    try:
        if not isinstance(data, dict):
            raise ValueError("not an object of id: date")
        return {str(paper_id): datetime.fromisoformat(when) for paper_id, when in data.items()}
    except (ValueError, TypeError) as error:
        raise InputError(f"cannot read the first-seen dates: {error}", where=str(state), hint=_HINT) from None
