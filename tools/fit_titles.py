"""Fit the weights with which generator.enrich.titles chooses among its candidate titles.

    python -m tools.fit_titles [--data ../shared/data/iclr2026-openreview.dev.jsonl]

The choice is a linear score over a few features of each candidate
(generator.titles.FEATURES). The weights are fitted on the `tune` half of the
export only (the halves of benchmarks/titles.py): for each abstract, a softmax
over its candidates that pass the grammar gate is pulled towards the
candidates' ROUGE-L F1 against the real title. The model is generic: its
weights belong to the features, none to a paper.

It prints the weights, the literal to paste into generator/titles.py as
WEIGHTS, and the mean ROUGE-L F1 of the chosen titles on both halves beside
the best any choice among the same candidates could reach. The fit has no
randomness: the same export gives the same weights.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import numpy as np

from benchmarks.common import DEV_DATA
from benchmarks.titles import SAMPLE_SEED, halves, rouge_l
from generator.enrich.titles import FEATURES, WEIGHTS, candidate_features

# How sharply the target prefers the candidate closest to the real title (in ROUGE-L F1).
TEMPERATURE = 0.05
STEPS = 300
STEP_SIZE = 0.05
# A little pull towards zero keeps weights of rare features small.
SHRINK = 1e-3
# Weights are shipped to this many decimals.
DECIMALS = 3


class Groups:
    """The gated candidates of each abstract: features, ROUGE-L against the real title, and the fallback."""

    def __init__(self, records: list[dict]) -> None:
        self.features: list[np.ndarray] = []
        self.rouge: list[np.ndarray] = []
        self.fallback: list[float] = []  # ROUGE-L of the first candidate, taken when none passes
        for record in records:
            candidates = candidate_features(record["abstract"])
            passing = [(title, f) for title, ok, f in candidates if ok]
            if not passing:
                self.features.append(np.zeros((0, len(FEATURES))))
                self.rouge.append(np.zeros(0))
                self.fallback.append(rouge_l(candidates[0][0], record["title"]))
                continue
            self.features.append(np.array([f for _, f in passing]))
            self.rouge.append(np.array([rouge_l(title, record["title"]) for title, _ in passing]))
            self.fallback.append(0.0)

    def chosen(self, weights: np.ndarray) -> float:
        """Mean ROUGE-L F1 of the candidates the weights choose."""
        total = sum(
            (y[int(np.argmax(x @ weights))] if len(y) else fallback)
            for x, y, fallback in zip(self.features, self.rouge, self.fallback, strict=True)
        )
        return total / len(self.rouge)

    def best(self) -> float:
        """Mean ROUGE-L F1 of the best candidate of each abstract: what a perfect choice would reach."""
        return sum((y.max() if len(y) else f) for y, f in zip(self.rouge, self.fallback, strict=True)) / len(self.rouge)


def fit(groups: Groups) -> np.ndarray:
    """Softmax weights over each abstract's candidates, fitted by Adam on standardised features."""
    chosen = [(x, y) for x, y in zip(groups.features, groups.rouge, strict=True) if len(y) >= 2]
    rows = np.vstack([x for x, _ in chosen])
    mean, scale = rows.mean(axis=0), rows.std(axis=0) + 1e-9
    x = (rows - mean) / scale
    starts = np.cumsum([0] + [len(y) for _, y in chosen])[:-1]
    sizes = np.array([len(y) for _, y in chosen])
    group = np.repeat(np.arange(len(chosen)), sizes)
    target = np.concatenate([np.exp((y - y.max()) / TEMPERATURE) for _, y in chosen])
    target /= np.add.reduceat(target, starts)[group]
    weights, moment, second = np.zeros(x.shape[1]), np.zeros(x.shape[1]), np.zeros(x.shape[1])
    for step in range(1, STEPS + 1):
        scores = x @ weights
        scores -= np.maximum.reduceat(scores, starts)[group]
        p = np.exp(scores)
        p /= np.add.reduceat(p, starts)[group]
        gradient = x.T @ (p - target) / len(chosen) + SHRINK * weights
        moment = 0.9 * moment + 0.1 * gradient
        second = 0.999 * second + 0.001 * gradient**2
        weights -= STEP_SIZE * (moment / (1 - 0.9**step)) / (np.sqrt(second / (1 - 0.999**step)) + 1e-8)
    # Standardising shifts every candidate of an abstract alike, so the raw weights choose the same.
    return np.round(weights / scale, DECIMALS) + 0.0  # no "-0.000"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DEV_DATA)
    args = parser.parse_args()

    records = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines() if line.strip()]
    split = halves(records)
    tune = Groups(split["tune"])
    weights = fit(tune)
    held_out = Groups(split["held-out"])
    # The 1,000 held-out abstracts benchmarks/titles.py scores by default.
    sample = Groups(random.Random(SAMPLE_SEED).sample(split["held-out"], 1000))

    print("| feature | weight |\n|---|---|")
    for name, weight in zip(FEATURES, weights, strict=True):
        print(f"| {name} | {weight:+.3f} |")
    print("\n| half | papers | ROUGE-L F1, fitted weights | shipped weights | best candidate |\n|---|---|---|---|---|")
    # Weights shipped for another set of features cannot choose: "-".
    shipped = np.array(WEIGHTS) if len(WEIGHTS) == len(FEATURES) else None
    for half, groups in (("tune", tune), ("held-out", held_out), ("held-out, benchmark's 1000", sample)):
        print(
            f"| {half} | {len(groups.rouge)} | {groups.chosen(weights):.3f} | {f'{groups.chosen(shipped):.3f}' if shipped is not None else '-'} | {groups.best():.3f} |"
        )
    print("\nWEIGHTS = (" + ", ".join(f"{w:.{DECIMALS}f}" for w in weights) + ")")


if __name__ == "__main__":
    main()
