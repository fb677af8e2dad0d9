"""The plain list: a title line, then abstracts separated by blank lines."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from ..errors import InputError
from ..model import Source
from .formats import Parsed

_BLANK = re.compile(r"[^\S\n]*")


def read_plain(path: Path, text: str) -> Parsed:
    lines = text.split("\n")
    blocks = list(_blocks(lines))
    if not blocks:
        raise InputError("the file is empty", where=f"{path}:1", hint="the first line is the list's title, then abstracts")
    (_, title_lines), *abstracts = blocks
    # A title line followed directly by an abstract, with no blank line between.
    if len(title_lines) > 1:
        abstracts.insert(0, (blocks[0][0] + 1, title_lines[1:]))
    if not abstracts:
        raise InputError(
            "no abstracts after the title",
            where=f"{path}:{len(lines)}",
            hint="put one abstract per blank-line-separated block after the title line",
        )
    records = [(Source(str(path), line), {"abstract": " ".join(block)}) for line, block in abstracts]
    return Parsed("plain", title=title_lines[0], records=records)


def _blocks(lines: list[str]) -> Iterator[tuple[int, list[str]]]:
    """Runs of non-blank lines, each with its 1-based first line number."""
    start = 0
    block: list[str] = []
    for number, line in enumerate(lines, 1):
        if _BLANK.fullmatch(line):
            if block:
                yield start, block
            block = []
            continue
        if not block:
            start = number
        block.append(line.strip())
    if block:
        yield start, block
