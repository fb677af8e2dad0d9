"""Helpers for the browser tests: a context that records errors, and the site's search driven as a reader would.

Serving a site, launching Chromium and measuring a page are benchmarks.browser's, shared with the page benchmarks.
"""

from __future__ import annotations

from playwright.sync_api import Browser, BrowserContext, Page
from support import REPO

from benchmarks.browser import AXE

ARTIFACTS = REPO / "tests" / "artifacts"


def new_context(browser: Browser, errors: list[str]) -> BrowserContext:
    """A desktop-sized context that takes downloads, whose every page records its errors into errors."""
    context = browser.new_context(accept_downloads=True, viewport={"width": 1200, "height": 900})
    context.on("page", lambda page: watch_errors(page, errors))
    return context


def watch_errors(page: Page, errors: list[str]) -> None:
    """Record every console error and uncaught exception of page into errors."""
    page.on("console", lambda msg: errors.append(f"console: {msg.text} ({page.url})") if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc} ({page.url})"))
    # A hostile title that ran as HTML would raise alert(1).
    page.on("dialog", lambda dialog: (errors.append(f"dialog: {dialog.message} ({page.url})"), dialog.dismiss()))


def search(page: Page, query: str) -> list[str]:
    """Type query into the header's search box; the paths of its results by words, best first (not those by meaning)."""
    box = page.locator("input.md-search__input")
    box.click()
    box.fill(query)
    page.wait_for_function("q => document.querySelector('.rl-search').dataset.rlQuery === q", arg=query)
    return page.eval_on_selector_all(
        ".md-search-result__list > li.md-search-result__item > a.md-search-result__link",
        "els => els.map(e => new URL(e.href).pathname)",
    )


def axe_checked(page: Page, rule: str) -> int:
    """How many elements of the page axe-core's rule applies to: none means it checked nothing there."""
    page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """rule => axe.run(document, { runOnly: { type: "rule", values: [rule] } }).then(r =>
             [r.passes, r.violations, r.incomplete].flat().reduce((n, result) => n + result.nodes.length, 0))""",
        rule,
    )


def links_told_apart_by_colour_alone(page: Page) -> list[str]:
    """The links in running text (those axe's link-in-text-block checks) that no line, border or weight sets apart.

    axe credits a link whose text-decoration differs from its text's in any part: a thickness or an offset with no
    line drawn passes it too.
    """
    page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """() => axe.run(document, { runOnly: { type: "rule", values: ["link-in-text-block"] } }).then(r =>
             [r.passes, r.violations, r.incomplete].flat().flatMap(result => result.nodes).filter(node => {
               const link = document.querySelector(node.target[0]);
               const own = getComputedStyle(link), around = getComputedStyle(link.parentElement);
               const line = own.textDecorationLine !== "none" && own.textDecorationLine !== around.textDecorationLine;
               const border = own.borderBottomStyle !== "none" && parseFloat(own.borderBottomWidth) > 0;
               const bold = Math.abs(Number(own.fontWeight) - Number(around.fontWeight)) >= 300;
               return !(line || border || bold);
             }).map(node => node.target.join(" ")))"""
    )
