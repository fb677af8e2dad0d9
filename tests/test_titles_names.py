"""Derived titles: the method an abstract names leads its title (generator.enrich.titles.names)."""

from __future__ import annotations

import re

import pytest

from generator.enrich.titles import derive_title


def test_method_name_in_parentheses_leads_the_title_followed_by_its_expansion_and_task():
    abstract = (
        "In this paper, we present Laplacian multiscale flow matching (LapFlow), a novel framework that enhances "
        "flow matching by leveraging multi-scale representations for image generation. It is fast."
    )
    assert derive_title(abstract) == "LapFlow: Laplacian multiscale flow matching for image generation"


def test_expansion_in_parentheses_after_the_name_describes_it():
    abstract = "We introduce GrAPE (Gradient-Aligned Projected Error), a hybrid feedback-alignment method."
    assert derive_title(abstract) == "GrAPE: Gradient-Aligned Projected Error"


def test_method_name_after_called_leads_the_title():
    abstract = "We introduce a simple multi-round prompting framework, called ICRL prompting. It helps."
    assert derive_title(abstract) == "ICRL prompting: A multi-round prompting framework"


def test_method_name_after_termed_or_leads_and_its_long_form_follows():
    abstract = (
        "We propose a node-level graph diffusion method for few-shot node classification (FSNC), "
        "termed Low-Rank Few-Shot Graph Diffusion Model or LR-FGDM."
    )
    assert derive_title(abstract).startswith("LR-FGDM: Low-Rank Few-Shot Graph Diffusion Model for few-shot")


def test_an_acronym_for_the_task_does_not_become_the_method_name():
    abstract = "We propose a node-level graph diffusion method for few-shot node classification (FSNC). It works."
    assert not derive_title(abstract).startswith("FSNC")


def test_appositive_after_the_name_says_what_the_method_is():
    abstract = "We propose ChainGPT, a dual-reasoning model that shifts reasoning into latent computational space."
    assert derive_title(abstract) == "ChainGPT: Shifting reasoning into latent computational space"


def test_a_name_in_markdown_bold_before_a_dash_leads_the_title():
    abstract = "Motivated by this, we introduce **SVG**—a novel latent diffusion model without VAEs, which is fast."
    assert derive_title(abstract) == "SVG: A latent diffusion model without VAEs"


def test_a_name_in_bold_initials_keeps_what_its_introduction_says_it_is():
    abstract = (
        "Graph transformers scale poorly with the number of nodes. We introduce **RTG**\u2014a sparse graph "
        "transformer with learned rewiring, which unleashes **R**andom walks for **T**ransformers on **G**raphs. "
        "RTG keeps attention linear in the edges and matches dense models on five node classification tasks."
    )
    assert derive_title(abstract) == "RTG: A sparse graph transformer with learned rewiring"


def test_a_project_page_names_a_method_the_text_never_names():
    abstract = "In this paper, we identify accurate geometry as key to 3D scene reconstruction. See https://g4splat.github.io."
    assert derive_title(abstract).startswith("G4Splat: ")


def test_a_project_page_name_takes_the_casing_the_text_uses():
    abstract = "Codecs matter. This paper introduces a new codec. FlexiCodec is fast. Demos: https://flexicodec.github.io."
    assert derive_title(abstract).startswith("FlexiCodec: ")


def test_a_personal_home_page_does_not_name_the_method():
    abstract = "We study how transformers count. Details at https://jdoe.github.io."
    assert not derive_title(abstract).startswith("Jdoe")


def test_the_method_presented_as_the_whole_framework_leads_over_a_module_named_more_often():
    abstract = (
        "Federated graph learning suffers when clients hold graphs of different sizes. To address this, we propose "
        "Fed-GRIP, a novel framework that aligns client subgraphs through a shared anchor space. Furthermore, we "
        "introduce the Subgraph Anchor Encoder (SAE2), which maps local structure to the anchors. SAE2 is trained "
        "jointly with the classifier. Experiments on six benchmarks show state-of-the-art accuracy."
    )
    assert derive_title(abstract).startswith("Fed-GRIP: ")


@pytest.mark.parametrize(
    "naming",
    [
        "a novel collusive attack, named FlockAttack (Federated Lockstep Attack), where",
        "a novel collusive attack, termed the F-attack, where",
    ],
)
def test_a_name_called_so_leads_with_its_long_form_or_article_beside_it(naming):
    abstract = (
        "Federated learning is exposed to colluding clients. To study this threat, we propose "
        f"{naming} the backdoor emerges only after aggregation. Defenses miss it on four benchmarks."
    )
    assert re.match(r"(?:FlockAttack|F-attack): ", derive_title(abstract))


def test_put_forward_introduces_a_name_like_propose():
    abstract = (
        "Power grids need fast dispatch under uncertainty. We put forward GridPilot (Grid Planning with Implicit "
        "Lookahead), which plans dispatch over a learned horizon. Dispatch costs fall by a fifth on two grids."
    )
    assert derive_title(abstract).startswith("GridPilot: ")


def test_a_linking_adverb_between_we_and_the_verb_still_introduces_the_name():
    abstract = (
        "Agents that write database queries are rarely checked for injection flaws. We therefore introduce "
        "QueryGuardBench, a benchmark of 210 query-writing tasks with hidden injection tests. Current agents pass "
        "fewer than a third of them."
    )
    assert derive_title(abstract).startswith("QueryGuardBench: ")


@pytest.mark.parametrize("naming", ["(abbreviated as KelpNet)", ", short as KelpNet,", ", referred to as KelpNet,"])
def test_a_name_given_as_an_abbreviation_leads(naming):
    abstract = (
        "Mapping kelp forests from satellites is limited by clouds. We propose a cloud-robust segmentation network "
        f"{naming} that fuses radar with optical imagery. It improves kelp mapping accuracy by 12 points."
    ).replace(" ,", ",")
    assert derive_title(abstract).startswith("KelpNet: ")


def test_a_compound_adjective_in_ing_is_no_name():
    abstract = (
        "Preference optimization can drift from the reference policy. We study a family of objectives, which we call "
        "KL-preserving, and show that they keep the policy close to the reference under mild conditions."
    )
    assert not derive_title(abstract).startswith("KL-preserving")


REEF = "Coral reef surveys need many expert hours per image. "


@pytest.mark.parametrize(
    "said",
    [
        "Our method, ReefMix, blends labelled and unlabelled survey photos during training.",
        "Experiments show that our proposed ReefMix outperforms semi-supervised baselines on three reef datasets.",
        "We answer this with ReefMix, a semi-supervised segmentation framework for survey photos.",
        "Our ReefMix model blends labelled and unlabelled survey photos during training.",
    ],
)
def test_a_name_the_abstract_presents_as_its_own_method_leads_however_seldom_used(said):
    assert derive_title(REEF + said).startswith("ReefMix: ")


@pytest.mark.parametrize(
    "abstract",
    [
        # An acronym the background defines is the field's task, whatever "our" later says of it.
        "Coral Reef Segmentation (CRS) needs many expert hours per image. Our CRS framework blends labelled and "
        "unlabelled survey photos during training and raises accuracy on three reef datasets.",
        # A model the authors use is not one they made.
        REEF + "We fine-tune using ReefLM, a pretrained vision-language model, on labelled and unlabelled survey "
        "photos, and raise accuracy on three reef datasets.",
        # "benchmark datasets, X, Y" lists examples.
        REEF + "We blend labelled and unlabelled survey photos and raise accuracy on three benchmark datasets, "
        "ReefSeg, CoralNet and Atlantis.",
    ],
)
def test_a_name_the_abstract_only_mentions_is_not_presented_as_its_own(abstract):
    assert not re.match(r"(?:CRS|ReefLM|ReefSeg)\b", derive_title(abstract))


def test_an_acronym_in_parentheses_before_the_apposition_is_the_name_not_the_word_before_it():
    abstract = (
        "Routing tokens in mixtures of experts wastes memory. In this paper, we propose Budgeted Expert Routing for "
        "MoEs (FreeMoE), a lightweight routing framework with a fixed per-expert budget. It halves peak memory."
    )
    assert derive_title(abstract).startswith("FreeMoE: ")


def test_a_coined_name_the_abstract_keeps_as_a_subject_mid_sentence_leads():
    abstract = (
        "Reconstructing scenes beyond the camera view is hard for monocular methods. To overcome this, we present "
        "Panoramic Lifting for Unseen Regions via Generative Priors (PLUME) to fill in what the camera never saw. "
        "Specifically, PLUME first aligns the scene into a spherical panorama. Experiments show that PLUME "
        "consistently outperforms prior methods on monocular 4D reconstruction."
    )
    assert derive_title(abstract).startswith("PLUME: ")


def test_a_field_acronym_the_background_defines_is_no_name_however_often_it_acts():
    abstract = (
        "Electroencephalography (EEG) is widely used in the clinic, and EEG is noisy. We study how EEG signals drift "
        "across sessions. Experiments show that EEG drifts slowly, and that recalibrating every hour suffices."
    )
    assert not derive_title(abstract).startswith("EEG")


def test_a_plain_word_named_by_called_leads_the_title():
    abstract = (
        "Pruning is promising. We present a pruning method called Elsa, which reaches 90% sparsity in large "
        "language models. Elsa uses ADMM."
    )
    assert derive_title(abstract).startswith("Elsa: ")


def test_pattern_2_the_method_used_most_leads_not_a_side_dataset_introduced_on_the_way():
    abstract = (
        "Reconstructing dynamic scenes from a single video is hard. We present **Mo**tion **Re**construction for "
        "**4D** scenes, which lifts monocular videos into 4D point tracks. To train it, we also build TrajScene-60K, "
        "a large-scale dataset of 60,000 video samples. MoRe4D outperforms prior methods, and MoRe4D runs in real time."
    )
    assert derive_title(abstract).startswith("MoRe4D: Motion Reconstruction")


def test_a_name_the_abstract_cites_as_others_work_never_leads_the_title():
    abstract = (
        "Diffusion models seem to compose concepts, but why is unclear. In a controlled ShapeWorld setting "
        "(Kuhnle et al., 2018) we study length generalization. ShapeWorld models that generalize show local "
        "scores, while ShapeWorld models that fail do not. We prove that local conditional scores are "
        "equivalent to projective composition."
    )
    assert not derive_title(abstract).startswith("ShapeWorld")


def test_a_coined_name_in_parentheses_after_what_was_described_names_the_method():
    abstract = (
        "Finding defects in weld radiographs needs annotated defects. We propose a new self-supervised "
        "approach (Weld2Pos) that learns from defect-free crops of radiographs. Weld2Pos predicts where a crop "
        "lies, and a poor prediction marks a defect."
    )
    assert derive_title(abstract).startswith("Weld2Pos: ")


def test_a_name_called_so_may_have_its_coined_word_second():
    abstract = (
        "Quality-diversity (QD) search splits the behaviour space into cells. We present a new formulation of "
        "the QD problem, called Smooth QD, that needs no cells. Smooth QD gives a differentiable algorithm."
    )
    assert derive_title(abstract).startswith("Smooth QD: ")


@pytest.mark.parametrize("acronym", ["RL", "RNN", "TDA", "LLM", "GNN", "VLM"])
def test_pattern_7_a_field_acronym_is_never_the_name(acronym):
    abstract = (
        f"Recurrent policies forget what they saw. We propose {acronym}, a memory replay scheme for partially "
        f"observable control. Our {acronym} policy is robust, and {acronym} needs no tuning."
    )
    assert not derive_title(abstract).startswith(f"{acronym}:")


def test_pattern_7_a_coined_name_the_abstract_only_uses_as_a_subject_leads():
    abstract = (
        "Open-vocabulary mobile manipulation needs semantic maps. HELIOS builds 3D semantic maps from RGB-D frames. "
        "HELIOS then plans pick-and-place actions, and HELIOS outperforms prior methods on the OVMM benchmark."
    )
    assert derive_title(abstract).startswith("HELIOS: ")


def test_a_method_introduced_after_another_step_of_the_same_by_clause_is_found_with_what_it_is():
    abstract = (
        "Sensor logs arrive at irregular times. We tackle this by casting imputation as conditional generation and "
        "introducing GapFlow, a flow-matching model for irregular sensor imputation. GapFlow halves the error."
    )
    assert derive_title(abstract) == "GapFlow: A flow-matching model for irregular sensor imputation"


def test_what_the_authors_close_a_gap_with_is_introduced_as_their_method():
    abstract = (
        "Benchmarks score reasoning in each modality alone. We address this gap with XBench, a benchmark that "
        "targets reasoning across text and images. Models that reason well in text still fail on XBench."
    )
    title = derive_title(abstract)
    assert title.startswith("XBench: ")
    assert "reasoning across text and images" in title


def test_a_name_after_our_proposed_system_and_a_comma_is_found():
    abstract = (
        "Robots struggle with long tasks. To help, we introduce a simple framework that enables on-policy "
        "reinforcement learning to solve dexterous tasks. Our proposed system, OmniReset, automatically generates "
        "resets. OmniReset outperforms baselines. OmniReset scales."
    )
    assert derive_title(abstract).startswith("OmniReset: ")


def test_a_spelled_out_acronym_followed_by_which_names_the_method():
    abstract = (
        "Vision-language models hallucinate. In this paper, we propose a novel decoding mechanism, Decoding with "
        "Inter-layer Consistency via Layer Aggregation (DCLA), which requires no retraining. DCLA reduces errors."
    )
    assert derive_title(abstract) == "DCLA: Decoding with Inter-layer Consistency via Layer Aggregation"


def test_bold_initials_inside_math_signs_name_the_method():
    abstract = (
        r"Characters are compositional. We propose a deep latent variable model that learns $\textbf{Co}$mpositional "
        r"$\textbf{La}$tent components of Chinese characters. CoLa is accurate on unseen characters."
    )
    assert derive_title(abstract).startswith("CoLa: ")


def test_this_research_proposes_introduces_a_name():
    abstract = (
        "Shape constraints matter. This research proposes Comonet (Convex-Concave and Monotonicity-Constrained "
        "Neural Networks), an architecture that integrates shape constraints. Comonet is accurate."
    )
    assert derive_title(abstract).startswith("Comonet: Convex-Concave and Monotonicity-Constrained Neural Networks")
