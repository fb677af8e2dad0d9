"""Naming groups of papers after the phrases they share and the rest of the list lacks."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence

import numpy as np

from ..model import Theme
from ..text.keyphrases import distinct, spell
from ..text.segment import CJK
from ..text.slugs import slugify
from .topics import Topic, share_a_word, vocabulary
from .vectors import PaperVectors, representative_first

_LABEL_WORDS = 5
# A label is made from the first few of a theme's phrases.
_LABEL_CHOICES = 6
# Phrases ranked for a theme before falling back to all of them (see name_groups).
_FEW_PHRASES = 60
THEME_KEYWORDS = 8
# A topic of the vocabulary names a theme only if at least this share of the papers that say it give it as a keyword.
MIN_TOPICALITY = 0.08
# A topic whose papers are no more concentrated in some areas than this says what every field says (see tools/topics.py).
MIN_CONCENTRATION = 0.15
# A single word names a theme only if this topical ("quantization", "interpretability"; not "robustness").
TOPICAL_WORD = 0.3
# Two phrases join in a label when at least this share of the papers that have the rarer one have both.
_TOGETHER = 0.25


def names_a_theme(key: str, topic: Topic) -> bool:
    """Whether a topic of the vocabulary is topical and focused enough to name a theme; a single word must be more so."""
    return (
        topic.topicality >= MIN_TOPICALITY
        and topic.concentration >= MIN_CONCENTRATION
        and (" " in key or topic.topicality >= TOPICAL_WORD)
    )


def name_groups(
    vectors: PaperVectors,
    members: list[np.ndarray],
    taken: frozenset[str],
    within: np.ndarray | None = None,
    parent: str = "",
    kept: Sequence[str] = (),
) -> list[Theme]:
    """A named theme per group of rows, bigger groups naming themselves first.

    Phrases are distinctive against the rows within (the parent theme of
    sub-themes), or against the whole list. A sub-theme's label has none of
    its parent label's words where its papers give any other phrase:
    siblings differ by the rest.
    A group keeps its label from kept (one per group, "" for none) unless
    a slug in taken is already that label's.
    """
    list_frequency = vectors.list_frequency if within is None else vectors.presence[within].sum(axis=0)
    nouns = vectors.nouns
    # The parent's label as its phrases: "X and Y" is X and Y.
    halves = [half for half in re.split(r" and |、", parent) if half]
    themes = []
    used = set(taken)
    labels = []
    for label in kept or [""] * len(members):
        keep = bool(label) and slugify(label) not in used
        used |= {slugify(label)} if keep else set()
        labels.append(label if keep else "")
    for group, kept_label in zip(members, labels, strict=True):
        paper_ids, ordered = representative_first(vectors, group)
        # Label and keywords come from the first few phrases: rank them all
        # only when the first few do not give enough to choose from.
        for limit in (_FEW_PHRASES, None):
            phrases = ranked_phrases(vectors, list_frequency, ordered, limit)
            # A label names what several papers share, where they share anything.
            shared = [key for key, n in phrases if n > 1] or [key for key, _ in phrases]
            named = [(key, spell(key, vectors.heads)) for key in shared if " " in key or key in nouns]
            # A sub-theme says what sets it apart from its siblings: none of its parent's words.
            fresh = [(key, phrase) for key, phrase in named if not any(share_a_word(phrase, half) for half in halves)]
            if limit is None or len(phrases) < limit or len(fresh) >= _LABEL_CHOICES:
                break
        label = kept_label or _label(fresh or named, used, _together(vectors, group))
        used.add(slugify(label))
        themes.append(
            Theme(
                slug=slugify(label),
                label=label,
                keywords=_keywords(vectors, phrases),
                paper_ids=paper_ids,
            )
        )
    return themes


def named_theme(vectors: PaperVectors, group: np.ndarray, label: str, list_frequency: np.ndarray) -> Theme:
    """A theme of the group's rows with the label given, its keywords the group's most distinctive phrases."""
    paper_ids, ordered = representative_first(vectors, group)
    phrases = ranked_phrases(vectors, list_frequency, ordered, THEME_KEYWORDS * 4)
    return Theme(
        slug=slugify(label),
        label=label,
        keywords=_keywords(vectors, phrases),
        paper_ids=paper_ids,
    )


def _keywords(vectors: PaperVectors, phrases: list[tuple[str, int]]) -> tuple[str, ...]:
    """The first THEME_KEYWORDS of the theme's phrases that can name a topic: none that abstracts say and no author
    gives as a keyword ("future research", "standard benchmarks", "7B models")."""
    named = (key for key, _ in phrases if vectors.topical[vectors.column[key]] > 0)
    return tuple(spell(key, vectors.heads) for key in itertools.islice(named, THEME_KEYWORDS))


def topic_label(vectors: PaperVectors, *keys: str) -> str:
    """Topic keys as a label, capitalised: each the vocabulary's spelling, its last word as the list spells it
    ("Reasoning models"); two are joined as a pair is ("Diffusion models and image editing")."""
    spelt = [_spelt(vectors, key) for key in keys]
    return _capitalise(_pair(*spelt) if len(spelt) == 2 else spelt[0])


def _spelt(vectors: PaperVectors, key: str) -> str:
    topic = vocabulary()[0].get(key)
    if topic is None:
        return spell(key, vectors.heads)
    *first, last = topic.spelling.split()
    return " ".join([*first, vectors.heads.get(key.split()[-1], last)])


def _pair(first: str, second: str) -> str:
    # Chinese and Japanese compounds are listed as those languages list them: "图神经网络、分子性质预测".
    return f"{first}、{second}" if CJK.search(first) and CJK.search(second) else f"{first} and {second}"


def ranked_phrases(
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
        * np.sqrt(vectors.topical[candidates])
    )
    # Last, the column: the vocabulary is in alphabetical order.
    ranked = candidates[np.lexsort((candidates, first[candidates], -score))]
    index = vectors.column
    keys = (vectors.vocabulary[column] for column in ranked)
    return [(key, int(in_theme[index[key]])) for key in distinct(keys, limit or len(ranked))]


def _together(vectors: PaperVectors, group: np.ndarray) -> Callable[[str, str], bool]:
    """Whether two phrases (keys) go together in the group: enough of the papers that have the rarer one have both.

    "Anomaly detection and watermarking" joins two topics that merely share a
    theme; "Offline reinforcement learning and exploration" joins what the
    same papers do.
    """
    # A column's rows, as the transpose's row.
    presence = vectors.presence[group].T
    column = vectors.column

    def papers(key: str) -> set[int]:
        index = column[key]
        return set(presence.indices[presence.indptr[index] : presence.indptr[index + 1]].tolist())

    def together(first: str, second: str) -> bool:
        a, b = papers(first), papers(second)
        return len(a & b) >= max(1, _TOGETHER * min(len(a), len(b)))

    return together


def _label(phrases: list[tuple[str, str]], used: set[str], together: Callable[[str, str], bool]) -> str:
    """A readable label whose slug is not in used, from (key, spelling) pairs: "Flow matching and latent diffusion"."""
    for label in _label_candidates(phrases, together):
        # A slug keeps a label's first few words only: a longer label could share a slug with another.
        if slugify(label) not in used and slugify(label) == slugify(label, max_words=_LABEL_WORDS * 3):
            return label
    # Only papers with no words in common with the list end up here.
    number = 1
    while slugify(label := "Further papers" + (f" {number}" if number > 1 else "")) in used:
        number += 1
    return label


def _label_candidates(phrases: list[tuple[str, str]], together: Callable[[str, str], bool]) -> list[str]:
    short = [(key, p) for key, p in phrases[:_LABEL_CHOICES] if len(p.split()) <= _LABEL_WORDS - 2]
    # Two phrases make a label only where the same papers have both; else one says it.
    pairs = [
        _pair(first, second)
        for i, (first_key, first) in enumerate(short)
        for second_key, second in short[i + 1 :]
        if len(first.split()) + len(second.split()) + 1 <= _LABEL_WORDS
        and not share_a_word(first_key, second_key)
        and together(first_key, second_key)
    ]
    # A CJK compound is a phrase though it is one token.
    singles = [p for _, p in phrases[:_LABEL_CHOICES] if 2 <= len(p.split()) <= _LABEL_WORDS or CJK.search(p)]
    # A theme known by one word alone: "Papers on diffusion".
    topics = [f"papers on {p}" for _, p in short if not CJK.search(p)]
    return [_capitalise(label) for label in [*pairs[:1], *singles[:1], *pairs[1:], *singles[1:], *topics]]


def _capitalise(label: str) -> str:
    first, _, rest = label.partition(" ")
    # Acronyms and names keep their case: "LLM agents", "3D scene reconstruction", "mRNA design"; a lower-case word
    # before a hyphen does not ("Text-to-SQL").
    if first == first.lower():
        first = first.capitalize()
    elif first.split("-", 1)[0].islower():
        first = first[:1].upper() + first[1:]
    return f"{first} {rest}".strip()
