"""Abstracts per second through the shipped sentence encoder, on one core and on all.

    python benchmarks/encoder.py                    # 1,000 dev papers
    python benchmarks/encoder.py --papers 200 --data FILE.jsonl

Each paper's text is built as the themes build it (title, keywords,
abstract) and cut at 128 word pieces. The encoder takes its thread count from
the cores the process may use, so each row pins the process to that many
cores first (Linux only), and loads the model afresh.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from export_model import DEFAULT_DATA, dev_texts  # noqa: E402

from generator.embeddings import Encoder  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--papers", type=int, default=1000)
    args = parser.parse_args()
    texts = dev_texts(args.data, args.papers)
    cores = sorted(os.sched_getaffinity(0))
    print(f"{len(texts)} dev abstracts, 128 word pieces, {len(cores)} cores available\n")
    print("| cores | load s | encode s | abstracts/s |")
    print("|---|---|---|---|")
    for count in sorted({1, len(cores)}):
        os.sched_setaffinity(0, cores[:count])
        started = time.perf_counter()
        encoder = Encoder.load()
        loaded = time.perf_counter()
        encoder.encode(texts)
        done = time.perf_counter()
        print(f"| {count} | {loaded - started:.2f} | {done - loaded:.1f} | {len(texts) / (done - loaded):.1f} |", flush=True)
    os.sched_setaffinity(0, cores)


if __name__ == "__main__":
    main()
