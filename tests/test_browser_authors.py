"""The authors page and the list filtered by ?author= and ?aff= in headless Chromium, on a real built site (#49).

The site is built once from tests/data/authors-paperlists.json, a paperlists export whose authors are spelled as
exports spell them (see tests/test_authors.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import pytest
from browser_helpers import watch_errors
from playwright.sync_api import expect
from support import REPO, build_site, copy_project

from benchmarks.browser import CHROMIUM, axe_violations, serve
from generator.text.words import name_key

pytestmark = [
    pytest.mark.browser,
    pytest.mark.site,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium (apt-get install chromium)"),
]

PAPERLISTS = REPO / "tests" / "data" / "authors-paperlists.json"
EXPORT = json.loads(PAPERLISTS.read_text(encoding="utf-8"))
NAMES_JS = REPO / "frontend" / "src" / "names.js"


def scan(field: str, name: str) -> set[str]:
    """The titles of the export's papers with a name in field ("author" or "aff") that folds as name does."""
    return {r["title"] for r in EXPORT if name_key(name) in {name_key(n) for n in r[field].split(";")}}


@dataclass(frozen=True)
class Site:
    base: str  # http://127.0.0.1:PORT/
    path: Path
    papers: list[dict]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    project = copy_project(tmp_path_factory.mktemp("authors"), data=False)
    (project / "data").mkdir()
    built = build_site(project, PAPERLISTS)
    with serve(built) as base:
        yield Site(base, built, json.loads((built / "papers.json").read_text(encoding="utf-8")))


def shown_titles(page, count: int) -> set[str]:
    """The titles of the papers the home page's filter shows, once it shows count of them."""
    expect(page.locator(".rl-filter")).to_have_attribute("data-shown", str(count))
    return set(page.eval_on_selector_all(".rl-papers li.rl-item:not(.rl-off) > a", "els => els.map(e => e.textContent)"))


@pytest.mark.parametrize(
    ("field", "name"),
    [
        ("author", "José García"),
        # Spelled as another paper spells the same person: the filter folds the URL's name as the generator does.
        ("author", "JOSE  garcía"),
        ("author", "J. Smith"),
        ("author", "A. Smith"),
        ("author", "Wei Zhang"),
        ("aff", "ETH Zurich"),
        ("aff", "Tsinghua University"),
    ],
)
def test_the_author_and_affiliation_filters_show_exactly_the_papers_a_scan_of_the_export_finds(page, site, field, name):
    base = site.base
    wanted = scan(field, name)
    assert wanted
    page.goto(f"{base}?{field}={quote(name)}")
    assert shown_titles(page, len(wanted)) == wanted
    # The chip names the person as the papers spell it, and takes the filter off again.
    chip = page.locator(".rl-filter__people .rl-chip")
    expect(chip).to_have_count(1)
    expect(chip).to_have_attribute("aria-pressed", "true")
    chip.click()
    assert len(shown_titles(page, len(EXPORT))) == len(EXPORT)
    page.wait_for_function(f"() => !location.search.includes('{field}=')")


def test_an_author_on_a_paper_page_is_a_link_to_the_list_of_exactly_their_papers(page, site):
    base = site.base
    paper = next(p for p in site.papers if p["title"] == EXPORT[1]["title"])
    page.goto(base + paper["url"])
    page.locator(".rl-authors a", has_text="Jose Garcia").click()
    page.wait_for_url("**/?author=jose+garcia")
    wanted = scan("author", "José García")
    assert shown_titles(page, len(wanted)) == wanted
    expect(page.locator(".rl-filter__people .rl-chip")).to_have_text("Author: José García")


def test_every_name_on_the_authors_page_reaches_exactly_their_papers(page, site):
    base = site.base
    page.goto(base + "authors/")
    names = page.eval_on_selector_all(".rl-author-index a", "els => els.map(e => e.textContent)")
    assert len(names) == len({name_key(n) for r in EXPORT for n in r["author"].split(";")})
    for name in names:
        page.goto(base + "authors/")
        page.locator(".rl-author-index a", has_text=name).first.click()
        wanted = scan("author", name)
        assert shown_titles(page, len(wanted)) == wanted, name


def test_the_browser_folds_names_as_the_generator_does(page, site):
    base = site.base
    sample = [n for r in EXPORT for field in ("author", "aff") for n in r[field].split(";")]
    sample += ["Ｊｏｓé", "İlker", "ß Straße", "Ǆemal", "a\u3000b\u2009c", "\ufeffx\u00a0y", "Ørsted", "ﬁsher", "\u1e9b\u0323"]
    page.goto(base)
    source = NAMES_JS.read_text(encoding="utf-8").replace("export { nameKey };", "")
    folded = page.evaluate(f"names => {{ {source}; return names.map(nameKey); }}", sample)
    assert folded == [name_key(name) for name in sample]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_axe_finds_no_violation_on_the_authors_page_nor_a_filtered_list(browser, site, errors, scheme, viewport):
    base = site.base
    context = browser.new_context(color_scheme=scheme, viewport=viewport)
    try:
        page = context.new_page()
        watch_errors(page, errors)
        page.goto(base + "authors/")
        assert axe_violations(page) == [], ("authors", scheme, viewport)
        page.goto(base + "?author=wei%20zhang")
        shown_titles(page, len(scan("author", "Wei Zhang")))
        assert axe_violations(page) == [], ("filtered", scheme, viewport)
        # Nothing wider than the screen: a long name or affiliation wraps.
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        context.close()


def test_the_authors_page_reaches_an_authors_papers_from_file_urls(browser, site, errors):
    """Opened from disk, with no server: the page's links name index.html, and papers.js loads as a script."""
    context = browser.new_context()
    try:
        page = context.new_page()
        watch_errors(page, errors)
        page.goto((site.path / "authors" / "index.html").as_uri())
        page.locator(".rl-author-index a", has_text="Zoë Müller").click()
        page.wait_for_url("file://**/index.html?author=zoe+muller")
        wanted = scan("author", "Zoe Muller")
        assert shown_titles(page, len(wanted)) == wanted
    finally:
        context.close()
