"""Themes of one-level lists named by the topics their papers say (generator/themes/topical.py, topics.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from support import make_paper

from generator.config import ThemeSettings
from generator.enrich import enrich
from generator.model import ReadingList
from generator.read import read_papers
from generator.state.memory import update_memory
from generator.text.keyphrases import said
from generator.themes import detect_themes
from generator.themes.detect import OTHER_SLUG
from generator.themes.naming import name_groups
from generator.themes.topical import Sayings, topical_groups
from generator.themes.topics import naming_weight, vocabulary
from generator.themes.vectors import paper_vectors

REPO = Path(__file__).resolve().parent.parent
CJK = Path(__file__).parent / "data" / "cjk"

# Every abstract ends in the boilerplate every field writes; what the papers share is the topic before it.
BOILERPLATE = " Extensive experiments show state-of-the-art performance, and code is on our project website."
FEDERATED = (
    "Federated learning trains a model across clients without sharing their data. We reduce client drift in federated learning.",
    "We study federated learning with heterogeneous devices, and a server that weights client updates by their staleness.",
    "Personalised federated learning keeps a head per client. Our method lets clients share a body through federated learning.",
    "Federated learning leaks data through gradients. We bound the leakage of federated learning under secure aggregation.",
)
DIFFUSION = (
    "Diffusion models generate images by denoising. We distil diffusion models into a sampler that needs four steps.",
    "We guide diffusion models with a classifier trained on noisy images, and study when guidance of diffusion models fails.",
    "Video diffusion models are slow. Our cache reuses the features of diffusion models across denoising steps.",
    "Diffusion models memorise training images. We detect which images diffusion models copy from their training set.",
)
ODD = "The migration of eels across the Sargasso Sea is timed by the moon, as tags on forty eels recorded over three winters."


def papers(*groups: tuple[str, ...], suffix: str = "") -> list:
    texts = [text for group in groups for text in group]
    return [make_paper(id=f"p{i:02d}", abstract=text + suffix) for i, text in enumerate(texts)]


def detect(items: list, **settings: object) -> ReadingList:
    return detect_themes(enrich(ReadingList("t", items)), ThemeSettings(**settings), embeddings=True)


def test_boilerplate_never_names_a_theme_though_every_paper_says_it():
    found = detect(papers(FEDERATED, DIFFUSION, suffix=BOILERPLATE))
    labels = [t.label.lower() for t in found.themes]
    assert labels == ["diffusion models", "federated learning"]
    for label in labels:
        assert not re.search(r"experiment|state-of-the-art|performance|code|project|website", label)


def test_an_everyday_phrase_weighs_less_than_a_topic_in_naming():
    topics, _ = vocabulary()
    everyday = [naming_weight(key, topics[key]) for key in ("future research", "downstream task", "computational cost")]
    topical = [naming_weight(key, topics[key]) for key in ("federated learning", "diffusion model", "graph neural network")]
    assert max(everyday) < 0.2 * min(topical)


def test_a_phrase_four_of_five_papers_say_beats_one_that_one_paper_says():
    items = papers((*FEDERATED[:4], "Graph neural networks pass messages between the atoms of a molecule."))
    # The fifth paper says "graph neural networks", a topic as good as any, but alone: it names nothing, and,
    # sharing nothing with federated learning, closes the list (a fifth of five papers).
    found = detect(items, other="Other topics")
    assert [(t.label, t.paper_ids) for t in found.themes] == [
        ("Federated learning", ("p00", "p01", "p02", "p03")),
        ("Other topics", ("p04",)),
    ]


def test_a_paper_that_fits_no_theme_lands_in_the_closing_section():
    items = papers(FEDERATED, DIFFUSION, (ODD,))
    found = detect(items, other="Other topics")
    closing = found.themes[-1]
    assert (closing.slug, closing.label, closing.other) == (OTHER_SLUG, "Other topics", True)
    assert closing.paper_ids == ("p08",)
    assert [t.other for t in found.themes[:-1]] == [False, False]
    assert found.by_id()["p08"].theme == OTHER_SLUG


def test_the_closing_section_is_named_in_the_interface_language_and_holds_at_most_a_fifth():
    items = papers(FEDERATED, DIFFUSION, (ODD, "Quasars flicker. We time the flicker of forty quasars with a small telescope."))
    found = detect(items, other="其他主题")
    closing = [t for t in found.themes if t.other]
    assert [t.label for t in closing] == ["其他主题"]
    assert len(closing[0].paper_ids) <= 0.2 * len(items)
    assert sorted(p for t in found.themes for p in t.paper_ids) == sorted(p.id for p in items)


def test_a_broad_topic_names_close_papers_that_say_it_not_a_distant_paper_that_mentions_it():
    # Ten papers about federated learning; three close ones about large language models; three close to
    # each other and far from both, one of which mentions large language models in passing.
    topics, _ = vocabulary()
    federated, broad = "federated learning", "large language model"
    axes = np.eye(3)
    embedding = np.array([axes[0]] * 10 + [axes[1]] * 3 + [axes[2]] * 3)
    about = [frozenset({federated})] * 10 + [frozenset({broad})] * 3 + [frozenset()] * 3
    mentions = [*about[:13], frozenset(), frozenset({broad}), frozenset()]

    def by_axis(rows: np.ndarray, n: int) -> list[np.ndarray]:
        """A stand-in for the closeness cut: rows grouped by the axis they lie on."""
        return [
            rows[embedding[rows].argmax(axis=1) == axis] for axis in range(3) if (embedding[rows].argmax(axis=1) == axis).any()
        ]

    candidates = {federated: topics[federated], broad: topics[broad]}
    sessions, other = topical_groups(embedding, Sayings(about, mentions), candidates, 5, by_axis)
    assert {s.key: s.rows.tolist() for s in sessions} == {federated: list(range(10)), broad: [10, 11, 12]}
    assert other.tolist() == [13, 14, 15]


def test_a_list_of_chinese_abstracts_gets_labels_in_its_own_words():
    records = [json.loads(line) for line in (CJK / "zh.jsonl").read_text(encoding="utf-8").splitlines()]
    items = [make_paper(id=r["id"], abstract=r["abstract"]) for r in records]
    found = detect(items, other="其他主题")
    assert found.themes
    for theme in found.themes:
        assert re.search(r"[\u4e00-\u9fff]", theme.label), theme.label
        assert not re.search(r"[A-Za-z]{3,}", theme.label), theme.label


def test_the_bundled_lists_themes_are_the_same_at_every_build(tmp_path):
    def themes(memory: Path | None = None) -> list[tuple[str, str, tuple[str, ...]]]:
        found = detect_themes(
            enrich(read_papers([REPO / "data" / "iclr2026.txt"])), ThemeSettings(memory=memory), embeddings=True
        )
        return [(t.slug, t.label, t.paper_ids) for t in found.themes], found

    first, found = themes()
    memory = tmp_path / "theme-memory.json"
    update_memory(found, memory, group_by="")
    again, _ = themes()
    from_memory, _ = themes(memory)
    assert again == first == from_memory


def test_a_paper_says_an_acronym_its_abstract_defines_or_the_vocabulary_knows():
    _, acronyms = vocabulary()
    assert "large language model" in said("We prompt LLMs to plan.", acronyms)
    assert "graph neural network" in said("Graph neural networks (GNNs) pass messages; GNNs oversmooth.", {})
    assert said("Federated learning, and federated learning again.", {})["federated learning"] == 2


@pytest.mark.parametrize("key", ["machine learning", "deep learning", "neural network"])
def test_the_fields_own_name_names_no_theme(key):
    topics, _ = vocabulary()
    assert topics[key].topicality == 0


def test_a_sub_themes_label_never_repeats_its_parents_words():
    video = [
        "Video diffusion models generate long videos. We keep motion consistent across frames of generated videos.",
        "Diffusion models for video editing: we edit motion in videos while keeping the frames of the videos consistent.",
        "We speed up video diffusion models by caching frames, so that long videos are generated in real time.",
    ]
    molecules = [
        "Diffusion models design molecules. We generate 3D molecules whose molecular conformations are stable.",
        "Equivariant diffusion models generate molecules; molecular conformations respect the symmetries of 3D space.",
        "We guide diffusion models toward molecules with target properties and valid molecular conformations.",
    ]
    items = enrich(ReadingList("t", papers(tuple(video), tuple(molecules)))).papers
    vectors = paper_vectors(items)
    rows = [vectors.row[p.id] for p in items]
    children = name_groups(
        vectors, [np.array(rows[:3]), np.array(rows[3:])], frozenset(), within=np.array(rows), parent="Diffusion models"
    )
    for child in children:
        assert "diffusion" not in child.label.lower(), child.label
        assert "model" not in child.label.lower(), child.label
