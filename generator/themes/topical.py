"""Themes of a one-level list, each named by a topic most of its papers are about.

A one-level list is cut by what its papers are about, not only by where
they fall: a topic (topics.py) that several papers are about, and that the
sentence model finds close together, becomes a theme of those papers. A
paper is about a phrase that its title or keywords say, or its abstract
says twice; it mentions one its abstract says once. Narrow topics are taken
greedily, the most telling first: those papers are about, then those the
papers left mention. A paper about more than one chosen topic joins the
theme whose papers it is nearest; one that merely mentions a chosen topic
joins its theme next. The papers still left are cut by closeness into small
groups, and a group joins the theme of a topic most of its papers say: so a
broad topic ("large language models") names a few close papers, never every
paper that says it. A theme left too small is dissolved. A paper that says
no theme's topic joins the theme it is nearest to if it is about as near as
that theme's papers and three in four of them still say its label; the
rest close the list under "Other topics", which holds at most a fifth of it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from .topics import BROADEST, Topic, naming_weight, share_a_word

# A theme holds at least this many papers: two for short lists, three from 100 papers.
_MIN_THEME = (2, 3)
_MIN_THEME_FROM = 100
# At most this share of a theme's papers does not say its label.
_UNSAID = 0.25
# Each half of an "X and Y" label is said by at least this share of the theme's papers; the halves are drawn from the
# topics that tell the theme apart best, this many of them.
_HALF = 1 / 3
_PAIR_CHOICES = 12
# A paper that says none of a theme's topic joins it only this near its centre, as a share of how near its papers are.
_NEAR_ENOUGH = 0.5
# At most this share of the list closes it under "Other topics".
OTHER_SHARE = 0.2
# A phrase that more than this share of a list of more than _FEW papers says tells no group apart.
_EVERYWHERE = 0.5
_FEW = 10
# However loosely a topic's papers hang together, it counts this much.
_NEAR_FLOOR = 0.01
# Rounds in which papers about several topics move to the nearest of them.
_ROUNDS = 3
# The papers no topic took are cut by closeness into groups of about this many;
# a topic names such a group when at least this share of its papers say it.
_LEFT_GROUP = 4
_MOST = 0.5


@dataclass(frozen=True)
class Session:
    """A theme found by its topic: the topic's key and the rows of its papers."""

    key: str
    rows: np.ndarray


@dataclass(frozen=True)
class Sayings:
    """What each paper, by row, is about and what it mentions at all (about is a part of mentions)."""

    about: Sequence[frozenset[str]]
    mentions: Sequence[frozenset[str]]


def topical_groups(
    embedding: np.ndarray,
    sayings: Sayings,
    candidates: Mapping[str, Topic | None],
    k: int,
    cut: Callable[[np.ndarray, int], list[np.ndarray]],
) -> tuple[list[Session], np.ndarray]:
    """The list's themes by topic, biggest first, and the rows left for "Other topics".

    embedding holds one unit row per paper; candidates are the topic keys a
    theme may be named by, each with its vocabulary entry (None for a phrase
    of the list's own). At most k narrow topics are chosen; cut(rows, n)
    groups rows by closeness into at most n groups.
    """
    about = sayings.about
    count = len(about)
    smallest = smallest_theme(count)
    base = mean_closeness(embedding)
    weight = {key: naming_weight(key, candidates[key]) for key in candidates}
    chosen: list[str] = []
    left = np.ones(count, dtype=bool)
    # Topics that papers are about come first; then, for the papers left, topics they mention. A broad
    # topic ("large language models") would take every paper that says it: it only names groups of the rest.
    narrow = narrow_topics(candidates)
    for says in (about, sayings.mentions):
        sayers = sayers_of(says, narrow)
        widest = _EVERYWHERE * count if count > _FEW else count
        sayers = {key: rows for key, rows in sayers.items() if smallest <= len(rows) <= widest}
        while len(chosen) < k:
            best, _ = best_topic(embedding, sayers, weight, left, smallest, chosen, base)
            if not best:
                break
            chosen.append(best)
            left[sayers[best]] = False
    theme_of = _settle(embedding, about, chosen, smallest)
    _join_mentioned(embedding, sayings.mentions, chosen, theme_of)
    chosen, theme_of = _without_the_smallest(chosen, theme_of, smallest)
    _name_the_rest(sayings.mentions, weight, chosen, theme_of, smallest, cut)
    chosen, theme_of = _without_the_smallest(chosen, theme_of, smallest)
    _place_the_rest(embedding, sayings.mentions, chosen, theme_of)
    sessions = [Session(key, np.flatnonzero(theme_of == t)) for t, key in enumerate(chosen)]
    sessions = sorted((s for s in sessions if len(s.rows)), key=lambda s: (-len(s.rows), s.key))
    return sessions, np.flatnonzero(theme_of < 0)


def smallest_theme(count: int) -> int:
    """The fewest papers a theme of a list of count papers holds."""
    return _MIN_THEME[count >= _MIN_THEME_FROM]


def narrow_topics(candidates: Mapping[str, Topic | None]) -> list[str]:
    """The candidate keys, in order, that are not everyone's topic (see topics.BROADEST)."""
    return sorted(key for key, topic in candidates.items() if topic is None or topic.share <= BROADEST)


def sayers_of(says: Sequence[frozenset[str]], keys: Sequence[str]) -> dict[str, np.ndarray]:
    """Each key's rows, those whose sayings (about or mentions) hold it, in the keys' order."""
    return {key: np.array([row for row, said in enumerate(says) if key in said], dtype=int) for key in keys}


def mean_closeness(embedding: np.ndarray) -> float:
    """The mean cosine of two of the rows (unit rows): for the whole list, what a group's own closeness is measured against."""
    count = len(embedding)
    total = embedding.sum(axis=0)
    return (float(total @ total) - count) / max(count * (count - 1), 1)


def best_topic(
    embedding: np.ndarray,
    sayers: Mapping[str, np.ndarray],
    weight: Mapping[str, float],
    left: np.ndarray,
    least: int,
    chosen: Sequence[str],
    base: float,
    stands: Callable[[np.ndarray], bool] | None = None,
) -> tuple[str, np.ndarray]:
    """The topic whose papers still left (at least least of them) make the best session, and those rows; "" if none.

    sayers holds each key's rows in key order; a topic is weighed by how well
    it names a session (squared), how many papers left say it, and how much
    nearer each other they are than the list's papers are (base). None
    overlapping a chosen topic is taken, nor one whose papers do not stand
    as a theme, if stands judges that.
    """
    best, best_gain, best_rows = "", 0.0, np.empty(0, dtype=int)
    for key, rows in sayers.items():
        free = rows[left[rows]]
        if len(free) < least or any(overlaps(key, other) for other in chosen) or (stands and not stands(free)):
            continue
        gain = weight[key] ** 2 * len(free) * closeness(embedding[free], base)
        if gain > best_gain:
            best, best_gain, best_rows = key, gain, free
    return best, best_rows


def overlaps(key: str, other: str) -> bool:
    """Whether one phrase holds the other ("diffusion model" and "latent diffusion model"): one theme is enough."""
    return f" {key} " in f" {other} " or f" {other} " in f" {key} "


def closeness(rows: np.ndarray, base: float) -> float:
    """How much nearer a group's papers are to each other than the list's are on average: a shared word is not a theme."""
    return max(_NEAR_FLOOR, mean_closeness(rows) - base)


def _settle(embedding: np.ndarray, about: Sequence[frozenset[str]], chosen: list[str], smallest: int) -> np.ndarray:
    """Each row's theme (an index into chosen, -1 for none): a paper about several topics joins the nearest of them."""
    theme_of = np.full(len(about), -1)
    if not chosen:
        return theme_of
    for t, key in enumerate(chosen):
        for row, says in enumerate(about):
            if theme_of[row] < 0 and key in says:
                theme_of[row] = t
    for _ in range(_ROUNDS):
        centres = _centres(embedding, theme_of, len(chosen))
        moved = theme_of.copy()
        for row, says in enumerate(about):
            options = [t for t, key in enumerate(chosen) if key in says]
            if len(options) > 1:
                moved[row] = max(options, key=lambda t: (float(embedding[row] @ centres[t]), -t))
        # A theme that the moves would leave too small keeps its papers.
        sizes = np.bincount(moved[moved >= 0], minlength=len(chosen))
        keep = (sizes < smallest)[np.maximum(theme_of, 0)] & (theme_of >= 0)
        moved = np.where(keep, theme_of, moved)
        if (moved == theme_of).all():
            break
        theme_of = moved
    return theme_of


def _centres(embedding: np.ndarray, theme_of: np.ndarray, themes: int) -> np.ndarray:
    """Each theme's centre, of unit length."""
    centres = np.zeros((themes, embedding.shape[1]))
    for t in range(themes):
        members = embedding[theme_of == t]
        if len(members):
            centre = members.mean(axis=0)
            centres[t] = centre / (np.linalg.norm(centre) or 1)
    return centres


def _join_mentioned(embedding: np.ndarray, mentions: Sequence[frozenset[str]], chosen: list[str], theme_of: np.ndarray) -> None:
    """A paper in no theme that mentions a chosen topic joins its theme, the nearest if it mentions several."""
    centres = _centres(embedding, theme_of, len(chosen))
    for row in np.flatnonzero(theme_of < 0):
        options = [t for t, key in enumerate(chosen) if key in mentions[row]]
        if options:
            theme_of[row] = max(options, key=lambda t: (float(embedding[row] @ centres[t]), -t))


def _name_the_rest(
    mentions: Sequence[frozenset[str]],
    weight: Mapping[str, float],
    chosen: list[str],
    theme_of: np.ndarray,
    smallest: int,
    cut: Callable[[np.ndarray, int], list[np.ndarray]],
) -> None:
    """The rows in no theme, beyond what "Other topics" may hold, cut by closeness into small groups: the papers of a group
    that say the telling topic most of them say join its theme (a new one, if no theme has it yet)."""
    left = np.flatnonzero(theme_of < 0)
    if len(left) <= math.floor(OTHER_SHARE * len(mentions)):
        return
    saying = list_counts(mentions, weight)
    for members in cut(left, min(len(left), math.ceil(len(left) / _LEFT_GROUP))):
        best = telling_topic(mentions, weight, saying, members, max(smallest, _MOST * len(members)))
        if not best:
            continue
        if best not in chosen:
            chosen.append(best)
        theme_of[[row for row in members if best in mentions[row]]] = chosen.index(best)


def list_counts(mentions: Sequence[frozenset[str]], weight: Mapping[str, float]) -> Counter[str]:
    """How many of the list's papers mention each topic of weight."""
    return Counter(key for said in mentions for key in said if key in weight)


def telling_topic(
    mentions: Sequence[frozenset[str]],
    weight: Mapping[str, float],
    saying: Counter[str],
    rows: np.ndarray,
    least: float,
    taken: Collection[str] = (),
) -> str:
    """The topic at least least of the rows mention, none of taken, that tells them apart best; "" if none.

    A topic scores by how many more of the rows than of the rest of the list
    say it (saying: list_counts), times how well it names a session. Equal
    scores go to the first key in alphabetical order, whatever the rows' order.
    """
    score = _telling(mentions, weight, saying, rows, least, taken)
    return max(sorted(score), key=score.__getitem__) if score else ""


def _telling(
    mentions: Sequence[frozenset[str]],
    weight: Mapping[str, float],
    saying: Counter[str],
    rows: np.ndarray,
    least: float,
    taken: Collection[str],
) -> dict[str, float]:
    """Each topic at least least of the rows mention, none of taken, scored as telling_topic says."""
    count, size = len(mentions), len(rows)
    inside = Counter(key for row in rows for key in mentions[row] if key in weight and key not in taken)
    return {key: (n / size - (saying[key] - n) / max(count - size, 1)) * weight[key] for key, n in inside.items() if n >= least}


def telling_pair(
    mentions: Sequence[frozenset[str]],
    weight: Mapping[str, float],
    saying: Counter[str],
    rows: np.ndarray,
    taken: Collection[str] = (),
) -> tuple[str, str] | None:
    """Two topics that together name the rows, "X and Y", or None: each said by a good part of them (_HALF), between
    them by three in four (_UNSAID), sharing no word.

    Of the topics that tell the rows apart best (telling_topic's score),
    the pair wins whose papers are most the rows' rather than the rest of
    the list's, weighed by the worse namer of the two.
    """
    count, size = len(mentions), len(rows)
    score = _telling(mentions, weight, saying, rows, max(2, _HALF * size), taken)
    keys = sorted(sorted(score), key=score.__getitem__, reverse=True)[:_PAIR_CHOICES]
    said_by = {key: set(found.tolist()) for key, found in sayers_of(mentions, keys).items()}
    own = set(rows.tolist())
    best, best_score = None, 0.0
    for i, first in enumerate(keys):
        for second in keys[i + 1 :]:
            if share_a_word(first, second):
                continue
            sayers = said_by[first] | said_by[second]
            held = len(sayers & own)
            if held < (1 - _UNSAID) * size:
                continue
            gain = (held / size - len(sayers - own) / max(count - size, 1)) * min(weight[first], weight[second])
            if gain > best_score:
                best, best_score = (first, second), gain
    return best


def _without_the_smallest(chosen: list[str], theme_of: np.ndarray, smallest: int) -> tuple[list[str], np.ndarray]:
    """The themes left holding at least smallest papers, and each row's theme among them (-1 for none).

    A topic chosen for the papers that mention it can be left with fewer
    once papers about other topics went to those: its papers are placed anew.
    """
    sizes = np.bincount(theme_of[theme_of >= 0], minlength=len(chosen))
    kept = [t for t in range(len(chosen)) if sizes[t] >= smallest]
    index = np.full(len(chosen) + 1, -1)
    index[kept] = np.arange(len(kept))
    return [chosen[t] for t in kept], index[theme_of]


def _place_the_rest(embedding: np.ndarray, mentions: Sequence[frozenset[str]], chosen: list[str], theme_of: np.ndarray) -> None:
    """Rows in no theme join their nearest theme while three in four of its papers still say its label; at most a fifth stay out.

    The nearest placements come first, so a paper close to a theme takes
    its place before one that merely has nowhere else to go.
    """
    loose = np.flatnonzero(theme_of < 0)
    if not chosen or not len(loose):
        return
    centres = _centres(embedding, theme_of, len(chosen))
    closeness = embedding[loose] @ centres.T
    nearest = closeness.argmax(axis=1)
    sizes = np.bincount(theme_of[theme_of >= 0], minlength=len(chosen))
    unsaid = np.zeros(len(chosen), dtype=int)
    for row in np.flatnonzero(theme_of >= 0):
        unsaid[theme_of[row]] += chosen[theme_of[row]] not in mentions[row]
    allowed_out = math.floor(OTHER_SHARE * len(mentions))
    out = len(loose)
    # A paper joins a theme of its own accord only if it is about as near its centre as the theme's own papers.
    own = np.array([float(np.mean(embedding[theme_of == t] @ centres[t])) for t in range(len(chosen))])
    for i in np.lexsort((loose, -closeness.max(axis=1))):
        t = nearest[i]
        welcome = closeness[i, t] >= _NEAR_ENOUGH * own[t] and unsaid[t] + 1 <= _UNSAID * (sizes[t] + 1)
        if welcome or out > allowed_out:
            theme_of[loose[i]] = t
            sizes[t] += 1
            unsaid[t] += 1
            out -= 1
