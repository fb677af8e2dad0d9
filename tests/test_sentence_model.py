"""When the sentence model runs (`embeddings: auto | true | false`), and its per-text cache."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pytest
from support import THREE_PAPERS, build_site
from test_cache import site_files

from generator.cache import Cache
from generator.config import AUTO_EMBEDDINGS, Settings
from generator.errors import ConfigError
from generator.site.build import BuildOptions, build
from generator.themes import vectors

REPO = Path(__file__).resolve().parent.parent
ABSTRACTS = THREE_PAPERS.split("\n\n")[1:]


def settings(embeddings: object) -> Settings:
    return Settings(inputs=(Path("list.txt"),), templates=REPO / "templates", embeddings=embeddings)  # type: ignore[arg-type]


def set_embeddings(project: Path, value: str) -> None:
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace("  - readinglist:\n", f"  - readinglist:\n      embeddings: {value}\n", 1), encoding="utf-8")


@pytest.fixture
def encoded(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The texts of each call to the real encoder."""
    calls: list[list[str]] = []
    encode: Callable[[Sequence[str]], np.ndarray] = vectors.sentence_embeddings

    def recording(texts: Sequence[str]) -> np.ndarray:
        calls.append(list(texts))
        return encode(texts)

    monkeypatch.setattr(vectors, "sentence_embeddings", recording)
    return calls


def test_auto_runs_the_sentence_model_up_to_its_limit_and_true_or_false_decide_alone():
    assert settings("auto").embeds(AUTO_EMBEDDINGS)
    assert not settings("auto").embeds(AUTO_EMBEDDINGS + 1)
    assert settings(True).embeds(10 * AUTO_EMBEDDINGS)
    assert not settings(False).embeds(3)


def test_embeddings_take_auto_true_or_false_only():
    with pytest.raises(ConfigError, match="embeddings must be auto, true or false, not 'yes'"):
        settings("yes")


@pytest.mark.site
def test_with_embeddings_false_the_sentence_model_never_runs(project, three_papers, encoded):
    set_embeddings(project, "false")
    site = build_site(project, three_papers)
    assert encoded == []
    assert len(list((site / "papers").iterdir())) == 3


@pytest.mark.site
def test_by_default_a_short_list_is_encoded_once_per_paper(project, three_papers, encoded):
    build_site(project, three_papers)
    assert len(encoded) == 1
    assert len(encoded[0]) == 3


@pytest.mark.site
def test_an_edited_abstract_is_the_only_text_encoded_again_and_the_cache_changes_no_byte(project, three_papers, encoded):
    build_site(project, three_papers)
    edited = THREE_PAPERS.replace("four steps", "three steps")
    three_papers.write_text(edited, encoding="utf-8")
    encoded.clear()
    cached = site_files(build_site(project, three_papers))
    assert len(encoded) == 1
    assert len(encoded[0]) == 1
    assert "three steps" in encoded[0][0]
    # The same input built with no cache at all: every text encoded afresh, in one batch.
    fresh = project / "fresh"
    build(BuildOptions(project / "mkdocs.yml", fresh, (three_papers,), {"cache_dir": project / "no-cache"}))
    assert site_files(fresh) == cached


@pytest.mark.parametrize("count", [1, 2, 3])
@pytest.mark.site
def test_lists_of_one_two_and_three_papers_build_with_the_sentence_model(project, encoded, count):
    path = project / "data" / "short.txt"
    path.write_text("\n\n".join(["A short list", *ABSTRACTS[:count]]), encoding="utf-8")
    site = build_site(project, path)
    assert [len(texts) for texts in encoded] == [count]
    assert len(list((site / "papers").iterdir())) == count


def test_the_embedding_cache_keeps_the_texts_of_the_last_list_only(tmp_path, encoded):
    cache = Cache(tmp_path)
    first = vectors.embedded(["one text about diffusion models", "another about graphs"], cache)
    again = vectors.embedded(["another about graphs", "a third about robots"], cache)
    assert encoded == [["one text about diffusion models", "another about graphs"], ["a third about robots"]]
    assert (again[0] == first[1]).all()
    stored = cache.get("embeddings", vectors.model_key())
    assert stored is not None
    assert len(stored) == 2
