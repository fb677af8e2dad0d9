"""How well "more like my stars" finds papers of the starred ones' area, through RL.recommend in headless Chromium.

    python -m benchmarks.recommend                  # builds the first 1,000 dev papers in build/bench-recommend-0/
    python -m benchmarks.recommend --site DIR       # reuses a site built from them
    python -m benchmarks.recommend --trials 20      # draws per area (default 10)
    python -m benchmarks.recommend --offset 5000 --seed 1   # papers 5,001-6,000 (build/bench-recommend-5000/), other draws

For each of the ten largest ICLR 2026 primary areas of the list, it draws 5
papers of the area (seeded), asks RL.recommend for the 10 nearest and counts
how many share the area. The target (issue #34) is a mean of at least 55%.
The table gives each area's mean over the draws and the mean of the areas.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from collections import Counter
from pathlib import Path

from benchmarks.browser import launch, serve
from benchmarks.common import REPO, build_site, write_papers

STARRED = 5
SHOWN = 10
AREAS = 10
TARGET = 0.55


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, help="a site built from the same --papers dev papers")
    parser.add_argument("--papers", type=int, default=1000)
    parser.add_argument("--offset", type=int, default=0, help="dev papers to skip: a slice other than the one tuned on")
    parser.add_argument("--trials", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        records = Path(folder) / "papers.jsonl"
        write_papers(records, args.papers, args.offset)
        area = {r["id"]: r["primary_area"] for r in map(json.loads, records.read_text(encoding="utf-8").splitlines())}
        site = args.site or build_site(REPO / "build", f"bench-recommend-{args.offset}", records)
    largest = [name for name, _ in Counter(area.values()).most_common(AREAS)]
    rng = random.Random(args.seed)
    draws = {
        name: [rng.sample(sorted(i for i, a in area.items() if a == name), STARRED) for _ in range(args.trials)]
        for name in largest
    }

    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, serve(site) as base:
        browser = launch(playwright)
        page = browser.new_page()
        page.goto(base)
        found = page.evaluate(
            """([draws, k]) => Promise.all(Object.entries(draws).map(([name, stars]) =>
                 Promise.all(stars.map(ids => RL.recommend(ids, k).then(r => r.map(x => x.id))))
                   .then(lists => [name, lists])))""",
            [draws, SHOWN],
        )
        browser.close()
    rows = []
    for name, lists in found:
        shares = [sum(area[i] == name for i in ids) / SHOWN for ids in lists]
        rows.append((name, sum(a == name for a in area.values()), sum(shares) / len(shares)))
    print(f"{'primary area':<60} {'papers':>6} {'same area':>9}")
    for name, papers, share in rows:
        print(f"{name[:60]:<60} {papers:>6} {share:>9.1%}")
    mean = sum(share for *_, share in rows) / len(rows)
    print(f"{'mean of the areas':<60} {'':>6} {mean:>9.1%}   target {TARGET:.0%}: {'met' if mean >= TARGET else 'not met'}")


if __name__ == "__main__":
    main()
