"""Helpers the title tests share: the bundled abstracts and the method each names, an abstract of our own, and the
candidates the choice may take."""

from __future__ import annotations

import re

from support import BUNDLED

from generator.enrich.titles import candidate_features


def bundled_abstracts() -> list[str]:
    _list_title, _, body = BUNDLED.read_text(encoding="utf-8").partition("\n")
    return [block.strip() for block in re.split(r"\n\s*\n", body) if block.strip()]


ABSTRACTS = bundled_abstracts()


# The method each bundled abstract names, by position; None where it names none.
LEADING_NAMES = [
    None, "ICRL prompting", "LapFlow", "SVG", "DECS", "ChainGPT", "G4Splat", None, "MiMo", "OpenPros",
    "STEER", None, "GrAPE", "UniRoute", "MoSciBench", "FlexiCodec", "C-voting", "LR-FGDM", "ProtoKV",
]  # fmt: skip


# Our own abstracts for the candidates that say what a method is for, in a real title's order.
ROUTING = (
    "Graph transformers struggle with long-range dependencies in molecular graphs. We propose a spectral routing "
    "layer that learns sparse attention paths between distant atoms. Experiments on three molecular benchmarks "
    "show gains over message passing baselines."
)


def candidate_titles(abstract: str) -> list[str]:
    return [title for title, admissible, _ in candidate_features(abstract) if admissible]
