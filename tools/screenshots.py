"""Screenshots of search by meaning and "more like your stars" on a built site, as a reader sees them.

    python tools/screenshots.py SITE OUT     # SITE: a built site with the model (e.g. 1,000 dev papers)

Desktop (1350x940) and phone (390x844 at 2x), light and dark, in headless
Chromium, served over http: the home page's recommendations after five
stars from one theme, the header's search box with results by words and by
meaning, and the search-by-meaning page with a question. The stars are the
first five papers of the first paper's theme, so that the pictures of one
site are the same run to run.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from benchmarks.browser import launch, serve

QUESTION = "How can diffusion models generate molecules with the right 3D geometry?"
VIEWS = {
    "desktop": {"viewport": {"width": 1350, "height": 940}},
    "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True},
}
WAIT_MS = 120_000
SETTLE_MS = 600


def shoot(page: Page, url: str, out: Path, suffix: str, *, phone: bool) -> None:
    page.goto(url)
    page.wait_for_selector(".rl-recommend:not([hidden]) li", timeout=WAIT_MS)
    page.locator(".rl-recommend").scroll_into_view_if_needed()
    # The header swaps the site's name for the page's title as it scrolls: let that settle.
    page.wait_for_timeout(SETTLE_MS)
    page.screenshot(path=out / f"recommend-{suffix}.png")
    page.goto(url + "search/?q=" + QUESTION.replace(" ", "+"))
    page.wait_for_selector(".rl-semantic__hit", timeout=WAIT_MS)
    page.screenshot(path=out / f"search-page-{suffix}.png")
    page.goto(url)
    if phone:
        page.locator("label[for='__search']").first.click()
    page.locator("input.md-search__input").fill("diffusion molecules 3D geometry")
    page.wait_for_selector(".rl-search .rl-search__by-meaning li[data-rl-paper]", timeout=WAIT_MS)
    page.screenshot(path=out / f"search-box-{suffix}.png")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    papers = json.loads((args.site / "papers.json").read_text(encoding="utf-8"))
    starred = [paper["id"] for paper in papers if paper["theme_slug"] == papers[0]["theme_slug"]][:5]
    stars = json.dumps({paper: {"s": 1, "t": 1767225600000 + i} for i, paper in enumerate(starred)})
    with sync_playwright() as playwright, serve(args.site) as url:
        browser = launch(playwright)
        for view, options in VIEWS.items():
            for scheme in ("light", "dark"):
                context = browser.new_context(color_scheme=scheme, **options)
                context.add_init_script(f"localStorage.setItem('readinglist:v1', {json.dumps(stars)})")
                shoot(context.new_page(), url, args.out, f"{view}-{scheme}", phone=view == "phone")
                context.close()
        browser.close()


if __name__ == "__main__":
    main()
