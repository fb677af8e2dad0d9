"""What exports leave in a paper's text: a spreadsheet's quotes around a field, and the residue of a PDF's text.

Paper Copilot's ECCV lists keep the CSV quotes their abstracts were cut from
("\\"We present ...\\"", or only the closing one), and abstracts copied from
PDFs keep their line-break hyphens ("transla-tion"), words the line break
glued ("addressesthe") and ligatures ("ﬁ"). Each is repaired only where the
words say it is residue: the joined or split words must be known words, so
clean text, "state-of-the-art" and "self-supervised" stay as they are.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata

from ..analysis.embeddings import MODEL_DIR
from . import wordlists
from .latex import math_ranges

_QUOTE_PAIRS = {'"': '"', "\u201c": "\u201d"}
# Latin ligatures (U+FB00-FB06) as NFKC spells them out; the rest of the text keeps its forms (², full-width CJK).
_LIGATURES = str.maketrans({chr(code): unicodedata.normalize("NFKC", chr(code)) for code in range(0xFB00, 0xFB07)})
# A word broken at a line's end: "transla-tion", "transla- tion"; not a part of a longer compound.
_BROKEN = re.compile(r"(?<![\w\\*-])([A-Za-z]*[a-z])-\s?([a-z]+)(?![\w-])")
_WORD = re.compile(r"(?<![\w\\*-])[a-z]{4,}(?![\w-])")
_URL = re.compile(r"\S*(?:https?://|www\.)\S*")
# Function words a line break glues to the word before it, and those the word after it: "addressesthe", "thebest".
# "the", "and" and "of" follow any word; the shorter ones only a verb or function word, as "constructsa": "maxima"
# and "persona" are words, not "maxim a".
_GLUED_AFTER_ANY = ("the", "and", "of")
_GLUED_AFTER_VERB = ("an", "a", "to", "in", "with", "for", "by")
_GLUED_BEFORE = ("the",)
# Words the vocabulary lacks that a glued function word would seem to end.
_WHOLE = wordlists.words("herein therein wherein hereby thereof whereof hereof therewith herewith thereto hereto")


def tidy(text: str) -> str:
    """The text without a spreadsheet's wrapping quotes, its ligatures spelled out, broken and glued words repaired."""
    text = _unwrapped(text).translate(_LIGATURES)
    kept = _protected(text)
    text = _BROKEN.sub(lambda match: _joined(match, kept), text)
    kept = _protected(text)
    return _WORD.sub(lambda match: _split(match, kept), text)


def _unwrapped(text: str) -> str:
    """The text without the quotes a CSV cell put around it, and its doubled quotes ("") single again.

    Only where the quotes wrap the whole text: a title that opens with a
    quoted name and ends with another ("\\"Hello\\" said the \\"world\\"") keeps them.
    A lone closing quote after the last sentence, with no quote opened before it, goes too.
    """
    opening, closing = text[:1], text[-1:]
    if len(text) > 1 and _QUOTE_PAIRS.get(opening) == closing and _balanced(text[1:-1], opening, closing):
        return text[1:-1].replace('""', '"').strip()
    if closing == '"' and text.count('"') % 2 and re.search(r'[.!?)\]]"$', text):
        inner = text[:-1].replace('""', '"')
        if inner.count('"') % 2 == 0:
            return inner.strip()
    return text


def _balanced(inner: str, opening: str, closing: str) -> bool:
    """Whether the quotes inside open before they close, so that the outer pair is one pair."""
    if opening != closing:
        depth = 0
        for char in inner:
            depth += (char == opening) - (char == closing)
            if depth < 0:
                return False
        return depth == 0
    # Straight quotes: one opens after a space or at the start, and closes before one.
    depth = 0
    for at in (i for i, char in enumerate(inner) if char == '"'):
        if inner[at - 1 : at + 1] == '""' or inner[at : at + 2] == '""':
            continue
        opens = at == 0 or inner[at - 1].isspace() or inner[at - 1] in "([{"
        depth += 1 if opens else -1
        if depth < 0:
            return False
    return depth == 0


def _protected(text: str) -> list[tuple[int, int]]:
    """Math and URLs, where no word is joined or split."""
    return [*math_ranges(text), *((m.start(), m.end()) for m in _URL.finditer(text))]


def _inside(at: int, ranges: list[tuple[int, int]]) -> bool:
    return any(start <= at < end for start, end in ranges)


def _joined(match: re.Match[str], kept: list[tuple[int, int]]) -> str:
    """ "transla-tion" as "translation": the whole is a known word, and at least one part is none alone."""
    left, right = match.groups()
    whole = (left + right).lower()
    if _inside(match.start(), kept) or whole not in _known():
        return match.group(0)
    return left + right if left.lower() not in _known() or right not in _known() else match.group(0)


def _split(match: re.Match[str], kept: list[tuple[int, int]]) -> str:
    """ "addressesthe" as "addresses the", where the word is unknown and both its parts are known."""
    word = match.group(0)
    if word in _known() or _inside(match.start(), kept):
        return word
    for glued in (*_GLUED_AFTER_ANY, *_GLUED_AFTER_VERB):
        rest = word.removesuffix(glued)
        if rest == word or len(rest) < 2:
            continue
        verb_like = rest in wordlists.VERBS or rest in wordlists.STOP
        if verb_like or (glued in _GLUED_AFTER_ANY and rest in _known() and len(rest) >= 3):
            return f"{rest} {glued}"
    for glued in _GLUED_BEFORE:
        rest = word.removeprefix(glued)
        if rest != word and len(rest) >= 3 and rest in _known():
            return f"{glued} {rest}"
    return word


@functools.cache
def _known() -> frozenset[str]:
    """English words: the whole words of the sentence model's vocabulary, and the keyphrase word lists."""
    vocab = json.loads((MODEL_DIR / "tokenizer.json").read_text(encoding="utf-8"))["model"]["vocab"]
    words = (word for word in vocab if word.isascii() and word.isalpha())
    return frozenset(words) | _WHOLE | wordlists.STOP | wordlists.VERBS | wordlists.GENERIC
