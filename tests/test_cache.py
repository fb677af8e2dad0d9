"""The build cache: rebuilds reuse what did not change, and a bad cache never changes the site."""

from __future__ import annotations

import dataclasses
import json
import logging
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from support import THREE_PAPERS, build_site, copy_project

from generator import cache as cache_module
from generator import related
from generator.model import Site
from generator.pipeline import generate
from generator.render import pages as render
from generator.site.build import load_mkdocs_config
from generator.state.memory import load_memory
from generator.themes import detect as themes

pytestmark = pytest.mark.site

CACHE = Path(".cache") / "readinglist"


def site_files(site: Path) -> dict[Path, bytes]:
    return {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}


def refuse(*args: object, **kwargs: object) -> None:
    raise AssertionError("recomputed although the cache holds the result")


def test_a_rebuild_of_the_same_input_takes_themes_related_papers_and_pages_from_the_cache(project, three_papers, monkeypatch):
    first = site_files(build_site(project, three_papers))
    monkeypatch.setattr(themes, "_detect", refuse)
    monkeypatch.setattr(related, "_related", refuse)
    monkeypatch.setattr(render, "environment", lambda templates, messages, **_: SimpleNamespace(get_template=refuse))
    assert site_files(build_site(project, three_papers, out="again")) == first


def test_a_changed_abstract_is_rendered_anew_and_other_pages_keep_their_files(project, three_papers):
    build_site(project, three_papers)
    pages = project / CACHE / "pages"
    before = {p: p.stat().st_mtime_ns for p in pages.rglob("*.md")}
    time.sleep(0.05)
    three_papers.write_text(THREE_PAPERS.replace("four steps", "three steps"), encoding="utf-8")
    site = build_site(project, three_papers)

    changed = [p for p in pages.rglob("*.md") if p.stat().st_mtime_ns != before.get(p)]
    assert any("three steps" in p.read_text(encoding="utf-8") for p in changed)
    assert not any("four steps" in p.read_text(encoding="utf-8") for p in pages.rglob("*.md"))
    assert len(changed) < len(before)
    assert any(b"three steps" in (page / "index.html").read_bytes() for page in (site / "papers").iterdir())


@pytest.mark.parametrize("entry", ["vectors", "themes", "related", "layout", "pages"])
def test_a_corrupt_cache_entry_is_recomputed_with_a_warning(project, three_papers, entry, caplog):
    first = site_files(build_site(project, three_papers))
    (project / CACHE / f"{entry}.pickle").write_bytes(b"\x80\x05not a pickle")
    if entry == "vectors":
        # Only a stage that recomputes reads the vectors.
        (project / CACHE / "themes.pickle").unlink()
    with caplog.at_level(logging.WARNING):
        again = build_site(project, three_papers, out="again")
    assert site_files(again) == first
    assert f"{entry}.pickle: unreadable cache entry" in caplog.text


def test_a_cache_from_another_version_is_not_used(project, three_papers, monkeypatch):
    first = site_files(build_site(project, three_papers))
    monkeypatch.setattr(cache_module, "_STAMP", "readinglist 0.0.0 cache format 0")
    called = []
    detect = themes._detect
    monkeypatch.setattr(themes, "_detect", lambda *args: called.append(1) or detect(*args))
    assert site_files(build_site(project, three_papers, out="again")) == first
    assert called == [1]


_GRAPHS = "We propose a graph neural network for molecule property prediction that passes messages along bonds."
_ROBOTS = "We train a robot arm policy with reinforcement learning in simulation and transfer it to real grasping tasks."


def _lists(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A project with its own list (the bundled one, and its committed state), and two lists downloaded beside it."""
    (tmp_path / "project").mkdir()
    project = copy_project(tmp_path / "project")
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    first, second = downloads / "first.txt", downloads / "second.txt"
    first.write_text(THREE_PAPERS, encoding="utf-8")
    second.write_text(f"Another list\n\n{_GRAPHS}\n\n{_ROBOTS}\n", encoding="utf-8")
    return project, first, second


def test_two_lists_built_in_one_folder_keep_their_own_state_and_cache(tmp_path, monkeypatch):
    project, first, second = _lists(tmp_path)
    committed = {p.name: p.read_bytes() for p in (project / "data").iterdir()}
    site = site_files(build_site(project, first))
    build_site(project, second, out="second")
    # Neither rewrote the project's own state, nor the other's.
    assert {p.name: p.read_bytes() for p in (project / "data").iterdir()} == committed
    folders = sorted((project / CACHE / "lists").iterdir())
    assert [folder.name.split("-")[0] for folder in folders] == ["first", "second"]
    remembered = [load_memory(folder / "theme-memory.json") for folder in folders]
    assert [sorted(i for theme in memory.themes for i in theme.paper_ids) for memory in remembered] == [
        sorted(paper["id"] for paper in json.loads((project / name / "papers.json").read_text(encoding="utf-8")))
        for name in ("site", "second")
    ]
    # The second list did not evict the first's cache: its rebuild computes nothing.
    monkeypatch.setattr(themes, "_detect", refuse)
    monkeypatch.setattr(related, "_related", refuse)
    monkeypatch.setattr(render, "environment", lambda templates, messages, **_: SimpleNamespace(get_template=refuse))
    assert site_files(build_site(project, first, out="again")) == site


def test_installing_the_cjk_extra_keeps_an_english_lists_cache(project, three_papers):
    """The extra changes the words of CJK text only; an English list built before it was installed had been recomputed
    whole, its every entry "written by another version"."""
    without = "import sys; sys.modules.update(dict.fromkeys(['jieba', 'jieba.posseg', 'fugashi', 'unidic_lite'])); "
    logs = []
    for before in (without, ""):
        script = f"{before}from generator.cli import main; main(['-v', 'build', {str(three_papers)!r}])"
        built = subprocess.run([sys.executable, "-c", script], cwd=project, capture_output=True, text=True)
        assert built.returncode == 0, built.stderr
        logs.append(built.stderr)
    assert "recomputing" not in logs[1]
    assert all(f"{entry}.pickle: cached" in logs[1] for entry in ("themes", "related", "layout", "pages"))


def test_a_rendered_page_edited_in_the_cache_is_rendered_again(project, three_papers):
    first = site_files(build_site(project, three_papers))
    page = next((project / CACHE / "pages" / "papers").glob("*.md"))
    page.write_text(page.read_text(encoding="utf-8").replace("## Abstract", "## Tampered"), encoding="utf-8")
    assert site_files(build_site(project, three_papers, out="again")) == first
    assert "## Tampered" not in page.read_text(encoding="utf-8")


def test_a_paper_dropped_from_the_input_leaves_no_page_behind(project, three_papers):
    build_site(project, three_papers)
    three_papers.write_text(THREE_PAPERS.rsplit("\n\n", 1)[0] + "\n", encoding="utf-8")
    site = build_site(project, three_papers)
    assert len(list((project / CACHE / "pages" / "papers").glob("*.md"))) == 2
    assert len(list((site / "papers").glob("*/index.html"))) == 2


def preview(project: Path, data: Path) -> Site:
    """What `readinglist serve` generates from data after a first build."""
    config = load_mkdocs_config(project / "mkdocs.yml", (data,))
    return generate(dataclasses.replace(config.plugins["readinglist"].settings(config), preview=True))


def test_a_preview_keeps_the_themes_while_only_the_texts_change(project, monkeypatch):
    # A plain list's ids come from the abstracts; an export's stay put when they change.
    abstracts = THREE_PAPERS.split("\n\n")[1:]
    records = project / "data" / "three.jsonl"
    records.write_text(
        "".join(json.dumps({"id": f"p{i}", "abstract": a}) + "\n" for i, a in enumerate(abstracts)), encoding="utf-8"
    )
    build_site(project, records)
    records.write_text(records.read_text(encoding="utf-8").replace("four steps", "three steps"), encoding="utf-8")
    monkeypatch.setattr(themes, "_detect", refuse)
    monkeypatch.setattr(related, "_related", refuse)
    site = preview(project, records)
    assert any("three steps" in markdown for path, markdown in site.pages.items() if path.startswith("papers/"))


def test_a_preview_recomputes_the_themes_when_a_paper_is_added(project, three_papers, monkeypatch):
    build_site(project, three_papers)
    three_papers.write_text(THREE_PAPERS + "\nA fourth paper on graph neural networks for molecules.\n", encoding="utf-8")
    called = []
    detect = themes._detect
    monkeypatch.setattr(themes, "_detect", lambda *args: called.append(1) or detect(*args))
    site = preview(project, three_papers)
    assert called == [1]
    assert len(site.reading_list.papers) == 4
    assert {p.id for t in site.reading_list.themes for p in (site.reading_list.by_id()[i] for i in t.paper_ids)} == {
        p.id for p in site.reading_list.papers
    }
