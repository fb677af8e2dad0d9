"""The choice among an abstract's candidate titles, and derive_titles, the entry point.

The choice takes the candidates the grammar gate passes, less those that only say a method exists when others
say more, and the opening clause only when no contribution passes; of these, the best by a linear score over
FEATURES, with WEIGHTS fitted by tools/fit_titles.py. Given a sentence model, a candidate's cosine with its
abstract counts too.
"""

from __future__ import annotations

import operator
import re
from collections import Counter
from collections.abc import Callable, Sequence

import numpy as np

from .candidates import SOURCES, TASKED, Candidate, Candidates, make_candidates
from .gate import title_defects
from .lexicon import (
    AUXILIARY_VERBS,
    EXISTS_HEADS,
    LEAST_SAID,
    LONGEST,
    NAME_SEPARATOR,
    RELATIVE,
    SAYS_NOTHING,
    SHORTEST,
    SPELLED_WORDS,
    VAGUE,
    WH_WORDS,
    WORD,
    stem,
)
from .names import spells
from .tasks import REPEATED_TASK, TOPIC_TASK

# A sentence model: texts in, unit-length rows out.
Embed = Callable[[Sequence[str]], np.ndarray]
_VAGUE_HEADS = EXISTS_HEADS | {"model", "system", "mechanism", "pipeline", "algorithm"}
_HEAD_WINDOW = 4
_MIN_USES_CENTRAL = 2
_CENTRAL_USES = 5
# With a sentence model, closeness to the abstract counts this much beside WEIGHTS (set by hand: the held-out
# half's ROUGE-L goes from 0.353 to 0.360 with it, `benchmarks/titles.py --embeddings`).
_SIMILARITY_WEIGHT = 2.0
_REAL_LENGTH = 10
_TWO_CAPITALS = re.compile(r"[A-Z].*[A-Z]")
_DIGIT = re.compile(r"\d")


def derive_titles(abstracts: Sequence[str], embed: Embed | None = None) -> list[str]:
    """A title for each abstract: of several candidate titles, the gated one that covers the abstract best.

    With embed (texts in, unit rows out: a sentence model), a candidate also scores by its cosine with
    its abstract; all abstracts and candidates go to the model in one call.
    """
    candidates = [make_candidates(abstract) for abstract in abstracts]
    if embed is None or not candidates:
        return [_choose(c) for c in candidates]
    titles = [candidate.title for c in candidates for candidate in c.titles]
    vectors = embed([*abstracts, *titles])
    abstract_rows, title_rows = vectors[: len(abstracts)], vectors[len(abstracts) :]
    chosen, start = [], 0
    for row, c in enumerate(candidates):
        cosines = title_rows[start : start + len(c.titles)] @ abstract_rows[row]
        chosen.append(_choose(c, [float(x) for x in cosines]))
        start += len(c.titles)
    return chosen


def derive_title(abstract: str) -> str:
    """A paper-like title for an abstract that has none."""
    return derive_titles([abstract])[0]


def _choose(candidates: Candidates, cosines: list[float] | None = None) -> str:
    """The admissible candidate that scores best; failing any, a plainer title (_plainer)."""
    similar = cosines or [0.0] * len(candidates.titles)
    admissible = _admissible(candidates)
    if not admissible:
        return _plainer(candidates)
    scores = [_score(candidates.titles[i], candidates) + _SIMILARITY_WEIGHT * similar[i] for i in admissible]
    return candidates.titles[admissible[scores.index(max(scores))]].title


def _plainer(candidates: Candidates) -> str:
    """What stands in when the gate faults every candidate: the method's name and its task where that passes,
    else the candidate with the fewest faults (the first of them on a tie, as the rules rank them)."""
    if candidates.name and candidates.task:
        plain = f"{candidates.name}{NAME_SEPARATOR}{candidates.task[:1].upper()}{candidates.task[1:]}"
        if not title_defects(plain):
            return plain
    return min(candidates.titles, key=lambda c: len(title_defects(c.title))).title


def _admissible(candidates: Candidates) -> list[int]:
    """The candidates the grammar gate passes, less those that only say a method exists, if others say more."""
    gated = [i for i, c in enumerate(candidates.titles) if not title_defects(c.title)]
    # "RouteKit: A lightweight yet efficient approach" says nothing of what RouteKit is, and the opening
    # clause ("Temporal point processes have emerged as powerful tools") only sets the scene.
    informative = [i for i in gated if not _filler(candidates.titles[i].title, candidates.name)]
    contributed = [i for i in informative if candidates.titles[i].source != "opening"]
    return contributed or informative or gated


def _filler(title: str, name: str) -> bool:
    described = WORD.findall((title.rpartition(NAME_SEPARATOR)[2] if name else title).lower())
    return sum(1 for w in described if w not in SAYS_NOTHING) < LEAST_SAID


def _score(candidate: Candidate, candidates: Candidates) -> float:
    """How likely the candidate is the abstract's title, by the learned weights of its features."""
    return sum(map(operator.mul, WEIGHTS, features(candidate, candidates)))


def features(candidate: Candidate, candidates: Candidates) -> tuple[float, ...]:
    """What the choice knows of a candidate, in the order of FEATURES."""
    title = candidate.title
    words = WORD.findall(title.lower())
    described = WORD.findall(title.rpartition(NAME_SEPARATOR)[2].lower()) if candidates.name else words
    content = [w for w in described if w not in SAYS_NOTHING]
    terms = {stem(w) for w in words}
    weights = candidates.weights
    first = described[0] if described else ""
    said = " ".join(title.rpartition(NAME_SEPARATOR)[2].split()[:SPELLED_WORDS])
    length = len(title.split())
    task = candidates.task_terms
    stems = [stem(w) for w in content]
    # "ICRL prompting: Multi-round prompting", "GNN training for graph networks": a word said twice.
    parts = [stem(p) for w in words if w not in SAYS_NOTHING for p in w.split("-") if len(p) > 2]
    return (
        sum(weights.get(term, 0.0) for term in terms),
        sum(1 for w in content if stem(w) in weights) / max(len(content), 1),
        float(length),
        float(max(0, SHORTEST - length)),
        float(max(0, length - LONGEST)),
        float(sum(1 for w in words if w in VAGUE)),
        float(sum(1 for w in words if w in AUXILIARY_VERBS)),
        float(bool(candidates.name) and spells(said, candidates.name)),
        # Opening clauses compete only among themselves (see _admissible): their source tells them nothing.
        *(float(candidate.source == source) for source in SOURCES[:-1]),
        float(min(candidate.order, 3)),
        candidate.place,
        *(float(candidate.task > 0 and candidate.source == source) for source in TASKED),
        float(candidate.task > 1),
        float(candidate.task == TOPIC_TASK),
        float(candidate.task == REPEATED_TASK),
        len(task & terms) / max(len(task), 1),
        float(len(candidates.top & terms)),
        sum(1 for s in stems if s in candidates.opening) / max(len(stems), 1),
        float(abs(length - _REAL_LENGTH)),
        float(sum(1 for w in title.rpartition(NAME_SEPARATOR)[2].split()[1:] if _TWO_CAPITALS.search(w))),
        float(first.endswith("ing")),
        float(first in ("a", "an", "the")),
        float(sum(1 for w in described if _DIGIT.search(w))),
        float(sum(1 for w in described if w in RELATIVE or w in WH_WORDS)),
        float(_vague_head(described)),
        float(sum(1 for count in Counter(parts).values() if count > 1)),
        _task_weight(title, candidate, weights),
        # A word the abstract says once is a detail: "for optimal rank-k", "for target scenes".
        sum(1 for p in parts if candidates.counts[p] < _MIN_USES_CENTRAL) / max(len(parts), 1),
        sum(min(candidates.counts[p], _CENTRAL_USES) for p in parts) / max(len(parts), 1),
    )


def _vague_head(described: list[str]) -> bool:
    """Whether the description opens on a head that only says a method exists: "An effective model for ..."."""
    for word in described[:_HEAD_WINDOW]:
        if word in _VAGUE_HEADS:
            return True
        if word not in SAYS_NOTHING:
            return False
    return False


def _task_weight(title: str, candidate: Candidate, weights: dict[str, float]) -> float:
    """How much of the abstract the added task is about: "for questions" or "for target scenes" is little."""
    if not candidate.task:
        return 0.0
    task = [stem(w) for w in WORD.findall(title.rpartition(" for ")[2].lower()) if w not in SAYS_NOTHING]
    return sum(weights.get(term, 0.0) for term in task)


FEATURES = (
    "coverage", "focus", "words", "too short", "too long", "vague words", "auxiliary verbs", "spelled out",
    *(f"from {source}" for source in SOURCES[:-1]), "order", "place",
    *(f"task added to {source}" for source in TASKED), "second task", "opening topic", "repeated phrase", "task words", "top terms",
    "in the first sentences", "off length", "acronyms", "gerund first", "article first", "numbers", "clause words",
    "vague head", "repeated words", "task weight", "said once", "uses",
)  # fmt: skip
# Fitted by tools/fit_titles.py on the tune half of the dev file, which prints them again.
WEIGHTS = (1.778, -0.684, -0.077, -0.065, 0.067, -0.016, 0.030, 0.549, 0.458, -0.412, -0.077, -0.480, -0.109, -0.106, 0.046, -0.864, -0.290, 0.233, -0.141, 0.095, 0.066, 0.297, 0.158, 0.337, -0.248, 0.452, 0.025, 0.796, -0.028, 0.052, -0.495, -0.183, -0.192, -0.060, -0.366, -0.155, -0.220, -1.037, 0.271)  # fmt: skip


def candidate_features(abstract: str) -> list[tuple[str, bool, tuple[float, ...]]]:
    """Each candidate title of an abstract, whether the choice may take it, and its features.

    tools/fit_titles.py fits WEIGHTS to these.
    """
    candidates = make_candidates(abstract)
    admissible = set(_admissible(candidates))
    return [(c.title, i in admissible, features(c, candidates)) for i, c in enumerate(candidates.titles)]
