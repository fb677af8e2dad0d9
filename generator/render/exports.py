"""papers.json, papers.js, points.js and vectors.js: the papers' records for readers' tools, the site's scripts, its map and its recommendations."""

from __future__ import annotations

import base64
import json
import string
from collections.abc import Sequence

import numpy as np

from ..errors import BuildError
from ..model import Paper, ReadingList, Theme
from ..paths import paper_url
from ..text.latex import math_tex, plain_math

# papers.js holds every record the scripts read, as rows with each theme and
# sub-theme named once: at 20,000 papers, 4.5 MB to download and parse where
# objects took 7.5. Pages load it only on first need (a map tooltip, a filter
# on a page that lists only some of its papers, the Reading list, the tags
# page's view, an export).
_SCRIPT_FIELDS = ("id", "title", "title_math", "theme", "subtheme_slug", "url", "keywords", "status", "x", "y")
# The filter's ?author= and ?aff= read these from papers.js alone, once one is set: the pages' own records stay as
# light as they were on a list without authors.
_PEOPLE = ("authors", "affiliations")
_SCRIPT_FIELDS += _PEOPLE
_SCRIPT = (
    "window.RL_PAPERS = (function (fields, themes, subthemes, rows) {{\n"
    "  return rows.map(function (row) {{\n"
    "    var paper = {{}};\n"
    "    fields.forEach(function (field, i) {{ paper[field] = row[i]; }});\n"
    "    paper.theme_slug = themes[paper.theme][1];\n"
    "    paper.theme = themes[paper.theme][0];\n"
    "    paper.subtheme_slug = paper.subtheme_slug === null ? null : subthemes[paper.subtheme_slug];\n"
    "    return paper;\n"
    "  }});\n"
    "}})({fields}, {themes}, {subthemes}, {rows});\n"
)
# points.js is what a map needs before it works, 8 characters a paper in
# papers.js's order: theme, sub-theme (0 for none, else its place + 1), x and
# y on a 0-4095 grid (a point of a 2,000-pixel map moves less than half a
# pixel), each as two digits of base 64. Its 79 KB at 9,842 papers replace the
# 2.2 MB the home page's map and filters used to wait for.
_DIGITS = string.ascii_uppercase + string.ascii_lowercase + string.digits + "-_"
_GRID = len(_DIGITS) ** 2 - 1
# A home or theme page's records of the papers it lists, for its filter and
# its export of the papers shown: rows of these fields, the first the paper's
# row in points.js and papers.js. Beside them, the page's scope: how many
# papers the list or theme has, and which theme or sub-theme. A page that lists
# only some (a theme's most representative three) has its filter load the
# others from papers.js, so that the filter covers every paper of the scope.
_RECORD_FIELDS = ("row", "id", "title", "title_math", "theme", "url", "keywords", "status")
# vectors.js holds each paper's sentence embedding as int8, value x scale, one
# scale for the list: 384 bytes a paper, in base 64 (a script, so that it loads
# from file://, where a fetch of a binary file fails), 512 bytes a paper to
# download. On the first 1,000 ICLR 2026 papers the int8 vectors give each
# paper 99.2% of its ten nearest by the float ones, every cosine within
# 0.004; a scale per row gives 99.4%, not worth a second number per paper. Beside
# them, 40 int8 a paper (53 bytes in base 64) hold the words of its abstract
# (themes/vectors.py's topics), which the recommendations weigh too.


def paper_script(records: list[dict[str, object]]) -> str:
    """papers.js: the records' _SCRIPT_FIELDS as rows, each theme by its place in a list of (label, slug), each sub-theme in one of slugs."""
    themes, subthemes = _theme_tables(records)
    place = {theme: i for i, theme in enumerate(themes)}
    sub_place = {slug: i for i, slug in enumerate(subthemes)}

    def cell(record: dict[str, object], field: str) -> object:
        if field == "theme":
            return place[(record["theme"], record["theme_slug"])]
        if field == "subtheme_slug":
            return sub_place.get(record[field])
        return record[field]

    # A list without authors carries no empty columns for them.
    fields = [f for f in _SCRIPT_FIELDS if f not in _PEOPLE or any(record[f] for record in records)]
    rows = [[cell(record, field) for field in fields] for record in records]

    def compact(value: object) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    return _SCRIPT.format(fields=compact(fields), themes=compact(themes), subthemes=compact(subthemes), rows=compact(rows))


def _theme_tables(records: list[dict[str, object]]) -> tuple[list[tuple[object, object]], list[object]]:
    """The themes as (label, slug) and the sub-themes' slugs, in the order the records first name them."""
    themes = list(dict.fromkeys((record["theme"], record["theme_slug"]) for record in records))
    subthemes = list(dict.fromkeys(record["subtheme_slug"] for record in records if record["subtheme_slug"]))
    return themes, subthemes


def points_script(records: list[dict[str, object]]) -> str:
    """points.js: window.RL_POINTS, the themes as (label, slug), the sub-themes' slugs and every paper packed (see POINTS_SCRIPT)."""
    themes, subthemes = _theme_tables(records)
    place = {theme: i for i, theme in enumerate(themes)}
    sub_place = {slug: i + 1 for i, slug in enumerate(subthemes)}
    if max(len(themes), len(subthemes) + 1) > _GRID + 1:
        raise BuildError(
            f"{len(themes)} themes and {len(subthemes)} sub-themes are too many for the map",
            hint="group by a field with fewer values",
        )

    def digits(value: int) -> str:
        return _DIGITS[value >> 6] + _DIGITS[value & 63]

    def grid(value: object) -> int:
        return round(min(1.0, max(0.0, float(value))) * _GRID)  # type: ignore[arg-type]

    packed = "".join(
        digits(place[(r["theme"], r["theme_slug"])])
        + digits(sub_place.get(r["subtheme_slug"], 0))
        + digits(grid(r["x"]))
        + digits(grid(r["y"]))
        for r in records
    )
    data = {"themes": themes, "subthemes": subthemes, "points": packed}
    return f"window.RL_POINTS = {json.dumps(data, ensure_ascii=False, separators=(',', ':'))};\n"


def page_records(
    records: list[dict[str, object]], rows: dict[str, int], listed: list[Paper], scope: Sequence[Paper], theme: Theme | None
) -> dict[str, object]:
    """The records of the papers a page lists, as _RECORD_FIELDS, and its scope: the list's papers, or theme's.

    rows gives each paper's row in records; scope holds every paper of the
    page's list or theme, listed or not.
    """
    table = [[rows[p.id], *(records[rows[p.id]][field] for field in _RECORD_FIELDS[1:])] for p in listed]
    field = "" if theme is None else "subtheme_slug" if theme.parent else "theme_slug"
    return {"fields": _RECORD_FIELDS, "rows": table, "total": len(scope), "scope": [field, theme.slug if theme else ""]}


def paper_records(reading_list: ReadingList) -> list[dict[str, object]]:
    """One record per paper, for readers' tools, the site's scripts and scoring."""
    labels = {theme.slug: theme.label for theme in (*reading_list.themes, *reading_list.subthemes)}
    return [
        {
            "id": paper.id,
            "title": plain_math(paper.title),
            # The title with its math as TeX, for the lists and map to typeset; null when it has none.
            "title_math": tex if (tex := math_tex(paper.title)) != plain_math(paper.title) else None,
            "title_derived": paper.title_derived,
            # The language model that wrote a derived title (its file's name); null where the rules made it.
            "title_model": paper.title_model or None,
            "theme": labels[paper.theme],
            "theme_slug": paper.theme,
            "subtheme": labels[paper.subtheme] if paper.subtheme else None,
            "subtheme_slug": paper.subtheme or None,
            "url": paper_url(paper.slug),
            "keywords": paper.keywords,
            "authors": paper.authors,
            # Each once: what the filter and readers' tools ask of them is which papers name one.
            "affiliations": list(dict.fromkeys(a for a in paper.affiliations if a)),
            "status": paper.status,
            "summary": plain_math(paper.summary),
            "x": paper.position[0],
            "y": paper.position[1],
        }
        for paper in reading_list.papers
    ]


def vectors_script(ids: Sequence[str], embedding: np.ndarray, topics: np.ndarray) -> str:
    """vectors.js: window.RL_VECTORS, {ids, dims, scale, data, topics: {dims, scale, data}}, rows as int8 in base 64, row i paper ids[i].

    data holds the rows of embedding, the papers' sentence vectors; topics'
    data the rows of topics, their words in a few LSA directions, 40 bytes a
    paper more (53 in base 64) for the recommendations.
    """
    data = {"ids": list(ids), **_int8(embedding), "topics": _int8(topics)}
    return f"window.RL_VECTORS = {json.dumps(data, ensure_ascii=False, separators=(',', ':'))};\n"


def _int8(rows: np.ndarray) -> dict[str, object]:
    """{dims, scale, data}: the rows as int8, value x scale, one scale for all of them, in base 64."""
    largest = float(np.abs(rows).max()) if rows.size else 0.0
    # Rounded, so that the file names the very scale its integers were made with.
    scale = round(largest / 127, 9) or 1.0
    quantised = np.clip(np.rint(rows / scale), -127, 127).astype(np.int8)
    return {
        "dims": int(rows.shape[1]) if rows.ndim == 2 else 0,
        "scale": scale,
        "data": base64.b64encode(quantised.tobytes()).decode("ascii"),
    }
