"""The papers' sentence vectors the site ships (vectors.js) and the semantic option that decides whether it does."""

from __future__ import annotations

import base64
import json
import random
import re
import warnings
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from support import REPO

from generator.cli import main
from generator.model import Paper, Source
from generator.render.exports import vectors_script
from generator.themes import Vectors

CJK_DATA = REPO / "tests" / "data" / "cjk"


def decoded(script: str) -> dict:
    """vectors.js's data, its rows and its topics' rows as floats (int8 x scale)."""
    match = re.fullmatch(r"window\.RL_VECTORS = (.*);\n", script, flags=re.S)
    assert match, script[:200]
    data = json.loads(match.group(1))
    return {**data, "rows": floats(data, len(data["ids"])), "topic_rows": floats(data["topics"], len(data["ids"]))}


def floats(data: dict, count: int) -> np.ndarray:
    rows = np.frombuffer(base64.b64decode(data["data"]), dtype=np.int8).reshape(count, data["dims"])
    return rows.astype(np.float64) * data["scale"]


def generate(project: Path, *args: str, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(project)
    return CliRunner().invoke(main, ["generate", *args, "--docs", "md"], catch_exceptions=False)


def unit_rows(rng: np.random.Generator, count: int, dims: int) -> np.ndarray:
    rows = rng.normal(size=(count, dims))
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).round(5)


def test_vectors_and_topics_are_int8_rows_that_keep_each_unit_vector():
    rng = np.random.default_rng(0)
    embedding, topics = unit_rows(rng, 50, 384), unit_rows(rng, 50, 40)
    ids = [f"p{i:02d}" for i in range(50)]
    script = vectors_script(ids, embedding, topics)
    data = decoded(script)
    assert data["ids"] == ids
    assert (data["dims"], data["topics"]["dims"]) == (384, 40)
    for rows, floats, scale in ((data["rows"], embedding, data["scale"]), (data["topic_rows"], topics, data["topics"]["scale"])):
        # Each value within half a step of the float's, so cosines move by less than 0.01.
        assert np.abs(rows - floats).max() <= scale / 2 + 1e-12
        assert np.abs(rows @ rows.T - floats @ floats.T).max() < 0.01
        # The largest value uses the whole int8 range.
        assert np.abs(rows).max() == pytest.approx(np.abs(floats).max(), abs=scale)
    assert vectors_script(ids, embedding.copy(), topics.copy()) == script


def test_topics_are_the_abstracts_words_in_forty_directions_where_papers_of_one_subject_meet():
    subjects = [
        "diffusion models, image generation, denoising, score matching, text-to-image synthesis, sampling steps, "
        "latent spaces, classifier guidance, video generation, noise schedules, inpainting, super-resolution",
        "reinforcement learning, policy gradient, reward shaping, offline datasets, exploration, value functions, "
        "robot control, multi-agent games, model-based planning, curiosity, actor-critic methods, sparse rewards",
        "graph neural networks, message passing, node classification, molecular graphs, oversmoothing, link prediction, "
        "graph transformers, protein structures, knowledge graphs, graph pooling, heterophily, subgraph counting",
    ]
    phrases = [subject.split(", ") for subject in subjects]
    rng = random.Random(0)
    papers = [
        Paper(
            id=f"p{i:03d}",
            abstract=f"We study {', '.join(rng.sample(phrases[i % 3], 4))} and {rng.choice(phrases[i % 3])}.",
            source=Source("t.jsonl", i + 1),
        )
        for i in range(150)
    ]
    topics = Vectors(papers).topics()
    assert topics.shape == (150, 40)
    assert np.linalg.norm(topics, axis=1) == pytest.approx(np.ones(150), abs=1e-5)
    cosines = topics @ topics.T
    same = np.equal.outer(np.arange(150) % 3, np.arange(150) % 3)
    np.fill_diagonal(cosines, -np.inf)
    # Every paper's nearest is of its subject, and papers of two subjects are nowhere near.
    assert (cosines.argmax(axis=1) % 3 == np.arange(150) % 3).all()
    assert np.abs(cosines[~same]).max() < 0.1
    # The same papers give the same bits.
    assert np.array_equal(Vectors(list(reversed(papers))).topics(), topics)


def test_papers_that_say_the_same_words_get_their_topics_without_a_warning():
    # Three papers whose terms are all alike: the topics have no variance to share out, and no warning says so.
    papers = [
        Paper(id=f"g{n}", abstract=f"We propose method {n} for graph learning.", source=Source("t.jsonl", n + 1))
        for n in range(3)
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        topics = Vectors(papers).topics()
    assert len(topics) == 3
    assert np.isfinite(topics).all()


def test_a_small_list_ships_its_vectors_and_the_recommendations_slot(project, three_papers, monkeypatch):
    result = generate(project, str(three_papers), monkeypatch=monkeypatch)
    assert result.exit_code == 0, result.output
    data = decoded((project / "md" / "vectors.js").read_text(encoding="utf-8"))
    papers = json.loads((project / "md" / "papers.json").read_text(encoding="utf-8"))
    assert data["ids"] == sorted(p["id"] for p in papers)
    assert np.linalg.norm(data["rows"], axis=1) == pytest.approx(np.ones(3), abs=0.01)
    # Three papers have two directions of difference between them.
    assert data["topics"]["dims"] == 2
    assert np.linalg.norm(data["topic_rows"], axis=1) == pytest.approx(np.ones(3), abs=0.01)
    assert 'class="rl-recommend"' in (project / "md" / "index.md").read_text(encoding="utf-8")
    assert 'class="rl-recommend"' in (project / "md" / "reading-list.md").read_text(encoding="utf-8")


def test_semantic_false_ships_no_vectors_and_no_recommendations(project, three_papers, monkeypatch):
    result = generate(project, str(three_papers), "--semantic", "false", monkeypatch=monkeypatch)
    assert result.exit_code == 0, result.output
    assert (project / "md" / "index.md").is_file()
    assert not (project / "md" / "vectors.js").exists()
    assert "rl-recommend" not in (project / "md" / "index.md").read_text(encoding="utf-8")
    assert "rl-recommend" not in (project / "md" / "reading-list.md").read_text(encoding="utf-8")


def test_semantic_true_ships_vectors_though_the_themes_do_without_the_model(project, three_papers, monkeypatch):
    config = project / "mkdocs.yml"
    config.write_text(re.sub(r"(\n\s+- readinglist:\n)", r"\1      embeddings: false\n", config.read_text(), count=1))
    assert "embeddings: false" in config.read_text()
    off = generate(project, str(three_papers), monkeypatch=monkeypatch)
    assert off.exit_code == 0, off.output
    assert not (project / "md" / "vectors.js").exists()
    on = generate(project, str(three_papers), "--semantic", "true", monkeypatch=monkeypatch)
    assert on.exit_code == 0, on.output
    assert len(decoded((project / "md" / "vectors.js").read_text(encoding="utf-8"))["ids"]) == 3


@pytest.mark.parametrize("language", ["zh", "ja"])
def test_a_list_of_chinese_or_japanese_abstracts_is_not_encoded_by_the_english_model(project, monkeypatch, language):
    result = generate(project, str(CJK_DATA / f"{language}.jsonl"), monkeypatch=monkeypatch)
    assert result.exit_code == 0, result.output
    assert "Sentence model: off for 30 papers: 30 are Chinese or Japanese, and the model reads English" in result.output
    assert "Embedding" not in result.output
    # Themes, related papers and the map come from the papers' terms instead.
    records = json.loads((project / "md" / "papers.json").read_text(encoding="utf-8"))
    assert len({record["theme"] for record in records}) >= 4


def test_embeddings_true_encodes_a_japanese_list_as_asked(project, monkeypatch):
    config = project / "mkdocs.yml"
    config.write_text(re.sub(r"(\n\s+- readinglist:\n)", r"\1      embeddings: true\n", config.read_text(), count=1))
    result = generate(project, str(CJK_DATA / "ja.jsonl"), monkeypatch=monkeypatch)
    assert result.exit_code == 0, result.output
    assert "Sentence model: on for 30 papers" in result.output
    assert "Embedding 30 papers with all-MiniLM-L6-v2" in result.output


@pytest.mark.parametrize("language", ["zh", "ja"])
def test_a_list_of_chinese_or_japanese_abstracts_ships_no_vectors_and_says_why(project, monkeypatch, language):
    result = generate(project, str(CJK_DATA / f"{language}.jsonl"), "--semantic", "true", monkeypatch=monkeypatch)
    assert result.exit_code == 0, result.output
    assert not (project / "md" / "vectors.js").exists()
    assert "rl-recommend" not in (project / "md" / "index.md").read_text(encoding="utf-8")
    assert re.search(r"Recommendations off: \d+ of \d+ abstracts are Chinese or Japanese", result.output)
