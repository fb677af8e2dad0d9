"""The MkDocs plugin: plain `mkdocs build` and `mkdocs serve` run the generator.

Only event handlers live here; the work is done by the pipeline stages.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils import clean_directory

from ..analysis.threads import available_cores
from ..cache import Cache, digest, file_digest
from ..config import ReadingListConfig, Settings, merged, settings_from
from ..errors import ReadingListError
from ..model import ReadingList, Site
from ..paths import HAND_WRITTEN, SEARCH_BY_MEANING
from ..pipeline import generate
from ..progress import Bar
from ..render.pages import papers_on
from ..state import record_state
from ..text.markup import escape
from . import sidebars
from .build import PLUGIN, verify_site
from .compact import compact
from .search import SearchIndex
from .sentence_model import write_model
from .workers import PageWorkers

log = logging.getLogger(__name__)


class _NoDirtyWarning(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return "'dirty' build" not in record.getMessage()


_NO_DIRTY_WARNING = _NoDirtyWarning()


def _rename_toggles(palette: object, names: dict[str, str]) -> None:
    """Give the palette's toggles the site language's names where they have mkdocs.yml's English ones; a curator's own stay."""
    for option in palette if isinstance(palette, list) else [palette]:
        toggle = option.get("toggle") if isinstance(option, dict) else None
        if isinstance(toggle, dict) and toggle.get("name") in names:
            toggle["name"] = names[toggle["name"]]


class ReadingListPlugin(BasePlugin[ReadingListConfig]):
    def __init__(self) -> None:
        # The command line's options by name, over mkdocs.yml's (see config.merged); MkDocs alone gives none.
        self.overrides: dict[str, object] = {}
        # A dirty build (`readinglist serve`) rebuilds only pages whose source changed.
        self.dirty = False
        self.workers: PageWorkers | None = None
        # What on_post_build hands the workers' pages to, as MkDocs built them.
        self.files: Files | None = None
        self.nav: Navigation | None = None
        self.env: Environment | None = None
        # The error that stopped the build, for the CLI to report as it is (MkDocs reports only that one happened).
        self.failure: ReadingListError | None = None
        # The site the CLI generated before MkDocs started, for the next build only.
        self.generated: Site | None = None
        self.site: Site | None = None
        self.bar = Bar("mkdocs", 0)
        self.search: SearchIndex | None = None
        # The papers on each page MkDocs wrote in this build, for verify_site.
        self.rendered: dict[str, list[str]] = {}

    def options(self) -> dict[str, Any]:
        """mkdocs.yml's options with the command line's over them."""
        return merged(self.config, self.overrides)

    def settings(self, config: MkDocsConfig) -> Settings:
        root = Path(config.config_file_path).parent
        return settings_from(self.options(), root, listed=self.config.input, preview=self.dirty)

    # Defining on_startup keeps this one plugin object for a whole `serve`
    # session (MkDocs reuses it for every rebuild), so per-build state is set
    # afresh in on_config and on_pre_build.
    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.dirty = dirty
        if dirty:
            # MkDocs warns that a dirty build leaves the nav stale, and strict
            # mode stops on that warning; ours empties the site whenever the
            # nav or the page templates change (_rebuild_all_if_chrome_changed).
            logging.getLogger("mkdocs.commands.build").addFilter(_NO_DIRTY_WARNING)

    # Runs before the other plugins, which read the language we set here.
    @event_priority(100)
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        self.failure = None
        if self.config.jobs is not None and self.config.jobs < 1:
            raise PluginError(f"{config.config_file_path}: jobs must be at least 1, not {self.config.jobs}")
        try:
            if self.generated is None:
                self.search = None
                self.site = generate(self.settings(config), on_papers=self.search_starter(config))
            else:
                # The CLI generated the site, and started its search index, before MkDocs ran.
                self.site = self.generated
            self.generated = None
        except ReadingListError as error:
            self.failure = error
            self._stop_search()
            raise PluginError(str(error)) from error
        # MkDocs prints site_name into pages unescaped.
        config.site_name = escape(self.site.title) if self.site.title else config.site_name
        config.nav = self.site.nav
        config.theme["language"] = self.site.language
        # The interface's words, in the page for the scripts to read (templates/overrides/main.html) and for the theme's templates.
        config.extra["rl_messages"] = self.site.messages
        _rename_toggles(config.theme.get("palette"), self.site.toggle_names)
        # The header's search links the search-by-meaning page, on a site that has it (partials/search.html).
        meaning = File(SEARCH_BY_MEANING, config.docs_dir, config.site_dir, config.use_directory_urls).url
        config.extra["rl_search_by_meaning"] = meaning if self.site.semantic else ""
        return config

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        assert self.site is not None
        if self.dirty:
            self._rebuild_all_if_chrome_changed(config)
        self.bar = Bar("mkdocs", sum(path.endswith(".md") for path in self.site.pages))
        self.rendered = {}

    def search_starter(self, config: MkDocsConfig) -> Callable[[ReadingList], None]:
        """What starts Pagefind on the papers once the generator has them final: it indexes them on the other core meanwhile."""

        def start(reading_list: ReadingList) -> None:
            self.search = SearchIndex(reading_list, use_directory_urls=config.use_directory_urls)
            self.search.start()

        return start

    def on_nav(self, nav: Navigation, *, config: MkDocsConfig, files: Files) -> Navigation:
        self.files, self.nav = files, nav
        # A dirty build re-renders the few pages that changed: one process is quicker.
        jobs = 1 if self.dirty else self.options()["jobs"] or available_cores()
        self.workers = PageWorkers(jobs=jobs, generator=PLUGIN)
        self.workers.start(config, files, nav)
        return nav

    def on_env(self, env: Environment, *, config: MkDocsConfig, files: Files) -> Environment:
        self.env = sidebars.install(env)
        return self.env

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        self.page_rendered(page.file.src_uri, papers_on(output))
        return compact(output)

    def page_rendered(self, src_uri: str, papers: list[str]) -> None:
        """Note a written page and the papers on it, whichever process rendered it (see workers.py)."""
        self.bar.advance()
        self.rendered[src_uri] = papers

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        assert self.site is not None
        # A dirty build (`readinglist serve`) reads the pages from the cache's
        # files: their times tell it which changed. A full build has them in memory.
        kept = Cache(self.settings(config).cache_dir).pages if self.dirty else None
        for path, markdown in self.site.pages.items():
            existing = files.get_file_from_path(path)
            if existing is not None and path in HAND_WRITTEN:
                log.info("%s: the docs folder's own page, in place of ours", existing.abs_src_path)
                continue
            if existing is not None:
                raise PluginError(f"{existing.abs_src_path}: clashes with the generated page {path} (rename or remove it)")
            if kept is not None and (kept / path).is_file():
                files.append(File(path, str(kept), config.site_dir, config.use_directory_urls))
            else:
                files.append(File.generated(config, path, content=markdown))
        return files

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        assert self.site is not None
        try:
            if self.workers is not None:
                assert self.files is not None and self.nav is not None and self.env is not None
                self.workers.finish(config, self.files, self.nav, self.env, on_page=self.page_rendered)
            self.bar.close()
            verify_site(self.site, Path(config.site_dir), use_directory_urls=config.use_directory_urls, rendered=self.rendered)
            # Search by meaning encodes a reader's query with the model the papers were encoded with.
            if self.site.semantic:
                write_model(Path(config.site_dir))
            assert self.search is not None
            # A preview shows the edit at once; search catches up a moment later.
            if self.dirty:
                self.search.finish_in_background(Path(config.site_dir))
            else:
                self.search.finish(Path(config.site_dir))
        except ReadingListError as error:
            self.failure = error
            raise PluginError(str(error)) from error
        # The site is built: a state file that cannot be written costs the next build its memory, not this one its site.
        try:
            record_state(self.site.reading_list, self.settings(config))
        except OSError as error:
            log.warning(
                "%s: cannot write the build's state there: %s (set data_dir under the plugin to a folder you can write)",
                error.filename,
                error.strerror,
            )

    def _rebuild_all_if_chrome_changed(self, config: MkDocsConfig) -> None:
        """Empty the site before a dirty build if what every page shows changed: nav, titles, templates, config.

        A dirty build re-renders only pages whose source is newer than their
        HTML; the nav and header are in every page.
        """
        assert self.site is not None
        settings = self.settings(config)
        overrides = Path(config.theme.custom_dir) if config.theme.custom_dir else None
        templates = sorted(p for p in overrides.rglob("*") if p.is_file()) if overrides else []
        chrome = digest(
            self.site.nav,
            self.site.title,
            self.site.language,
            file_digest(Path(config.config_file_path)),
            [(str(p), file_digest(p)) for p in templates],
        )
        cache, key = Cache(settings.cache_dir), digest(config.site_dir, chrome)
        if cache.get("served", key) is None:
            log.info("The nav or page templates changed: rebuilding every page")
            clean_directory(config.site_dir)
            cache.put("served", key, True)

    def on_build_error(self, *, error: Exception) -> None:
        self._stop_workers()
        self._stop_search()

    def on_shutdown(self) -> None:
        # An interrupted build runs no on_build_error.
        self._stop_workers()
        self._stop_search()

    def _stop_search(self) -> None:
        if self.search is not None:
            self.search.close()

    def _stop_workers(self) -> None:
        if self.workers is not None:
            self.workers.stop()
            self.workers = None

    def on_serve(self, server: LiveReloadServer, *, config: MkDocsConfig, builder: Any) -> LiveReloadServer:
        settings = self.settings(config)
        overrides = [settings.themes.overrides] if settings.themes.overrides and settings.themes.overrides.exists() else []
        for path in (*settings.inputs, settings.templates, *overrides):
            server.watch(str(path))
        return server
