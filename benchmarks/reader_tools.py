"""How long a share link gets, and how big the exports' data is, on ICLR 2026 papers.

    python -m benchmarks.reader_tools                  # builds a 300-paper site in build/bench-reader/
    python -m benchmarks.reader_tools --site DIR       # reuses a built site

First table: on the built site in headless Chromium, star 50, 100 and 200
papers, press "Share link" on the Reading list, and open the link in a fresh
browser context: the link's length and whether the shared list shows every
paper. Second table: the size of the citations/XX.js chunks (what the RIS,
CSL-JSON and filtered exports load on demand) and sessions.js for the whole
export.
"""

from __future__ import annotations

import argparse
import gzip
import json
import tempfile
from pathlib import Path

from benchmarks.browser import launch, serve
from benchmarks.common import DEV_DATA, REPO, build_site, write_papers

STARRED = (50, 100, 200)


def share_rows(site: Path) -> list[dict[str, object]]:
    from playwright.sync_api import sync_playwright

    papers = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    rows = []
    with serve(site) as base, sync_playwright() as playwright:
        browser = launch(playwright)
        for n in STARRED:
            ids = [paper["id"] for paper in papers[:n]]
            store = {paper_id: {"s": 1, "t": 0} for paper_id in ids}
            context = browser.new_context()
            context.add_init_script(f"localStorage.setItem('readinglist:v1', {json.dumps(json.dumps(store))})")
            page = context.new_page()
            page.goto(base + "reading-list/")
            page.click('[data-rl-action="share-link"]')
            link = page.input_value(".rl-share__link")
            context.close()
            fresh = browser.new_context()
            page = fresh.new_page()
            page.goto(link)
            page.wait_for_selector(".rl-shared")
            shown = sorted(page.eval_on_selector_all(".rl-shared li", "els => els.map(e => e.dataset.rlShared)"))
            fresh.close()
            fragment = link.split("#", 1)[1]
            rows.append(
                {
                    "papers": len(papers),
                    "starred": n,
                    "link_chars": len(link),
                    "fragment_chars": len(fragment),
                    "chars_per_paper": round(len(fragment) / n, 2),
                    "opened_shows_all": shown == sorted(ids),
                }
            )
        browser.close()
    return rows


def size_rows() -> list[dict[str, object]]:
    from generator.read import read_papers
    from generator.render.citations import CITATIONS_CHUNK, SESSIONS_SCRIPT, citation_scripts

    reading_list = read_papers([DEV_DATA])
    scripts = citation_scripts(reading_list)
    # The citations come in chunks by a hash of the paper id; each is served and gzipped alone.
    files = {
        CITATIONS_CHUNK.format("XX"): [text for name, text in scripts.items() if name != SESSIONS_SCRIPT],
        SESSIONS_SCRIPT: [scripts[SESSIONS_SCRIPT]],
    }
    rows = []
    for name, texts in files.items():
        data = [text.encode() for text in texts]
        rows.append(
            {
                "file": name,
                "files": len(data),
                "papers": len(reading_list.papers),
                "MB": round(sum(map(len, data)) / 1e6, 2),
                "gzip_MB": round(sum(len(gzip.compress(chunk, 6)) for chunk in data) / 1e6, 2),
            }
        )
    return rows


def table(rows: list[dict[str, object]]) -> str:
    head = list(rows[0])
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(str(row[key]) for key in head) + " |" for row in rows]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site to measure instead of building one")
    parser.add_argument("--papers", type=int, default=300, help="papers in the site it builds (default 300)")
    args = parser.parse_args()
    site = args.site
    if site is None:
        work = REPO / "build" / "bench-reader"
        work.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            data = Path(tmp) / "papers.jsonl"
            write_papers(data, args.papers)
            site = build_site(work, "site", data)
    print(table(share_rows(site)))
    print()
    print(table(size_rows()))


if __name__ == "__main__":
    main()
