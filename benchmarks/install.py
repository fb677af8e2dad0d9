"""What `pip install` of readinglist puts on disk, by distribution, in fresh virtualenvs, and how long it takes.

    python -m benchmarks.install                      # this checkout, as `pip install .` and `pip install '.[cjk]'`
    python -m benchmarks.install --against ../old     # and another checkout beside it, in one run

Each tree is installed with pip, not editable, into a new virtualenv in a
temporary folder (pip's cache and the package index as configured: nothing is
measured from this interpreter's own site-packages). The table gives the
virtualenv's size on disk as `du` counts it (whole blocks: what a user's disk
loses), the bytes of site-packages' files, and the seconds `pip install` took
(with a warm cache, since every run but the first reuses its wheels); then the
largest distributions, each with the files its RECORD lists.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
LARGEST = 12


def installed(requirement: str | None, folder: Path) -> tuple[Path, float]:
    """site-packages of a fresh virtualenv with requirement installed in it (None: pip alone), and pip's seconds."""
    venv.create(folder, with_pip=True)
    start = time.perf_counter()
    if requirement:
        python = folder / "bin" / "python"
        subprocess.run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check", requirement], check=True)
    seconds = time.perf_counter() - start
    (site,) = folder.glob("lib/python*/site-packages")
    return site, seconds


def on_disk(folder: Path) -> int:
    """Bytes of folder as du counts them: whole blocks, so a thousand small files weigh what they take."""
    return int(subprocess.run(["du", "-sk", folder], capture_output=True, text=True, check=True).stdout.split()[0]) * 1024


def sizes(site: Path) -> dict[str, int]:
    """Bytes per distribution, from the files each one's RECORD lists."""
    result = {}
    for record in site.glob("*.dist-info/RECORD"):
        name = record.parent.name.split("-")[0]
        total = 0
        for line in record.read_text(encoding="utf-8").splitlines():
            path = site / line.split(",")[0]
            if path.is_file():
                total += path.stat().st_size
        result[name] = total
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", type=Path, help="another checkout to install beside this one")
    args = parser.parse_args()
    installs = [("pip install .", str(REPO)), ("pip install '.[cjk]'", f"{REPO}[cjk]")]
    if args.against:
        installs.append(("--against: pip install .", str(args.against.resolve())))
    with tempfile.TemporaryDirectory() as scratch:
        empty_site, _ = installed(None, Path(scratch) / "empty")
        empty = (on_disk(empty_site.parents[2]), sum(sizes(empty_site).values()))
        measured = []
        for i, (label, requirement) in enumerate(installs):
            site, seconds = installed(requirement, Path(scratch) / f"venv{i}")
            measured.append((label, on_disk(site.parents[2]), sizes(site), seconds))
    print(f"Python {sys.version.split()[0]}; a venv with pip alone: {empty[0] / 1e6:.0f} MB on disk, {empty[1] / 1e6:.0f} MB")
    print("of files in site-packages\n")
    print("| install | venv on disk MB (du) | site-packages files MB | readinglist's own MB | pip install s |")
    print("|---|---|---|---|---|")
    for label, disk, table, seconds in measured:
        own = table.get("readinglist", 0) / 1e6
        print(f"| `{label}` | {disk / 1e6:.0f} | {sum(table.values()) / 1e6:.0f} | {own:.1f} | {seconds:.0f} |")
    for label, _, table, _ in measured:
        print(f"\nLargest distributions, {label}:\n\n| distribution | MB |\n|---|---|")
        for name, size in sorted(table.items(), key=lambda item: -item[1])[:LARGEST]:
            print(f"| {name} | {size / 1e6:.1f} |")


if __name__ == "__main__":
    main()
