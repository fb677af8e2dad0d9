"""A paper's one-line summary: the sentence of its abstract that states the contribution."""

from __future__ import annotations

import re

from ..text.markup import plain_text
from ..text.words import sentences, shorten

# The sentence that states the contribution makes the best one-line summary.
_CONTRIBUTION = re.compile(
    r"\b(we|this (?:paper|work)|our (?:work|paper))\s+(?:\w+\s+){0,2}?"
    r"(propose|present|introduce|develop|show|demonstrate|study|investigate|design|formalize|advocate|consider|find)",
    re.IGNORECASE,
)


def summarise(abstract: str) -> str:
    """One sentence that says what the paper does, or nothing.

    The abstract is shown right below the summary, so its first sentence would only be said twice.
    """
    said = sentences(plain_text(abstract))
    chosen = next((s for s in said[1:] if _CONTRIBUTION.search(s)), "")
    return shorten(chosen, 220)
