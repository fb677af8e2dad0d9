"""What a home and a theme page download before their map and filter work, and how long that takes.

    python -m benchmarks.weight --papers 1000     # the first 1,000 papers of the OpenReview export
    python -m benchmarks.weight --site DIR        # reuses a built site (any version: compare before/after)

For the home page and the first theme page, in headless Chromium (desktop,
1350x940), it waits until the map has drawn its points and the filter is
there, then prints the bytes of every response so far: raw (the local server
sends them uncompressed) and as gzip -6 would send them, the data files among
them apart. "map ready" is the time from navigation to that moment, median
of --runs fresh contexts; "slow net" is the same with the network held to
10 Mbit/s and 40 ms (uncompressed bytes), as on a slow connection with a host
that does not compress. Then it hovers over the map and says what the
tooltip's first need downloads. Then, what a RIS or CSL-JSON export of k
papers (seeded at random) loads of the citation fields: the whole
citations.js of older sites, or only its papers' chunks (citations/XX.js).
Last, every response of the home page by then, in bytes: two sites' lists
(say, built before and after a change) compare to the byte.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import statistics
from pathlib import Path

from playwright.sync_api import Browser, Response, sync_playwright

from benchmarks.browser import launch, serve
from benchmarks.common import REPO, build_site, write_papers

DATA_FILES = ("papers.js", "points.js", "papers.json", "citations.js")
# 10 Mbit/s down and up, 40 ms of latency: Chromium's own network emulation.
SLOW = {"offline": False, "latency": 40, "downloadThroughput": 10e6 / 8, "uploadThroughput": 10e6 / 8}
READY = "() => document.querySelector('.rl-map[data-points]') && document.querySelector('.rl-filter')"


def theme_page(site: Path) -> str:
    return min(p.parent.relative_to(site).as_posix() for p in site.glob("themes/*/index.html")) + "/"


def visit(
    browser: Browser, url: str, *, slow: bool, hover: bool = False
) -> tuple[float, dict[str, tuple[int, int]], dict[str, tuple[int, int]]]:
    """Milliseconds to a working map and filter; the responses by name (raw, gzip bytes) by then, and those a hover adds."""
    context = browser.new_context(viewport={"width": 1350, "height": 940})
    page = context.new_page()
    if slow:
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", SLOW)
    seen: dict[str, tuple[int, int]] = {}

    def keep(response: Response) -> None:
        try:
            body = response.body()
        except Exception:  # a redirect or an aborted request has no body
            return
        name = response.url.split("?")[0].rsplit("/", 2)
        key = name[-1] or name[-2] + "/"
        seen[key] = (len(body), len(gzip.compress(body, 6)))

    page.on("response", keep)
    page.goto(url)
    page.wait_for_function(READY, polling="raf", timeout=120_000)
    ready = page.evaluate("performance.now()")
    before = dict(seen)
    later: dict[str, tuple[int, int]] = {}
    if hover:
        canvas = page.locator(".rl-map canvas.rl-map__canvas")
        canvas.scroll_into_view_if_needed()
        box = canvas.bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_function("() => Array.isArray(window.RL_PAPERS)", timeout=120_000)
        page.wait_for_timeout(200)
        later = {k: v for k, v in seen.items() if k not in before}
    context.close()
    return ready, before, later


def export_loads(site: Path, k: int) -> tuple[int, int]:
    """Bytes (raw, gzip) an export of k seeded random papers loads of the citation fields."""
    whole = site / "citations.js"
    if whole.is_file():
        body = whole.read_bytes()
        return len(body), len(gzip.compress(body, 6))
    from generator.paths import CITATIONS_CHUNK
    from generator.render.citations import chunk_of

    ids = [record["id"] for record in json.loads((site / "papers.json").read_text(encoding="utf-8"))]
    chunks = {chunk_of(paper_id) for paper_id in random.Random(k).sample(ids, min(k, len(ids)))}
    bodies = [(site / CITATIONS_CHUNK.format(chunk)).read_bytes() for chunk in chunks]
    return sum(len(b) for b in bodies), sum(len(gzip.compress(b, 6)) for b in bodies)


def kb(value: int) -> str:
    return f"{value / 1024:,.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site to reuse (else one is built)")
    parser.add_argument("--papers", type=int, default=1000, help="papers from the OpenReview export")
    parser.add_argument("--work", type=Path, default=REPO / "build" / "bench-weight")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    site = args.site
    if site is None:
        args.work.mkdir(parents=True, exist_ok=True)
        data = args.work / f"papers-{args.papers}.jsonl"
        write_papers(data, args.papers)
        site = build_site(args.work, f"site-{args.papers}", data)

    rows = []
    with sync_playwright() as playwright, serve(site) as base:
        browser = launch(playwright)
        for name, path in (("home", ""), ("theme", theme_page(site))):
            # One visit to warm the server and the disk cache, not counted.
            visit(browser, base + path, slow=False)
            fast = [visit(browser, base + path, slow=False) for _ in range(args.runs)]
            slow = [visit(browser, base + path, slow=True) for _ in range(args.runs)]
            _, loaded, hovered = visit(browser, base + path, slow=False, hover=True)
            rows.append(
                (name, path, statistics.median(f[0] for f in fast), statistics.median(s[0] for s in slow), loaded, hovered)
            )
        browser.close()

    papers = len(list(site.glob("papers/*/index.html")))
    print(f"\n{site}: {papers:,} paper pages\n")
    print(
        "| page | KB before map and filter work (raw / gzip) | of which data files | map ready (ms) | slow net (ms) | first hover adds |"
    )
    print("|---|---|---|---|---|---|")
    for name, path, fast_ms, slow_ms, loaded, hovered in rows:
        raw = sum(v[0] for v in loaded.values())
        packed = sum(v[1] for v in loaded.values())
        data = ", ".join(f"{k} {kb(v[0])} / {kb(v[1])}" for k, v in sorted(loaded.items()) if k in DATA_FILES)
        page = next((v for k, v in loaded.items() if k.endswith("/") or k == "index.html" or (not path and k == "")), None)
        data += f"; page {kb(page[0])} / {kb(page[1])}" if page else ""
        added = ", ".join(f"{k} {kb(v[0])} / {kb(v[1])}" for k, v in sorted(hovered.items()) if k in DATA_FILES) or "nothing"
        print(f"| {name} | {kb(raw)} / {kb(packed)} | {data} | {fast_ms:,.0f} | {slow_ms:,.0f} | {added} |")
    print("\n| papers exported (RIS, CSL-JSON) | 1 | 5 | 50 | 200 |")
    print("|---|---|---|---|---|")
    loads = [export_loads(site, k) for k in (1, 5, 50, 200)]
    print("| KB of citation fields loaded (raw / gzip) | " + " | ".join(f"{kb(r)} / {kb(g)}" for r, g in loads) + " |")
    home = rows[0][4]
    print("\n| home page's response | bytes (raw / gzip) |\n|---|---|")
    for name, (raw, packed) in sorted(home.items(), key=lambda item: (not item[0].endswith("/"), item[0])):
        print(f"| {'the page' if name.endswith('/') else name} | {raw:,} / {packed:,} |")
    print(f"| all | {sum(v[0] for v in home.values()):,} / {sum(v[1] for v in home.values()):,} |")


if __name__ == "__main__":
    main()
