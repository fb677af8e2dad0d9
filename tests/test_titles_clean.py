"""Derived titles: markup, LaTeX and broken lines cleaned out of the abstract (generator.enrich.titles.clean)."""

from __future__ import annotations

from generator.enrich.titles import candidate_features, derive_title, title_defects


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


def test_pattern_7_an_unknown_latex_macro_never_reaches_the_title_and_its_apposition_still_describes_it():
    abstract = (
        "We introduce \\ourmethod, a position-free KV caching mechanism that decouples positional encoding from "
        "cached keys for retrieval-augmented generation. \\ourmethod is fast."
    )
    title = derive_title(abstract)
    assert "ourmethod" not in title.lower()
    assert "retrieval-augmented generation" in title
    assert title_defects(title) == []


def test_a_word_broken_across_a_line_is_joined_and_a_broken_compound_keeps_its_hyphen():
    abstract = (
        "Robots need data. In this work, we introduce POINT BRIDGE, a framework that uses unified point-based "
        "representa-\ntions to enable zero-shot sim-to-real transfer. It also uses off-the-\nshelf detectors."
    )
    titles = " ".join(title for title, _, _ in candidate_features(abstract))
    assert "representations" in titles
    assert "representa" not in titles.replace("representations", "")
