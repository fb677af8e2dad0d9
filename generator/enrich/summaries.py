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
# What ties the sentence to the one before it, which the summary does not show: a connective ("To this end, we
# present"), or an opening clause that points back ("To address this problem, we propose"). "In this paper" points
# at the paper, and stays.
_CONNECTIVE = re.compile(
    r"(?:to (?:this|that) end|thus|therefore|hence|however|consequently|accordingly|as a result|in contrast|by contrast"
    r"|instead|moreover|furthermore|additionally|in addition|finally|then|also|further|specifically|concretely"
    r"|in particular|nevertheless|nonetheless|on the other hand|meanwhile|to do so|to this aim)\b,?\s+",
    re.IGNORECASE,
)
_POINTING_BACK = re.compile(
    r"(?:to|in|by|with|based|building|motivated|inspired|given|for|towards?|driven|guided|following|leveraging|using"
    r"|drawing|grounded|informed|in light of|in response to|armed|equipped)\b(?:(?!\bwe\b|\bour\b)[^,]){0,80}?"
    r"\b(?:this|these|those|such|the above|above-mentioned|aforementioned)\b"
    r"(?! (?:paper|work|study|article|manuscript|submission)\b)(?:(?!\bwe\b|\bour\b)[^,]){0,60},\s+",
    re.IGNORECASE,
)


def summarise(abstract: str) -> str:
    """One sentence that says what the paper does, or nothing.

    The abstract is shown right below the summary, so its first sentence would only be said twice.
    """
    said = sentences(plain_text(abstract))
    chosen = next((s for s in said[1:] if _CONTRIBUTION.search(s)), "")
    return shorten(_standalone(chosen), 220)


def _standalone(sentence: str) -> str:
    """The sentence without what ties it to the one before, its first word capitalised again.

    "Thus, in this work, we introduce" is "In this work, we introduce"; a name
    that keeps its own capitals ("pLDDT", "iPhone") keeps its first letter.
    """
    rest = sentence
    while match := _CONNECTIVE.match(rest) or _POINTING_BACK.match(rest):
        rest = rest[match.end() :]
    if rest == sentence or not rest:
        return sentence
    first = rest.split(maxsplit=1)[0]
    if rest[0].islower() and first[1:] == first[1:].lower():
        rest = rest[0].upper() + rest[1:]
    return rest
