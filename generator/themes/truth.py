"""Whether a theme's name is true of its papers: each paper says a part of the name, or is near one by meaning.

A name "X, Y and Z" has three parts. A paper says a part when its title,
keywords or abstract say the part's words in a run, an acronym counting as
its expansion (keyphrases.said: "LLM agents" says "large language model
agent"). A paper that never writes the words is still about the part when
its sentence vector is near the part's: "Model Utility Law: Evaluating LLMs
beyond Performance" is near "large language model evaluation" at 0.60,
and a field's rest named "Safety and alignment" is near its papers at 0.1.
A name is true of a theme when it is true of most of its papers, and every
one of its parts is true of at least one of them: "Vision, audio and
language" is not the name of a theme with no audio paper.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ..analysis.embeddings import sentence_embeddings
from ..text.keyphrases import normalise

# A paper is near a part of a name at this cosine of their sentence vectors. Of the themes of the benchmark's held-out
# lists, those whose papers are this near their name on average are the well-named ones (Federated learning 0.69,
# Retrieval-augmented generation 0.66); field names read blind at 1 to 2.3 are near their papers at 0.07 to 0.17.
NEAR_NAME = 0.4
# A name is true of a theme when it is true of more than this share of its papers.
MOST = 0.5
_PARTS = re.compile(r",\s*(?:and\s+)?|\s+and\s+|、|和|与")


def name_parts(label: str) -> tuple[str, ...]:
    """The topics a name names: "Diffusion models and image editing" two, "Vision, audio and language" three."""
    return tuple(part.strip() for part in _PARTS.split(label) if part.strip())


@dataclass
class Truth:
    """What the names of a list's themes are checked against: each row's sayings (the runs of words keyphrases.said
    finds in its title, keywords and abstract) and, where the list has them, its unit sentence vectors."""

    mentions: Sequence[frozenset[str]]
    embedding: np.ndarray | None = None
    _vectors: dict[str, np.ndarray] = field(default_factory=dict, repr=False)

    def of(self, label: str, rows: np.ndarray) -> np.ndarray:
        """For each row, a row of booleans: whether it says or is near each part of the label."""
        parts = name_parts(label)
        keys = [normalise(part)[0] or part.casefold() for part in parts]
        said = np.array([[key in self.mentions[row] for key in keys] for row in rows], dtype=bool).reshape(len(rows), len(parts))
        if self.embedding is None or not len(rows):
            return said
        return said | (self.embedding[rows] @ self._part_vectors(parts).T >= NEAR_NAME)

    def papers(self, label: str, rows: np.ndarray) -> np.ndarray:
        """Whether the label is true of each row: it says or is near a part."""
        return self.of(label, rows).any(axis=1)

    def share(self, label: str, rows: np.ndarray) -> float:
        """The share of the rows the label is true of."""
        return float(self.papers(label, rows).mean()) if len(rows) else 0.0

    def holds(self, label: str, rows: np.ndarray) -> bool:
        """Whether the label is true of most of the rows, and each of its parts of one of them at least."""
        found = self.of(label, rows)
        return bool(len(rows)) and float(found.any(axis=1).mean()) > MOST and bool(found.any(axis=0).all())

    def _part_vectors(self, parts: Sequence[str]) -> np.ndarray:
        missing = [part for part in parts if part not in self._vectors]
        if missing:
            self._vectors.update(zip(missing, _encoded(tuple(missing)), strict=True))
        return np.array([self._vectors[part] for part in parts])


@functools.lru_cache(maxsize=4096)
def _encoded(parts: tuple[str, ...]) -> np.ndarray:
    return sentence_embeddings(list(parts), what="parts of theme names")


def same_topic(first: str, second: str) -> bool:
    """Whether two names name one topic at two grains: a topic of one holds a topic of the other as a run of words
    ("Optimization" and "Convex optimization", "Large language models" and "Reasoning large language models"), or
    a one-word part of one is a part of the other ("Planning" beside "Robotics and planning").

    A topic is a whole name or a part of several words: the single words of a menu's name ("language" of "Vision,
    audio and language") say which area, not which topic, so they overlap only a part that is that word itself.
    """
    keys = [_keys(name) for name in (first, second)]
    topics = [[key for key in name_keys if len(name_keys) == 1 or key.strip().count(" ")] for name_keys in keys]
    words = [set(name_keys) - set(name_topics) for name_keys, name_topics in zip(keys, topics, strict=True)]
    return any(a in b or b in a for a in topics[0] for b in topics[1]) or bool(words[0] & set(keys[1]) or words[1] & set(keys[0]))


def _keys(name: str) -> list[str]:
    return [f" {normalise(part)[0] or part.casefold()} " for part in name_parts(name)]
