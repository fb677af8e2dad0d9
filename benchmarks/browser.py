"""Serve a built site, launch Debian's Chromium, and measure a page: layout shift, axe-core's findings, the first paper link.

The page benchmarks and the browser tests share these, so that both measure alike.
"""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchmarks.common import REPO

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Playwright

CHROMIUM = Path("/usr/bin/chromium")
# Never let Playwright fetch a browser: drive the system's Chromium, offline.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args: Any, requests: list[tuple[str, int]] | None = None, **kwargs: Any) -> None:
        # Set before the base class's __init__, which handles the request.
        self.requests = requests
        super().__init__(*args, **kwargs)

    def log_message(self, format: str, *args: object) -> None:
        pass

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        if self.requests is not None:
            self.requests.append((self.path, int(code)))


@contextmanager
def serve(site: Path, requests: list[tuple[str, int]] | None = None) -> Iterator[str]:
    """Serve site on 127.0.0.1 from a thread; yields the base URL, ending in '/'.

    With requests, each request's path and status is appended to it: what
    the browser asked for, and what its cache answered itself.
    """
    handler = functools.partial(_QuietHandler, directory=str(site), requests=requests)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def launch(playwright: Playwright) -> Browser:
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)


AXE = REPO / "tests" / "assets" / "axe.min.js"
# WCAG 2.1 A and AA: what the site promises (issue #18).
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
# Every layout shift since navigation, summed as CLS's single-session upper
# bound; buffered so shifts before the script count too. CLS leaves out shifts
# just after input, but Chromium's phone emulation marks every shift so
# (hadRecentInput) with no input at all: nothing types or taps before the
# reading, so every shift counts.
CLS_OBSERVER = """
window.__rlShift = 0;
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) window.__rlShift += entry.value;
}).observe({ type: "layout-shift", buffered: true });
"""


def watch_layout_shift(page: Page) -> None:
    """Make cumulative_layout_shift(page) work on every page that page opens from now on."""
    page.add_init_script(CLS_OBSERVER)


def cumulative_layout_shift(page: Page, settle_ms: int = 500) -> float:
    """The layout shift summed since the page opened, read once the page has settled.

    It waits for the map, the filter and the paper's buttons to be drawn, then
    settle_ms more for anything they set off.
    """
    page.wait_for_load_state("networkidle")
    # The map and the filter come after papers.js, which waits for the page's load.
    page.wait_for_function(
        """() => [...document.querySelectorAll(".rl-map")].every(m => m.hasAttribute("data-points") || m.hidden)
              && [...document.querySelectorAll(".rl-filter-slot")].every(s => s.querySelector(".rl-filter"))
              && [...document.querySelectorAll(".rl-actions")].every(a => a.hasAttribute("data-rl-ready"))"""
    )
    page.wait_for_timeout(settle_ms)
    return page.evaluate("window.__rlShift")


def axe_violations(page: Page) -> list[dict]:
    """axe-core's WCAG 2.1 AA violations on the page as it is: rule id, impact, and the offending nodes."""
    page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """tags => axe.run(document, { runOnly: { type: "tag", values: tags } }).then(r =>
             r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help,
               nodes: v.nodes.map(n => n.target.join(" ") + " :: " + n.failureSummary) })))""",
        AXE_TAGS,
    )


def first_paper_link_screens(page: Page) -> float:
    """How far down the first link to a paper starts, in screen heights from the top of the page."""
    return page.evaluate(
        """() => {
             const link = [...document.querySelectorAll("article a[href]")]
               .find(a => /\\/papers\\/[^/]+\\/$/.test(new URL(a.href).pathname));
             return (link.getBoundingClientRect().top + window.scrollY) / window.innerHeight;
           }"""
    )
