"""The dev export's papers and their sentence vectors, as the tools that fit shipped files on them read them.

The export is OpenReview's ICLR 2026 submissions (CC BY 4.0, credit
"OpenReview, ICLR 2026 submissions"). A tool fits on half of it by default
(--half 0, by the hash of each id), so that the benchmarks' --half 1 scores
what it made on papers it has never seen.
"""

from __future__ import annotations

import argparse
import json
import pickle
from collections.abc import Callable
from pathlib import Path

import numpy as np

from benchmarks.common import DEV_DATA, in_half
from generator.analysis.embeddings import sentence_embeddings


def parser(description: str, out: Path) -> argparse.ArgumentParser:
    """A tool's arguments: the export, the half fitted on, a store of vectors to reuse, and the file written."""
    parsed = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parsed.add_argument("--data", type=Path, default=DEV_DATA)
    parsed.add_argument("--half", default="0", choices=("0", "1", "all"))
    parsed.add_argument("--vectors", type=Path, help="a pickle of abstract -> sentence vector to reuse and extend")
    parsed.add_argument("--out", type=Path, default=out)
    return parsed


def records(args: argparse.Namespace, keep: Callable[[dict], bool]) -> list[dict]:
    """The export's records with an abstract that keep accepts, of the half asked for."""
    found = [json.loads(line) for line in args.data.open(encoding="utf-8")]
    found = [r for r in found if r.get("abstract") and keep(r)]
    if args.half == "all":
        return found
    return [r for r in found if in_half(r["id"], int(args.half))]


def abstract_vectors(chosen: list[dict], store: Path | None) -> np.ndarray:
    """The sentence vector of each record's abstract, in order: from the store where it has them, the rest encoded
    (and added to it)."""
    known: dict[str, np.ndarray] = pickle.loads(store.read_bytes()) if store and store.exists() else {}
    missing = sorted({r["abstract"] for r in chosen} - set(known))
    if missing:
        known.update(zip(missing, sentence_embeddings(missing), strict=True))
        if store:
            store.write_bytes(pickle.dumps(known))
    return np.array([known[r["abstract"]] for r in chosen])
