"""Stage 4: for each paper, the papers nearest to it across the whole list.

Nearness is the cosine of the papers' vectors (the pipeline hands them on); the reasons
shown are the keyphrases the two papers share.
"""

from __future__ import annotations

import itertools
import logging
import re

import numpy as np

from .cache import NO_CACHE, Cache, digest
from .model import Paper, ReadingList, Related
from .text.keyphrases import distinct, normalise, spell
from .text.wordlists import GENERIC
from .themes import PaperVectors, Vectors

log = logging.getLogger(__name__)

_REASONS = 3
_LOOK_FURTHER = 4
# Papers shown as related where the list has that many near ones.
_FEWEST = 3
# A single word is a reason only when at most this share of the list, or this many papers, has it.
_RARE_SHARE = 0.15
_RARE_PAPERS = 2
# "ii" and "map" are too short to say why two papers are near.
_SHORTEST_WORD = 4
_ADJECTIVAL = re.compile(r"(?:al|ive|ic|ous|able|ible|ful|less|ary|ent|ant|ed|it)$")


def find_related(reading_list: ReadingList, vectors: Vectors, *, n: int = 5, cache: Cache = NO_CACHE) -> ReadingList:
    """Set paper.related to the n nearest other papers by their vectors, nearest first, each with its reasons."""
    papers = reading_list.papers
    for paper in papers:
        paper.related = []
    if n <= 0 or len(papers) < 2:
        return reading_list
    key, loose = digest(vectors.key, n), digest(sorted(p.id for p in papers), vectors.embeddings, n)
    related = cache.through("related", key, lambda: _related(papers, vectors.built, n), loose)
    for paper in papers:
        paper.related = list(related[paper.id])
    log.info("Found up to %d related papers for each of %d papers", n, len(papers))
    return reading_list


def _related(papers: list[Paper], vectors: PaperVectors, n: int) -> dict[str, list[Related]]:
    # Near papers that share no phrase are passed over for the next nearest that do.
    neighbours, cosines = vectors.neighbours(n * _LOOK_FURTHER)
    keywords = {paper.id: _keyword_keys(paper) for paper in papers}
    reasons = _Reasons(vectors)
    related: dict[str, list[Related]] = {}
    for row, paper_id in enumerate(vectors.ids):
        mine = keywords[paper_id]
        # A paper with nothing in common is not related, however few others there are.
        near = [(other, keywords[vectors.ids[other]]) for other in neighbours[row][cosines[row] > 0].tolist()]
        # Only as many near papers are asked for shared phrases as it takes to find n: the rest could not be chosen.
        strict = ((o, reasons(mine, theirs, row, o, strict=True)) for o, theirs in near)
        chosen = list(itertools.islice(((o, why) for o, why in strict if why), n))
        # Where too few near papers share a phrase, the nearest that share a rare noun fill in.
        for o, theirs in near:
            if len(chosen) >= min(n, _FEWEST):
                break
            why = () if any(o == c for c, _ in chosen) else reasons(mine, theirs, row, o, strict=False)
            if why:
                chosen.append((o, why))
        order = {o: i for i, (o, _) in enumerate(near)}
        related[paper_id] = [Related(vectors.ids[o], why) for o, why in sorted(chosen, key=lambda c: order[c[0]])]
    return related


def _keyword_keys(paper: Paper) -> dict[str, str]:
    """The paper's keywords by key, each as the paper spells it."""
    keys: dict[str, str] = {}
    for keyword in paper.keywords:
        key, spelled = normalise(keyword)
        if key:
            keys.setdefault(key, spelled)
    return keys


class _Reasons:
    """Why two papers are near, with each key's verdict on telling remembered: the list's keys recur across its pairs."""

    def __init__(self, vectors: PaperVectors) -> None:
        self.vectors = vectors
        self.told: dict[tuple[str, bool], bool] = {}

    def __call__(self, mine: dict[str, str], theirs: dict[str, str], row: int, other: int, *, strict: bool) -> tuple[str, ...]:
        """Up to three keyphrases both papers have; failing those, the phrases they share that weigh most.

        A single lowercase word ("explicit", "scaling", "generation") says nothing about why two papers are near;
        a phrase or a name ("flow matching", "RLHF") does.
        """
        shared = [key for key in mine if key in theirs and self.telling(key, strict)]
        if shared:
            return tuple(mine[key] for key in distinct(shared, _REASONS))
        vectors = self.vectors
        terms = vectors.terms
        mine_terms = slice(terms.indptr[row], terms.indptr[row + 1])
        their_terms = slice(terms.indptr[other], terms.indptr[other + 1])
        common, mine_at, theirs_at = np.intersect1d(
            terms.indices[mine_terms], terms.indices[their_terms], assume_unique=True, return_indices=True
        )
        weight = (terms.data[mine_terms][mine_at] * terms.data[their_terms][theirs_at]).tolist()
        keys = [vectors.vocabulary[column] for column in common.tolist()]
        # Heaviest first; equal weights by term, so the reasons never depend on storage order.
        ranked = sorted(range(len(keys)), key=lambda i: (-weight[i], keys[i]))
        # Lazily: distinct stops at three, and most shared terms are never looked at.
        phrases = (keys[i] for i in ranked if self.telling(keys[i], strict))
        return tuple(spell(key, vectors.heads) for key in distinct(phrases, _REASONS))

    def telling(self, key: str, strict: bool) -> bool:
        told = self.told.get((key, strict))
        if told is None:
            told = self.told[key, strict] = _telling(key, self.vectors, strict=strict)
        return told


def _telling(key: str, vectors: PaperVectors, *, strict: bool) -> bool:
    """Whether a shared key can be a reason: a phrase, a name such as "RLHF", or a rare noun such as "autoencoders".

    Adjectives ("explicit"), gerunds ("scaling", "modeling") and nouns that much of the list has ("generation")
    are generic. Strictly, a noun must also head some phrase of the list, as "agents" heads "LLM agents";
    loosely, any rare word that does not read as an adjective will do.
    """
    if " " in key or key != key.lower():
        return True
    column = vectors.column.get(key)
    if column is None or len(key) < _SHORTEST_WORD or key.endswith("ing") or key in GENERIC:
        return False
    rare = vectors.list_frequency[column] <= max(_RARE_PAPERS, _RARE_SHARE * len(vectors.ids))
    if strict:
        return rare and key in vectors.nouns and key in vectors.heads
    # "image" starts phrases ("image generation") and is still a noun; "explicit" is not.
    return rare and (key in vectors.nouns or not _ADJECTIVAL.search(key))
