"""Sites built with Zensical (`readinglist build --engine zensical`, the version the test extra pins).

The bundled site's pages are checked here. The reader features are checked by
every test of test_browser.py and test_reader_tools.py, run again here on
sites that Zensical builds: their fixtures build with this module's engine.
"""

from __future__ import annotations

import re

import pytest
import test_browser
import test_reader_tools
from support import search_index

from generator.errors import BuildError
from generator.render.pages import papers_on
from generator.site.build import BuildOptions, build
from generator.site.zensical import ZENSICAL

pytestmark = [pytest.mark.site]

# The browser tests' sites, and the tests, as their modules define them; marked as those modules mark them.
_FIXTURES = ("bundled", "fixture_site", "grouped_site", "exports_site", "chinese_site", "japanese_sites", "built", "site")
for _module in (test_browser, test_reader_tools):
    for _name, _value in vars(_module).items():
        if _name in _FIXTURES:
            globals()[_name] = _value
        elif _name.startswith("test_") and callable(_value):
            for _mark in _module.pytestmark:
                _value = _mark(_value)
            globals()[_name] = _value


@pytest.fixture(scope="module")
def engine() -> str:
    return ZENSICAL


def test_every_paper_theme_and_the_tags_page_is_built(bundled):
    root = bundled.path
    assert len(bundled.papers) == 19
    for paper in bundled.papers:
        page = root / paper["url"] / "index.html"
        assert papers_on(page.read_text(encoding="utf-8")) == [paper["id"]], paper["url"]
    for slug in {paper["theme_slug"] for paper in bundled.papers}:
        assert (root / "themes" / slug / "index.html").is_file(), slug
    # The tags page lists every keyword with its count; the reader's script shows a keyword's papers.
    tags = (root / "tags" / "index.html").read_text(encoding="utf-8")
    keywords = {keyword.lower() for paper in bundled.papers for keyword in paper["keywords"]}
    assert tags.count('class="rl-count') == len(keywords)
    assert 'class="rl-tag-view' in tags
    for page in ("index.html", "reading-list/index.html", "about/index.html", "feed.xml", "papers.json", "points.js"):
        assert (root / page).is_file(), page


def test_the_site_has_the_pagefind_index_of_every_paper_and_no_search_of_zensicals_own(bundled):
    indexed = {page["url"] for page in search_index(bundled.path)}
    assert {"/" + paper["url"] for paper in bundled.papers} <= indexed
    home = (bundled.path / "index.html").read_text(encoding="utf-8")
    # One search box in the header, ours, and the look Material gives it.
    assert home.count('class="md-search rl-search"') == 1
    assert 'data-md-component="search"' not in home
    assert "assets/stylesheets/zensical-header.css" in home


def test_old_paper_urls_redirect_and_the_home_page_says_the_lists_title_once(bundled):
    current = {paper["url"] for paper in bundled.papers}
    old = [page for page in (bundled.path / "papers").glob("*/index.html") if f"papers/{page.parent.name}/" not in current]
    # The bundled list's urls.json keeps 7 old slugs.
    assert len(old) == 7
    for page in old:
        target = re.search(r'http-equiv="refresh" content="0; url=\.\./([^/"]+)/"', page.read_text(encoding="utf-8"))
        assert target and f"papers/{target[1]}/" in current, page
    home = (bundled.path / "index.html").read_text(encoding="utf-8")
    assert "<title>ICLR 2026 论文列表</title>" in home


def test_a_template_zensical_cannot_render_fails_the_build_and_leaves_the_old_site(project, three_papers):
    site = project / "site"
    site.mkdir()
    (site / "index.html").write_text("the old site", encoding="utf-8")
    main = project / "templates" / "overrides" / "main.html"
    broken = main.read_text(encoding="utf-8").replace("{% block extrahead %}", "{% block extrahead %}{{ 1 | no_such_filter }}")
    main.write_text(broken, encoding="utf-8")
    with pytest.raises(BuildError, match=r"zensical build failed: .*no_such_filter"):
        build(BuildOptions(project / "mkdocs.yml", site, (three_papers,), engine=ZENSICAL))
    assert (site / "index.html").read_text(encoding="utf-8") == "the old site"
    assert [path.name for path in project.iterdir() if path.name.startswith(".site")] == []
