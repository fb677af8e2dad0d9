"""Words of running text: sentences, a shortened text, a counted noun, and the keys that tell two keywords are one."""

from __future__ import annotations

import re
import unicodedata

from .latex import math_ranges

# A sentence ends at . ! ? before a capital, but not after an initial or "e.g.".
# The first look back, one character that either way must end a sentence,
# fails at once almost everywhere: it made splitting seven times quicker.
_SENTENCE_END = re.compile(
    r"(?<=[.!?\u3002\uff01\uff1f])(?:(?<=[^A-Z\d\s.][.!?])\s+(?=[A-Z\u4e00-\u9fff])|(?<=[\u3002\uff01\uff1f]))"
)


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text) if s and s.strip()]


def shorten(text: str, limit: int) -> str:
    """Text cut at a word boundary to at most limit characters, never inside a formula."""
    if len(text) <= limit:
        return text
    formulas = math_ranges(text)

    def outside_formulas(at: int) -> bool:
        return all(not start < at < end for start, end in formulas)

    cut = next((at for at in range(limit - 1, -1, -1) if text[at] == " " and outside_formulas(at)), None)
    if cut is None:
        # No word ends in time: cut there, or before the formula that would be split.
        cut = next((start for start, end in formulas if start < limit < end), limit)
    return text[:cut].rstrip(",;: ") + "\u2026"


def plural(count: int, noun: str) -> str:
    """A count with its noun: "1 paper", "2 papers"."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


# "3D Gaussian splatting" is Gaussian splatting; the dimension is not what the keyword names.
# "attacks" is "attack", "LLMs" is "LLM"; "process", "corpus" and "analysis" are singular.
_PLURAL = re.compile(r"(?:(?<=ch)|(?<=sh)|(?<=ss)|(?<=as)|(?<=x))es$|(?<=[^suia\W])s$")
_DIMENSION = re.compile(r"^[234]d\s+(?=\S+\s+\S)")


# Two keys, one for each side of enrichment. keyword_key decides which
# keywords are one (enrich.unify_keywords), so that after it every keyword
# of the list has one spelling. tag_key is what the browser's tag filter
# compares and the tags page sorts and groups by: it must stay the browser's
# (frontend), so it does not drop plurals or "3D". Keywords equal by
# tag_key are equal by keyword_key, so after unification the two agree on
# which keywords are one.
def keyword_key(keyword: str) -> str:
    """The keyword folded in case and Unicode form, its last word singular, without a leading dimension."""
    *first, last = unicodedata.normalize("NFKC", keyword).casefold().split() or [""]
    return _DIMENSION.sub("", " ".join([*first, _PLURAL.sub("", last)]))


def tag_key(keyword: str) -> str:
    """What the browser's tag filter compares: the keyword case-folded."""
    return unicodedata.normalize("NFKC", keyword).lower().strip()


# A name matches another that differs only in case, accents or spacing
# ("José  García", "jose garcia"), nothing more: two people who share a
# surname, or whose initials differ, stay apart, for no rule can tell that
# "J. Smith" is "John Smith". The browser folds a name from a URL by the same
# rule (frontend/src/names.js); tests/test_authors.py runs both on one sample.
def name_key(name: str) -> str:
    """An author's or affiliation's name folded in case, accents (NFKD, marks dropped) and whitespace."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in decomposed if not unicodedata.category(c).startswith("M"))
    return " ".join(word for word in _JS_SPACE.split(bare.lower()) if word)


# JavaScript's \s, which names.js splits on: Python's str.split() would also split at U+001C-U+001F and U+0085.
_JS_SPACE = re.compile("[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+")
