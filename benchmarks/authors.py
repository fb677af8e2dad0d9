"""What authors cost a site (#49): the authors page and papers.js's columns, against one page per author.

    python -m benchmarks.authors                          # 1,000 9,842 20,000 papers: bytes only
    python -m benchmarks.authors --sizes 1000 --build     # and a real build of 1,000 papers, its size and seconds
    python -m benchmarks.authors --build --source DIR     # the build run by another checkout's generator (before)

The dev export names the authors of 470 of its 9,842 papers, so the papers
get paperlists-style "author" and "aff" fields made up from a seeded pool:
5.5 authors a paper on average (1 to 15), drawn with a long tail (a few
prolific, most on one paper) from a pool twelve times the papers: some 4 names
a paper, 80,000 at 20,000 papers, as the issue counts a conference. One given
name in four is accented; each author has one of 2,000 affiliations.

The first table renders the authors page (generator.render.pages's
author_index through the site's own template) and papers.js's two new
columns for each size, without MkDocs: kb_page is the page's Markdown (plain
HTML, so the built page is it plus the theme's chrome), kb_gzip as a server
sends it, kb_papers_js the columns' share of papers.js. per_author_mb is the
other design, one page per author, as bytes of the built site's lightest
page (its chrome, measured at --build's size; 20 KB without --build) times
the authors.

With --build, a second table gives the built site of the first size with
those fields, in a fresh project: total MB, the authors page, papers.js, the
mean paper page, and the build's seconds on the clock and of CPU (its
processes together; on a shared machine the clock moves with the load far
more than the CPU does: compare rows of one run).
"""

from __future__ import annotations

import argparse
import gzip
import json
import logging
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .common import DEV_DATA, REPO, copy_sources

_GIVEN = [
    "Wei",
    "Li",
    "Jun",
    "Yan",
    "Min",
    "Hao",
    "Jie",
    "Xin",
    "Yu",
    "Ming",
    "Anna",
    "Maria",
    "José",
    "Pedro",
    "Ana",
    "Luis",
    "Lucía",
    "Jörg",
    "Jürgen",
    "Zoë",
    "Søren",
    "Björn",
    "Åsa",
    "Chloé",
    "Renée",
    "André",
    "François",
    "Hélène",
    "Ahmed",
    "Omar",
    "Fatima",
    "Aisha",
    "Priya",
    "Rahul",
    "Arjun",
    "Deepa",
    "Hiroshi",
    "Yuki",
    "Kenji",
    "Sakura",
    "Minji",
    "Jisoo",
    "Seo-yeon",
    "John",
    "Mary",
    "David",
    "Sarah",
    "Michael",
    "Emma",
    "James",
    "Olivia",
    "Daniel",
    "Sofia",
    "Ivan",
    "Olga",
    "Dmitri",
    "Elena",
    "Tomasz",
    "Agnieszka",
    "Mehmet",
    "Ayşe",
    "Nguyễn",
    "Thảo",
]
_SYLLABLES = [
    "ka",
    "lo",
    "mi",
    "ra",
    "ne",
    "to",
    "shi",
    "an",
    "er",
    "ol",
    "ur",
    "in",
    "ba",
    "de",
    "fi",
    "go",
    "hu",
    "ja",
    "ke",
    "lu",
    "mo",
    "ni",
    "pa",
    "qu",
    "ri",
    "su",
    "ta",
    "vo",
    "we",
    "xi",
    "yo",
    "za",
]
_AFFILIATIONS = 2000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 9842, 20000])
    parser.add_argument("--data", type=Path, default=DEV_DATA)
    parser.add_argument("--build", action="store_true", help="also build the first size's site for real")
    parser.add_argument("--source", type=Path, default=REPO, help="the checkout whose generator builds (--build)")
    args = parser.parse_args()
    chrome_kb = 20.0
    built: dict[str, object] = {}
    if args.build:
        built = build_figures(args.sizes[0], args.data, args.source)
        chrome_kb = float(built.pop("kb_lightest_page"))  # type: ignore[arg-type]
    rows = [page_figures(size, args.data, chrome_kb) for size in args.sizes]
    print_table(rows)
    if built:
        print()
        print_table([built])


def records(size: int, data: Path, seed: int = 0) -> list[dict[str, object]]:
    """size records of the dev export (repeated with new ids past its end), each with made-up author and aff fields."""
    rng = random.Random(seed)
    source = [json.loads(line) for line in data.read_text(encoding="utf-8").splitlines() if line.strip()]
    pool = 12 * size
    made = []
    for i in range(size):
        record = dict(source[i % len(source)])
        if i >= len(source):
            record["id"] = f"{record['id']}-{i // len(source) + 1}"
        record.pop("authors", None)
        people = rng.sample(range(pool), 1 + min(14, int(rng.expovariate(1 / 4.5))))
        # rng.random() ** 3 crowds a draw onto the pool's first names: a few authors have many papers.
        people = [int(pool * rng.random() ** 3) if rng.random() < 0.1 else n for n in people]
        names = list(dict.fromkeys(_name(n) for n in people))
        record["author"] = "; ".join(names)
        record["aff"] = "; ".join(f"Institute {_family(n % _AFFILIATIONS).title()}" for n in people[: len(names)])
        made.append(record)
    return made


def _family(n: int) -> str:
    """A made-up family name, one for each n."""
    parts = []
    while True:
        n, digit = divmod(n, len(_SYLLABLES))
        parts.append(_SYLLABLES[digit])
        if not n:
            return "".join(parts)
        n -= 1


def _name(n: int) -> str:
    given = _GIVEN[n % len(_GIVEN)]
    family = _family(n // len(_GIVEN)).title()
    return f"{given} {family}"


def page_figures(size: int, data: Path, chrome_kb: float) -> dict[str, object]:
    """The authors page and papers.js's author columns at size papers, rendered without MkDocs."""
    from generator.model import Theme
    from generator.paths import AUTHORS, AUTHORS_HOME
    from generator.read import read_papers
    from generator.render.environment import environment
    from generator.render.exports import paper_records
    from generator.render.messages import load
    from generator.render.pages import _ALL_TAGS, author_index

    # The papers repeated past the export's end have its abstracts: the reader's warning for each says nothing here.
    logging.getLogger("generator").setLevel(logging.ERROR)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "papers.jsonl"
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records(size, data)), encoding="utf-8")
        reading_list = read_papers([path])
    # Records name their paper's theme: one for all of them.
    reading_list.themes = [Theme("t", "Theme", paper_ids=tuple(paper.id for paper in reading_list.papers))]
    for paper in reading_list.papers:
        paper.theme = "t"
    templates = REPO / "templates"
    messages = load(templates, "en")
    started = time.perf_counter()
    index = author_index(reading_list, other=messages.t("tags.other"))
    authors = sum(len(group) for _, group in index)
    page = (
        environment(templates, messages)
        .get_template("authors.md.j2")
        .render(
            page_path=AUTHORS,
            authors=index,
            author_count=authors,
            folded=len(reading_list.papers) > _ALL_TAGS,
            home=AUTHORS_HOME,
        )
    )
    seconds = time.perf_counter() - started
    columns = [[r["authors"], r["affiliations"]] for r in paper_records(reading_list)]
    script = json.dumps(columns, ensure_ascii=False, separators=(",", ":")).encode()
    body = page.encode()
    return {
        "papers": size,
        "authors": authors,
        "kb_page": round(len(body) / 1024),
        "kb_gzip": round(len(gzip.compress(body)) / 1024),
        "render_s": round(seconds, 2),
        # Each row's two columns and their commas, less the list's own brackets.
        "kb_papers_js": round((len(script) - 2 + size) / 1024),
        "per_author_mb": round(authors * chrome_kb / 1024),
    }


def build_figures(size: int, data: Path, source: Path) -> dict[str, object]:
    """A real build of size papers with author and aff fields by source's generator: its size and seconds."""
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        path = work / "papers.jsonl"
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records(size, data)), encoding="utf-8")
        project = copy_sources(work / "project")
        for item in ("templates", "docs", "mkdocs.yml"):
            # The site's sources from the checkout that builds it, so that its templates match its generator.
            target = project / item
            subprocess.run(["rm", "-rf", str(target)], check=True)
            subprocess.run(["cp", "-r", str(source / item), str(target)], check=True)
        env = {**os.environ, "PYTHONPATH": str(source)}
        command = [sys.executable, "-m", "generator", "build", "-f", str(project / "mkdocs.yml"), "-o", str(work / "site")]
        command.append(str(path))
        started, cpu = time.perf_counter(), _children_cpu()
        subprocess.run(command, cwd=source, env=env, check=True, capture_output=True)
        seconds, cpu = time.perf_counter() - started, _children_cpu() - cpu
        site = work / "site"
        files = [p for p in site.rglob("*") if p.is_file()]
        pages = [p.stat().st_size for p in (site / "papers").glob("*/index.html")]
        authors = site / "authors" / "index.html"
        lightest = min((p for p in files if p.name == "index.html"), key=lambda p: p.stat().st_size)
        return {
            "source": source.name or str(source),
            "papers": size,
            "site_mb": round(sum(p.stat().st_size for p in files) / 2**20, 1),
            "kb_authors_page": round(authors.stat().st_size / 1024) if authors.exists() else 0,
            "kb_papers_js": round((site / "papers.js").stat().st_size / 1024),
            "kb_paper_page": round(sum(pages) / len(pages) / 1024, 1),
            "build_s": round(seconds, 1),
            "cpu_s": round(cpu, 1),
            "kb_lightest_page": round(lightest.stat().st_size / 1024, 1),
        }


def _children_cpu() -> float:
    """The CPU seconds of this process's ended children and theirs: the build, its page workers and Pagefind."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def print_table(rows: list[dict[str, object]]) -> None:
    keys = list(rows[0])
    print("| " + " | ".join(keys) + " |")
    print("|" + "---|" * len(keys))
    for row in rows:
        print("| " + " | ".join(f"{row[k]:,}" if isinstance(row[k], int) else str(row[k]) for k in keys) + " |")


if __name__ == "__main__":
    main()
