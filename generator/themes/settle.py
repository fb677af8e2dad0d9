"""The last word on a short list's themes: every name true of its papers, and every paper in a named theme.

A programme committee puts every paper in a session, and names a session
for what its papers are about. So once a short list is cut (by field or by
topic), each theme's name is checked against its papers (truth.py). A name
that is not true of most of them gives way to one that is: the topic that
tells its papers apart best among those that hold, else the topic they are
all nearest by meaning, else two topics that between them name them; one
whose name none replaces gives sessions to the topics a few of its papers
share. A paper its theme's name is not true of moves to the nearest theme
whose name is, and so does a paper of the closing section. Two themes that name one
topic at two grains ("Optimization" beside "Convex optimization") are one
theme. The closing section keeps only papers that no theme's name is true
of, at most a twentieth of the list (two papers of a short one); the rest
of them join the theme they are nearest. A theme of more than a third of
the list gives a session to a topic some of its papers say or are near by
meaning, so long as both names are true of their papers: a few broad
sessions rather than one of half the list.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from .fields import Named
from .naming import names_a_theme
from .nearness import Nearness
from .topical import telling_pair, telling_topic
from .topics import naming_weight, vocabulary
from .truth import Truth, name_parts, same_topic

# The closing section holds at most this share of a list, or this few papers of a short one: 2 of 19 or 50, 7 of 150.
CLOSING_SHARE = 0.05
CLOSING_FEW = 2
# Topics tried, the most telling first, for a name that does not hold.
_TRIES = 8
# At most this many times does a theme of more than a third of the list give a session to a topic of its papers.
_GIANT_CUTS = 3
# A theme of this many papers whose name is true of them all is a session, however short the list: a programme's
# sessions hold four to six talks.
_SESSION = 6
# A paper leaves its theme for one whose name is true of it only this near that theme's centre, as a share of how
# near its own papers are (as topical.py places papers).
_NEAR_ENOUGH = 0.5


@dataclass(frozen=True)
class Naming:
    """What a theme may be named by: the list's rows' sayings and sentence vectors (truth), the candidate topics'
    naming weights and how many of the list's papers say each (topical.list_counts), the topics near by meaning,
    label(*keys), which spells a topic's key or two as a name, the fewest papers a theme holds, and cut(rows, n),
    which groups rows by closeness into at most n groups."""

    truth: Truth
    embedding: np.ndarray
    weight: Mapping[str, float]
    saying: Counter[str]
    nearness: Nearness
    label: Callable[..., str]
    smallest: int
    cut: Callable[[np.ndarray, int], list[np.ndarray]]


def settle(themes: Sequence[Named], other: np.ndarray, naming: Naming) -> tuple[list[Named], np.ndarray]:
    """The themes with names true of their papers and the papers moved to a theme whose name is true of them, biggest
    first, and the rows left to close the list."""
    themes = list(themes)
    themes = [_true_name(theme, themes, naming) for theme in themes]
    themes = _one_per_topic(themes, naming)
    themes = _carved_sessions(themes, naming)
    themes, other = _moved(themes, other, naming)
    count = len(naming.embedding)
    themes, other = _closed(themes, other, naming.embedding, max(CLOSING_FEW, math.floor(CLOSING_SHARE * count)))
    themes = _no_giant(themes, naming)
    return sorted(themes, key=lambda t: (-len(t.rows), t.label)), other


def _true_name(theme: Named, themes: Sequence[Named], naming: Naming, *, always: bool = False) -> Named:
    """The theme, renamed where its name does not hold (or always) by a name that does and names no other theme's
    topic; as it is if there is none."""
    truth, rows = naming.truth, theme.rows
    if not always and truth.holds(theme.label, rows):
        return theme
    others = [t.label for t in themes if t is not theme]

    def fits(name: str) -> bool:
        return bool(name) and truth.holds(name, rows) and not any(same_topic(name, o) for o in others)

    mentions = truth.mentions
    tried: list[str] = []
    for _ in range(_TRIES):
        key = telling_topic(mentions, naming.weight, naming.saying, rows, max(2, len(rows) / 3), tried)
        if not key:
            break
        if fits(naming.label(key)):
            return Named(naming.label(key), rows)
        tried.append(key)
    # A part of the name on its own: "Test-time scaling" of "Test-time scaling and large language models"; not a
    # menu's single word ("Image" of "Image and video"), unless it is a topic of its own ("Interpretability").
    for part in name_parts(theme.label) if len(name_parts(theme.label)) > 1 else ():
        if _names_a_session(part) and fits(part[:1].upper() + part[1:]):
            return Named(part[:1].upper() + part[1:], rows)
    near = naming.nearness.name(naming.embedding[rows])
    if near and fits(naming.label(near)):
        return Named(naming.label(near), rows)
    pair = telling_pair(mentions, naming.weight, naming.saying, rows)
    if pair and fits(naming.label(*pair)):
        return Named(naming.label(*pair), rows)
    return theme


def _names_a_session(part: str) -> bool:
    """Whether a part of a name can name a session on its own: a part of several words, or a topic of one word the
    vocabulary holds topical enough."""
    if " " in part.strip() or "-" in part:
        return True
    key = part.casefold()
    topic = vocabulary()[0].get(key)
    return topic is not None and names_a_theme(key, topic)


def _one_per_topic(themes: list[Named], naming: Naming) -> list[Named]:
    """No two themes naming one topic at two grains ("Large language models" beside "Large language model evaluation"):
    the broader is renamed where a true name names no other theme's topic, else the two are one theme, under the
    narrower name if it holds of them all."""
    themes = list(themes)
    while True:
        pair = next(
            (
                (i, j)
                for i in range(len(themes))
                for j in range(i + 1, len(themes))
                if same_topic(themes[i].label, themes[j].label)
            ),
            None,
        )
        if pair is None:
            return themes
        broad, narrow = sorted(pair, key=lambda t: (len(themes[t].label.split()), t))
        renamed = _true_name(themes[broad], themes, naming, always=True)
        if not any(same_topic(renamed.label, t.label) for t in themes if t is not themes[broad]):
            themes[broad] = renamed
            continue
        rows = np.sort(np.concatenate([themes[broad].rows, themes[narrow].rows]))
        label = themes[narrow].label if naming.truth.holds(themes[narrow].label, rows) else themes[broad].label
        themes = [t for i, t in enumerate(themes) if i not in pair] + [Named(label, rows)]


def _moved(themes: list[Named], other: np.ndarray, naming: Naming) -> tuple[list[Named], np.ndarray]:
    """Each paper of the closing section joins the nearest theme whose name is true of it, and so does a paper its own
    theme's name is not true of, where it is nearer that theme than its own and about as near as that theme's papers
    are, and that theme holds under a third of the list. A theme keeps its smallest number of papers."""
    if not themes:
        return themes, other
    count = len(naming.embedding)
    true = np.column_stack([naming.truth.papers(theme.label, np.arange(count)) for theme in themes])
    closeness = naming.embedding @ _centres(naming.embedding, themes).T
    theme_of = np.full(count, -1)
    for t, theme in enumerate(themes):
        theme_of[theme.rows] = t
    own = np.array([closeness[theme.rows, t].mean() for t, theme in enumerate(themes)])
    sizes = np.bincount(theme_of[theme_of >= 0], minlength=len(themes))
    for row in np.lexsort((np.arange(count), -closeness.max(axis=1))):
        now = theme_of[row]
        options = np.flatnonzero(true[row])
        if now >= 0:
            if true[row, now] or sizes[now] <= naming.smallest:
                continue
            options = [
                t
                for t in options
                if closeness[row, t] > closeness[row, now]
                and closeness[row, t] >= _NEAR_ENOUGH * own[t]
                and 3 * (sizes[t] + 1) <= count
            ]
        if not len(options):
            continue
        best = max(options, key=lambda t: (closeness[row, t], -t))
        if now >= 0:
            sizes[now] -= 1
        theme_of[row] = best
        sizes[best] += 1
    moved = [Named(theme.label, np.flatnonzero(theme_of == t)) for t, theme in enumerate(themes)]
    return [theme for theme in moved if len(theme.rows)], np.flatnonzero(theme_of < 0)


def _closed(themes: list[Named], other: np.ndarray, embedding: np.ndarray, room: int) -> tuple[list[Named], np.ndarray]:
    """The closing section cut to room: the papers beyond it, the nearest first, join the theme they are nearest of
    those under a third of the list (of all, when none is)."""
    if len(other) <= room or not themes:
        return themes, other
    count = len(embedding)
    closeness = embedding[other] @ _centres(embedding, themes).T
    order = np.lexsort((other, -closeness.max(axis=1)))
    members = [list(theme.rows) for theme in themes]
    for i in order[: len(other) - room]:
        under = [t for t in range(len(themes)) if 3 * (len(members[t]) + 1) <= count] or range(len(themes))
        members[max(under, key=lambda t: (closeness[i, t], -t))].append(int(other[i]))
    kept = np.sort(other[order[len(other) - room :]])
    return [Named(theme.label, np.sort(np.array(rows))) for theme, rows in zip(themes, members, strict=True)], kept


def _no_giant(themes: list[Named], naming: Naming) -> list[Named]:
    """A theme of more than a third of the list gives a session to a topic some of its papers share, or else, its
    name not true of every paper, is cut in two by closeness: a few broad sessions rather than one of half the
    list, even when the broad name is true of every paper ("Image and video" over 14 of a vision conference's 19)."""
    count = len(naming.embedding)
    for _ in range(_GIANT_CUTS):
        giant = next((t for t in themes if 3 * len(t.rows) > count), None)
        if giant is None:
            break
        others = [t for t in themes if t is not giant]
        true = naming.truth.share(giant.label, giant.rows) == 1
        carved = _carved(giant, others, naming) if len(giant.rows) > _SESSION or not true else None
        if carved is None and not true:
            carved = _halved(giant, others, naming)
        if carved is None:
            break
        themes = [*others, *carved]
    return themes


def _halved(giant: Named, others: list[Named], naming: Naming) -> list[Named] | None:
    """The giant cut in two by closeness where a part finds a true name of its own (the other keeps the theme's);
    None where a part is too small or the two name one topic."""
    parts = [np.sort(rows) for rows in naming.cut(giant.rows, 2)]
    if len(parts) != 2 or min(map(len, parts)) < naming.smallest:
        return None
    named = [_true_name(Named(giant.label, rows), others, naming, always=True) for rows in parts]
    # The part that found no name of its own, or one of its sibling's topic, is named again beside its sibling.
    for i in (0, 1):
        if named[i].label == giant.label or same_topic(named[i].label, named[1 - i].label):
            named[i] = _true_name(Named(giant.label, parts[i]), [*others, named[1 - i]], naming, always=True)
    if named[0].label == named[1].label or same_topic(named[0].label, named[1].label):
        return None
    return named


def _carved_sessions(themes: list[Named], naming: Naming) -> list[Named]:
    """Each theme whose name no true name could replace, or that holds more papers than two sessions, gives sessions
    to the topics some of its papers share, up to three, so that fewer papers sit under a name that is not true of
    them ("Vision, audio and language" over text) or under a field's name ("Image and video" over 25 papers). The
    rest of a theme whose name held still holds."""
    for theme in list(themes):
        held = naming.truth.holds(theme.label, theme.rows)
        for _ in range(_GIANT_CUTS):
            if held and len(theme.rows) <= 2 * _SESSION:
                break
            others = [t for t in themes if t is not theme]
            carved = _carved(theme, others, naming, rest_holds=held)
            if carved is None:
                break
            themes = [*others, *carved]
            theme = carved[1]
    return themes


def _carved(theme: Named, others: list[Named], naming: Naming, *, rest_holds: bool = True) -> list[Named] | None:
    """The theme's papers that say a telling topic or are near it, as a theme of that name, and the rest under the
    theme's name where it holds of them (else a true name of their own, or where not rest_holds, its name as it is);
    None where no topic gives two such themes."""
    truth, rows = naming.truth, theme.rows
    taken = [theme.label, *(theme.label for theme in others)]
    topics = _carving(naming, rows)
    for key in sorted(topics, key=lambda k: (-topics[k][0], k))[:_TRIES]:
        label, inside = naming.label(key), topics[key][1]
        if any(label == other or same_topic(label, other) for other in taken):
            continue
        if not naming.smallest <= inside.sum() <= len(rows) - naming.smallest:
            continue
        part = Named(label, rows[inside])
        rest = _true_name(Named(theme.label, rows[~inside]), [*others, part], naming)
        holds = truth.holds(rest.label, rest.rows) or not rest_holds
        if holds and truth.holds(label, part.rows) and not same_topic(label, rest.label):
            return [part, rest]
    return None


def _carving(naming: Naming, rows: np.ndarray) -> dict[str, tuple[float, np.ndarray]]:
    """The topics that may carve a session out of rows, each with which of the rows say it or are near it by meaning
    (as nearness.py reads the package's topic vectors), scored by how many of them, times how many more of them
    than of the rest of the list, times how well it names a session: a broad session of a true name before a pair."""
    truth, nearness = naming.truth, naming.nearness
    inside = np.zeros(len(truth.mentions), dtype=bool)
    inside[rows] = True
    topics, _ = vocabulary()
    keys = {key for row in rows for key in truth.mentions[row] if key in naming.weight}
    near = np.zeros((len(inside), 0), dtype=bool)
    if truth.embedding is not None and nearness.keys:
        near = np.isfinite(nearness.above(truth.embedding))
        keys |= {nearness.keys[t] for t in np.flatnonzero(near[inside].any(axis=0))}
    column = {key: t for t, key in enumerate(nearness.keys)} if near.shape[1] else {}
    found = {}
    for key in keys:
        topic = topics.get(key)
        if key not in naming.weight and (topic is None or not names_a_theme(key, topic)):
            continue
        about = np.array([key in mentions for mentions in truth.mentions])
        if key in column:
            about |= near[:, column[key]]
        count = int(about[inside].sum())
        lift = about[inside].mean() - (about[~inside].mean() if (~inside).any() else 0.0)
        if count >= naming.smallest and lift > 0:
            found[key] = (count * float(lift) * naming.weight.get(key, naming_weight(key, topic)), about[rows])
    return found


def _centres(embedding: np.ndarray, themes: Sequence[Named]) -> np.ndarray:
    """Each theme's centre, of unit length."""
    centres = np.array([embedding[theme.rows].mean(axis=0) for theme in themes])
    return centres / np.maximum(np.linalg.norm(centres, axis=1, keepdims=True), 1e-12)
