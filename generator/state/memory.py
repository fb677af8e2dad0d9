"""Theme memory: the themes the last build detected, kept beside the input so that the next build starts from them.

Detection from scratch finds one of many near-equal ways to cut a conference
into themes, and a few new papers can tip it into another: on ICLR 2026,
adding 2% more papers kept only 84-91% of the pairs of papers that shared a
theme, and 68-74% of those that shared a sub-theme. Starting from the last
build's themes, the same change keeps more than 99% of them, and themes keep
their names and so their URLs. The file is
committed with the data, like the URL map, so a fresh clone builds the same
site; deleting it detects the themes afresh.

It holds the themes as detected, before the curator's overrides, which are
applied again on every build.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError
from ..model import ReadingList, Theme
from .files import write_json

log = logging.getLogger(__name__)

_HINT = "restore it from version control or delete it to detect the themes afresh"


@dataclass(frozen=True)
class Memory:
    """The themes and sub-themes of the last build, before overrides."""

    themes: tuple[Theme, ...] = ()
    subthemes: tuple[Theme, ...] = ()
    # The field that made the top level ("" when it was detected).
    group_by: str = ""

    def children(self, parent: Theme) -> tuple[Theme, ...]:
        return tuple(t for t in self.subthemes if t.parent == parent.slug)


def load_memory(path: Path | None) -> Memory:
    """The memory in path; an empty one if there is no path or no file."""
    if path is None or not path.is_file():
        return Memory()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise InputError(f"the theme memory is not valid JSON: {error.msg}", where=f"{path}:{error.lineno}", hint=_HINT) from None
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read the theme memory: {error}", where=str(path), hint=_HINT) from None
    try:
        return Memory(
            themes=tuple(map(_theme, data["themes"])),
            subthemes=tuple(map(_theme, data["subthemes"])),
            group_by=str(data["group_by"]),
        )
    except (KeyError, TypeError) as error:
        raise InputError(
            f"the theme memory is not an object of group_by, themes and subthemes ({type(error).__name__}: {error})",
            where=str(path),
            hint=_HINT,
        ) from None


def remember(detected: tuple[tuple[Theme, ...], tuple[Theme, ...]], *, group_by: str) -> Memory:
    """The memory of detected themes and sub-themes, as load_memory() reads it back from the file update_memory() writes."""
    themes, subthemes = detected
    return Memory(tuple(map(_remembered, themes)), tuple(map(_remembered, subthemes)), group_by)


def update_memory(reading_list: ReadingList, path: Path, *, group_by: str) -> None:
    """Remember the list's detected themes in path; write it only if that changes it."""
    memory = remember(reading_list.detected, group_by=group_by)
    data = {"group_by": group_by, "themes": list(map(_entry, memory.themes)), "subthemes": list(map(_entry, memory.subthemes))}
    if write_json(path, data):
        log.info("Updated the theme memory %s", path)


def _remembered(theme: Theme) -> Theme:
    # Which papers a theme holds, not which come first or its keywords, is what is remembered.
    return Theme(slug=theme.slug, label=theme.label, parent=theme.parent, paper_ids=tuple(sorted(theme.paper_ids)))


def _entry(theme: Theme) -> dict[str, object]:
    return {"slug": theme.slug, "label": theme.label, "parent": theme.parent, "papers": list(theme.paper_ids)}


def _theme(entry: dict[str, object]) -> Theme:
    papers = entry["papers"]
    if not isinstance(papers, list):
        raise TypeError(f"the papers of {entry['slug']!r} are not a list")
    return Theme(
        slug=str(entry["slug"]), label=str(entry["label"]), parent=str(entry["parent"]), paper_ids=tuple(map(str, papers))
    )
