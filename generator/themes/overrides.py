"""The curator's overrides of the detected themes: data/themes.yml.

    k: 24                          # how many top-level themes to detect
    rename:                        # theme slug: the label to show instead
      diffusion-models-and-image-generation: Diffusion for images
    pin:                           # paper id: the theme (slug or label) it belongs to
      00HNN8O7Ni: reasoning-and-reinforcement-learning
    merge:                         # each list becomes one theme, named by its first
      - [video-generation, diffusion-models-and-image-generation]

Themes are named by slug, and a theme's slug stays the same while it keeps
most of its papers (see state/memory.py), so the overrides keep applying when the
themes are detected again.
Anything that names no paper or theme is an error that gives the file's line.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import yaml

from ..errors import ConfigError
from ..model import ReadingList, Theme
from ..text.slugs import slugify

_KEYS = ("k", "rename", "pin", "merge")
_LISTED = "theme slugs are listed in papers.json"


@dataclass(frozen=True)
class Overrides:
    """What the curator asked for, each entry with the line that asked for it."""

    where: str = ""
    k: int | None = None
    # (slug, new label, line)
    renames: tuple[tuple[str, str, int], ...] = ()
    # (paper id, theme slug or label, line)
    pins: tuple[tuple[str, str, int], ...] = ()
    # (theme slugs or labels, line)
    merges: tuple[tuple[tuple[str, ...], int], ...] = ()
    # The lines the entries came from, for messages about the file as a whole.
    lines: dict[str, int] = field(default_factory=dict, compare=False)


def load_overrides(path: Path | None) -> Overrides:
    """The overrides in path; none if there is no path or no file."""
    if path is None or not path.is_file():
        return Overrides()
    where = _display(path)
    try:
        root = yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = f":{mark.line + 1}" if mark else ""
        raise ConfigError(f"not valid YAML: {error.problem}", where=f"{where}{line}", hint="see the YAML syntax") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"cannot read the file: {error}", where=where, hint="save it as UTF-8 YAML") from None
    if root is None:
        return Overrides(where=where)
    if not isinstance(root, yaml.MappingNode):
        raise _error(where, root, "the file must be a mapping of k, rename, pin and merge", "see the example in the docs")
    found: dict[str, object] = {"where": where}
    for key_node, value in root.value:
        key = key_node.value
        if key not in _KEYS:
            raise _error(where, key_node, f"unknown key '{key}'", "use k, rename, pin or merge")
        if key == "k":
            found["k"] = _k(where, value)
        elif key == "rename":
            found["renames"] = tuple((slug, label, line) for slug, label, line in _pairs(where, value, "rename", "theme slug"))
        elif key == "pin":
            found["pins"] = tuple(_pairs(where, value, "pin", "paper id"))
        else:
            found["merges"] = _merges(where, value)
    return Overrides(**found)  # type: ignore[arg-type]


def apply_overrides(reading_list: ReadingList, overrides: Overrides, closest: Callable[[str, list[Theme]], Theme]) -> ReadingList:
    """The reading list with the curator's merges, pins and renames applied, in that order.

    closest(paper_id, sub_themes) picks the sub-theme a paper pinned to a
    two-level theme goes into.
    """
    where = overrides.where
    themes = {t.slug: t for t in (*reading_list.themes, *reading_list.subthemes)}
    renamed = {slug: (label, line) for slug, label, line in overrides.renames}
    for slug, (_, line) in renamed.items():
        if slug not in themes:
            raise ConfigError(f"no theme '{slug}' to rename", where=f"{where}:{line}", hint=_LISTED)

    def find(name: str, line: int, what: str) -> Theme:
        for theme in themes.values():
            if name in (theme.slug, theme.label) or (theme.slug in renamed and name == renamed[theme.slug][0]):
                return theme
        raise ConfigError(f"no theme '{name}' {what}", where=f"{where}:{line}", hint=_LISTED)

    members = {slug: list(t.paper_ids) for slug, t in themes.items()}
    parents = {slug: t.parent for slug, t in themes.items()}
    for names, line in overrides.merges:
        group = [find(name, line, "to merge") for name in names]
        into = group[0]
        if len({t.parent for t in group}) > 1 or (into.parent and len({t.parent for t in group}) != 1):
            raise ConfigError(
                f"cannot merge {', '.join(repr(n) for n in names)}: they are not at the same level",
                where=f"{where}:{line}",
                hint="merge top-level themes, or sub-themes of one theme",
            )
        for other in group[1:]:
            if other.slug == into.slug or other.slug not in members:
                continue
            members[into.slug] += members.pop(other.slug)
            for child, parent in parents.items():
                if parent == other.slug:
                    parents[child] = into.slug
            del parents[other.slug]
            themes.pop(other.slug)

    by_id = reading_list.by_id()
    for paper_id, name, line in overrides.pins:
        if paper_id not in by_id:
            raise ConfigError(
                f"no paper '{paper_id}' to pin", where=f"{where}:{line}", hint="paper ids are listed in papers.json"
            )
        target = find(name, line, f"to pin {paper_id} to")
        children = [themes[c] for c, p in parents.items() if p == target.slug]
        if children:
            target = closest(paper_id, children)
        for slug in members:
            if paper_id in members[slug]:
                members[slug].remove(paper_id)
        members[target.slug].append(paper_id)
        if target.parent:
            members[target.parent].append(paper_id)

    result: dict[str, Theme] = {}
    for slug, theme in themes.items():
        if slug not in members or not members[slug]:
            continue
        label = renamed[slug][0] if slug in renamed else theme.label
        parent = parents.get(slug, "")
        result[slug] = replace(theme, slug=slugify(label) or slug, label=label, paper_ids=tuple(members[slug]), parent=parent)
    # A renamed theme takes the slug of its new label; its sub-themes follow it.
    new_slug = {slug: theme.slug for slug, theme in result.items()}
    taken: dict[str, str] = {}
    for slug, theme in result.items():
        if theme.slug in taken:
            line = renamed.get(slug, renamed.get(taken[theme.slug], ("", 0)))[1]
            raise ConfigError(
                f"two themes would be called '{theme.label}'", where=f"{where}:{line}", hint="give the themes distinct labels"
            )
        taken[theme.slug] = slug
    top = [replace(t, parent="") for t in result.values() if not t.parent]
    subs = [replace(t, parent=new_slug[t.parent]) for t in result.values() if t.parent and t.parent in new_slug]
    order = {new_slug[t.slug]: i for i, t in enumerate(reading_list.themes) if t.slug in new_slug}
    top.sort(key=lambda t: (-len(t.paper_ids), t.label))
    subs.sort(key=lambda t: (order.get(t.parent, 0), -len(t.paper_ids), t.label))
    reading_list.set_themes(top, subs)
    return reading_list


def _k(where: str, node: yaml.Node) -> int:
    value = node.value if isinstance(node, yaml.ScalarNode) else None
    if value is None or not str(value).isdigit() or int(value) < 1:
        raise _error(where, node, f"k must be a whole number of at least 1, not {value!r}", "write e.g. 'k: 20'")
    return int(value)


def _pairs(where: str, node: yaml.Node, key: str, what: str) -> list[tuple[str, str, int]]:
    if not isinstance(node, yaml.MappingNode):
        raise _error(where, node, f"{key} must map each {what} to a theme", f"write e.g. '{key}:' then '  {what}: value' lines")
    pairs = []
    for name, value in node.value:
        if not isinstance(name, yaml.ScalarNode) or not isinstance(value, yaml.ScalarNode) or not str(value.value).strip():
            raise _error(where, name, f"{key} must map each {what} to a theme", f"write '{what}: value' on one line")
        pairs.append((str(name.value), str(value.value).strip(), name.start_mark.line + 1))
    return pairs


def _merges(where: str, node: yaml.Node) -> tuple[tuple[tuple[str, ...], int], ...]:
    hint = "write e.g. '- [slug-a, slug-b]'"
    if not isinstance(node, yaml.SequenceNode):
        raise _error(where, node, "merge must be a list of lists of themes", hint)
    merges = []
    for item in node.value:
        if (
            not isinstance(item, yaml.SequenceNode)
            or len(item.value) < 2
            or not all(isinstance(n, yaml.ScalarNode) for n in item.value)
        ):
            raise _error(where, item, "each merge must list two or more themes", hint)
        merges.append((tuple(str(n.value) for n in item.value), item.start_mark.line + 1))
    return tuple(merges)


def _error(where: str, node: yaml.Node, message: str, hint: str) -> ConfigError:
    return ConfigError(message, where=f"{where}:{node.start_mark.line + 1}", hint=hint)


def _display(path: Path) -> str:
    """The path as the user would write it: relative to the working folder when inside it."""
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path) if relative.startswith("..") else relative
