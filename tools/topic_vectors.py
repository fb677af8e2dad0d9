"""Write the sentence vectors of the topics a theme may be named by (generator/themes/topic_vectors.npz).

    python tools/topic_vectors.py [--data DEV.jsonl] [--half 0|1|all] [--vectors STORE.pickle] [--out FILE]

A paper is also about the topics its abstract is nearest by meaning, though
it may not name them (generator/themes/nearness.py): "Extrapolating Large
Models from the Small" and "Model Utility Law" never say "large language
model evaluation", and are both about it. The file holds each topic of the
vocabulary (topics.tsv) that may name a theme, its name's vector by the
package's own sentence model (all-MiniLM-L6-v2), and its mean cosine with
the export's abstracts: what every abstract comes to near a broad topic
("large language model fine-tuning" at ICLR 2026), which a paper must be
nearer by far. The abstracts are the dev export's (OpenReview, ICLR 2026
submissions, CC BY 4.0), by default only half of them (--half 0, by the
hash of each id), so that benchmarks/labels.py --half 1 scores themes on
papers the file has never seen.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
from pathlib import Path

import numpy as np

from generator.analysis.embeddings import model_key, sentence_embeddings
from generator.themes.naming import names_a_theme
from generator.themes.nearness import NEAR_FILE
from generator.themes.topics import BROADEST, vocabulary

REPO = Path(__file__).resolve().parent.parent
DEFAULT_DATA = REPO.parent / "shared" / "data" / "iclr2026-openreview.dev.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--half", default="0", choices=("0", "1", "all"))
    parser.add_argument("--vectors", type=Path, help="a pickle of abstract -> sentence vector to reuse and extend")
    parser.add_argument("--out", type=Path, default=NEAR_FILE)
    args = parser.parse_args()
    records = [json.loads(line) for line in args.data.open(encoding="utf-8")]
    records = [r for r in records if r.get("abstract")]
    if args.half != "all":
        records = [r for r in records if int(hashlib.sha1(r["id"].encode()).hexdigest(), 16) % 2 == int(args.half)]
    known: dict[str, np.ndarray] = pickle.loads(args.vectors.read_bytes()) if args.vectors and args.vectors.exists() else {}
    missing = sorted({r["abstract"] for r in records} - set(known))
    if missing:
        known.update(zip(missing, sentence_embeddings(missing), strict=True))
        if args.vectors:
            args.vectors.write_bytes(pickle.dumps(known))
    topics, _ = vocabulary()
    keys = sorted(key for key, topic in topics.items() if names_a_theme(key, topic) and topic.share <= BROADEST)
    vectors = sentence_embeddings([topics[key].spelling for key in keys])
    abstracts = np.array([known[r["abstract"]] for r in records], dtype=np.float64)
    background = (abstracts @ vectors.T.astype(np.float64)).mean(axis=0)
    np.savez_compressed(
        args.out,
        keys=np.array(keys),
        vectors=vectors.astype(np.float32),
        background=background.astype(np.float32),
        model=np.array(model_key()),
        abstracts=np.array(len(records)),
    )
    print(f"{len(keys)} topics, background of {len(records)} abstracts -> {args.out}")


if __name__ == "__main__":
    main()
