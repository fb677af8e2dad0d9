"""Build sites of growing size and print what each stage costs.

    python -m benchmarks.build                      # 1,000 5,000 10,000 20,000 papers
    python -m benchmarks.build --sizes 1000 5000    # some sizes
    python -m benchmarks.build --no-baseline        # skip the plain `mkdocs build`
    python -m benchmarks.build --serve-at 1000      # time `readinglist serve` at another size
    python -m benchmarks.build --jobs 8             # the parallel build on 8 processes (default: the cores)
    python -m benchmarks.build --semantic true      # ship vectors.js at every size, its cost cold and warm
    python -m benchmarks.build --sizes 60000 --jobs 2 --serve-at 0   # the issue's 60,000 papers (#48): not on a shared machine

At 5,000 papers (--serve-at) it also times `readinglist serve`: after one
abstract changes in the input, the seconds until the served page shows the
change (the median of three edits, and the first).

Each size is built twice, each time cold (a fresh project and cache): with
--jobs 1, MkDocs rendering every page in one process (`*_j1` columns), and
with --jobs N, the pages rendered by N processes (the other columns). Then
the baseline: a plain one-process `mkdocs build` of the same generated pages
with the same nav, without the readinglist plugin. ratio_j1 and ratio divide
each build's total, input to finished site, by the baseline; the target at
20,000 papers is a ratio of at most 1.0.

cpu, cpu_j1 and plain_cpu are the CPU seconds of each build's processes
together (this one's threads, the page workers, Pagefind, the plain build's
process): on the shared machine they move far less with the load than the
seconds on the clock do. A second table gives each stage's CPU seconds in
the --jobs N build (the mkdocs stage includes the workers and Pagefind).
search is starting Pagefind once the themes are detected: it then indexes
in a child process through the later stages, and its CPU seconds count where the
build waits for it, at the end of the mkdocs stage.

Papers come from the OpenReview export (../shared/data by default, 9,842
records), then the other venues' papers (--venues, 12,393 records), and past
those the same records again with new ids (ID-2, ID-3, …) and their text
changed: each copy's abstract loses one sentence at random and takes one from
another paper, its sentences rotated, and its title takes a word from that
other paper's title, so that a 60,000-paper list is not 22,235 papers six
times over, whose themes would be trivial. The records are the same for the
same size. Each build runs in a process of its own, and mem_mb is the peak of
the RSS of that process and all its descendants together (Pagefind and the
page workers), sampled from /proc every 0.1 s; a third table gives that peak
during each stage (mem_STAGE, MB), where a stage that grows faster than the
list shows.

vectors is writing vectors.js, the papers' sentence vectors for "more like my
stars" (the semantic option; --semantic sets it for every build). Where the
themes encode the papers anyway (embeddings, up to 2,000 papers by default)
it only packs them; where they do not (semantic true past 2,000), it encodes
every paper. With --semantic, vectors_warm is the same stage in a second
generate of the same project, its cache warm: what a rebuild pays.

The machine is shared and noisy: compare ratios within one run, not seconds
across runs.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

from generator.paths import VECTORS_SCRIPT
from generator.progress import Stopwatch

if TYPE_CHECKING:
    from generator.model import Site

REPO = Path(__file__).resolve().parent.parent
DEV = REPO.parent / "shared" / "data" / "iclr2026-openreview.dev.jsonl"
VENUES = REPO.parent / "shared" / "data" / "venues"
STAGES = ("read", "enrich", "search", "detect", "related", "layout", "render", "vectors", "feeds", "mkdocs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000, 10000, 20000])
    parser.add_argument("--data", type=Path, default=DEV)
    parser.add_argument("--venues", type=Path, default=VENUES, help="a folder of *.jsonl read after --data")
    parser.add_argument("--no-baseline", action="store_true", help="skip the plain mkdocs build")
    parser.add_argument("--serve-at", type=int, default=5000, help="the size at which to time serve (0: never)")
    parser.add_argument(
        "--jobs", type=int, default=available_cores(), help="processes of the parallel build (default: the cores)"
    )
    parser.add_argument("--semantic", choices=("auto", "true", "false"), help="the semantic option of every build")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        sources = (args.data, args.venues)
        row = measure(args.one, sources, jobs=args.jobs, baseline=not args.no_baseline, semantic=args.semantic)
        if args.one == args.serve_at:
            row.update(serve_seconds(args.one, sources))
        print(json.dumps(row))
        return

    rows = []
    for size in args.sizes:
        # One process per build, so that each one's memory is its own.
        one = run_one(size, args, jobs=1, baseline=not args.no_baseline, serve=False)
        row = run_one(size, args, jobs=args.jobs, baseline=False, serve=size == args.serve_at)
        row.update({f"{key}_j1": one[key] for key in ("mkdocs", "total", "cpu", "mem_mb")}, jobs=args.jobs)
        if "vectors_warm" in one:
            row["vectors_j1"], row["vectors_warm_j1"] = one["vectors"], one["vectors_warm"]
        row["cpu_mkdocs_j1"] = one["cpu_mkdocs"]
        row.update({f"mem_{stage}_j1": one[f"mem_{stage}"] for stage in STAGES if f"mem_{stage}" in one})
        if "plain_mkdocs" in one:
            row["plain_mkdocs"], row["plain_cpu"] = one["plain_mkdocs"], one["plain_cpu"]
            row["ratio_j1"] = round(one["total"] / one["plain_mkdocs"], 2)
            row["ratio"] = round(row["total"] / one["plain_mkdocs"], 2)
        rows.append(row)
        # The row at once, should a later size not finish.
        print(f"measured {size} papers: {json.dumps(row)}", file=sys.stderr)
    print_table(rows)


def run_one(size: int, args: argparse.Namespace, *, jobs: int, baseline: bool, serve: bool) -> dict[str, object]:
    """One build of size papers on jobs processes, in a process of its own."""
    # As a module from the repo root, so that it measures this checkout's generator, not an installed one.
    command = [
        sys.executable,
        "-m",
        "benchmarks.build",
        "--one",
        str(size),
        "--data",
        str(args.data),
        "--venues",
        str(args.venues),
    ]
    command += ["--jobs", str(jobs)]
    command += ["--serve-at", str(size if serve else 0)] + ([] if baseline else ["--no-baseline"])
    command += ["--semantic", args.semantic] if args.semantic else []
    result = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.exit(f"measuring {size} papers on {jobs} processes failed:\n{result.stderr[-3000:]}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def available_cores() -> int:
    from generator.analysis.threads import available_cores

    return available_cores()


def measure(size: int, data: tuple[Path, Path], *, jobs: int, baseline: bool, semantic: str | None = None) -> dict[str, object]:
    """Build one site of size papers on jobs processes and return its figures; with semantic, vectors.js's cost warm too."""
    from generator.pipeline import generate
    from generator.progress import cpu_seconds
    from generator.site.build import BuildOptions, build, load_mkdocs_config
    from generator.site.write import write_docs

    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        records = write_records(work / "papers.jsonl", data, size)
        project = copy_sources(work)
        flags: dict[str, object] = {"jobs": jobs}
        if semantic:
            flags["semantic"] = {"auto": "auto", "true": True, "false": False}[semantic]
        with TreeMemory() as memory:
            clock = StageClock(memory)
            started, cpu = time.perf_counter(), cpu_seconds()
            site = build(BuildOptions(project / "mkdocs.yml", work / "site", (records,), flags), clock)
            total, cpu = time.perf_counter() - started, cpu_seconds() - cpu

        row: dict[str, object] = {
            "papers": len(site.reading_list.papers),
            "themes": len(site.reading_list.themes),
            **{stage: round(clock.seconds.get(stage, 0.0), 1) for stage in STAGES},
            **{f"cpu_{stage}": round(clock.cpu.get(stage, 0.0), 1) for stage in STAGES},
            "total": round(total, 1),
            "cpu": round(cpu, 1),
            "mem_mb": round(memory.peak / 2**20),
            **{f"mem_{stage}": round(peak / 2**20) for stage, peak in memory.stages.items()},
            **site_figures(work / "site"),
        }
        if semantic:
            warm = Stopwatch()
            config = load_mkdocs_config(project / "mkdocs.yml", (records,), flags)
            generate(config.plugins["readinglist"].settings(config), warm)
            row["vectors_warm"] = round(warm.seconds.get("vectors", 0.0), 1)
        if baseline:
            config = load_mkdocs_config(project / "mkdocs.yml", (records,))
            generated = generate(config.plugins["readinglist"].settings(config))
            write_docs(generated, work / "generated")
            cpu = cpu_seconds()
            row["plain_mkdocs"] = plain_mkdocs_seconds(project, work, generated)
            row["plain_cpu"] = round(cpu_seconds() - cpu, 1)
        return row


class TreeMemory:
    """The peak RSS of this process and all its descendants together, sampled from /proc while the block runs, and
    each stage's peak (that of the innermost running one; sampled at its start and end too, so that none is missed)."""

    def __init__(self, interval: float = 0.1) -> None:
        self.peak = 0
        self.stages: dict[str, int] = {}
        self._running: list[str] = []
        self._interval = interval
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> TreeMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._done.set()
        self._thread.join()

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        self._running.append(name)
        self._sample()
        try:
            yield
        finally:
            self._sample()
            self._running.remove(name)

    def _sample(self) -> None:
        rss = tree_rss(os.getpid())
        self.peak = max(self.peak, rss)
        if self._running:
            self.stages[self._running[-1]] = max(self.stages.get(self._running[-1], 0), rss)

    def _run(self) -> None:
        while True:
            self._sample()
            if self._done.wait(self._interval):
                return


class StageClock(Stopwatch):
    """A Stopwatch that tells memory which stage runs, for its peak per stage."""

    def __init__(self, memory: TreeMemory) -> None:
        super().__init__()
        self._memory = memory

    @contextmanager
    def __call__(self, stage: str) -> Iterator[None]:
        with self._memory.stage(stage), super().__call__(stage):
            yield


def tree_rss(root: int) -> int:
    """Bytes resident in root and its descendants now."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            # The command name, in parentheses, may hold spaces; the parent pid is the second field after it.
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    tree, grew = {root}, True
    while grew:
        grew = False
        for pid, parent in parents.items():
            if parent in tree and pid not in tree:
                tree.add(pid)
                grew = True
    page = os.sysconf("SC_PAGE_SIZE")
    total = 0
    for pid in tree:
        try:
            total += int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * page
        except (OSError, ValueError, IndexError):
            continue
    return total


def serve_seconds(size: int, data: tuple[Path, Path], edits: int = 3) -> dict[str, object]:
    """Seconds from an edited abstract to the served page showing it, under `readinglist serve`."""
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        records = write_records(work / "papers.jsonl", data, size)
        project = copy_sources(work)
        config = project / "mkdocs.yml"
        config.write_text(config.read_text(encoding="utf-8").replace("- data/iclr2026.txt", f"- {records}"), encoding="utf-8")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        base = f"http://127.0.0.1:{port}/"
        log = (work / "serve.log").open("w")
        command = [sys.executable, "-m", "generator", "serve", "-f", str(config), "-a", f"127.0.0.1:{port}"]
        # SIGINT as from a terminal: a benchmark started in the background
        # (`cmd &`) passes it on ignored, so serve would only stop when killed,
        # leaving its work folders (readinglist-search-*) in the temporary folder.
        server = subprocess.Popen(
            command,
            cwd=project,
            # This checkout's generator, not an installed one: the project's folder is not the repo.
            env={**os.environ, "PYTHONPATH": str(REPO)},
            stdout=log,
            stderr=subprocess.STDOUT,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        try:
            started = time.perf_counter()
            first_build = _wait_for(base + "papers.json", lambda body: b'"id"' in body, timeout=1800)
            papers = json.loads(first_build)
            target = papers[len(papers) // 2]
            lines = records.read_text(encoding="utf-8").splitlines()
            row = next(i for i, line in enumerate(lines) if json.loads(line)["id"] == target["id"])
            seconds = []
            for edit in range(1, edits + 1):
                # Let the watcher settle, as an editor's save would find it.
                time.sleep(3)
                record = json.loads(lines[row])
                marker = f"Edited{edit}x{size}"
                record["abstract"] = f"{marker} {record['abstract']}"
                lines[row] = json.dumps(record, ensure_ascii=False)
                records.write_text("\n".join(lines) + "\n", encoding="utf-8")
                edited = time.perf_counter()
                _wait_for(base + target["url"], lambda body, marker=marker: marker.encode() in body, timeout=600)
                seconds.append(time.perf_counter() - edited)
        finally:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(timeout=60)
            except subprocess.TimeoutExpired:
                server.kill()
            log.close()
    return {
        "serve_first_build": round(time.perf_counter() - started - sum(seconds), 1) if seconds else None,
        "serve_edit": round(statistics.median(seconds), 1),
        "serve_edit_first": round(seconds[0], 1),
    }


def _wait_for(url: str, ready: Callable[[bytes], bool], timeout: float) -> bytes:
    """The body of url once ready(body) holds, polling every 0.1 s."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                body = response.read()
            if ready(body):
                return body
        except OSError:
            pass
        time.sleep(0.1)
    raise TimeoutError(f"{url} not ready after {timeout:.0f} s")


def write_records(path: Path, data: tuple[Path, Path], size: int) -> Path:
    """size records: the export's, then the venues' (a folder of *.jsonl, by name), then copies of them with new ids and
    text changed (see the module's docstring); the same records for the same size."""
    export, venues = data
    files = [export, *sorted(venues.glob("*.jsonl"))] if venues.is_dir() else [export]
    source = [json.loads(line) for file in files for line in file.read_text(encoding="utf-8").splitlines() if line.strip()]
    with path.open("w", encoding="utf-8") as out:
        for n in range(size):
            record = source[n % len(source)]
            if n >= len(source):
                record = altered(record, source, n // len(source) + 1)
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
    return path


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def altered(record: dict[str, object], source: list[dict[str, object]], copy: int) -> dict[str, object]:
    """The copy'th copy of record: id ID-copy, a sentence dropped and one from another paper added, rotated, and a word
    of that paper's title added to its own; seeded by the id, so the same every time."""
    chance = random.Random(f"{record['id']}-{copy}")
    other = source[chance.randrange(len(source))]
    sentences = _SENTENCE_END.split(str(record.get("abstract") or ""))
    if len(sentences) > 1:
        sentences.pop(chance.randrange(len(sentences)))
    borrowed = _SENTENCE_END.split(str(other.get("abstract") or ""))
    sentences.insert(chance.randrange(len(sentences) + 1), chance.choice(borrowed))
    turn = chance.randrange(len(sentences))
    title_words = str(record.get("title") or "").split()
    other_words = str(other.get("title") or "").split() or ["revisited"]
    title_words.insert(chance.randrange(len(title_words) + 1), chance.choice(other_words))
    return {
        **record,
        "id": f"{record['id']}-{copy}",
        "title": " ".join(title_words),
        "abstract": " ".join(s for s in sentences[turn:] + sentences[:turn] if s),
    }


def copy_sources(work: Path) -> Path:
    """The site sources in work/project, with a cache of their own: every build here is cold."""
    project = work / "project"
    project.mkdir()
    for name in ("mkdocs.yml", "templates", "docs"):
        source = REPO / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, project / name)
    return project


def site_figures(site: Path) -> dict[str, object]:
    files = [p for p in site.rglob("*") if p.is_file()]
    papers = sorted(site.glob("papers/*/index.html"))
    return {
        "site_mb": round(sum(p.stat().st_size for p in files) / 1e6, 1),
        "files": len(files),
        "paper_kb": round(papers[len(papers) // 2].stat().st_size / 1024, 1) if papers else 0,
        "search_kb": round(search_bootstrap_bytes(site) / 1024),
        "vectors_kb": round(vectors.stat().st_size / 1024) if (vectors := site / VECTORS_SCRIPT).exists() else 0,
    }


def search_bootstrap_bytes(site: Path) -> int:
    """What a reader downloads before search can answer: the index files it loads up front."""
    material = site / "search" / "search_index.json"
    if material.exists():
        worker = sum(p.stat().st_size for p in site.glob("assets/javascripts/workers/search.*.min.js"))
        return material.stat().st_size + worker
    pagefind = site / "pagefind"
    up_front = [*pagefind.glob("pagefind.js"), *pagefind.glob("pagefind-entry.json"), *pagefind.glob("wasm.*.pagefind")]
    up_front += pagefind.glob("pagefind.*.pf_meta")
    # A one-word query loads one index chunk; count the largest.
    chunks = sorted((p.stat().st_size for p in pagefind.glob("index/*.pf_index")), reverse=True)[:1]
    return sum(p.stat().st_size for p in up_front) + sum(chunks)


def plain_mkdocs_seconds(project: Path, work: Path, generated: Site) -> float:
    """Seconds for `mkdocs build` of the generated pages with our nav and no generator."""
    docs = work / "plain-docs"
    shutil.copytree(project / "docs", docs)
    shutil.copytree(work / "generated", docs, dirs_exist_ok=True)
    config = yaml.load((project / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)
    config["plugins"] = [p for p in config["plugins"] if not (isinstance(p, dict) and "readinglist" in p) and p != "readinglist"]
    config.update(docs_dir=str(docs), nav=generated.nav, site_url="")
    # What the plugin leaves for the templates: the interface's messages.
    config.setdefault("extra", {})["rl_messages"] = generated.messages
    config["theme"]["custom_dir"] = str(project / "templates" / "overrides")
    plain = work / "plain.yml"
    plain.write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(plain), "-d", str(work / "plain-site")], check=True)
    return round(time.perf_counter() - started, 1)


class _Loader(yaml.SafeLoader):
    """mkdocs.yml's !ENV tags, read as their default."""


_Loader.add_constructor("!ENV", lambda loader, node: loader.construct_sequence(node)[-1])


def print_table(rows: list[dict[str, object]]) -> None:
    columns = [
        "papers",
        "themes",
        *STAGES,
        "mkdocs_j1",
        "vectors_j1",
        "vectors_warm",
        "vectors_warm_j1",
        "jobs",
        "total",
        "total_j1",
        "plain_mkdocs",
        "ratio",
        "ratio_j1",
        "cpu",
        "cpu_j1",
        "plain_cpu",
        "mem_mb",
        "mem_mb_j1",
        "site_mb",
        "files",
        "paper_kb",
        "search_kb",
        "vectors_kb",
        "serve_first_build",
        "serve_edit",
        "serve_edit_first",
    ]
    print_rows(rows, columns)
    # What each stage cost in CPU seconds (the --jobs N build, and MkDocs at --jobs 1):
    # on a shared machine, the figures to reason from.
    print()
    print_rows(rows, ["papers", *(f"cpu_{stage}" for stage in STAGES), "cpu_mkdocs_j1", "plain_cpu"])
    # The peak RSS of the build's processes during each stage, MB: which stage holds the most.
    print()
    print_rows(rows, ["papers", *(f"mem_{stage}" for stage in STAGES), "mem_mkdocs_j1", "mem_mb"])


def print_rows(rows: list[dict[str, object]], columns: list[str]) -> None:
    columns = [c for c in columns if any(c in row for row in rows)]
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))
    for row in rows:
        print("| " + " | ".join(str(row.get(c, "")) for c in columns) + " |")


if __name__ == "__main__":
    main()
