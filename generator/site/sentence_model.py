"""The sentence model for the browser: the files the site ships so that a reader's query is encoded as the papers were.

The browser reads the same int8 model.safetensors as analysis/embeddings.py,
cut into parts, each a script that adds its base64 text to
window.RL_MODEL_PARTS, after a manifest script (window.RL_MODEL) with the
vocabulary, the tokenizer's settings and the parts' sizes. Scripts rather
than files for fetch(): a site opened from file:// cannot fetch(), but loads
scripts (CONTRIBUTING.md, Search by meaning, measures both). Parts, so that
the page can show how much has loaded. LICENSE and NOTICE go beside them.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from ..analysis.embeddings import MODEL_DIR, WORD_PIECES
from ..analysis.wordpiece import WordPiece
from ..paths import MODEL_FOLDER, MODEL_MANIFEST, MODEL_PART

# 4 MiB of weights a part: six parts, so progress moves in steps a reader sees.
PART_BYTES = 4 << 20


def write_model(site_dir: Path) -> None:
    """Write the manifest, the weights' parts, LICENSE and NOTICE into the site's MODEL_FOLDER."""
    folder = site_dir / MODEL_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    weights = (MODEL_DIR / "model.safetensors").read_bytes()
    parts = [weights[start : start + PART_BYTES] for start in range(0, len(weights), PART_BYTES)]
    for index, part in enumerate(parts):
        text = base64.b64encode(part).decode("ascii")
        (site_dir / MODEL_PART.format(index)).write_text(
            f'(window.RL_MODEL_PARTS = window.RL_MODEL_PARTS || {{}})[{index}] = "{text}";\n', encoding="utf-8"
        )
    (site_dir / MODEL_MANIFEST).write_text(
        "window.RL_MODEL = " + json.dumps(manifest([len(part) for part in parts])) + ";\n", encoding="utf-8"
    )
    for name in ("LICENSE", "NOTICE"):
        (folder / name).write_bytes((MODEL_DIR / name).read_bytes())


def manifest(part_sizes: list[int]) -> dict[str, object]:
    """What the browser's tokenizer and loader need: the vocabulary in id order, as wordpiece.py reads it, and the parts."""
    tokenizer = WordPiece.from_file(MODEL_DIR / "tokenizer.json", WORD_PIECES)
    vocab = sorted(tokenizer.vocab, key=tokenizer.vocab.__getitem__)
    # One token a line, its id its line number: the file is a third of the JSON's size.
    assert [tokenizer.vocab[token] for token in vocab] == list(range(len(vocab))) and not any("\n" in t for t in vocab)
    unk = vocab[tokenizer.unk]
    return {
        "vocab": "\n".join(vocab),
        "unk": unk,
        "prefix": tokenizer.prefix,
        "maxWord": tokenizer.max_word,
        "length": tokenizer.length,
        "parts": part_sizes,
    }
