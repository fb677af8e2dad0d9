"""What an abstract is about: its weightiest terms, and the tasks a title may add ("... for protein design").

The tasks come from "for/in/on" phrases after "we", a task spelled out before its acronym, the opening
sentence's subject and the phrase the abstract repeats most.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections import Counter

from .lexicon import FUNCTION_WORDS, MAX_TITLE_CHARS, PLURAL, SAYS_NOTHING, SPELLED_WORDS, VAGUE, WE, WORD, bad_end, stem
from .names import spells
from .phrases import strip_lead

_TOP_TERMS = 12
_TASK_WORDS = 4
_TASKS = 2
# "for two correlation geometries" counts things; it names no task.
_NUMBERS = {"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "multiple", "many", "various"}
_TASK_MIN_WEIGHT = 0.08
# The abstract's opening subject often names its field: "Sparse autoencoders are ...", "Prompt compression has
# ...". Half its words are in the real title; offered as a task of its own, numbered after the others.
_TOPIC = re.compile(
    r"((?:[\w-]+\s+){0,4}?[\w-]+)(?:\s+\([^()]{1,30}\))?\s+(?:is|are|has|have|remains?|plays?|offers?|enables?"
    r"|achieves?|struggles?|suffers?|faces?|relies|rely|lacks?|requires?|poses?|holds?|presents?|represents?|provides?"
    r"|involves?|depends?|demands?|underpins?|drives?|hinges?|can|often|typically|increasingly|still|promises?)\b"
)
TOPIC_TASK = _TASKS + 1
_JOINING = {"in", "of", "for"}
# "Recent advances in diffusion models have ...": a trend, not the paper's field.
_TREND = {"advances", "advancements", "progress", "success", "successes", "developments", "rise", "emergence", "growth",
          "breakthroughs", "popularity", "adoption"}  # fmt: skip
_TASK_MIN_WORDS = 2
# The phrase an abstract keeps repeating ("prompt compression", "few-shot text classification") is in a third
# of real titles; offered as a task too.
REPEATED_TASK = TOPIC_TASK + 1
_MIN_REPEATS = 2
_MODEL_NOUNS = re.compile(r"(?:models?|networks?|transformers?|llms?|agents?)")
# Where a task is tried, not the task: "protein design benchmarks" is protein design.
_EVALUATION = {"benchmark", "benchmarks", "dataset", "datasets", "task", "tasks", "setting", "settings", "experiments",
               "scenarios", "domains", "problems"}  # fmt: skip
# "Camouflaged Object Detection (COD)": a task the abstract names, spelled out before its acronym.
_PAREN_ACRONYM = re.compile(r"\s\(([a-z]?[A-Z][\w-]{1,20})\)")
_MEASURES = {"rate", "rates", "quality", "accuracy", "score", "scores", "metric", "metrics", "cost", "costs", "process",
             "processes", "efficiency", "error", "errors", "gains", "improvement", "improvements", "speed", "speedup",
             "overhead", "latency", "throughput", "budget", "ratio", "loss", "losses"}  # fmt: skip
# The nouns tasks end in; a phrase that ends in one is likelier the task.
_TASK_HEADS = {
    "detection", "estimation", "generation", "recognition", "segmentation", "learning", "adaptation", "recommendation",
    "classification", "prediction", "forecasting", "reasoning", "retrieval", "translation", "understanding",
    "synthesis", "reconstruction", "tracking", "navigation", "manipulation", "planning", "control", "discovery",
    "design", "editing", "captioning", "answering", "summarization", "alignment", "inference", "optimization",
    "compression", "localization", "matching", "completion", "modeling", "regression", "clustering", "verification",
    "diagnosis", "screening", "simulation", "transfer", "distillation", "quantization", "pruning", "unlearning",
}  # fmt: skip
_TASK_HEAD_BONUS = 0.15
_SAID_KEPT = 256  # one abstract's descriptions: each is checked against every task
_ACRONYM_IN = re.compile(r"\b[A-Z][A-Za-z]*[A-Z]s?\b")
# "for X" or "in X" where X is a short noun phrase of the abstract.
_TASK = re.compile(
    r"\b(?:for|in|on)\s+((?:[\w-]+\s+){0,4}?[\w-]+)(?=\s*[,.;:()]|\s+(?:and|via|by|with|through|using|that|which|where|while|under|from|to|as|is|are|without|across|of)\b)"
)


def term_weights(lowered: list[str]) -> dict[str, float]:
    """Each content term's share of the abstract's top terms: what the abstract is about."""
    counts: Counter[str] = Counter()
    for word, count in Counter(lowered).items():
        if word not in FUNCTION_WORDS and word not in VAGUE and len(word) > 2:
            counts[stem(word)] += count
    top = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:_TOP_TERMS]
    total = sum(count for _, count in top) or 1
    return {term: count / total for term, count in top}


def numbered_tasks(
    text: str, first_sentence: str, tokens: list[str], lowered: list[str], weights: dict[str, float], name: str
) -> list[tuple[int, str]]:
    """The tasks a title may add, each with its number: 1 and 2 the likeliest phrases after "for" or "in",
    TOPIC_TASK the opening sentence's subject, REPEATED_TASK the phrase the abstract repeats most (the last two
    only when no task before them says the same)."""
    tasks = _tasks(text, weights, name)
    topic = _topic(first_sentence, weights, name)
    numbered = list(enumerate(tasks, 1))
    if topic and all(not _covers(topic, task) for task in tasks):
        numbered.append((TOPIC_TASK, topic))
    repeated = _repeated_phrase(tokens, lowered)
    if repeated and all(not _covers(repeated, task) for _, task in numbered):
        numbered.append((REPEATED_TASK, repeated))
    return numbered


def _tasks(text: str, weights: dict[str, float], name: str) -> list[str]:
    """The tasks the abstract may address, the likeliest first: the weightiest phrases after "for" or "in"."""
    scored: dict[str, float] = {}
    # The background names the field's old tasks; the task is what the paper takes on. A task the
    # abstract names by an acronym ("camouflaged object detection (COD)") is its own, wherever it stands.
    ours = WE.search(text)
    phrases = [m[1] for m in _TASK.finditer(text, ours.start() if ours else 0)]
    phrases += [spelled for m in _PAREN_ACRONYM.finditer(text) if (spelled := _spelled_before(text, m))]
    for found in phrases:
        words = found.split()
        # "models ranging from ...": an -ing word after a plural starts a participle clause, not the task.
        cut = next((i for i in range(1, len(words)) if words[i].endswith("ing") and PLURAL.search(words[i - 1])), None)
        words = words[:cut] if words[0].lower() not in _NUMBERS and not words[0][0].isdigit() else []
        while words and (words[-1].lower() in FUNCTION_WORDS | VAGUE | _EVALUATION or bad_end(words[-1].lower())):
            words.pop()
        phrase = " ".join(words)
        # A lone word is a task only when it names one ("segmentation"); "for questions" names none.
        single = len(words) == 1 and words[0].lower() not in _TASK_HEADS and not words[0].isupper()
        if not 1 <= len(words) <= _TASK_WORDS or single or (name and name in phrase):
            continue
        if any(w.lower() in VAGUE or w.lower() in FUNCTION_WORDS for w in words):
            continue
        # "for attack success rate", "for reconstruction quality": what a method is measured by, not its task.
        if words[-1].lower() in _MEASURES:
            continue
        score = sum(weights.get(stem(w.lower()), 0.0) for w in words)
        score += _TASK_HEAD_BONUS * (words[-1].lower() in _TASK_HEADS)
        if score >= _TASK_MIN_WEIGHT and score > scored.get(phrase.lower(), 0.0):
            scored[phrase.lower()] = score
            scored[phrase] = scored.pop(phrase.lower()) if phrase != phrase.lower() else score
    ranked = sorted(scored, key=lambda phrase: -scored[phrase])
    kept: list[str] = []
    for phrase in ranked:
        if all(not _covers(phrase, other) for other in kept):
            kept.append(phrase)
    return kept[:_TASKS]


def _topic(sentence: str, weights: dict[str, float], name: str) -> str:
    """The field the opening sentence is about, when its subject is a short noun phrase: "Sparse autoencoders"."""
    subject = _TOPIC.match(sentence)
    if not subject:
        return ""
    words = strip_lead(subject[1]).split()
    lowered = [w.lower() for w in words]
    # A single word ("Reasoning is ...") names a whole field, not the paper's task.
    if (
        len(words) < _TASK_MIN_WORDS
        # "Reasoning in language models": a preposition may join the subject's nouns, not end or start it.
        or any(w in FUNCTION_WORDS and not (w in _JOINING and 0 < i < len(lowered) - 1) for i, w in enumerate(lowered))
        or any(w in VAGUE or w in _EVALUATION or w in _TREND for w in lowered)
        or bad_end(lowered[-1])
        or (name and name in words)
        or sum(weights.get(stem(w), 0.0) for w in lowered) < _TASK_MIN_WEIGHT
    ):
        return ""
    return _midsentence(words)


def _midsentence(words: list[str]) -> str:
    """A phrase as it reads inside a title: "Graph transformers" was capitalised only because it opened the
    sentence, "Large Language Models" chose its capitals."""
    if words[0][1:].islower() and all(not w[:1].isupper() for w in words[1:]):
        words = [words[0].lower(), *words[1:]]
    return " ".join(words)


def _repeated_phrase(tokens: list[str], lowered: list[str]) -> str:
    """The two- or three-word phrase of content words the abstract repeats most, longer ones first on a tie."""
    # Counting every pair and triple first is cheap; only the repeated ones are checked for content words.
    pairs = itertools.pairwise(lowered)
    counts = Counter(pairs) + Counter(zip(lowered, lowered[1:], lowered[2:], strict=False))
    repeated = [
        (words, count)
        for words, count in counts.items()
        if count >= _MIN_REPEATS
        and all(w[:1].isalnum() and w not in SAYS_NOTHING for w in words)
        and not bad_end(words[-1])
        # "for reasoning models" says what a method is tried on, not what it is for.
        and not _MODEL_NOUNS.fullmatch(words[-1])
    ]
    best = max(repeated, key=lambda item: (item[1] * len(item[0]), len(item[0])), default=None)
    if best is None:
        return ""
    # As the abstract first writes it: "Vision-Language Models" keeps its capitals.
    start = next(i for i in range(len(tokens)) if tuple(lowered[i : i + len(best[0])]) == best[0])
    return _midsentence(tokens[start : start + len(best[0])])


def _spelled_before(text: str, acronym: re.Match[str]) -> str:
    """The fewest words before an acronym in parentheses whose initials spell it, or ""."""
    words = text[max(0, acronym.start() - MAX_TITLE_CHARS) : acronym.start()].split()[-SPELLED_WORDS:]
    for count in range(2, len(words) + 1):
        phrase = " ".join(words[-count:])
        if spells(phrase, acronym[1]):
            return phrase
    return ""


def _covers(description: str, task: str) -> bool:
    said = {stem(w) for w in WORD.findall(description.lower())}
    return any(stem(w) in said for w in WORD.findall(task.lower()) if w not in FUNCTION_WORDS)


@functools.lru_cache(maxsize=_SAID_KEPT)
def _said(said: str) -> tuple[frozenset[str], frozenset[str]]:
    """The stems of a name and description, and its acronyms in lowercase without a plural "s"."""
    stems = frozenset(stem(p) for w in WORD.findall(said.lower()) for p in w.split("-") if p)
    # Only a lowercase "s" is a plural: "GNNs" is GNN, "LNS" stays LNS.
    return stems, frozenset(a.removesuffix("s").lower() for a in _ACRONYM_IN.findall(said))


def repeats(said: str, task: str) -> bool:
    """Whether a task only says again what the name and description say: "AC-ODM: Online data-mixing method for
    data mixing", "TurboBoA: A backpropagation-free PTQ algorithm for post-training quantization"."""
    stems, acronyms = _said(said)
    whole = [w for w in WORD.findall(task.lower()) if w not in FUNCTION_WORDS]
    content = [p for w in whole for p in w.split("-") if p]
    if any(stem(p) in stems for p in content):
        return True
    # A task spelled out is repeated by its acronym: "PTQ", "GNNs".
    return any("".join(w[0] for w in words) in acronyms for words in (content, whole) if len(words) > 1)
