"""Abstract text is inert data: a corpus of hostile input, one case per threat.

Each case puts its threat in the title, a keyword, an author and the abstract
(tests/data/hostile.jsonl), and a plain list adds abstracts that look like
page structure (tests/data/front-matter.txt). The site is built for real, and
every page and the search index are checked for live markup.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from support import build_site, copy_project, search_index

from generator.text.latex import plain_math

pytestmark = pytest.mark.site

DATA = Path(__file__).parent / "data"
CASES = [json.loads(line) for line in (DATA / "hostile.jsonl").read_text(encoding="utf-8").splitlines()]


class LiveMarkup(HTMLParser):
    """Collects the markup in a page that input text could have injected."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._in_script = tag == "script"
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}>")
            if name in ("href", "src") and value and re.match(r"\s*(javascript|data|vbscript):", value, re.I):
                self.found.append(f"<{tag} {name}={value}>")
        if tag in ("iframe", "object", "embed", "style", "img"):
            self.found.append(f"<{tag}>")

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and "alert(" in data:
            self.found.append("<script>alert")


def live_markup(fragment: str) -> list[str]:
    parser = LiveMarkup()
    parser.feed(fragment)
    return parser.found


def article(page: Path) -> str:
    return re.search(r"<article\b.*?</article>", page.read_text(encoding="utf-8"), re.S).group(0)


def visible(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", fragment)).split())


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = copy_project(tmp_path_factory.mktemp("hostile"), data=False)
    # The build keeps a URL map beside its input: keep it out of the repo.
    inputs = shutil.copytree(DATA, project / "data")
    return build_site(project, inputs / "front-matter.txt", inputs / "hostile.jsonl")


def test_no_page_holds_markup_from_the_input(site):
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > len(CASES)
    for page in pages:
        # Material's own images are its logo and icons; the input never adds one.
        assert [m for m in live_markup(page.read_text(encoding="utf-8")) if m != "<img>"] == [], page


def test_no_paper_page_shows_an_image(site):
    for page in site.glob("papers/*/index.html"):
        assert "<img" not in article(page), page


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_every_field_shows_exactly_as_written(site, case):
    body = visible(article(site / "papers" / case["id"] / "index.html"))
    first_line = case["title"].splitlines()[0]
    # Math in a title is marked for KaTeX like the abstract's (test_math_still_renders), and a
    # heading shows a LaTeX command as its words: "\\url{x}" is the text x (never a link, see above).
    title = re.sub(r"\\url\{([^{}]*)\}", r"\1", " ".join(first_line.split()))
    assert title.replace("$x^2$", "\\(x^2\\)") in body
    assert " ".join(case["keywords"][0].split()) in visible(
        (site / "papers" / case["id"] / "index.html").read_text(encoding="utf-8")
    )
    if case["id"] not in ("math", "js-link", "data-link"):
        # LaTeX typography aside, the abstract reads as it was written.
        assert " ".join(case["abstract"].split()) in body


def test_template_syntax_is_never_evaluated(site):
    expression = visible(article(site / "papers" / "jinja-expr" / "index.html"))
    assert "{{ config.site_name }} {{ 7*7 }}" in expression
    assert "49" not in expression
    statement = visible(article(site / "papers" / "jinja-stmt" / "index.html"))
    assert "{% if true %}EVALUATED{% endif %} {# comment #} {% raw %}" in statement


def test_markdown_structure_in_input_stays_text(site):
    for case in ("md-structure", "code-fence", "emphasis", "html-comment"):
        body = article(site / "papers" / case / "index.html")
        for tag in ("<blockquote", "<table", "<ol", "<pre", "<em", "<del", "<mark", "<h3", "<h4"):
            assert tag not in body, (case, tag)
        assert body.count("<h1") == 1


def test_unsafe_links_never_become_live(site):
    for case, shown in (("js-link", "[click](javascript:alert('md'))"), ("data-link", "[see](data:text/html;base64,")):
        body = article(site / "papers" / case / "index.html")
        assert not re.search(r'href="\s*(javascript|data):', body, re.I)
        assert shown in visible(body)


def test_front_matter_lookalike_is_text_not_metadata(site):
    pages = [p for p in site.glob("papers/*/index.html") if "must stay text" in p.read_text(encoding="utf-8")]
    assert len(pages) == 1
    page = pages[0].read_text(encoding="utf-8")
    assert "<title>Injected title" not in page
    assert "title: Injected title template: evil.html" in visible(page)


def abstract(page: Path) -> str:
    return re.search(r'<div class="rl-abstract".*?</div>', page.read_text(encoding="utf-8"), re.S).group(0)


def test_line_start_structure_in_a_plain_list_stays_text(site):
    bodies = [abstract(p) for p in site.glob("papers/*/index.html")]
    heading = [b for b in bodies if "starts like a heading" in b]
    indented = [b for b in bodies if "four-space indent" in b]
    assert len(heading) == len(indented) == 1
    assert "# This abstract starts like a heading" in visible(heading[0])
    assert "<pre" not in indented[0] and "<code" not in indented[0]


def test_math_still_renders(site):
    body = article(site / "papers" / "math" / "index.html")
    assert '<span class="arithmatex">\\(\\mathcal&#123;L&#125; \\le \\epsilon^2\\)</span>' in body
    assert '<span class="arithmatex">\\[\\sum_i x_i = 1\\]</span>' in body
    assert 'Math <span class="arithmatex">&#92;&#40;x&#94;2&#92;&#41;</span> still renders</h1>' in body


def test_search_index_holds_no_markup_from_the_input(site):
    # Pagefind stores what a page shows as text; the search box puts it in as
    # text (test_in_the_browser_no_dialog_opens_and_nothing_is_injected searches "alert").
    index = {page["url"]: page for page in search_index(site)}
    assert all(f"/papers/{case['id']}/" in index for case in CASES)
    for case in CASES:
        page = index[f"/papers/{case['id']}/"]
        shown = visible(re.search(r"<h1\b.*?</h1>", article(site / "papers" / case["id"] / "index.html"), re.S).group(0))
        # Input markup that had become HTML would be missing from the page's text.
        # Search keeps a title's math as $...$, which the search box typesets.
        assert page["meta"]["title"] == re.sub(r"\\\((.*?)\\\)", r"$\1$", shown), case["id"]
    assert index["/papers/script/"]["meta"]["title"].startswith("Title <script>alert('script')</script>")
    assert index["/papers/img-onerror/"]["meta"]["title"] == "Title <img src=x onerror=\"alert('img')\">"


def test_exports_keep_the_input_as_data(site):
    records = {r["id"]: r for r in json.loads((site / "papers.json").read_text(encoding="utf-8"))}
    for case in CASES:
        # Exports spell math in plain text; the title as written stays beside it.
        title = " ".join(case["title"].split())
        assert records[case["id"]]["title"] == plain_math(title)
        assert records[case["id"]]["title_math"] == (title if case["id"] == "math" else None)
    assert records["math"]["title"] == "Math x² still renders"


@pytest.mark.browser
def test_in_the_browser_no_dialog_opens_and_nothing_is_injected(site):
    from browser_helpers import search, watch_errors
    from playwright.sync_api import sync_playwright

    from benchmarks.browser import CHROMIUM, launch, serve

    if not CHROMIUM.exists():
        pytest.skip("needs Debian's chromium")
    injected = """() => [
        ...document.querySelectorAll('article img, iframe, object, embed, [onerror], [onload], [onclick], a[href^="javascript:"], a[href^="data:"]'),
        ...[...document.querySelectorAll('script')].filter(s => s.textContent.includes('alert(')),
    ].map(e => e.outerHTML.slice(0, 80))"""
    errors: list[str] = []
    pages = ["", "tags/", "reading-list/", *(f"papers/{case['id']}/" for case in CASES)]
    pages += sorted(str(p.parent.relative_to(site)) + "/" for p in site.glob("themes/*/index.html"))
    with sync_playwright() as playwright, serve(site) as base:
        browser = launch(playwright)
        page = browser.new_page()
        watch_errors(page, errors)
        for path in pages:
            page.goto(base + path)
            page.wait_for_load_state("load")
            assert page.evaluate(injected) == [], path
        page.goto(base)
        assert search(page, "alert")
        assert page.evaluate(injected) == []
        browser.close()
    assert errors == []
