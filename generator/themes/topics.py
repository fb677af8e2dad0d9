"""Topic names: the author keywords of a public export that theme labels are drawn from (topics.tsv, see tools/topics.py)."""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from pathlib import Path

TOPICS_FILE = Path(__file__).with_name("topics.tsv")
# A phrase of the list outside the vocabulary counts as this topical (see Topic.topicality),
# and as rare as a topic said by about one abstract in twenty.
_UNLISTED = 0.08
_UNLISTED_RARITY = 0.6
# A topic said by this share of all abstracts is as rare as counts (see naming_weight).
_RARE = 0.01
# A topic more than this share of all abstracts say is everyone's ("large language models" at ICLR 2026):
# it names only the papers that no narrower topic took.
BROADEST = 0.25
# Papers that say a topic this concentrated in some areas of the export (or more) are focused enough.
_FOCUSED = 0.5


@dataclass(frozen=True)
class Topic:
    spelling: str
    # How many papers of the export give it as a keyword, and how many abstracts say it.
    keyword_papers: int
    abstracts: int
    # The share of the export's abstracts that say it.
    share: float
    # How concentrated in some areas its papers are (see tools/topics.py): near 0 for what every field says.
    concentration: float

    @property
    def topicality(self) -> float:
        """How often a paper that says the phrase calls it a keyword: high for topics, low for turns of phrase."""
        return min(1.0, self.keyword_papers / max(self.abstracts, 1))


@functools.lru_cache(maxsize=1)
def vocabulary(path: Path = TOPICS_FILE) -> tuple[dict[str, Topic], dict[str, str]]:
    """The topics by key, and each acronym's expansion (a topic's key)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    papers = int(lines[0].rsplit(" ", 1)[1])
    topics: dict[str, Topic] = {}
    acronyms: dict[str, str] = {}
    for line in lines:
        if line.startswith("#") or not line.strip():
            continue
        key, spelling, keyword_papers, abstracts, concentration, short = line.split("\t")
        topics[key] = Topic(spelling, int(keyword_papers), int(abstracts), max(int(abstracts), 1) / papers, float(concentration))
        acronyms.update(dict.fromkeys(filter(None, short.split(",")), key))
    return topics, acronyms


def naming_weight(key: str, topic: Topic | None) -> float:
    """How well a phrase names a session: a topical, focused phrase that few abstracts say, of two or three words, best.

    Squared in the choice, so that the most telling topics take their papers
    before a broad one takes what is left.
    """
    words = len(key.split())
    if topic is None:
        return math.sqrt(_UNLISTED) * _UNLISTED_RARITY * (1 + 0.3 * min(words - 1, 2))
    rarity = min(1.0, math.log(1 / topic.share) / math.log(1 / _RARE))
    focus = min(1.0, topic.concentration / _FOCUSED)
    return math.sqrt(topic.topicality * focus) * rarity * (1 + 0.3 * min(words - 1, 2))


def phrase_words(phrase: str) -> set[str]:
    """A phrase's words in lower case, hyphenated parts apart: "Retrieval-augmented generation" has three."""
    return set(re.split(r"[\s-]+", phrase.lower())) - {""}


def share_a_word(first: str, second: str) -> bool:
    """Whether two phrases share a word or its stem, hyphenated parts apart: "retrieval-augmented generation" and "retriever" do."""
    return any(
        a[:n] == b[:n]
        for a in phrase_words(first)
        for b in phrase_words(second)
        for n in [max(1, min(6, len(a) - 1, len(b) - 1))]
    )
