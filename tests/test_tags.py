"""The tags page's keyword index."""

from __future__ import annotations

from support import REPO, make_paper

from generator.model import ReadingList, Theme
from generator.paths import TAGS
from generator.render import render_pages
from generator.render.pages import keyword_index


def listed(reading_list: ReadingList) -> dict[str, list[tuple[str, int]]]:
    return {initial: [(k.label, k.papers) for k in group] for initial, group in keyword_index(reading_list, other="Other")}


def test_keywords_differing_in_case_are_one_keyword_spelled_as_most_papers_spell_it():
    papers = [
        make_paper(id="a", keywords=["Diffusion models", "ViT"]),
        make_paper(id="b", keywords=["diffusion models"]),
        make_paper(id="c", keywords=["diffusion models", "3D"]),
    ]
    assert listed(ReadingList("t", papers)) == {"D": [("diffusion models", 3)], "V": [("ViT", 1)], "Other": [("3D", 1)]}


def test_a_long_list_shows_only_keywords_that_papers_share():
    papers = [make_paper(id=f"p{i}", keywords=[f"own {i}", "shared"]) for i in range(400)]
    assert listed(ReadingList("t", papers)) == {"S": [("shared", 400)]}


def test_a_long_lists_tags_page_folds_each_initial_away_with_its_keyword_count():
    papers = [make_paper(id=f"p{i}", slug=f"p{i}", keywords=[f"own {i}", "shared", "also shared"], theme="t") for i in range(400)]
    theme = Theme(slug="t", label="T", paper_ids=tuple(p.id for p in papers))
    page = render_pages(ReadingList("t", papers, themes=[theme]), REPO / "templates").pages[TAGS]
    assert page.count('<details class="rl-tag-group" markdown>') == 2
    assert '<summary>A <span class="rl-count">1</span></summary>' in page
    assert '<summary>S <span class="rl-count">1</span></summary>' in page
