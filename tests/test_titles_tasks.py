"""Derived titles: the task a title adds, from what the abstract is about (generator.enrich.titles.tasks)."""

from __future__ import annotations

from titles_support import ROUTING, candidate_titles

from generator.enrich.titles import candidate_features, derive_title


def test_an_acronym_in_capitals_is_not_read_as_a_plural():
    abstract = (
        "Large Neighborhood Search (LNS) repairs solutions with a solver. We propose CE-LNS, a coupling-enhanced "
        "neural LNS. CE-LNS calibrates neighborhood selection for Large Neighborhood Search on integer programs."
    )
    assert not any(title.endswith("for Large Neighborhood Search") for title, _, _ in candidate_features(abstract))


def test_what_a_method_is_measured_by_is_not_its_task():
    abstract = (
        "Graph clustering is unstable. We propose SphereClust, a hyperspherical contrastive diffusion model. "
        "We tune SphereClust for clustering accuracy, and the clustering accuracy rises on six graphs."
    )
    titles = [title for title, _, _ in candidate_features(abstract)]
    assert "SphereClust: A hyperspherical contrastive diffusion model" in titles
    assert "SphereClust: A hyperspherical contrastive diffusion model for clustering accuracy" not in titles


def test_a_task_the_name_or_description_already_says_is_not_added():
    abstract = (
        "Post-training quantization (PTQ) of large models is slow. We propose TurboQ, a backpropagation-free PTQ "
        "algorithm. TurboQ quantizes a 70B model in minutes for post-training quantization of large models."
    )
    assert "for post-training quantization" not in derive_title(abstract)
    for title, _, _ in candidate_features(abstract):
        assert not title.startswith("TurboQ: A backpropagation-free PTQ algorithm for post-training")


def test_pattern_1_the_task_the_abstract_works_on_completes_a_title_that_only_says_what_the_method_is():
    abstract = (
        "Designing proteins that bind a given target remains slow and costly. We present PIPA, a tool-augmented "
        "intelligent agent. PIPA plans protein design campaigns by calling structure predictors, and PIPA improves "
        "binder success rates in protein design benchmarks by 30%."
    )
    assert derive_title(abstract) == "PIPA: A tool-augmented intelligent agent for protein design"


def test_a_task_never_opens_on_a_count_or_runs_into_a_participle():
    abstract = (
        "We propose GraphTune, a prompt tuning method for two correlation geometries. GraphTune works for models "
        "ranging from 1B to 70B parameters, and GraphTune improves node classification on citation graphs."
    )
    title = derive_title(abstract)
    assert "for two" not in title
    assert "ranging" not in title


def test_the_task_is_not_added_to_a_description_that_already_says_what_it_is_for():
    abstract = (
        "Multi-hop question answering (MHQA) strains the single-pass reasoning of LLMs. Building on these principles, "
        "we introduce a proof-of-concept multi-call framework for MHQA, InfoQA. InfoQA helps single-pass LLMs."
    )
    titles = [title for title, _, _ in candidate_features(abstract)]
    assert not any(title.lower().count(" for ") > 1 for title in titles)


def test_a_task_spelled_out_before_an_acronym_with_a_lowercase_prefix_is_found():
    abstract = (
        "Policy gradients work for autoregressive models, but diffusion large language models (dLLMs) give no "
        "token likelihoods. We propose Sequence-level Bound Optimization (SEBO), which treats a whole dLLM "
        "sequence as one action. SEBO improves dLLMs on planning, and dLLMs trained with SEBO solve more puzzles."
    )
    assert derive_title(abstract).endswith("for diffusion large language models")


def test_the_opening_subject_may_join_its_nouns_with_a_preposition_but_a_trend_is_no_field():
    joined = (
        "Reasoning in language models involves explicit steps and hidden shifts. We propose a Layered Hidden "
        "Chain (LHC) that tracks both. LHC reveals stable paths in successful chains of thought."
    )
    assert any(title.endswith("for reasoning in language models") for title, _, _ in candidate_features(joined))
    trend = (
        "Recent advances in diffusion models have made relighting possible. We propose a Light Plane Image (LPI) "
        "that encodes light sources. LPI relights videos precisely."
    )
    assert not any("for recent advances" in title.lower() for title, _, _ in candidate_features(trend))


def test_the_field_the_opening_sentence_is_about_is_offered_as_the_task_in_lower_case():
    assert "Spectral routing layer for graph transformers" in candidate_titles(ROUTING)


def test_a_single_word_opening_subject_is_too_broad_to_be_the_task():
    abstract = "Reasoning is hard for small models. " + ROUTING.partition(". ")[2]
    assert not any(title.endswith("for Reasoning") for title in candidate_titles(abstract))


def test_the_phrase_an_abstract_keeps_repeating_is_offered_as_the_task():
    abstract = (
        "Prompt compression shortens long prompts for cheaper inference. We propose a token scoring layer that ranks "
        "tokens by attention entropy. Our prompt compression keeps answers intact, and prompt compression at 4x "
        "loses little accuracy."
    )
    assert "A token scoring layer for prompt compression" in candidate_titles(abstract)
    # Said once, the same words are no task: the abstract is not about them.
    once = abstract.replace("Our prompt compression", "Our method").replace("and prompt compression", "and it")
    assert not any(title.endswith("for prompt compression") for title in candidate_titles(once))


def test_a_lone_word_is_a_task_only_when_it_names_one():
    abstract = (
        "Ambiguous questions confuse VQA models. We present SubQ, a hybrid human-machine pipeline that builds "
        "clarifying subquestions. SubQ works well for questions, for questions and for segmentation."
    )
    titles = candidate_titles(abstract)
    assert "SubQ: Building clarifying subquestions for segmentation" in titles
    assert "SubQ: Building clarifying subquestions for questions" not in titles
