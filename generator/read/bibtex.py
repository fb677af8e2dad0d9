"""BibTeX (.bib), as the ACL Anthology, DBLP and reference managers export it, parsed by bibtexparser 2."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import bibtexparser
from bibtexparser import middlewares
from bibtexparser.model import DuplicateBlockKeyBlock, DuplicateFieldKeyBlock

from ..errors import InputError
from ..model import Source
from .formats import Parsed

# bibtexparser logs each block it gives up on; we report those ourselves, with the file's name.
logging.getLogger("bibtexparser").setLevel(logging.ERROR)

_HINT = "check the entry's braces and the commas between its fields"


def read_bibtex(path: Path, text: str) -> Parsed:
    """Every entry a record: its key the id, its fields by their names, authors as "First Last"."""
    library = bibtexparser.parse_string(
        text,
        append_middleware=[
            middlewares.SeparateCoAuthors(),
            middlewares.SplitNameParts(),
            middlewares.MergeNameParts(style="first"),
        ],
    )
    parsed = Parsed("bibtex")
    for block in library.failed_blocks:
        where = f"{path}:{block.start_line + 1}"
        if isinstance(block, DuplicateBlockKeyBlock):
            problem = InputError(
                f"the key {block.key!r} is used by an earlier entry", where=where, hint="give every entry its own key"
            )
        elif isinstance(block, DuplicateFieldKeyBlock):
            problem = InputError(f"entry {block.key!r} gives a field twice", where=where, hint="keep one of each field")
        else:
            problem = InputError("this BibTeX entry cannot be parsed", where=where, hint=_HINT)
        parsed.problems.append(problem)
    for entry in library.entries:
        record: dict[str, Any] = {"id": entry.key, "bibtex_type": entry.entry_type}
        for name, field in entry.fields_dict.items():
            record[name.lower()] = field.value
        if str(record.get("archiveprefix", "")).lower() == "arxiv" and "eprint" in record:
            record["arxiv"] = record.pop("eprint")
        parsed.records.append((Source(str(path), entry.start_line + 1), record))
    if not library.entries and not library.failed_blocks:
        raise InputError(
            "no BibTeX entries in the file",
            where=f"{path}:1",
            hint="each paper is an entry like @inproceedings{key, title = {...}}",
        )
    return parsed
