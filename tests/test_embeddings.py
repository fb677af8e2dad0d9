"""The sentence encoder inside the package (`embeddings: true`): NumPy and our WordPiece, no hub, no torch."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from support import build_site

from generator.analysis import embeddings
from generator.analysis.embeddings import MODEL_DIR, Encoder, sentence_embeddings
from generator.errors import BuildError

DIFFUSION = "Diffusion models generate images by reversing a noising process. We distil the sampler into four steps."
# The same claim in other words, sharing almost none of them.
PARAPHRASE = "We make image generators that learn to undo added noise produce pictures in just a few sampling passes."
UNRELATED = "Routing tokens to experts cuts the inference cost of large language models on reasoning benchmarks."
LONG = " ".join(["We study reinforcement learning from human feedback for aligning language models with preferences."] * 12)


def use_embeddings(project: Path) -> None:
    """Turn the backend on in the project's mkdocs.yml, and keep no cache: each build embeds afresh."""
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    config.write_text(
        text.replace("  - readinglist:\n", "  - readinglist:\n      embeddings: true\n      cache_dir: ''\n"), encoding="utf-8"
    )


def test_the_model_and_its_licence_ship_inside_the_generator_package():
    package = Path(sys.modules["generator"].__file__).parent
    assert MODEL_DIR.parent.parent == package / "analysis"
    assert {p.name for p in MODEL_DIR.iterdir()} >= {"model.safetensors", "tokenizer.json", "LICENSE", "NOTICE"}
    assert "Apache License" in (MODEL_DIR / "LICENSE").read_text(encoding="utf-8")


def test_vectors_are_unit_float32_rows_in_the_order_of_the_texts():
    texts = [DIFFUSION, UNRELATED, LONG]
    vectors = sentence_embeddings(texts)
    assert vectors.shape == (3, 384)
    assert vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1, atol=1e-4)
    reversed_order = sentence_embeddings(texts[::-1])
    assert reversed_order[::-1].tobytes() == vectors.tobytes()


def test_the_int8_model_stays_within_a_hair_of_the_original():
    """Reference figures from sentence-transformers 6.3 on torch, the original float32 model at 128 word pieces.

    They pin the NumPy forward pass (attention, GELU, layer norms, pooling) to
    the real model: a wrong step moves these by far more than 0.01.
    """
    original_first = [0.0076, -0.0456, 0.0496, 0.0016, 0.0411, -0.0923, -0.0641, -0.1033]
    original_cosines = [0.5999, 0.0210, 0.0846, 0.0729, 0.1324, 0.3087]
    vectors = sentence_embeddings([DIFFUSION, PARAPHRASE, UNRELATED, LONG])
    assert np.allclose(vectors[0, :8], original_first, atol=0.005)
    cosines = (vectors @ vectors.T)[np.triu_indices(4, k=1)]
    assert np.allclose(cosines, original_cosines, atol=0.01)


def test_one_core_and_many_give_the_same_bytes(monkeypatch):
    texts = [DIFFUSION, PARAPHRASE, UNRELATED, LONG]
    encoder = Encoder.load()
    monkeypatch.setattr(embeddings, "available_cores", lambda: 1)
    alone = encoder.encode(texts)
    monkeypatch.setattr(embeddings, "available_cores", lambda: 4)
    assert encoder.encode(texts).tobytes() == alone.tobytes()


def test_a_paraphrase_is_nearer_than_an_unrelated_abstract():
    diffusion, paraphrase, unrelated = sentence_embeddings([DIFFUSION, PARAPHRASE, UNRELATED])
    assert diffusion @ paraphrase > diffusion @ unrelated + 0.2


def test_the_same_texts_give_the_same_bytes_twice():
    texts = [DIFFUSION, PARAPHRASE, UNRELATED, LONG]
    assert sentence_embeddings(texts).tobytes() == sentence_embeddings(texts).tobytes()


def test_a_text_alone_and_inside_a_list_of_other_lengths_gets_the_same_vector():
    """Padding and the other texts of a list must not move a paper's vector, even beyond the rounding."""
    batch = sentence_embeddings([LONG, DIFFUSION, "Graphs.", UNRELATED])
    alone = sentence_embeddings([DIFFUSION])
    assert alone[0].tobytes() == batch[1].tobytes()


def test_vectors_are_rounded_so_float_noise_cannot_move_them():
    vectors = sentence_embeddings([DIFFUSION, UNRELATED])
    assert np.array_equal(vectors, vectors.round(5))


def test_an_empty_list_gives_no_rows_and_one_text_gives_one():
    assert sentence_embeddings([]).shape == (0, 384)
    (one,) = sentence_embeddings([DIFFUSION])
    assert one.shape == (384,)


def test_text_past_128_word_pieces_is_cut_not_refused():
    long_a, long_b = sentence_embeddings([LONG, LONG + " Then something else entirely about protein folding."])
    # Only what is past the cut differs, so the two read the same.
    assert long_a.tobytes() == long_b.tobytes()


def test_a_missing_model_file_is_a_build_error_that_says_to_reinstall(tmp_path):
    with pytest.raises(BuildError, match="cannot load the sentence model") as raised:
        Encoder.load(tmp_path / "model.safetensors", MODEL_DIR / "tokenizer.json")
    assert raised.value.where == str(tmp_path)
    assert "reinstall" in raised.value.hint


def test_a_corrupt_model_file_is_a_build_error(tmp_path):
    corrupt = tmp_path / "model.safetensors"
    corrupt.write_bytes((MODEL_DIR / "model.safetensors").read_bytes()[:100_000])
    with pytest.raises(BuildError, match="cannot load the sentence model"):
        Encoder.load(corrupt, MODEL_DIR / "tokenizer.json")


def test_a_corrupt_tokenizer_is_a_build_error(tmp_path):
    broken = tmp_path / "tokenizer.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(BuildError, match="cannot load the sentence model"):
        Encoder.load(MODEL_DIR / "model.safetensors", broken)


@pytest.mark.site
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
