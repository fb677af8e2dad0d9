"""Stage 2: derive what the input lacks: titles, keywords, links, summaries, slugs.

What the input gives is used as is; only missing fields are derived.
"""

from __future__ import annotations

import logging
import re

from . import text
from .keyphrases import keyphrases
from .model import Link, LinkKind, Paper, ReadingList
from .records import link_kind
from .slugs import slugify
from .titles import derive_title

log = logging.getLogger(__name__)

# The sentence that states the contribution makes the best one-line summary.
_CONTRIBUTION = re.compile(
    r"\b(we|this (?:paper|work)|our (?:work|paper))\s+(?:\w+\s+){0,2}?"
    r"(propose|present|introduce|develop|show|demonstrate|study|investigate|design|formalize|advocate|consider|find)",
    re.IGNORECASE,
)


def enrich(reading_list: ReadingList) -> ReadingList:
    """Fill in titles, keywords, links, summaries and slugs where missing."""
    papers = reading_list.papers
    untitled = [p for p in papers if not p.title.strip()]
    for paper in untitled:
        paper.title = derive_title(paper.abstract)
        paper.title_derived = True
    log.info("Derived %d titles", len(untitled))

    unkeyed = [p for p in papers if not p.keywords]
    if unkeyed:
        texts = [f"{p.title}. {text.plain_text(p.abstract)}" for p in unkeyed]
        for paper, phrases in zip(unkeyed, keyphrases(texts), strict=True):
            paper.keywords = phrases
    log.info("Derived keywords for %d papers", len(unkeyed))

    for paper in papers:
        paper.links = _links(paper)
        paper.summary = paper.summary or summarise(paper.abstract)
        # A paper's slug stays ASCII, as it always was: its URL must not move.
        paper.slug = paper.slug or slugify(paper.title, suffix=paper.id[:6], cjk=False)
    return reading_list


def summarise(abstract: str) -> str:
    """One sentence that says what the paper does."""
    sentences = text.sentences(text.plain_text(abstract))
    if not sentences:
        return ""
    chosen = next((s for s in sentences if _CONTRIBUTION.search(s)), sentences[0])
    return text.shorten(chosen, 220)


def _links(paper: Paper) -> list[Link]:
    """The links the record gives, then those in the abstract; only http(s) ones."""
    found: list[tuple[str, LinkKind | None]] = [(paper.url, None), (paper.pdf, LinkKind.PAPER), (paper.code, LinkKind.CODE)]
    found += [(link.url, link.kind) for link in paper.links]
    found += [(url, None) for url in text.urls(paper.abstract)]
    links: dict[str, Link] = {}
    for given, kind in found:
        url = text.safe_url(given)
        if url and url not in links:
            links[url] = Link(url, kind or link_kind(url))
    return list(links.values())
