"""Stage 4: for each paper, the papers nearest to it across the whole list.

Nearness is the cosine of the vectors the theme stage built; the reasons
shown are the keyphrases the two papers share.
"""

from __future__ import annotations

import logging

import numpy as np

from .cache import NO_CACHE, Cache, digest
from .keyphrases import distinct, normalise, spell
from .model import Paper, ReadingList, Related
from .themes import PaperVectors, paper_vectors, text_key

log = logging.getLogger(__name__)

_REASONS = 3


def find_related(reading_list: ReadingList, *, n: int = 5, cache: Cache = NO_CACHE, embeddings: bool = False) -> ReadingList:
    """Set paper.related to the n nearest other papers, nearest first, each with its reasons."""
    papers = reading_list.papers
    for paper in papers:
        paper.related = []
    if n <= 0 or len(papers) < 2:
        return reading_list
    key, loose = digest(text_key(papers, embeddings=embeddings), n), digest(sorted(p.id for p in papers), embeddings, n)
    related = cache.through(
        "related", key, lambda: _related(papers, paper_vectors(papers, cache, embeddings=embeddings), n), loose
    )
    for paper in papers:
        paper.related = list(related[paper.id])
    log.info("Found up to %d related papers for each of %d papers", n, len(papers))
    return reading_list


def _related(papers: list[Paper], vectors: PaperVectors, n: int) -> dict[str, list[Related]]:
    neighbours, cosines = vectors.neighbours(n)
    keywords = {paper.id: _keyword_keys(paper) for paper in papers}
    related: dict[str, list[Related]] = {}
    for row, paper_id in enumerate(vectors.ids):
        # A paper with nothing in common is not related, however few others there are.
        related[paper_id] = [
            Related(vectors.ids[other], _reasons(keywords[paper_id], keywords[vectors.ids[other]], vectors, row, other))
            for other in neighbours[row][cosines[row] > 0]
        ]
    return related


def _keyword_keys(paper: Paper) -> dict[str, str]:
    """The paper's keywords by key, each as the paper spells it."""
    keys: dict[str, str] = {}
    for keyword in paper.keywords:
        key, spelled = normalise(keyword)
        if key:
            keys.setdefault(key, spelled)
    return keys


def _reasons(mine: dict[str, str], theirs: dict[str, str], vectors: PaperVectors, row: int, other: int) -> tuple[str, ...]:
    """Up to three keyphrases both papers have; failing those, the terms they share that weigh most."""
    shared = [key for key in mine if key in theirs]
    if shared:
        return tuple(mine[key] for key in distinct(shared, _REASONS))
    terms = vectors.terms
    mine_terms = slice(terms.indptr[row], terms.indptr[row + 1])
    their_terms = slice(terms.indptr[other], terms.indptr[other + 1])
    common, mine_at, theirs_at = np.intersect1d(
        terms.indices[mine_terms], terms.indices[their_terms], assume_unique=True, return_indices=True
    )
    weight = terms.data[mine_terms][mine_at] * terms.data[their_terms][theirs_at]
    # Heaviest first; equal weights by term, so the reasons never depend on storage order.
    ranked = sorted(range(len(common)), key=lambda i: (-weight[i], vectors.vocabulary[common[i]]))
    return tuple(spell(key, vectors.heads) for key in distinct([vectors.vocabulary[common[i]] for i in ranked], _REASONS))
