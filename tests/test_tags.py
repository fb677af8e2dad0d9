"""The tags page's keyword index."""

from __future__ import annotations

from support import make_paper

from generator.model import ReadingList
from generator.render import keyword_index


def listed(reading_list: ReadingList) -> dict[str, list[tuple[str, int]]]:
    return {initial: [(k.label, k.papers) for k in group] for initial, group in keyword_index(reading_list)}


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
