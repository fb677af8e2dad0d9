"""Titles derived for abstracts that come without one (generator.enrich.titles): the bundled list, any input at all, and
the same title on every run.

The tests of each part are in test_titles_<part>.py. A test named pattern_N pins one of the seven failure
patterns of derived titles (issue 16) with an abstract written for it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import BUNDLED
from titles_support import ABSTRACTS, LEADING_NAMES

from generator.enrich.titles import derive_title


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
        "import json, sys; from generator.enrich.titles import derive_title; "
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
