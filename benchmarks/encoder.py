"""Abstracts per second through the shipped sentence encoder, on one core and on all.

    python -m benchmarks.encoder                    # 1,000 dev papers
    python -m benchmarks.encoder --papers 200 --data FILE.jsonl

Each paper's text is built as the themes build it (title, keywords,
abstract) and cut at 128 word pieces. The encoder runs a thread per core the
process may use, so each row pins the process to that many
cores first (Linux only), and loads the model afresh.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from benchmarks.common import DEV_DATA, dev_texts
from generator.analysis.embeddings import Encoder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEV_DATA)
    parser.add_argument("--papers", type=int, default=1000)
    args = parser.parse_args()
    texts = dev_texts(args.data, args.papers)
    cores = sorted(os.sched_getaffinity(0))
    print(f"{len(texts)} dev abstracts, 128 word pieces, {len(cores)} cores available\n")
    # CPU time per text moves less than seconds on a shared machine: compare it between runs.
    print("| cores | load s | encode s | abstracts/s | CPU ms per abstract |")
    print("|---|---|---|---|---|")
    for count in sorted({1, len(cores)}):
        os.sched_setaffinity(0, cores[:count])
        started = time.perf_counter()
        encoder = Encoder.load()
        loaded, cpu = time.perf_counter(), time.process_time()
        encoder.encode(texts)
        done, cpu = time.perf_counter(), time.process_time() - cpu
        rate = len(texts) / (done - loaded)
        print(
            f"| {count} | {loaded - started:.2f} | {done - loaded:.1f} | {rate:.1f} | {cpu / len(texts) * 1000:.0f} |", flush=True
        )
    os.sched_setaffinity(0, cores)


if __name__ == "__main__":
    main()
