"""Stage 2: derive what the input lacks: titles, keywords, links, summaries, slugs.

What the input gives is used as is; only missing fields are derived.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections import Counter

from . import text
from .embeddings import sentence_embeddings
from .keyphrases import keyphrases
from .model import Link, LinkKind, Paper, ReadingList
from .records import link_kind
from .slugs import slugify
from .titles import derive_titles

log = logging.getLogger(__name__)

# The sentence that states the contribution makes the best one-line summary.
_CONTRIBUTION = re.compile(
    r"\b(we|this (?:paper|work)|our (?:work|paper))\s+(?:\w+\s+){0,2}?"
    r"(propose|present|introduce|develop|show|demonstrate|study|investigate|design|formalize|advocate|consider|find)",
    re.IGNORECASE,
)
# "3D Gaussian splatting" is Gaussian splatting; the dimension is not what the keyword names.
# "attacks" is "attack", "LLMs" is "LLM"; "process", "corpus" and "analysis" are singular.
_PLURAL = re.compile(r"(?:(?<=ch)|(?<=sh)|(?<=ss)|(?<=as)|(?<=x))es$|(?<=[^suia\W])s$")
_DIMENSION = re.compile(r"^[234]d\s+(?=\S+\s+\S)")


def enrich(reading_list: ReadingList, *, embeddings: bool = False) -> ReadingList:
    """Fill in titles, keywords, links, summaries and slugs where missing.

    With embeddings, the sentence model helps choose each derived title (see titles.derive_titles).
    """
    papers = reading_list.papers
    untitled = [p for p in papers if not p.title.strip()]
    titles = derive_titles([p.abstract for p in untitled], sentence_embeddings if embeddings else None)
    for paper, title in zip(untitled, titles, strict=True):
        paper.title = title
        paper.title_derived = True
    log.info("Derived %d titles", len(untitled))

    unkeyed = [p for p in papers if not p.keywords]
    if unkeyed:
        texts = [f"{p.title}. {text.plain_text(p.abstract)}" for p in unkeyed]
        for paper, phrases in zip(unkeyed, keyphrases(texts), strict=True):
            paper.keywords = phrases
    log.info("Derived keywords for %d papers", len(unkeyed))
    unify_keywords(papers)

    for paper in papers:
        paper.links = _links(paper)
        paper.summary = paper.summary or summarise(paper.abstract)
        # A paper's slug stays ASCII, as it always was: its URL must not move.
        paper.slug = paper.slug or slugify(paper.title, suffix=paper.id[:6], cjk=False)
    return reading_list


def summarise(abstract: str) -> str:
    """One sentence that says what the paper does, or nothing.

    The abstract is shown right below the summary, so its first sentence would only be said twice.
    """
    sentences = text.sentences(text.plain_text(abstract))
    chosen = next((s for s in sentences[1:] if _CONTRIBUTION.search(s)), "")
    return text.shorten(chosen, 220)


def unify_keywords(papers: list[Paper]) -> None:
    """Keywords that differ only in case or number, or by a leading "3D", become one, spelled as most papers do.

    "Adversarial Attack" and "adversarial attacks" are one keyword, and so are "3D Gaussian Splatting" and
    "Gaussian splatting": the tags page, the filters and the search then show one.
    """
    spellings: dict[str, Counter[str]] = {}
    for paper in papers:
        for keyword in paper.keywords:
            spellings.setdefault(_keyword_key(keyword), Counter())[keyword] += 1
    # The most common spelling; equally common ones by code point, so the choice never depends on order.
    chosen = {key: min(counts.items(), key=lambda item: (-item[1], item[0]))[0] for key, counts in spellings.items()}
    for paper in papers:
        paper.keywords = list(dict.fromkeys(chosen[_keyword_key(keyword)] for keyword in paper.keywords))


def _keyword_key(keyword: str) -> str:
    """The keyword folded in case and Unicode form, its last word singular, without a leading dimension."""
    *first, last = unicodedata.normalize("NFKC", keyword).casefold().split() or [""]
    return _DIMENSION.sub("", " ".join([*first, _PLURAL.sub("", last)]))


def _links(paper: Paper) -> list[Link]:
    """The links the record gives, then those in the abstract; only http(s) ones."""
    found: list[tuple[str, LinkKind | None]] = [(paper.url, None), (paper.pdf, LinkKind.PAPER), (paper.code, LinkKind.CODE)]
    found += [(link.url, link.kind) for link in paper.links]
    found += [(url, None) for url in text.urls(paper.abstract)]
    links: dict[str, Link] = {}
    for given, kind in found:
        url = text.safe_url(given)
        if url and url not in links:
            links[url] = Link(url, kind or link_kind(url))
    return list(links.values())
