"""What a home or theme page downloads before its map and filter work: points.js and the page's own records."""

from __future__ import annotations

import html
import json
import re

from support import REPO, make_paper

from generator.model import ReadingList, Theme
from generator.paths import POINTS_SCRIPT
from generator.render import render_pages

DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def two_level_list(themes: int = 3, subthemes: int = 4, per: int = 25) -> ReadingList:
    """themes by subthemes by per papers, each sub-theme's papers at their own spot on the map."""
    papers, tops, children = [], [], []
    for t in range(themes):
        ids: list[str] = []
        for s in range(subthemes):
            members = [f"t{t}s{s}p{i}" for i in range(per)]
            for i, paper_id in enumerate(members):
                position = ((t + s / subthemes) / themes, i / per)
                papers.append(make_paper(id=paper_id, slug=paper_id, title=f"Paper {paper_id}", position=position))
            children.append(Theme(f"theme-{t}-{s}", f"Sub-theme {t}.{s}", paper_ids=tuple(members), parent=f"theme-{t}"))
            ids += members
        tops.append(Theme(f"theme-{t}", f"Theme number {t}", paper_ids=tuple(ids)))
    reading_list = ReadingList(title="A list", papers=papers)
    reading_list.set_themes(tops, children)
    return reading_list


def points(script: str) -> tuple[dict, list[tuple[int, int, int, int]]]:
    """points.js's data and each paper's (theme, sub-theme, x, y) as the map's script reads them."""
    data = json.loads(script.removeprefix("window.RL_POINTS = ").removesuffix(";\n"))
    cells = [DIGITS.index(a) * 64 + DIGITS.index(b) for a, b in zip(data["points"][::2], data["points"][1::2], strict=True)]
    return data, [tuple(cells[i : i + 4]) for i in range(0, len(cells), 4)]  # type: ignore[misc]


def records_table(markdown: str) -> dict:
    return json.loads(html.unescape(re.search(r'class="rl-filter-slot" data-records="([^"]*)"', markdown).group(1)))


def page_records(markdown: str) -> list[dict]:
    table = records_table(markdown)
    return [dict(zip(table["fields"], row, strict=True)) for row in table["rows"]]


def test_points_js_takes_eight_characters_a_paper_besides_the_theme_names():
    reading_list = two_level_list()
    script = render_pages(reading_list, REPO / "templates").pages[POINTS_SCRIPT]
    data, _ = points(script)
    names = len(json.dumps(data["themes"], ensure_ascii=False)) + len(json.dumps(data["subthemes"], ensure_ascii=False))
    assert len(script.encode()) - names <= 8 * len(reading_list.papers) + 60


def test_points_js_gives_each_paper_its_theme_sub_theme_and_place_in_list_order():
    reading_list = two_level_list()
    data, cells = points(render_pages(reading_list, REPO / "templates").pages[POINTS_SCRIPT])
    assert [slug for _, slug in data["themes"]] == ["theme-0", "theme-1", "theme-2"]
    for paper, (theme, subtheme, x, y) in zip(reading_list.papers, cells, strict=True):
        assert data["themes"][theme][1] == paper.theme
        assert data["subthemes"][subtheme - 1] == paper.subtheme
        # A 4095-step grid: half a step is at most 1/8190 of the map.
        assert abs(x / 4095 - paper.position[0]) <= 1 / 8190 and abs(y / 4095 - paper.position[1]) <= 1 / 8190


def test_a_place_off_the_map_is_kept_at_its_edge():
    reading_list = ReadingList(title="A list", papers=[make_paper(slug="p1", position=(1.5, -0.25))])
    reading_list.set_themes([Theme("t", "T", paper_ids=("p1",))], [])
    _, cells = points(render_pages(reading_list, REPO / "templates").pages[POINTS_SCRIPT])
    assert cells == [(0, 0, 4095, 0)]


def test_home_and_theme_pages_carry_the_records_of_the_papers_they_list_and_no_more():
    reading_list = two_level_list()
    pages = render_pages(reading_list, REPO / "templates").pages
    rows = {paper.id: row for row, paper in enumerate(reading_list.papers)}
    home = page_records(pages["index.md"])
    # Each theme with sub-themes shows its three most representative papers.
    assert [r["id"] for r in home] == [i for theme in reading_list.themes for i in theme.paper_ids[:3]]
    assert all(rows[r["id"]] == r["row"] for r in home)
    theme = page_records(pages["themes/theme-1.md"])
    assert [r["id"] for r in theme] == list(reading_list.themes[1].paper_ids[:3])
    subtheme = page_records(pages["themes/theme-1/theme-1-2.md"])
    assert [r["id"] for r in subtheme] == list(reading_list.subthemes[6].paper_ids)
    assert set(subtheme[0]) == {"row", "id", "title", "title_math", "theme", "url", "keywords", "status"}


def test_a_page_that_lists_some_of_its_papers_names_the_scope_its_filter_covers():
    """The filter covers the list's or theme's papers, not only the page's: it finds the others in papers.js by this."""
    reading_list = two_level_list()
    pages = render_pages(reading_list, REPO / "templates").pages
    home = records_table(pages["index.md"])
    assert (home["total"], home["scope"], len(home["rows"])) == (300, ["", ""], 9)
    theme = records_table(pages["themes/theme-1.md"])
    assert (theme["total"], theme["scope"], len(theme["rows"])) == (100, ["theme_slug", "theme-1"], 3)
    subtheme = records_table(pages["themes/theme-1/theme-1-2.md"])
    assert (subtheme["total"], subtheme["scope"], len(subtheme["rows"])) == (25, ["subtheme_slug", "theme-1-2"], 25)


def test_a_hostile_title_stays_text_inside_the_pages_records():
    hostile = "\"><script>alert(1)</script> {{ x }} & 'quoted'"
    reading_list = ReadingList(title="A list", papers=[make_paper(slug="p1", title=hostile)])
    reading_list.set_themes([Theme("t", "T", paper_ids=("p1",))], [])
    markdown = render_pages(reading_list, REPO / "templates").pages["index.md"]
    assert "<script>" not in markdown and "{{" not in markdown
    assert page_records(markdown)[0]["title"] == hostile
