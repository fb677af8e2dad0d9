"""The theme map (generator/theme_map.py): inside the unit square, deterministic, themes apart."""

from __future__ import annotations

import math

import pytest
from support import BUNDLED

from generator.config import ThemeSettings
from generator.enrich import enrich
from generator.model import ReadingList
from generator.read import read_papers
from generator.theme_map import layout
from generator.themes import Vectors, detect_themes


def map_of(reading_list: ReadingList) -> ReadingList:
    """layout with the list's vectors, as the pipeline hands them on."""
    return layout(reading_list, Vectors(reading_list.papers))


@pytest.fixture(scope="module")
def laid_out():
    reading_list = detect_themes(enrich(read_papers([BUNDLED])), ThemeSettings())
    return map_of(reading_list)


def test_every_paper_sits_inside_the_unit_square(laid_out):
    assert all(0 <= x <= 1 and 0 <= y <= 1 for x, y in (p.position for p in laid_out.papers))


def test_layout_is_the_same_every_time(laid_out):
    again = map_of(detect_themes(enrich(read_papers([BUNDLED])), ThemeSettings()))
    assert [p.position for p in again.papers] == [p.position for p in laid_out.papers]


def test_papers_sit_nearer_their_own_theme_than_other_themes(laid_out):
    centres = {}
    for theme in laid_out.themes:
        points = [p.position for p in laid_out.papers if p.theme == theme.slug]
        centres[theme.slug] = (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))
    nearest_own = sum(min(centres, key=lambda slug: math.dist(centres[slug], p.position)) == p.theme for p in laid_out.papers)
    assert nearest_own >= 0.9 * len(laid_out.papers)


def test_a_single_paper_is_centred():
    reading_list = read_papers([BUNDLED])
    reading_list.papers = reading_list.papers[:1]
    laid_out = map_of(detect_themes(enrich(reading_list), ThemeSettings()))
    assert laid_out.papers[0].position == (0.5, 0.5)
