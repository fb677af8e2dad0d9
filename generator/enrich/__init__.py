"""Stage 2: derive what the input lacks: titles, keywords, links, summaries, slugs.

What the input gives is used as is; only missing fields are derived.
"""

from __future__ import annotations

import logging
from collections import Counter
from pathlib import Path

from ..analysis.embeddings import sentence_embeddings
from ..model import Paper, ReadingList
from ..text.keyphrases import keyphrases
from ..text.markup import plain_text
from ..text.slugs import slugify
from ..text.words import keyword_key
from .links import paper_links
from .summaries import summarise
from .titles import derive_titles
from .titles.model import model_titles

log = logging.getLogger(__name__)


def enrich(
    reading_list: ReadingList, *, embeddings: bool = False, title_model: Path | None = None, cache_dir: Path | None = None
) -> ReadingList:
    """Fill in titles, keywords, links, summaries and slugs where missing.

    With embeddings, the sentence model helps choose each derived title (see titles.derive_titles). With a
    title_model (a GGUF file), the model writes them, and a title of its that fails a check is derived instead
    (titles.model); what it wrote is kept in cache_dir.
    """
    papers = reading_list.papers
    untitled = [p for p in papers if not p.title.strip()]
    abstracts = [p.abstract for p in untitled]
    titles = derive_titles(abstracts, sentence_embeddings if embeddings else None)
    for paper, title in zip(untitled, titles, strict=True):
        paper.title = title
        paper.title_derived = True
    if title_model and untitled:
        written = model_titles(abstracts, title_model, titles, cache_dir)
        for paper, (title, by_model) in zip(untitled, written, strict=True):
            paper.title = title
            paper.title_model = title_model.name if by_model else ""
    log.info("Derived %d titles", len(untitled))

    unkeyed = [p for p in papers if not p.keywords]
    if unkeyed:
        texts = [f"{p.title}. {plain_text(p.abstract)}" for p in unkeyed]
        for paper, phrases in zip(unkeyed, keyphrases(texts), strict=True):
            paper.keywords = phrases
    log.info("Derived keywords for %d papers", len(unkeyed))
    unify_keywords(papers)

    for paper in papers:
        paper.links = paper_links(paper)
        paper.summary = paper.summary or summarise(paper.abstract)
        # A paper's slug stays ASCII, as it always was: its URL must not move.
        paper.slug = paper.slug or slugify(paper.title, suffix=paper.id[:6], cjk=False)
    return reading_list


def unify_keywords(papers: list[Paper]) -> None:
    """Keywords that differ only in case or number, or by a leading "3D", become one, spelled as most papers do.

    "Adversarial Attack" and "adversarial attacks" are one keyword, and so are "3D Gaussian Splatting" and
    "Gaussian splatting": the tags page, the filters and the search then show one.
    """
    spellings: dict[str, Counter[str]] = {}
    for paper in papers:
        for keyword in paper.keywords:
            spellings.setdefault(keyword_key(keyword), Counter())[keyword] += 1
    # The most common spelling; equally common ones by code point, so the choice never depends on order.
    chosen = {key: min(counts.items(), key=lambda item: (-item[1], item[0]))[0] for key, counts in spellings.items()}
    for paper in papers:
        paper.keywords = list(dict.fromkeys(chosen[keyword_key(keyword)] for keyword in paper.keywords))
