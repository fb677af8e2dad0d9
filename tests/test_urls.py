"""Permanent URLs: a paper's URL depends on the paper alone, and old URLs redirect."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import BUNDLED, build_site

pytestmark = pytest.mark.site

ABSTRACTS = BUNDLED.read_text(encoding="utf-8").split("\n\n")[1:10]


def write_list(path: Path, abstracts: list[str]) -> Path:
    path.write_text("My list\n\n" + "\n\n".join(abstracts), encoding="utf-8")
    return path


def paper_urls(site: Path) -> dict[str, str]:
    return {r["id"]: r["url"] for r in json.loads((site / "papers.json").read_text(encoding="utf-8"))}


@pytest.fixture
def first(project: Path) -> dict[str, str]:
    site = build_site(project, write_list(project / "data" / "list.txt", ABSTRACTS[:8]))
    return paper_urls(site)


def test_adding_a_paper_leaves_every_other_url(project, first):
    after = paper_urls(build_site(project, write_list(project / "data" / "list.txt", ABSTRACTS[:9])))
    assert len(after) == 9
    assert {k: after[k] for k in first} == first


def test_removing_a_paper_removes_its_page_and_leaves_the_rest(project, first):
    site = build_site(project, write_list(project / "data" / "list.txt", ABSTRACTS[1:8]))
    after = paper_urls(site)
    gone = set(first) - set(after)
    assert len(gone) == 1
    assert not (site / first[gone.pop()]).exists()
    assert {k: first[k] for k in after} == after


def test_reordering_the_input_changes_no_url(project, first):
    after = paper_urls(build_site(project, write_list(project / "data" / "list.txt", ABSTRACTS[:8][::-1])))
    assert after == first


def test_redetecting_themes_changes_no_url(project, first):
    config = project / "mkdocs.yml"
    config.write_text(
        config.read_text(encoding="utf-8").replace("  - readinglist:\n", "  - readinglist:\n      themes: 2\n"), encoding="utf-8"
    )
    site = build_site(project, project / "data" / "list.txt")
    assert len(list(site.glob("themes/*/index.html"))) == 2
    assert paper_urls(site) == first


def test_an_edited_title_redirects_its_old_url(project):
    records = project / "data" / "list.jsonl"
    record = {"title": "Flow matching for images", "abstract": ABSTRACTS[2]}
    records.write_text(json.dumps(record), encoding="utf-8")
    (old,) = paper_urls(build_site(project, records)).values()

    records.write_text(json.dumps({**record, "title": "Laplacian flow matching"}), encoding="utf-8")
    site = build_site(project, records)
    (new,) = paper_urls(site).values()

    assert new != old
    redirect = (site / old / "index.html").read_text(encoding="utf-8")
    assert f'content="0; url=../{new.removeprefix("papers/")}"' in redirect
    assert json.loads((project / "data" / "urls.json").read_text(encoding="utf-8")) == {
        next(iter(paper_urls(site))): [old.removeprefix("papers/").rstrip("/"), new.removeprefix("papers/").rstrip("/")]
    }
