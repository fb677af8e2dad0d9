"""Derived titles: the choice among candidates by the learned weights (generator.enrich.titles.choose)."""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest
from support import DEV_DATA, needs_dev
from titles_support import ABSTRACTS, LEADING_NAMES

from generator.analysis.embeddings import sentence_embeddings
from generator.enrich.titles import FEATURES, WEIGHTS, candidate_features, derive_title, derive_titles, title_defects
from generator.enrich.titles.candidates import make_candidates
from generator.enrich.titles.choose import _plainer


def test_pattern_3_vague_filler_in_the_apposition_gives_way_to_what_the_method_does():
    abstract = (
        "Serving many language models is costly. We propose RouteKit, a lightweight yet efficient approach. RouteKit "
        "routes each query to the cheapest model that answers it well."
    )
    title = derive_title(abstract)
    assert title.startswith("RouteKit: Routing each query")
    assert "lightweight" not in title and "efficient" not in title


def test_with_the_sentence_model_all_candidates_go_to_it_in_one_call_and_names_still_lead():
    calls = []

    def embed(texts):
        calls.append(len(texts))
        return sentence_embeddings(texts)

    titles = derive_titles(ABSTRACTS, embed)
    assert len(calls) == 1 and calls[0] > 2 * len(ABSTRACTS)
    for title, name in zip(titles, LEADING_NAMES, strict=True):
        assert title_defects(title) == []
        if name:
            assert title.startswith(f"{name}: ")


@pytest.mark.parametrize("abstract", ABSTRACTS)
def test_the_title_is_the_admissible_candidate_the_learned_weights_score_highest(abstract):
    candidates = candidate_features(abstract)
    assert len(WEIGHTS) == len(FEATURES) == len(candidates[0][2])
    admissible = [(sum(w * x for w, x in zip(WEIGHTS, f, strict=True)), title) for title, ok, f in candidates if ok]
    assert derive_title(abstract) == max(admissible, key=lambda scored: scored[0])[1]


def test_the_choice_sees_a_vague_head_a_repeated_word_and_words_the_abstract_says_once():
    abstract = (
        "Routing cuts the cost of serving. We consider the problem of dynamic routing, where new LLMs appear at "
        "test time. We propose UniRoute, a new approach to this problem that represents each LLM as a feature "
        "vector. UniRoute routes prompts among more than 30 unseen LLMs, and routing stays cheap."
    )
    by_title = {title: dict(zip(FEATURES, f, strict=True)) for title, _, f in candidate_features(abstract)}
    vague, specific = by_title["UniRoute: An approach to dynamic routing"], by_title["UniRoute: Dynamic routing for LLMs"]
    assert (vague["vague head"], specific["vague head"]) == (1.0, 0.0)
    # "dynamic" is the one word the abstract says once, a smaller share of the longer title.
    assert specific["said once"] == 1 / 4 < vague["said once"] == 1 / 3
    assert vague["uses"] == (3 + 1 + 3) / 3  # UniRoute, dynamic, routing/routes
    # The task the abstract names is weighed by how much the abstract is about it.
    assert specific["task weight"] > 0.0 == vague["task weight"]


@needs_dev
def test_weights_fitted_on_real_pairs_choose_titles_closer_to_the_real_ones_than_no_weights():
    from tools.fit_titles import Groups, fit

    records = [json.loads(line) for line in DEV_DATA.read_text(encoding="utf-8").splitlines()[:600]]
    tune, held_out = Groups(records[:400]), Groups(records[400:])
    weights = fit(tune)
    unweighted = np.zeros(len(FEATURES))  # every candidate ties and the first admissible one is taken
    assert held_out.chosen(weights) > held_out.chosen(unweighted) + 0.02
    assert held_out.chosen(np.array(WEIGHTS)) > held_out.chosen(unweighted) + 0.02
    assert held_out.best() >= held_out.chosen(weights)


def test_the_opening_clause_is_taken_only_when_no_contribution_passes():
    abstract = (
        "Temporal point processes have emerged as powerful tools for modeling event sequences. In this paper, we "
        "propose a framework that extends LLM-based point processes to the visual modality with sequence compression."
    )
    admissible = {title: ok for title, ok, _ in candidate_features(abstract)}
    opening = [title for title in admissible if title.startswith("Temporal point processes have emerged")]
    assert opening
    assert not any(admissible[title] for title in opening)
    assert any(admissible.values())


def test_when_the_gate_faults_every_candidate_the_plainer_title_is_one_with_the_fewest_faults():
    """The rules' first candidate was taken as it was: "Fromming the limits of image watermarking?"."""
    abstract = (
        "From the limits of image watermarking we learn little. Watermarks are removed by simple edits. "
        "Training for image watermarking with adversarial edits keeps the mark."
    )
    candidates = make_candidates(abstract)
    title = _plainer(candidates)
    assert len(title_defects(title)) == min(len(title_defects(c.title)) for c in candidates.titles)


def test_a_name_and_its_task_stand_in_when_every_candidate_is_faulted():
    candidates = make_candidates(
        "We present HoloDepth, a network for monocular depth estimation. HoloDepth improves monocular depth estimation on "
        "KITTI and NYU."
    )
    assert (candidates.name, candidates.task) == ("HoloDepth", "monocular depth estimation")
    faulted = replace(candidates, titles=[replace(c, title="Because it is") for c in candidates.titles])
    assert _plainer(faulted) == "HoloDepth: Monocular depth estimation"
