"""Typed settings, validated once before any stage runs."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from .errors import ConfigError
from .read.records import FIELDS

# `embeddings: auto` runs the sentence encoder for lists up to this many
# papers: there it groups papers far better than their words do, and it costs
# little (see README, Sentence model). Above it the words alone score as well
# (NMI at 9,842 papers), and encoding would take minutes.
AUTO_EMBEDDINGS = 2000


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
    # The themes of the last build, to start from (see state/memory.py); None keeps none.
    memory: Path | None = None
    # The closing theme's label, in the interface's language.
    other: str = "Other topics"

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
    # Leave out records that cannot be papers, with a warning each, instead of stopping.
    skip_invalid: bool = False
    # Our field name to the export's column that fills it, for names the aliases miss.
    fields: dict[str, str] = field(default_factory=dict)
    # "auto" follows the list's title: a CJK title gives a Chinese UI.
    language: str = "auto"
    # The map of every slug each paper has had (see state/urls.py); None keeps none.
    url_map: Path | None = None
    # When a build first saw each paper (see state/first_seen.py); None keeps no record.
    first_seen: Path | None = None
    related: int = 5
    # Papers are near by a sentence model's embeddings, not by LSA of their
    # terms: always, never, or for lists of up to AUTO_EMBEDDINGS papers.
    embeddings: bool | Literal["auto"] = "auto"
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
        unknown = sorted(set(self.fields) - set(FIELDS))
        if unknown:
            problems.append(f"fields: no field {', '.join(map(repr, unknown))}; map one of {', '.join(FIELDS)}")
        if not (isinstance(self.embeddings, bool) or self.embeddings == "auto"):
            problems.append(f"embeddings must be auto, true or false, not {self.embeddings!r}")
        if problems:
            raise ConfigError("; ".join(problems))

    def embeds(self, papers: int) -> bool:
        """Whether the sentence encoder runs for a list of this many papers."""
        if self.embeddings == "auto":
            return papers <= AUTO_EMBEDDINGS
        return self.embeddings
