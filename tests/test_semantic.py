"""The papers' sentence vectors the site ships (vectors.js) and the semantic option that decides whether it does."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from support import REPO

from generator.cli import main
from generator.render.exports import vectors_script

CJK_DATA = REPO / "tests" / "data" / "cjk"


def decoded(script: str) -> dict:
    """vectors.js's data, its rows as floats (int8 x scale)."""
    match = re.fullmatch(r"window\.RL_VECTORS = (.*);\n", script, flags=re.S)
    assert match, script[:200]
    data = json.loads(match.group(1))
    rows = np.frombuffer(base64.b64decode(data["data"]), dtype=np.int8).reshape(len(data["ids"]), data["dims"])
    return {**data, "rows": rows.astype(np.float64) * data["scale"]}


def generate(project: Path, *args: str, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(project)
    return CliRunner().invoke(main, ["generate", *args, "--docs", "md"], catch_exceptions=False)


def test_vectors_are_int8_rows_that_keep_each_unit_vector():
    rng = np.random.default_rng(0)
    embedding = rng.normal(size=(50, 384))
    embedding = (embedding / np.linalg.norm(embedding, axis=1, keepdims=True)).round(5)
    ids = [f"p{i:02d}" for i in range(50)]
    script = vectors_script(ids, embedding)
    data = decoded(script)
    assert data["ids"] == ids
    assert data["dims"] == 384
    # Each value within half a step of the float's, so cosines move by less than 0.01.
    assert np.abs(data["rows"] - embedding).max() <= data["scale"] / 2 + 1e-12
    assert np.abs(data["rows"] @ data["rows"].T - embedding @ embedding.T).max() < 0.01
    # The largest value uses the whole int8 range.
    assert np.abs(data["rows"]).max() == pytest.approx(np.abs(embedding).max(), abs=data["scale"])
    assert vectors_script(ids, embedding.copy()) == script


def test_a_small_list_ships_its_vectors_and_the_recommendations_slot(project, three_papers, monkeypatch):
    result = generate(project, str(three_papers), monkeypatch=monkeypatch)
    assert result.exit_code == 0, result.output
    data = decoded((project / "md" / "vectors.js").read_text(encoding="utf-8"))
    papers = json.loads((project / "md" / "papers.json").read_text(encoding="utf-8"))
    assert data["ids"] == sorted(p["id"] for p in papers)
    assert np.linalg.norm(data["rows"], axis=1) == pytest.approx(np.ones(3), abs=0.01)
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
def test_a_list_of_chinese_or_japanese_abstracts_ships_no_vectors_and_says_why(project, monkeypatch, language):
    result = generate(project, str(CJK_DATA / f"{language}.jsonl"), "--semantic", "true", monkeypatch=monkeypatch)
    assert result.exit_code == 0, result.output
    assert not (project / "md" / "vectors.js").exists()
    assert "rl-recommend" not in (project / "md" / "index.md").read_text(encoding="utf-8")
    assert re.search(r"Recommendations off: \d+ of \d+ abstracts are Chinese or Japanese", result.output)
