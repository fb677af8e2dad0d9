"""Titles derived for abstracts that come without one (generator.titles)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.titles import derive_title

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
    assert derive_title(abstract) == "UniRoute: An approach to dynamic routing"


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
