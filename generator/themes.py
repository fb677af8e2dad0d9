"""Stage 3: group the papers into named themes.

Papers become TF-IDF vectors of their keyphrase terms (title and keywords
weighted up), reduced by LSA. A nearest-neighbour graph of those vectors is
cut by spectral clustering, which on ICLR abstracts matches the authors' own
areas a little better than k-means on the vectors themselves. Each theme is
then named after the phrases its papers share and the rest of the list lacks.
"""

from __future__ import annotations

import functools
import logging
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import eigsh
from sklearn.cluster import KMeans
from sklearn.decomposition import TruncatedSVD
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.preprocessing import normalize

from .config import ThemeSettings
from .enrich import slugify
from .keyphrases import distinct, head_spellings, normalise, spell, terms
from .model import Paper, ReadingList, Theme

log = logging.getLogger(__name__)

# Below this many papers every term counts; above it, terms of a single paper
# or of most papers say nothing about groups.
_SMALL_LIST = 100
_LSA_DIMENSIONS = 150
# At most this many neighbours per paper in the graph that is cut into themes.
_NEIGHBOURS = 30
# Rows of the similarity matrix held at once: 1,000 x 20,000 cosines is 80 MB.
_BLOCK = 1000
# Dense eigensolvers are exact and fast up to here; beyond, ARPACK.
_DENSE_EIGEN = 500
_LABEL_WORDS = 5
_THEME_KEYWORDS = 8


@dataclass(frozen=True)
class PaperVectors:
    """The papers as vectors, rows in order of paper id."""

    ids: tuple[str, ...]
    # TF-IDF of each paper's terms, rows of unit length.
    terms: sp.csr_matrix
    vocabulary: tuple[str, ...]
    # The same papers in LSA space, rows of unit length: cosine is a dot product.
    embedding: np.ndarray
    # The keys of the papers' keywords, and how the keywords spell the words
    # that end them, so "diffusion model" reads "diffusion models".
    keywords: frozenset[str]
    heads: dict[str, str]


def detect_themes(reading_list: ReadingList, settings: ThemeSettings) -> ReadingList:
    """Put every paper into exactly one theme, and name the themes."""
    papers = reading_list.papers
    if not papers:
        reading_list.themes = []
        return reading_list
    vectors = paper_vectors(papers)
    k = min(settings.k or _automatic_k(len(papers)), len(papers))
    themes = _themes(vectors, np.arange(len(vectors.ids)), k, settings.seed)
    by_id = reading_list.by_id()
    for theme in themes:
        for paper_id in theme.paper_ids:
            by_id[paper_id].theme = theme.slug
    reading_list.themes = sorted(themes, key=lambda t: (-len(t.paper_ids), t.label))
    log.info("Grouped %d papers into %d themes", len(papers), len(themes))
    return reading_list


def paper_vectors(papers: Sequence[Paper]) -> PaperVectors:
    """The papers' vectors, computed once for the themes and related-paper stages."""
    return _vectors(tuple(sorted((p.id, p.title, p.abstract, tuple(p.keywords)) for p in papers)))


@functools.lru_cache(maxsize=1)
def _vectors(papers: tuple[tuple[str, str, str, tuple[str, ...]], ...]) -> PaperVectors:
    documents = []
    named = []
    for _, title, abstract, keywords in papers:
        pairs = [pair for pair in map(normalise, keywords) if pair[0]]
        named += pairs
        keyword_terms = [key for key, _ in pairs] + [t for k in keywords for t in terms(k)]
        # Titles and keywords are the authors' own summary: count them twice.
        documents.append(2 * terms(title) + terms(abstract) + 2 * keyword_terms)
    matrix, vocabulary = _tfidf(documents, small=len(papers) < _SMALL_LIST)
    return PaperVectors(
        ids=tuple(p[0] for p in papers),
        terms=matrix,
        vocabulary=vocabulary,
        embedding=_lsa(matrix),
        keywords=frozenset(key for key, _ in named),
        heads=head_spellings((key.split()[-1], spelled.split()[-1]) for key, spelled in named),
    )


def _tfidf(documents: list[list[str]], *, small: bool) -> tuple[sp.csr_matrix, tuple[str, ...]]:
    if not any(documents):
        return sp.csr_matrix((len(documents), 0)), ()
    try:
        vectorizer = _vectorizer(pruned=not small)
        matrix = vectorizer.fit_transform(documents)
    except ValueError:
        # Pruning left no terms: the papers share nothing, or all say the same.
        vectorizer = _vectorizer(pruned=False)
        matrix = vectorizer.fit_transform(documents)
    return matrix.tocsr(), tuple(vectorizer.get_feature_names_out())


def _vectorizer(*, pruned: bool) -> TfidfVectorizer:
    return TfidfVectorizer(
        analyzer=_as_is,
        min_df=2 if pruned else 1,
        max_df=0.5 if pruned else 1.0,
        sublinear_tf=True,
        dtype=np.float32,
    )


def _as_is(document: list[str]) -> list[str]:
    return document


def _lsa(matrix: sp.csr_matrix) -> np.ndarray:
    """Unit rows in a space where related terms meet; a short list keeps its exact geometry."""
    rows, columns = matrix.shape
    if columns == 0:
        # No paper has a word: all are alike, none near another.
        return np.zeros((rows, 1))
    if rows <= _LSA_DIMENSIONS or columns <= _LSA_DIMENSIONS:
        return normalize(matrix.toarray())
    return normalize(TruncatedSVD(_LSA_DIMENSIONS, random_state=0).fit_transform(matrix))


def _automatic_k(papers: int) -> int:
    """About 5 themes for 20 papers, 18 for 1,000, 35 for 10,000; never fewer than 2 papers a theme on average."""
    return max(1, min(round(2.2 * papers**0.3), papers // 2))


def _themes(vectors: PaperVectors, rows: np.ndarray, k: int, seed: int, taken: frozenset[str] = frozenset()) -> list[Theme]:
    """Cluster the papers at rows into k themes and name them, with none of the slugs in taken.

    Sub-themes of a big theme are this on the theme's rows.
    """
    groups = _cluster(vectors.embedding[rows], k, seed)
    members = [rows[groups == g] for g in range(groups.max() + 1)]
    members = [m for m in members if len(m)]
    # Bigger themes name themselves first; ties by their first paper, so the
    # order does not depend on cluster numbering.
    members.sort(key=lambda m: (-len(m), vectors.ids[m.min()]))
    presence = vectors.terms.astype(bool).tocsc()
    list_frequency = np.asarray(presence.sum(axis=0)).ravel()
    nouns = _nouns(vectors.vocabulary)
    themes = []
    used = set(taken)
    for group in members:
        paper_ids, ordered = _representative_first(vectors, group)
        phrases = _ranked_phrases(vectors, presence, list_frequency, ordered)
        # A label names what several papers share, where they share anything.
        shared = [key for key, n in phrases if n > 1] or [key for key, _ in phrases]
        label = _label([spell(key, vectors.heads) for key in shared if " " in key or key in nouns], used)
        used.add(slugify(label))
        themes.append(
            Theme(
                slug=slugify(label),
                label=label,
                keywords=tuple(spell(key, vectors.heads) for key, _ in phrases[:_THEME_KEYWORDS]),
                paper_ids=paper_ids,
            )
        )
    return themes


def nearest(embedding: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """For each row of a unit-row embedding, the n other rows most like it: (rows, cosines), nearest first.

    Works through the rows in blocks, holding one block's cosines with every
    row at a time, never all rows squared. Equal cosines (to six places) go to the lower row, that is
    the lower paper id, among the 2n best.
    """
    count = len(embedding)
    n = min(n, count - 1)
    vectors = embedding.astype(np.float32)
    found = np.empty((count, n), dtype=np.int64)
    cosines = np.empty((count, n), dtype=np.float32)
    for start in range(0, count, _BLOCK):
        block = vectors[start : start + _BLOCK] @ vectors.T
        # Rounding makes cosines that differ only by float noise equal, so the id decides.
        block = block.round(6)
        block[np.arange(len(block)), np.arange(start, start + len(block))] = -np.inf
        # Spare candidates, so that equal cosines at the cut are ordered by id too.
        spare = min(2 * n, count - 1)
        candidates = np.argpartition(-block, spare - 1, axis=1)[:, :spare]
        for offset, row in enumerate(candidates):
            values = block[offset, row]
            order = np.lexsort((row, -values))[:n]
            found[start + offset] = row[order]
            cosines[start + offset] = values[order]
    return found, cosines


def _cluster(embedding: np.ndarray, k: int, seed: int) -> np.ndarray:
    """Spectral clustering of a cosine nearest-neighbour graph: a cluster label per row."""
    n = len(embedding)
    if k <= 1 or n <= 1:
        return np.zeros(n, dtype=int)
    if k >= n:
        return np.arange(n)
    # A paper's neighbourhood is about the size of a theme, or the graph
    # joins what the themes should keep apart.
    index, similarity = nearest(embedding, min(_NEIGHBOURS, max(3, n // k - 1)))
    # Weights stay positive so that no paper, not even an empty one, is cut off.
    rows = np.repeat(np.arange(n), index.shape[1])
    graph = sp.csr_matrix((similarity.clip(1e-6).ravel(), (rows, index.ravel())), shape=(n, n))
    graph = graph.maximum(graph.T)
    scale = sp.diags(1 / np.sqrt(np.asarray(graph.sum(axis=1)).ravel()))
    affinity = scale @ graph @ scale
    if n <= _DENSE_EIGEN:
        _, vectors = np.linalg.eigh(affinity.toarray())
        vectors = vectors[:, -k:]
    else:
        # A fixed start vector keeps ARPACK deterministic.
        _, vectors = eigsh(affinity, k=k, which="LA", v0=np.ones(n))
    return KMeans(k, n_init=10, random_state=seed).fit_predict(normalize(vectors))


def _ranked_phrases(
    vectors: PaperVectors, presence: sp.csc_matrix, list_frequency: np.ndarray, group: np.ndarray
) -> list[tuple[str, int]]:
    """The keys of the theme's phrases, most distinctive first, each with how many of its papers have it.

    A phrase scores by the share of the theme's papers that have it times
    the share of its papers that are in the theme. Papers added elsewhere
    change neither share, so an unchanged theme keeps its name. Equal scores
    go to the phrase of the more representative paper: group lists the rows
    most representative first.
    """
    in_group = presence[group]
    in_group.sort_indices()
    in_theme = np.diff(in_group.indptr)
    # Per column, the first (most representative) row that has the phrase.
    first = np.zeros(len(in_theme), dtype=np.int64)
    present = in_theme > 0
    first[present] = in_group.indices[in_group.indptr[:-1][present]]
    score = {}
    for column in np.flatnonzero(in_theme):
        key = vectors.vocabulary[column]
        # Keyphrases qualify, and so do longer terms that papers share; single
        # words and one paper's turns of phrase do not.
        if key not in vectors.keywords and (" " not in key or in_theme[column] < 2):
            continue
        share_of_theme = in_theme[column] / len(group)
        share_of_phrase = in_theme[column] / list_frequency[column]
        # Two- and three-word phrases name a topic; single words rarely do.
        score[key] = share_of_theme * share_of_phrase * (1 + 0.25 * min(key.count(" "), 2))
    index = {key: column for column, key in enumerate(vectors.vocabulary)}
    ranked = sorted(score, key=lambda key: (-score[key], first[index[key]], key))
    return [(key, int(in_theme[index[key]])) for key in distinct(ranked, len(ranked))]


def _nouns(vocabulary: Sequence[str]) -> set[str]:
    """The single words that read as a name: "agents" does, "equivariant" and "multi-agent" do not.

    A word that ends the list's phrases more often than it starts them is a
    noun, and so is a plain word in no phrase at all; acronyms are names. A
    compound in no phrase ("spike-driven") is taken for an adjective.
    """
    ends = Counter(key.rsplit(" ", 1)[-1] for key in vocabulary if " " in key)
    starts = Counter(key.split(" ", 1)[0] for key in vocabulary if " " in key)
    return {
        key
        for key in vocabulary
        if " " not in key
        and (key != key.lower() or ends[key] > starts[key] or (ends[key] == starts[key] == 0 and "-" not in key))
    }


def _label(phrases: list[str], used: set[str]) -> str:
    """A readable label whose slug is not in used: "Flow matching and latent diffusion"."""
    for label in _label_candidates(phrases):
        if slugify(label) not in used:
            return label
    # Only papers with no words in common with the list end up here.
    number = 1
    while slugify(label := "Further papers" + (f" {number}" if number > 1 else "")) in used:
        number += 1
    return label


def _label_candidates(phrases: list[str]) -> list[str]:
    short = [p for p in phrases[:6] if len(p.split()) <= _LABEL_WORDS - 2]
    pairs = [
        f"{first} and {second}"
        for i, first in enumerate(short)
        for second in short[i + 1 :]
        if len(first.split()) + len(second.split()) + 1 <= _LABEL_WORDS
    ]
    singles = [p for p in phrases[:6] if 2 <= len(p.split()) <= _LABEL_WORDS]
    # A theme known by one word alone: "Papers on diffusion".
    topics = [f"papers on {p}" for p in short]
    return [_capitalise(label) for label in [*pairs[:1], *singles[:1], *pairs[1:], *singles[1:], *topics]]


def _capitalise(label: str) -> str:
    first, _, rest = label.partition(" ")
    # Acronyms and names keep their case: "LLM agents", "3D scene reconstruction".
    if first == first.lower():
        first = first.capitalize()
    return f"{first} {rest}".strip()


def _representative_first(vectors: PaperVectors, group: np.ndarray) -> tuple[tuple[str, ...], np.ndarray]:
    """The theme's paper ids and rows, nearest to its centre first, ties by id."""
    centre = vectors.embedding[group].mean(axis=0)
    closeness = (vectors.embedding[group] @ centre).round(9)
    # Rows are in id order, so the row breaks ties by id.
    ordered = group[np.lexsort((group, -closeness))]
    return tuple(vectors.ids[row] for row in ordered), ordered
