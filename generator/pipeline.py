"""The pipeline: input files to rendered pages, every stage before MkDocs (site/build.py runs it).

read → enrich → detect themes → (start the search index) → find related → lay out the map → render.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace

from .cache import Cache
from .config import Settings
from .enrich import enrich
from .model import ReadingList, Site
from .paths import VECTORS_SCRIPT
from .progress import Stopwatch
from .read import read_papers
from .read.records import FieldMap, resolve_field
from .related import find_related
from .render import messages, render_pages
from .render.citations import citation_scripts
from .render.exports import vectors_script
from .render.feeds import atom_feeds
from .state.first_seen import build_time, first_seen
from .state.urls import redirects
from .text.segment import cjk_texts
from .theme_map import layout
from .themes import Vectors, detect_themes

log = logging.getLogger(__name__)


def generate(
    settings: Settings, clock: Stopwatch | None = None, *, on_papers: Callable[[ReadingList], None] | None = None
) -> Site:
    """Input files to rendered Markdown pages: every stage before MkDocs.

    on_papers is called with the list once its papers are final (read and
    enriched) and its themes detected: the plugin starts the search index
    there, and Pagefind indexes on the other core while the later stages run
    on one. Started before the themes, it took the core that detection's
    threads use: at 20,000 papers detection took 35 s instead of 24, and the
    whole build 139.6 s instead of 132.4 (one run each, back to back).
    """
    clock = clock or Stopwatch()
    cache = Cache(settings.cache_dir, preview=settings.preview)
    fields = FieldMap(settings.fields)
    with clock("read"):
        reading_list = read_papers(settings.inputs, title=settings.title, skip_invalid=settings.skip_invalid, fields=fields)
    # --group-by may name the export's own column ("sessions"), which the reading put in our field (track).
    themes = replace(
        settings.themes,
        group_by=resolve_field(settings.themes.group_by, reading_list.papers, fields),
        other=messages.load(settings.templates, messages.interface_language(settings.language, reading_list)).t("themes.other"),
    )
    with clock("enrich"):
        # Titles ask the sentence model only when told to: it costs about 50 ms
        # an abstract for ROUGE-L 0.332 against 0.325 (CONTRIBUTING.md, Derived titles).
        reading_list = enrich(
            reading_list, embeddings=settings.embeddings is True, title_model=settings.title_model, cache_dir=settings.cache_dir
        )
    cjk = cjk_texts(paper.abstract for paper in reading_list.papers)
    embeddings = _embeddings(settings, reading_list, cjk)
    # Built once, on the first stage that needs them, and handed on.
    vectors = Vectors(reading_list.papers, cache, embeddings=embeddings)
    semantic = _semantic(settings, reading_list, cjk)
    with clock("detect"):
        reading_list = detect_themes(reading_list, themes, cache, vectors=vectors)
    if on_papers is not None:
        with clock("search"):
            on_papers(reading_list)
    with clock("related"):
        reading_list = find_related(reading_list, vectors, n=settings.related, cache=cache)
    with clock("layout"):
        reading_list = layout(reading_list, vectors, cache)
    with clock("render"):
        moved = redirects(reading_list, settings.url_map)
        site = render_pages(
            reading_list, settings.templates, language=settings.language, redirects=moved, semantic=semantic, cache=cache
        )
        site.pages.update(citation_scripts(reading_list))
    if semantic:
        with clock("vectors"):
            site.pages[VECTORS_SCRIPT] = vectors_script(*vectors.sentences(), vectors.topics())
    with clock("feeds"):
        site.pages.update(atom_feeds(reading_list, first_seen(reading_list, settings.first_seen, build_time(settings.inputs))))
    return site


def _embeddings(settings: Settings, reading_list: ReadingList, cjk: int) -> bool:
    """Whether the sentence model encodes the papers for the themes, related papers and map: as the embeddings option
    says, but for "auto" not when most of the list's abstracts (cjk of them) are Chinese or Japanese.

    The model reads English: on tests/data/cjk/ja.jsonl, 22 of the 26 related
    papers its vectors find share their paper's topic, against 30 of 32 found
    by the papers' terms, and its themes are no purer (0.70 against 0.67; on
    zh.jsonl 0.77 against 0.83). Encoding 600 Japanese abstracts took 37 of
    a build's 68 CPU seconds.
    """
    papers = len(reading_list.papers)
    embeddings = settings.embeds(papers)
    if embeddings and settings.embeddings == "auto" and 2 * cjk > papers:
        log.info("Sentence model: off for %d papers: %d are Chinese or Japanese, and the model reads English", papers, cjk)
        return False
    log.info("Sentence model: %s for %d papers", "on" if embeddings else "off", papers)
    return embeddings


def _semantic(settings: Settings, reading_list: ReadingList, cjk: int) -> bool:
    """Whether the site ships the papers' sentence vectors: as the semantic option says, unless the model cannot read
    the abstracts (cjk of them are Chinese or Japanese).

    The sentence model is English: on Chinese or Japanese abstracts its
    nearest papers are noise, so a list whose abstracts are mostly CJK ships
    none and shows no recommendations, and the log says why.
    """
    papers = reading_list.papers
    if not settings.ships_vectors(len(papers)):
        return False
    if 2 * cjk > len(papers):
        level = logging.WARNING if settings.semantic is True else logging.INFO
        log.log(
            level,
            "Recommendations off: %d of %d abstracts are Chinese or Japanese, and the sentence model reads English",
            cjk,
            len(papers),
        )
        return False
    return True
