"""Fit the field model that groups short lists (generator/themes/fields.npz).

    python tools/fields.py [--data DEV.jsonl] [--half 0|1|all] [--vectors STORE.pickle] [--out FILE]

A field is one of a conference's areas, the program committee's own sessions:
by default OpenReview's primary_area of the ICLR 2026 submissions (CC BY 4.0,
credit "OpenReview, ICLR 2026 submissions"). The model is a multinomial
logistic regression from a paper's sentence vector (the package's own
all-MiniLM-L6-v2, abstract only, as an untitled list gives it) to its area.
Each area is given a session name here. Three are given none, so that
their papers are grouped by the fields they come nearest: the catch-all
("other topics"); datasets and benchmarks, whose papers are about a field of
their own (a benchmark of LLM agents is about LLM agents); and
representation learning, which blind readers found the vaguest of all
(label 2.9, coherence 1.9 over 69 readings of its themes; without it, their
coherence rose by 0.05 to 0.14).

By default only half of the export (--half 0, by the hash of each id) is
fitted, so that benchmarks/labels.py --half 1 scores the grouping on papers
the model has never seen. scikit-learn fits it; the generator needs only
NumPy to apply it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression

from generator.analysis.embeddings import model_key, sentence_embeddings
from generator.themes.fields import FIELDS_FILE

REPO = Path(__file__).resolve().parent.parent
DEFAULT_DATA = REPO.parent / "shared" / "data" / "iclr2026-openreview.dev.jsonl"
# Session names of ICLR's areas: what a program committee would print above them.
SESSION_NAMES = {
    "alignment, fairness, safety, privacy, and societal considerations": "Safety and alignment",
    "applications to computer vision, audio, language, and other modalities": "Vision, audio and language",
    "applications to neuroscience & cognitive science": "Neuroscience and cognitive science",
    "applications to physical sciences (physics, chemistry, biology, etc.)": "Machine learning for science",
    "applications to robotics, autonomy, planning": "Robotics and planning",
    "causal reasoning": "Causal inference",
    "datasets and benchmarks": "",
    "foundation or frontier models, including LLMs": "Large language models",
    "generative models": "Generative models",
    "infrastructure, software libraries, hardware, systems, etc.": "Efficient systems and hardware",
    "interpretability and explainable AI": "Interpretability",
    "learning on graphs and other geometries & topologies": "Graph and geometric learning",
    "learning on time series and dynamical systems": "Time series and dynamical systems",
    "learning theory": "Learning theory",
    "neurosymbolic & hybrid AI systems (physics-informed, logic & formal reasoning, etc.)": "Neurosymbolic and hybrid AI",
    "optimization": "Optimization",
    "other topics in machine learning (i.e., none of the above)": "",
    "probabilistic methods (Bayesian methods, variational inference, sampling, UQ, etc.)": "Probabilistic methods",
    "reinforcement learning": "Reinforcement learning",
    "transfer learning, meta learning, and lifelong learning": "Transfer and continual learning",
    "unsupervised, self-supervised, semi-supervised, and supervised representation learning": "",
}
# Regularisation: on half 1 of the dev file, C = 1 placed 52.9% of papers in their own area (72.5% in one of its
# two likeliest), C = 4 52.7% and C = 16 50.2%; nearest centroids 46.9%.
_C = 1.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--half", default="0", choices=("0", "1", "all"))
    parser.add_argument("--vectors", type=Path, help="a pickle of abstract -> sentence vector to reuse and extend")
    parser.add_argument("--out", type=Path, default=FIELDS_FILE)
    args = parser.parse_args()
    records = [json.loads(line) for line in args.data.open(encoding="utf-8")]
    records = [r for r in records if r.get("abstract") and r.get("primary_area") in SESSION_NAMES]
    if args.half != "all":
        records = [r for r in records if int(hashlib.sha1(r["id"].encode()).hexdigest(), 16) % 2 == int(args.half)]
    known: dict[str, np.ndarray] = pickle.loads(args.vectors.read_bytes()) if args.vectors and args.vectors.exists() else {}
    missing = sorted({r["abstract"] for r in records} - set(known))
    if missing:
        known.update(zip(missing, sentence_embeddings(missing), strict=True))
        if args.vectors:
            args.vectors.write_bytes(pickle.dumps(known))
    areas = sorted(SESSION_NAMES)
    x = np.array([known[r["abstract"]] for r in records])
    y = np.array([areas.index(r["primary_area"]) for r in records])
    model = LogisticRegression(C=_C, max_iter=2000).fit(x, y)
    np.savez_compressed(
        args.out,
        weights=model.coef_.astype(np.float32),
        bias=model.intercept_.astype(np.float32),
        names=np.array([SESSION_NAMES[a] for a in areas]),
        model=np.array(model_key()),
        papers=np.array(len(records)),
    )
    print(f"{len(records)} papers, {len(areas)} areas -> {args.out}")


if __name__ == "__main__":
    main()
