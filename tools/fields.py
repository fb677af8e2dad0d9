"""Fit the field model that groups short lists (generator/themes/fields.npz).

    python -m tools.fields [--data DEV.jsonl] [--half 0|1|all] [--vectors STORE.pickle] [--out FILE]

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

import numpy as np
from sklearn.linear_model import LogisticRegression

from generator.analysis.embeddings import model_key
from generator.themes.fields import FIELDS_FILE

from .dev_export import abstract_vectors, parser, records

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
    args = parser(__doc__, FIELDS_FILE).parse_args()
    chosen = records(args, lambda r: r.get("primary_area") in SESSION_NAMES)
    areas = sorted(SESSION_NAMES)
    x = abstract_vectors(chosen, args.vectors)
    y = np.array([areas.index(r["primary_area"]) for r in chosen])
    model = LogisticRegression(C=_C, max_iter=2000).fit(x, y)
    np.savez_compressed(
        args.out,
        weights=model.coef_.astype(np.float32),
        bias=model.intercept_.astype(np.float32),
        names=np.array([SESSION_NAMES[a] for a in areas]),
        model=np.array(model_key()),
        papers=np.array(len(chosen)),
    )
    print(f"{len(chosen)} papers, {len(areas)} areas -> {args.out}")


if __name__ == "__main__":
    main()
