"""Slugs: the URL-safe names of papers and themes."""

from __future__ import annotations

import re
import unicodedata

_SLUG_WORDS = 6


def slugify(value: str, *, suffix: str = "", max_words: int = _SLUG_WORDS) -> str:
    """A lowercase ASCII slug; the suffix keeps it unique when words run out."""
    ascii_text = unicodedata.normalize("NFKD", value).encode("ascii", "ignore").decode()
    words = re.findall(r"[a-z0-9]+", ascii_text.lower())[:max_words]
    parts = [*words, suffix] if suffix else words
    return "-".join(parts) or "untitled"
