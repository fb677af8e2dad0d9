"""The papers as vectors: TF-IDF of their keyphrase terms, the author keywords they share, and a space where near papers meet.

Computed once per list and shared by the themes, related papers and the map.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..analysis.embeddings import model_key, sentence_embeddings
from ..analysis.linalg import Sparse, leading_singular, unit_rows
from ..analysis.threads import in_parallel, one_thread
from ..cache import NO_CACHE, Cache, digest
from ..model import Paper
from ..text.keyphrases import head_spellings, normalise, terms
from ..text.segment import segmenters
from .topics import naming_weight, vocabulary

# Below this many papers every term counts; above it, terms of a single paper
# or of most papers say nothing about groups.
_SMALL_LIST = 100
# A paper's ten nearest share its ICLR 2026 area more often in 100 LSA
# directions than in 150 or 200 (41.1%, 40.6%, 40.2%).
_LSA_DIMENSIONS = 100
# The abstracts' words the site ships beside the sentence vectors, for its
# recommendations: LSA directions of the papers' marks. Five starred papers
# of an ICLR 2026 area find 2.3 points more of their ten best in that area
# (first 1,000 papers; 3.2 on papers 5,001-6,000) with 40 directions' cosine
# added at half the sentence cosine's weight; 16 to 50 directions gain 1-2
# points, 100 under 1 (CONTRIBUTING.md, More like my stars).
_TOPIC_DIMENSIONS = 40
# The power of a term's idf in its weight (see _marks).
_RARITY = 1.5
# At most this many neighbours per paper in the graph that is cut into themes.
NEIGHBOURS = 30
# Rows of the similarity matrix a thread holds at once: 1,000 x 20,000 cosines
# are 80 MB, and their ranking twice that again. The cosines' last bits
# depend on the block's size, so changing it can change the themes.
_BLOCK = 1000
# A phrase in more than this share of a long list's papers is too generic to name a theme alone.
_GENERIC = 0.03


@dataclass(frozen=True)
class PaperVectors:
    """The papers as vectors, rows in order of paper id."""

    ids: tuple[str, ...]
    # TF-IDF of each paper's terms, rows of unit length.
    terms: Sparse
    # Which terms each paper has, weighted by rarity (see _marks): unit rows, where themes are cut and refined.
    marks: Sparse
    # Which of the author keywords that two or more papers share each paper has, rows of unit length.
    keyed: Sparse
    # The terms, in alphabetical order (the vectorizer sorts them): column i is vocabulary[i].
    vocabulary: tuple[str, ...]
    # The same papers in LSA space, rows of unit length: cosine is a dot product.
    embedding: np.ndarray
    # The keys of the papers' keywords, and how the keywords spell the words
    # that end them, so "diffusion model" reads "diffusion models".
    keywords: frozenset[str]
    heads: dict[str, str]
    # Whether embedding holds the papers' sentence embeddings rather than their LSA.
    sentences: bool = False

    def neighbours(self, n: int) -> tuple[np.ndarray, np.ndarray]:
        """nearest(self.embedding, n): the themes' graph and related papers share one search."""
        if n > NEIGHBOURS:
            return nearest(self.embedding, n)
        index, cosines = self._nearest
        return index[:, :n], cosines[:, :n]

    @functools.cached_property
    def _nearest(self) -> tuple[np.ndarray, np.ndarray]:
        return nearest(self.embedding, NEIGHBOURS)

    @functools.cached_property
    def row(self) -> dict[str, int]:
        """Each paper id's row."""
        return {paper_id: i for i, paper_id in enumerate(self.ids)}

    @functools.cached_property
    def presence(self) -> Sparse:
        """Which papers have which terms."""
        return self.terms.astype(bool)

    @functools.cached_property
    def spaces(self) -> np.ndarray:
        """How many spaces each term has: one word has none."""
        return np.array([key.count(" ") for key in self.vocabulary], dtype=np.int64)

    @functools.cached_property
    def is_keyword(self) -> np.ndarray:
        """Which terms are keyphrases of some paper."""
        return np.array([key in self.keywords for key in self.vocabulary], dtype=bool)

    @functools.cached_property
    def specificity(self) -> np.ndarray:
        """Per term, 1 unless a long list's papers have it everywhere: "large language models" names no theme."""
        papers = len(self.ids)
        if papers < _SMALL_LIST:
            return np.ones(len(self.vocabulary))
        return np.minimum(1.0, _GENERIC * papers / np.maximum(self.list_frequency, 1))

    @functools.cached_property
    def topical(self) -> np.ndarray:
        """Per term, how well it names a topic (topics.naming_weight): near 0 for what every abstract says."""
        topics, _ = vocabulary()
        return np.array([naming_weight(key, topics.get(key)) for key in self.vocabulary])

    @functools.cached_property
    def column(self) -> dict[str, int]:
        """Each term's column."""
        return {key: column for column, key in enumerate(self.vocabulary)}

    @functools.cached_property
    def nouns(self) -> set[str]:
        """The vocabulary's single words that read as names (see _nouns)."""
        return _nouns(self.vocabulary)

    @functools.cached_property
    def list_frequency(self) -> np.ndarray:
        """How many papers of the list have each term."""
        return self.presence.sum(axis=0)


class Vectors:
    """The papers' vectors as the pipeline hands them on from theme detection to related papers and the map.

    Made on the first stage's need, then kept: a stage whose cache holds its
    result never asks, so a rebuild that changes nothing makes none. key
    digests what they are made of, for those stages' caches.
    """

    def __init__(self, papers: Sequence[Paper], cache: Cache = NO_CACHE, *, embeddings: bool = False) -> None:
        self._content = _content(papers)
        self._cache = cache
        self.embeddings = embeddings

    @functools.cached_property
    def key(self) -> str:
        # The words of CJK text depend on the segmenters installed (text/segment.py).
        words = segmenters(text for paper in self._content for text in (paper[1], paper[2], *paper[3]))
        return digest("vectors", self.embeddings, self._content, words)

    @functools.cached_property
    def built(self) -> PaperVectors:
        return self._cache.through("vectors", self.key, lambda: _vectors(self._content, self._cache, embeddings=self.embeddings))

    def sentences(self) -> tuple[tuple[str, ...], np.ndarray]:
        """The paper ids in order and their sentence embeddings: those the stages use, else encoded for the site alone."""
        if self.embeddings:
            return self.built.ids, self.built.embedding
        return tuple(p[0] for p in self._content), embedded([sentence for *_, sentence in self._content], self._cache)

    def topics(self) -> np.ndarray:
        """The papers' words in _TOPIC_DIMENSIONS LSA directions, unit rows in the order of sentences()' ids."""
        return self._cache.through("topics", digest(self.key, _TOPIC_DIMENSIONS), lambda: _topics(self.built))


def paper_vectors(papers: Sequence[Paper], cache: Cache = NO_CACHE, *, embeddings: bool = False) -> PaperVectors:
    """The papers' vectors, for a stage run on its own; the pipeline hands one Vectors on instead.

    With embeddings, papers are near by the sentence embeddings of their text
    (see analysis/embeddings.py) rather than by LSA of their terms.
    """
    return Vectors(papers, cache, embeddings=embeddings).built


_Content = tuple[tuple[str, str, str, tuple[str, ...], str], ...]


def _content(papers: Sequence[Paper]) -> _Content:
    return tuple(sorted((p.id, p.title, p.abstract, tuple(p.keywords), sentence_text(p)) for p in papers))


def sentence_text(paper: Paper) -> str:
    """What the sentence encoder reads of a paper: its abstract, after its title if the input gave one.

    Derived titles and keywords are taken from the abstract, so they add
    nothing to it; and derived keywords change with the rest of the list,
    so encoding them would re-encode papers that no one edited.
    """
    return paper.abstract if paper.title_derived or not paper.title else f"{paper.title}. {paper.abstract}"


def _vectors(papers: _Content, cache: Cache = NO_CACHE, *, embeddings: bool = False) -> PaperVectors:
    documents = []
    named = []
    keys = []
    for _, title, abstract, keywords, _ in papers:
        pairs = [pair for pair in map(normalise, keywords) if pair[0]]
        named += pairs
        keys.append({key for key, _ in pairs})
        keyword_terms = [key for key, _ in pairs] + [t for k in keywords for t in terms(k)]
        # Titles and keywords are the authors' own summary: count them twice.
        documents.append(2 * terms(title) + terms(abstract) + 2 * keyword_terms)
    small = len(papers) < _SMALL_LIST
    matrix, vocabulary, idf = _tfidf(documents, small=small)
    # A short list keeps the terms that only one paper has: weighed by their
    # rarity they would drown what papers share, so it keeps the plain idf and
    # is compared by its counted terms. On the 19 bundled papers the rarity's
    # themes read worse ("Papers on large language models").
    marks = _marks(matrix, idf, 1.0 if small else _RARITY)
    return PaperVectors(
        ids=tuple(p[0] for p in papers),
        terms=matrix,
        marks=marks,
        keyed=_keyed(keys),
        vocabulary=vocabulary,
        embedding=embedded([sentence for *_, sentence in papers], cache) if embeddings else _lsa(matrix if small else marks),
        keywords=frozenset(key for key, _ in named),
        heads=head_spellings((key.split()[-1], spelled.split()[-1]) for key, spelled in named),
        sentences=embeddings,
    )


def embedded(texts: Sequence[str], cache: Cache = NO_CACHE) -> np.ndarray:
    """The texts' sentence embeddings, each text encoded only if the cache lacks it: an edit re-encodes only the edited paper.

    The encoder gives a text the same vector whatever else it encodes with
    it, so a vector from the cache is the vector a fresh build computes.
    """
    keys = [digest(text) for text in texts]
    model = model_key()
    stored: dict[str, np.ndarray] = cache.get("embeddings", model) or {}
    missing = {key: text for key, text in zip(keys, texts, strict=True) if key not in stored}
    if missing:
        stored.update(zip(missing, sentence_embeddings(list(missing.values())), strict=True))
        # Only this list's texts are kept, so the entry does not grow with every edit.
        cache.put("embeddings", model, {key: stored[key] for key in keys})
    return np.array([stored[key] for key in keys], dtype=np.float32)


def _marks(terms: Sparse, idf: np.ndarray, rarity: float) -> Sparse:
    """Which terms each paper has, not how often, each weighted by its idf to the power rarity: unit rows.

    Rare terms that two papers share say most about what they share. On the
    9,842 ICLR 2026 papers, averaged over three seeds, themes cut and refined
    on these match the authors' areas better than with the plain idf (NMI
    0.330 and 0.330 at k = 21 and 30, against 0.319 and 0.326; powers from
    1.25 to 2 all gain), and a paper's ten nearest in their LSA share its area
    more often (41.1% against 40.8%). On two random halves of those papers
    the nearest gain on one and tie on the other (39.3% and 38.8%, against
    38.6% and 38.8%), and the themes' NMI is 0.003 lower, within the seeds'
    spread; on the first 300, 1,000 and 2,500 papers it is 0.001 to 0.010
    higher at k = 21 and the automatic k.
    """
    weights = (idf**rarity).astype(np.float32)[terms.indices]
    return Sparse(terms.shape, weights, terms.indices, terms.indptr).unit_rows()


def _keyed(keys: list[set[str]]) -> Sparse:
    """Papers by the keywords (keys) that two or more of them have, in alphabetical order: unit rows."""
    counts = Counter(key for paper in keys for key in paper)
    shared = {key: column for column, key in enumerate(sorted(k for k, n in counts.items() if n > 1))}
    cells = [(row, shared[key]) for row, paper in enumerate(keys) for key in paper if key in shared]
    rows, columns = [row for row, _ in cells], [column for _, column in cells]
    ones = np.ones(len(cells), dtype=np.float32)
    return Sparse.from_entries(ones, rows, columns, (len(keys), len(shared))).unit_rows()


def _tfidf(documents: list[list[str]], *, small: bool) -> tuple[Sparse, tuple[str, ...], np.ndarray]:
    """TF-IDF rows of the documents, their vocabulary, and each term's inverse document frequency.

    A term's weight in a document is 1 + ln(count) times its idf, 1 + ln((1 +
    texts) / (1 + texts with it)), in float32, as scikit-learn's
    TfidfVectorizer(sublinear_tf=True) weighed them; terms in alphabetical order.
    """
    if not any(documents):
        return Sparse.from_entries(np.zeros(0, dtype=np.float32), [], [], (len(documents), 0)), (), np.zeros(0)
    # Copies of one text (a paper entered twice) share all their terms, which
    # says nothing about groups: terms are counted over the distinct texts.
    texts = list(dict.fromkeys(map(tuple, documents)))
    frequency = Counter(term for text in texts for term in set(text))
    vocabulary = [] if small else _common(frequency, len(texts))
    # Pruning can leave no terms: the papers share nothing, or all say the same. Then every term counts.
    vocabulary = vocabulary or sorted(frequency)
    column = {term: i for i, term in enumerate(vocabulary)}
    texts_with = np.array([frequency[term] for term in vocabulary], dtype=np.float32)
    idf = np.log(np.float32(len(texts) + 1) / (texts_with + 1)) + np.float32(1)
    rows, columns, counts = [], [], []
    for row, document in enumerate(documents):
        for term, count in Counter(document).items():
            if term in column:
                rows.append(row)
                columns.append(column[term])
                counts.append(count)
    weights = (np.log(np.array(counts, dtype=np.float32)) + np.float32(1)) * idf[np.array(columns, dtype=np.int64)]
    matrix = Sparse.from_entries(weights, rows, columns, (len(documents), len(vocabulary)))
    return matrix.unit_rows(), tuple(vocabulary), idf


def _common(frequency: Counter[str], texts: int) -> list[str]:
    """The terms of two texts or more, and of at most half of them, in alphabetical order."""
    return sorted(term for term, n in frequency.items() if 2 <= n <= 0.5 * texts)


def _lsa(matrix: Sparse) -> np.ndarray:
    """Unit rows in a space where related terms meet; a short list keeps its exact geometry."""
    rows, columns = matrix.shape
    if columns == 0:
        # No paper has a word: all are alike, none near another.
        return np.zeros((rows, 1))
    if rows <= _LSA_DIMENSIONS or columns <= _LSA_DIMENSIONS:
        return unit_rows(matrix.toarray())
    return _svd(matrix, _LSA_DIMENSIONS)


def _topics(vectors: PaperVectors) -> np.ndarray:
    """The LSA of the terms the papers' embedding is made of, in at most _TOPIC_DIMENSIONS directions: unit rows.

    A list of fewer papers or terms has fewer directions; one of a single
    paper or term, one direction of zeros, near nothing.
    """
    matrix = vectors.terms if len(vectors.ids) < _SMALL_LIST else vectors.marks
    directions = min(_TOPIC_DIMENSIONS, matrix.shape[0] - 1, matrix.shape[1] - 1)
    if directions < 1:
        return np.zeros((matrix.shape[0], 1))
    if matrix.shape[0] < _SMALL_LIST:
        # A short list's exact SVD costs nothing.
        with one_thread():
            left, values, _ = np.linalg.svd(matrix.toarray(), full_matrices=False)
        return unit_rows(left[:, :directions] * values[:directions])
    return _svd(matrix, directions)


def _svd(matrix: Sparse, directions: int) -> np.ndarray:
    """The matrix's rows in its leading directions, unit rows; on one thread, so that every build gives the same bits."""
    with one_thread():
        values, left = leading_singular(matrix, directions)
        return unit_rows(left * values)


def nearest(embedding: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """For each row of a unit-row embedding, the n other rows most like it: (rows, cosines), nearest first.

    Works through the rows in blocks, on threads, each holding one block's
    cosines with every row, never all rows squared. Equal cosines (to six
    places) go to the lower row, that is the lower paper id, among the 2n best.
    """
    count = len(embedding)
    n = min(n, count - 1)
    vectors = embedding.astype(np.float32)
    # Spare candidates, so that equal cosines at the cut are ordered by id too.
    spare = min(2 * n, count - 1)

    def block(start: int) -> tuple[np.ndarray, np.ndarray]:
        # Rounding makes cosines that differ only by float noise equal, so the id decides.
        # In place, and a row at a time below: a block's copies and its full
        # argpartition (160 MB of indices at 20,000 papers) cost more than its product.
        distances = vectors[start : start + _BLOCK] @ vectors.T
        np.round(distances, 6, out=distances)
        np.negative(distances, out=distances)
        rows = np.arange(len(distances))
        distances[rows, rows + start] = np.inf
        candidates = np.empty((len(distances), spare), dtype=np.intp)
        for row, distance in enumerate(distances):
            candidates[row] = np.argpartition(distance, spare - 1)[:spare]
        values = -np.take_along_axis(distances, candidates, axis=1)
        order = np.lexsort((candidates, -values), axis=1)[:, :n]
        return np.take_along_axis(candidates, order, axis=1), np.take_along_axis(values, order, axis=1)

    blocks = in_parallel(block, range(0, count, _BLOCK))
    return np.concatenate([found for found, _ in blocks]), np.concatenate([cosines for _, cosines in blocks])


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


def representative_first(vectors: PaperVectors, group: np.ndarray) -> tuple[tuple[str, ...], np.ndarray]:
    """The theme's paper ids and rows, nearest to its centre first, ties by id."""
    centre = vectors.embedding[group].mean(axis=0)
    closeness = (vectors.embedding[group] @ centre).round(9)
    # Rows are in id order, so the row breaks ties by id.
    ordered = group[np.lexsort((group, -closeness))]
    return tuple(vectors.ids[row] for row in ordered), ordered
