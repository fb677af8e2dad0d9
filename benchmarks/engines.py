"""The bundled site built by MkDocs and by the forks that replace it, compared byte for byte.

    python -m benchmarks.engines

Each engine gets a fresh virtualenv with this checkout installed (pip, from
the package index as configured), then builds the bundled list from a copy of
the repo's site sources with the same SOURCE_DATE_EPOCH:

- MkDocs 1.6.1, as `readinglist build` runs it: the reference;
- ProperDocs, `properdocs build -f mkdocs.yml` beside MkDocs;
- MkDocs-NG, which replaces the `mkdocs` package: `mkdocs build`.

For each it prints the files built, the files whose bytes differ from the
reference, and every differing line once, with how many files hold it.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import tempfile
from collections import Counter
from pathlib import Path

from benchmarks.common import copy_sources
from benchmarks.install import installed

REPO = Path(__file__).resolve().parent.parent
EPOCH = "1767225600"
# name: (what pip installs beside the checkout, what it uninstalls first, the build command in the venv's bin/)
ENGINES = {
    "MkDocs 1.6.1 (reference)": ([], [], ["readinglist", "build", "--out", "{out}"]),
    "ProperDocs": (["properdocs"], [], ["properdocs", "build", "--strict", "-f", "mkdocs.yml", "-d", "{out}"]),
    "MkDocs-NG": (["mkdocs-ng"], ["mkdocs"], ["mkdocs", "build", "--strict", "-d", "{out}"]),
}


def built(engine: str, scratch: Path) -> Path:
    """The bundled site as engine builds it, in scratch."""
    extra, removed, command = ENGINES[engine]
    site, _ = installed(str(REPO), scratch / "venv")
    venv = site.parents[2]
    pip = [venv / "bin" / "python", "-m", "pip", "-q", "--disable-pip-version-check"]
    if removed:
        subprocess.run([*pip, "uninstall", "-y", *removed], check=True)
    if extra:
        subprocess.run([*pip, "install", *extra], check=True)
    project = copy_sources(scratch / "project", data=True)
    out = scratch / "site"
    argv = [str(venv / "bin" / command[0]), *(part.format(out=out) for part in command[1:])]
    env = {**os.environ, "SOURCE_DATE_EPOCH": EPOCH, "NO_MKDOCS_2_WARNING": "1"}
    subprocess.run(argv, cwd=project, env=env, check=True, capture_output=True)
    return out


def files(site: Path) -> dict[str, bytes]:
    return {str(path.relative_to(site)): path.read_bytes() for path in sorted(site.rglob("*")) if path.is_file()}


def main() -> None:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        sites = {}
        for i, engine in enumerate(ENGINES):
            folder = Path(scratch) / str(i)
            folder.mkdir()
            sites[engine] = files(built(engine, folder))
    reference = next(iter(sites.values()))
    print("| engine | files | paper pages | files that differ | only in one |")
    print("|---|---|---|---|---|")
    lines: dict[str, Counter[str]] = {}
    for engine, site in sites.items():
        differ = [name for name in reference.keys() & site.keys() if reference[name] != site[name]]
        alone = len(reference.keys() ^ site.keys())
        papers = sum(
            1
            for name, data in site.items()
            if name.startswith("papers/") and name.endswith("/index.html") and b'http-equiv="refresh"' not in data
        )
        print(f"| {engine} | {len(site)} | {papers} | {len(differ)} | {alone} |")
        lines[engine] = Counter()
        for name in differ:
            ours, theirs = set(reference[name].splitlines()), set(site[name].splitlines())
            lines[engine].update(line.decode("utf-8", "replace").strip() for line in theirs - ours)
    for engine, counted in lines.items():
        for line, count in counted.most_common():
            print(f"\n{engine}, in {count} files: {line}")


if __name__ == "__main__":
    main()
