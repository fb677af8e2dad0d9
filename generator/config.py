"""The options, declared once: mkdocs.yml's plugin options, the command line's over them, and the typed settings they make.

An option is declared in ReadingListConfig (its type, default and meaning)
and read into the Settings field of the same name; settings_from() converts only
the paths and the options a stage needs in another shape. The command line
gives its values by the option's name (see site/build.py, load_mkdocs_config).
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from mkdocs.config import base
from mkdocs.config import config_options as opt

from .analysis.embeddings import AUTO_EMBEDDINGS
from .errors import ConfigError
from .read.records import FIELDS


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
    # "auto" follows the list's title: a CJK title gives a Japanese UI for a Japanese list, else a Chinese one.
    language: str = "auto"
    # The map of every slug each paper has had (see state/urls.py); None keeps none.
    url_map: Path | None = None
    # When a build first saw each paper (see state/first_seen.py); None keeps no record.
    first_seen: Path | None = None
    related: int = 5
    # Papers are near by a sentence model's embeddings, not by LSA of their
    # terms: always, never, or for lists of up to AUTO_EMBEDDINGS papers.
    embeddings: bool | Literal["auto"] = "auto"
    # The site ships the papers' sentence vectors for "more like my stars" and
    # search by meaning: always (encoding a list the themes would not), never,
    # or wherever the build encodes the papers anyway.
    semantic: bool | Literal["auto"] = "auto"
    # Where costly results are kept between builds (see cache.py); None keeps nothing.
    cache_dir: Path | None = None
    # A GGUF file of an instruct model that writes the untitled papers' titles (enrich/titles/model.py); None: the rules.
    title_model: Path | None = None
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
        if self.title_model is not None and not self.title_model.is_file():
            problems.append(f"title_model: {self.title_model}: no such file")
        for name in ("embeddings", "semantic"):
            value = getattr(self, name)
            if not (isinstance(value, bool) or value == "auto"):
                problems.append(f"{name} must be auto, true or false, not {value!r}")
        if problems:
            raise ConfigError("; ".join(problems))

    def embeds(self, papers: int) -> bool:
        """Whether the sentence encoder runs for a list of this many papers."""
        if self.embeddings == "auto":
            return papers <= AUTO_EMBEDDINGS
        return self.embeddings

    def ships_vectors(self, papers: int) -> bool:
        """Whether the site ships the papers' sentence vectors, for a list of this many papers."""
        if self.semantic == "auto":
            return self.embeds(papers)
        return self.semantic


class ReadingListConfig(base.Config):
    input = opt.ListOfItems(opt.Type(str), default=["data/iclr2026.txt"])
    """Input files, relative to mkdocs.yml."""
    title = opt.Type(str, default="")
    """The list's title; unset takes the input's (a plain list's first line, a JSON export's "title")."""
    skip_invalid = opt.Type(bool, default=False)
    """Leave out records with neither a title nor an abstract (and other bad records), with a warning each."""
    fields = opt.Type(dict, default={})
    """Our field names (title, abstract, authors, url, ...) to the export's own column names, for names the aliases miss."""
    templates = opt.Type(str, default="templates")
    """The folder holding pages/*.md.j2, relative to mkdocs.yml."""
    language = opt.Choice(("auto", "en", "zh", "de", "fr", "es", "ja", "ko"), default="auto")
    """The UI language; auto follows the list's title."""
    themes = opt.Optional(opt.Type(int))
    """How many top-level themes to detect; unset chooses from the list's size."""
    group_by = opt.Type(str, default="")
    """A paper field (e.g. track, primary_area) whose values make the top-level themes."""
    overrides = opt.Type(str, default="data/themes.yml")
    """The curator's theme overrides, relative to mkdocs.yml; a missing file means none."""
    related = opt.Type(int, default=5)
    """How many related papers each paper page shows."""
    embeddings = opt.Choice((True, False, "auto"), default="auto")
    """Compare papers by the bundled sentence model: true, false, or auto (for lists of up to 2,000 papers)."""
    semantic = opt.Choice((True, False, "auto"), default="auto")
    """Ship the papers' sentence vectors for "more like my stars": true (encoding any list), false, or auto (where embeddings is on)."""
    cache_dir = opt.Type(str, default=".cache/readinglist")
    """Where costly results are kept between builds, relative to mkdocs.yml; empty keeps nothing. Another list than
    the input's keeps them, and its state files, in a folder of its own under lists/."""
    data_dir = opt.Type(str, default="")
    """The folder of the input's state files (url_map, first_seen, theme_memory),
    relative to mkdocs.yml: the curator's, to commit with the list. Empty: beside mkdocs.yml."""
    url_map = opt.Type(str, default="urls.json")
    """Where the build keeps every paper's past slugs, in data_dir; old URLs
    redirect to new ones. Empty keeps no map."""
    first_seen = opt.Type(str, default="first-seen.json")
    """Where the build keeps the date it first saw each paper, in data_dir;
    the feeds list new papers first. Empty keeps none."""
    jobs = opt.Optional(opt.Type(int))
    """Processes that render the paper and sub-theme pages; unset: the cores the build may use. 1 leaves every page to MkDocs' own loop."""
    title_model = opt.Type(str, default="")
    """A GGUF file of an instruct model (e.g. Qwen2.5 0.5B Instruct) that writes the titles of untitled papers,
    relative to mkdocs.yml; needs the titles extra. Empty: titles are derived by rule."""
    theme_memory = opt.Type(str, default="theme-memory.json")
    """Where the build keeps the themes it detected, in data_dir; the next
    build starts from them. Empty keeps none."""


def merged(config: ReadingListConfig, overrides: Mapping[str, object]) -> dict[str, Any]:
    """mkdocs.yml's options with the command line's over them; a dict (fields) adds to mkdocs.yml's."""
    merged = dict(config)
    for name, value in overrides.items():
        merged[name] = {**merged[name], **value} if isinstance(value, dict) else value
    return merged


def settings_from(options: Mapping[str, Any], root: Path, *, listed: Sequence[str] = (), preview: bool = False) -> Settings:
    """The pipeline's settings from the options, for a mkdocs.yml in root whose own input is listed.

    mkdocs.yml's paths (strings) are relative to root; the command line's
    (Paths) are the user's, as given. A list other than mkdocs.yml's own, while
    that one is there, is a one-off (`readinglist build ../other.jsonl` in a
    clone): its state and cache are a folder of its own in the cache, so that
    it neither rewrites the project's committed state nor evicts its cache.
    """
    inputs = tuple(_path(root, path) for path in options["input"])
    cache = _path(root, options["cache_dir"]) if options["cache_dir"] else None
    data: Path | None
    if _one_off(inputs, tuple(_path(root, path) for path in listed)):
        data = cache = cache / "lists" / list_folder(inputs) if cache is not None else None
    else:
        data = _path(root, options["data_dir"])
    # Messages name the state files as the curator would: data/urls.json, from the project's folder.
    if data is not None and data.is_absolute() and data.is_relative_to(Path.cwd()):
        data = data.relative_to(Path.cwd())

    def state(name: str) -> Path | None:
        return data / options[name] if data is not None and options[name] else None

    shaped: dict[str, Any] = {
        "inputs": inputs,
        "templates": _path(root, options["templates"]),
        "fields": {str(k): str(v) for k, v in options["fields"].items()},
        "themes": ThemeSettings(
            k=options["themes"],
            group_by=options["group_by"],
            overrides=_path(root, options["overrides"]) if options["overrides"] else None,
            memory=state("theme_memory"),
        ),
        "url_map": state("url_map"),
        "first_seen": state("first_seen"),
        "cache_dir": cache,
        "title_model": _path(root, options["title_model"]) if options["title_model"] else None,
        "preview": preview,
    }
    # The rest as given: title, skip_invalid, language, related, embeddings, semantic.
    given = {f.name: options[f.name] for f in dataclasses.fields(Settings) if f.name in options and f.name not in shaped}
    return Settings(**shaped, **given)


def list_folder(inputs: Sequence[Path]) -> str:
    """The name of a list's own folder: its first file's name, and a digest of where all its files are."""
    where = "\0".join(sorted(str(path.resolve()) for path in inputs))
    name = re.sub(r"[^\w.-]+", "-", inputs[0].stem).strip("-.")[:40] or "list"
    return f"{name}-{hashlib.sha256(where.encode('utf-8', 'surrogatepass')).hexdigest()[:12]}"


def _one_off(inputs: Sequence[Path], listed: Sequence[Path]) -> bool:
    # A project whose mkdocs.yml names no list that is there keeps the state of the lists it builds in data_dir.
    if not listed or not all(path.is_file() for path in listed):
        return False
    return {path.resolve() for path in inputs} != {path.resolve() for path in listed}


def _path(root: Path, value: str | Path) -> Path:
    return value if isinstance(value, Path) else root / value
