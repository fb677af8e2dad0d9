"""How soon a reader gets search results on a big site, in headless Chromium with the CPU slowed 4x.

    python -m benchmarks.search                      # builds a 20,000-paper site in build/bench-search/
    python -m benchmarks.search --site DIR           # reuses a built site
    python -m benchmarks.search --baseline           # also builds Material's lunr index, for its size

For each query: open the home page, type the query as soon as the page is
parsed, and wait for the first result. It prints the kilobytes the browser
received (all of it, and Pagefind's part) and the milliseconds from navigation
start to the first result shown. The Chinese query runs on a small Chinese site.
"""

# ruff: noqa: RUF001 (the Chinese sample holds Chinese punctuation)
from __future__ import annotations

import argparse
import json
from pathlib import Path

from benchmarks.browser import launch, serve
from benchmarks.common import REPO, build_site, write_papers

THROTTLE = 4

QUERIES = [("English word", "diffusion"), ("title phrase", "Learning Reactive Synthesis")]
CHINESE_QUERY = ("Chinese word", "分子")
CHINESE_PAPERS = [
    {"id": "zh1", "title": "基于图神经网络的分子性质预测", "keywords": ["图神经网络", "分子性质预测"],
     "abstract": "本文提出一种基于图神经网络的分子性质预测方法，在多个化学数据集上取得了最好的结果。"},
    {"id": "zh2", "title": "面向长文本的高效注意力机制", "keywords": ["注意力机制", "长文本"],
     "abstract": "我们提出一种稀疏注意力机制，使大语言模型能够高效处理长文本，并保持推理准确率。"},
    {"id": "zh3", "title": "扩散模型的四步蒸馏", "keywords": ["扩散模型", "蒸馏"],
     "abstract": "我们提出一种扩散模型蒸馏方法，只需四步采样即可生成高质量图像。"},
    {"id": "zh4", "title": "强化学习中的奖励建模", "keywords": ["强化学习", "奖励模型"],
     "abstract": "本文研究强化学习中的奖励建模问题，提出一种从人类偏好中学习奖励函数的方法。"},
]  # fmt: skip


def measure(browser: object, url: str, query: str) -> dict[str, float]:
    """One cold visit: KB received and ms from navigation start until the results (or "none") show."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    # Playwright reports the requests of Pagefind's web worker too; CDP's page session does not.
    done: list = []
    page.on("requestfinished", lambda request: done.append(request))
    page.goto(url, wait_until="domcontentloaded")
    parsed = page.evaluate("performance.now()")
    page.locator("input.md-search__input").fill(query)
    typed = page.evaluate("performance.now()")
    shown = page.wait_for_function(
        "q => document.querySelector('.rl-search').dataset.rlQuery === q && performance.now()",
        arg=query,
        timeout=60_000,
    ).json_value()
    results = page.locator(".md-search-result__list > .md-search-result__item").count()
    received = {"all": 0, "pagefind": 0}
    for request in list(done):
        sizes = request.sizes()
        size = sizes["responseBodySize"] + sizes["responseHeadersSize"]
        received["all"] += size
        if "/pagefind/" in request.url:
            received["pagefind"] += size
    kb = {key: value / 1024 for key, value in received.items()}
    context.close()
    return {
        "parsed_ms": parsed,
        "typed_ms": typed,
        "first_result_ms": shown,
        "kb_all": kb["all"],
        "kb_pagefind": kb["pagefind"],
        "results": results,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site to reuse (else one is built)")
    parser.add_argument("--papers", type=int, default=20_000)
    parser.add_argument("--work", type=Path, default=REPO / "build" / "bench-search")
    parser.add_argument("--baseline", action="store_true", help="also build with Material's search, for its index size")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)

    data = args.work / f"papers-{args.papers}.jsonl"
    if args.site is None or args.baseline:
        write_papers(data, args.papers)
    site = args.site or build_site(args.work, "site", data)
    chinese_data = args.work / "chinese.jsonl"
    chinese_data.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in CHINESE_PAPERS), encoding="utf-8")
    chinese = build_site(args.work, "site-zh", chinese_data)

    from playwright.sync_api import sync_playwright

    paper = min(site.glob("papers/*/index.html")).parent.relative_to(site).as_posix() + "/"
    runs = [(site, "", what, query) for what, query in QUERIES]
    runs += [(site, paper, *QUERIES[0]), (chinese, "", *CHINESE_QUERY)]
    rows = []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for target, path, what, query in runs:
            with serve(target) as base:
                rows.append((what, query, target, path, measure(browser, base + path, query)))
        browser.close()

    pagefind = sum(f.stat().st_size for f in (site / "pagefind").rglob("*") if f.is_file())
    pages = len(list(site.glob("papers/*/index.html")))
    print(f"\n{pages} paper pages; Pagefind index on disk {pagefind / 2**20:.1f} MB; CPU throttled {THROTTLE}x\n")
    print(
        "| query | page opened | KB received until the results show (Pagefind's part) | ms to DOMContentLoaded | ms typing → results | ms navigation → results | results |"
    )
    print("|---|---|---|---|---|---|---|")
    for what, query, target, path, m in rows:
        size = f"{pages:,} papers" if target == site else f"{len(CHINESE_PAPERS)} Chinese papers"
        opened = f"{'home' if not path else 'a paper page'} ({size})"
        print(
            f"| {what}: `{query}` | {opened} | {m['kb_all']:,.0f} ({m['kb_pagefind']:,.0f})"
            f" | {m['parsed_ms']:,.0f} | {m['first_result_ms'] - m['typed_ms']:,.0f} | {m['first_result_ms']:,.0f} | {m['results']} |"
        )
    if args.baseline:
        baseline = build_site(args.work, "site-material-search", data, material_search=True)
        index = baseline / "search" / "search_index.json"
        print(
            f"\nMaterial search baseline: {index.stat().st_size / 2**20:.1f} MB search_index.json, downloaded whole before any result"
        )


if __name__ == "__main__":
    main()
