"""The pipeline: input files to rendered pages to a finished site.

read → enrich → detect themes → (start the search index) → find related → lay out the map → render → write (MkDocs).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort, ConfigurationError

from . import messages
from .cache import Cache
from .citations import citation_scripts
from .config import Settings
from .enrich import enrich
from .errors import BuildError, ConfigError
from .feeds import atom_feeds, build_time, first_seen
from .layout import layout
from .model import ReadingList, Site
from .progress import Stopwatch
from .read import read_papers
from .records import FieldMap, resolve_field
from .related import find_related
from .render import paper_html_path, paper_path, papers_on, render_pages
from .themes import detect_themes
from .urls import redirects
from .write import staging

log = logging.getLogger(__name__)

PLUGIN = "readinglist"


@dataclass(frozen=True)
class BuildOptions:
    config_file: Path
    out: Path
    # None: the inputs named in mkdocs.yml.
    inputs: tuple[Path, ...] | None = None
    # The command line's --themes and --group-by; None keeps mkdocs.yml's.
    themes: int | None = None
    group_by: str | None = None
    # None: the cache_dir and data_dir of mkdocs.yml.
    cache_dir: Path | None = None
    data_dir: Path | None = None
    # The command line's --title, --skip-invalid and --field; empty keeps mkdocs.yml's.
    title: str = ""
    skip_invalid: bool = False
    fields: tuple[tuple[str, str], ...] = ()
    # Processes that render pages; 1 renders them in this one, as plain MkDocs does.
    # None: the plugin's jobs in mkdocs.yml, else the cores.
    jobs: int | None = None


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
        other=messages.load(settings.templates, messages.interface_language(settings.language, reading_list.title)).t(
            "themes.other"
        ),
    )
    with clock("enrich"):
        # Titles ask the sentence model only when told to: it costs about 50 ms
        # an abstract for ROUGE-L 0.332 against 0.325 (README, Derived titles).
        reading_list = enrich(reading_list, embeddings=settings.embeddings is True)
    embeddings = settings.embeds(len(reading_list.papers))
    log.info("Sentence model: %s for %d papers", "on" if embeddings else "off", len(reading_list.papers))
    with clock("detect"):
        reading_list = detect_themes(reading_list, themes, cache, embeddings=embeddings)
    if on_papers is not None:
        with clock("search"):
            on_papers(reading_list)
    with clock("related"):
        reading_list = find_related(reading_list, n=settings.related, cache=cache, embeddings=embeddings)
    with clock("layout"):
        reading_list = layout(reading_list, cache, embeddings=embeddings)
    with clock("render"):
        moved = redirects(reading_list, settings.url_map)
        site = render_pages(reading_list, settings.templates, language=settings.language, redirects=moved, cache=cache)
        site.pages.update(citation_scripts(reading_list))
    with clock("feeds"):
        site.pages.update(atom_feeds(reading_list, first_seen(reading_list, settings.first_seen, build_time(settings.inputs))))
    return site


def build(options: BuildOptions, clock: Stopwatch | None = None) -> Site:
    """Input files to a finished site in options.out; on failure, out is untouched."""
    clock = clock or Stopwatch()
    config = load_mkdocs_config(
        options.config_file,
        options.inputs,
        themes=options.themes,
        group_by=options.group_by,
        cache_dir=options.cache_dir,
        data_dir=options.data_dir,
        title=options.title,
        skip_invalid=options.skip_invalid,
        fields=options.fields,
    )
    plugin = config.plugins[PLUGIN]
    settings = plugin.settings(config)
    try:
        plugin.generated = site = generate(settings, clock, on_papers=plugin.search_starter(config))
    except BaseException:
        # MkDocs has not started, so no plugin event will stop the search index.
        plugin.on_shutdown()
        raise
    with staging(options.out) as site_dir, _build_date(settings.inputs):
        config.site_dir = str(site_dir)
        with clock("mkdocs"):
            _run_mkdocs(config, options.jobs)
    return site


def verify_site(site: Site, site_dir: Path, *, use_directory_urls: bool, rendered: Mapping[str, list[str]] | None = None) -> None:
    """Fail unless every paper stands on exactly one page of the built site.

    rendered gives the papers_on() of paper pages as MkDocs wrote them this
    build, so that a full build need not read them back; other pages are read.
    """
    rendered = rendered or {}
    seen: dict[str, int] = {}
    for paper in site.reading_list.papers:
        source = paper_path(paper)
        html = site_dir / paper_html_path(paper, use_directory_urls=use_directory_urls)
        if not html.is_file():
            raise BuildError(f"the page of paper {paper.id} was not written", where=str(paper.source))
        found = rendered.get(source)
        for paper_id in found if found is not None else papers_on(html.read_text(encoding="utf-8")):
            seen[paper_id] = seen.get(paper_id, 0) + 1
    wrong = {p.id for p in site.reading_list.papers if seen.get(p.id) != 1}
    if wrong:
        raise BuildError(f"{len(wrong)} papers are not on exactly one page, e.g. {min(wrong)}")
    log.info("Checked: each of the %d papers is on exactly one page", len(seen))


def load_mkdocs_config(
    config_file: Path,
    inputs: tuple[Path, ...] | None = None,
    *,
    themes: int | None = None,
    group_by: str | None = None,
    cache_dir: Path | None = None,
    data_dir: Path | None = None,
    title: str = "",
    skip_invalid: bool = False,
    fields: tuple[tuple[str, str], ...] = (),
) -> MkDocsConfig:
    """The validated MkDocs config, with the command line's inputs and theme options if it gave any."""
    try:
        config = load_config(str(config_file), strict=True)
    except (ConfigurationError, Abort) as error:
        raise ConfigError(str(error), where=str(config_file)) from None
    if PLUGIN not in config.plugins:
        raise ConfigError(f"the {PLUGIN} plugin is not enabled", where=str(config_file), hint=f"add '- {PLUGIN}' under plugins")
    plugin = config.plugins[PLUGIN]
    # MkDocs may hand back the plugin object of an earlier build in this process: set every option.
    plugin.inputs = list(inputs) if inputs else None
    plugin.themes = themes
    plugin.group_by = group_by
    plugin.cache_dir = cache_dir
    plugin.data_dir = data_dir
    plugin.title = title
    plugin.skip_invalid = skip_invalid
    plugin.fields = dict(fields)
    plugin.dirty = False
    plugin.jobs = None
    return config


def _run_mkdocs(config: MkDocsConfig, jobs: int | None) -> None:
    plugin = config.plugins[PLUGIN]
    plugin.jobs = jobs
    config.plugins.on_startup(command="build", dirty=False)
    try:
        mkdocs_build(config)
    except Abort as error:
        # MkDocs says only that a plugin failed; the plugin kept what failed.
        if plugin.failure is not None:
            raise plugin.failure from None
        raise BuildError(f"mkdocs build failed: {error}", hint="see the warnings above") from None
    finally:
        config.plugins.on_shutdown()


@contextmanager
def _build_date(inputs: tuple[Path, ...]) -> Iterator[None]:
    """Date the build by its newest input unless SOURCE_DATE_EPOCH says otherwise.

    MkDocs stamps the sitemap with the build date; tying it to the input keeps
    the same input giving the same bytes.
    """
    if "SOURCE_DATE_EPOCH" in os.environ:
        yield
        return
    os.environ["SOURCE_DATE_EPOCH"] = str(int(build_time(inputs).timestamp()))
    try:
        yield
    finally:
        del os.environ["SOURCE_DATE_EPOCH"]
