"""What `pip install` of readinglist puts on disk, by distribution, in fresh virtualenvs.

    python -m benchmarks.install                      # this checkout
    python -m benchmarks.install --against ../old     # and another checkout beside it, in one run

Each tree is installed with pip, not editable, into a new virtualenv in a
temporary folder (pip's cache and the package index as configured: nothing is
measured from this interpreter's own site-packages). The table gives the
megabytes of site-packages in all and the largest distributions, each with the
files its RECORD lists.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
LARGEST = 12


def installed(tree: Path | None, folder: Path) -> Path:
    """site-packages of a fresh virtualenv, with tree installed in it (None: pip alone)."""
    venv.create(folder, with_pip=True)
    if tree:
        python = folder / "bin" / "python"
        subprocess.run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check", str(tree)], check=True)
    (site,) = folder.glob("lib/python*/site-packages")
    return site


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
    trees = [("this checkout", REPO)] + ([("--against", args.against.resolve())] if args.against else [])
    with tempfile.TemporaryDirectory() as scratch:
        empty = sum(sizes(installed(None, Path(scratch) / "empty")).values())
        measured = [(label, sizes(installed(tree, Path(scratch) / f"venv{i}"))) for i, (label, tree) in enumerate(trees)]
    print(f"Python {sys.version.split()[0]}; a venv with pip alone holds {empty / 1e6:.0f} MB\n")
    print("| tree | site-packages MB | readinglist's own MB |")
    print("|---|---|---|")
    for label, table in measured:
        print(f"| {label} | {sum(table.values()) / 1e6:.0f} | {table.get('readinglist', 0) / 1e6:.1f} |")
    for label, table in measured:
        print(f"\nLargest distributions, {label}:\n\n| distribution | MB |\n|---|---|")
        for name, size in sorted(table.items(), key=lambda item: -item[1])[:LARGEST]:
            print(f"| {name} | {size / 1e6:.1f} |")


if __name__ == "__main__":
    main()
