"""Stage 3: group the papers into named themes.

Papers become TF-IDF vectors of their keyphrase terms, and a list of the
author keywords they share. Themes are cut by spectral clustering, in the
spectrum of the papers' co-clustering with their terms and keywords beside the
spectrum of a nearest-neighbour graph (of the terms reduced by LSA, or with
`embeddings: true` of a small sentence model's embeddings). Each cut is
refined by spherical k-means on the terms, and the themes are the consensus
of several such cuts. Each theme is then named after the phrases its papers
share and the rest of the list lacks.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import math
import os
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
import scipy.linalg
import scipy.sparse as sp
from scipy.sparse.linalg import eigsh, svds
from sklearn.cluster import KMeans
from sklearn.decomposition import TruncatedSVD
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.preprocessing import normalize
from threadpoolctl import threadpool_limits

from .cache import NO_CACHE, Cache, digest, file_digest
from .config import ThemeSettings
from .embeddings import sentence_embeddings
from .enrich import slugify
from .errors import ConfigError
from .keyphrases import distinct, head_spellings, normalise, spell, terms
from .memory import Memory, load_memory, remember
from .model import Paper, ReadingList, Theme
from .overrides import Overrides, apply_overrides, load_overrides

log = logging.getLogger(__name__)

# Below this many papers every term counts; above it, terms of a single paper
# or of most papers say nothing about groups.
_SMALL_LIST = 100
# A paper's ten nearest share its ICLR 2026 area more often in 100 LSA
# directions than in 150 or 200 (41.1%, 40.6%, 40.2%).
_LSA_DIMENSIONS = 100
# The power of a term's idf in its weight (see _marks).
_RARITY = 1.5
# At most this many neighbours per paper in the graph that is cut into themes.
_NEIGHBOURS = 30
# The graph's spectrum beside the co-clustering's (see _spectrum).
_GRAPH_WEIGHT = 0.5
# Rows of the similarity matrix a thread holds at once: 1,000 x 20,000 cosines
# are 80 MB, and their ranking twice that again. The cosines' last bits
# depend on the block's size, so changing it can change the themes.
_BLOCK = 1000
# Dense eigensolvers are exact and fast up to here; beyond, ARPACK.
_DENSE_EIGEN = 500
_LABEL_WORDS = 5
# A label is made from the first few of a theme's phrases.
_LABEL_CHOICES = 6
# Phrases ranked for a theme before falling back to all of them (see _name).
_FEW_PHRASES = 60
# A phrase in more than this share of a long list's papers is too generic to name a theme alone.
_GENERIC = 0.03
# Longer lists get two levels: themes, and sub-themes under them.
_TWO_LEVEL = 300
_MAX_TOP = 30
# Sub-themes of about this many papers; none longer than a page should be.
_SUBTHEME_SIZE = 120
_PAGE_LIMIT = 200
_RESPLITS = 4
# A theme smaller than this is not split.
_MIN_SPLIT = 8
# Themes are the consensus of this many cuts, each from one k-means start:
# on 9,842 ICLR papers, the best of 50 or 100 restarts of a single cut moved
# more papers when 2% were added than a consensus of 20 does, and 40 move
# fewer still; 100 no fewer than 40.
_CUTS = 40
# Sub-themes are cut from few papers: fewer cuts do.
_SUB_CUTS = 3
# Spherical k-means rounds at most for the themes themselves: enough for no
# paper to move any more, so that the next build, starting from these themes
# (see memory.py), finds them again.
_REFINE_ROUNDS = 100
# And for each cut: the cuts only vote, and a few rounds move most of the
# papers that will move. Their consensus is as good, and 40 cuts cost less
# than 20 fully refined ones did.
_CUT_ROUNDS = 5
# The last build's themes are the start when they hold at least this share of
# the papers, and their number is within a tenth of the one asked for.
_REMEMBERED = 0.75
_K_SLACK = 0.1
# A theme that keeps at least this share of its papers (as intersection over
# union) keeps its label, and so its URL.
_SAME_THEME = 0.5
_THEME_KEYWORDS = 8
_PAPER_FIELDS = frozenset(f.name for f in dataclasses.fields(Paper))


@dataclass(frozen=True)
class PaperVectors:
    """The papers as vectors, rows in order of paper id."""

    ids: tuple[str, ...]
    # TF-IDF of each paper's terms, rows of unit length.
    terms: sp.csr_matrix
    # Which terms each paper has, weighted by rarity (see _marks): unit rows, where themes are cut and refined.
    marks: sp.csr_matrix
    # Which of the author keywords that two or more papers share each paper has, rows of unit length.
    keyed: sp.csr_matrix
    # The terms, in alphabetical order (the vectorizer sorts them): column i is vocabulary[i].
    vocabulary: tuple[str, ...]
    # The same papers in LSA space, rows of unit length: cosine is a dot product.
    embedding: np.ndarray
    # The keys of the papers' keywords, and how the keywords spell the words
    # that end them, so "diffusion model" reads "diffusion models".
    keywords: frozenset[str]
    heads: dict[str, str]

    def neighbours(self, n: int) -> tuple[np.ndarray, np.ndarray]:
        """nearest(self.embedding, n): the themes' graph and related papers share one search."""
        if n > _NEIGHBOURS:
            return nearest(self.embedding, n)
        index, cosines = self._nearest
        return index[:, :n], cosines[:, :n]

    @functools.cached_property
    def _nearest(self) -> tuple[np.ndarray, np.ndarray]:
        return nearest(self.embedding, _NEIGHBOURS)

    @functools.cached_property
    def row(self) -> dict[str, int]:
        """Each paper id's row."""
        return {paper_id: i for i, paper_id in enumerate(self.ids)}

    @functools.cached_property
    def presence(self) -> sp.csr_matrix:
        """Which papers have which terms."""
        return self.terms.astype(bool).tocsr()

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
        return np.asarray(self.presence.sum(axis=0)).ravel()


def detect_themes(
    reading_list: ReadingList, settings: ThemeSettings, cache: Cache = NO_CACHE, *, embeddings: bool = False
) -> ReadingList:
    """Put every paper into exactly one theme, and in a long list into one sub-theme of it; name them all.

    A list of more than about 300 papers gets two levels, so that no page
    lists more than about 200 papers; settings.group_by makes a field's
    values the top level. The curator's overrides are applied last.
    """
    papers = reading_list.papers
    overrides = load_overrides(settings.overrides)
    memory = load_memory(settings.memory)
    reading_list.set_themes([], [])
    reading_list.detected = ((), ())
    if not papers:
        return reading_list
    groups = [(p.id, _field_value(p, settings.group_by)) for p in papers] if settings.group_by else []
    choices = digest(settings, file_digest(settings.overrides), sorted(groups))
    texts = text_key(papers, embeddings=embeddings)
    loose = digest(sorted(p.id for p in papers), embeddings, choices)
    found = cache.get("themes", digest(texts, choices, memory), loose)
    if found is None:
        with _one_thread():
            found = _detect(reading_list, settings, overrides, memory, paper_vectors(papers, cache, embeddings=embeddings))
        # Detection that starts from its own result finds it again: the next
        # build, starting from the memory this one leaves, can take it as it is.
        cache.put("themes", digest(texts, choices, remember(found[2], group_by=settings.group_by)), found, loose)
    themes, subthemes, detected = found
    reading_list.set_themes(themes, subthemes)
    reading_list.detected = detected
    log.info(
        "Grouped %d papers into %d themes%s",
        len(papers),
        len(reading_list.themes),
        f" and {len(reading_list.subthemes)} sub-themes" if reading_list.subthemes else "",
    )
    return reading_list


_Detected = tuple[tuple[Theme, ...], tuple[Theme, ...]]
# A group of rows, and the remembered theme it continues (None for a new one).
_Group = tuple[np.ndarray, Theme | None]


def _detect(
    reading_list: ReadingList, settings: ThemeSettings, overrides: Overrides, memory: Memory, vectors: PaperVectors
) -> tuple[list[Theme], list[Theme], _Detected]:
    """The themes and sub-themes of the list, overrides applied, and as detected: (themes, subthemes, detected)."""
    papers = reading_list.papers
    two_level = bool(settings.group_by) or len(papers) > _TWO_LEVEL
    if settings.group_by:
        remembered = {t.slug: t for t in memory.themes} if memory.group_by == settings.group_by else {}
        top = [(theme, remembered.get(theme.slug)) for theme in _grouped(vectors, papers, settings.group_by)]
    else:
        top = _top_level(vectors, settings, overrides, memory, two_level=two_level)
    top.sort(key=lambda pair: (-len(pair[0].paper_ids), pair[0].label))
    subthemes: list[Theme] = []
    if two_level:
        # Each theme's papers are cut on a thread; the names are given in order, as each must differ from those before.
        cuts = _in_parallel(
            lambda pair: _subtheme_groups(vectors, pair[0], settings.seed, memory.children(pair[1]) if pair[1] else ()), top
        )
        taken = {theme.slug for theme, _ in top}
        for (theme, _), (rows, groups) in zip(top, cuts, strict=True):
            children = _subthemes(vectors, theme, rows, groups, frozenset(taken))
            taken |= {child.slug for child in children}
            subthemes += children
    reading_list.set_themes([theme for theme, _ in top], subthemes)
    detected = (tuple(reading_list.themes), tuple(subthemes))
    if overrides.renames or overrides.pins or overrides.merges:
        apply_overrides(reading_list, overrides, functools.partial(_closest, vectors))
    return reading_list.themes, reading_list.subthemes, detected


def _top_level(
    vectors: PaperVectors, settings: ThemeSettings, overrides: Overrides, memory: Memory, *, two_level: bool
) -> list[tuple[Theme, Theme | None]]:
    """The detected top-level themes, each with the remembered theme it continues, if any.

    They continue the last build's themes when the memory knows most papers
    and holds about as many themes as asked for; otherwise they are found afresh.
    """
    rows = np.arange(len(vectors.ids))
    asked = settings.k or overrides.k
    k = min(asked or _automatic_k(len(rows), two_level=two_level), len(rows))
    groups = _continued(vectors, rows, memory.themes, _REFINE_ROUNDS) if not memory.group_by else None
    if groups is None or not (len(groups) == k if asked else abs(len(groups) - k) <= max(1, _K_SLACK * k)):
        groups = [(members, None) for members in _groups(vectors, rows, k, settings.seed)]
    themes = _name(vectors, [members for members, _ in groups], frozenset(), kept=_kept_labels(vectors, groups))
    return [(theme, origin) for theme, (_, origin) in zip(themes, groups, strict=True)]


def _continued(vectors: PaperVectors, rows: np.ndarray, remembered: Sequence[Theme], rounds: int) -> list[_Group] | None:
    """The rows in groups that continue the remembered themes, biggest first; None if the memory knows too few of the rows.

    A remembered paper starts in its theme, a new one in the theme whose
    centre is nearest; then up to rounds rounds of refinement let papers move.
    Themes left with no papers are gone.
    """
    theme_of = {paper_id: i for i, theme in enumerate(remembered) for paper_id in theme.paper_ids}
    labels = np.array([theme_of.get(vectors.ids[r], -1) for r in rows])
    known = labels >= 0
    if not remembered or known.sum() < _REMEMBERED * len(rows):
        return None
    present, labels[known] = np.unique(labels[known], return_inverse=True)
    k = len(present)
    terms = vectors.marks[rows]
    if not known.all():
        members = sp.csr_matrix(
            (np.ones(known.sum(), dtype=terms.dtype), (labels[known], np.flatnonzero(known))), shape=(k, len(rows))
        )
        centres = normalize(members @ terms).toarray()
        labels[~known] = np.asarray(terms[~known] @ centres.T).argmax(axis=1)
    if rounds:
        labels = _refine(terms, labels, k, rounds)
    groups = [(rows[labels == g], remembered[present[g]]) for g in range(k)]
    return sorted(((members, origin) for members, origin in groups if len(members)), key=lambda group: _order(vectors, group[0]))


def _kept_labels(vectors: PaperVectors, groups: Sequence[_Group]) -> list[str]:
    """For each group, the label of the theme it continues if it is much the same theme; else ""."""
    kept = []
    for members, origin in groups:
        if origin is None:
            kept.append("")
            continue
        now, before = {vectors.ids[r] for r in members}, set(origin.paper_ids)
        kept.append(origin.label if len(now & before) >= _SAME_THEME * len(now | before) else "")
    return kept


def _subtheme_groups(
    vectors: PaperVectors, theme: Theme, seed: int, remembered: Sequence[Theme]
) -> tuple[np.ndarray, list[_Group]]:
    """The theme's rows, and the groups of rows of its sub-themes: none longer than a page should be, none for a theme too small to split.

    Sub-themes continue the remembered ones where the memory knows most of
    the theme's papers: a paper new to the theme joins the nearest.
    """
    row = vectors.row
    rows = np.array(sorted(row[i] for i in theme.paper_ids))
    if len(rows) < _MIN_SPLIT:
        return rows, []
    k = max(2, math.ceil(len(rows) / _SUBTHEME_SIZE))
    continued = _continued(vectors, rows, remembered, 0)
    groups: list[_Group] = continued or [(members, None) for members in _groups(vectors, rows, k, seed, _SUB_CUTS)]
    # Spectral cuts, or papers joining a remembered sub-theme, can leave one part too long for a page: cut it again.
    for _ in range(_RESPLITS):
        long = [members for members, _ in groups if len(members) > _PAGE_LIMIT]
        if not long:
            break
        groups = [group for group in groups if len(group[0]) <= _PAGE_LIMIT]
        for members in long:
            parts = _groups(vectors, members, max(2, math.ceil(len(members) / _SUBTHEME_SIZE)), seed, _SUB_CUTS)
            # A part that will not split goes in halves, by closeness to its centre.
            halves = parts if len(parts) > 1 else np.array_split(_representative_first(vectors, members)[1], 2)
            groups += [(part, None) for part in halves]
    return rows, groups


def _subthemes(vectors: PaperVectors, theme: Theme, rows: np.ndarray, groups: list[_Group], taken: frozenset[str]) -> list[Theme]:
    """The named sub-themes of a theme from its rows cut into groups, with none of the slugs in taken."""
    if not groups:
        return []
    members = [group for group, _ in groups]
    children = _name(vectors, members, taken, within=rows, parent=theme.label, kept=_kept_labels(vectors, groups))
    return [
        dataclasses.replace(child, parent=theme.slug) for child in sorted(children, key=lambda t: (-len(t.paper_ids), t.label))
    ]


def _grouped(vectors: PaperVectors, papers: Sequence[Paper], field_name: str) -> list[Theme]:
    """Top-level themes named by the values of a paper field ("track", "primary_area", or a key of extra)."""
    if field_name not in _PAPER_FIELDS and not any(field_name in p.extra for p in papers):
        raise ConfigError(
            f"no paper has a field '{field_name}' to group by",
            hint="group by a field the input has, e.g. track or primary_area",
        )
    values: dict[str, list[int]] = {}
    row = vectors.row
    for paper in papers:
        value = _field_value(paper, field_name) or f"No {field_name.replace('_', ' ')}"
        values.setdefault(value, []).append(row[paper.id])
    themes = []
    used: set[str] = set()
    for value in sorted(values):
        group = np.array(sorted(values[value]))
        paper_ids, ordered = _representative_first(vectors, group)
        phrases = _ranked_phrases(vectors, vectors.list_frequency, ordered)
        slug = base = slugify(value) or "group"
        number = 1
        while slug in used:
            number += 1
            slug = f"{base}-{number}"
        used.add(slug)
        keywords = tuple(spell(key, vectors.heads) for key, _ in phrases[:_THEME_KEYWORDS])
        themes.append(Theme(slug=slug, label=value, keywords=keywords, paper_ids=paper_ids))
    return themes


def _field_value(paper: Paper, field_name: str) -> str:
    """A paper field's value as one line of text: a Paper attribute, else a key of extra."""
    value = getattr(paper, field_name) if field_name in _PAPER_FIELDS else paper.extra.get(field_name, "")
    if isinstance(value, list | tuple):
        value = ", ".join(map(str, value))
    return " ".join(str(value).split())


def _closest(vectors: PaperVectors, paper_id: str, themes: list[Theme]) -> Theme:
    """The theme whose centre is nearest the paper: where a paper pinned to a two-level theme goes."""
    row = vectors.row
    point = vectors.embedding[row[paper_id]]
    closeness = [float(vectors.embedding[[row[i] for i in t.paper_ids]].mean(axis=0) @ point) for t in themes]
    return themes[int(np.argmax(closeness))]


def paper_vectors(papers: Sequence[Paper], cache: Cache = NO_CACHE, *, embeddings: bool = False) -> PaperVectors:
    """The papers' vectors, computed once for the themes, related-paper and map stages.

    With embeddings, papers are near by the sentence embeddings of their text
    (see embeddings.py) rather than by LSA of their terms.
    """
    return _cached_vectors(_content(papers), cache, embeddings)


def text_key(papers: Sequence[Paper], *, embeddings: bool = False) -> str:
    """A digest of the text the vectors are made of, and how: what the stages that use them key their caches by."""
    return _content_key(_content(papers), embeddings)


_Content = tuple[tuple[str, str, str, tuple[str, ...]], ...]


def _content(papers: Sequence[Paper]) -> _Content:
    return tuple(sorted((p.id, p.title, p.abstract, tuple(p.keywords)) for p in papers))


@functools.lru_cache(maxsize=1)
def _content_key(papers: _Content, embeddings: bool) -> str:
    return digest("vectors", embeddings, papers)


@functools.lru_cache(maxsize=1)
def _cached_vectors(papers: _Content, cache: Cache, embeddings: bool) -> PaperVectors:
    return cache.through("vectors", _content_key(papers, embeddings), lambda: _vectors(papers, embeddings=embeddings))


def _vectors(papers: _Content, *, embeddings: bool = False) -> PaperVectors:
    documents = []
    named = []
    keys = []
    for _, title, abstract, keywords in papers:
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
        embedding=sentence_embeddings([f"{t}. {', '.join(k)}. {a}" for _, t, a, k in papers])
        if embeddings
        else _lsa(matrix if small else marks),
        keywords=frozenset(key for key, _ in named),
        heads=head_spellings((key.split()[-1], spelled.split()[-1]) for key, spelled in named),
    )


def _marks(terms: sp.csr_matrix, idf: np.ndarray, rarity: float) -> sp.csr_matrix:
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
    return _unit_rows(sp.csr_matrix(terms.astype(bool).multiply(idf**rarity), dtype=np.float32))


def _keyed(keys: list[set[str]]) -> sp.csr_matrix:
    """Papers by the keywords (keys) that two or more of them have, in alphabetical order: unit rows."""
    counts = Counter(key for paper in keys for key in paper)
    shared = {key: column for column, key in enumerate(sorted(k for k, n in counts.items() if n > 1))}
    # Sorted, so that the matrix is stored the same way whatever the order of a set.
    cells = [(row, shared[key]) for row, paper in enumerate(keys) for key in sorted(paper) if key in shared]
    rows, columns = [row for row, _ in cells], [column for _, column in cells]
    return _unit_rows(sp.csr_matrix((np.ones(len(cells), dtype=np.float32), (rows, columns)), shape=(len(keys), len(shared))))


def _unit_rows(matrix: sp.csr_matrix) -> sp.csr_matrix:
    """The rows scaled to unit length; a matrix of no columns as it is."""
    return normalize(matrix) if matrix.shape[1] else matrix


def _tfidf(documents: list[list[str]], *, small: bool) -> tuple[sp.csr_matrix, tuple[str, ...], np.ndarray]:
    """TF-IDF rows of the documents, their vocabulary, and each term's inverse document frequency."""
    if not any(documents):
        return sp.csr_matrix((len(documents), 0)), (), np.zeros(0)
    # Copies of one text (a paper entered twice) share all their terms, which
    # says nothing about groups: terms are counted over the distinct texts.
    texts = list(dict.fromkeys(map(tuple, documents)))
    try:
        vectorizer = _vectorizer(pruned=not small).fit(texts)
    except ValueError:
        # Pruning left no terms: the papers share nothing, or all say the same.
        vectorizer = _vectorizer(pruned=False).fit(texts)
    return vectorizer.transform(documents).tocsr(), tuple(vectorizer.get_feature_names_out()), vectorizer.idf_


def _vectorizer(*, pruned: bool) -> TfidfVectorizer:
    return TfidfVectorizer(
        analyzer=_as_is,
        min_df=2 if pruned else 1,
        max_df=0.5 if pruned else 1.0,
        sublinear_tf=True,
        dtype=np.float32,
    )


def _as_is(document: Sequence[str]) -> Sequence[str]:
    return document


def _lsa(matrix: sp.csr_matrix) -> np.ndarray:
    """Unit rows in a space where related terms meet; a short list keeps its exact geometry."""
    rows, columns = matrix.shape
    if columns == 0:
        # No paper has a word: all are alike, none near another.
        return np.zeros((rows, 1))
    if rows <= _LSA_DIMENSIONS or columns <= _LSA_DIMENSIONS:
        return normalize(matrix.toarray())
    with _one_thread():
        return normalize(TruncatedSVD(_LSA_DIMENSIONS, random_state=0).fit_transform(matrix))


def _one_thread() -> threadpool_limits:
    """BLAS and OpenMP held to one thread, so that the themes are the same on every machine.

    They add up in an order that depends on their thread count, and the cuts
    follow the rounding: on ICLR 2026 at k = 30, one thread and two gave
    different themes (NMI 0.288 and 0.291).
    """
    return threadpool_limits(1)


_Neighbours = Callable[[int], tuple[np.ndarray, np.ndarray]]
_T = TypeVar("_T")
_R = TypeVar("_R")
# Cuts and sub-themes are independent and spend their time in NumPy, SciPy
# and scikit-learn code that lets go of the GIL: threads use every core.
_WORKERS = len(os.sched_getaffinity(0))
# Below this many cuts, threads cost more than they save.
_PARALLEL_CUTS = 8


def _in_parallel(function: Callable[[_T], _R], items: Iterable[_T]) -> list[_R]:
    """function of each item, in the items' order, on as many threads as this process has cores."""

    # Each thread holds its own OpenMP setting: one thread apiece, as in _one_thread.
    def limited(item: _T) -> _R:
        with _one_thread():
            return function(item)

    with ThreadPoolExecutor(_WORKERS, thread_name_prefix="themes") as pool:
        return list(pool.map(limited, items))


def _automatic_k(papers: int, *, two_level: bool = False) -> int:
    """About 5 themes for 20 papers, 12 for 300, 18 for 1,000; never fewer than 2 papers a theme on average.

    The top level of a two-level list stops at 30 themes: sub-themes hold the rest.
    """
    k = max(1, min(round(2.2 * papers**0.3), papers // 2))
    return min(k, _MAX_TOP) if two_level else k


def _groups(vectors: PaperVectors, rows: np.ndarray, k: int, seed: int, cuts: int = _CUTS) -> list[np.ndarray]:
    """The rows cut into at most k groups, in _order."""
    # The whole list's neighbours are found once, for related papers too.
    whole = len(rows) == len(vectors.ids)
    neighbours = vectors.neighbours if whole else functools.partial(nearest, vectors.embedding[rows])
    labels = _cluster(vectors.marks[rows], vectors.keyed[rows], k, seed, cuts, neighbours)
    members = [rows[labels == g] for g in range(labels.max() + 1)]
    return sorted((m for m in members if len(m)), key=functools.partial(_order, vectors))


def _order(vectors: PaperVectors, members: np.ndarray) -> tuple[int, str]:
    """Groups of rows go biggest first, ties by their first paper, so that cluster numbering does not matter."""
    return -len(members), vectors.ids[members.min()]


def _name(
    vectors: PaperVectors,
    members: list[np.ndarray],
    taken: frozenset[str],
    within: np.ndarray | None = None,
    parent: str = "",
    kept: Sequence[str] = (),
) -> list[Theme]:
    """A named theme per group of rows, bigger groups naming themselves first.

    Phrases are distinctive against the rows within (the parent theme of
    sub-themes), or against the whole list. A sub-theme's label avoids the
    phrases of its parent's label where it can: siblings differ by the rest.
    A group keeps its label from kept (one per group, "" for none) unless
    a slug in taken is already that label's.
    """
    list_frequency = vectors.list_frequency if within is None else np.asarray(vectors.presence[within].sum(axis=0)).ravel()
    nouns = vectors.nouns
    themes = []
    used = set(taken)
    labels = []
    for label in kept or [""] * len(members):
        keep = bool(label) and slugify(label) not in used
        used |= {slugify(label)} if keep else set()
        labels.append(label if keep else "")
    for group, kept_label in zip(members, labels, strict=True):
        paper_ids, ordered = _representative_first(vectors, group)
        # Label and keywords come from the first few phrases: rank them all
        # only when the first few do not give enough to choose from.
        for limit in (_FEW_PHRASES, None):
            phrases = _ranked_phrases(vectors, list_frequency, ordered, limit)
            # A label names what several papers share, where they share anything.
            shared = [key for key, n in phrases if n > 1] or [key for key, _ in phrases]
            named = [spell(key, vectors.heads) for key in shared if " " in key or key in nouns]
            fresh = [phrase for phrase in named if phrase.lower() not in parent.lower()]
            if limit is None or len(phrases) < limit or len(fresh) >= _LABEL_CHOICES:
                break
        label = kept_label or _label(fresh if len(fresh) >= 2 else named, used)
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
        cosines = (vectors[start : start + _BLOCK] @ vectors.T).round(6)
        rows = np.arange(len(cosines))
        cosines[rows, rows + start] = -np.inf
        candidates = np.argpartition(-cosines, spare - 1, axis=1)[:, :spare]
        values = np.take_along_axis(cosines, candidates, axis=1)
        order = np.lexsort((candidates, -values), axis=1)[:, :n]
        return np.take_along_axis(candidates, order, axis=1), np.take_along_axis(values, order, axis=1)

    blocks = _in_parallel(block, range(0, count, _BLOCK))
    return np.concatenate([found for found, _ in blocks]), np.concatenate([cosines for _, cosines in blocks])


def _cluster(terms: sp.csr_matrix, keyed: sp.csr_matrix, k: int, seed: int, cuts: int, neighbours: _Neighbours) -> np.ndarray:
    """A cluster label per paper, from its rows of terms and keyed: the consensus of several refined spectral cuts.

    neighbours(m) gives each row's m nearest other rows, as nearest() does.
    """
    n = terms.shape[0]
    if k <= 1 or n <= 1:
        return np.zeros(n, dtype=int)
    if k >= n:
        return np.arange(n)
    spectrum = _spectrum(terms, keyed, k, neighbours)
    # A seed per cut, drawn from the one seed: the cuts can then run in any
    # order, on any number of threads, and give the same themes.
    random = np.random.RandomState(seed)
    starts = random.randint(np.iinfo(np.int32).max, size=cuts)

    def cut(start: int) -> np.ndarray:
        return _refine(terms, KMeans(k, n_init=1, random_state=start).fit_predict(spectrum), k, _CUT_ROUNDS)

    labels = _in_parallel(cut, starts) if cuts >= _PARALLEL_CUTS else [cut(start) for start in starts]
    # Two papers are as close as the share of cuts that put them together;
    # cutting that agreement undoes what one k-means start got by chance.
    together = sp.csr_matrix(
        (np.ones(n * cuts), (np.repeat(np.arange(n), cuts), (np.stack(labels, axis=1) + k * np.arange(cuts)).ravel())),
        shape=(n, k * cuts),
    )
    agreement = _consensus_embedding(together, k)
    return _refine(terms, KMeans(k, n_init=10, random_state=random).fit_predict(agreement), k)


def _spectrum(terms: sp.csr_matrix, keyed: sp.csr_matrix, k: int, neighbours: _Neighbours) -> np.ndarray:
    """Where k-means finds its cuts: unit rows of the papers' co-clustering spectrum, beside their graph's spectrum at half weight.

    On the 9,842 ICLR 2026 papers, themes cut in the co-clustering spectrum
    of papers with their terms and keywords match the authors' areas far
    better than cuts of the nearest-neighbour graph alone (NMI 0.316 and 0.325
    at k = 21 and 30, against 0.286 and 0.293, both before _marks weighed
    rarity; 0.331 and 0.330 since). The graph brings in what the sentence
    embeddings see, when they are on (0.324 and 0.330).
    """
    graph = _spectral_embedding(_graph(terms.shape[0], k, neighbours), k)
    return normalize(np.hstack([_cocluster_embedding(sp.hstack([terms, keyed]).tocsr(), k), _GRAPH_WEIGHT * graph]))


def _cocluster_embedding(matrix: sp.csr_matrix, k: int) -> np.ndarray:
    """Unit rows of the k leading left singular vectors of the papers-by-features matrix, scaled by its row and column sums.

    The spectrum in which Dhillon's spectral co-clustering cuts papers and
    their features together; a paper or feature with nothing stays at 0.
    """
    if not matrix.nnz:
        return np.zeros((matrix.shape[0], 0))
    rows, columns = (np.asarray(matrix.sum(axis=axis)).ravel() for axis in (1, 0))
    scale = lambda sums: sp.diags(1 / np.sqrt(np.maximum(sums, 1e-12)))  # noqa: E731
    return _leading_left_singular_vectors(scale(rows) @ matrix.astype(np.float64) @ scale(columns), k)


def _graph(n: int, k: int, neighbours: _Neighbours) -> sp.csr_matrix:
    """The n papers' nearest neighbours by cosine, both ways, for k themes."""
    # A paper's neighbourhood is about the size of a theme, or the graph
    # joins what the themes should keep apart.
    index, similarity = neighbours(min(_NEIGHBOURS, max(3, n // k - 1)))
    # Weights stay positive so that no paper, not even an empty one, is cut off.
    rows = np.repeat(np.arange(n), index.shape[1])
    graph = sp.csr_matrix((similarity.clip(1e-6).ravel(), (rows, index.ravel())), shape=(n, n))
    return graph.maximum(graph.T)


def _spectral_embedding(graph: sp.csr_matrix, k: int) -> np.ndarray:
    """Unit rows of the k leading eigenvectors of the normalised graph, where k-means finds its cuts."""
    n = graph.shape[0]
    scale = sp.diags(1 / np.sqrt(np.asarray(graph.sum(axis=1)).ravel()))
    affinity = scale @ graph @ scale
    if n <= _DENSE_EIGEN:
        # Only the k largest: all n eigenvectors cost 40 times as much.
        _, vectors = scipy.linalg.eigh(affinity.toarray(), subset_by_index=[n - k, n - 1])
    else:
        # A fixed start vector keeps ARPACK deterministic.
        _, vectors = eigsh(affinity, k=k, which="LA", v0=np.ones(n))
    return normalize(vectors)


def _consensus_embedding(together: sp.csr_matrix, k: int) -> np.ndarray:
    """Unit rows of the k leading singular vectors of the normalised paper-by-cluster matrix.

    They are the leading eigenvectors of the normalised agreement between
    papers, got without forming that n by n matrix.
    """
    degree = together @ np.asarray(together.sum(axis=0)).ravel()
    return _leading_left_singular_vectors(sp.diags(1 / np.sqrt(degree)) @ together, k)


def _leading_left_singular_vectors(matrix: sp.csr_matrix, k: int) -> np.ndarray:
    """Unit rows of the matrix's k leading left singular vectors (fewer if it has fewer)."""
    n, m = matrix.shape
    if m <= k + 1:
        vectors = scipy.linalg.svd(matrix.toarray(), full_matrices=False)[0][:, :k]
    elif n <= _DENSE_EIGEN:
        # Few rows but maybe 40,000 columns: the eigenvectors of the rows' n by n products.
        gram = (matrix @ matrix.T).toarray()
        vectors = scipy.linalg.eigh(gram, subset_by_index=[max(0, n - k), n - 1])[1]
    else:
        # A fixed start vector keeps ARPACK deterministic.
        vectors = svds(matrix, k=k, v0=np.ones(min(n, m)))[0]
    return normalize(vectors)


def _refine(terms: sp.csr_matrix, labels: np.ndarray, k: int, rounds: int = _REFINE_ROUNDS) -> np.ndarray:
    """Spherical k-means on the TF-IDF rows from the given labels: each paper goes to the cluster whose mean direction is nearest.

    LSA keeps 150 directions of some 44,000 terms; the terms themselves
    separate the authors' areas better (NMI +0.01 to +0.02 on ICLR 2026).
    A paper with no terms stays where it was.
    """
    n = len(labels)
    if terms.shape[1] == 0:
        return labels
    has_terms = np.diff(terms.indptr) > 0
    for _ in range(rounds):
        # In the terms' float32: float64 centres took a third longer and, on ICLR 2026, moved no paper differently.
        members = sp.csr_matrix((np.ones(n, dtype=terms.dtype), (labels, np.arange(n))), shape=(k, n))
        centres = normalize(members @ terms).toarray()
        moved = np.where(has_terms, np.asarray(terms @ centres.T).argmax(axis=1), labels)
        if (moved == labels).all():
            break
        labels = moved
    return labels


def _ranked_phrases(
    vectors: PaperVectors, list_frequency: np.ndarray, group: np.ndarray, limit: int | None = None
) -> list[tuple[str, int]]:
    """The keys of the theme's phrases (the first limit of them), most distinctive first, each with how many of its papers have it.

    A phrase scores by the share of the theme's papers that have it times
    the share of its papers that are in the theme. Papers added elsewhere
    change neither share, so an unchanged theme keeps its name. Equal scores
    go to the phrase of the more representative paper: group lists the rows
    most representative first.
    """
    in_group = vectors.presence[group]
    in_theme = np.bincount(in_group.indices, minlength=len(vectors.vocabulary))
    # Per column, the first (most representative) row that has the phrase:
    # the entries run row by row, so a column's first entry is in its first row.
    columns, entry = np.unique(in_group.indices, return_index=True)
    first = np.zeros(len(in_theme), dtype=np.int64)
    first[columns] = np.searchsorted(in_group.indptr, entry, side="right") - 1
    # Keyphrases qualify, and so do longer terms that papers share; single
    # words and one paper's turns of phrase do not.
    candidates = np.flatnonzero((in_theme > 0) & (vectors.is_keyword | ((vectors.spaces > 0) & (in_theme >= 2))))
    count = in_theme[candidates]
    share_of_theme = count / len(group)
    share_of_phrase = count / list_frequency[candidates]
    # Two- and three-word phrases name a topic; single words rarely do.
    score = (
        share_of_theme
        * share_of_phrase
        * (1 + 0.25 * np.minimum(vectors.spaces[candidates], 2))
        * vectors.specificity[candidates]
    )
    # Last, the column: the vocabulary is in alphabetical order.
    ranked = candidates[np.lexsort((candidates, first[candidates], -score))]
    index = vectors.column
    keys = (vectors.vocabulary[column] for column in ranked)
    return [(key, int(in_theme[index[key]])) for key in distinct(keys, limit or len(ranked))]


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
    short = [p for p in phrases[:_LABEL_CHOICES] if len(p.split()) <= _LABEL_WORDS - 2]
    pairs = [
        f"{first} and {second}"
        for i, first in enumerate(short)
        for second in short[i + 1 :]
        if len(first.split()) + len(second.split()) + 1 <= _LABEL_WORDS
    ]
    singles = [p for p in phrases[:_LABEL_CHOICES] if 2 <= len(p.split()) <= _LABEL_WORDS]
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
