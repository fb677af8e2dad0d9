"""The optional sentence-embedding backend (`embeddings: true`, the embeddings extra)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from support import REPO, build_site

from generator import embeddings
from generator.config import Settings
from generator.errors import ConfigError

needs_extra = pytest.mark.skipif(not embeddings.installed(), reason="the embeddings extra is not installed")


def use_embeddings(project: Path) -> None:
    """Turn the backend on in the project's mkdocs.yml, and keep no cache: each build embeds afresh."""
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    config.write_text(
        text.replace("  - readinglist:\n", "  - readinglist:\n      embeddings: true\n      cache_dir: ''\n"), encoding="utf-8"
    )


def test_embeddings_without_the_extra_is_a_config_error_that_says_how_to_install_it(monkeypatch, tmp_path):
    monkeypatch.setattr("generator.config.embeddings_installed", lambda: False)
    with pytest.raises(ConfigError, match=r"pip install 'readinglist\[embeddings\]'"):
        Settings(inputs=(tmp_path / "papers.txt",), templates=REPO / "templates", embeddings=True)


@needs_extra
def test_sentence_embeddings_are_unit_rows_and_put_like_texts_nearer():
    from generator.embeddings import sentence_embeddings

    vectors = sentence_embeddings(
        [
            "Diffusion models generate images by reversing a noising process.",
            "A flow matching model for image generation.",
            "Routing tokens to experts cuts the inference cost of language models.",
        ]
    )
    assert vectors.shape == (3, 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1, atol=1e-3)
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2]


@needs_extra
def test_a_site_built_with_embeddings_has_every_paper_once_and_the_same_bytes_twice(project, three_papers):
    use_embeddings(project)
    site = build_site(project, three_papers)
    again = build_site(project, three_papers, out="site-again")

    pages = sorted(site.glob("papers/*/index.html"))
    assert len(pages) == 3
    diffusion = next(p for p in pages if "noising process" in p.read_text(encoding="utf-8"))
    related = diffusion.read_text(encoding="utf-8").split("Related papers", 1)[1]
    # The other image generation paper is nearer than the language-model one.
    assert related.index("FlowCat") < related.index("SMR")
    first = {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert [name for name in first if first[name] != second.get(name)] == []
