"""Stage 3: group the papers into named themes.

Papers become TF-IDF vectors of their keyphrase terms, and a list of the
author keywords they share (vectors.py). Themes are cut by spectral
clustering, in the spectrum of the papers' co-clustering with their terms and
keywords beside the spectrum of a nearest-neighbour graph, refined by
spherical k-means, and the consensus of several such cuts (cut.py). Each theme
is then named after the phrases its papers share and the rest of the list
lacks (naming.py). A one-level list is cut by field or by topic instead, and
named by a topic its papers say or are nearest by meaning (fields.py,
topical.py, nearness.py). A build starts from the themes the last one
detected (memory.py), and the curator's overrides are applied last
(overrides.py).
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import math
import re
from collections.abc import Sequence

import numpy as np

from ..analysis.threads import in_parallel, one_thread
from ..cache import NO_CACHE, Cache, digest, file_digest
from ..config import ThemeSettings
from ..errors import ConfigError
from ..model import Paper, ReadingList, Theme
from ..state.memory import Memory, load_memory, remember
from ..text.keyphrases import said
from ..text.segment import CJK, cjk_texts
from ..text.slugs import slugify
from .cut import REFINE_ROUNDS, SUB_CUTS, automatic_k, centres, cut_groups, group_order, refine
from .fields import FIELDS_FILE, Named, field_groups, field_model
from .naming import name_groups, named_theme, names_a_theme, topic_label
from .nearness import NEAR_FILE, NOWHERE, Nearness, topic_nearness
from .overrides import Overrides, apply_overrides, load_overrides
from .settle import Naming, settle
from .topical import Sayings, list_counts, smallest_theme, topical_groups
from .topics import Topic, naming_weight, vocabulary
from .truth import Truth
from .vectors import PaperVectors, Vectors, representative_first

log = logging.getLogger(__name__)
# Longer lists get two levels: themes, and sub-themes under them.
_TWO_LEVEL = 300
# Sub-themes of about this many papers; none longer than a page should be.
_SUBTHEME_SIZE = 120
_PAGE_LIMIT = 200
_RESPLITS = 4
# A theme smaller than this is not split.
_MIN_SPLIT = 8
# The last build's themes are the start when they hold at least this share of
# the papers, and their number is within a tenth of the one asked for.
_REMEMBERED = 0.75
_K_SLACK = 0.1
# A theme that keeps at least this share of its papers (as intersection over
# union) keeps its label, and so its URL.
_SAME_THEME = 0.5
# A one-level list cut by topics may hold this many times the themes the clustering would cut:
# topics are finer, and on the dev lists more of them left fewer papers to place by closeness alone.
TOPICAL_K = 1.5
# The closing theme's slug, whatever the interface's language.
OTHER_SLUG = "other-topics"
_PAPER_FIELDS = frozenset(f.name for f in dataclasses.fields(Paper))


def detect_themes(
    reading_list: ReadingList,
    settings: ThemeSettings,
    cache: Cache = NO_CACHE,
    *,
    embeddings: bool = False,
    vectors: Vectors | None = None,
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
    # The field model and the topic vectors are data, not code: new ones must not meet themes old ones found.
    choices = digest(settings, file_digest(settings.overrides), file_digest(FIELDS_FILE), file_digest(NEAR_FILE), sorted(groups))
    # The pipeline hands the vectors on to related papers and the map; alone, detection makes its own.
    vectors = vectors if vectors is not None else Vectors(papers, cache, embeddings=embeddings)
    texts = vectors.key
    loose = digest(sorted(p.id for p in papers), vectors.embeddings, choices)
    found = cache.get("themes", digest(texts, choices, memory), loose)
    if found is None:
        with one_thread():
            found = _detect(reading_list, settings, overrides, memory, vectors.built)
        # Detection that starts from its own result finds it again: the next
        # build, starting from the memory this one leaves, can take it as it is.
        cache.put("themes", digest(texts, choices, remember(found[2], group_by=settings.group_by)), found, loose)
    themes, subthemes, detected = found
    reading_list.set_themes(themes, subthemes)
    reading_list.detected = detected
    reading_list.group_by = settings.group_by
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
    given: dict[str, list[Theme]] = {}
    if settings.group_by:
        remembered = {t.slug: t for t in memory.themes} if memory.group_by == settings.group_by else {}
        grouped, given = _grouped(vectors, papers, settings.group_by)
        top = [(theme, remembered.get(theme.slug)) for theme in grouped]
    else:
        top = _top_level(vectors, settings, overrides, memory, two_level=two_level, papers=papers)
    # "Other topics" closes the list, whatever its size.
    top.sort(key=lambda pair: (pair[0].other, -len(pair[0].paper_ids), pair[0].label))
    subthemes: list[Theme] = []
    if two_level:
        # Each theme's papers are cut on a thread; the names are given in order, as each must differ from those before.
        # A group whose values name their sub-areas ("Area -> Sub-area") has them as its sub-themes.
        detect = [pair for pair in top if pair[0].slug not in given]
        cuts = dict(
            zip(
                (theme.slug for theme, _ in detect),
                in_parallel(
                    lambda pair: _subtheme_groups(vectors, pair[0], settings.seed, memory.children(pair[1]) if pair[1] else ()),
                    detect,
                ),
                strict=True,
            )
        )
        taken = {theme.slug for theme, _ in top}
        for theme, _ in top:
            if theme.slug in given:
                children = _named_children(given[theme.slug], theme, taken)
            else:
                rows, groups = cuts[theme.slug]
                children = _subthemes(vectors, theme, rows, groups, frozenset(taken))
            taken |= {child.slug for child in children}
            subthemes += children
    reading_list.set_themes([theme for theme, _ in top], subthemes)
    detected = (tuple(reading_list.themes), tuple(subthemes))
    if overrides.renames or overrides.pins or overrides.merges:
        apply_overrides(reading_list, overrides, functools.partial(_closest, vectors))
    return reading_list.themes, reading_list.subthemes, detected


def _top_level(
    vectors: PaperVectors,
    settings: ThemeSettings,
    overrides: Overrides,
    memory: Memory,
    *,
    two_level: bool,
    papers: Sequence[Paper] = (),
) -> list[tuple[Theme, Theme | None]]:
    """The detected top-level themes, each with the remembered theme it continues, if any.

    A one-level list with sentence vectors, in a language other than Chinese
    or Japanese, is cut by field, the areas of a conference's programme
    (fields.py), where a paper is also about the topics it is nearest by
    meaning (nearness.py); without them, by the topics its papers say
    (topical.py), where they say any. If the curator asked for a number of themes, it is
    cut by closeness instead, as the top of a two-level list is. Such themes
    continue the last build's when the memory knows most papers and holds
    about as many themes as asked for, and are found afresh when it does not.
    """
    rows = np.arange(len(vectors.ids))
    asked = settings.k or overrides.k
    k = min(asked or automatic_k(len(rows), two_level=two_level, sentences=vectors.sentences), len(rows))
    if not two_level and not asked:
        sayings = _sayings(vectors, papers)
        # The field model reads English: a list of mostly Chinese or Japanese abstracts is cut by its own topics.
        if vectors.sentences and 2 * cjk_texts(p.abstract for p in papers) <= len(papers):
            nearness = topic_nearness()
            near = Sayings(
                [said | nearest for said, nearest in zip(sayings.about, nearness.near(vectors.embedding), strict=True)],
                sayings.mentions,
            )
            nearby = _candidates(vectors, near)
            named, other = field_groups(
                vectors.embedding, near, nearby, field_model(), functools.partial(topic_label, vectors), nearness
            )
            if named:
                return _settled(vectors, named, other, _naming(vectors, sayings, nearby, nearness, settings.seed), settings)
        candidates = _candidates(vectors, sayings)
        # Topics cut finer than the papers' closeness does: half as many themes again.
        most = math.ceil(TOPICAL_K * k)
        cut = functools.partial(cut_groups, vectors, seed=settings.seed)
        sessions, other = topical_groups(vectors.embedding, sayings, candidates, most, cut)
        if sessions:
            named = [Named(topic_label(vectors, s.key), s.rows) for s in sessions]
            return _settled(vectors, named, other, _naming(vectors, sayings, candidates, NOWHERE, settings.seed), settings)
    groups = _continued(vectors, rows, memory.themes, REFINE_ROUNDS) if not memory.group_by else None
    if groups is None or not (len(groups) == k if asked else abs(len(groups) - k) <= max(1, _K_SLACK * k)):
        groups = [(members, None) for members in cut_groups(vectors, rows, k, settings.seed)]
    themes = name_groups(vectors, [members for members, _ in groups], frozenset(), kept=_kept_labels(vectors, groups))
    return [(theme, origin) for theme, (_, origin) in zip(themes, groups, strict=True)]


def _naming(
    vectors: PaperVectors, sayings: Sayings, candidates: dict[str, Topic | None], nearness: Nearness, seed: int
) -> Naming:
    """What settle.py checks and renames a short list's themes by; the sentence vectors count where the list has them."""
    weight = {key: naming_weight(key, candidates[key]) for key in candidates}
    truth = Truth(sayings.mentions, vectors.embedding if vectors.sentences else None)
    return Naming(
        truth,
        vectors.embedding,
        weight,
        list_counts(sayings.mentions, weight),
        nearness,
        functools.partial(topic_label, vectors),
        smallest_theme(len(vectors.ids)),
        functools.partial(cut_groups, vectors, seed=seed),
    )


def _settled(
    vectors: PaperVectors, named: list[Named], other: np.ndarray, naming: Naming, settings: ThemeSettings
) -> list[tuple[Theme, Theme | None]]:
    """The short list's themes settled (settle.py), closed by the few papers left, none continuing a remembered one."""
    named, other = settle(named, other, naming)
    themes = [named_theme(vectors, n.rows, n.label, vectors.list_frequency) for n in named]
    return [(theme, None) for theme in _closed_by_other(vectors, themes, other, settings.other)]


def _sayings(vectors: PaperVectors, papers: Sequence[Paper]) -> Sayings:
    """What each paper is about and mentions (topical.Sayings), in the rows' order.

    A paper is about what its title (given or derived) or keywords say, or
    its abstract says twice.
    """
    _, acronyms = vocabulary()
    by_id = {paper.id: paper for paper in papers}
    about, mentions = [], []
    for paper in (by_id[paper_id] for paper_id in vectors.ids):
        named = said(" . ".join([paper.title, *paper.keywords]), acronyms)
        abstract = said(paper.abstract, acronyms)
        about.append(frozenset(named) | {key for key, times in abstract.items() if times > 1})
        mentions.append(frozenset(named) | frozenset(abstract))
    return Sayings(about, mentions)


def _candidates(vectors: PaperVectors, sayings: Sayings) -> dict[str, Topic | None]:
    """The phrases a theme may be named by: topics of the vocabulary, and the list's own shared phrases it does not know."""
    topics, _ = vocabulary()
    found: dict[str, Topic | None] = {}
    for key in sorted(frozenset().union(*sayings.mentions, *sayings.about)):
        topic = topics.get(key)
        if topic is not None:
            if names_a_theme(key, topic):
                found[key] = topic
        elif key in vectors.column and (" " in key or CJK.search(key)):
            found[key] = None
    return found


def _closed_by_other(vectors: PaperVectors, themes: list[Theme], other: np.ndarray, label: str) -> list[Theme]:
    """The themes, closed by "Other topics" holding the rows of other if there are any, with slugs apart."""
    if len(other):
        closing = named_theme(vectors, other, label, vectors.list_frequency)
        themes = [*themes, dataclasses.replace(closing, slug=OTHER_SLUG, other=True)]
    return _unique_slugs(themes)


def _unique_slugs(themes: list[Theme]) -> list[Theme]:
    """The themes with slugs apart: a second "Graph learning" is graph-learning-2."""
    used: set[str] = set()
    return [dataclasses.replace(theme, slug=_free_slug(theme.slug, used)) for theme in themes]


def _free_slug(base: str, taken: set[str]) -> str:
    """base, or base-2, base-3, ... whichever taken lacks first; it joins taken."""
    slug, number = base, 1
    while slug in taken:
        number += 1
        slug = f"{base}-{number}"
    taken.add(slug)
    return slug


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
        labels[~known] = (terms[~known] @ centres(terms[known], labels[known], k).T).argmax(axis=1)
    if rounds:
        labels = refine(terms, labels, k, rounds)
    groups = [(rows[labels == g], remembered[present[g]]) for g in range(k)]
    return sorted(
        ((members, origin) for members, origin in groups if len(members)), key=lambda group: group_order(vectors, group[0])
    )


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
    groups: list[_Group] = continued or [(members, None) for members in cut_groups(vectors, rows, k, seed, SUB_CUTS)]
    # Spectral cuts, or papers joining a remembered sub-theme, can leave one part too long for a page: cut it again.
    for _ in range(_RESPLITS):
        long = [members for members, _ in groups if len(members) > _PAGE_LIMIT]
        if not long:
            break
        groups = [group for group in groups if len(group[0]) <= _PAGE_LIMIT]
        for members in long:
            parts = cut_groups(vectors, members, max(2, math.ceil(len(members) / _SUBTHEME_SIZE)), seed, SUB_CUTS)
            # A part that will not split goes in halves, by closeness to its centre.
            halves = parts if len(parts) > 1 else np.array_split(representative_first(vectors, members)[1], 2)
            groups += [(part, None) for part in halves]
    return rows, groups


def _subthemes(vectors: PaperVectors, theme: Theme, rows: np.ndarray, groups: list[_Group], taken: frozenset[str]) -> list[Theme]:
    """The named sub-themes of a theme from its rows cut into groups, with none of the slugs in taken."""
    if not groups:
        return []
    members = [group for group, _ in groups]
    children = name_groups(vectors, members, taken, within=rows, parent=theme.label, kept=_kept_labels(vectors, groups))
    return [
        dataclasses.replace(child, parent=theme.slug) for child in sorted(children, key=lambda t: (-len(t.paper_ids), t.label))
    ]


def _grouped(vectors: PaperVectors, papers: Sequence[Paper], field_name: str) -> tuple[list[Theme], dict[str, list[Theme]]]:
    """Top-level themes named by the values of a paper field ("track", "primary_area", or a key of extra).

    A value "Area -> Sub-area" puts the paper in Area; the themes whose papers
    all name a sub-area come with those as sub-themes (slug to sub-themes),
    which are named but not yet given slugs apart from the other themes'.
    """
    if not any(_field_value(p, field_name) for p in papers):
        raise ConfigError(
            f"no paper has a field '{field_name}' to group by",
            hint="group by a field the input has, e.g. track or primary_area",
        )
    values: dict[str, list[int]] = {}
    subvalues: dict[str, dict[str, list[int]]] = {}
    row = vectors.row
    missing = 0
    for paper in papers:
        value = group_value(_field_value(paper, field_name))
        missing += not value
        area, _, sub = (part.strip() for part in (value or f"No {field_name.replace('_', ' ')}").partition("->"))
        values.setdefault(area, []).append(row[paper.id])
        subvalues.setdefault(area, {}).setdefault(sub, []).append(row[paper.id])
    if missing > len(papers) / 2:
        log.warning(
            '%d of %d papers have no %s: they are grouped under "No %s" (group by a field most papers have)',
            missing,
            len(papers),
            field_name,
            field_name.replace("_", " "),
        )
    themes = []
    given: dict[str, list[Theme]] = {}
    used: set[str] = set()
    for value in sorted(values):
        theme = _field_theme(vectors, value, np.array(sorted(values[value])), used)
        themes.append(theme)
        subs = subvalues[value]
        if "" not in subs:
            given[theme.slug] = [_field_theme(vectors, sub, np.array(sorted(rows)), set()) for sub, rows in sorted(subs.items())]
    return themes, given


def _field_theme(vectors: PaperVectors, value: str, group: np.ndarray, used: set[str]) -> Theme:
    """A theme named by a field's value, its slug apart from those in used (which it joins)."""
    return dataclasses.replace(
        named_theme(vectors, group, value, vectors.list_frequency), slug=_free_slug(slugify(value) or "group", used)
    )


def _named_children(children: list[Theme], parent: Theme, taken: set[str]) -> list[Theme]:
    """A theme's sub-themes given by the field, largest first, with slugs apart from those in taken."""
    seen = set(taken)
    named = [dataclasses.replace(child, slug=_free_slug(child.slug, seen), parent=parent.slug) for child in children]
    return sorted(named, key=lambda t: (-len(t.paper_ids), t.label))


def group_value(value: str) -> str:
    """The group a field's value puts a paper in: the first of a multi-valued cell's values ("Tue 1|Mon 1" is Tue 1)."""
    return next((part.strip() for part in re.split(r"[|;]", value) if part.strip()), "")


def _field_value(paper: Paper, field_name: str) -> str:
    """A paper field's value as one line of text: a Paper attribute, else a key of extra."""
    value = getattr(paper, field_name) if field_name in _PAPER_FIELDS else paper.extra.get(field_name, "")
    if isinstance(value, list | tuple):
        value = "; ".join(map(str, value))
    return " ".join(str(value).split())


def _closest(vectors: PaperVectors, paper_id: str, themes: list[Theme]) -> Theme:
    """The theme whose centre is nearest the paper: where a paper pinned to a two-level theme goes."""
    row = vectors.row
    point = vectors.embedding[row[paper_id]]
    closeness = [float(vectors.embedding[[row[i] for i in t.paper_ids]].mean(axis=0) @ point) for t in themes]
    return themes[int(np.argmax(closeness))]
