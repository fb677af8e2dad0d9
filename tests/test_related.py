"""Related papers: the nearest papers across the whole list, with reasons (generator.related)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from generator.config import ThemeSettings
from generator.enrich import enrich
from generator.model import Paper, ReadingList, Source
from generator.read import read_papers
from generator.related import find_related
from generator.themes import Vectors, detect_themes, nearest, paper_vectors
from generator.themes import vectors as themes

BUNDLED = Path(__file__).parent.parent / "data" / "iclr2026.txt"


def paper(paper_id: str, abstract: str, *, keywords: tuple[str, ...] = ()) -> Paper:
    return Paper(id=paper_id, abstract=abstract, source=Source("t.txt", 1), keywords=list(keywords))


def related_papers(reading_list: ReadingList, *, n: int) -> ReadingList:
    """find_related with the list's vectors, as the pipeline hands them on."""
    return find_related(reading_list, Vectors(reading_list.papers), n=n)


def bundled() -> ReadingList:
    return related_papers(detect_themes(enrich(read_papers([BUNDLED])), ThemeSettings()), n=5)


@pytest.fixture(scope="module")
def related() -> ReadingList:
    return bundled()


def test_related_papers_exclude_the_paper_itself_and_number_at_most_n(related):
    ids = {p.id for p in related.papers}
    for p in related.papers:
        others = [r.paper_id for r in p.related]
        assert p.id not in others
        assert len(others) == len(set(others)) <= 5
        assert set(others) <= ids


def test_each_bundled_paper_gets_three_to_five_related_papers_with_reasons(related):
    for p in related.papers:
        assert 3 <= len(p.related) <= 5
        for r in p.related:
            assert 1 <= len(r.reasons) <= 3
            assert all(reason.strip() for reason in r.reasons)


def test_reasons_are_never_single_generic_words(related):
    reasons = {reason for p in related.papers for r in p.related for reason in r.reasons}
    assert not reasons & {"explicit", "scaling", "modeling", "generation", "language", "computational", "latent"}
    assert all(" " in reason or reason != reason.lower() or not reason.endswith("ing") for reason in reasons)


def test_papers_that_share_only_a_generic_word_get_a_phrase_as_reason_or_none():
    papers = [
        paper("a", "Explicit scaling of flow matching for image generation with straight transport paths."),
        paper("b", "Explicit scaling of flow matching for image generation with curved transport paths."),
        paper("c", "Explicit scaling of protein folding with structure prediction and modeling."),
    ]
    related_papers(ReadingList("three", papers), n=2)
    for p in papers:
        for r in p.related:
            assert not set(r.reasons) & {"explicit", "scaling", "modeling", "generation"}
    assert "flow matching" in papers[0].related[0].reasons


def test_related_papers_come_from_the_whole_list_not_only_the_theme(related):
    by_id = related.by_id()
    assert any(by_id[r.paper_id].theme != p.theme for p in related.papers for r in p.related)


def test_nearest_comes_first():
    papers = [
        paper("a", "Flow matching for image generation with straight transport paths."),
        paper("b", "Flow matching for image generation with curved transport paths and guidance."),
        paper("c", "Image generation with diffusion models and classifier guidance."),
        paper("d", "Protein folding with structure prediction."),
    ]
    related_papers(ReadingList("four", papers), n=2)
    assert [r.paper_id for r in papers[0].related] == ["b", "c"]


def test_shared_keywords_are_the_reasons():
    papers = [
        paper("a", "We align language models with preferences.", keywords=("RLHF", "Reward Models", "Safety")),
        paper("b", "Reward models for aligning chat assistants.", keywords=("reward models", "RLHF")),
    ]
    related_papers(ReadingList("two", papers), n=3)
    assert papers[0].related[0].reasons == ("RLHF", "reward models")


def test_related_papers_do_not_depend_on_input_order(related):
    shuffled = enrich(read_papers([BUNDLED]))
    random.Random(3).shuffle(shuffled.papers)
    again = related_papers(detect_themes(shuffled, ThemeSettings()), n=5).by_id()
    for p in related.papers:
        assert again[p.id].related == p.related


def test_n_zero_gives_no_related_papers():
    reading_list = related_papers(bundled(), n=0)
    assert all(p.related == [] for p in reading_list.papers)


def test_a_single_paper_has_no_related_papers():
    reading_list = related_papers(ReadingList("one", [paper("a", "Flow matching.")]), n=5)
    assert reading_list.papers[0].related == []


def test_working_in_row_blocks_gives_the_same_neighbours(monkeypatch, related):
    embedding = paper_vectors(related.papers).embedding
    whole = nearest(embedding, 5)
    monkeypatch.setattr(themes, "_BLOCK", 4)
    blocked = nearest(embedding, 5)
    assert (whole[0] == blocked[0]).all()


def test_equal_similarities_go_to_the_lower_paper_id():
    papers = [paper(i, "Graph neural networks for molecules.") for i in ("d", "b", "c", "a")]
    related_papers(ReadingList("same", papers), n=2)
    by_id = {p.id: p for p in papers}
    assert [r.paper_id for r in by_id["d"].related] == ["a", "b"]
    assert [r.paper_id for r in by_id["a"].related] == ["b", "c"]


def test_papers_with_nothing_in_common_are_not_related():
    papers = [paper("a", "Flow matching for images."), paper("b", "Protein folding."), paper("c", ""), paper("d", "一种方法。")]
    related_papers(ReadingList("apart", papers), n=3)
    assert all(p.related == [] for p in papers)
