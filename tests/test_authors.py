"""Authors and affiliations a reader can follow (#49): names folded in case, accents and spacing only, the authors page,
the links on a paper's page, and the home page's list filtered by ?author= and ?aff=.

The fixture is a paperlists export (author and aff, ";"-separated and aligned) of six papers whose authors are
spelled as exports spell them: "José García", "Jose  Garcia" and "JOSÉ GARCÍA" are one person, "J. Smith" and
"A. Smith" two.
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from support import REPO, build_site, copy_project, make_paper, search_index

from generator.model import ReadingList
from generator.paths import author_query
from generator.read import read_papers
from generator.render.environment import byline
from generator.render.pages import author_index
from generator.text.words import name_key

PAPERLISTS = REPO / "tests" / "data" / "authors-paperlists.json"
EXPORT = json.loads(PAPERLISTS.read_text(encoding="utf-8"))


def scan(field: str, key: str) -> set[str]:
    """The titles of the export's papers one of whose names in field ("author" or "aff") folds to key: what a reader
    scanning the export by eye would find."""
    return {r["title"] for r in EXPORT if key in {name_key(name) for name in r[field].split(";")}}


# -- Name folding -------------------------------------------------------------


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("José García", "jose garcia"),
        ("JOSÉ GARCÍA", "José García"),
        ("Jose  Garcia", "José\u00a0García"),
        (" Zoë Müller\t", "Zoe Muller"),
        ("ETH Zürich", "eth zurich"),
        # The decomposed and the composed é are one letter.
        ("Jose\u0301", "José"),
    ],
)
def test_names_that_differ_only_in_case_accents_or_spacing_match(one, other):
    assert name_key(one) == name_key(other)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("J. Smith", "A. Smith"),
        ("J. Smith", "John Smith"),
        ("Smith", "J. Smith"),
        ("Wei Zhang", "Zhang Wei"),
        ("Li Na", "Lina"),
    ],
)
def test_two_people_are_never_merged_by_a_guess(one, other):
    assert name_key(one) != name_key(other)


# -- Reading and the model ----------------------------------------------------


def test_paperlists_affiliations_are_read_aligned_to_their_authors_with_repeats_kept():
    papers = {p.title: p for p in read_papers([PAPERLISTS]).papers}
    paper = papers["3D Object Detection With Latent Support Surfaces"]
    assert paper.authors == ["Wei Zhang", "Li Na"]
    assert paper.affiliations == ["Tsinghua University", "Tsinghua University"]
    assert "aff" not in paper.extra


def test_the_byline_pairs_aligned_affiliations_and_shows_others_apart_each_once():
    aligned = make_paper(authors=["A", "B"], affiliations=["Lab", "Lab"])
    assert byline(aligned) == ([("A", "Lab"), ("B", "Lab")], [])
    unaligned = make_paper(authors=["A", "B", "C"], affiliations=["Lab", "Uni", "Lab", ""])
    assert byline(unaligned) == ([("A", ""), ("B", ""), ("C", "")], ["Lab", "Uni"])
    assert byline(make_paper()) == ([], [])


def test_the_author_index_has_each_person_once_with_their_paper_count_and_query():
    reading_list = read_papers([PAPERLISTS])
    index = author_index(reading_list, other="Other")
    authors = {author.query: (initial, author.label, author.papers) for initial, group in index for author in group}
    assert authors["?author=jose+garcia"] == ("J", "José García", 3)
    assert authors["?author=j.+smith"] == ("J", "J. Smith", 1)
    assert authors["?author=a.+smith"] == ("A", "A. Smith", 1)
    assert authors["?author=wei+zhang"] == ("W", "Wei Zhang", 3)
    assert authors["?author=zoe+muller"] == ("Z", "Zoë Müller", 2)
    # Letters of every script stay as they are in the query; ASCII punctuation is escaped.
    assert authors["?author=bjorn+ødegard"] == ("B", "Björn Ødegård", 1)
    # Every name of the export is one entry, and every entry counts as many papers as the export's scan.
    keys = {name_key(name) for r in EXPORT for name in r["author"].split(";")}
    assert len(authors) == len(keys) == 7
    for query, (_, _, count) in authors.items():
        assert count == len(scan("author", *parse_qs(query.removeprefix("?"))["author"])), query
    assert [initial for initial, _ in index] == sorted(initial for initial, _ in index)


def test_an_author_query_escapes_only_what_a_url_would_read_otherwise():
    assert author_query("aff", "A&B #1 +x 100%") == "?aff=a%26b+%231+%2Bx+100%25"
    assert author_query("author", "王 小明") == "?author=王+小明"
    assert parse_qs(author_query("aff", "A&B #1 +x 100%")[1:]) == {"aff": ["a&b #1 +x 100%"]}


def test_a_list_without_authors_has_no_author_index():
    reading_list = ReadingList("t", [make_paper(id="a"), make_paper(id="b", keywords=["x"])])
    assert author_index(reading_list, other="Other") == []


# -- Built sites --------------------------------------------------------------


@pytest.fixture(scope="module")
def paperlists_site(tmp_path_factory) -> Path:
    project = copy_project(tmp_path_factory.mktemp("authors"), data=False)
    (project / "data").mkdir()
    return build_site(project, PAPERLISTS)


def links(html: str, pattern: str) -> list[tuple[str, str]]:
    """The (href, text) of the links in html whose href matches pattern."""
    return [(href, text) for href, text in re.findall(r'<a href="([^"]*)"[^>]*>([^<]*)</a>', html) if re.search(pattern, href)]


def query_of(href: str) -> tuple[str, str]:
    """The filter's field and folded key of a link: ("author", "jose garcia")."""
    ((field, (key,)),) = parse_qs(urlsplit(href).query).items()
    return field, key


@pytest.mark.site
def test_every_author_of_every_paper_links_to_the_home_list_filtered_to_their_papers(paperlists_site):
    papers = json.loads((paperlists_site / "papers.json").read_text(encoding="utf-8"))
    assert {p["title"] for p in papers} == {r["title"] for r in EXPORT}
    for record in EXPORT:
        paper = next(p for p in papers if p["title"] == record["title"])
        html = (paperlists_site / paper["url"] / "index.html").read_text(encoding="utf-8")
        byline_html = re.search(r'<p class="rl-authors">(.*?)</p>', html).group(1)
        authors = links(byline_html, r"[?]author=")
        affiliations = links(byline_html, r"[?]aff=")
        # As the export spells them, the reader having collapsed runs of spaces.
        assert [text.replace("&#46;", ".") for _, text in authors] == [" ".join(a.split()) for a in record["author"].split(";")]
        assert [text for _, text in affiliations] == [" ".join(a.split()) for a in record["aff"].split(";")]
        for href, text in authors + affiliations:
            # A paper page at papers/SLUG/ reaches the home page's list.
            assert href.startswith("../../?"), href
            field, key = query_of(href)
            assert key == name_key(text.replace("&#46;", "."))
            assert record["title"] in scan(field, key)


@pytest.mark.site
def test_the_authors_page_links_every_author_once_to_the_home_list_and_is_in_the_nav(paperlists_site):
    html = (paperlists_site / "authors" / "index.html").read_text(encoding="utf-8")
    found = links(html, r"[?]author=")
    keys = [query_of(href)[1] for href, _ in found]
    assert sorted(keys) == keys == sorted({name_key(name) for r in EXPORT for name in r["author"].split(";")})
    assert {href.split("?")[0] for href, _ in found} == {"../index.html"}
    home = (paperlists_site / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a href="authors/" class="md-nav__link">\s*<span class="md-ellipsis">\s*Authors\s*</span>', home)


@pytest.mark.site
def test_search_finds_a_paper_by_an_authors_name_and_by_an_affiliation(paperlists_site):
    pages = {page["meta"]["title"]: page["content"] for page in search_index(paperlists_site)}
    for record in EXPORT:
        for name in [*record["author"].split(";"), *record["aff"].split(";")]:
            assert " ".join(name.split()) in pages[record["title"]], (name, record["title"])


@pytest.mark.site
def test_a_list_without_authors_has_no_authors_page_nor_nav_entry(project, three_papers):
    site = build_site(project, three_papers)
    assert not (site / "authors").exists()
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "authors/" not in home and "?author=" not in home
    paper_pages = list((site / "papers").glob("*/index.html"))
    assert len(paper_pages) == 3
    for page in paper_pages:
        assert "rl-authors" not in page.read_text(encoding="utf-8")
    assert '"authors"' not in (site / "papers.js").read_text(encoding="utf-8")


HOSTILE_NAME = "Evil](javascript:alert(1)) <img src=x onerror=alert(1)> *{{ x }}* & #1"


@pytest.mark.site
def test_a_hostile_author_or_affiliation_stays_text_and_one_link(project):
    data = project / "data" / "hostile.jsonl"
    record = {"title": "A paper", "abstract": "We study hostile names in bylines of papers.", "author": HOSTILE_NAME}
    data.write_text(json.dumps({**record, "aff": HOSTILE_NAME}) + "\n", encoding="utf-8")
    site = build_site(project, data)
    (page,) = (site / "papers").glob("*/index.html")
    html = page.read_text(encoding="utf-8")
    byline_html = re.search(r'<p class="rl-authors">(.*?)</p>', html).group(1)
    assert "<img" not in byline_html and "<em>" not in byline_html
    found = re.findall(r'<a href="([^"]*)">(.*?)</a>', byline_html)
    assert [query_of(unescape(href))[0] for href, _ in found] == ["author", "aff"]
    for href, text in found:
        assert href.startswith("../../?")
        assert unescape(text) == HOSTILE_NAME
        assert query_of(unescape(href))[1] == name_key(HOSTILE_NAME)
