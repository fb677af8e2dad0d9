"""What a paper page weighs, part by part, and what the whole site weighs per paper.

    python -m benchmarks.page_weight --papers 1000      # build a 1,000-paper dev site and measure it
    python -m benchmarks.page_weight --site SITE        # measure a site already built

The first table splits the median paper page's bytes: the paper (its
`<article>`), the primary nav (Material's left sidebar: the theme nav),
inline scripts (a `<script>` without src, its bytes wherever it is), icons
(inline `<svg>`, wherever they are), the rest of the `<head>`, and the rest
of the page. Each byte counts once, in the first of those parts that holds
it, in that order of precedence: scripts, icons, article, nav, head.

The second gives the site: its MB and files, the bytes per paper (the
issue's target is 17 KB a paper, Pagefind included), and the biggest
folders and files at its root.
"""

from __future__ import annotations

import argparse
import tempfile
from html.parser import HTMLParser
from pathlib import Path

from benchmarks.build import VENUES, print_rows, write_records
from benchmarks.common import DEV_DATA, build_site

PARTS = ("scripts", "icons", "article", "nav", "head")
VOID = frozenset(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--papers", type=int, default=1000, help="build a dev site of this many papers")
    parser.add_argument("--site", type=Path, help="measure this built site instead")
    parser.add_argument("--data", type=Path, default=DEV_DATA)
    parser.add_argument("--venues", type=Path, default=VENUES, help="a folder of *.jsonl read after --data")
    args = parser.parse_args()
    if args.site:
        report(args.site)
        return
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        records = write_records(work / "papers.jsonl", (args.data, args.venues), args.papers)
        report(build_site(work, "site", records))


def report(site: Path) -> None:
    pages = sorted(site.glob("papers/*/index.html"))
    # Redirect pages of renamed papers are a few hundred bytes; a paper page has its article.
    papers = [p for p in pages if b"<article" in p.read_bytes()]
    median = papers[len(papers) // 2]
    parts = page_parts(median.read_text(encoding="utf-8"))
    print(f"{median.relative_to(site)}, the median by name of {len(papers)} paper pages")
    print_rows([{part: f"{size / 1024:.1f}" for part, size in parts.items()}], [*PARTS, "other", "total"])
    print()
    files = [p for p in site.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    row: dict[str, object] = {
        "papers": len(papers),
        "site_mb": round(total / 1e6, 1),
        "files": len(files),
        "kb_per_paper": round(total / len(papers) / 1024, 1),
        "paper_page_kb": round(sum(p.stat().st_size for p in papers) / len(papers) / 1024, 1),
    }
    tops: dict[str, int] = {}
    for path in files:
        top = path.relative_to(site).parts[0]
        tops[top] = tops.get(top, 0) + path.stat().st_size
    biggest = sorted(tops, key=lambda top: -tops[top])[:8]
    row.update({f"{top}_mb": round(tops[top] / 1e6, 2) for top in biggest})
    print_rows([row], list(row))


def page_parts(html: str) -> dict[str, int]:
    """The bytes of each part of a page, each byte in the first part of PARTS that holds it; then other and total."""
    spans = _Spans()
    spans.feed(html)
    spans.close()
    encoded = [len(ch.encode("utf-8")) for ch in html]
    owner = [""] * len(html)
    for part in reversed(PARTS):
        for start, end in spans.found[part]:
            owner[start:end] = [part] * (end - start)
    sizes = dict.fromkeys((*PARTS, "other", "total"), 0)
    for part, size in zip(owner, encoded, strict=True):
        sizes[part or "other"] += size
    sizes["total"] = sum(encoded)
    return sizes


class _Spans(HTMLParser):
    """The character spans of the page's parts, from each start tag to the end of its end tag."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.found: dict[str, list[tuple[int, int]]] = {part: [] for part in PARTS}
        self._open: list[tuple[str, str | None, int]] = []
        self._lines: list[int] = []

    def feed(self, data: str) -> None:
        offset = 0
        for line in data.splitlines(keepends=True):
            self._lines.append(offset)
            offset += len(line)
        super().feed(data)

    def _offset(self) -> int:
        line, column = self.getpos()
        return self._lines[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        names = dict(attrs)
        part = None
        if tag == "script" and "src" not in names:
            part = "scripts"
        elif tag == "svg":
            part = "icons"
        elif tag == "article":
            part = "article"
        elif tag == "div" and "md-sidebar--primary" in (names.get("class") or ""):
            part = "nav"
        elif tag == "head":
            part = "head"
        self._open.append((tag, part, self._offset()))

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            name, part, start = self._open.pop()
            if name == tag:
                if part:
                    self.found[part].append((start, self._offset() + len(f"</{tag}>")))
                return


if __name__ == "__main__":
    main()
