"""Themes: every paper in one named theme (generator.themes)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest
from support import DEV_DATA, build_site, copy_project, dev_papers, needs_dev

from generator.config import ThemeSettings
from generator.enrich import enrich
from generator.errors import ConfigError
from generator.model import Paper, ReadingList, Source
from generator.read import read_papers
from generator.text.keyphrases import said
from generator.text.slugs import slugify
from generator.themes import detect_themes
from generator.themes.cut import automatic_k
from generator.themes.naming import _label_candidates, topic_label
from generator.themes.topics import vocabulary
from generator.themes.truth import Truth, same_topic
from generator.themes.vectors import paper_vectors

BUNDLED = Path(__file__).parent.parent / "data" / "iclr2026.txt"

DIFFUSION = (
    "Diffusion models generate images by denoising. We train latent diffusion models for image generation with fewer steps."
)
FLOW = "Flow matching learns straight paths for image generation. Our flow matching model rivals diffusion models on ImageNet."
REASONING = "Large language models reason better with reinforcement learning. We train LLM reasoning with verifiable rewards."
AGENTS = "LLM agents call tools. We train large language model agents with reinforcement learning on multi-step tool use."
GRAPHS = "Graph neural networks pass messages between nodes. We study oversmoothing in deep graph neural networks."
MOLECULES = "Graph neural networks predict molecular properties. Our equivariant graph network models molecules in 3D."


def paper(paper_id: str, abstract: str, *, title: str = "", keywords: tuple[str, ...] = ()) -> Paper:
    return Paper(id=paper_id, abstract=abstract, source=Source("t.txt", 1), title=title, keywords=list(keywords))


def six_papers() -> list[Paper]:
    texts = [DIFFUSION, FLOW, REASONING, AGENTS, GRAPHS, MOLECULES]
    return [paper(f"p{i}", text, title=text.split(".")[0]) for i, text in enumerate(texts)]


def bundled() -> ReadingList:
    return enrich(read_papers([BUNDLED]))


@pytest.fixture(scope="module")
def bundled_themes() -> ReadingList:
    return detect_themes(bundled(), ThemeSettings())


def grouping(reading_list: ReadingList) -> set[frozenset[str]]:
    return {frozenset(t.paper_ids) for t in reading_list.themes}


def test_the_bundled_list_gets_four_to_seven_themes(bundled_themes):
    assert 4 <= len(bundled_themes.themes) <= 7


def test_no_bundled_theme_holds_more_than_forty_percent(bundled_themes):
    assert max(len(t.paper_ids) for t in bundled_themes.themes) <= 0.4 * len(bundled_themes.papers)


@pytest.fixture(scope="module")
def bundled_as_built() -> ReadingList:
    """The bundled list's themes as a build finds them: with the sentence model, so cut by field."""
    return detect_themes(bundled(), ThemeSettings(), embeddings=True)


def test_no_theme_on_the_bundled_list_holds_more_than_a_third_unless_its_name_is_true_of_every_paper(bundled_as_built):
    papers = bundled_as_built.papers
    vectors = paper_vectors(papers, embeddings=True)
    _, acronyms = vocabulary()
    by_id = {p.id: p for p in papers}
    mentions = [
        frozenset(said(" . ".join([by_id[i].title, *by_id[i].keywords]), acronyms)) | frozenset(said(by_id[i].abstract, acronyms))
        for i in vectors.ids
    ]
    truth = Truth(mentions, vectors.embedding)
    giants = [
        theme.label
        for theme in bundled_as_built.themes
        if 3 * len(theme.paper_ids) > len(papers)
        and truth.share(theme.label, np.array([vectors.row[i] for i in theme.paper_ids])) < 1.0
    ]
    assert giants == []


def test_the_bundled_lists_closing_section_holds_two_papers_at_most_and_no_two_themes_name_one_topic(bundled_as_built):
    assert sum(len(t.paper_ids) for t in bundled_as_built.themes if t.other) <= 2
    labels = [t.label for t in bundled_as_built.themes if not t.other]
    assert not [(a, b) for i, a in enumerate(labels) for b in labels[i + 1 :] if same_topic(a, b)]


def test_every_paper_gets_exactly_one_theme(bundled_themes):
    members = [paper_id for theme in bundled_themes.themes for paper_id in theme.paper_ids]
    assert sorted(members) == sorted(p.id for p in bundled_themes.papers)
    for p in bundled_themes.papers:
        assert p.id in bundled_themes.theme(p.theme).paper_ids


def test_labels_read_like_names(bundled_themes):
    for theme in (t for t in bundled_themes.themes if not t.other):
        words = theme.label.split()
        assert 2 <= len(words) <= 5, theme.label
        assert theme.label[0].isupper()
        assert not re.search(r"topic|theme|cluster|_|\d+$", theme.label, re.IGNORECASE), theme.label


def test_labels_and_slugs_are_unique(bundled_themes):
    themes = bundled_themes.themes
    assert len({t.label for t in themes}) == len({t.slug for t in themes}) == len(themes)


def test_slugs_are_lowercase_ascii_words_of_the_label(bundled_themes):
    for theme in bundled_themes.themes:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", theme.slug)
        assert theme.slug == "-".join(re.findall(r"[a-z0-9]+", theme.label.lower()))


def test_each_theme_lists_its_top_keyphrases(bundled_themes):
    for theme in bundled_themes.themes:
        assert 5 <= len(theme.keywords) <= 8


def test_themes_come_largest_first_and_other_topics_last(bundled_themes):
    themes = bundled_themes.themes
    sizes = [len(t.paper_ids) for t in themes if not t.other]
    assert sizes == sorted(sizes, reverse=True)
    assert [t.other for t in themes] == [False] * len(sizes) + [True] * (len(themes) - len(sizes))


def test_diffusion_papers_share_a_theme(bundled_themes):
    diffusion = [p for p in bundled_themes.papers if re.match(r"(SVG|G4Splat|LR-FGDM):", p.title)]
    assert len(diffusion) == 3
    assert len({p.theme for p in diffusion}) == 1


def test_papers_on_one_subject_are_grouped_and_named_after_it():
    reading_list = detect_themes(ReadingList("six", six_papers()), ThemeSettings(k=3))
    assert grouping(reading_list) == {frozenset({"p0", "p1"}), frozenset({"p2", "p3"}), frozenset({"p4", "p5"})}
    labels = {frozenset(t.paper_ids): t.label.lower() for t in reading_list.themes}
    assert "graph neural network" in labels[frozenset({"p4", "p5"})]
    assert "diffusion model" in labels[frozenset({"p0", "p1"})]


@pytest.mark.parametrize("count", [1, 2, 3])
def test_tiny_lists_get_one_theme(count):
    papers = six_papers()[:count]
    reading_list = detect_themes(ReadingList("tiny", papers), ThemeSettings())
    assert len(reading_list.themes) == 1
    assert all(p.theme == reading_list.themes[0].slug for p in papers)
    assert 2 <= len(reading_list.themes[0].label.split()) <= 5


def test_an_empty_list_gets_no_themes():
    assert detect_themes(ReadingList("empty", []), ThemeSettings()).themes == []


def test_explicit_k_sets_the_number_of_themes():
    assert len(detect_themes(bundled(), ThemeSettings(k=6)).themes) == 6


def test_k_above_the_list_size_gives_a_theme_per_paper():
    reading_list = detect_themes(ReadingList("two", six_papers()[:2]), ThemeSettings(k=5))
    assert len(reading_list.themes) == 2
    assert len({t.slug for t in reading_list.themes}) == 2


def test_input_order_does_not_change_the_themes(bundled_themes):
    shuffled = bundled()
    random.Random(7).shuffle(shuffled.papers)
    again = detect_themes(shuffled, ThemeSettings())
    assert again.themes == bundled_themes.themes
    assert [(t.label, t.keywords, t.paper_ids) for t in again.themes] == [
        (t.label, t.keywords, t.paper_ids) for t in bundled_themes.themes
    ]


def test_area_track_and_status_are_not_read(bundled_themes):
    relabelled = bundled()
    for i, p in enumerate(relabelled.papers):
        p.primary_area, p.track, p.status = f"area {i % 3}", f"track {i % 2}", "Oral"
    assert detect_themes(relabelled, ThemeSettings()).themes == bundled_themes.themes


def test_an_unchanged_theme_keeps_its_slug_when_papers_are_added():
    before = detect_themes(ReadingList("six", six_papers()), ThemeSettings(k=3))
    extra = [
        paper("q1", "Protein folding with structure prediction models. Protein structure prediction from sequences."),
        paper("q2", "Protein structure prediction improves protein design. We fold proteins with structure prediction."),
    ]
    after = detect_themes(ReadingList("eight", six_papers() + extra), ThemeSettings(k=4))
    kept = {frozenset(t.paper_ids): t.slug for t in before.themes}
    unchanged = [t for t in after.themes if frozenset(t.paper_ids) in kept]
    assert unchanged, "no theme kept its papers, so the test shows nothing"
    for theme in unchanged:
        assert theme.slug == kept[frozenset(theme.paper_ids)]


def test_empty_and_garbage_abstracts_still_get_a_theme():
    papers = [*six_papers(), paper("z1", ""), paper("z2", "TBD"), paper("z3", "$$x$$ 42"), paper("z4", "一种新方法。")]
    reading_list = detect_themes(ReadingList("odd", papers), ThemeSettings())
    assert all(p.theme for p in reading_list.papers)
    assert len({t.slug for t in reading_list.themes}) == len(reading_list.themes)


# Two levels: a list of more than about 300 papers (the first 400 of the ICLR 2026 dev export).


@needs_dev
def test_a_long_list_gets_two_levels_and_shuffling_keeps_them():
    first = detect_themes(ReadingList("dev", dev_papers(400)), ThemeSettings())
    assert 8 <= len(first.themes) <= 30
    assert first.subthemes
    for theme in first.themes:
        children = first.children(theme.slug)
        assert sorted(i for c in children for i in c.paper_ids) == sorted(theme.paper_ids) or not children
        assert all(len(c.paper_ids) <= 200 for c in children)
    labels = [t.label for t in (*first.themes, *first.subthemes)]
    assert len(set(labels)) == len({slugify(label) for label in labels}) == len(labels)
    assert all(2 <= len(label.split()) <= 5 for label in labels), labels

    shuffled = dev_papers(400)
    random.Random(3).shuffle(shuffled)
    again = detect_themes(ReadingList("dev", shuffled), ThemeSettings())
    view = lambda rl: [(t.slug, t.label, t.parent, t.paper_ids) for t in (*rl.themes, *rl.subthemes)]  # noqa: E731
    assert view(again) == view(first)


@needs_dev
def test_the_number_of_threads_does_not_change_the_themes(monkeypatch):
    from generator.analysis import threads as parallel

    view = lambda rl: [(t.slug, t.label, t.parent, t.paper_ids) for t in (*rl.themes, *rl.subthemes)]  # noqa: E731
    monkeypatch.setattr(parallel, "_WORKERS", 1)
    one = detect_themes(ReadingList("dev", dev_papers(400)), ThemeSettings())
    monkeypatch.setattr(parallel, "_WORKERS", 3)
    three = detect_themes(ReadingList("dev", dev_papers(400)), ThemeSettings())
    assert one.subthemes
    assert view(three) == view(one)


@needs_dev
def test_group_by_makes_a_field_the_top_level():
    papers = dev_papers(120)
    areas = {}
    for i, p in enumerate(papers):
        p.track = areas[p.id] = ("Main", "Datasets")[i % 2]
    reading_list = detect_themes(ReadingList("dev", papers), ThemeSettings(group_by="track", k=3))
    assert sorted(t.label for t in reading_list.themes) == ["Datasets", "Main"]
    assert all(areas[i] == t.label for t in reading_list.themes for i in t.paper_ids)
    assert all(p.subtheme and reading_list.theme(p.subtheme).parent == p.theme for p in papers)


def test_group_by_an_unknown_field_is_an_error():
    with pytest.raises(ConfigError, match="no paper has a field 'venue'"):
        detect_themes(ReadingList("six", six_papers()), ThemeSettings(group_by="venue"))


@needs_dev
@pytest.mark.site
def test_a_two_level_site_lists_each_paper_on_one_leaf_page(tmp_path):
    import json

    project = copy_project(tmp_path, data=False)
    (project / "data").mkdir()
    source = project / "data" / "dev.jsonl"
    with DEV_DATA.open(encoding="utf-8") as handle:
        source.write_text("".join(line for _, line in zip(range(400), handle, strict=False)), encoding="utf-8")
    site = build_site(project, source)
    records = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    assert len(records) == 400
    assert all(r["subtheme"] for r in records)
    top = {r["theme_slug"] for r in records}
    subs = {r["subtheme_slug"] for r in records}
    assert 8 <= len(top) <= 30
    listed: dict[str, int] = {}
    link = re.compile(r'<li>\s*(?:<p>)?(?:<strong>)?<a href="(?:\.\./)+papers/([^/"]+)/"')
    for page in [*(site / "themes").glob("*/index.html"), *(site / "themes").glob("*/*/index.html")]:
        html = page.read_text(encoding="utf-8")
        found = link.findall(html)
        assert len(found) <= 200, page
        if page.parent.name in subs:
            for slug in found:
                listed[slug] = listed.get(slug, 0) + 1
        else:
            assert page.parent.name in top
            assert len(found) == 3, page
    slugs = {r["url"].split("/")[1] for r in records}
    assert listed == dict.fromkeys(slugs, 1)
    home = (site / "index.html").read_text(encoding="utf-8")
    assert len(re.findall(r'<li><a href="papers/', home)) == 3 * len(top)
    nav = home[home.index("md-nav--primary") : home.index('class="md-content"')]
    assert set(re.findall(r'href="themes/([^"]+)/"', nav)) == top


def test_a_term_that_only_copies_of_one_text_share_is_pruned_like_any_term_of_one_paper():
    from generator.themes.vectors import _tfidf

    copy = ["zebra", "shared term"]
    others = [["shared term", "alpha"], ["beta", "gamma"], ["beta", "delta"]]
    matrix, vocabulary, _ = _tfidf([copy, copy, *others], small=False)
    assert "zebra" not in vocabulary
    assert {"shared term", "beta"} <= set(vocabulary)
    # Both copies still get the same row.
    rows = matrix.toarray()
    assert rows[0].any()
    assert (rows[0] == rows[1]).all()


def test_the_vocabulary_is_in_alphabetical_order_which_breaks_ties_between_phrases():
    from generator.themes import paper_vectors

    vocabulary = paper_vectors(bundled().papers).vocabulary
    assert list(vocabulary) == sorted(vocabulary)


def test_only_author_keywords_that_papers_share_join_them_as_unit_rows_in_alphabetical_columns():
    from generator.themes.vectors import _keyed

    keyed = _keyed([{"protein design", "once"}, {"protein design", "antibodies"}, {"antibodies"}, set()])
    # "once" is one paper's: it joins nothing. Columns: antibodies, protein design.
    half = 0.5**0.5
    assert keyed.toarray() == pytest.approx(np.array([[0.0, 1.0], [half, half], [1.0, 0.0], [0.0, 0.0]]))


def test_papers_that_share_author_keywords_share_a_theme_when_their_words_differ():
    words = [
        "We measure latency on mobile chips.",
        "A survey of annotation tools for labs.",
        "Our method scales to billions of rows.",
        "We release code and an open dataset.",
        "Results improve across many settings.",
        "A careful study with strong baselines.",
        "We prove bounds under mild assumptions.",
        "Experiments span several public corpora.",
    ]
    papers = [
        paper(f"p{i}", text, title=f"Study {i}", keywords=(("protein design",) if i % 2 else ("speech recognition",)))
        for i, text in enumerate(words)
    ]
    reading_list = detect_themes(ReadingList("keyed", papers), ThemeSettings(k=2))
    assert grouping(reading_list) == {frozenset(f"p{i}" for i in range(1, 8, 2)), frozenset(f"p{i}" for i in range(0, 8, 2))}


ANOMALY = (
    "Anomaly detection flags rare events. We score anomaly detection with reconstruction errors on industrial images.",
    "Unsupervised anomaly detection in time series. Our anomaly detection model learns normal patterns from sensors.",
    "Anomaly detection for logs. We evaluate anomaly detection under distribution shift in cloud systems.",
)
WATERMARKS = (
    "Watermarking marks generated text. Our watermarking scheme survives paraphrasing of language model outputs.",
    "Image watermarking for diffusion outputs. We embed robust watermarking signals in the latent noise.",
    "Watermarking detects model theft. We show watermarking of model weights resists fine-tuning attacks.",
)


def test_a_label_joins_two_phrases_only_where_the_same_papers_have_both():
    # One theme of two topics no paper shares: the label names one, not "Anomaly detection and watermarking".
    papers = [paper(f"a{i}", text) for i, text in enumerate(ANOMALY)] + [paper(f"w{i}", t) for i, t in enumerate(WATERMARKS)]
    [theme] = detect_themes(enrich(ReadingList("t", papers)), ThemeSettings(k=1)).themes
    words = theme.label.lower()
    assert not ("anomaly" in words and "watermark" in words), theme.label


def test_a_label_joins_two_phrases_that_the_same_papers_share():
    phrases = [("offline reinforcement learning", "offline reinforcement learning"), ("exploration", "exploration")]
    assert _label_candidates(phrases, lambda first, second: True)[0] == "Offline reinforcement learning and exploration"
    assert _label_candidates(phrases, lambda first, second: False)[0] == "Offline reinforcement learning"


# Two topics told in different words from paper to paper: few terms are shared, the meaning is.
ROBOTS = (
    "A robot arm learns to grasp unfamiliar household objects from a handful of teleoperated demonstrations.",
    "We train a legged robot to walk over rough terrain with a policy learned in simulation and transferred to hardware.",
    "Dexterous in-hand manipulation with a five-fingered hand, trained from tactile feedback and camera images.",
    "Mobile manipulators open doors and drawers: our controller plans contact-rich motions for the gripper.",
    "Imitation learning for bimanual assembly tasks, where two arms insert pegs and fasten screws.",
    "Quadruped locomotion controllers that recover from pushes and falls, tested on a physical robot dog.",
)
SPEECH = (
    "Automatic speech recognition for low-resource languages using self-supervised audio encoders.",
    "We synthesise natural-sounding voices from text with a neural vocoder that runs in real time.",
    "Speaker diarization in meetings: who spoke when, from a single far-field microphone recording.",
    "A spoken language model transcribes and translates lectures directly from the waveform.",
    "Keyword spotting on tiny devices listens for wake words with a few kilobytes of memory.",
    "Separating overlapping talkers in noisy rooms, we recover each person's utterance from the mixture.",
)


def topic_papers() -> list[Paper]:
    return [paper(f"r{i}", text) for i, text in enumerate(ROBOTS)] + [paper(f"s{i}", text) for i, text in enumerate(SPEECH)]


def test_the_encoder_splits_two_topics_that_share_few_words():
    found = detect_themes(enrich(ReadingList("t", topic_papers())), ThemeSettings(k=2), embeddings=True)
    assert grouping(found) == {frozenset(f"r{i}" for i in range(6)), frozenset(f"s{i}" for i in range(6))}


@pytest.mark.parametrize("count", [1, 2, 3])
def test_a_list_of_one_two_or_three_papers_gets_themes_with_the_encoder(count):
    found = detect_themes(enrich(ReadingList("t", topic_papers()[4 : 4 + count])), ThemeSettings(), embeddings=True)
    assert sorted(i for t in found.themes for i in t.paper_ids) == sorted(p.id for p in found.papers)
    assert all(p.theme for p in found.papers) and all(t.label for t in found.themes)


def test_a_short_list_cut_with_the_encoder_gets_more_themes_than_with_its_terms():
    assert [automatic_k(n) for n in (19, 50, 150)] == [5, 7, 10]
    assert [automatic_k(n, sentences=True) for n in (19, 50, 150)] == [6, 8, 11]


def test_a_two_level_list_gets_as_many_themes_with_the_encoder_as_without():
    assert [automatic_k(n, two_level=True, sentences=True) for n in (301, 2000, 9842)] == [
        automatic_k(n, two_level=True) for n in (301, 2000, 9842)
    ]


def test_the_encoder_themes_are_the_same_whatever_the_input_order():
    view = lambda rl: [(t.slug, t.label, t.keywords, t.paper_ids) for t in rl.themes]  # noqa: E731
    first = detect_themes(enrich(ReadingList("t", topic_papers())), ThemeSettings(), embeddings=True)
    shuffled = topic_papers()
    random.Random(3).shuffle(shuffled)
    again = detect_themes(enrich(ReadingList("t", shuffled)), ThemeSettings(), embeddings=True)
    assert view(again) == view(first)


def test_a_label_never_repeats_a_word():
    phrases = [
        ("retrieval-augmented generation", "retrieval-augmented generation"),
        ("retrieval", "retrieval"),
        ("physical system", "physical systems"),
        ("dynamical system", "dynamical systems"),
        ("retriever", "retrievers"),
    ]
    for label in _label_candidates(phrases, lambda first, second: True):
        stems = [word[:6] for word in re.split(r"[\s-]+", label.lower().removesuffix("s"))]
        assert len(stems) == len(set(stems)) or " and " not in label, label


def test_area_arrow_subarea_makes_a_theme_and_its_subthemes():
    papers = six_papers()
    for p, area in zip(
        papers,
        ["Vision -> Diffusion", "Vision -> Flows", "Language -> Reasoning", "Language -> Agents", "Science", "Science"],
        strict=True,
    ):
        p.primary_area = area
    reading_list = detect_themes(ReadingList("six", papers), ThemeSettings(group_by="primary_area"))
    assert sorted(t.label for t in reading_list.themes) == ["Language", "Science", "Vision"]
    children = {
        reading_list.theme(t.parent).label: sorted(c.label for c in reading_list.children(t.parent))
        for t in reading_list.subthemes
    }
    assert children == {"Language": ["Agents", "Reasoning"], "Vision": ["Diffusion", "Flows"]}
    assert reading_list.theme(papers[0].subtheme).label == "Diffusion"


def test_a_multi_valued_cell_groups_the_paper_by_its_first_value():
    papers = six_papers()
    for p, track in zip(papers, ["Tue 1|Mon 1", "Mon 1", "Tue 1", "Mon 1; Wed 2", "Wed 2", "Wed 2"], strict=True):
        p.track = track
    reading_list = detect_themes(ReadingList("six", papers), ThemeSettings(group_by="track"))
    assert {t.label: len(t.paper_ids) for t in reading_list.themes} == {"Tue 1": 2, "Mon 1": 2, "Wed 2": 2}


def test_grouping_by_a_field_most_papers_lack_warns(caplog):
    papers = six_papers()
    papers[0].track = "Oral"
    reading_list = detect_themes(ReadingList("six", papers), ThemeSettings(group_by="track"))
    assert sorted(t.label for t in reading_list.themes) == ["No track", "Oral"]
    assert '5 of 6 papers have no track: they are grouped under "No track" (group by a field most papers have)' in caplog.text


def test_a_label_starts_with_a_capital_but_acronyms_keep_their_case():
    vectors = paper_vectors(bundled().papers)
    assert topic_label(vectors, "text-to-SQL") == "Text-to-SQL"
    assert topic_label(vectors, "federated learning") == "Federated learning"
    assert topic_label(vectors, "large language model agent") == "Large language model agents"
    assert topic_label(vectors, "3D gaussian splatting") == "3D gaussian splatting"
    assert topic_label(vectors, "mRNA") == "mRNA"
