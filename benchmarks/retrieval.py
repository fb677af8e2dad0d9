"""Does a paper's own text find it? Search by meaning (RL.similar) beside Pagefind, in headless Chromium.

    python -m benchmarks.retrieval                        # builds the first 1,000 dev papers in build/bench-retrieval/
    python -m benchmarks.retrieval --work DIR             # builds there, or reuses the site built there before
    python -m benchmarks.retrieval --papers 30 --queries 5

The site is built from the dev records as they are, titles included. For
--queries seeded papers it asks two queries: the first two sentences of the
abstract (split by the build's own splitter, generator.text.words.sentences)
and the paper's real title. Each goes to RL.similar and, typed into the
header's box as benchmarks/search.py does, to Pagefind; the table gives the
share of papers found first and in the top 5. The targets (issue #34): two
sentences find the paper first for at least 95%, the title finds it in the top
5 for at least 90%. One page loads the model once; the times are RL.similar's
after that, each query's from call to answer.
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import statistics
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from benchmarks.browser import launch, serve
from benchmarks.common import REPO, build_site, write_papers
from generator.text.words import sentences

if TYPE_CHECKING:
    from playwright.sync_api import Page

TOP = 5
TARGETS = {"two sentences": (1, 0.95), "title": (TOP, 0.90)}

# RL.similar's TOP ids, and the ms from the call to the answer.
SIMILAR = """([text, k]) => { const t = performance.now();
  return RL.similar(text, k).then(r => ({ ids: r.map(x => x.id), ms: performance.now() - t })); }"""
# Each paper's id by its page's path, to name Pagefind's results.
IDS_BY_PATH = """() => RL.loadPapers().then(papers =>
  Object.fromEntries(papers.map(p => [new URL(p.url, document.baseURI).pathname, p.id])))"""


def pagefind_top(page: Page, query: str, ids: dict[str, str]) -> list[str]:
    """The ids of Pagefind's first TOP results for query, typed into the header's box."""
    page.locator("input.md-search__input").fill(query)
    page.wait_for_function("q => document.querySelector('.rl-search').dataset.rlQuery === q", arg=query, timeout=60_000)
    paths = page.eval_on_selector_all(
        ".rl-search .md-search-result__list .md-search-result__link", "links => links.map(a => new URL(a.href).pathname)"
    )
    return [ids.get(path, path) for path in paths[:TOP]]


def rank(found: list[str], paper: str) -> int | None:
    return found.index(paper) + 1 if paper in found else None


def share(ranks: list[int | None], within: int) -> float:
    return sum(r is not None and r <= within for r in ranks) / len(ranks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--papers", type=int, default=1000, help="the first this many dev papers")
    parser.add_argument("--queries", type=int, default=100, help="seeded papers to query for")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--work", type=Path, default=REPO / "build" / "bench-retrieval")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    data = args.work / f"papers-{args.papers}.jsonl"
    site = args.work / f"site-{args.papers}"
    write_papers(data, args.papers)
    if not (site / "index.html").is_file():
        build_site(args.work, site.name, data)
    records = [json.loads(line) for line in data.read_text(encoding="utf-8").splitlines() if line.strip()]
    chosen = random.Random(args.seed).sample(records, args.queries)
    # Whitespace as the box's trimmed value has it, so its answer can be told by the query.
    queries = {
        "two sentences": [" ".join(" ".join(sentences(r["abstract"])[:2]).split()) for r in chosen],
        "title": [" ".join(r["title"].split()) for r in chosen],
    }
    title = {r["id"]: r["title"] for r in records}

    from playwright.sync_api import sync_playwright

    ranks: dict[tuple[str, str], list[int | None]] = {}
    firsts: dict[tuple[str, str], list[str]] = {}
    # Pagefind answers only pages holding every word: a long query often finds none.
    unanswered = dict.fromkeys(queries, 0)
    times: list[float] = []
    with sync_playwright() as playwright, serve(site) as base:
        browser = launch(playwright)
        page = browser.new_page()
        page.goto(base)
        ids = page.evaluate(IDS_BY_PATH)
        load_ms = page.evaluate(SIMILAR, ["warm up", TOP])["ms"]
        for kind, texts in queries.items():
            for paper, text in zip(chosen, texts, strict=True):
                answer = page.evaluate(SIMILAR, [text, TOP])
                times.append(answer["ms"])
                keyword = pagefind_top(page, text, ids)
                unanswered[kind] += not keyword
                for engine, found in (("meaning", answer["ids"]), ("Pagefind", keyword)):
                    ranks.setdefault((kind, engine), []).append(rank(found, paper["id"]))
                    firsts.setdefault((kind, engine), []).append(found[0] if found else "")
        browser.close()

    print(f"\n$ python -m benchmarks.retrieval {shlex.join(sys.argv[1:])}".rstrip())
    print(f"\n{len(records):,} papers; {args.queries} seeded papers (seed {args.seed}); share found first and in the top {TOP}\n")
    print(
        f"| query | RL.similar top 1 | RL.similar top {TOP} | Pagefind top 1 | Pagefind top {TOP} | Pagefind no result | target |"
    )
    print("|---|---|---|---|---|---|---|")
    for kind in queries:
        within, target = TARGETS[kind]
        meaning, keyword = ranks[kind, "meaning"], ranks[kind, "Pagefind"]
        verdict = "met" if share(meaning, within) >= target else "not met"
        print(
            f"| {kind} | {share(meaning, 1):.0%} | {share(meaning, TOP):.0%} | {share(keyword, 1):.0%} | {share(keyword, TOP):.0%}"
            f" | {unanswered[kind] / args.queries:.0%} | top {within} ≥ {target:.0%}: {verdict} |"
        )
    p95 = statistics.quantiles(times, n=20)[-1] if len(times) > 1 else times[0]
    print(
        f"\nRL.similar, model loaded: median {statistics.median(times):,.0f} ms, p95 {p95:,.0f} ms over {len(times)} queries"
        f" (the first call, loading the model and vectors: {load_ms:,.0f} ms)"
    )
    for kind in queries:
        missed = [
            (paper, first, r)
            for paper, first, r in zip(chosen, firsts[kind, "meaning"], ranks[kind, "meaning"], strict=True)
            if r != 1
        ]
        print(f"\nRL.similar, {kind}: {len(missed)} of {args.queries} find another paper first" + (":" if missed else "."))
        for paper, first, r in missed[:3]:
            where = f"ranked {r}" if r else f"not in the top {TOP}"
            print(f"- {paper['title']!r} ({paper['id']}, {where}) finds {title.get(first, first)!r} ({first}) first")


if __name__ == "__main__":
    main()
