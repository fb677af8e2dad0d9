"""Slugs: the URL-safe names of papers and themes."""

from __future__ import annotations

import re
import unicodedata

_SLUG_WORDS = 6
_CJK_CHAR = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")


def _ascii(char: str) -> str:
    """A character of a theme's label as its slug reads it: CJK as it is, else its ASCII letters, else a break."""
    if _CJK_CHAR.match(char):
        return char
    return unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode() or " "


def slugify(value: str, *, suffix: str = "", max_words: int = _SLUG_WORDS, cjk: bool = True) -> str:
    """A lowercase slug of ASCII words and (with cjk) runs of Chinese or Japanese; the suffix keeps it unique when words run out.

    A theme named in Chinese ("图神经网络") has no ASCII words to make a slug of.
    """
    if cjk and _CJK_CHAR.search(value):
        words = re.findall(r"[a-z0-9]+|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]+", "".join(map(_ascii, value.lower())))
    else:
        ascii_text = unicodedata.normalize("NFKD", value).encode("ascii", "ignore").decode()
        words = re.findall(r"[a-z0-9]+", ascii_text.lower())
    words = words[:max_words]
    parts = [*words, suffix] if suffix else words
    return "-".join(parts) or "untitled"
