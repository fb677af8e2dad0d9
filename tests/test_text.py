"""LaTeX clean-up for display, and the promise that input text stays inert."""

from __future__ import annotations

import html
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.text.markup import abstract_html, escape, inert, plain_text, urls
from generator.text.words import sentences


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("``overthinking''", "\u201coverthinking\u201d"),
        ("problems---it is", "problems\u2014it is"),
        ("improves by 12\\%", "improves by 12%"),
        ("\\textbf{bold} and \\textit{italic}", "<strong>bold</strong> and <em>italic</em>"),
        ("\\emph{nested \\textbf{bold}}", "<em>nested <strong>bold</strong></em>"),
        ("we introduce **SVG**", "we introduce <strong>SVG</strong>"),
    ],
)
def test_latex_isms_become_typography(raw, shown):
    assert abstract_html(raw) == f"<p>{shown}</p>"


def test_latex_url_becomes_a_link():
    html = abstract_html("Code: \\url{https://github.com/pixas/DECS}.")
    assert '<a href="https://github.com/pixas/DECS">https://github.com/pixas/DECS</a>' in html


def test_bare_url_becomes_a_link_without_the_sentence_full_stop():
    html = abstract_html("See https://example.org/demo.")
    assert '<a href="https://example.org/demo">https://example.org/demo</a>.' in html


def test_inline_math_is_marked_for_katex():
    assert abstract_html("a loss $\\mathcal{L}_{KL} < 1$ here") == (
        '<p>a loss <span class="arithmatex">\\(\\mathcal&#123;L&#125;_&#123;KL&#125; &lt; 1\\)</span> here</p>'.replace(
            "&lt;", "&#60;"
        )
    )


def test_dollar_amounts_are_not_math():
    assert "arithmatex" not in abstract_html("It costs $5 and $10 per run.")


def test_html_in_an_abstract_is_shown_as_text():
    html = abstract_html('<script>alert(1)</script><img src=x onerror="alert(2)">')
    assert "<script" not in html and "<img" not in html
    assert "&#60;script&#62;" in html


def test_jinja_syntax_is_shown_literally():
    html = abstract_html("{{ config.site_name }} and {% if x %}")
    assert "{" not in html
    assert "&#123;&#123; config.site_name &#125;&#125;" in html


def test_javascript_urls_never_become_links():
    html = abstract_html("click javascript:alert(1) or \\url{javascript:alert(2)} or \\url{data:text/html,x}")
    assert "<a" not in html


def test_inert_text_is_character_references_for_every_active_character():
    original = "# *a* _b_ [c](d) <e> {{ f }} `g` | 1. $x$ \\ &amp;"
    made_inert = inert(original)
    assert not set(re.sub(r"&#\d+;", "", made_inert)) & set("#*_[]()<>{}`|$\\&")
    assert html.unescape(made_inert) == original


@given(st.text(alphabet=st.sampled_from("&#;<>{}'\"*_[]()`|$\\%@.:-ab 1é中")))
def test_inert_and_escape_write_each_active_character_once_as_a_reference(original):
    made_inert, escaped = inert(original), escape(original)
    assert not set(re.sub(r"&#\d+;", "", made_inert)) & set("&#<>{}'\"*_[]()`|$\\%@.:-")
    assert not set(re.sub(r"&#\d+;", "", escaped)) & set("&<>{}'\"")
    assert html.unescape(made_inert) == html.unescape(escaped) == original


def test_plain_text_drops_markup_but_keeps_words():
    assert plain_text("we introduce \\textbf{SVG} and **S**elf ``quoted''") == "we introduce SVG and Self \u201cquoted\u201d"


def test_sentences_do_not_split_after_abbreviations_or_decimals():
    assert sentences("We use e.g. this. It gains 3.5 points. Done.") == ["We use e.g. this.", "It gains 3.5 points.", "Done."]


def test_urls_finds_latex_bare_and_scheme_less_project_links():
    found = urls("Code at \\url{https://github.com/a/b}. Demo: https://x.org/y. Page: g4splat.github.io.")
    assert found == ["https://github.com/a/b", "https://x.org/y", "https://g4splat.github.io"]


def test_malformed_urls_are_text_not_links_and_never_crash():
    assert urls("see [code](https://github.com/a/b) and \\url{https://[::1/} and https://x.org/[oops") == [
        "https://github.com/a/b",
        "https://x.org",
    ]
    assert "<a" not in abstract_html("\\url{https://[::1/}")
