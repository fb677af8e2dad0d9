"""More like my stars, in headless Chromium on the bundled list: the section, its reasons, RL.recommend, and what loads when."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from browser_helpers import watch_errors
from playwright.sync_api import expect
from support import REPO, build_site, copy_project, needs_dev

from benchmarks.browser import CHROMIUM, axe_violations, serve
from benchmarks.common import write_papers
from generator.render.messages import load as load_messages

pytestmark = [
    pytest.mark.browser,
    pytest.mark.site,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium (apt-get install chromium)"),
]

# The bundled list's title is Chinese, so its interface speaks Chinese.
ZH = load_messages(REPO / "templates", "zh")
EN = load_messages(REPO / "templates", "en")
SHOWN = 10


@pytest.fixture(scope="module")
def bundled(tmp_path_factory):
    site = build_site(copy_project(tmp_path_factory.mktemp("bundled")))
    papers = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    with serve(site) as base:
        yield site, base, {p["id"]: p for p in papers}


@pytest.fixture(scope="module")
def dev_list(tmp_path_factory):
    """A site of the first 200 ICLR 2026 papers, with their authors' keywords."""
    folder = tmp_path_factory.mktemp("dev")
    records = folder / "papers.jsonl"
    write_papers(records, 200)
    site = build_site(copy_project(folder, data=False), records)
    papers = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    with serve(site) as base:
        yield base, {p["id"]: p for p in papers}


def shown(page) -> list[dict[str, str]]:
    """The recommendations on the page: each one's id, the starred paper it is near, and its reason."""
    return page.eval_on_selector_all(
        ".rl-recommend li",
        "els => els.map(e => ({id: e.dataset.rlPaper, near: e.dataset.rlNear, reason: e.querySelector('small').textContent}))",
    )


def reason_keywords(reason: str, messages=ZH) -> list[str]:
    """The keyphrases a reason names as shared."""
    _, _, shared = reason.partition(" · ")
    return shared.removeprefix(messages.t("js.recommend_shared", keywords="")).split(", ") if shared else []


def words(keyword: str) -> list[str]:
    """A keyword's words, lower-case and singular, as the reasons compare them."""
    return [singular(w) for w in re.findall(r"[a-z0-9]+", keyword.lower())]


def singular(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def key(keyword: str) -> str:
    return " ".join(words(keyword))


def star(page, paper_id: str, field: str = "s", on: bool = True) -> None:
    page.evaluate("([id, field, on]) => RL.store.update([[id, field, on]])", [paper_id, field, on])


def test_stars_turn_into_recommendations_with_reasons_and_follow_the_stars(page, bundled):
    _, base, papers = bundled
    page.goto(base)
    section = page.locator(".rl-recommend")
    expect(section).to_be_hidden()
    first = page.locator(".rl-papers li.rl-item").first
    starred = first.get_attribute("data-rl-paper")
    first.locator(".rl-toggle--star").click()
    expect(section).to_be_visible()
    expect(section.locator("h2")).to_have_text(ZH.t("js.recommend_title"))
    expect(section.locator("li")).to_have_count(SHOWN)
    # The site is Chinese, its titles English: each title says so, for a screen reader's voice.
    expect(section.locator('li > a > span[lang="en"]')).to_have_count(SHOWN)
    items = shown(page)
    assert starred not in [item["id"] for item in items]
    near = ZH.t("js.recommend_near", title=papers[starred]["title"])
    assert all(item["near"] == starred and item["reason"].startswith(near) for item in items)
    # Each reason names up to three of the paper's keyphrases that the starred paper has too, singular or plural,
    # or failing those that share a word with one of its keyphrases; and only those.
    for item in items:
        named = reason_keywords(item["reason"])
        mine, theirs = papers[item["id"]]["keywords"], papers[starred]["keywords"]
        same = [k for k in mine if key(k) in {key(m) for m in theirs}]
        assert len(named) <= 3 and set(named) <= set(mine), item
        assert named == same[:3] if same else all(set(words(k)) & {w for m in theirs for w in words(m)} for k in named), item

    assert axe_violations(page) == []

    # A second star joins the first; a paper marked read leaves the list.
    second, done = items[0]["id"], items[1]["id"]
    star(page, second)
    star(page, done, "r")
    expect(section.locator(f'li[data-rl-paper="{second}"]')).to_have_count(0)
    expect(section.locator(f'li[data-rl-paper="{done}"]')).to_have_count(0)
    expect(section.locator("li")).to_have_count(SHOWN)
    assert {item["near"] for item in shown(page)} <= {starred, second}

    star(page, starred, on=False)
    star(page, second, on=False)
    expect(section).to_be_hidden()


def test_the_reading_list_shows_recommendations_and_rl_recommend_leaves_out_starred_and_read(page, bundled):
    _, base, papers = bundled
    starred, done = sorted(papers)[:2]
    page.goto(base + "reading-list/")
    star(page, starred)
    star(page, done, "r")
    expect(page.locator(f'.rl-reading-list li[data-rl-paper="{starred}"]')).to_have_count(1)
    expect(page.locator(".rl-recommend li")).to_have_count(SHOWN)
    found = page.evaluate("([ids, k]) => RL.recommend(ids, k)", [[starred], len(papers)])
    ids = [r["id"] for r in found]
    assert sorted(ids) == sorted(set(papers) - {starred, done})
    scores = [r["score"] for r in found]
    assert scores == sorted(scores, reverse=True)
    assert all(-1 <= s <= 1 for s in scores)
    assert [r["id"] for r in shown(page)] == ids[:SHOWN]
    assert page.evaluate("ids => RL.recommend(ids, 3)", [[]]) == []


def test_the_home_page_loads_no_vectors_records_or_code_of_them_until_a_paper_is_starred(page, bundled):
    site, base, _ = bundled
    loaded: list[str] = []
    page.on("request", lambda request: loaded.append(request.url))
    page.goto(base)
    page.wait_for_load_state("networkidle")
    assert not [url for url in loaded if url.endswith(("/vectors.js", "/papers.js", "/semantic.js", "/semantic.css"))]
    page.locator(".rl-papers li.rl-item .rl-toggle--star").first.click()
    expect(page.locator(".rl-recommend li")).to_have_count(SHOWN)
    assert [url for url in loaded if url.endswith("/vectors.js")] == [base + "vectors.js"]
    # Their code comes with the first star; the sentence model does not.
    assert [url for url in loaded if url.endswith("/semantic.js")] == [base + "assets/javascripts/semantic.js"]
    assert not [url for url in loaded if "/models/" in url]
    assert (site / "vectors.js").stat().st_size < 1000 * len(json.loads((site / "papers.json").read_text()))


def test_recommendations_work_from_file_urls(browser, bundled, errors):
    site, _, _ = bundled
    context = browser.new_context()
    try:
        page = context.new_page()
        watch_errors(page, errors)
        page.goto((site / "index.html").as_uri())
        page.locator(".rl-papers li.rl-item .rl-toggle--star").first.click()
        expect(page.locator(".rl-recommend li")).to_have_count(SHOWN)
    finally:
        context.close()


@needs_dev
def test_reasons_fall_back_to_keyphrases_that_share_a_rare_word(page, dev_list):
    base, papers = dev_list
    said = Counter(w for p in papers.values() for w in {*words(p["title"]), *(w for k in p["keywords"] for w in words(k))})
    page.goto(base + "reading-list/")
    loose = 0
    for starred in sorted(papers)[:20]:
        star(page, starred)
        expect(page.locator(f'.rl-recommend li[data-rl-near="{starred}"]')).to_have_count(SHOWN)
        theirs = {w for k in papers[starred]["keywords"] for w in words(k)}
        for item in shown(page):
            named, mine = reason_keywords(item["reason"], EN), papers[item["id"]]["keywords"]
            if named and not {key(k) for k in named} & {key(k) for k in papers[starred]["keywords"]}:
                loose += 1
                # Each shares with the starred paper's keyphrases a word of four letters or more that at most 5% of the papers say.
                rare = {w for w in theirs if len(w) > 3 and said[w] <= 0.05 * len(papers)}
                assert set(named) <= set(mine) and all(rare & set(words(k)) for k in named), item
        star(page, starred, on=False)
    assert loose
