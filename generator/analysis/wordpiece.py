"""BERT's uncased WordPiece tokenizer, read from a tokenizer.json, in plain Python.

It gives the same ids as the `tokenizers` library's BertNormalizer,
BertPreTokenizer and WordPiece with the [CLS] … [SEP] template (the tests
compare the two). Written out because `tokenizers` brings huggingface-hub and
its transfer client, about 39 MB of an install that only needs this much.
"""

from __future__ import annotations

import functools
import json
import re
import string
import unicodedata
from pathlib import Path

_SPECIALS = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")


@functools.cache
def _clean(char: str) -> str:
    """Drop control characters, make whitespace a space, and space out CJK ideographs."""
    if char in "\x00\ufffd" or (char not in "\t\n\r" and unicodedata.category(char).startswith("C")):
        return ""
    if char.isspace():
        return " "
    return f" {char} " if _is_cjk(ord(char)) else char


@functools.cache
def _fold(char: str) -> str:
    """Strip a nonspacing mark, lowercase the rest: one character of NFD text."""
    # Per character: str.lower() of a whole word would give a final sigma its final form, which BERT's vocabulary never saw.
    return "" if unicodedata.category(char) == "Mn" else char.lower()


@functools.cache
def _is_punctuation(char: str) -> bool:
    # ASCII symbols such as $ + < = > ^ ` | ~ count too, as BERT's own tokenizer has it.
    return char in string.punctuation or unicodedata.category(char).startswith("P")


def _is_cjk(code: int) -> bool:
    return (
        0x4E00 <= code <= 0x9FFF
        or 0x3400 <= code <= 0x4DBF
        or 0x20000 <= code <= 0x2A6DF
        or 0x2A700 <= code <= 0x2B73F
        or 0x2B740 <= code <= 0x2B81F
        or 0x2B820 <= code <= 0x2CEAF
        or 0xF900 <= code <= 0xFAFF
        or 0x2F800 <= code <= 0x2FA1F
    )


def _normalise(text: str) -> str:
    """As BertNormalizer with lowercase: clean, space out CJK, strip accents, lowercase."""
    decomposed = unicodedata.normalize("NFD", "".join(map(_clean, text)))
    return decomposed.lower() if decomposed.isascii() else "".join(map(_fold, decomposed))


def _words(text: str) -> list[str]:
    """Split on whitespace, and make each punctuation character a word of its own."""
    words: list[str] = []
    for chunk in text.split():
        if chunk.isalnum():
            words.append(chunk)
            continue
        start = 0
        for i, char in enumerate(chunk):
            if _is_punctuation(char):
                words.extend(w for w in (chunk[start:i], char) if w)
                start = i + 1
        if start < len(chunk):
            words.append(chunk[start:])
    return words


class WordPiece:
    """Text to the model's input ids: [CLS], at most length - 2 word pieces, [SEP]."""

    def __init__(self, vocab: dict[str, int], unk: str, prefix: str, max_word: int, length: int) -> None:
        self.vocab = vocab
        self.unk = vocab[unk]
        self.prefix = prefix
        self.max_word = max_word
        self.length = length
        # Word pieces of each word seen: a list's abstracts share most of their words.
        self.known: dict[str, list[int]] = {}
        # Special tokens written in the text itself are taken whole and never normalised, as in tokenizers.
        self.specials = re.compile("(" + "|".join(re.escape(token) for token in _SPECIALS if token in vocab) + ")")

    @classmethod
    def from_file(cls, path: Path, length: int) -> WordPiece:
        """Read a BERT tokenizer.json; a file of another kind is a ValueError."""
        config = json.loads(path.read_text(encoding="utf-8"))
        model, normaliser = config["model"], config["normalizer"]
        # What _normalise does, and nothing else: an uncased BERT's settings (strip_accents None follows lowercase).
        uncased = {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True, "lowercase": True}
        if model["type"] != "WordPiece" or not uncased.items() <= normaliser.items() or normaliser.get("strip_accents") is False:
            raise ValueError(f"{path.name} is not an uncased BERT WordPiece tokenizer")
        return cls(
            model["vocab"], model["unk_token"], model["continuing_subword_prefix"], model["max_input_chars_per_word"], length
        )

    def encode(self, text: str) -> list[int]:
        ids = []
        for i, part in enumerate(self.specials.split(text)):
            if i % 2:
                ids.append(self.vocab[part])
            else:
                for word in _words(_normalise(part)):
                    if word not in self.known:
                        self.known[word] = self._pieces(word)
                    ids.extend(self.known[word])
            if len(ids) >= self.length - 2:
                break
        return [self.vocab["[CLS]"], *ids[: self.length - 2], self.vocab["[SEP]"]]

    def _pieces(self, word: str) -> list[int]:
        """Longest vocabulary match first, left to right; a word with any unmatched rest is one [UNK]."""
        if len(word) > self.max_word:
            return [self.unk]
        pieces, start = [], 0
        while start < len(word):
            for end in range(len(word), start, -1):
                piece = word[start:end] if start == 0 else self.prefix + word[start:end]
                if piece in self.vocab:
                    pieces.append(self.vocab[piece])
                    start = end
                    break
            else:
                return [self.unk]
        return pieces
