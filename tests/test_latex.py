"""Text-mode LaTeX from exports in Unicode; math kept for KaTeX, and spelled in Unicode where only text can go."""

from __future__ import annotations

import pytest

from generator.latex import plain_math, untex
from generator.text import abstract_html, inline_html


@pytest.mark.parametrize(
    ("raw", "unicode"),
    [
        ('na{\\"i}ve', "naïve"),
        ("Nos\\'e and Nos\\'{e}", "Nosé and Nosé"),
        ('M{\\"u}ller, \\v{C}ech, \\c{c}a, \\u{g}', "Müller, Čech, ça, ğ"),
        ("{\\em word} and {\\bf bold}", "\\emph{word} and \\textbf{bold}"),
        ("as shown \\cite{a,b} and~\\citep[p.~3]{c}.", "as shown and."),
        ("A {BERT} model for {J}apanese", "A BERT model for Japanese"),
        ("sets {0,1} keep their braces", "sets {0,1} keep their braces"),
        ("Stra\\ss{}e \\ldots\\ done", "Straße … done"),
        ("$\\ell_1$ and $\\{x\\}$", "$\\ell_1$ and $\\{x\\}$"),
        ("\\textbf{kept} \\url{https://a.org/x_y}", "\\textbf{kept} \\url{https://a.org/x_y}"),
        ("30% of ~20 items", "30% of ~20 items"),
    ],
)
def test_text_mode_latex_becomes_unicode_and_math_stays(raw, unicode):
    assert untex(raw) == unicode


@pytest.mark.parametrize(
    ("raw", "plain"),
    [
        ("Sparse $\\ell_1$ penalties", "Sparse ℓ1 penalties"),
        ("$\\lambda$-GRPO", "λ-GRPO"),
        ("85$\\times$ fewer in $\\sim$20 minutes", "85× fewer in ∼20 minutes"),
        ("$10^5$ samples, $\\theta_{t+1}$", "10⁵ samples, θt+1"),
        ("$UltraGauss$", "UltraGauss"),
        ("It costs $5 and $10.", "It costs $5 and $10."),
    ],
)
def test_plain_math_spells_formulas_in_unicode(raw, plain):
    assert plain_math(raw) == plain


def test_a_closing_dollar_before_a_digit_ends_the_formula():
    assert abstract_html("in $\\sim$20 minutes") == '<p>in <span class="arithmatex">\\(\\sim\\)</span>20 minutes</p>'
    assert abstract_html("85$\\times$ fewer") == '<p>85<span class="arithmatex">\\(\\times\\)</span> fewer</p>'


def test_titles_mark_their_math_and_keep_the_rest_inert():
    assert inline_html("$\\lambda$-GRPO <b>") == (
        '<span class="arithmatex">&#92;&#40;&#92;lambda&#92;&#41;</span>&#45;GRPO &#60;b&#62;'
    )
    assert inline_html("No math, $5") == "No math, &#36;5"


def test_latex_that_pylatexenc_cannot_read_stays_as_written():
    assert untex("see \\href and \\textbf here") == "see \\href and \\textbf here"
    assert plain_math("$\\href$ and $\\frac{a$") == "\\href and \\frac{a"
