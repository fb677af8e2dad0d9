"""End to end: the bundled list (and a small English one) through the real generator and `mkdocs build --strict`."""

from __future__ import annotations

import html
import json
import re
import string
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote

import pytest
from support import BUNDLED, REPO, build_site, copy_project, search_index, with_sidebars

from generator.read import read_papers
from generator.render.messages import content_language
from generator.render.messages import load as load_messages
from generator.text import markup as text

pytestmark = pytest.mark.site

BUNDLED_PAPERS = read_papers([BUNDLED]).papers


@pytest.fixture(scope="module")
def bundled_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_site(copy_project(tmp_path_factory.mktemp("bundled")))


def page_text(page: Path) -> str:
    """A built page's visible text: tags dropped, entities decoded, space folded."""
    return visible_text(page.read_text(encoding="utf-8"))


def visible_text(body: str) -> str:
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)
    # Inline markup sits inside words ("<strong>S</strong>elf"); block tags part them.
    body = re.sub(r"</?(strong|em|a|span|code)\b[^>]*>", "", body)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def paper_pages(site: Path) -> list[Path]:
    """The papers' pages, less the redirects that keep old URLs working."""
    return [page for page in sorted(site.glob("papers/*/index.html")) if not is_redirect(page)]


def is_redirect(page: Path) -> bool:
    return 'http-equiv="refresh"' in page.read_text(encoding="utf-8")


def test_every_bundled_paper_gets_one_page(bundled_site):
    # A derived title that changed since data/urls.json was written leaves a redirect at its old URL.
    pages = paper_pages(bundled_site)
    assert len(pages) == 19
    for moved in set(bundled_site.glob("papers/*/index.html")) - set(pages):
        target = re.search(r'url=\.\./([^/"]+)/', moved.read_text(encoding="utf-8"))
        assert target and (moved.parent.parent / target[1] / "index.html") in pages


def without_math(words: str) -> str:
    """Text with its formulas dropped: the browser, not the HTML, typesets them."""
    return " ".join(re.sub(r"\$[^$]*\$|\\\(.*?\\\)", " ", words).split())


def test_each_abstract_stands_on_exactly_one_paper_page(bundled_site):
    pages = {page: without_math(page_text(page)) for page in paper_pages(bundled_site)}
    for paper in BUNDLED_PAPERS:
        # The abstract as a reader sees it, LaTeX typography resolved.
        shown = without_math(text.plain_text(paper.abstract))
        holders = [page for page, body in pages.items() if shown in body]
        assert len(holders) == 1, (paper.source, holders)


def test_built_pages_keep_no_blank_or_indented_lines_between_their_tags(bundled_site):
    pages = [*paper_pages(bundled_site), bundled_site / "index.html", *bundled_site.glob("themes/*/index.html")]
    for page in pages:
        outside_raw_text = re.sub(
            r"<(pre|script|style|textarea)\b.*?</\1>", "<kept/>", page.read_text(encoding="utf-8"), flags=re.S
        )
        assert not re.search(r"\n[ \t]*\n|\n[ \t]+<", outside_raw_text), page


def test_papers_json_holds_every_paper_once_one_record_a_line(bundled_site):
    text = (bundled_site / "papers.json").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0] == "[" and lines[-1] == "]"
    records = [json.loads(line.removesuffix(",")) for line in lines[1:-1]]
    assert records == json.loads(text)
    assert sorted(record["id"] for record in records) == sorted(paper.id for paper in BUNDLED_PAPERS)


def test_each_paper_stands_on_exactly_one_theme_page(bundled_site):
    theme_pages = sorted(bundled_site.glob("themes/*/index.html"))
    # At least two themes and Other topics (the bundled 19 papers make four and Other topics: GUIDE.md, Themes).
    assert 3 <= len(theme_pages) <= 7
    links = [re.findall(r'href="\.\./\.\./papers/([^/"]+)/"', p.read_text(encoding="utf-8")) for p in theme_pages]
    slugs = [page.parent.name for page in paper_pages(bundled_site)]
    for slug in slugs:
        assert sum(slug in found for found in links) == 1, slug


def test_every_title_is_in_the_search_index(bundled_site):
    index = search_index(bundled_site)
    entry = json.loads((bundled_site / "pagefind" / "pagefind-entry.json").read_text(encoding="utf-8"))
    # The paper pages and the home page, nothing else.
    assert sum(language["page_count"] for language in entry["languages"].values()) == len(index) == 19 + 1
    titles = {page["meta"]["title"] for page in index}
    for page in paper_pages(bundled_site):
        title = html.unescape(re.search(r"<h1[^>]*>(.*?)</h1>", page.read_text(encoding="utf-8"), re.S).group(1))
        assert re.sub(r"<[^>]+>", "", title).strip() in titles


def test_the_search_index_holds_the_abstracts_but_not_the_related_papers(bundled_site):
    by_url = {page["url"]: page for page in search_index(bundled_site)}
    lapflow = next(p for p in paper_pages(bundled_site) if p.parent.name.startswith("lapflow"))
    content = by_url[f"/papers/{lapflow.parent.name}/"]["content"]
    assert "Laplacian multiscale flow matching" in content
    assert "Related papers" not in content and "shares" not in content


def test_the_chinese_list_title_is_searchable(bundled_site):
    home = next(page for page in search_index(bundled_site) if page["url"] == "/")
    assert "论文" in home["meta"]["title"]


def test_no_paper_page_is_in_the_navigation(bundled_site):
    for page in [bundled_site / "index.html", *paper_pages(bundled_site)[:3]]:
        # Everything but the article is chrome: header, nav, table of contents, footer.
        chrome = re.sub(r"<article\b.*?</article>", "", with_sidebars(bundled_site, page), flags=re.S)
        assert 'class="md-nav md-nav--primary"' in chrome
        assert "themes/" in chrome
        assert "papers/" not in chrome


def test_paper_page_shows_theme_tags_abstract_and_related_papers(bundled_site):
    lapflow = next(p for p in paper_pages(bundled_site) if p.parent.name.startswith("lapflow"))
    body = lapflow.read_text(encoding="utf-8")
    assert re.search(r'href="\.\./\.\./themes/[^"]+/"', body)
    assert "md-tag" in body
    assert 'class="rl-abstract"' in body
    zh = load_messages(REPO / "templates", "zh")
    assert zh.t("paper.derived") in body
    related = re.search(rf"{zh.t('paper.related')}</h2>(.*?)</ul>", body, re.S)
    assert related is not None
    assert 3 <= related.group(1).count("<li>") <= 5
    assert zh.t("paper.shares", reasons="") in related.group(1)


def test_code_links_are_labelled_as_code_in_the_interfaces_language(bundled_site):
    decs = next(p for p in paper_pages(bundled_site) if p.parent.name.startswith("decs"))
    code = load_messages(REPO / "templates", "zh").t("paper.link.code")
    assert re.search(rf'href="https://github.com/pixas/DECS"[^>]*>{code}</a>', decs.read_text(encoding="utf-8"))


def test_a_theme_pages_english_summaries_carry_their_language(bundled_site):
    for page in sorted(bundled_site.glob("themes/*/index.html")):
        listed = re.search(r'<div class="rl-papers">(.*?)</div>', page.read_text(encoding="utf-8"), re.S).group(1)
        items = re.findall(r"<li>.*?</li>", listed, re.S)
        assert items, page
        assert [item for item in items if not re.search(r'<br />\s*<span lang="en">', item)] == [], page


def test_chinese_title_gives_a_chinese_interface(bundled_site):
    assert '<html lang="zh"' in (bundled_site / "index.html").read_text(encoding="utf-8")


def test_math_assets_ship_inside_the_site(bundled_site):
    assert (bundled_site / "assets" / "katex" / "katex.min.js").is_file()
    body = (bundled_site / "index.html").read_text(encoding="utf-8")
    assert "fonts.googleapis.com" not in body
    assert not re.search(r'(src|href)="https?://(?!github\.com)[^"]*\.(js|css)"', body)


def test_two_builds_give_identical_files(bundled_site, tmp_path):
    project = bundled_site.parent
    again = build_site(project, out="site-again")
    first = {p.relative_to(bundled_site): p.read_bytes() for p in bundled_site.rglob("*") if p.is_file()}
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert first.keys() == second.keys()
    assert [name for name in first if first[name] != second[name]] == []


def test_the_home_page_title_names_the_list_once(bundled_site):
    assert "<title>ICLR 2026 论文列表</title>" in (bundled_site / "index.html").read_text(encoding="utf-8")
    lapflow = next(p for p in paper_pages(bundled_site) if p.parent.name.startswith("lapflow"))
    assert re.search(r"<title>LapFlow: [^<]+ - ICLR 2026 论文列表</title>", lapflow.read_text(encoding="utf-8"))


def test_previous_and_next_links_walk_each_theme_in_order(bundled_site):
    records = json.loads((bundled_site / "papers.json").read_text(encoding="utf-8"))
    theme_of = {r["url"]: r["theme"] for r in records}
    for theme in {r["theme"] for r in records}:
        members = [r["url"] for r in records if r["theme"] == theme]
        pages = {url: (bundled_site / url / "index.html").read_text(encoding="utf-8") for url in members}
        # The walk from the paper with no previous link visits every member once.
        (first,) = [url for url, body in pages.items() if 'rel="prev"' not in body]
        walk = [first]
        while next_link := re.search(r'<a class="rl-pager__next" href="\.\./([^"]+)" rel="next"', pages[walk[-1]]):
            walk.append("papers/" + next_link.group(1))
            assert theme_of[walk[-1]] == theme
        assert sorted(walk) == sorted(members)


def test_paper_keywords_link_to_the_tags_page_which_lists_them_all(bundled_site):
    records = json.loads((bundled_site / "papers.json").read_text(encoding="utf-8"))
    tags = (bundled_site / "tags" / "index.html").read_text(encoding="utf-8")
    for record in records:
        body = (bundled_site / record["url"] / "index.html").read_text(encoding="utf-8")
        for keyword in record["keywords"]:
            query = "?tag=" + quote(keyword, safe="")
            assert f'href="../../tags/{query}"' in body
            assert f'href="./{query}"' in tags


def test_the_home_page_has_a_meta_description_naming_its_themes(bundled_site):
    home = (bundled_site / "index.html").read_text(encoding="utf-8")
    description = html.unescape(re.search(r'<meta name="description" content="([^"]*)"', home).group(1))
    papers = json.loads((bundled_site / "papers.json").read_text(encoding="utf-8"))
    zh = load_messages(REPO / "templates", "zh")
    themes = {p["theme"] for p in papers}
    counts = {"papers": zh.count("count.papers", len(papers)), "themes": zh.count("count.themes", len(themes))}
    assert description.startswith(zh.t("home.description", names="\0", **counts).split("\0")[0])
    assert any(theme in description for theme in themes)
    assert len(description) <= 160


# -- Every page a reader reaches speaks the interface's language (issue #32) ---

TEMPLATES = REPO / "templates"
# The About page in each language, as a curator would find it.
ABOUT = TEMPLATES / "about"
NAV = ("nav.home", "nav.themes", "nav.reading_list", "nav.tags", "nav.about")


def about_heading(language: str) -> str:
    return re.search(r"^# (.+)$", (ABOUT / f"{language}.md").read_text(encoding="utf-8"), re.M).group(1)


def english_interface() -> list[str]:
    """What an English site's nav, Reading list and About page say in its own words."""
    en = load_messages(TEMPLATES, "en")
    about = (ABOUT / "en.md").read_text(encoding="utf-8")
    return [*(en.t(key) for key in NAV), en.t("reading_list.intro"), *re.findall(r"^#+ (.+)$", about, re.M)]


def chrome_text(page: Path) -> str:
    """The visible text of a page's header, nav and footer: everything but the article."""
    return visible_text(re.sub(r"<article\b.*?</article>", "", page.read_text(encoding="utf-8"), flags=re.S))


def test_the_about_and_reading_list_pages_and_the_nav_speak_a_chinese_lists_language(bundled_site):
    zh = load_messages(TEMPLATES, "zh")
    about, reading = bundled_site / "about" / "index.html", bundled_site / "reading-list" / "index.html"
    for page in (about, reading):
        shown = page_text(page)
        # Whole words, case and all: the nav's themes are the papers' own English phrases.
        assert [words for words in english_interface() if re.search(rf"\b{re.escape(words)}\b", shown)] == [], page
        assert all(zh.t(key) in chrome_text(page) for key in NAV), page
    assert f"<title>{zh.t('nav.about')} - ICLR 2026 论文列表</title>" in about.read_text(encoding="utf-8")
    assert re.search(rf"<h1[^>]*>{about_heading('zh')}</h1>", about.read_text(encoding="utf-8"))
    assert f"<title>{zh.t('nav.reading_list')} - ICLR 2026 论文列表</title>" in reading.read_text(encoding="utf-8")
    assert re.search(rf"<h1[^>]*>{zh.t('nav.reading_list')}</h1>", reading.read_text(encoding="utf-8"))
    assert zh.t("reading_list.intro") in page_text(reading)


def test_an_english_list_gets_the_about_and_reading_list_pages_and_the_nav_in_english(project, three_papers):
    site = build_site(project, three_papers)
    en = load_messages(TEMPLATES, "en")
    about, reading = site / "about" / "index.html", site / "reading-list" / "index.html"
    for page in (about, reading):
        assert content_language(page_text(page)) == "en", page
        assert all(en.t(key) in chrome_text(page) for key in NAV), page
    assert re.search(rf"<h1[^>]*>{about_heading('en')}</h1>", about.read_text(encoding="utf-8"))
    assert en.t("reading_list.intro") in page_text(reading)


def test_an_about_page_in_the_docs_folder_replaces_ours(project, three_papers):
    (project / "docs" / "about.md").write_text("# Our workshop\n\nWritten by the organisers.\n", encoding="utf-8")
    site = build_site(project, three_papers)
    shown = page_text(site / "about" / "index.html")
    assert "Written by the organisers." in shown
    assert about_heading("en") not in shown
    assert load_messages(TEMPLATES, "en").t("reading_list.intro") in page_text(site / "reading-list" / "index.html")


class InterfaceText(HTMLParser):
    """A page's words in its own voice: its text and labels, less its scripts and what it marks as English content."""

    VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})
    LABELS = ("aria-label", "title", "placeholder", "alt")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, bool]] = []
        self.words: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        quiet = bool(self.open and self.open[-1][1]) or tag in ("script", "style") or (values.get("lang") or "").startswith("en")
        if not quiet:
            self.words += [value for name, value in attrs if name in self.LABELS and value]
        if tag not in self.VOID:
            self.open.append((tag, quiet))

    def handle_endtag(self, tag: str) -> None:
        while self.open and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if not (self.open and self.open[-1][1]):
            self.words.append(data)


def interface_text(page: Path) -> str:
    parser = InterfaceText()
    parser.feed(page.read_text(encoding="utf-8"))
    return " ".join(" ".join(parser.words).split())


def english_words() -> set[str]:
    """What the English catalogue says that the Chinese one says otherwise: each page-side message whole, and each part of
    one between its holes that is more than a word (the scripts' js.* messages show only in a browser)."""
    en, zh = load_messages(TEMPLATES, "en").strings, load_messages(TEMPLATES, "zh").strings
    words = set()
    for key, message in en.items():
        if key.startswith("js.") or zh.get(key) == message:
            continue
        parts = [literal.strip(" .,:;()") for literal, *_ in string.Formatter().parse(message)]
        words.update(part for part in parts if re.search(r"[A-Za-z]{3}", part) and (part == message.strip(" .:") or " " in part))
    return words


def test_no_page_of_a_chinese_list_says_a_word_of_the_english_interface(bundled_site):
    """Every page a reader reaches, 404 and old URLs' redirects too: nav, labels, buttons and Material's own chrome."""
    words = sorted(english_words())
    pages = {str(page.relative_to(bundled_site)): interface_text(page) for page in sorted(bundled_site.rglob("*.html"))}
    spoken = {name: [w for w in words if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)] for name, text in pages.items()}
    assert {name: found for name, found in spoken.items() if found} == {}
    # What the pages say instead, where English slipped through before: the check reads what a reader meets.
    zh = load_messages(TEMPLATES, "zh")
    redirects = [name for name in pages if is_redirect(bundled_site / name)]
    assert redirects and all(zh.t("redirect.text") in pages[name] for name in redirects)
    chrome = [text for name, text in pages.items() if name not in redirects]
    assert all(zh.t("palette.to_dark") in text and zh.t("palette.to_light") in text for text in chrome)
    assert all(zh.t("chrome.made_with", material="Material for MkDocs") in text for text in chrome)
    assert zh.t("chrome.not_found") in pages["404.html"]
    assert zh.t("tags.other") in pages["tags/index.html"]
    assert any(zh.t("paper.link.code") in text for text in pages.values())


def test_pages_load_the_interfaces_words_from_messages_js_before_the_bundle_instead_of_carrying_them(bundled_site):
    words = load_messages(REPO / "templates", "zh").page_words()
    script = (bundled_site / "messages.js").read_text(encoding="utf-8")
    assert script.startswith("window.RL_MESSAGES = ") and script.endswith(";\n")
    assert json.loads(script.removeprefix("window.RL_MESSAGES = ").removesuffix(";\n")) == words
    for page, root in [(bundled_site / "index.html", ""), *((p, "../../") for p in paper_pages(bundled_site)[:2])]:
        html = page.read_text(encoding="utf-8")
        assert words["js.star"] not in html
        tags = re.findall(r'<script src="([^"]+)"', html)
        assert tags.index(f"{root}messages.js") < tags.index(f"{root}assets/javascripts/readinglist.js")
