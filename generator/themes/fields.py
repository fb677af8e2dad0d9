"""Themes of a short list by field: the areas a programme committee would put its papers in, named by a topic most say.

A linear model over the sentence vectors (fields.npz, written by
tools/fields.py) gives each paper the likelihood of each area of a
conference's programme: ICLR 2026's areas, each under a session name. Each
paper joins the likeliest field left standing. A field falls when it holds
fewer papers than a theme must, or a few papers that are no nearer each
other than the list's papers are (a model's guess put them there, and they
share nothing); the weakest falls first. The papers least likely to be in
the field they joined close the list under "Other topics", while that holds
at most a fifth of it. A field of more than a few papers is cut again by
the topics its papers are about (topical.best_topic), each taking papers
that could stand as a theme of their own and named by the topic they are
all nearest by meaning where there is one (nearness.py: "Large language
model evaluation" over two papers that evaluate LLMs in their own words),
and the rest of it stays one theme. A field's theme is named by a topic
that three in four of its papers say, else by two topics that between them
do ("Protein language models and graph neural networks"), else by the
field's session name, or a narrower one its papers speak of ("Image and
video"); themes of one name are one.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..text.wordlists import words
from .nearness import NOWHERE, Nearness
from .topical import (
    OTHER_SHARE,
    Sayings,
    best_topic,
    closeness,
    list_counts,
    mean_closeness,
    narrow_topics,
    sayers_of,
    smallest_theme,
    telling_pair,
    telling_topic,
)
from .topics import Topic, naming_weight, phrase_words

FIELDS_FILE = Path(__file__).with_name("fields.npz")
# A field with more papers than this (or than this share of a long list) is cut again by the topics its papers are about,
# each of at least _TOPIC_PAPERS of them that stand as a theme (see _stands). On held-out lists, cutting fields of more
# than 3 rather than 6 papers, by topics of 2 rather than 3, raised the share of themes named by a topic their papers say.
_SPLIT = 3
_SPLIT_SHARE = 0.06
_TOPIC_PAPERS = 2
# A topic names a field's theme when at least this share of its papers say it.
_NAMED = 0.75
# A field's session name gives way to a narrower one when three in four of its theme's papers say one of that name's
# words: the multi-modal area's papers are mostly about images and video, but at a conference of speech or of language
# papers they are not. Read blind over the same papers, "Image and video" scored 3.25 to 3.5 for its label where "Vision,
# audio and language" scored 2.3 to 2.7 ("Computer vision" 3.75, but few papers say it, and coverage fell).
_NARROWER = {
    "Vision, audio and language": (
        ("Image and video", words("image video visual vision pixel 3d camera scene segmentation rendering")),
        ("Speech and audio", words("speech audio acoustic sound music speaker")),
    ),
}
# A paper less likely than this to be in the field it joined closes the list, while there is room.
_UNSURE = 0.35
# A field of fewer than _SOLID papers stands only if they are nearer each other than the list's papers are by _TIGHT.
# Of the 2- and 3-paper themes blind readers scored on held-out lists, those below 0.05 read 2.3 for coherence, those above 3.1.
_SOLID = 4
_TIGHT = 0.05


@dataclass(frozen=True)
class Fields:
    """The field model: each field's session name ("" for a field that names no session), the weights and biases of
    its linear scores, and the key of the sentence model it was fitted on."""

    names: tuple[str, ...]
    weights: np.ndarray
    bias: np.ndarray
    model: str

    def odds(self, embedding: np.ndarray) -> np.ndarray:
        """Each row's likelihood of each field, out of the fields with a name: one without counts for nothing."""
        scores = embedding.astype(np.float64) @ self.weights.T.astype(np.float64) + self.bias
        scores -= scores.max(axis=1, keepdims=True)
        odds = np.exp(scores)
        odds[:, [not name for name in self.names]] = 0.0
        return odds / odds.sum(axis=1, keepdims=True)


@functools.lru_cache(maxsize=1)
def field_model(path: Path = FIELDS_FILE) -> Fields:
    """The field model the package ships, read once."""
    with np.load(path) as stored:
        return Fields(
            tuple(str(name) for name in stored["names"]),
            stored["weights"].copy(),
            stored["bias"].copy(),
            str(stored["model"]),
        )


@dataclass(frozen=True)
class Named:
    """A theme found by field: its label (a topic's, or its field's name where none fits) and the rows of its papers."""

    label: str
    rows: np.ndarray


def field_groups(
    embedding: np.ndarray,
    sayings: Sayings,
    candidates: Mapping[str, Topic | None],
    fields: Fields,
    label: Callable[..., str],
    nearness: Nearness = NOWHERE,
) -> tuple[list[Named], np.ndarray]:
    """The list's themes by field, biggest first, and the rows left for "Other topics"; label(*keys) spells one topic's key or two.

    A topic that cuts a field names its papers' theme, or the topic they are
    all nearest by meaning (nearness.name) where there is one.

    No themes if no field stands: the list is too short or too scattered to
    be cut by field.
    """
    count = len(embedding)
    smallest = smallest_theme(count)
    base = mean_closeness(embedding)
    odds = fields.odds(embedding)
    standing = _standing(embedding, odds, smallest, base)
    if standing is None:
        return [], np.arange(count)
    field_of = _closed(odds, standing, smallest, math.floor(OTHER_SHARE * count))
    weight = {key: naming_weight(key, candidates[key]) for key in candidates}
    split = max(_SPLIT, math.ceil(_SPLIT_SHARE * count))
    sayers = sayers_of(sayings.about, narrow_topics(candidates))
    saying = list_counts(sayings.mentions, weight)
    themes: list[Named] = []
    taken: list[str] = []
    stands = functools.partial(_stands, embedding, smallest=smallest, base=base)
    for field in np.unique(field_of[field_of >= 0]):
        left = field_of == field
        topics: list[Named] = []
        while left.sum() > split:
            key, rows = best_topic(embedding, sayers, weight, left, max(_TOPIC_PAPERS, smallest), taken, base, stands)
            if not key:
                break
            topics.append(Named(label(nearness.name(embedding[rows]) or key), rows))
            taken.append(key)
            left[rows] = False
        rest = np.flatnonzero(left)
        if topics and len(rest) < smallest:
            # Too few left to stand alone: each joins the topic whose papers it is nearest.
            topics = _joined(embedding, topics, rest)
        elif len(rest):
            named = _name(sayings.mentions, weight, saying, rest, taken, label)
            topics.append(Named(named or _session_name(fields.names[field], sayings.mentions, rest), rest))
        themes += topics
    return _merged(themes), np.flatnonzero(field_of < 0)


def _name(
    mentions: Sequence[frozenset[str]],
    weight: Mapping[str, float],
    saying: Counter[str],
    rows: np.ndarray,
    taken: Collection[str],
    label: Callable[..., str],
) -> str:
    """A field theme's name from what its papers say: a topic three in four of them say, else two that between them
    do ("Diffusion models and image editing"); "" if neither."""
    key = telling_topic(mentions, weight, saying, rows, max(2, _NAMED * len(rows)), taken)
    if key:
        return label(key)
    pair = telling_pair(mentions, weight, saying, rows, taken)
    return label(*pair) if pair else ""


def _session_name(name: str, mentions: Sequence[frozenset[str]], rows: np.ndarray) -> str:
    """The field's session name, or a narrower one (see _NARROWER) if three in four of the rows say one of its words."""
    for narrower, evidence in _NARROWER.get(name, ()):
        speaking = sum(any(evidence & phrase_words(key) for key in mentions[row]) for row in rows)
        if speaking >= _NAMED * len(rows):
            return narrower
    return name


def _stands(embedding: np.ndarray, rows: np.ndarray, smallest: int, base: float) -> bool:
    """Whether a group of papers can be a theme: enough of them, and a few only if they are near each other."""
    return len(rows) >= smallest and (len(rows) >= _SOLID or closeness(embedding[rows], base) >= _TIGHT)


def _joined(embedding: np.ndarray, themes: list[Named], rows: np.ndarray) -> list[Named]:
    """The themes, each row added to the one whose papers it is nearest."""
    centres = np.array([embedding[theme.rows].mean(axis=0) for theme in themes])
    members = [list(theme.rows) for theme in themes]
    for row, nearest in zip(rows, (embedding[rows] @ centres.T).argmax(axis=1), strict=True):
        members[nearest].append(row)
    return [Named(theme.label, np.sort(np.array(more))) for theme, more in zip(themes, members, strict=True)]


def _merged(themes: list[Named]) -> list[Named]:
    """One theme per name, biggest first: two fields whose papers say the same topic are one session."""
    by_name: dict[str, list[Named]] = {}
    for theme in themes:
        by_name.setdefault(theme.label.casefold(), []).append(theme)
    merged = [Named(group[0].label, np.sort(np.concatenate([t.rows for t in group]))) for group in by_name.values()]
    return sorted(merged, key=lambda t: (-len(t.rows), t.label))


def _standing(embedding: np.ndarray, odds: np.ndarray, smallest: int, base: float) -> np.ndarray | None:
    """Each row's field, its likeliest among the fields left standing; None if none stands.

    A field falls when its papers could not be a theme (see _stands): two
    papers a model put in one field that share nothing are no session. The
    weakest falls first, and then the fields are counted again.
    """
    alive = np.ones(odds.shape[1], dtype=bool)
    while alive.any():
        field_of = np.where(alive, odds, -1.0).argmax(axis=1)
        sizes = np.bincount(field_of, minlength=odds.shape[1])
        alive &= sizes > 0
        weak = [f for f in np.flatnonzero(alive) if not _stands(embedding, np.flatnonzero(field_of == f), smallest, base)]
        if not weak:
            return field_of
        # The field with fewest papers goes first; among equals the one they are least sure of.
        alive[min(weak, key=lambda f: (sizes[f], odds[field_of == f, f].sum(), f))] = False
    return None


def _closed(odds: np.ndarray, field_of: np.ndarray, smallest: int, room: int) -> np.ndarray:
    """Rows unlikely to be in their field close the list (-1), least likely first, while room lasts."""
    field_of = field_of.copy()
    fit = odds[np.arange(len(odds)), field_of]
    sizes = np.bincount(field_of, minlength=odds.shape[1])
    for row in np.lexsort((np.arange(len(odds)), fit)):
        if room <= 0 or fit[row] >= _UNSURE:
            break
        if sizes[field_of[row]] > smallest:
            sizes[field_of[row]] -= 1
            field_of[row] = -1
            room -= 1
    return field_of
