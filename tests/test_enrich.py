"""What enrich derives around the titles: the one-sentence summary and one spelling per keyword (generator.enrich)."""

from __future__ import annotations

import pytest
from support import make_paper

from generator.enrich import enrich, summarise, unify_keywords
from generator.model import ReadingList


def test_the_summary_never_repeats_the_abstracts_first_sentence():
    assert summarise("We propose FooNet, a sparse attention model. It is fast on long contexts.") == ""


def test_the_summary_is_the_later_sentence_that_states_the_contribution():
    abstract = "Long contexts are slow to attend to. We propose FooNet, a sparse attention model. It is fast."
    assert summarise(abstract) == "We propose FooNet, a sparse attention model."


@pytest.mark.parametrize(
    ("sentence", "summary"),
    [
        ("To this end, we present FooNet, a sparse attention model.", "We present FooNet, a sparse attention model."),
        ("Thus, in this work, we introduce FooNet.", "In this work, we introduce FooNet."),
        ("Therefore we propose FooNet.", "We propose FooNet."),
        ("However, we show that attention is sparse.", "We show that attention is sparse."),
        ("To address this limitation, we propose FooNet.", "We propose FooNet."),
        ("Motivated by these findings, we design FooNet.", "We design FooNet."),
        ("Building on this insight, our work develops FooNet.", "Our work develops FooNet."),
        # A name keeps its own capitals.
        ("To this end, pLDDT-guided sampling, which we propose, is shown.", "pLDDT-guided sampling, which we propose, is shown."),
        # What points at the paper, or says what it needs itself, stays.
        ("In this paper, we propose FooNet.", "In this paper, we propose FooNet."),
        ("To overcome the cost of attention, we propose FooNet.", "To overcome the cost of attention, we propose FooNet."),
        ("Inspired by sparse coding, we propose FooNet.", "Inspired by sparse coding, we propose FooNet."),
    ],
)
def test_the_summary_does_not_open_with_what_points_at_a_sentence_it_leaves_out(sentence, summary):
    assert summarise(f"Long contexts are slow to attend to. {sentence} It is fast.") == summary


def test_an_abstract_that_states_no_contribution_gets_no_summary():
    assert summarise("Long contexts are slow. Attention is quadratic. Memory runs out.") == ""


def test_keywords_differing_only_in_case_or_number_become_one_spelled_as_most_papers_spell_it():
    papers = [
        make_paper(id="a", keywords=["Adversarial Attack", "LLMs"]),
        make_paper(id="b", keywords=["adversarial attacks"]),
        make_paper(id="c", keywords=["adversarial attacks", "LLM", "LLMs"]),
    ]
    unify_keywords(papers)
    assert [p.keywords for p in papers] == [
        ["adversarial attacks", "LLMs"],
        ["adversarial attacks"],
        ["adversarial attacks", "LLMs"],
    ]


def test_a_leading_3d_does_not_make_another_keyword():
    papers = [
        make_paper(id="a", keywords=["3D Gaussian Splatting"]),
        make_paper(id="b", keywords=["gaussian splatting"]),
        make_paper(id="c", keywords=["Gaussian splatting", "3D reconstruction", "reconstruction"]),
    ]
    unify_keywords(papers)
    assert {k for p in papers for k in p.keywords} == {"3D Gaussian Splatting", "3D reconstruction", "reconstruction"}


def test_keywords_that_differ_in_more_than_case_or_number_stay_apart():
    papers = [
        make_paper(id="a", keywords=["kw <img src=x>", "bias", "analysis"]),
        make_paper(id="b", keywords=["kw <iframe src=x>", "biases", "Analysis"]),
    ]
    unify_keywords(papers)
    assert papers[0].keywords[0] == "kw <img src=x>" and papers[1].keywords[0] == "kw <iframe src=x>"
    assert papers[0].keywords[1:] == papers[1].keywords[1:] == ["bias", "Analysis"]


def test_an_untitled_paper_gets_a_derived_title_when_no_title_model_is_named():
    titled = make_paper(id="p1", title="A Given Title")
    untitled = make_paper(id="p2", abstract="We propose FooNet, a sparse attention model for long contexts. It is fast.")
    enrich(ReadingList("t", [titled, untitled]))
    assert titled.title == "A Given Title" and not titled.title_derived
    assert untitled.title.strip() and untitled.title_derived and untitled.title_model == ""
