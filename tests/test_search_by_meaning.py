"""Search by meaning in the browser: the JavaScript tokenizer and encoder give what the build's Python gives, and work offline.

The parity tests load semantic.js and the model's files as the build writes
them (site/sentence_model.py) into a bare page, without building a site; the
offline and search-page tests build a real one and search the vectors it
ships (vectors.js).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import numpy as np
import pytest
from browser_helpers import search
from playwright.sync_api import Browser, Page, expect
from support import AWKWARD, BUNDLED, THREE_PAPERS, build_site, copy_project

from benchmarks.browser import AXE, CHROMIUM, axe_violations, serve
from benchmarks.semantic import model_page
from generator.analysis.embeddings import MODEL_DIR, WORD_PIECES, Encoder
from generator.analysis.wordpiece import WordPiece
from generator.model import Paper
from generator.read import read_papers

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium (apt-get install chromium)"),
]

LONG_WORDS = "pneumonoultramicroscopicsilicovolcanoconiosis " + "a" * 100 + " " + "b" * 101
HARD = [
    *AWKWARD,
    "Ångström-scale Dvořák Łódź Œuvre Ærø façade coöperate",
    "日本語のテキストと한국어 텍스트, 漢字 and 𠀋 (an ideograph past the BMP)",
    "3.14e-5, 1,000,000 papers in 2026; 0.5B/7B/70B params; 99.9% top-1 @k=10",
    r"We bound $\mathcal{O}(n \log n)$ with \textbf{LoRA} and $\|W\|_F^2 \leq \epsilon$.",
    "GPT-4o's chain-of-thought (CoT) isn't state-of-the-art... or is it?!",
    LONG_WORDS,
    "emoji 👩‍💻🚀🤖 flags 🇫🇷 and ✓ ✗ ★ symbols → ← ≤ ≥ ∑ ∞",
    "tabs\tand\nnew\r\nlines\x1c\x85\u00adsoft\u200dhyphen\ufeffbom",
    "ΣΊΣΥΦΟΣ ǅungla ﬀ ﬃ ligatures İı",
]


def sentences() -> list[str]:
    """The bundled abstracts whole (cut at the build's length) and sentence by sentence (so no word is cut away)."""
    abstracts = [part for part in BUNDLED.read_text(encoding="utf-8").split("\n\n") if part.strip()]
    return [*abstracts, *(s for a in abstracts for s in re.split(r"(?<=[.!?])\s+", a) if s)]


@pytest.fixture(scope="module")
def model_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("model")
    model_page(root)
    with serve(root) as url:
        yield url


@pytest.fixture(scope="module")
def model(browser: Browser, model_url: str) -> Iterator[Page]:
    context = browser.new_context()
    page = context.new_page()
    page.goto(model_url)
    page.wait_for_function("window.RLSemantic")
    yield page
    context.close()


def test_the_tokenizer_gives_the_word_pieces_python_gives(model: Page):
    texts = [*sentences(), *HARD]
    python = WordPiece.from_file(MODEL_DIR / "tokenizer.json", WORD_PIECES)
    browser = model.evaluate("texts => Promise.all(texts.map(t => RLSemantic.tokenize(t)))", texts)
    mismatched = [
        (text, ids, python.encode(text)) for text, ids in zip(texts, browser, strict=True) if ids != python.encode(text)
    ]
    assert not mismatched, mismatched[:3]
    # The rule for long words is reached: 100 characters are a word, 101 one [UNK].
    assert python.encode(LONG_WORDS).count(python.unk) == 1
    assert len(texts) > 150


def test_the_encoder_gives_the_vectors_python_gives(model: Page):
    abstracts = sentences()[:12]
    queries = ["diffusion models that sample in few steps", "How do language models evaluate games?", *HARD[2:8]]
    texts = [*abstracts, *queries]
    python = Encoder.load().encode(texts)
    browser = np.array(model.evaluate("texts => Promise.all(texts.map(t => RLSemantic.encode(t).then(Array.from)))", texts))
    cosines = (python * browser).sum(axis=1) / np.linalg.norm(browser, axis=1)
    assert len(texts) == 20
    print(f"lowest cosine of the browser's vector to Python's: {cosines.min():.7f}")
    assert cosines.min() >= 0.999, list(zip(texts, cosines, strict=True))


def three_papers_site(project: Path, *, semantic: bool | None = None) -> tuple[Path, list[Paper]]:
    """A built site of the three papers in project (with the semantic option, when given), and the papers as read."""
    copy_project(project, data=False)
    if semantic is not None:
        config = (project / "mkdocs.yml").read_text(encoding="utf-8")
        (project / "mkdocs.yml").write_text(
            config.replace("data_dir: data\n", f"data_dir: data\n      semantic: {str(semantic).lower()}\n"), encoding="utf-8"
        )
    data = project / "data" / "three.txt"
    data.parent.mkdir()
    data.write_text(THREE_PAPERS, encoding="utf-8")
    return build_site(project, data), read_papers([data]).papers


@pytest.fixture(scope="module")
def three(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Paper]]:
    """A built site of the three papers, and the papers as read."""
    return three_papers_site(tmp_path_factory.mktemp("three"))


QUERY = "a transport model that makes pictures from noise along straight paths"


@pytest.mark.site
def test_search_by_meaning_works_offline_from_a_built_site(three: tuple[Path, list[Paper]], browser: Browser):
    site, papers = three
    flow = next(paper.id for paper in papers if "FlowCat" in paper.abstract)
    with serve(site) as url:
        context = browser.new_context()
        page = context.new_page()
        left: list[str] = []
        loaded: list[str] = []
        context.route(re.compile(r"^(?!" + re.escape(url) + ").*"), lambda route: (left.append(route.request.url), route.abort()))
        page.on("requestfinished", lambda request: loaded.append(request.url))
        page.goto(url)
        page.wait_for_load_state("networkidle")
        # The model loads on first use only.
        assert not [u for u in loaded if "semantic.js" in u or "/models/" in u]
        page.evaluate(
            "() => { window.__progress = []; document.addEventListener('rl:model-progress', e => __progress.push(e.detail)); }"
        )
        # The papers' vectors are the site's own vectors.js, which the build wrote.
        found = page.evaluate("query => RL.similar(query, 3)", QUERY)
        assert found[0]["id"] == flow
        assert len(found) == 3 and found[0]["score"] > found[1]["score"] >= found[2]["score"]
        steps = page.evaluate("__progress")
        assert (
            steps[0]["loaded"] == 0
            and steps[-1]["loaded"] == steps[-1]["total"] == (MODEL_DIR / "model.safetensors").stat().st_size
        )
        assert any(u.endswith("semantic.js") for u in loaded) and any(u.endswith("/vectors.js") for u in loaded)
        assert not left, left
        context.close()
    # From file://, where fetch() cannot load files, the model's scripts still do.
    context = browser.new_context()
    page = context.new_page()
    page.goto((site / "index.html").as_uri())
    assert page.evaluate("query => RL.similar(query, 3)", QUERY)[0]["id"] == flow
    # The header's box too: by words it needs a server, by meaning it does not.
    page.locator("input.md-search__input").fill(QUERY)
    assert by_meaning(page, QUERY)[0] == flow
    expect(page.locator(WORDS_META)).to_contain_text("http")
    context.close()


@pytest.mark.site
def test_the_search_page_shows_the_papers_nearest_in_meaning(three: tuple[Path, list[Paper]], page: Page):
    site, papers = three
    flow = next(paper.id for paper in papers if "FlowCat" in paper.abstract)
    assert 'href="search/"' in (site / "index.html").read_text(encoding="utf-8")
    with serve(site) as url:
        page.goto(url + "search/")
        page.fill(".rl-semantic__query", QUERY)
        page.click(".rl-semantic__form button")
        page.wait_for_function("q => document.querySelector('.rl-semantic-search').dataset.rlQuery === q", arg=QUERY)
        hits = page.locator(".rl-semantic__hit")
        assert hits.count() == 3
        assert hits.first.get_attribute("data-paper") == flow
        assert "by meaning" in hits.first.inner_text()
        assert page.locator(".rl-semantic__progress").is_hidden()
        # Its form is a search landmark beside the header's, told apart by its name (axe's landmark-unique).
        page.add_script_tag(path=str(AXE))
        unique = "() => axe.run(document, { runOnly: { type: 'rule', values: ['landmark-unique'] } })"
        assert page.evaluate(unique + ".then(r => [r.violations.length, r.passes.length])") == [0, 1]
        # A link can ask: search/?q=….
        page.goto(url + "search/?q=" + quote(QUERY))
        page.wait_for_function("q => document.querySelector('.rl-semantic-search').dataset.rlQuery === q", arg=QUERY)
        assert page.locator(".rl-semantic__hit").first.get_attribute("data-paper") == flow
        hits.first.locator("a").click()
        page.wait_for_url("**/papers/**")
        page.wait_for_load_state("networkidle")


# The header's box: its two lists, each with its label (a live region) above it.
WORDS_META = ".rl-search .md-search-result > .md-search-result__meta"
MEANING = ".rl-search .rl-search__by-meaning"
MEANING_HITS = MEANING + " li[data-rl-paper] > a.md-search-result__link"
MEANING_PAGE = MEANING + " li.rl-search__meaning > a.md-search-result__link"


def by_meaning(page: Page, query: str) -> list[str]:
    """The ids of the papers the header's box lists by meaning for query (typed already), best first."""
    page.wait_for_function("([s, q]) => document.querySelector(s)?.dataset.rlQuery === q", arg=[MEANING, query])
    return page.eval_on_selector_all(MEANING + " li[data-rl-paper]", "els => els.map(e => e.dataset.rlPaper)")


@pytest.mark.site
def test_the_header_search_lists_papers_by_meaning_under_those_by_words(three: tuple[Path, list[Paper]], page: Page):
    site, papers = three
    flow = next(paper.id for paper in papers if "FlowCat" in paper.abstract)
    loaded: list[str] = []
    page.on("requestfinished", lambda request: loaded.append(request.url))
    words_meta, meaning_meta = page.locator(WORDS_META), page.locator(MEANING + " .md-search-result__meta")
    with serve(site) as url:
        page.goto(url)
        page.wait_for_load_state("networkidle")
        # Nothing of search by meaning loads before the reader searches.
        assert not [u for u in loaded if "semantic" in u or "/models/" in u or u.endswith("/vectors.js")]
        # What the meaning list's label says as the first query loads the model.
        page.evaluate(
            """s => { window.__said = [];
                 new MutationObserver(() => { const m = document.querySelector(s + " .md-search-result__meta");
                   if (m && m.textContent && __said.at(-1) !== m.textContent) __said.push(m.textContent); })
                 .observe(document.querySelector(".rl-search"), { subtree: true, childList: true, characterData: true }); }""",
            MEANING,
        )
        keyword = search(page, "routes tokens to experts")
        assert keyword and not any("search" in path for path in keyword)
        expect(words_meta).to_have_text(re.compile("^By words: "))
        found = by_meaning(page, "routes tokens to experts")
        assert sorted(found) == sorted(paper.id for paper in papers)
        # Each list is labelled, and the box says which list a result is in.
        expect(meaning_meta).to_have_text("By meaning: the nearest papers, best first")
        assert page.evaluate("__said")[:2] == ["By meaning: searching…", "By meaning: loading the sentence model…"]
        expect(page.locator(MEANING + " progress")).to_be_hidden()
        expect(meaning_meta).to_have_attribute("aria-live", "polite")
        expect(page.locator(MEANING + " ol")).to_have_attribute("aria-labelledby", meaning_meta.get_attribute("id"))
        expect(page.locator("input.md-search__input")).to_have_attribute("aria-controls", "rl-search-results rl-search-meaning")
        hit = page.locator(MEANING_HITS).first
        nearest = next(paper for paper in papers if paper.id == found[0])
        assert "/papers/" in hit.get_attribute("href") and nearest.title in hit.inner_text()
        assert any(u.endswith("semantic.js") for u in loaded) and any(u.endswith("semantic.css") for u in loaded)
        assert axe_violations(page) == []

        # A query that no paper holds a word of: none by words, and still the papers nearest in meaning.
        page.locator("input.md-search__input").fill(QUERY)
        assert by_meaning(page, QUERY)[0] == flow
        page.locator("input.md-search__input").fill("quokkaphrase sesquipedalian")
        assert len(by_meaning(page, "quokkaphrase sesquipedalian")) == 3
        expect(words_meta).to_have_text("By words: No matching documents")
        expect(page.locator(MEANING_PAGE)).to_have_text(re.compile("Search by meaning for “quokkaphrase sesquipedalian”"))
        # Enter opens the first result, here the first by meaning.
        first = page.locator(MEANING_HITS).first.get_attribute("href")
        page.keyboard.press("Enter")
        page.wait_for_url(first)

        # The arrow keys step through the results by words, then by meaning, then the link to
        # the search-by-meaning page, which a click follows too.
        for follow in ("click", "keys"):
            page.goto(url)
            keyword = search(page, "routes tokens to experts")
            found = by_meaning(page, "routes tokens to experts")
            expect(page.locator(MEANING + " li").last).to_have_class(re.compile("rl-search__meaning"))
            expect(page.locator(MEANING_PAGE)).to_have_text(re.compile("Search by meaning for “routes tokens to experts”"))
            if follow == "click":
                page.locator(MEANING_PAGE).click()
            else:
                for _ in keyword:
                    page.keyboard.press("ArrowDown")
                expect(page.locator(".md-search-result__list a.md-search-result__link").last).to_be_focused()
                for _ in found:
                    page.keyboard.press("ArrowDown")
                expect(page.locator(MEANING_HITS).last).to_be_focused()
                page.keyboard.press("ArrowDown")
                expect(page.locator(MEANING_PAGE)).to_be_focused()
                page.keyboard.press("Enter")
            page.wait_for_url(url + "search/?q=" + quote("routes tokens to experts").replace("%20", "+"))
            page.wait_for_function(
                "q => document.querySelector('.rl-semantic-search').dataset.rlQuery === q", arg="routes tokens to experts"
            )
            assert page.locator(".rl-semantic__hit").count() == 3
        # Emptied, the box lists nothing by meaning.
        page.goto(url)
        search(page, QUERY)
        by_meaning(page, QUERY)
        page.locator("input.md-search__input").fill("")
        expect(page.locator(MEANING)).to_be_hidden()


@pytest.mark.site
def test_a_site_without_search_by_meaning_does_not_offer_it_in_the_header_search(
    tmp_path_factory: pytest.TempPathFactory, page: Page
):
    site, _ = three_papers_site(tmp_path_factory.mktemp("words"), semantic=False)
    assert not (site / "search" / "index.html").exists()
    loaded: list[str] = []
    page.on("requestfinished", lambda request: loaded.append(request.url))
    with serve(site) as url:
        page.goto(url)
        assert search(page, "routes tokens to experts")
        expect(page.locator(".rl-search .md-search-result__meta")).to_have_count(1)
        expect(page.locator(".rl-search .md-search-result__meta")).not_to_contain_text("By words")
        assert search(page, "quokkaphrase") == []
        page.wait_for_load_state("networkidle")
        assert page.locator(".rl-search__by-meaning, .rl-search__meaning").count() == 0
        assert not [u for u in loaded if "semantic" in u]
