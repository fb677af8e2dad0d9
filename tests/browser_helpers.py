"""Helpers for the browser tests: serve a built site, launch Debian's Chromium, drive the site's search."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page, Playwright

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
# Never let Playwright fetch a browser: drive the system's Chromium, offline.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
ARTIFACTS = REPO / "tests" / "artifacts"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def serve(site: Path) -> Iterator[str]:
    """Serve site on 127.0.0.1 from a thread; yields the base URL, ending in '/'."""
    handler = functools.partial(_QuietHandler, directory=str(site))
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


def watch_errors(page: Page, errors: list[str]) -> None:
    """Record every console error and uncaught exception of page into errors."""
    page.on("console", lambda msg: errors.append(f"console: {msg.text} ({page.url})") if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc} ({page.url})"))
    # A hostile title that ran as HTML would raise alert(1).
    page.on("dialog", lambda dialog: (errors.append(f"dialog: {dialog.message} ({page.url})"), dialog.dismiss()))


def search(page: Page, query: str) -> list[str]:
    """Type query into the header's search box; the result links' paths, best first."""
    box = page.locator("input.md-search__input")
    box.click()
    box.fill(query)
    page.wait_for_function("q => document.querySelector('.rl-search').dataset.rlQuery === q", arg=query)
    return page.eval_on_selector_all(
        ".md-search-result__list > li.md-search-result__item > a.md-search-result__link",
        "els => els.map(e => new URL(e.href).pathname)",
    )
