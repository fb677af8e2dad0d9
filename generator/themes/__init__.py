"""Stage 3, themes: one module per concern, in the order a build uses them.

vectors (the papers as vectors) → topics, fields and topical (the fields
and topics papers are about) → cut (groups of papers) → naming (their
labels) → overrides (the curator's) → detect (the stage's entry point,
which uses them all, and starts from the last build's themes,
state/memory.py).
"""

from .detect import detect_themes
from .vectors import PaperVectors, Vectors, nearest, paper_vectors

__all__ = ["PaperVectors", "Vectors", "detect_themes", "nearest", "paper_vectors"]
