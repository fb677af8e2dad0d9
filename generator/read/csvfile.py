"""CSV and TSV with a header row, in whichever of the common dialects: `,` `;` tab or `|` between cells."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from ..errors import InputError
from ..model import Source
from .formats import Parsed

_DELIMITERS = ",;\t|"


def read_csv(path: Path, text: str) -> Parsed:
    """A header row, then one paper a row; Mini-Conf's papers.csv among them."""
    delimiter = sniff_delimiter(text, tab=path.suffix.lower() == ".tsv")
    parsed = Parsed("csv" if delimiter == "," else f"csv ({_NAMES[delimiter]})")
    start = 1
    rows = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        header = next(rows, None)
        if header is None:
            raise InputError("the file is empty", where=f"{path}:1", hint="the first row names the columns: title, abstract, ...")
        start = rows.line_num + 1
        for row in rows:
            if any(cell.strip() for cell in row):
                if len(row) != len(header):
                    parsed.problems.append(
                        InputError(
                            f"{len(row)} cells where the header has {len(header)}",
                            where=f"{path}:{start}",
                            hint="quote cells that contain the delimiter",
                        )
                    )
                else:
                    parsed.records.append((Source(str(path), start), dict(zip(header, row, strict=True))))
            start = rows.line_num + 1
    except csv.Error as error:
        raise InputError(f"malformed CSV: {error}", where=f"{path}:{start}", hint="check the quotes on this row") from None
    return parsed


_NAMES = {";": "semicolons", "\t": "tabs", "|": "bars"}


def sniff_delimiter(text: str, *, tab: bool = False) -> str:
    """The delimiter the header row uses most, outside quotes; a tie goes to the comma (or to tabs in a .tsv)."""
    header = _first_row(text)
    counts = {d: header.count(d) for d in _DELIMITERS}
    preferred = "\t" if tab else ","
    best = max(_DELIMITERS, key=lambda d: (counts[d], d == preferred))
    return best if counts[best] else preferred


def _first_row(text: str) -> str:
    """The header row's text outside quoted cells (a quoted header cell may hold a newline)."""
    out: list[str] = []
    quoted = False
    for char in text:
        if char == '"':
            quoted = not quoted
        elif char == "\n" and not quoted:
            break
        elif not quoted:
            out.append(char)
    return "".join(out)
