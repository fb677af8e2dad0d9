"""A short list's themes settled: names true of their papers, no catch-all, no two siblings of one topic (themes/settle.py)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import numpy as np
import pytest

from generator.themes.fields import Named
from generator.themes.nearness import NOWHERE
from generator.themes.settle import CLOSING_FEW, Naming, settle
from generator.themes.truth import Truth, name_parts, same_topic

TOPICS = ("graph neural network", "diffusion model", "federated learning", "reinforcement learning", "optimization")


def label(*keys: str) -> str:
    return " and ".join(f"{key}s" if key.endswith(("network", "model")) else key for key in keys).capitalize()


def naming(mentions: list[set[str]], embedding: np.ndarray, smallest: int = 2) -> Naming:
    said = [frozenset(m) for m in mentions]
    weight = {key: 1.0 for m in said for key in m}
    saying = Counter(key for m in said for key in m)

    def cut(rows: np.ndarray, n: int) -> list[np.ndarray]:
        return [part for part in np.array_split(np.sort(rows), n) if len(part)]

    return Naming(Truth(said), embedding, weight, saying, NOWHERE, label, smallest, cut)


def unit(rows: list[list[float]]) -> np.ndarray:
    matrix = np.array(rows, dtype=float)
    return matrix / np.linalg.norm(matrix, axis=1, keepdims=True)


def test_a_paper_that_shares_a_topic_with_a_theme_is_never_left_in_the_closing_section():
    # Row 8 says "graph neural network" though it lies far from that theme's papers; row 9 says nothing any theme is named by.
    embedding = unit([[1, 0.1 * i, 0] for i in range(4)] + [[0, 1, 0.1 * i] for i in range(4)] + [[0, 0.2, 1], [0, 0, 1]])
    mentions = [{"graph neural network"}] * 4 + [{"diffusion model"}] * 4 + [{"graph neural network"}, set()]
    themes = [Named("Graph neural networks", np.arange(4)), Named("Diffusion models", np.arange(4, 8))]
    settled, other = settle(themes, np.array([8, 9]), naming(mentions, embedding))
    assert 8 in next(t.rows for t in settled if t.label == "Graph neural networks")
    assert other.tolist() == [9]


@pytest.mark.parametrize("seed", range(30))
def test_no_paper_of_the_closing_section_is_one_a_themes_name_is_true_of_and_it_holds_a_few_at_most(seed):
    rng = random.Random(seed)
    count = rng.choice([19, 50, 150])
    mentions = [set(rng.sample(TOPICS, rng.randint(0, 2))) for _ in range(count)]
    embedding = unit([[rng.random() for _ in range(6)] for _ in range(count)])
    parts = np.array_split(np.array(rng.sample(range(count), count)), len(TOPICS))
    # A theme per topic, each giving the closing section its last paper and a few more on longer lists.
    out = 1 + count // 50
    themes = [Named(label(TOPICS[i]), np.sort(part[:-out])) for i, part in enumerate(parts)]
    other = np.sort(np.concatenate([part[-out:] for part in parts]))
    setting = naming(mentions, embedding)
    settled, closing = settle(themes, other, setting)
    for row in closing:
        assert not any(setting.truth.papers(theme.label, np.array([row]))[0] for theme in settled)
    assert len(closing) <= max(CLOSING_FEW, 0.05 * count)
    assert sorted(np.concatenate([closing, *(t.rows for t in settled)]).tolist()) == list(range(count))


def test_a_label_that_most_members_do_not_say_is_not_used():
    # A field's session name over four papers, three of which say federated learning and none safety or alignment.
    embedding = unit([[1, 0.1 * i] for i in range(4)] + [[0.1 * i, 1] for i in range(4)])
    mentions = [{"federated learning"}] * 3 + [set()] + [{"diffusion model"}] * 4
    themes = [Named("Safety and alignment", np.arange(4)), Named("Diffusion models", np.arange(4, 8))]
    settled, _ = settle(themes, np.array([], dtype=int), naming(mentions, embedding))
    assert sorted(t.label for t in settled) == ["Diffusion models", "Federated learning"]
    for theme in settled:
        assert Truth([frozenset(m) for m in mentions]).holds(theme.label, theme.rows)


def test_a_name_holds_when_most_papers_say_a_part_and_every_part_is_said():
    truth = Truth([frozenset({"image"}), frozenset({"image"}), frozenset({"video"}), frozenset()])
    assert truth.holds("Image and video", np.arange(4))
    assert not truth.holds("Image and video", np.array([0, 1, 3]))  # no paper says video
    assert not truth.holds("Vision, audio and language", np.arange(4))
    assert name_parts("Vision, audio and language") == ("Vision", "audio", "language")


def test_two_names_of_one_topic_at_two_grains_are_told_and_a_menus_single_word_meets_only_itself():
    assert same_topic("Optimization", "Convex optimization")
    assert same_topic("Robotics and planning", "Planning")
    assert same_topic("Image and video", "Image")
    assert same_topic("Large language models", "Reasoning large language models")
    assert same_topic("Large language model evaluation", "Large language models")
    assert not same_topic("Vision, audio and language", "Large language models")
    assert not same_topic("Diffusion models", "Generative models")
    assert not same_topic("Image and video", "Image retrieval")


@pytest.mark.parametrize("seed", range(20))
def test_sibling_labels_never_share_a_head_topic(seed):
    rng = random.Random(seed)
    names = ["Optimization", "Convex optimization", "Large language models", "Large language model evaluation",
             "Reasoning large language models", "Graph neural networks", "Diffusion models"]  # fmt: skip
    keys = {"Optimization": "optimization", "Convex optimization": "convex optimization",
            "Large language models": "large language model", "Large language model evaluation": "large language model evaluation",
            "Reasoning large language models": "reasoning large language model",
            "Graph neural networks": "graph neural network", "Diffusion models": "diffusion model"}  # fmt: skip
    chosen = rng.sample(names, 5)
    count = 40
    embedding = unit([[rng.random() for _ in range(5)] for _ in range(count)])
    parts = np.array_split(np.arange(count), len(chosen))
    mentions = [set() for _ in range(count)]
    for name, part in zip(chosen, parts, strict=True):
        for row in part:
            mentions[row] |= {keys[name], *(k for k in keys.values() if f" {k} " in f" {keys[name]} ")}
    themes = [Named(name, part) for name, part in zip(chosen, parts, strict=True)]
    settled, _ = settle(themes, np.array([], dtype=int), naming(mentions, embedding))
    labels = [t.label for t in settled]
    assert not [(a, b) for i, a in enumerate(labels) for b in labels[i + 1 :] if same_topic(a, b)]
    assert sorted(np.concatenate([t.rows for t in settled]).tolist()) == list(range(count))


def test_a_theme_of_half_a_short_list_gives_a_session_to_a_topic_a_few_of_its_papers_share():
    # Twelve of nineteen papers say "large language model", truly; four of them also say "jailbreak attack".
    embedding = unit([[1, 0.05 * i, 0] for i in range(12)] + [[0, 1, 0.1 * i] for i in range(7)])
    mentions = [{"large language model"} | ({"jailbreak attack"} if i < 4 else set()) for i in range(12)]
    mentions += [{"diffusion model"}] * 4 + [{"graph neural network"}] * 3
    themes = [
        Named("Large language models", np.arange(12)),
        Named("Diffusion models", np.arange(12, 16)),
        Named("Graph neural networks", np.arange(16, 19)),
    ]
    settled, _ = settle(themes, np.array([], dtype=int), naming(mentions, embedding))
    by_label = {t.label: t.rows.tolist() for t in settled}
    assert by_label["Jailbreak attack"] == [0, 1, 2, 3]
    assert by_label["Large language models"] == list(range(4, 12))
    assert all(Truth([frozenset(m) for m in mentions]).holds(t.label, t.rows) for t in settled)


def test_a_theme_whose_name_is_true_of_few_gives_sessions_to_the_topics_its_papers_share():
    # A field's name over eight papers that never say it: three say federated learning, two machine translation.
    embedding = unit([[1, 0.05 * i, 0] for i in range(8)] + [[0, 1, 0.1 * i] for i in range(6)])
    mentions = [{"federated learning"}] * 3 + [{"machine translation"}] * 2 + [set()] * 3 + [{"diffusion model"}] * 6
    themes = [Named("Safety and alignment", np.arange(8)), Named("Diffusion models", np.arange(8, 14))]
    settled, _ = settle(themes, np.array([], dtype=int), naming(mentions, embedding))
    by_label = {t.label: t.rows.tolist() for t in settled}
    assert by_label["Federated learning"] == [0, 1, 2]
    assert by_label["Machine translation"] == [3, 4]
    assert by_label["Diffusion models"] == list(range(8, 14))
    assert sorted(np.concatenate([t.rows for t in settled]).tolist()) == list(range(14))


def test_a_menus_single_word_never_names_a_session_on_its_own():
    # "Image and video" over four papers that say "image" and none "video": "Image" alone would be true, and a fragment.
    embedding = unit([[1, 0.1 * i] for i in range(4)] + [[0.1 * i, 1] for i in range(4)])
    mentions = [{"image"}] * 4 + [{"diffusion model"}] * 4
    themes = [Named("Image and video", np.arange(4)), Named("Diffusion models", np.arange(4, 8))]
    setting = dataclasses.replace(naming(mentions, embedding), weight={"diffusion model": 1.0})
    settled, _ = settle(themes, np.array([], dtype=int), setting)
    assert "Image" not in [t.label for t in settled]
    assert sorted(np.concatenate([t.rows for t in settled]).tolist()) == list(range(8))
