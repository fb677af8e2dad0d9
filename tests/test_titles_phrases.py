"""Derived titles: phrases cut, recast and polished as a title reads (generator.enrich.titles.phrases)."""

from __future__ import annotations

import re

import pytest
from titles_support import candidate_titles

from generator.enrich.titles import candidate_features, derive_title, title_defects


def test_a_pronoun_in_the_appositive_is_resolved_from_the_problem_stated_before():
    abstract = (
        "We consider the problem of dynamic routing, where new LLMs appear at test time. "
        "We propose UniRoute, a new approach to this problem that represents each LLM as a feature vector."
    )
    assert derive_title(abstract) == "UniRoute: Dynamic routing for LLMs"


def test_a_list_of_words_is_not_cut_at_its_first_comma():
    abstract = (
        "Clinical models are hard to trust. We present WardBench, a benchmark for evaluating accuracy, robustness, "
        "and fairness in multimodal fusion of health records and chest X-rays. WardBench covers four tasks."
    )
    assert derive_title(abstract) == "WardBench: A benchmark for evaluating accuracy, robustness, and fairness"


def test_pattern_4_a_title_cut_short_never_ends_on_a_participle_adjective_or_function_word():
    abstract = (
        "Symbolic regression searches for formulas that fit data. We introduce SymMatika, which combines multi-island "
        "genetic programming with a reusable motif library inspired by how physicists reuse known laws, and recovers "
        "more ground-truth equations on symbolic regression benchmarks."
    )
    title = derive_title(abstract)
    assert title == "SymMatika: Combining multi-island genetic programming for symbolic regression"
    assert title_defects(title) == []


@pytest.mark.parametrize(
    ("abstract", "title"),
    [
        (
            "Models are costly to merge. We propose SyMerge. SyMerge optimizes one task-specific layer for model merging.",
            "SyMerge: Optimizing one task-specific layer for model merging",
        ),
        (
            "Gaze matters. We present GazeNet, a model that mimics human gaze in egocentric video.",
            "GazeNet: Mimicking human gaze in egocentric video",
        ),
        (
            "Robots lack tools. We present ToolArm. ToolArm equips household robots with a tool-use planner.",
            "ToolArm: Equipping household robots with a tool-use planner",
        ),
        (
            "Models drift. We present DriftLens. DriftLens focuses attention on distribution shift in deployed models.",
            "DriftLens: Focusing attention on distribution shift in deployed models",
        ),
    ],
)
def test_pattern_6_verbs_become_correctly_spelt_gerunds(abstract, title):
    assert derive_title(abstract) == title


def test_hype_removed_from_simple_yet_effective_leaves_no_stray_yet():
    abstract = (
        "In time series forecasting, residuals hide dynamics. To address this, we propose TimeRM, a simple yet "
        "effective residual modeling framework. TimeRM decomposes the series into periodic and residual parts."
    )
    titles = [title for title, _, _ in candidate_features(abstract)]
    assert "TimeRM: An effective residual modeling framework" in titles
    assert not any(" yet " in title for title in titles)


def test_capitals_marking_initials_do_not_choose_the_article():
    abstract = (
        "Occlusions distort reconstructions. We propose HIRL-GAN, a **HI**erarchical and progressive inpainting "
        "framework that synergizes **R**einforcement **L**earning with **GAN**s. HIRL-GAN restores occluded facades."
    )
    title = derive_title(abstract)
    assert title.startswith("HIRL-GAN: ")
    assert "An Hierarchical" not in title


def test_a_phrase_pointing_back_at_the_abstract_is_cut_from_the_title():
    abstract = (
        "Proximal policy optimization is unstable for multi-turn agents. Through empirical analysis, we identify "
        "two main sources of instability in this setting, and we introduce turn-level importance sampling for agents."
    )
    assert not re.search(r"\bin setting\b", derive_title(abstract))


def test_a_verb_whose_object_points_back_at_the_abstract_is_not_taken_without_its_pointer():
    abstract = (
        "Tabular models ignore the order of rows, which leaks future information in forecasting. We bridge this "
        "gap with RowTime, a forecasting framework that reads rows in time order. RowTime forecasts demand with "
        "half the error of gradient-boosted trees."
    )
    title = derive_title(abstract)
    assert title.startswith("RowTime: ")
    assert not re.search(r"\b(?:bridging|addressing) gap\b", title, re.I)


def test_a_verb_joined_to_a_gerund_becomes_a_gerund_too_but_a_plural_noun_stays():
    abstract = (
        "Merging fine-tuned models loses accuracy. We propose LayerMix, a method that tunes one task-specific "
        "layer and merges the coefficients of the others. LayerMix recovers the accuracy of the separate models."
    )
    titles = [title for title, _, _ in candidate_features(abstract)]
    assert any("and merging" in title for title in titles)
    assert not any("and merges" in title for title in titles)
    assert derive_title("We propose PairCut, which decomposes both queries and images into parts for retrieval.").count(
        "queries and images"
    )


def test_a_verb_whose_object_pronoun_was_cut_goes_with_it():
    abstract = (
        "A new continual learning paradigm, termed HOPE, is proposed to let large language models learn from "
        "streams of tasks. HOPE stores compressed memories of earlier tasks and replays them. Experiments on ten "
        "benchmarks show HOPE reduces forgetting by 40%."
    )
    titles = [title for title, _, _ in candidate_features(abstract)]
    assert "HOPE: Storing compressed memories of earlier tasks" in titles
    assert not any(title.endswith(("replays", "replaying")) for title in titles)


def test_a_name_keeps_the_capitals_it_was_given():
    abstract = (
        "Time series with extremes are hard to model. We propose EFDiff, a frequency-informed extreme-aware "
        "time-series generation framework. EFDiff improves extreme-value fidelity."
    )
    assert derive_title(abstract).startswith("EFDiff: ")


def test_the_comma_before_a_long_forms_purpose_is_dropped():
    abstract = (
        "Imitation and reinforcement learning each fall short alone. We develop IN-RIL, **IN**terleaved "
        "**R**einforcement learning and **I**mitation **L**earning, for policy fine-tuning. IN-RIL is stable."
    )
    titles = candidate_titles(abstract)
    assert not any(", for" in title for title in titles)
    assert any(title.endswith("Imitation Learning for policy fine-tuning") for title in titles)
