"""The curator's theme overrides: data/themes.yml (generator.themes.overrides)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_themes import six_papers

from generator.config import ThemeSettings
from generator.errors import ConfigError
from generator.model import ReadingList
from generator.themes import detect_themes
from generator.themes.overrides import load_overrides


def detect(tmp_path: Path, overrides: str, k: int | None = 3) -> ReadingList:
    path = tmp_path / "themes.yml"
    path.write_text(overrides, encoding="utf-8")
    return detect_themes(ReadingList("six", six_papers()), ThemeSettings(k=k, overrides=path))


@pytest.fixture
def plain() -> ReadingList:
    return detect_themes(ReadingList("six", six_papers()), ThemeSettings(k=3))


def slug_of(reading_list: ReadingList, paper_id: str) -> str:
    return reading_list.by_id()[paper_id].theme


def test_a_missing_file_means_no_overrides(tmp_path, plain):
    again = detect_themes(ReadingList("six", six_papers()), ThemeSettings(k=3, overrides=tmp_path / "none.yml"))
    assert [(t.slug, t.paper_ids) for t in again.themes] == [(t.slug, t.paper_ids) for t in plain.themes]


def test_rename_changes_the_label_and_slug_and_keeps_the_papers(tmp_path, plain):
    old = plain.by_id()["p4"].theme
    renamed = detect(tmp_path, f"rename:\n  {old}: Graph learning\n")
    theme = renamed.theme(slug_of(renamed, "p4"))
    assert (theme.label, theme.slug) == ("Graph learning", "graph-learning")
    assert set(theme.paper_ids) == set(plain.theme(old).paper_ids)


def test_pin_moves_a_paper_by_slug_or_label(tmp_path, plain):
    graphs = plain.theme(slug_of(plain, "p4"))
    pinned = detect(tmp_path, f"pin:\n  p0: {graphs.slug}\n  p1: {graphs.label}\n")
    assert slug_of(pinned, "p0") == slug_of(pinned, "p1") == graphs.slug
    assert sum(len(t.paper_ids) for t in pinned.themes) == 6
    assert len(pinned.themes) == 2  # the diffusion theme lost both its papers


def test_merge_joins_themes_under_the_first(tmp_path, plain):
    first, second = slug_of(plain, "p0"), slug_of(plain, "p2")
    merged = detect(tmp_path, f"merge:\n  - [{first}, {second}]\n")
    assert len(merged.themes) == 2
    assert {slug_of(merged, p) for p in ("p0", "p1", "p2", "p3")} == {first}


def test_k_sets_the_number_of_themes_unless_settings_do(tmp_path):
    assert len(detect(tmp_path, "k: 2\n", k=None).themes) == 2
    assert len(detect(tmp_path, "k: 2\n", k=3).themes) == 3


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("k: 3\ncolour: red\n", "themes.yml:2: unknown key 'colour' (use k, rename, pin or merge)"),
        ("k: many\n", "themes.yml:1: k must be a whole number of at least 1, not 'many' (write e.g. 'k: 20')"),
        ("rename: [a, b]\n", "themes.yml:1: rename must map each theme slug to a theme"),
        ("merge:\n  - just-one\n", "themes.yml:2: each merge must list two or more themes (write e.g. '- [slug-a, slug-b]')"),
        ("pin: {a: [\n", "themes.yml:2: not valid YAML"),
    ],
)
def test_malformed_overrides_name_the_line(tmp_path, content, message):
    path = tmp_path / "themes.yml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ConfigError) as error:
        load_overrides(path)
    assert str(error.value).endswith(message) or message in str(error.value)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("k: 3\nrename:\n  foo: Bar\n", "themes.yml:3: no theme 'foo' to rename (theme slugs are listed in papers.json)"),
        ("pin:\n  nope: foo\n", "themes.yml:2: no paper 'nope' to pin (paper ids are listed in papers.json)"),
        ("pin:\n  p1: foo\n", "themes.yml:2: no theme 'foo' to pin p1 to (theme slugs are listed in papers.json)"),
        ("merge:\n  - [foo, bar]\n", "themes.yml:2: no theme 'foo' to merge (theme slugs are listed in papers.json)"),
    ],
)
def test_overrides_that_name_nothing_are_errors_with_the_line(tmp_path, content, message):
    with pytest.raises(ConfigError) as error:
        detect(tmp_path, content)
    assert str(error.value).endswith(message)
