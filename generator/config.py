"""Typed settings, validated once before any stage runs."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .errors import ConfigError


@dataclass(frozen=True)
class ThemeSettings:
    # None: the curator's overrides file sets it, else the size of the list does.
    k: int | None = None
    seed: int = 0
    # A Paper attribute or `extra` key whose values make the top-level themes;
    # detected sub-themes go under them. "" detects the top level too.
    group_by: str = ""
    # The curator's overrides (themes.yml); a missing file means none.
    overrides: Path | None = None
    # The themes of the last build, to start from (see memory.py); None keeps none.
    memory: Path | None = None

    def __post_init__(self) -> None:
        if self.k is not None and self.k < 1:
            raise ConfigError(f"themes must be at least 1, not {self.k}")


@dataclass(frozen=True)
class Settings:
    """Everything the pipeline needs to turn input files into pages."""

    inputs: tuple[Path, ...]
    templates: Path
    themes: ThemeSettings = field(default_factory=ThemeSettings)
    # Overrides the title the input carries (the first line of a plain list).
    title: str = ""
    # "auto" follows the list's title: a CJK title gives a Chinese UI.
    language: str = "auto"
    # The map of every slug each paper has had (see urls.py); None keeps none.
    url_map: Path | None = None
    related: int = 5
    # Papers are near by a sentence model's embeddings (see embeddings.py), not by LSA of their terms.
    embeddings: bool = False
    # Where costly results are kept between builds (see cache.py); None keeps nothing.
    cache_dir: Path | None = None
    # A live preview (`readinglist serve`): keep the themes, related papers and
    # map of the same papers while only their texts change (see cache.py).
    preview: bool = False

    def __post_init__(self) -> None:
        problems = []
        if not self.inputs:
            problems.append("no input files given")
        if not (self.templates / "pages").is_dir():
            problems.append(f"{self.templates}: no pages/ folder of templates")
        if not 0 <= self.related <= 20:
            problems.append(f"related must be between 0 and 20, not {self.related}")
        if problems:
            raise ConfigError("; ".join(problems))
