"""How soon a reader gets search results on a big site, in headless Chromium with the CPU slowed 4x.

    python benchmarks/search.py                      # builds a 20,000-paper site in build/bench-search/
    python benchmarks/search.py --site DIR           # reuses a built site
    python benchmarks/search.py --baseline           # also builds Material's lunr index, for its size

For each query: open the home page, type the query as soon as the page is
parsed, and wait for the first result. It prints the kilobytes the browser
received (all of it, and Pagefind's part) and the milliseconds from navigation
start to the first result shown. The Chinese query runs on a small Chinese site.
"""

# ruff: noqa: RUF001 (the Chinese sample holds Chinese punctuation)
from __future__ import annotations

import argparse
import functools
import http.server
import json
import shutil
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEV_DATA = REPO.parent / "shared" / "data" / "iclr2026-openreview.dev.jsonl"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
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


def write_papers(path: Path, n: int) -> None:
    """n records of the OpenReview export, repeated with ids suffixed -2, -3, … past its end."""
    records = [json.loads(line) for line in DEV_DATA.read_text(encoding="utf-8").splitlines() if line.strip()]
    lines = []
    for i in range(n):
        record = dict(records[i % len(records)])
        copy = i // len(records) + 1
        if copy > 1:
            record["id"] = f"{record['id']}-{copy}"
        lines.append(json.dumps(record, ensure_ascii=False))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def build_site(work: Path, name: str, data: Path, *, material_search: bool = False) -> Path:
    """The real build of data into work/name, from a copy of the repo's site sources."""
    from generator.site.build import BuildOptions, build

    project = work / f"{name}-project"
    shutil.rmtree(project, ignore_errors=True)
    project.mkdir(parents=True)
    for item in ("mkdocs.yml", "templates", "docs"):
        source = REPO / item
        (shutil.copytree if source.is_dir() else shutil.copy)(source, project / item)
    if material_search:
        config = project / "mkdocs.yml"
        text = config.read_text(encoding="utf-8")
        config.write_text(text.replace("plugins:\n", "plugins:\n  - search\n", 1), encoding="utf-8")
    started = time.perf_counter()
    build(BuildOptions(project / "mkdocs.yml", work / name, (data,)))
    print(f"built {work / name} in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return work / name


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def serve(site: Path) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


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
    results = page.locator(".md-search-result__item").count()
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
    sys.path.insert(0, str(REPO))
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
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
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
