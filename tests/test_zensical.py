"""The bundled site built with Zensical (`readinglist build --engine zensical`, the version the test extra pins).

The site's pages are checked here; the reader features by the browser tests
of test_browser.py and test_reader_tools.py, imported below and run again on
Zensical-built sites: this module's fixtures of the same names stand in for
theirs.
"""

from __future__ import annotations

import json
import re
from inspect import isfunction

import pytest
import test_browser
import test_reader_tools
from support import copy_project, search_index

# The reader features, as the MkDocs-built sites' tests check them.
from test_browser import (  # noqa: F401
    test_a_chinese_query_finds_the_chinese_paper,
    test_a_keyword_chip_filters_by_tag_and_its_url_reproduces_it,
    test_a_paper_keyword_opens_the_tags_page_listing_every_paper_with_it,
    test_a_starred_paper_survives_a_reload_and_is_exported,
    test_a_text_filter_narrows_the_list_and_its_url_reproduces_it,
    test_clicking_a_map_point_opens_its_paper,
    test_copy_link_and_copy_citation,
    test_every_chinese_word_finds_its_paper,
    test_every_page_type_loads_without_errors,
    test_math_is_typeset_and_katex_loads_only_on_pages_with_math,
    test_search_shows_more_results_on_request_and_excerpts_without_the_title,
    test_status_and_starred_only_filters,
    test_the_chinese_list_title_finds_the_home_page,
    test_the_csv_export_imports_back_into_a_fresh_browser,
    test_the_reader_features_work_from_file_urls,
)
from test_reader_tools import (  # noqa: F401
    site,
    test_a_note_survives_a_reload_and_goes_out_and_back_in_with_the_list,
    test_a_share_link_shows_the_list_in_a_fresh_browser_which_can_save_it,
    test_csl_json_export_parses_back_and_formats_as_a_bibliography,
    test_ris_export_parses_back_with_every_field_the_input_gives,
    test_the_calendar_export_parses_back_with_the_sessions_times,
)

from benchmarks.browser import CHROMIUM
from generator.render.pages import papers_on
from generator.site.zensical import ZENSICAL

pytestmark = [pytest.mark.site]
# The tests that drive Chromium, as their own modules mark them.
browser_tests = [pytest.mark.browser, pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium")]


@pytest.fixture(scope="module")
def bundled(tmp_path_factory):
    yield from test_browser._built(copy_project(tmp_path_factory.mktemp("bundled")), engine=ZENSICAL)


@pytest.fixture(scope="module")
def fixture_site(tmp_path_factory):
    project = copy_project(tmp_path_factory.mktemp("fixture"))
    data = project / "data" / "fixture.jsonl"
    data.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in test_browser.FIXTURE), encoding="utf-8")
    yield from test_browser._built(project, data, engine=ZENSICAL)


@pytest.fixture(scope="module")
def chinese_site(tmp_path_factory):
    project = copy_project(tmp_path_factory.mktemp("chinese"))
    data = project / "data" / "chinese.jsonl"
    records = [{"id": i, "title": title, "abstract": abstract} for i, title, abstract in test_browser.CHINESE_PAPERS]
    data.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    yield from test_browser._built(project, data, engine=ZENSICAL)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    project = copy_project(tmp_path_factory.mktemp("tools"), data=False)
    data = project / "data"
    data.mkdir()
    records = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in test_reader_tools.FIXTURE)
    (data / "fixture.jsonl").write_text(records, encoding="utf-8")
    return test_browser.build_site(project, data / "fixture.jsonl", engine=ZENSICAL)


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
    assert "assets/stylesheets/search-box.css" in home


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


# The reader features' tests, imported above, drive Chromium.
for _test in [
    value for name, value in globals().items() if name.startswith("test_") and isfunction(value) and value.__module__ != __name__
]:
    for _mark in browser_tests:
        _mark(_test)
