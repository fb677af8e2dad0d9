"""Every input format, read and generated: records in, papers out, lost (must be 0), seconds.

    python -m benchmarks.readers [--data ../shared/data/iclr2026-openreview.dev.jsonl] [--limit N]

The files are the fixtures in tests/data/ (one per format, shaped like the
real exports) and the OpenReview dev export, which the script also writes out
in each other format (BibTeX, RIS, CSL-JSON, OpenReview API v2 JSON,
paperlists JSON, a semicolon CSV in Windows-1252) so that every reader runs
at a conference's size. "in" counts the records in the file by the format's
own marks (lines, entries, rows), apart from the reader; "out" is the paper
pages the generator renders; "lost" is in minus out minus the bad records
reported (none here). Reading and generating (every stage before MkDocs) are
timed apart.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import logging
import re
import tempfile
import time
from pathlib import Path

from benchmarks.common import DEV_DATA, REPO
from generator.config import Settings
from generator.pipeline import generate
from generator.read import read_file, read_papers

FIXTURES = sorted((REPO / "tests" / "data" / "readers").iterdir()) + sorted((REPO / "tests" / "data" / "cjk").iterdir())


def records_in(path: Path) -> int:
    """The records a file holds, counted by the format's own marks and not by our reader."""
    raw = path.read_bytes()
    name = path.name
    if name.endswith(".csv"):
        return _csv_rows(raw)
    text = raw.decode("utf-8-sig")
    if name.endswith((".jsonl", ".ndjson")):
        return sum(1 for line in text.splitlines() if line.strip())
    if name.endswith(".json"):
        data = json.loads(text)
        return len(
            data["notes"] if isinstance(data, dict) and "notes" in data else data["papers"] if isinstance(data, dict) else data
        )
    if name.endswith(".bib"):
        return len(re.findall(r"^\s*@(?!string|comment|preamble)\w+\s*\{", text, re.IGNORECASE | re.MULTILINE))
    if name.endswith(".ris"):
        return len(re.findall(r"^TY  - ", text, re.MULTILINE))
    raise ValueError(name)


def _csv_rows(raw: bytes) -> int:
    """Rows after the header, in UTF-8 or else Windows-1252, split on whichever of , and ; the header has more of."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252")
    header = text.split("\n", 1)[0]
    delimiter = ";" if header.count(";") > header.count(",") else ","
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))[1:]
    return sum(1 for row in rows if any(cell.strip() for cell in row))


def _braced(value: str) -> str:
    """A BibTeX field value: an abstract's unbalanced brace ("a set {x") would end the entry, as a bibliography tool would not write it.

    Escaped braces do not count, as in BibTeX; unbalanced ones become parentheses.
    """
    depth = 0
    for match in _BRACE.finditer(value):
        depth += 1 if match.group() == "{" else -1
        if depth < 0:
            break
    return value if depth == 0 else _BRACE.sub(lambda m: "(" if m.group() == "{" else ")", value)


_BRACE = re.compile(r"(?<!\\)[{}]")


def convert(records: list[dict], folder: Path) -> list[Path]:
    """The dev export written in every other format."""
    out = []
    bib = folder / "iclr2026.bib"
    with bib.open("w", encoding="utf-8") as handle:
        for r in records:
            authors = " and ".join(r.get("authors") or ["Anonymous"])
            handle.write(
                f"@inproceedings{{{r['id']},\n  title = {{{_braced(r['title'])}}},\n  author = {{{authors}}},\n"
                f"  booktitle = {{International Conference on Learning Representations}},\n  year = {{2026}},\n"
                f"  url = {{{r['url']}}},\n  keywords = {{{_braced(', '.join(r['keywords']))}}},\n"
                f"  abstract = {{{_braced(r['abstract'])}}}\n}}\n\n"
            )
    ris = folder / "iclr2026.ris"
    with ris.open("w", encoding="utf-8") as handle:
        for r in records:
            lines = ["TY  - CONF", f"ID  - {r['id']}", f"TI  - {r['title']}"] + [f"KW  - {k}" for k in r["keywords"]]
            lines += ["PY  - 2026", f"UR  - {r['url']}", f"AB  - {r['abstract']}", "ER  - ", ""]
            handle.write("\n".join(lines) + "\n")
    csl = folder / "iclr2026.csl.json"
    csl.write_text(
        json.dumps(
            [
                {
                    "id": r["id"],
                    "type": "paper-conference",
                    "title": r["title"],
                    "abstract": r["abstract"],
                    "container-title": "ICLR 2026",
                    "author": [{"literal": "Anonymous"}],
                    "issued": {"date-parts": [[2026]]},
                    "URL": r["url"],
                    "keyword": ", ".join(r["keywords"]),
                }
                for r in records
            ],
            ensure_ascii=False,
        ),
        encoding="utf-8",
    )
    v2 = folder / "iclr2026.openreview-v2.json"
    notes = [
        {
            "id": r["id"],
            "forum": r["id"],
            "content": {
                "title": {"value": r["title"]},
                "abstract": {"value": r["abstract"]},
                "keywords": {"value": r["keywords"]},
                "primary_area": {"value": r["primary_area"]},
                "venue": {"value": f"ICLR 2026 {r['status']}"},
            },
        }
        for r in records
    ]
    v2.write_text(json.dumps({"notes": notes}, ensure_ascii=False), encoding="utf-8")
    paperlists = folder / "iclr2026.paperlists.json"
    paperlists.write_text(
        json.dumps(
            [
                {
                    "id": r["id"],
                    "title": r["title"],
                    "status": r["status"],
                    "track": "main",
                    "site": r["url"],
                    "keywords": "; ".join(r["keywords"]),
                    "primary_area": r["primary_area"],
                    "abstract": r["abstract"],
                }
                for r in records
            ],
            ensure_ascii=False,
        ),
        encoding="utf-8",
    )
    excel = folder / "iclr2026.excel.csv"
    with excel.open("w", encoding="cp1252", errors="replace", newline="") as handle:
        writer = csv.writer(handle, delimiter=";")
        writer.writerow(["Title", "Abstract", "Keywords", "Primary area", "Link"])
        for r in records:
            writer.writerow([r["title"], r["abstract"], "|".join(r["keywords"]), r["primary_area"], r["url"]])
    out += [bib, ris, csl, v2, paperlists, excel]
    return out


def measure(path: Path) -> dict[str, object]:
    count = records_in(path)
    started = time.perf_counter()
    reading_list = read_papers([path])
    read_seconds = time.perf_counter() - started
    started = time.perf_counter()
    settings = Settings(inputs=(path,), templates=REPO / "templates", cache_dir=None)
    site = generate(settings)
    generate_seconds = time.perf_counter() - started
    pages = sum(1 for page in site.pages if page.startswith("papers/") and page.endswith(".md"))
    return {
        "file": path.name,
        "format": read_file(path).format,
        "in": count,
        "read": len(reading_list.papers),
        "out": pages,
        "lost": count - pages,
        "read_s": read_seconds,
        "generate_s": generate_seconds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--data", type=Path, default=DEV_DATA)
    parser.add_argument("--limit", type=int, default=0, help="use only the first N records of the dev export")
    args = parser.parse_args()
    # The Windows-1252 files warn that they are not UTF-8, which is what they are here to show.
    logging.disable(logging.WARNING)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        files = list(FIXTURES)
        if args.data.is_file():
            lines = args.data.read_text(encoding="utf-8").splitlines()
            lines = lines[: args.limit] if args.limit else lines
            dev = folder / "iclr2026.jsonl"
            dev.write_text("\n".join(lines) + "\n", encoding="utf-8")
            files += [dev, *convert([json.loads(line) for line in lines], folder)]
        rows = [measure(path) for path in files]
    print("| file | format | in | read | out | lost | read (s) | generate (s) |")
    print("|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(
            f"| {row['file']} | {row['format']} | {row['in']:,} | {row['read']:,} | {row['out']:,} | {row['lost']} "
            f"| {row['read_s']:.2f} | {row['generate_s']:.1f} |"
        )


if __name__ == "__main__":
    main()
