"""Permanent URLs: the build keeps a map of every slug each paper has had.

A paper's slug depends only on its own identity (see slugs.slugify), but a
curator may edit a title, or a newer readinglist derive a better one. The map,
a JSON file kept beside the input and committed with it, remembers the old
slugs so that their URLs redirect to the new page instead of breaking.
"""

from __future__ import annotations

import logging
from pathlib import Path

from ..errors import InputError
from ..model import ReadingList
from .files import read_json, write_json

log = logging.getLogger(__name__)

_HINT = "restore it from version control or delete it"


def redirects(reading_list: ReadingList, url_map: Path | None) -> dict[str, str]:
    """Old slug to current slug, for papers whose slug has changed since the map was written."""
    if url_map is None:
        return {}
    history = load_map(url_map)
    current = {paper.id: paper.slug for paper in reading_list.papers}
    live = set(current.values())
    moved = {
        old: current[paper_id]
        for paper_id, slugs in history.items()
        if paper_id in current
        for old in slugs
        # A slug that now belongs to another paper stays that paper's page.
        if old != current[paper_id] and old not in live
    }
    if moved:
        log.info("Redirecting %d old paper URLs", len(moved))
    return dict(sorted(moved.items()))


def load_map(url_map: Path) -> dict[str, list[str]]:
    data = read_json(url_map, "the URL map", _HINT)
    if data is None:
        return {}
    if not isinstance(data, dict) or not all(isinstance(v, list) for v in data.values()):
        raise InputError("the URL map is not an object of id: [slugs]", where=str(url_map), hint=_HINT)
    return data


def update_map(reading_list: ReadingList, url_map: Path) -> None:
    """Add each paper's current slug to the map; write it only if that changes it."""
    history = load_map(url_map)
    updated = {paper_id: list(slugs) for paper_id, slugs in history.items()}
    for paper in reading_list.papers:
        slugs = updated.setdefault(paper.id, [])
        if paper.slug not in slugs:
            slugs.append(paper.slug)
    if updated != history:
        write_json(url_map, dict(sorted(updated.items())))
        log.info("Updated the URL map %s", url_map)
