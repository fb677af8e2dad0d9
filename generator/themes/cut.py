"""Cutting papers into groups: spectral cuts in the co-clustering and graph spectra, refined by spherical k-means, and their consensus."""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np

from ..analysis.embeddings import AUTO_EMBEDDINGS
from ..analysis.linalg import (
    DENSE_EIGEN,
    Sparse,
    dense_top_eigenvectors,
    hstack,
    kmeans,
    leading_singular,
    top_eigenvectors,
    unit_rows,
)
from ..analysis.threads import in_parallel
from .vectors import NEIGHBOURS, PaperVectors, nearest

# The graph's spectrum beside the co-clustering's (see _spectrum).
_GRAPH_WEIGHT = 0.5
_MAX_TOP = 30
# Themes are the consensus of this many cuts, each from one k-means start:
# on 9,842 ICLR papers, the best of 50 or 100 restarts of a single cut moved
# more papers when 2% were added than a consensus of 20 does, and 40 move
# fewer still; 100 no fewer than 40.
_CUTS = 40
# Sub-themes are cut from few papers: fewer cuts do.
SUB_CUTS = 3
# Spherical k-means rounds at most for the themes themselves: enough for no
# paper to move any more, so that the next build, starting from these themes
# (see state/memory.py), finds them again.
REFINE_ROUNDS = 100
# And for each cut: the cuts only vote, and a few rounds move most of the
# papers that will move. Their consensus is as good, and 40 cuts cost less
# than 20 fully refined ones did.
_CUT_ROUNDS = 5
# Below this many cuts, threads cost more than they save.
_PARALLEL_CUTS = 8
# Up to this many papers with sentence embeddings, cuts are made in the
# spectrum of their affinity, all pairs of papers at once (see
# _sentence_spectrum): 2,000 papers hold 32 MB of it. On seeded random
# subsets of ICLR 2026 abstracts (AMI against primary_area), it beat the
# terms alone at 300 papers (0.245 against 0.187, 6 subsets) and at 1,000
# (0.272 against 0.253, where the nearest-neighbour graph of the embeddings
# gave 0.254, 3 subsets); at 2,500 it tied that graph (0.301 and 0.303,
# terms 0.287, 2 subsets). So it ends where `embeddings: auto` stops encoding.
SENTENCE_LIST = AUTO_EMBEDDINGS
# The terms' co-clustering spectrum beside the sentences' there, at the same weight.
_TERMS_WEIGHT = 1.0
# The sentence embeddings tell apart finer groups than the terms do, so a
# short list cut with them can hold smaller themes. On seeded random subsets
# of ICLR 2026 abstracts (benchmarks/themes.py --small, 60 of each size on
# each half of the dev file; AMI against primary_area), 6, 8 and 11 themes
# for 19, 50 and 150 papers scored 0.158, 0.188 and 0.233 on one half and
# 0.160, 0.179 and 0.224 on the other, against 0.137, 0.184 and 0.231 and
# 0.152, 0.173 and 0.220 with the terms' 5, 7 and 10. On the first half,
# fewer (3 or 4 at 19 papers, 5 at 50, 8 at 150) or many more (8 at 19, 14
# at 50, 20 at 150) scored lower. Two-level lists keep the terms' count:
# it was not measured there.
_SENTENCE_SCALE = 2.5
_Neighbours = Callable[[int], tuple[np.ndarray, np.ndarray]]


def automatic_k(papers: int, *, two_level: bool = False, sentences: bool = False) -> int:
    """About 5 themes for 20 papers, 12 for 300, 18 for 1,000; never fewer than 2 papers a theme on average.

    A one-level list cut with its sentence embeddings gets about a tenth
    more: 6, 8 and 11 themes for 19, 50 and 150 papers. The top level of a
    two-level list stops at 30 themes: sub-themes hold the rest.
    """
    k = max(1, min(round((_SENTENCE_SCALE if sentences and not two_level else 2.2) * papers**0.3), papers // 2))
    return min(k, _MAX_TOP) if two_level else k


def cut_groups(vectors: PaperVectors, rows: np.ndarray, k: int, seed: int, cuts: int = _CUTS) -> list[np.ndarray]:
    """The rows cut into at most k groups, in group_order."""
    # The whole list's neighbours are found once, for related papers too.
    whole = len(rows) == len(vectors.ids)
    neighbours = vectors.neighbours if whole else functools.partial(nearest, vectors.embedding[rows])
    sentences = vectors.embedding[rows] if vectors.sentences and len(rows) <= SENTENCE_LIST else None
    labels = _cluster(vectors.marks[rows], vectors.keyed[rows], k, seed, cuts, neighbours, sentences)
    members = [rows[labels == g] for g in range(labels.max() + 1)]
    return sorted((m for m in members if len(m)), key=functools.partial(group_order, vectors))


def group_order(vectors: PaperVectors, members: np.ndarray) -> tuple[int, str]:
    """Groups of rows go biggest first, ties by their first paper, so that cluster numbering does not matter."""
    return -len(members), vectors.ids[members.min()]


def _cluster(
    terms: Sparse,
    keyed: Sparse,
    k: int,
    seed: int,
    cuts: int,
    neighbours: _Neighbours,
    sentences: np.ndarray | None = None,
) -> np.ndarray:
    """A cluster label per paper, from its rows of terms and keyed: the consensus of several refined spectral cuts.

    neighbours(m) gives each row's m nearest other rows, as nearest() does.
    With sentences (the rows' sentence embeddings, for a short list), the
    cuts are made in their spectrum beside the terms'.
    """
    n = terms.shape[0]
    if k <= 1 or n <= 1:
        return np.zeros(n, dtype=int)
    if k >= n:
        return np.arange(n)
    spectrum = _spectrum(terms, keyed, k, neighbours) if sentences is None else _sentence_spectrum(terms, keyed, k, sentences)
    # A seed per cut, drawn from the one seed: the cuts can then run in any
    # order, on any number of threads, and give the same themes.
    random = np.random.RandomState(seed)
    starts = random.randint(np.iinfo(np.int32).max, size=cuts)

    def cut(start: int) -> np.ndarray:
        return refine(terms, kmeans(spectrum, k, start), k, _CUT_ROUNDS)

    labels = in_parallel(cut, starts) if cuts >= _PARALLEL_CUTS else [cut(start) for start in starts]
    # Two papers are as close as the share of cuts that put them together;
    # cutting that agreement undoes what one k-means start got by chance.
    together = Sparse.from_entries(
        np.ones(n * cuts), np.repeat(np.arange(n), cuts), (np.stack(labels, axis=1) + k * np.arange(cuts)).ravel(), (n, k * cuts)
    )
    agreement = _consensus_embedding(together, k)
    return refine(terms, kmeans(agreement, k, random.randint(np.iinfo(np.int32).max), starts=10), k)


def _spectrum(terms: Sparse, keyed: Sparse, k: int, neighbours: _Neighbours) -> np.ndarray:
    """Where k-means finds its cuts: unit rows of the papers' co-clustering spectrum, beside their graph's spectrum at half weight.

    On the 9,842 ICLR 2026 papers, themes cut in the co-clustering spectrum
    of papers with their terms and keywords match the authors' areas far
    better than cuts of the nearest-neighbour graph alone (NMI 0.316 and 0.325
    at k = 21 and 30, against 0.286 and 0.293, both before _marks weighed
    rarity; 0.331 and 0.330 since). The graph brings in what the sentence
    embeddings see, when they are on (0.324 and 0.330).
    """
    graph = _spectral_embedding(_graph(terms.shape[0], k, neighbours), k)
    return unit_rows(np.hstack([_cocluster_embedding(hstack([terms, keyed]), k), _GRAPH_WEIGHT * graph]))


def _sentence_spectrum(terms: Sparse, keyed: Sparse, k: int, sentences: np.ndarray) -> np.ndarray:
    """Where k-means finds a short list's cuts: the spectrum of its sentence embeddings' affinity, beside the co-clustering's.

    The affinity is the cosine of the embeddings less the list's mean, so
    that what every paper of a list says ("we propose a method") does not
    tie them together. On seeded random subsets of 19, 50 and 150 ICLR 2026
    abstracts (half of the dev file, 20 subsets each; AMI against
    primary_area), the detector scored 0.125, 0.126 and 0.150 on its terms,
    0.119, 0.137 and 0.162 with the embeddings' nearest-neighbour graph in
    place of the terms' (the spectrum the long lists use), and 0.175, 0.192
    and 0.212 with this spectrum; KMeans on the embeddings gave 0.167, 0.158
    and 0.178. Raw cosines (not centred) scored 0.131, 0.165 and 0.197;
    agglomerative clustering 0.125 to 0.189.
    """
    centred = _centred(sentences)
    # Rounded, so that float noise cannot move a cut; kept positive, so that no paper is cut off.
    affinity = (centred @ centred.T).round(6).clip(1e-6)
    np.fill_diagonal(affinity, 0)
    meaning = _spectral_embedding(affinity, k)
    return unit_rows(np.hstack([_TERMS_WEIGHT * _cocluster_embedding(hstack([terms, keyed]), k), meaning]))


def _centred(sentences: np.ndarray) -> np.ndarray:
    """Unit rows of the sentence embeddings less their mean: what the whole list shares says nothing about its groups."""
    return unit_rows(sentences.astype(np.float64) - sentences.mean(axis=0, dtype=np.float64))


def _cocluster_embedding(matrix: Sparse, k: int) -> np.ndarray:
    """Unit rows of the k leading left singular vectors of the papers-by-features matrix, scaled by its row and column sums.

    The spectrum in which Dhillon's spectral co-clustering cuts papers and
    their features together; a paper or feature with nothing stays at 0.
    """
    if not matrix.nnz:
        return np.zeros((matrix.shape[0], 0))
    rows, columns = (1 / np.sqrt(np.maximum(matrix.sum(axis=axis), 1e-12)) for axis in (1, 0))
    return _leading_left_singular_vectors(matrix.astype(np.float64).scaled(rows, columns), k)


def _graph(n: int, k: int, neighbours: _Neighbours) -> Sparse:
    """The n papers' nearest neighbours by cosine, both ways, for k themes."""
    # A paper's neighbourhood is about the size of a theme, or the graph
    # joins what the themes should keep apart.
    index, similarity = neighbours(min(NEIGHBOURS, max(3, n // k - 1)))
    # Weights stay positive so that no paper, not even an empty one, is cut off.
    rows = np.repeat(np.arange(n), index.shape[1])
    # Each pair once, both ways, at the larger of its two cosines.
    weights = np.tile(similarity.clip(1e-6).ravel(), 2)
    ends = np.concatenate([rows, index.ravel()]), np.concatenate([index.ravel(), rows])
    order = np.lexsort((-weights, ends[1], ends[0]))
    pair = ends[0][order] * n + ends[1][order]
    first = order[np.r_[True, pair[1:] != pair[:-1]]]
    return Sparse.from_entries(weights[first], ends[0][first], ends[1][first], (n, n))


def _spectral_embedding(graph: Sparse | np.ndarray, k: int) -> np.ndarray:
    """Unit rows of the k leading eigenvectors of the normalised graph (sparse, or dense as a short list's affinity), where k-means finds its cuts."""
    n = graph.shape[0]
    scale = 1 / np.sqrt(graph.sum(axis=1))
    if n <= DENSE_EIGEN:
        dense = graph.toarray() if isinstance(graph, Sparse) else graph
        _, vectors = dense_top_eigenvectors(scale[:, None] * dense * scale, k)
    else:
        _, vectors = top_eigenvectors(lambda vector: scale * (graph @ (scale * vector)), n, k)
    return unit_rows(vectors)


def _consensus_embedding(together: Sparse, k: int) -> np.ndarray:
    """Unit rows of the k leading singular vectors of the normalised paper-by-cluster matrix.

    They are the leading eigenvectors of the normalised agreement between
    papers, got without forming that n by n matrix.
    """
    degree = together @ together.sum(axis=0)
    return _leading_left_singular_vectors(together.scaled(rows=1 / np.sqrt(degree)), k)


def _leading_left_singular_vectors(matrix: Sparse, k: int) -> np.ndarray:
    """Unit rows of the matrix's k leading left singular vectors (fewer if it has fewer)."""
    return unit_rows(leading_singular(matrix, k)[1])


def refine(terms: Sparse, labels: np.ndarray, k: int, rounds: int = REFINE_ROUNDS) -> np.ndarray:
    """Spherical k-means on the TF-IDF rows from the given labels: each paper goes to the cluster whose mean direction is nearest.

    LSA keeps 150 directions of some 44,000 terms; the terms themselves
    separate the authors' areas better (NMI +0.01 to +0.02 on ICLR 2026).
    A paper with no terms stays where it was.
    """
    if terms.shape[1] == 0:
        return labels
    has_terms = np.diff(terms.indptr) > 0
    closeness = np.empty((len(labels), k), dtype=terms.dtype)
    # A cluster's centre, and so each paper's closeness to it, changes only when it gains or loses papers.
    changed = np.arange(k)
    for _ in range(rounds):
        closeness[:, changed] = terms @ centres(terms, labels, k)[changed].T
        moved = np.where(has_terms, closeness.argmax(axis=1), labels)
        if (moved == labels).all():
            break
        changed = np.unique(np.concatenate([labels[moved != labels], moved[moved != labels]]))
        labels = moved
    return labels


def centres(terms: Sparse, labels: np.ndarray, k: int) -> np.ndarray:
    """The unit mean direction of each of the k clusters' rows, in the terms' dtype: float64 centres took a third longer and, on ICLR 2026, moved no paper differently."""
    return unit_rows(terms.sum_by(labels, k)).astype(terms.dtype)
