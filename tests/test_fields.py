"""Themes of short lists by field, named by a topic most of their papers say (generator/themes/fields.py)."""

from __future__ import annotations

import numpy as np

from generator.analysis.embeddings import model_key
from generator.themes.fields import Fields, field_groups, field_model
from generator.themes.naming import names_a_theme
from generator.themes.nearness import NOWHERE, Nearness, topic_nearness
from generator.themes.topical import Sayings
from generator.themes.topics import vocabulary

# Fields "Robotics", "Graphs", "Theory" and a catch-all with no name, each read from an axis of its own; papers of one
# field lie near its axis, and apart along the last axes.
NAMES = ("Robotics", "Graphs", "Theory", "")
DIMENSIONS = 7


def model(sureness: float = 8.0, names: tuple[str, ...] = NAMES) -> Fields:
    weights = np.zeros((len(names), DIMENSIONS), dtype=np.float32)
    weights[0, 0] = weights[1, 1] = weights[2, 2] = weights[3, 3] = sureness
    return Fields(names, weights, np.zeros(len(names), dtype=np.float32), "test")


def rows(*vectors: list[float]) -> np.ndarray:
    embedding = np.array(vectors, dtype=float)
    return embedding / np.linalg.norm(embedding, axis=1, keepdims=True)


def spelt(*keys: str) -> str:
    return " and ".join(keys).capitalize()


def groups(
    embedding: np.ndarray,
    about: list[set[str]],
    mentions: list[set[str]] | None = None,
    fields: Fields | None = None,
    nearness: Nearness = NOWHERE,
):
    topics, _ = vocabulary()
    sayings = Sayings([frozenset(a) for a in about], [frozenset(m) for m in (mentions or about)])
    keys = {key for said in [*sayings.mentions, *sayings.about] for key in said}
    found, other = field_groups(embedding, sayings, {key: topics.get(key) for key in keys}, fields or model(), spelt, nearness)
    return {theme.label: theme.rows.tolist() for theme in found}, other.tolist()


def test_the_field_model_was_fitted_on_the_sentence_model_the_package_ships():
    fields = field_model()
    assert fields.model == model_key()
    assert fields.weights.shape == (len(fields.names), 384)
    # The catch-all area, "datasets and benchmarks" and representation learning name no session: their papers go by the
    # fields they come nearest.
    assert sum(not name for name in fields.names) == 3
    assert "Reinforcement learning" in fields.names


def test_the_topic_vectors_were_made_by_the_sentence_model_the_package_ships_for_topics_that_name_themes():
    nearness = topic_nearness()
    topics, _ = vocabulary()
    assert nearness.model == model_key()
    assert nearness.vectors.shape == (len(nearness.keys), 384)
    assert len(nearness.keys) > 500
    assert all(names_a_theme(key, topics[key]) for key in nearness.keys)
    # A broad topic is near every paper of its field; a narrow one only near its own.
    background = dict(zip(nearness.keys, nearness.background.tolist(), strict=True))
    assert background["large language model fine-tuning"] > background["3D gaussian splatting"] + 0.2


def near(*topics: tuple[str, list[float], float]) -> Nearness:
    """Topics with the vectors and mean cosines given, in key order as the shipped file has them."""
    ordered = sorted(topics)
    vectors = np.array([vector for _, vector, _ in ordered], dtype=float)
    return Nearness(
        tuple(key for key, _, _ in ordered),
        vectors / np.linalg.norm(vectors, axis=1, keepdims=True),
        np.array([mean for _, _, mean in ordered]),
        "test",
    )


def test_a_paper_is_about_the_topics_it_is_nearest_by_meaning_and_well_above_what_every_paper_comes_to():
    nearness = near(
        ("jailbreak attack", [0, 0, 0, 0, 1, 0, 0], 0.05),
        ("prompt injection", [0, 0, 0, 0, 1, 0.5, 0], 0.05),
        ("red teaming", [0, 0, 0, 0, 1, 0.8, 0], 0.05),
        # Every LLM paper comes near this one: a paper must be far nearer it than they are.
        ("large language model fine-tuning", [0, 0, 0, 0, 0, 0, 1], 0.45),
    )
    papers = rows([0, 0, 0, 0, 1, 0.1, 0.9], [0, 0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0, 0])
    assert nearness.near(papers) == [
        # The two nearest of three near topics; fine-tuning is near (0.67) but not above its mean by enough.
        frozenset({"jailbreak attack", "prompt injection"}),
        frozenset({"large language model fine-tuning"}),
        frozenset(),
    ]


def test_a_topic_cuts_a_field_and_its_papers_theme_is_named_by_the_topic_they_are_all_nearest():
    # Twelve robotics papers: four about manipulation that lie near "dexterous manipulation", four about motion planning
    # near no topic, and four about neither.
    embedding = rows(*[[1, 0, 0, 0, 0.1 * (i % 3), 0.1 * (i // 3), float(i < 4)] for i in range(12)])
    about = [{"robotic manipulation"}] * 4 + [{"motion planning"}] * 4 + [set()] * 4
    nearness = near(("dexterous manipulation", [0.2, 0, 0, 0, 0, 0, 1], 0.1))
    found, other = groups(embedding, about, nearness=nearness)
    assert found == {
        "Dexterous manipulation": [0, 1, 2, 3],
        "Motion planning": [4, 5, 6, 7],
        "Robotics": [8, 9, 10, 11],
    }
    assert other == []


def test_a_field_is_named_by_a_topic_three_in_four_of_its_papers_say_and_by_its_own_name_otherwise():
    # Four robotics papers near each other, three of which say "robotic manipulation"; three graph papers that share no topic.
    embedding = rows(*[[1, 0, 0, 0, 0.3 * i, 0, 0] for i in range(4)], *[[0, 1, 0, 0, 0, 0.3 * i, 0] for i in range(3)])
    manipulation = {"robotic manipulation"}
    found, other = groups(embedding, [manipulation, manipulation, manipulation, set(), set(), set(), set()])
    assert found == {"Robotic manipulation": [0, 1, 2, 3], "Graphs": [4, 5, 6]}
    assert other == []


def test_a_field_no_topic_names_is_named_by_two_that_between_them_three_in_four_of_its_papers_say():
    # Four graph papers, two on molecules and two on traffic: neither topic alone is said by three in four.
    embedding = rows(*[[0, 1, 0, 0, 0, 0.3 * i, 0] for i in range(4)], *[[1, 0, 0, 0, 0.3 * i, 0, 0] for i in range(3)])
    mentions = [{"molecular generation"}, {"molecular generation"}, {"traffic forecasting"}, {"traffic forecasting"}]
    found, _ = groups(embedding, [set()] * 7, mentions + [set()] * 3)
    assert found["Molecular generation and traffic forecasting"] == [0, 1, 2, 3]


def test_one_papers_topic_is_never_half_a_fields_name():
    # Two of four graph papers say one topic and one paper another: together three in four, but one paper's topic is no half.
    embedding = rows(*[[0, 1, 0, 0, 0, 0.3 * i, 0] for i in range(4)], *[[1, 0, 0, 0, 0.3 * i, 0, 0] for i in range(3)])
    mentions = [{"molecular generation"}, {"molecular generation"}, {"traffic forecasting"}, set()]
    found, _ = groups(embedding, [set()] * 7, mentions + [set()] * 3)
    assert found["Graphs"] == [0, 1, 2, 3]


def test_the_multi_modal_field_is_named_by_the_modality_three_in_four_of_its_papers_speak_of():
    fields = model(names=("Vision, audio and language", "Graphs", "Theory", ""))
    embedding = rows(*[[1, 0, 0, 0, 0.3 * i, 0, 0] for i in range(4)], *[[0, 1, 0, 0, 0, 0.3 * i, 0] for i in range(3)])
    # No topic is said by two of them, but three of the four speak of images, video or 3D scenes.
    seen = [{"image restoration"}, {"video tokenizer"}, {"3d scene graph"}, {"protein folding"}]
    found, _ = groups(embedding, [set()] * 7, seen + [set()] * 3, fields=fields)
    assert found["Image and video"] == [0, 1, 2, 3]
    heard = [{"speech recognition"}, {"audio codec"}, {"music generation"}, {"image captioning"}]
    found, _ = groups(embedding, [set()] * 7, heard + [set()] * 3, fields=fields)
    assert found["Speech and audio"] == [0, 1, 2, 3]
    # Papers on translation and parsing are no session on images or sound: the field keeps its own name.
    read = [{"machine translation"}, {"dependency parsing"}, {"image captioning"}, {"speech recognition"}]
    found, _ = groups(embedding, [set()] * 7, read + [set()] * 3, fields=fields)
    assert found["Vision, audio and language"] == [0, 1, 2, 3]


def test_papers_a_model_put_in_one_field_that_share_nothing_are_no_theme():
    # Eight close robotics papers; two papers the model calls graph papers, though they lie far apart (and as far from the rest).
    embedding = rows(*[[1, 0, 0, 0, 0.1 * i, 0, 0] for i in range(8)], [0.2, 1, 0, 0, 0, 3, 0], [0.2, 1, 0, 0, 0, 0, 3])
    found, other = groups(embedding, [set()] * 10)
    assert list(found) == ["Robotics"]
    # The graph papers join the field left, and the model's doubt about them there closes the list with them.
    assert other == [8, 9]
    assert found["Robotics"] == list(range(8))


def test_two_close_papers_of_one_field_are_a_theme():
    embedding = rows(*[[1, 0, 0, 0, 0.1 * i, 0, 0] for i in range(5)], [0, 1, 0, 0, 0, 0.2, 0], [0, 1, 0, 0, 0, 0.1, 0])
    found, other = groups(embedding, [set()] * 7)
    assert found == {"Robotics": [0, 1, 2, 3, 4], "Graphs": [5, 6]}
    assert other == []


def test_a_paper_the_model_is_unsure_of_closes_the_list_and_the_closing_section_holds_at_most_a_fifth():
    # Seven robotics papers, and three the model finds as likely in robotics as in graphs or theory.
    embedding = rows(*[[1, 0, 0, 0, 0.1 * i, 0, 0] for i in range(7)], *[[1, 1, 1, 0, 0, 0.1 * i, 0] for i in range(3)])
    found, other = groups(embedding, [set()] * 10)
    assert len(other) == 2
    assert set(other) <= {7, 8, 9}
    assert sorted(found["Robotics"] + other) == list(range(10))


def test_a_paper_in_the_catch_all_field_joins_the_named_field_it_comes_nearest():
    embedding = rows(*[[1, 0, 0, 0, 0.1 * i, 0, 0] for i in range(4)], [0.3, 0, 0, 1, 0, 0, 0])
    found, other = groups(embedding, [set()] * 5, fields=model(sureness=3.0))
    assert sorted(found["Robotics"] + other) == [0, 1, 2, 3, 4]


def test_a_big_field_is_cut_by_the_topics_its_papers_are_about_and_the_rest_keeps_the_field():
    embedding = rows(*[[1, 0, 0, 0, 0.1 * (i % 3), 0.1 * (i // 3), 0] for i in range(12)])
    about = [{"robotic manipulation"}] * 4 + [{"motion planning"}] * 4 + [set()] * 4
    found, other = groups(embedding, about)
    assert found == {
        "Robotic manipulation": [0, 1, 2, 3],
        "Motion planning": [4, 5, 6, 7],
        "Robotics": [8, 9, 10, 11],
    }
    assert other == []


def test_two_close_papers_about_one_topic_are_cut_from_a_small_field_and_two_far_apart_are_not():
    # Five robotics papers: two close ones about grasping, two about locomotion that lie far apart, and one about neither.
    embedding = rows(
        [1, 0, 0, 0, 0, 0, 0.05],
        [1, 0, 0, 0, 0, 0, 0.1],
        [1, 0, 0, 0, 1.5, 0, 0],
        [1, 0, 0, 0, -1.5, 0, 0],
        [1, 0, 0, 0, 0, 1.5, 0],
    )
    about = [{"robotic grasping"}, {"robotic grasping"}, {"legged locomotion"}, {"legged locomotion"}, set()]
    found, other = groups(embedding, about)
    assert found == {"Robotic grasping": [0, 1], "Robotics": [2, 3, 4]}
    assert other == []


def test_fields_whose_papers_say_one_topic_are_one_theme():
    # Robotics and graph papers, all about "reinforcement learning": one session.
    embedding = rows(*[[1, 0, 0, 0, 0.1 * i, 0, 0] for i in range(3)], *[[0, 1, 0, 0, 0, 0.1 * i, 0] for i in range(3)])
    found, other = groups(embedding, [{"reinforcement learning"}] * 6)
    assert found == {"Reinforcement learning": [0, 1, 2, 3, 4, 5]}
    assert other == []


def test_a_list_too_short_or_scattered_for_any_field_to_stand_is_not_cut_by_field():
    embedding = rows([1, 0, 0, 0, 3, 0, 0], [0, 1, 0, 0, 0, 3, 0], [0, 0, 1, 0, 0, 0, 3])
    found, other = groups(embedding, [set()] * 3)
    assert found == {}
    assert other == [0, 1, 2]
