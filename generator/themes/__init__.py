"""Stage 3, themes: one module per concern, in the order a build uses them.

vectors (the papers as vectors) → cut (groups of papers) → naming (their
labels) → memory (the last build's themes, to start from) → overrides (the
curator's) → detect (the stage's entry point, which uses them all).
"""

from .detect import detect_themes
from .vectors import PaperVectors, Vectors, nearest, paper_vectors, text_key

__all__ = ["PaperVectors", "Vectors", "detect_themes", "nearest", "paper_vectors", "text_key"]
