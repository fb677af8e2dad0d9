"""The search stage: a chunked Pagefind index of the papers.

The browser downloads only the index chunks a query needs, so search starts at
once however long the list is. Pagefind reads small stand-in pages written
from the data model (title, authors, summary, abstract and keywords of each
paper, and the home page's title) rather than the finished site: they are a
fraction of its size, and the indexer can run on the second core while MkDocs
renders the real pages.
"""

from __future__ import annotations

import html
import logging
import os
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

from pagefind_bin_extended import get_executable

from . import text
from .errors import BuildError
from .model import Paper, Site
from .render import paper_html_path

log = logging.getLogger(__name__)

OUTPUT_SUBDIR = "pagefind"
# Pagefind's ready-made search UIs; the site has its own box (assets/javascripts/search.js).
_UNUSED = ("pagefind-ui.js", "pagefind-ui.css", "pagefind-modular-ui.js", "pagefind-modular-ui.css")
_UNUSED += ("pagefind-component-ui.js", "pagefind-component-ui.css", "pagefind-highlight.js")
# One language for every site, so search behaves the same whatever the UI
# language: Pagefind's extended build splits Chinese into words for "zh" (at
# indexing and in the browser) and leaves Latin words whole and unstemmed.
INDEX_LANGUAGE = "zh"


class SearchIndex:
    """A Pagefind run in the background: start() it, then finish() it into a built site."""

    def __init__(self, site: Site, *, use_directory_urls: bool) -> None:
        self._site = site
        self._directory_urls = use_directory_urls
        self._work: tempfile.TemporaryDirectory[str] | None = None
        self._process: subprocess.Popen[str] | None = None
        self._thread: threading.Thread | None = None
        self._failure = ""
        # close() may come while the thread is still writing pages: no Pagefind starts after it.
        self._lock = threading.Lock()
        self._closed = False

    def start(self) -> None:
        """Start writing the stand-in pages and indexing them, on a thread of its own; returns at once."""
        try:
            binary = get_executable()
        except FileNotFoundError:
            raise BuildError("the Pagefind binary is missing", hint="pip install pagefind-bin-extended") from None
        self._work = tempfile.TemporaryDirectory(prefix="readinglist-search-")
        # Thousands of small files take seconds to write: not on the thread that renders.
        self._thread = threading.Thread(target=self._index, args=(binary,), name="pagefind", daemon=True)
        self._thread.start()

    def _index(self, binary: Path) -> None:
        assert self._work is not None
        pages = Path(self._work.name) / "pages"
        try:
            self._write_pages(pages)
            command = [str(binary), "--site", str(pages), "--output-path", str(self._output)]
            command += ["--force-language", INDEX_LANGUAGE, "--silent"]
            log.debug("Indexing %d papers with Pagefind", len(self._site.reading_list.papers))
            with self._lock:
                if self._closed:
                    return
                # One thread: the other core renders the pages meanwhile.
                env = {**os.environ, "RAYON_NUM_THREADS": "1"}
                self._process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        except OSError as error:
            self._failure = f"cannot run Pagefind: {error.strerror}"

    def finish(self, site_dir: Path) -> None:
        """Wait for Pagefind (start() it first) and put its index into site_dir/pagefind/."""
        assert self._thread is not None, "finish() before start()"
        self._thread.join()
        try:
            if self._failure or self._process is None:
                raise BuildError(self._failure or "Pagefind did not start")
            output, _ = self._process.communicate()
            if self._process.returncode != 0:
                lines = [line for line in output.splitlines() if line.strip()]
                problem = lines[-1].strip() if lines else f"exit code {self._process.returncode}"
                raise BuildError(f"Pagefind could not index the papers: {problem}")
            for name in _UNUSED:
                (self._output / name).unlink(missing_ok=True)
            target = site_dir / OUTPUT_SUBDIR
            # A dirty build must not keep chunks of an older index.
            shutil.rmtree(target, ignore_errors=True)
            shutil.move(self._output, target)
        finally:
            self.close()
        log.info("Indexed %d papers for search: %s/", len(self._site.reading_list.papers), target)

    def finish_in_background(self, site_dir: Path) -> None:
        """finish() on a thread of its own; a failure is logged, not raised."""

        def run() -> None:
            try:
                self.finish(site_dir)
            except BuildError as error:
                log.warning("Search index not updated: %s", error)

        threading.Thread(target=run, name="pagefind", daemon=True).start()

    def close(self) -> None:
        """Stop Pagefind if it still runs and remove the stand-in pages."""
        with self._lock:
            self._closed = True
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join()
        if self._process is not None and self._process.poll() is None:
            self._process.kill()
            self._process.wait()
        self._process = None
        if self._work is not None:
            self._work.cleanup()
            self._work = None

    @property
    def _output(self) -> Path:
        assert self._work is not None
        return Path(self._work.name) / "index"

    def _write_pages(self, root: Path) -> None:
        title = html.escape(self._site.title)
        _write(root / "index.html", f"<h1>{title}</h1>", title)
        for paper in self._site.reading_list.papers:
            path = root / paper_html_path(paper, use_directory_urls=self._directory_urls)
            _write(path, _paper_body(paper), html.escape(paper.title))


def _write(path: Path, body: str, title: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    document = f"<!doctype html><html><head><title>{title}</title></head><body><main>{body}</main></body></html>"
    path.write_text(document, encoding="utf-8")


def _paper_body(paper: Paper) -> str:
    """What a reader can search a paper by, as it shows on the paper's page."""
    parts = [f"<h1>{html.escape(paper.title)}</h1>"]
    if paper.authors:
        parts.append(f"<p>{html.escape(', '.join(paper.authors))}</p>")
    if paper.summary:
        parts.append(f"<p>{html.escape(paper.summary)}</p>")
    keywords = html.escape(", ".join(paper.keywords), quote=True)
    parts.append(
        f'<div data-pagefind-index-attrs="data-keywords" data-keywords="{keywords}">{text.abstract_html(paper.abstract)}</div>'
    )
    return "".join(parts)
