"""Titles derived for abstracts that come without one (generator.titles)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import DEV_DATA, needs_dev

from generator.embeddings import sentence_embeddings
from generator.titles import FEATURES, WEIGHTS, candidate_features, derive_title, derive_titles, title_defects

BUNDLED = Path(__file__).parent.parent / "data" / "iclr2026.txt"


def bundled_abstracts() -> list[str]:
    _list_title, _, body = BUNDLED.read_text(encoding="utf-8").partition("\n")
    return [block.strip() for block in re.split(r"\n\s*\n", body) if block.strip()]


ABSTRACTS = bundled_abstracts()

# The method each bundled abstract names, by position; None where it names none.
LEADING_NAMES = [
    None, "ICRL prompting", "LapFlow", "SVG", "DECS", "ChainGPT", "G4Splat", None, "MiMo", "OpenPros",
    "STEER", None, "GrAPE", "UniRoute", "MoSciBench", "FlexiCodec", "C-voting", "LR-FGDM", "ProtoKV",
]  # fmt: skip


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def test_the_bundled_list_has_nineteen_abstracts():
    assert len(ABSTRACTS) == len(LEADING_NAMES) == 19


@pytest.mark.parametrize(("abstract", "name"), [(a, n) for a, n in zip(ABSTRACTS, LEADING_NAMES, strict=True) if n])
def test_the_method_an_abstract_names_leads_its_title(abstract, name):
    title = derive_title(abstract)
    assert title.startswith(f"{name}: ")
    assert len(title) > len(name) + 10, "the name should be followed by what the method is"


@pytest.mark.parametrize("abstract", ABSTRACTS)
def test_a_title_is_not_the_first_words_of_its_abstract(abstract):
    title = words(derive_title(abstract))
    assert title != words(abstract)[: len(title)]


@pytest.mark.parametrize("abstract", ABSTRACTS)
def test_bundled_titles_read_like_paper_titles(abstract):
    title = derive_title(abstract)
    assert 4 <= len(title.split()) <= 14
    assert title[0].isupper()
    assert not title.endswith((".", ",", ":", ";"))
    assert not re.search(r"[\\$*`{}]|``|''|https?:|\bnovel\b", title)


def test_an_abstract_without_a_named_method_gets_its_contribution_as_title():
    assert derive_title(ABSTRACTS[0]) == "Assessing AI systems' evaluation of games"


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


def test_a_pronoun_in_the_appositive_is_resolved_from_the_problem_stated_before():
    abstract = (
        "We consider the problem of dynamic routing, where new LLMs appear at test time. "
        "We propose UniRoute, a new approach to this problem that represents each LLM as a feature vector."
    )
    assert derive_title(abstract) == "UniRoute: Dynamic routing for LLMs"


@pytest.mark.parametrize(
    ("abstract", "title"),
    [
        (
            "Large graphs are slow to split. We present ShardGraph, a new approach to balanced graph partitioning "
            "that moves vertices greedily. ShardGraph splits billion-edge graphs in minutes.",
            "ShardGraph: Balanced graph partitioning",
        ),
        (
            "Vision-language models (VLMs) hallucinate objects. We present LensFix, a simple method for object "
            "grounding. LensFix cuts hallucination in VLMs by half.",
            "LensFix: Object grounding for Vision-language models",
        ),
    ],
)
def test_pattern_3_a_vague_head_gives_way_to_what_the_method_is_for(abstract, title):
    assert derive_title(abstract) == title


def test_a_benchmark_made_to_evaluate_a_named_method_is_not_the_paper():
    abstract = (
        "Reconstructing open-vocabulary scenes from sparse views is hard. We introduce GrowSplat, an open-vocabulary "
        "Gaussian growing method that extends the field-of-view for scene reconstruction. Gaussians with semantic "
        "attributes serve as priors for image extrapolation. To evaluate our method, we propose the Open-World "
        "Gaussian Outpainting (OWGO) benchmark, which measures the quality of reconstructed open-vocabulary scenes."
    )
    titles = [title for title, _, _ in candidate_features(abstract)]
    assert titles and all(title.startswith("GrowSplat: ") for title in titles)
    assert not [title for title in titles if "benchmark" in title.lower()]


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


def test_a_name_with_nothing_said_of_it_is_followed_by_the_opening_clause():
    abstract = "Stochastic optimizers degrade under multiplicative noise. A new method, FastNoise++, is introduced."
    assert derive_title(abstract) == "FastNoise++: Stochastic optimizers degrade under multiplicative noise"


def test_a_list_of_words_is_not_cut_at_its_first_comma():
    abstract = (
        "Clinical models are hard to trust. We present WardBench, a benchmark for evaluating accuracy, robustness, "
        "and fairness in multimodal fusion of health records and chest X-rays. WardBench covers four tasks."
    )
    assert derive_title(abstract) == "WardBench: A benchmark for evaluating accuracy, robustness, and fairness"


def test_a_plain_word_named_by_called_leads_the_title():
    abstract = (
        "Pruning is promising. We present a pruning method called Elsa, which reaches 90% sparsity in large "
        "language models. Elsa uses ADMM."
    )
    assert derive_title(abstract).startswith("Elsa: ")


def test_the_gap_a_paper_bridges_gives_way_to_how_it_bridges_it():
    abstract = (
        "Gradient clipping is common. Its high-probability convergence is open. In this paper, we bridge this "
        "critical gap by establishing high-probability convergence bounds for clipped SGD under heavy-tailed noise."
    )
    assert derive_title(abstract) == "Establishing high-probability convergence bounds for clipped SGD under heavy-tailed noise"


def test_a_conjunction_between_adverbs_is_not_the_verb():
    abstract = (
        "Detectors of machine text are biased. We theoretically and empirically reveal two relationships of "
        "context detection scores. A calibration built on them helps every detector."
    )
    assert all("Anding" not in title for title, _, _ in candidate_features(abstract))


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


def test_latex_and_markdown_markup_is_stripped():
    abstract = (
        "Models suffer from ``overthinking''. In this work, we introduce \\textbf{\\textit{FooNet}}---a "
        "\\emph{sparse} **attention** model for $O(n^2)$ `long` contexts \\cite{x}. Code: \\url{https://github.com/a/FooNet}."
    )
    title = derive_title(abstract)
    assert title == "FooNet: A sparse attention model for O(n^2) long contexts"


def test_hyphenation_across_line_breaks_is_undone():
    assert derive_title("We introduce NormSim, a normal- ized topological similarity.") == (
        "NormSim: A normalized topological similarity"
    )


@pytest.mark.parametrize(
    ("abstract", "title"),
    [
        ("", "Untitled"),
        ("   \n\t ", "Untitled"),
        ("N/A", "N/A"),
        ("withdrawn", "Withdrawn"),
        (".", "Untitled"),
        ("$$ \\textbf{} {}{} $$", "Untitled"),
        ("This is a null submission.", "This is a null submission"),
    ],
)
def test_garbage_and_empty_abstracts_get_a_short_cleaned_fallback(abstract, title):
    assert derive_title(abstract) == title


def test_a_chinese_abstract_gets_its_first_clause():
    abstract = "本文提出了一种新的图像生成方法\uff0c称为拉普拉斯流\u3002实验表明该方法有效\u3002"
    assert derive_title(abstract) == "本文提出了一种新的图像生成方法"


@pytest.mark.parametrize(
    "abstract",
    [
        "نقترح طريقة جديدة لتوليد الصور باستخدام نماذج الانتشار.",
        "🚀🔥 We propose 🤖Bot, a 🦄 model. 😀",
        "\u202eWe propose \u200fFooNet, a model.\x00",
        "We propose FooNet (",
        "We introduce ((((((((((",
        "called called called",
    ],
)
def test_any_unicode_gives_a_non_empty_title(abstract):
    title = derive_title(abstract)
    assert title.strip() and title == title.strip()


@pytest.mark.parametrize(
    "abstract",
    [
        "a" * 2_000_000,
        "we propose " * 200_000,
        "(" * 2_000_000,
        "$" * 2_000_000,
        "\\textbf{" * 250_000,
        "https://x.github.io/ " * 100_000,
        "We propose ABC " * 140_000,
        "we introduce a called " * 100_000,
        "We introduce A (B), a " * 90_000,
        "We propose a " + "running, " * 220_000,
        "[a](" * 500_000,
    ],
    ids=["letters", "phrase", "parens", "dollars", "latex", "urls", "names", "called", "acronyms", "commas", "links"],
)
def test_two_megabyte_input_is_handled_quickly(abstract):
    start = time.perf_counter()
    title = derive_title(abstract)
    assert title and len(title) <= 160
    assert time.perf_counter() - start < 1.0


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=400))
def test_any_text_gives_a_non_empty_plain_title(abstract):
    title = derive_title(abstract)
    assert title and title == title.strip()
    assert not re.search(r"[\\$*`{}]", title)
    assert len(title) <= 160


@settings(deadline=None)
@given(st.lists(st.sampled_from(["We propose", "FooNet", "(", ")", ",", "a", "model", "that", "$x$", "**", "\\emph{"])))
def test_fragments_of_real_patterns_never_crash(parts):
    assert derive_title(" ".join(parts))


def test_titles_are_deterministic():
    first = [derive_title(abstract) for abstract in ABSTRACTS]
    second = [derive_title(abstract) for abstract in reversed(ABSTRACTS)]
    assert first == second[::-1]


def test_titles_do_not_depend_on_the_interpreter_hash_seed():
    script = (
        "import json, sys; from generator.titles import derive_title; "
        "print(json.dumps([derive_title(a) for a in json.load(sys.stdin)]))"
    )
    here = [derive_title(abstract) for abstract in ABSTRACTS]
    for seed in ("1", "2"):
        result = subprocess.run(
            [sys.executable, "-c", script],
            input=json.dumps(ABSTRACTS),
            capture_output=True,
            text=True,
            check=True,
            cwd=BUNDLED.parent.parent,
            env={**os.environ, "PYTHONHASHSEED": seed},
        )
        assert json.loads(result.stdout) == here


# The seven failure patterns of derived titles (issue 16), each pinned with an abstract written for it.


def test_pattern_1_the_task_the_abstract_works_on_completes_a_title_that_only_says_what_the_method_is():
    abstract = (
        "Designing proteins that bind a given target remains slow and costly. We present PIPA, a tool-augmented "
        "intelligent agent. PIPA plans protein design campaigns by calling structure predictors, and PIPA improves "
        "binder success rates in protein design benchmarks by 30%."
    )
    assert derive_title(abstract) == "PIPA: A tool-augmented intelligent agent for protein design"


def test_pattern_2_the_method_used_most_leads_not_a_side_dataset_introduced_on_the_way():
    abstract = (
        "Reconstructing dynamic scenes from a single video is hard. We present **Mo**tion **Re**construction for "
        "**4D** scenes, which lifts monocular videos into 4D point tracks. To train it, we also build TrajScene-60K, "
        "a large-scale dataset of 60,000 video samples. MoRe4D outperforms prior methods, and MoRe4D runs in real time."
    )
    assert derive_title(abstract).startswith("MoRe4D: Motion Reconstruction")


def test_pattern_2_a_concessive_clause_never_becomes_the_title():
    abstract = (
        "While the largest models demonstrate strong performance, small models lag behind on multi-step arithmetic. "
        "We show that curriculum distillation closes most of this gap for small language models on arithmetic reasoning."
    )
    title = derive_title(abstract)
    assert not title.lower().startswith("while")
    assert "curriculum distillation" in title.lower()


def test_pattern_3_vague_filler_in_the_apposition_gives_way_to_what_the_method_does():
    abstract = (
        "Serving many language models is costly. We propose RouteKit, a lightweight yet efficient approach. RouteKit "
        "routes each query to the cheapest model that answers it well."
    )
    title = derive_title(abstract)
    assert title.startswith("RouteKit: Routing each query")
    assert "lightweight" not in title and "efficient" not in title


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
    ("title", "defect"),
    [
        ("How", "starts with 'how'"),
        ("Methods", "fewer than three content words"),
        ("A framework", "fewer than three content words"),
        ("While the largest models demonstrate strong performance", "starts with 'while'"),
        ("FDG: Frequency-decoupled guidance for low", "ends on adjective 'low'"),
        ("SymMatika: Genetic programming with a motif library inspired", "ends on adjective 'inspired'"),
        ("NeuralDB: Representing facts as a KV database equipped", "ends on participle 'equipped'"),
        ("Plasticity of value systems by examining how their rankings are", "ends on function word 'are'"),
        ("SyMerge: Optimizzing one task-specific layer", "misspelt gerund 'Optimizzing'"),
        ("Mimiccing human gaze in egocentric video", "misspelt gerund 'Mimiccing'"),
        ("ToolArm: Equiping household robots with a planner", "misspelt gerund 'Equiping'"),
        ("XNet: Explanationing the predictions of vision models", "misspelt gerund 'Explanationing'"),
        ("UniRoute: Dynamicking routing of language models", "misspelt gerund 'Dynamicking'"),
        ("ShardGraph: Balanceding graph partitioning", "misspelt gerund 'Balanceding'"),
        ("Anding empirically reveal two relationships of detection scores", "misspelt gerund 'anding'"),
        ("CaPT: Existing SSL approaches remain inherently", "ends on adverb 'inherently'"),
        ("WaveTS: Practically, we embed the WDT for time series", "the authors' 'we'"),
        ("A formalism for evaluating such evaluations", "points back with 'such'"),
        ("ParallelTime: A dynamic weighting mechanism for long-term", "ends on adjective 'long-term'"),
        ("GymKit: Synthesizing for training tool-use agents", "a verb without its object: 'synthesizing' 'for'"),
        ("Showing that a pure language model for plane geometry", "reports a finding: 'showing' 'that'"),
        ("TempO: A latent flow model leveraging for operator error", "a verb without its object: 'leveraging' 'for'"),
        ("Conjecturing that enforcing invariance for self-supervised learning", "reports a finding: 'conjecturing' 'that'"),
        ("AXIOM: Resulting approach for deep reinforcement learning", "points back with 'resulting'"),
        ("NINJA: Jailbreaking aligned language models by appending", "a verb without its object: 'by' 'appending'"),
        ("Showing how user models align better with human behavior", "reports a finding: 'showing' 'how'"),
        ("ChatArena: A crowd-sourced dataset of over 24,000", "a count without its noun: 'over 24,000'"),
        ("TacGen: Generating realistic tactile images for dynamic real-world", "ends on adjective 'real-world'"),
        ("Uncovering an intermediate regime where learning for question answering", "a clause cut short"),
        ("Estimating how long a proof will take? for theorem provers", "a question inside"),
        ("Proving is unrelated to ranking quality", "a verb without its subject: 'proving' 'is'"),
        ("A corrections for measuring data contamination", "an article before a plural: 'A corrections'"),
        ("Addressing this gap with a retrieval framework", "points back with 'this' 'gap'"),
        ("Studying how cortical spike timing", "a clause cut short"),
        ("GuardNet: Conducting extensive experiments for safety taxonomies", "the experiments, not the contribution"),
        ("LawBench: Role-based agents and conduct extensive experiments", "the experiments, not the contribution"),
        ("Both unimodal and multimodal in-context learning", "starts with 'both'"),
        ("Bandit problems in high dimensions remain hard due for sparse estimators", "a clause cut short"),
        ("PushBot: Using a depth camera for grasp learning for manipulation", "'for' twice"),
        ("RegretNet: Musting identify regret in model outputs", "misspelt gerund 'musting'"),
    ],
)
def test_the_grammar_gate_names_what_is_wrong_with_a_title(title, defect):
    assert defect in title_defects(title)


@pytest.mark.parametrize(
    "title",
    [
        "LapFlow: Laplacian multiscale flow matching for image generation",
        "Learning to debug programs with debugging traces",
        "Study of grokking in practical LLM pretraining",
        "RGA: Robust gradient ascent for machine unlearning",
        "Learning for control with sparse rewards",
        "A pure language model rivals multimodal models on plane geometry",
        "Rationing GPU memory for long-context training",
        "Mimicking and trafficking detection in text",
        "Equating test forms with optimal transport",
        "Preceding and exceeding baselines by embedding tokens",
        "PromptFE: Automated feature engineering by prompting",
        "Can agents plan? A benchmark of long-horizon household tasks",
        "A mixture of experts for sparse tabular data",
        "Learning is harder than it looks in sparse parity",
        "Studying how sparse transformers learn",
        "FITS: A conditional diffusion model for IMTS forecasting",
        "Understanding when and why graph attention mechanisms work",
    ],
)
def test_the_grammar_gate_passes_titles_a_researcher_would_accept(title):
    assert title_defects(title) == []


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


def test_pattern_5_an_abstract_that_states_only_a_bare_framework_still_gets_a_title_of_three_content_words():
    abstract = (
        "Partitioning large graphs is slow. We propose a framework. It speeds up graph partitioning on billion-edge graphs."
    )
    title = derive_title(abstract)
    assert title not in ("How", "Methods", "A framework")
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


@pytest.mark.parametrize("acronym", ["RL", "RNN", "TDA", "LLM", "GNN", "VLM"])
def test_pattern_7_a_field_acronym_is_never_the_name(acronym):
    abstract = (
        f"Recurrent policies forget what they saw. We propose {acronym}, a memory replay scheme for partially "
        f"observable control. Our {acronym} policy is robust, and {acronym} needs no tuning."
    )
    assert not derive_title(abstract).startswith(f"{acronym}:")


def test_pattern_7_an_unknown_latex_macro_never_reaches_the_title_and_its_apposition_still_describes_it():
    abstract = (
        "We introduce \\ourmethod, a position-free KV caching mechanism that decouples positional encoding from "
        "cached keys for retrieval-augmented generation. \\ourmethod is fast."
    )
    title = derive_title(abstract)
    assert "ourmethod" not in title.lower()
    assert "retrieval-augmented generation" in title
    assert title_defects(title) == []


def test_pattern_7_a_coined_name_the_abstract_only_uses_as_a_subject_leads():
    abstract = (
        "Open-vocabulary mobile manipulation needs semantic maps. HELIOS builds 3D semantic maps from RGB-D frames. "
        "HELIOS then plans pick-and-place actions, and HELIOS outperforms prior methods on the OVMM benchmark."
    )
    assert derive_title(abstract).startswith("HELIOS: ")


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


def test_an_adverb_before_a_verb_does_not_become_a_gerund():
    abstract = (
        "How working memory is transformed between encoding and retrieval remains unclear. We directly compared "
        "rotational and non-rotational transformations between encoding and retrieval in recordings of brain regions."
    )
    assert "Directlying" not in derive_title(abstract)


def test_a_verb_ending_in_ly_is_not_taken_for_an_adverb():
    abstract = (
        "Post-training changes what language models know. We propose a sample-wise paradigm to measure forgetting. "
        "We apply this framework across post-training stages, model sizes and data scales."
    )
    titles = [title for title, _, _ in candidate_features(abstract)]
    assert not any("Thiing" in title for title in titles)
    assert any(title.startswith("Applying this framework") or title.startswith("Applying framework") for title in titles)


def test_a_task_never_opens_on_a_count_or_runs_into_a_participle():
    abstract = (
        "We propose GraphTune, a prompt tuning method for two correlation geometries. GraphTune works for models "
        "ranging from 1B to 70B parameters, and GraphTune improves node classification on citation graphs."
    )
    title = derive_title(abstract)
    assert "for two" not in title
    assert "ranging" not in title


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


def test_hype_removed_from_simple_yet_effective_leaves_no_stray_yet():
    abstract = (
        "In time series forecasting, residuals hide dynamics. To address this, we propose TimeRM, a simple yet "
        "effective residual modeling framework. TimeRM decomposes the series into periodic and residual parts."
    )
    titles = [title for title, _, _ in candidate_features(abstract)]
    assert "TimeRM: An effective residual modeling framework" in titles
    assert not any(" yet " in title for title in titles)


def test_the_task_is_not_added_to_a_description_that_already_says_what_it_is_for():
    abstract = (
        "Multi-hop question answering (MHQA) strains the single-pass reasoning of LLMs. Building on these principles, "
        "we introduce a proof-of-concept multi-call framework for MHQA, InfoQA. InfoQA helps single-pass LLMs."
    )
    titles = [title for title, _, _ in candidate_features(abstract)]
    assert not any(title.lower().count(" for ") > 1 for title in titles)


def test_capitals_marking_initials_do_not_choose_the_article():
    abstract = (
        "Occlusions distort reconstructions. We propose HIRL-GAN, a **HI**erarchical and progressive inpainting "
        "framework that synergizes **R**einforcement **L**earning with **GAN**s. HIRL-GAN restores occluded facades."
    )
    title = derive_title(abstract)
    assert title.startswith("HIRL-GAN: ")
    assert "An Hierarchical" not in title


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


def test_a_method_introduced_after_another_step_of_the_same_by_clause_is_found_with_what_it_is():
    abstract = (
        "Sensor logs arrive at irregular times. We tackle this by casting imputation as conditional generation and "
        "introducing GapFlow, a flow-matching model for irregular sensor imputation. GapFlow halves the error."
    )
    assert derive_title(abstract) == "GapFlow: A flow-matching model for irregular sensor imputation"


def test_an_adjective_after_an_approach_to_is_not_made_a_verb():
    abstract = (
        "Pose regressors are fast but inexact. We present PoseKit, an approach to relative camera pose estimation "
        "that trains regressors with geometric consistency. PoseKit keeps the regressor's speed."
    )
    assert all("Relativing" not in title for title, _, _ in candidate_features(abstract))


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


def test_what_the_authors_close_a_gap_with_is_introduced_as_their_method():
    abstract = (
        "Benchmarks score reasoning in each modality alone. We address this gap with XBench, a benchmark that "
        "targets reasoning across text and images. Models that reason well in text still fail on XBench."
    )
    title = derive_title(abstract)
    assert title.startswith("XBench: ")
    assert "reasoning across text and images" in title


def test_a_finding_the_abstract_claims_is_not_taken_for_what_the_paper_builds():
    # "we demonstrate that, surprisingly, RL emerges in LLMs at inference time" is a finding, not ICRL prompting.
    title = derive_title(ABSTRACTS[1])
    assert title.startswith("ICRL prompting: ")
    assert "emerges" not in title


# Our own abstracts for the candidates that say what a method is for, in a real title's order.
ROUTING = (
    "Graph transformers struggle with long-range dependencies in molecular graphs. We propose a spectral routing "
    "layer that learns sparse attention paths between distant atoms. Experiments on three molecular benchmarks "
    "show gains over message passing baselines."
)
PROBING = (
    "Protein language models are widely used for structure prediction. We introduce FoldLens, a probing toolkit "
    "that locates contact information in attention heads. FoldLens finds contact maps in the middle layers and "
    "FoldLens explains failures on orphan proteins."
)


def candidate_titles(abstract: str) -> list[str]:
    return [title for title, admissible, _ in candidate_features(abstract) if admissible]


def test_an_introduced_method_is_offered_as_the_method_for_what_it_does_and_as_what_it_does_via_the_method():
    titles = candidate_titles(ROUTING)
    assert "Spectral routing layer for learning sparse attention paths between distant atoms" in titles
    assert "Learning sparse attention paths via spectral routing layer" in titles


def test_a_named_method_is_offered_as_what_it_is_for_after_its_name():
    titles = candidate_titles(PROBING)
    assert "FoldLens: Probing toolkit for locating contact information in attention heads" in titles
    assert "FoldLens: Locating contact information in attention heads via probing toolkit" in titles


def test_the_field_the_opening_sentence_is_about_is_offered_as_the_task_in_lower_case():
    assert "Spectral routing layer for graph transformers" in candidate_titles(ROUTING)


def test_a_single_word_opening_subject_is_too_broad_to_be_the_task():
    abstract = "Reasoning is hard for small models. " + ROUTING.partition(". ")[2]
    assert not any(title.endswith("for Reasoning") for title in candidate_titles(abstract))


def test_a_description_is_offered_without_its_article_and_generic_head_as_real_titles_write_it():
    abstract = (
        "Instruction tuning needs good data. We propose DataSieve, an efficient data selection framework for "
        "instruction tuning. DataSieve scores examples by gradient agreement."
    )
    titles = candidate_titles(abstract)
    assert "DataSieve: An efficient data selection framework for instruction tuning" in titles
    assert "DataSieve: Efficient data selection for instruction tuning" in titles


def test_a_finding_is_offered_as_it_is_stated_never_with_a_task_tacked_on():
    abstract = (
        "Pruning is widely used for compression of vision transformers. We show that pruned vision transformers "
        "forget rare classes first. Experiments on long-tailed benchmarks confirm this."
    )
    titles = candidate_titles(abstract)
    assert "Pruned vision transformers forget rare classes first" in titles
    assert not any(title.startswith("Pruned vision transformers forget rare classes first for") for title in titles)


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


def test_a_finding_drops_the_condition_it_opens_with():
    abstract = (
        "Gradient descent is the workhorse of deep learning. We prove that, under mild connectivity assumptions, "
        "decentralized gradient descent converges to consensus at a linear rate. Experiments confirm the rate."
    )
    assert "Decentralized gradient descent converges to consensus at a linear rate" in candidate_titles(abstract)


def test_a_description_cut_to_a_titles_length_is_offered_a_few_words_longer_too():
    abstract = (
        "Retrieval is costly at scale. We propose DualHop, a retrieval method that routes queries between sparse and "
        "dense indexes using a learned cost model. DualHop halves latency."
    )
    titles = candidate_titles(abstract)
    assert "DualHop: Routing queries between sparse and dense indexes" in titles
    assert "DualHop: Routing queries between sparse and dense indexes using a learned cost model" in titles


def test_a_word_broken_across_a_line_is_joined_and_a_broken_compound_keeps_its_hyphen():
    abstract = (
        "Robots need data. In this work, we introduce POINT BRIDGE, a framework that uses unified point-based "
        "representa-\ntions to enable zero-shot sim-to-real transfer. It also uses off-the-\nshelf detectors."
    )
    titles = " ".join(title for title, _, _ in candidate_features(abstract))
    assert "representations" in titles
    assert "representa" not in titles.replace("representations", "")


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


def test_what_a_method_puts_something_into_is_not_its_purpose():
    abstract = (
        "Mixture-of-Experts models degrade when fewer experts are active. We introduce Matryoshka MoE (M-MoE), a "
        "training framework that instills a coarse-to-fine structure directly into the expert ensemble. M-MoE "
        "enables elastic inference."
    )
    assert not any("for the expert ensemble" in title for title in candidate_titles(abstract))


def test_a_lone_word_is_a_task_only_when_it_names_one():
    abstract = (
        "Ambiguous questions confuse VQA models. We present SubQ, a hybrid human-machine pipeline that builds "
        "clarifying subquestions. SubQ works well for questions, for questions and for segmentation."
    )
    titles = candidate_titles(abstract)
    assert "SubQ: Building clarifying subquestions for segmentation" in titles
    assert "SubQ: Building clarifying subquestions for questions" not in titles


def test_via_keeps_a_head_that_says_what_the_method_is():
    abstract = (
        "Ambiguous questions confuse VQA models. We present SubQ, a hybrid human-machine pipeline that builds "
        "clarifying subquestions. SubQ helps."
    )
    assert "SubQ: Building clarifying subquestions via hybrid human-machine pipeline" in candidate_titles(abstract)


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


def test_a_light_verb_gives_way_to_its_object():
    abstract = (
        "Scientific reasoning needs logic. In this work, we make the first systematic investigation into the "
        "internal logicality underlying LLM scientific reasoning. It matters."
    )
    titles = candidate_titles(abstract)
    assert "Systematic investigation into the internal logicality underlying LLM scientific reasoning" in titles
    assert not any(title.startswith("Making") for title in titles)


def test_this_research_proposes_introduces_a_name():
    abstract = (
        "Shape constraints matter. This research proposes Comonet (Convex-Concave and Monotonicity-Constrained "
        "Neural Networks), an architecture that integrates shape constraints. Comonet is accurate."
    )
    assert derive_title(abstract).startswith("Comonet: Convex-Concave and Monotonicity-Constrained Neural Networks")


def test_a_pronoun_after_that_is_no_verb_of_a_purpose():
    abstract = (
        "Conversion errors persist. We propose a principled solution that this error class needs, which removes "
        "unevenness error. It is fast."
    )
    assert not any("thiing" in title.lower() for title, _, _ in candidate_features(abstract))


def test_a_bare_description_never_repeats_the_last_word_of_the_name():
    abstract = (
        "Reinforcement learning with language models is costly. We introduce a simple multi-round prompting "
        "framework, called ICRL prompting, for reinforcement learning tasks. ICRL prompting helps agents."
    )
    assert not any("prompting: Multi-round prompting" in title for title, _, _ in candidate_features(abstract))
