"""Atom feeds of the list and of each theme, so that readers can follow a list as it grows.

Papers go newest first: by the date the input gives them, else by the date a
build first saw them (see state/first_seen.py). A list built once has one
date for all its papers, and its feeds keep the list's order.
"""

from __future__ import annotations

import logging
import re
import uuid
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from datetime import UTC, datetime

from ..model import Paper, ReadingList, Theme
from ..paths import FEED, feed_folder, paper_url
from ..text.latex import plain_math

log = logging.getLogger(__name__)

_ATOM = "http://www.w3.org/2005/Atom"
# Feed readers poll a feed for what is new: the newest papers are enough, and
# a conference's whole list would make every poll megabytes.
_ENTRIES = 200
# Fields of an export that date a paper, most specific first.
_DATE_FIELDS = ("date", "published", "publication_date", "pub_date", "year")
_DATE = re.compile(r"(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?")
# Ids of feeds and entries: stable across builds and hosts, needing no site URL.
_NAMESPACE = uuid.UUID("6f1c1d3e-4c55-4f0b-9a8e-0d1f4e7d2b61")


def atom_feeds(reading_list: ReadingList, seen: dict[str, datetime]) -> dict[str, str]:
    """feed.xml for the list and one in each theme's and sub-theme's folder (themes/<slug>/, themes/<parent>/<slug>/), by docs-relative path."""
    papers = reading_list.by_id()
    order = {paper.id: i for i, paper in enumerate(reading_list.papers)}
    dates = {paper.id: paper_date(paper) or seen[paper.id] for paper in reading_list.papers}

    def newest_first(ids: Sequence[str]) -> list[Paper]:
        ranked = sorted(ids, key=lambda paper_id: (-dates[paper_id].timestamp(), order[paper_id]))
        return [papers[paper_id] for paper_id in ranked[:_ENTRIES]]

    themes = reading_list.themes_by_slug()
    feeds = {
        FEED: _feed(
            reading_list.title, feed_folder(None), newest_first(list(papers)), dates, reading_list.title, themes, abstracts=True
        )
    }
    for theme in (*reading_list.themes, *reading_list.subthemes):
        folder = feed_folder(theme)
        feeds[folder + FEED] = _feed(
            f"{reading_list.title}: {theme.label}",
            folder,
            newest_first(theme.paper_ids),
            dates,
            reading_list.title,
            themes,
            abstracts=False,
        )
    return feeds


def _feed(
    title: str,
    folder: str,
    papers: list[Paper],
    dates: dict[str, datetime],
    list_title: str,
    themes: dict[str, Theme],
    *,
    abstracts: bool,
) -> str:
    """One Atom document; folder is where it sits, which its relative links start from; themes by slug.

    With abstracts, each entry's content is the paper's abstract. Only the list's feed carries them: a theme's
    feed gives the summary and the link to the page that holds the rest, since every paper is in a theme's feed
    and often a sub-theme's too (at 20,000 papers the theme feeds held the abstracts again, 34 MB).
    """
    root = ET.Element("feed", xmlns=_ATOM)
    up = "../" * folder.count("/")
    ET.SubElement(root, "id").text = _urn(list_title, folder)
    ET.SubElement(root, "title").text = title
    ET.SubElement(root, "updated").text = _stamp(max((dates[p.id] for p in papers), default=datetime.fromtimestamp(0, UTC)))
    ET.SubElement(root, "link", rel="self", href=FEED)
    ET.SubElement(root, "link", rel="alternate", type="text/html", href="./")
    ET.SubElement(ET.SubElement(root, "author"), "name").text = list_title
    ET.SubElement(root, "generator").text = "readinglist"
    for paper in papers:
        entry = ET.SubElement(root, "entry")
        ET.SubElement(entry, "id").text = _urn(list_title, paper.id)
        # A feed reader shows text: the title's and abstract's math spelled out, as in a page's description.
        ET.SubElement(entry, "title").text = plain_math(paper.title)
        ET.SubElement(entry, "updated").text = _stamp(dates[paper.id])
        ET.SubElement(entry, "link", rel="alternate", type="text/html", href=up + paper_url(paper.slug))
        for name in paper.authors:
            ET.SubElement(ET.SubElement(entry, "author"), "name").text = name
        for label in _categories(themes[paper.theme], paper):
            ET.SubElement(entry, "category", term=label)
        ET.SubElement(entry, "summary").text = plain_math(paper.summary or paper.abstract)
        if abstracts and paper.abstract:
            ET.SubElement(entry, "content", type="text").text = plain_math(paper.abstract)
    ET.indent(root, space=" ")
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _categories(theme: Theme, paper: Paper) -> list[str]:
    return list(dict.fromkeys([theme.label, *paper.keywords]))


def paper_date(paper: Paper) -> datetime | None:
    """The date the input gives the paper, if any: a year, a month or a day (the missing parts as 1)."""
    parts = date_parts(paper)
    return datetime(*parts, *(1,) * (3 - len(parts)), tzinfo=UTC) if parts else None


def date_parts(paper: Paper) -> tuple[int, ...]:
    """The date the input gives the paper as (year[, month[, day]]), as precise as the input; () when it gives none."""
    for name in _DATE_FIELDS:
        # A year is a field of the paper; the other dates stay in extra.
        match = _DATE.match(str(paper.year if name == "year" else paper.extra.get(name, "")).strip())
        if match:
            parts = tuple(int(part) for part in match.groups() if part)
            try:
                datetime(*parts, *(1,) * (3 - len(parts)), tzinfo=UTC)
            except ValueError:
                continue
            return parts
    return ()


def _stamp(when: datetime) -> str:
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def _urn(*parts: str) -> str:
    return uuid.uuid5(_NAMESPACE, "\0".join(parts)).urn
