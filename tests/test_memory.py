"""Theme memory: a build starts from the themes the last one detected (generator.state.memory)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from support import THREE_PAPERS, build_site, dev_papers, needs_dev

from generator.cli import main
from generator.config import ThemeSettings
from generator.model import Paper, ReadingList
from generator.state.memory import load_memory, update_memory
from generator.themes import detect_themes


def detect(papers: list[Paper], memory: Path | None = None, **settings: object) -> ReadingList:
    return detect_themes(ReadingList("dev", papers), ThemeSettings(memory=memory, **settings))  # type: ignore[arg-type]


def remembered(reading_list: ReadingList, path: Path, group_by: str = "") -> Path:
    update_memory(reading_list, path, group_by=group_by)
    return path


def view(reading_list: ReadingList) -> list[tuple[str, str, str, tuple[str, ...], tuple[str, ...]]]:
    return [(t.slug, t.label, t.parent, t.keywords, t.paper_ids) for t in (*reading_list.themes, *reading_list.subthemes)]


def pairs_kept(before: dict[str, str], after: dict[str, str]) -> float:
    """Of the pairs of papers of before that shared a theme, the share that still do after."""
    ids = sorted(before)
    together = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1 :] if before[a] == before[b]]
    return sum(after[a] == after[b] for a, b in together) / len(together)


@needs_dev
def test_detection_that_starts_from_its_own_memory_finds_the_same_themes(tmp_path):
    first = detect(dev_papers(400))
    assert first.subthemes
    again = detect(dev_papers(400), remembered(first, tmp_path / "memory.json"))
    assert view(again) == view(first)


@needs_dev
def test_added_papers_join_the_remembered_themes_which_keep_their_names(tmp_path):
    papers = dev_papers(500)
    added = set(random.Random(0).sample([p.id for p in papers], 10))
    before = detect([p for p in papers if p.id not in added])
    after = detect(papers, remembered(before, tmp_path / "memory.json"))

    assert {p.id for p in after.papers if p.theme} == {p.id for p in papers}
    old = {p.id: p.theme for p in before.papers}
    new = {p.id: p.theme for p in after.papers}
    assert pairs_kept(old, new) >= 0.95
    old_sub = {p.id: p.subtheme for p in before.papers}
    assert pairs_kept(old_sub, {p.id: p.subtheme for p in after.papers}) >= 0.9
    assert {t.slug for t in before.themes} == {t.slug for t in after.themes}
    # Each new paper went where it fits, not into one dump.
    assert len({new[i] for i in added}) > 1


@needs_dev
def test_without_a_memory_the_same_change_moves_more_papers(tmp_path):
    # What the memory is for: detection from scratch keeps fewer pairs.
    papers = dev_papers(500)
    added = set(random.Random(0).sample([p.id for p in papers], 10))
    before = detect([p for p in papers if p.id not in added])
    old = {p.id: p.theme for p in before.papers}
    fresh = {p.id: p.theme for p in detect(papers).papers}
    continued = {p.id: p.theme for p in detect(papers, remembered(before, tmp_path / "memory.json")).papers}
    assert pairs_kept(old, continued) > pairs_kept(old, fresh)


@needs_dev
def test_a_memory_of_another_number_of_themes_than_asked_is_set_aside(tmp_path):
    memory = remembered(detect(dev_papers(400), k=12), tmp_path / "memory.json")
    assert view(detect(dev_papers(400), memory, k=20)) == view(detect(dev_papers(400), k=20))


@needs_dev
def test_a_memory_that_knows_too_few_of_the_papers_is_set_aside(tmp_path):
    memory = remembered(detect(dev_papers(400)[:200]), tmp_path / "memory.json")
    assert view(detect(dev_papers(400), memory)) == view(detect(dev_papers(400)))


@needs_dev
def test_sub_themes_under_a_field_continue_their_memory(tmp_path):
    papers = dev_papers(400)
    for i, p in enumerate(papers):
        p.track = ("Main", "Datasets")[i % 2]
    first = detect(papers, group_by="track")
    memory = remembered(first, tmp_path / "memory.json", group_by="track")
    assert load_memory(memory).group_by == "track"
    assert view(detect(papers, memory, group_by="track")) == view(first)


@pytest.mark.site
def test_the_memory_holds_the_themes_as_detected_and_overrides_apply_on_top(project, three_papers):
    (project / "data" / "themes.yml").write_text("k: 2\n", encoding="utf-8")
    build_site(project, three_papers)
    memory = load_memory(project / "data" / "theme-memory.json")
    assert len(memory.themes) == 2
    assert sorted(i for t in memory.themes for i in t.paper_ids) == sorted(
        json.loads((project / "site" / "papers.json").read_text(encoding="utf-8"))[i]["id"] for i in range(3)
    )

    slug = memory.themes[0].slug
    (project / "data" / "themes.yml").write_text(f"k: 2\nrename:\n  {slug}: Curated name\n", encoding="utf-8")
    site = build_site(project, three_papers, out="renamed")
    assert "Curated name" in (site / "index.html").read_text(encoding="utf-8")
    assert load_memory(project / "data" / "theme-memory.json") == memory


@pytest.mark.site
def test_a_rebuild_from_the_memory_gives_the_same_site(project, three_papers):
    first = build_site(project, three_papers)
    assert (project / "data" / "theme-memory.json").is_file()
    # Without the cache, the themes are detected again, this time from the memory.
    (project / ".cache" / "readinglist" / "themes.pickle").unlink()
    again = build_site(project, three_papers, out="again")
    files = lambda site: {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}  # noqa: E731
    assert files(again) == files(first)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (
            "{not json",
            "data/theme-memory.json:1: the theme memory is not valid JSON: Expecting property name enclosed in double quotes",
        ),
        ('{"themes": []}', "data/theme-memory.json: the theme memory is not an object of group_by, themes and subthemes"),
    ],
)
@pytest.mark.site
def test_a_broken_memory_is_one_line_naming_the_file_and_leaves_the_site(project, three_papers, monkeypatch, content, expected):
    monkeypatch.chdir(project)
    assert CliRunner().invoke(main, ["build", "data/three.txt"]).exit_code == 0
    before = {p: p.read_bytes() for p in (project / "site").rglob("*") if p.is_file()}
    (project / "data" / "theme-memory.json").write_text(content, encoding="utf-8")
    (project / "data" / "three.txt").write_text(THREE_PAPERS + "\nA fourth paper on graph neural networks.\n", encoding="utf-8")

    result = CliRunner().invoke(main, ["-q", "build", "data/three.txt"], catch_exceptions=False)

    assert result.exit_code == 1
    assert result.output.startswith(f"readinglist: error: {expected}")
    assert result.output.endswith("(restore it from version control or delete it to detect the themes afresh)\n")
    assert result.output.count("\n") == 1
    assert {p: p.read_bytes() for p in (project / "site").rglob("*") if p.is_file()} == before
