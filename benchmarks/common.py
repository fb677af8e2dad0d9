"""What the benchmarks and tools share: the repo, the dev export, and papers, texts and sites made from it."""

from __future__ import annotations

import hashlib
import json
import random
import shutil
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
# The OpenReview export of ICLR 2026 beside the repo, the default --data.
DEV_DATA = REPO.parent / "shared" / "data" / "iclr2026-openreview.dev.jsonl"


def in_half(record_id: str, half: int) -> bool:
    """Whether a paper falls in that half of the dev export, by its id's hash: the tools fit the shipped files on half 0,
    so that the benchmarks' --half 1 scores them on papers they have never seen."""
    return int(hashlib.sha1(record_id.encode()).hexdigest(), 16) % 2 == half


def write_papers(path: Path, n: int, offset: int = 0) -> None:
    """n records of the OpenReview export from record offset on, repeated with ids suffixed -2, -3, … past its end."""
    records = [json.loads(line) for line in DEV_DATA.read_text(encoding="utf-8").splitlines() if line.strip()]
    lines = []
    for i in range(offset, offset + n):
        record = dict(records[i % len(records)])
        copy = i // len(records) + 1
        if copy > 1:
            record["id"] = f"{record['id']}-{copy}"
        lines.append(json.dumps(record, ensure_ascii=False))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def dev_texts(path: Path, count: int, seed: int = 0) -> list[str]:
    """Seeded dev papers as the themes stage builds a paper's text: title, keywords, abstract."""
    records = [json.loads(line) for line in path.open(encoding="utf-8")]
    chosen = random.Random(seed).sample(records, count)
    return [f"{r['title']}. {', '.join(r.get('keywords') or [])}. {r['abstract']}" for r in chosen]


def copy_sources(project: Path, *, data: bool = False) -> Path:
    """The repo's site sources (mkdocs.yml, templates, docs; with data, the bundled list too) copied into project."""
    project.mkdir(parents=True)
    for item in ("mkdocs.yml", "templates", "docs", *(["data"] if data else [])):
        source = REPO / item
        (shutil.copytree if source.is_dir() else shutil.copy)(source, project / item)
    return project


def build_site(work: Path, name: str, data: Path, *, material_search: bool = False) -> Path:
    """The real build of data into work/name, from a copy of the repo's site sources."""
    from generator.site.build import BuildOptions, build

    project = work / f"{name}-project"
    shutil.rmtree(project, ignore_errors=True)
    copy_sources(project)
    if material_search:
        config = project / "mkdocs.yml"
        text = config.read_text(encoding="utf-8")
        config.write_text(text.replace("plugins:\n", "plugins:\n  - search\n", 1), encoding="utf-8")
    started = time.perf_counter()
    build(BuildOptions(project / "mkdocs.yml", work / name, (data,)))
    print(f"built {work / name} in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return work / name
