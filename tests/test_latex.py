"""Text-mode LaTeX from exports in Unicode; math kept for KaTeX, and spelled in Unicode where only text can go."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import feedparser
import pytest
from support import build_site, copy_project

from generator.text.latex import math_tex, plain_math, untex
from generator.text.markup import abstract_html, inline_html
from generator.text.words import shorten


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


def test_where_pylatexenc_gives_up_plain_text_still_shows_no_command():
    # This once kept "\\href and \\frac{a": a description showed the TeX.
    assert plain_math("$\\href$ and $\\frac{a$") == "href and a"


# Real titles and summaries (the dev file's, and issue 32's T^2HTR) whose "$"
# pairs are text: letters a method's name is made of, set in bold or math.
T2HTR = "$\\mathbf{T^2HTR}$: $\\textbf{T}$est-$\\textbf{t}$ime $\\textbf{H}$ierarchical Text Recognition"
GEAR = "GEAR: A $\\textbf{G}$eneral $\\textbf{E}$valuation Framework for $\\textbf{A}$bductive $\\textbf{R}$easoning"


@pytest.mark.parametrize(
    ("raw", "plain", "tex"),
    [
        (T2HTR, "𝐓²𝐇𝐓𝐑: Test-time Hierarchical Text Recognition", "$\\mathbf{T^2HTR}$: Test-time Hierarchical Text Recognition"),
        (GEAR, "GEAR: A General Evaluation Framework for Abductive Reasoning", None),
        ("DA$^2$: Depth Anything in Any Direction", "DA²: Depth Anything in Any Direction", None),
        ("we propose $DA$$^{2}$: $D$epth $A$nything", "we propose DA²: Depth Anything", "we propose $DA{}^{2}$: Depth Anything"),
        ("we introduce $\\bf C$ommittee $\\bf V$oting (CV-DD)", "we introduce Committee Voting (CV-DD)", None),
        ("$\\text{S}^{3}$Mamba: Arbitrary-Scale", "S³Mamba: Arbitrary-Scale", None),
        ("GraphFLEx: $\\underline{\\text{F}}$ramework for $\\underline{\\text{L}}$arge", "GraphFLEx: Framework for Large", None),
        # Commands KaTeX does not know, and an author's italics that KaTeX would run together.
        ("Entropy After $\\textlangle \\tt /Think \\textrangle$ for", "Entropy After \u2329/Think \u232a for", None),
        ("a question: $Can they go beyond browsing?$ In this", "a question: Can they go beyond browsing? In this", None),
        # Text-mode LaTeX the abstract would typeset, and authors' own macros.
        ("Privacy \\textit{Déjà Vu} Effect", "Privacy Déjà Vu Effect", None),
        ("We present \\ours, a framework for \\\\ incomplete data", "We present ours, a framework for incomplete data", None),
        # Math that KaTeX typesets stays math, and dollar amounts stay money.
        ("$\\lambda$-GRPO: Unseen $ {l_p} $ Attacks", "λ-GRPO: Unseen lp Attacks", "$\\lambda$-GRPO: Unseen ${l_p}$ Attacks"),
        ("It costs US$5 and US$10, or $4.12 each.", "It costs US$5 and US$10, or $4.12 each.", None),
    ],
)
def test_math_that_does_not_pair_as_katex_reads_it_shows_as_text(raw, plain, tex):
    assert plain_math(raw) == plain
    assert math_tex(raw) == (tex or plain)
    shown = re.sub(r'<span class="arithmatex">.*?</span>', "", html.unescape(inline_html(raw)))
    assert "\\" not in shown
    assert ("$" in shown) == ("$" in plain)


def test_a_summary_is_never_cut_inside_a_formula():
    summary = "We study when a gradient flow on a parameter implies a flow on a lifted variable $z = \\phi(\\theta)$ for phi."
    assert shorten(summary, 90) == "We study when a gradient flow on a parameter implies a flow on a lifted variable…"


# Papers of the dev file (abstracts cut short) and issue 32's T^2HTR, whose
# titles and summaries bold their names' letters in math.
SHAPES = [
    {
        "id": "t2htr",
        "title": T2HTR,
        "abstract": "Scene text recognition degrades on long and curved lines. In this paper, we propose $\\mathbf{T^2HTR}$, "
        "a $\\textbf{T}$est-$\\textbf{t}$ime $\\textbf{H}$ierarchical $\\textbf{T}$ext $\\textbf{R}$ecognition framework "
        "that adapts a recognizer to each image. It gains on six benchmarks.",
    },
    {
        "id": "323ximYcsk",
        "title": "DA$^2$: Depth Anything in Any Direction",
        "abstract": "Panorama has a full FoV (360$^\\circ\\times$180$^\\circ$), offering a more complete visual description than "
        "perspective images.\nTo address these challenges, we propose $\\textbf{DA}$$^{\\textbf{2}}$: $\\textbf{D}$epth "
        "$\\textbf{A}$nything in $\\textbf{A}$ny $\\textbf{D}$irection, an accurate, zero-shot generalizable, and fully "
        "end-to-end panoramic depth estimator.",
    },
    {
        "id": "fdIlMfeTI4",
        "title": GEAR,
        "abstract": "Since the advent of Large Language Models (LLMs), research has primarily focused on improving their "
        "instruction-following and deductive reasoning abilities. We introduce **G**eneral **E**valuation for "
        "**A**bductive **R**easoning (GEAR), a new general-purpose, fully automated, transparent, and label-free "
        "evaluation paradigm that overcomes limitations of prior approaches.",
    },
    {
        "id": "1dMsKsfwJ1",
        "title": "Dataset Distillation via Committee Voting",
        "abstract": "Dataset distillation aims to synthesize a smaller, representative dataset that preserves the essential "
        "properties of the original data. In this work, we introduce $\\bf C$ommittee $\\bf V$otingfor $\\bf D$ataset "
        "$\\bf D$istillation (CV-DD), a novel and orthogonal approach that leverages the collective wisdom of multiple "
        "models or experts to create high-quality distilled datasets.",
    },
]


@pytest.fixture(scope="module")
def shapes_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = copy_project(tmp_path_factory.mktemp("math"), data=False)
    (project / "data").mkdir()
    data = project / "data" / "shapes.jsonl"
    data.write_text("".join(json.dumps(record) + "\n" for record in SHAPES), encoding="utf-8")
    return build_site(project, data)


def shown(markup: str) -> str:
    """What a reader sees of a fragment of a page once KaTeX has typeset it: its text, without the math."""
    return html.unescape(re.sub(r"<[^>]+>", "", re.sub(r'<span class="arithmatex">.*?</span>', "", markup)))


@pytest.mark.site
def test_a_page_shows_no_dollar_or_command_in_its_heading_summary_or_description(shapes_site):
    for record in SHAPES:
        page = (shapes_site / "papers" / record["id"] / "index.html").read_text(encoding="utf-8")
        parts = {
            "heading": re.search(r"<h1[^>]*>(.*?)</h1>", page).group(1),
            "summary": re.search(r'<p class="rl-summary"[^>]*>(.*?)</p>', page).group(1),
            "description": re.search(r'<meta name="description" content="([^"]*)"', page).group(1),
            "tab": re.search(r"<title>(.*?)</title>", page).group(1),
        }
        for part, markup in parts.items():
            assert not re.search(r"[$\\]", shown(markup)), (record["id"], part, shown(markup))
    t2htr = (shapes_site / "papers" / "t2htr" / "index.html").read_text(encoding="utf-8")
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", t2htr).group(1)
    assert heading.startswith('<span class="arithmatex">&#92;&#40;&#92;mathbf&#123;T&#94;2HTR&#125;&#92;&#41;</span>')
    assert shown(heading) == ": Test-time Hierarchical Text Recognition"
    summary = shown(re.search(r'<p class="rl-summary"[^>]*>(.*?)</p>', t2htr).group(1))
    assert (
        summary
        == "In this paper, we propose , a Test-time Hierarchical Text Recognition framework that adapts a recognizer to each image."
    )
    da2 = (shapes_site / "papers" / "323ximYcsk" / "index.html").read_text(encoding="utf-8")
    assert "<title>DA²: Depth Anything in Any Direction - " in da2
    assert 'content="We propose DA²: Depth Anything in Any Direction, an accurate' in da2


@pytest.mark.site
def test_feeds_and_exports_show_no_dollar_or_command(shapes_site):
    records = {r["id"]: r for r in json.loads((shapes_site / "papers.json").read_text(encoding="utf-8"))}
    entries = feedparser.parse((shapes_site / "feed.xml").read_bytes()).entries
    shown_text = [r["title"] for r in records.values()] + [r["summary"] for r in records.values()]
    shown_text += [entry.title for entry in entries] + [entry.summary for entry in entries]
    assert len(entries) == len(SHAPES)
    assert [text for text in shown_text if re.search(r"[$\\]", text)] == []
    # The lists and the map typeset the title's math, and only that.
    assert records["t2htr"]["title_math"] == "$\\mathbf{T^2HTR}$: Test-time Hierarchical Text Recognition"
    assert records["fdIlMfeTI4"]["title_math"] is None
