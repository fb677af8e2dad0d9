"""Topics a paper is about by meaning, though its abstract may not name them.

A paper's sentence vector is compared with the vectors of the names of the
vocabulary's topics (topic_vectors.npz, written by tools/topic_vectors.py
with the package's own sentence model). A paper is near a topic when their
cosine is high, and well above the topic's mean cosine with a conference's
abstracts: "large language model fine-tuning" comes near every LLM paper,
"3D gaussian splatting" only near those about it. Each paper is about the
few topics it is nearest in that sense, besides those its words say, so
that two papers on LLM evaluation that never write "large language model
evaluation" can make a session of that name. The same nearness names such
a session: the topic every one of its papers is near, most so.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import numpy as np

NEAR_FILE = Path(__file__).with_name("topic_vectors.npz")
# A paper is near a topic when their cosine is at least _NEAR and at least _APART above the topic's mean cosine with the
# abstracts; it is about the _NEAREST topics it is most above that mean. Read blind on held-out lists, sessions cut this
# way read more coherent (by 0.10 to 0.12) and as well named; without _APART, broad topics named sessions of papers
# that merely share a field, and their labels read worse (by 0.1).
_NEAR = 0.45
_APART = 0.3
_NEAREST = 2


@dataclass(frozen=True)
class Nearness:
    """The topics that may name a theme by nearness: their keys, their names' unit vectors, each one's mean cosine
    with a conference's abstracts, and the key of the sentence model the vectors are from."""

    keys: tuple[str, ...]
    vectors: np.ndarray
    background: np.ndarray
    model: str

    def above(self, embedding: np.ndarray) -> np.ndarray:
        """How far each row is above each topic's mean cosine, where it is near the topic; -inf where it is not."""
        if not self.keys:
            return np.full((len(embedding), 0), -np.inf)
        cosine = embedding.astype(np.float64) @ self.vectors.T.astype(np.float64)
        above = cosine - self.background.astype(np.float64)
        return np.where((cosine >= _NEAR) & (above >= _APART), above, -np.inf)

    def near(self, embedding: np.ndarray) -> list[frozenset[str]]:
        """For each row, the topics it is nearest (at most _NEAREST of them, maybe none)."""
        above = self.above(embedding)
        # Most above first; equal ones in key order, as the keys are sorted.
        order = np.argsort(-above, axis=1, kind="stable")[:, :_NEAREST]
        return [frozenset(self.keys[t] for t in row if np.isfinite(above[r, t])) for r, row in enumerate(order)]

    def name(self, embedding: np.ndarray) -> str:
        """The topic every row is near, the least of them most above its mean; "" if no topic is near them all."""
        if not self.keys:
            return ""
        least = self.above(embedding).min(axis=0)
        best = int(np.argmax(least))
        return self.keys[best] if np.isfinite(least[best]) else ""


# No topic is near any paper: a list whose papers have no sentence vectors, or are not in English.
NOWHERE = Nearness((), np.zeros((0, 0)), np.zeros(0), "")


@functools.lru_cache(maxsize=1)
def topic_nearness(path: Path = NEAR_FILE) -> Nearness:
    """The topic vectors the package ships, read once."""
    with np.load(path) as stored:
        return Nearness(
            tuple(str(key) for key in stored["keys"]),
            stored["vectors"].copy(),
            stored["background"].copy(),
            str(stored["model"]),
        )
