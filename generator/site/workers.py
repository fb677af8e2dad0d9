"""Render the generated pages on every core, inside MkDocs' own build.

MkDocs renders one page at a time, and converting Markdown and rendering
Material's `main.html` is most of a build. `PageWorkers` lets MkDocs' own
`build()` (mkdocs/commands/build.py, 1.6.1) run as it is, through our plugin's
events: on_nav deals the generated pages outside the nav (papers and
sub-themes) to worker processes and marks them excluded, so MkDocs' page
loop passes them over; the workers render them with MkDocs' own
`_populate_page` and `_build_page` on the same config, files and nav, so each
stays a real Material page, byte for byte as one process writes it; the main
process renders the rest meanwhile. on_post_build then waits for the workers,
gives the pages back to the site (a Page each, with the anchors they hold),
checks the anchors of links into them as MkDocs would have, and writes the
sitemap again with them in it.

This is the only module that leans on MkDocs' internals (the private page
functions, what an excluded file means to the build, and the Page
attributes that anchor validation reads); tests/test_parallel.py fails if a
MkDocs upgrade changes any of them.

Workers are fresh interpreters (`python -m generator.site.workers`), as
multiprocessing's spawn would start them, and not forks: a fork copies a
parent that has run thread pools (theme detection) and holds Pagefind's pipe,
macOS does not support fork safely, and spawn would import the parent's
`__main__` (the CLI, with NumPy and the themes) into every worker. A worker imports
only MkDocs, reads its share from a file and writes its pages into the
site folder; it starts in its own session, so Ctrl-C reaches the build, which
stops its workers before the staging folder is removed.
"""

from __future__ import annotations

import contextlib
import logging
import os
import pickle
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment
from mkdocs.commands.build import _build_page, _build_theme_template, _populate_page
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort
from mkdocs.exceptions import BuildError as MkDocsBuildError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files, InclusionLevel, get_files, set_exclusions
from mkdocs.structure.nav import Navigation, get_navigation
from mkdocs.structure.pages import Page

from ..errors import BuildError
from ..render.pages import papers_on
from . import sidebars
from .children import interrupts_held, orphaned, start_child, stop_child, work_folder
from .compact import compact

log = logging.getLogger(__name__)

# The MkDocs whose build() PageWorkers steps into; tests/test_parallel.py pins it.
MKDOCS_VERSION = "1.6.1"
# Starting a worker and reading the config, files and nav costs about a
# second; fewer pages than this per worker are quicker rendered in-process.
MIN_PAGES_PER_WORKER = 50
# A page's fixed cost (Material's template with the sidebars shared, writing
# it) in characters of Markdown converted in the same time: a third of a
# paper page's 4 KB, by a profile of a 5,000-paper build.
_PAGE_COST = 1500
# Page events a worker does not run: a build whose plugins (besides ours) handle them renders in one process.
_PAGE_EVENTS = ("pre_page", "page_read_source", "page_markdown", "page_content", "page_context", "post_page")


@dataclass(frozen=True)
class Rendered:
    """What a worker reports of one page: the papers on it and its anchors, for the checks after the build."""

    papers: list[str]
    anchors: set[str]
    # Target page's src_uri → {anchor: the link as written}.
    links_to_anchors: dict[str, dict[str, str]]


@dataclass
class _Job:
    """A worker's share: everything it needs to rebuild the config, files and nav the main process has."""

    config_file: str
    # Options the main process set after reading mkdocs.yml (site_dir, nav, site_name, …).
    options: dict[str, Any]
    language: str
    # Every generated file: src_uri → its Markdown, empty for pages the worker neither renders nor shows in the nav.
    generated: dict[str, str]
    pages: list[str]
    result: str
    parent: int


class PageWorkers:
    """The generated pages outside the nav, rendered by jobs - 1 worker processes while MkDocs renders the rest.

    The plugin calls start() from on_nav, finish() from on_post_build and
    stop() when the build ends, however it ends. With one job, or too few
    pages to share, nothing happens and MkDocs renders every page.
    """

    def __init__(self, *, jobs: int, generator: str) -> None:
        self.jobs, self.generator = jobs, generator
        self._workers: _Workers | None = None
        self._links = _ExcludedLinks()

    def start(self, config: MkDocsConfig, files: Files, nav: Navigation) -> None:
        """Deal the pages out and start the workers; MkDocs' page loop then passes over their pages."""
        self.stop()
        shares = _shares(config, files, nav, self.generator, self.jobs)
        if not shares:
            return
        # Kept before it starts, so that stop() finds what a Ctrl-C during start() left.
        self._workers = _Workers(config, files, nav, shares)
        self._workers.start()
        for path in self._workers.pages:
            file = files.get_file_from_path(path)
            assert file is not None
            file.inclusion = InclusionLevel.EXCLUDED
        # MkDocs notes each link to an excluded page; these pages are not excluded, only rendered elsewhere.
        self._links.pages = self._workers.pages
        logging.getLogger("mkdocs.structure.pages").addFilter(self._links)

    def finish(
        self, config: MkDocsConfig, files: Files, nav: Navigation, env: Environment, on_page: Callable[[str, list[str]], None]
    ) -> None:
        """Wait for the workers and give their pages back to the site, as if MkDocs had rendered them.

        on_page(src_uri, papers) is called for each page a worker rendered, as
        the plugin's on_post_page is for the pages this process renders.
        """
        if self._workers is None:
            return
        log.debug("This process has rendered its pages; waiting for the workers")
        rendered = self._workers.results()
        pages: list[Page] = []
        for path, result in rendered.items():
            file = files.get_file_from_path(path)
            assert file is not None
            file.inclusion = InclusionLevel.NOT_IN_NAV
            page = Page(None, file, config)
            # What MkDocs' page.render() leaves for validate_anchor_links.
            page.present_anchor_ids = result.anchors
            page.links_to_anchors = {files.get_file_from_path(t): links for t, links in result.links_to_anchors.items()}  # type: ignore[misc]
            pages.append(page)
            on_page(path, result.papers)
        log.debug("The workers have rendered their pages")
        level = config.validation.links.anchors
        for page in pages:
            page.validate_anchor_links(files=files, log_level=level)
        # MkDocs checked the other pages' links while these pages had none to check against.
        for file in files.documentation_pages():
            page = file.page
            if page is None or file.src_uri in rendered or not page.links_to_anchors:
                continue
            links = page.links_to_anchors
            page.links_to_anchors = {target: anchors for target, anchors in links.items() if target.src_uri in rendered}
            try:
                page.validate_anchor_links(files=files, log_level=level)
            finally:
                page.links_to_anchors = links
        # The sitemap MkDocs wrote lists only the pages it rendered.
        if "sitemap.xml" in config.theme.static_templates:
            _build_theme_template("sitemap.xml", env, files, config, nav)
        self.stop()

    def stop(self) -> None:
        """Stop any workers still running (a failed or interrupted build) and forget them."""
        logging.getLogger("mkdocs.structure.pages").removeFilter(self._links)
        if self._workers is not None:
            self._workers.stop()
            self._workers = None


class _ExcludedLinks(logging.Filter):
    """Drops MkDocs' notes of links to pages a worker renders, which it takes for excluded ones."""

    _NOTE = re.compile(r"contains a link to '(.*)' which is excluded from the built site\.$")

    def __init__(self) -> None:
        super().__init__()
        self.pages: Collection[str] = frozenset()

    def filter(self, record: logging.LogRecord) -> bool:
        note = self._NOTE.search(record.getMessage())
        return note is None or note.group(1) not in self.pages


@contextlib.contextmanager
def _naming(file: File) -> Iterator[None]:
    """A page that fails to render is one error naming it."""
    try:
        yield
    except (MkDocsBuildError, Abort):
        raise
    except Exception as error:
        raise BuildError(f"cannot render the page {file.src_uri}: {error or type(error).__name__}") from error


def deal(markdown: Mapping[str, str], in_nav: Collection[str], count: int) -> list[list[str]]:
    """The pages of markdown outside the nav in count shares of like cost; this process keeps the first and the nav's pages.

    A page costs about its Markdown's length to convert plus a fixed part
    (Material's template, writing it). Shares are filled in sorted order, each
    page to the share that costs least so far, the first share counting the
    nav's pages (the home and theme pages, which list many papers), so that
    no process waits long for another.
    """
    costs = [0] * count
    costs[0] = sum(len(text) + _PAGE_COST for path, text in markdown.items() if path in in_nav)
    shares: list[list[str]] = [[] for _ in range(count)]
    for path in sorted(set(markdown) - set(in_nav)):
        cheapest = costs.index(min(costs))
        shares[cheapest].append(path)
        costs[cheapest] += len(markdown[path]) + _PAGE_COST
    return shares


def _shares(config: MkDocsConfig, files: Files, nav: Navigation, generator: str, jobs: int) -> list[list[str]]:
    """The generated pages outside the nav dealt out, one list each; the first share stays with this process."""
    generated = {f.src_uri: f.content_string for f in files.documentation_pages() if f.generated_by == generator}
    in_nav = {page.file.src_uri for page in nav.pages}
    others = {
        name
        for event in _PAGE_EVENTS
        for method in config.plugins.events[event]
        if (name := config.plugins._event_origins.get(method)) != generator
    }
    if others:
        log.info("Rendering in one process: the plugins %s handle page events", ", ".join(sorted(map(str, others))))
        return []
    count = min(jobs, len(set(generated) - in_nav) // MIN_PAGES_PER_WORKER)
    return deal(generated, in_nav, count) if count > 1 else []


class _Workers:
    """Worker processes rendering the shares after the first, from start() until stop(), which the build calls however it ends."""

    def __init__(self, config: MkDocsConfig, files: Files, nav: Navigation, shares: list[list[str]]) -> None:
        self.pages = frozenset(path for share in shares[1:] for path in share)
        self._shares = shares[1:]
        self._config, self._files, self._nav = config, files, nav
        self._work: tempfile.TemporaryDirectory[str] | None = None
        self._processes: list[tuple[subprocess.Popen[bytes], _Job]] = []

    def start(self) -> None:
        self._work = work_folder("readinglist-pages-")
        nav_pages = {page.file.src_uri for page in self._nav.pages}
        for number, share in enumerate(self._shares, 1):
            own = set(share)
            job = _Job(
                config_file=str(self._config.config_file_path),
                options={
                    "site_dir": self._config.site_dir,
                    "site_url": self._config.site_url,
                    "site_name": self._config.site_name,
                    "use_directory_urls": self._config.use_directory_urls,
                    "nav": self._config.nav,
                    # Plugins leave data for the templates here (ours: the interface's messages).
                    "extra": dict(self._config.extra),
                },
                language=self._config.theme["language"],
                generated={
                    f.src_uri: f.content_string if f.src_uri in own or f.src_uri in nav_pages else ""
                    for f in self._files
                    if f.generated_by is not None and f.is_documentation_page()
                },
                pages=share,
                result=str(Path(self._work.name) / f"result-{number}.pickle"),
                parent=os.getpid(),
            )
            path = Path(self._work.name) / f"job-{number}.pickle"
            path.write_bytes(pickle.dumps(job))
            stderr = (Path(self._work.name) / f"stderr-{number}.txt").open("wb")
            with stderr, interrupts_held():
                process = start_child(__name__, str(path), stdin=subprocess.DEVNULL, stderr=stderr)
                self._processes.append((process, job))
        log.debug("Rendering %d pages in %d worker processes", len(self.pages), len(self._processes))

    def results(self) -> dict[str, Rendered]:
        """Wait for every worker; what it rendered, or one BuildError naming the page that failed."""
        rendered: dict[str, Rendered] = {}
        for number, (process, job) in enumerate(self._processes, 1):
            code = process.wait()
            result = Path(job.result)
            if code != 0 or not result.is_file():
                raise BuildError(f"a worker rendering pages failed: {self._problem(number, code)}", hint="try --jobs 1")
            # How well the shares were balanced: the worker's idle time at the end.
            log.debug("Worker %d had finished %.1f s before this process", number, time.time() - result.stat().st_mtime)
            pages, logs, failure = pickle.loads(result.read_bytes())
            for name, level, message in logs:
                logging.getLogger(name).log(level, message)
            if failure is not None:
                raise BuildError(failure)
            rendered.update(pages)
        return rendered

    def _problem(self, number: int, code: int) -> str:
        assert self._work is not None
        lines = (Path(self._work.name) / f"stderr-{number}.txt").read_text(encoding="utf-8", errors="replace").splitlines()
        return next((line.strip() for line in reversed(lines) if line.strip()), f"exit code {code}")

    def stop(self) -> None:
        """Kill the workers still running and remove the work folder: also after start() was interrupted halfway."""
        for process, _ in self._processes:
            stop_child(process)
        self._processes = []
        if self._work is not None:
            self._work.cleanup()
            self._work = None


class _Collect(BasePlugin):  # type: ignore[type-arg]
    """In a worker, the papers on each page it writes."""

    def __init__(self) -> None:
        self.papers: dict[str, list[str]] = {}

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        self.papers[page.file.src_uri] = papers_on(output)
        return compact(output)


class _Record(logging.Handler):
    """In a worker, what MkDocs logs while rendering, for the main process to log (and count, in strict mode)."""

    def __init__(self, into: list[tuple[str, int, str]]) -> None:
        super().__init__(logging.INFO)
        self.into = into

    def emit(self, record: logging.LogRecord) -> None:
        self.into.append((record.name, record.levelno, record.getMessage()))


def _work(job: _Job) -> tuple[dict[str, Rendered], list[tuple[str, int, str]], str | None]:
    """In a worker: rebuild the main process's config, files and nav, and render the job's pages into the site."""
    # Our plugin's work is done; the page events it handles run in the main process.
    config = load_config(job.config_file, plugins=[], **job.options)
    config.theme["language"] = job.language
    collect = _Collect()
    config.plugins["readinglist-worker"] = collect
    files = get_files(config)
    env = config.theme.get_env()
    files.add_files_from_theme(env, config)
    # What our plugin's on_env gives the templates in the main process.
    sidebars.install(env)
    # File.generated() reads which plugin is running; outside an event none is.
    config.plugins._current_plugin = None
    for path, markdown in job.generated.items():
        files.append(File.generated(config, path, content=markdown))
    set_exclusions(files, config)
    nav = get_navigation(files, config)
    # The nav shows each page's front matter (an icon, a status), as the main process has read it.
    for page in nav.pages:
        page.read_source(config)
    doc_files = files.documentation_pages()

    logs: list[tuple[str, int, str]] = []
    mkdocs_log = logging.getLogger("mkdocs")
    mkdocs_log.addHandler(_Record(logs))
    mkdocs_log.setLevel(logging.INFO)
    mkdocs_log.propagate = False
    rendered: dict[str, Rendered] = {}
    for path in job.pages:
        if orphaned(job.parent):
            # The build was killed without a chance to stop us: stop writing into its site folder.
            sys.exit(1)
        file = files.get_file_from_path(path)
        assert file is not None
        page = file.page or Page(None, file, config)
        try:
            with _naming(file):
                _populate_page(page, config, files)
                _build_page(page, config, doc_files, nav, env)
        except BuildError as error:
            return rendered, logs, error.message
        rendered[path] = Rendered(
            collect.papers[path],
            set(page.present_anchor_ids or ()),
            {target.src_uri: dict(links) for target, links in (page.links_to_anchors or {}).items()},
        )
    return rendered, logs, None


def _main(job_file: Path) -> None:
    # Ctrl-C goes to the build, which stops its workers.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    job: _Job = pickle.loads(job_file.read_bytes())
    outcome = _work(job)
    Path(job.result).write_bytes(pickle.dumps(outcome))


if __name__ == "__main__":
    # Through the module's own name, so that what it pickles unpickles in the build as generator.site.workers'.
    from generator.site.workers import _main as main

    main(Path(sys.argv[1]))
