"""The built site as a reader and a crawler meet it: links, anchors, metadata, 404, sitemap."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlsplit

import pytest
from support import BUNDLED, build_site, copy_project, make_paper

from generator.render.environment import paper_description
from generator.site.build import BuildOptions, build

SITE_URL = "https://lists.example.org/iclr2026/"
# Not ours to check offline; any other scheme (javascript:, file:) is a broken link.
_EXTERNAL = re.compile(r"(?:https?|mailto|data):|//", re.IGNORECASE)


class Links(HTMLParser):
    """Every href and src of a page, and its ids."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(values["id"] or "")
        self.links += [value for name, value in attrs if name in ("href", "src") and value]


def parse(page: Path) -> Links:
    parser = Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def linked_project(folder: Path, *, data: bool) -> Path:
    """A copy of the site's sources, published at SITE_URL."""
    project = copy_project(folder, data=data)
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    config.write_text(re.sub(r"(?m)^site_url: .*$", f"site_url: {SITE_URL}", text), encoding="utf-8")
    return project


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_site(linked_project(tmp_path_factory.mktemp("links"), data=True))


# Areas that name their sub-areas give a list of any length themes with
# sub-themes, as a list of over 300 papers gets them: eight papers build fast.
AREAS = ("Generative models -> Diffusion", "Generative models -> Flows", "Learning -> Reasoning", "Learning -> Agents")


@pytest.fixture(scope="module")
def two_level_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = linked_project(tmp_path_factory.mktemp("two-level"), data=False)
    (project / "data").mkdir()
    abstracts = [" ".join(block.split()) for block in BUNDLED.read_text(encoding="utf-8").split("\n\n")[1:9]]
    records = [
        {"id": f"p{i}", "abstract": abstract, "primary_area": AREAS[i % len(AREAS)]} for i, abstract in enumerate(abstracts)
    ]
    data = project / "data" / "areas.jsonl"
    data.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    build(BuildOptions(project / "mkdocs.yml", project / "site", (data,), {"group_by": "primary_area"}))
    return project / "site"


def target_of(page: Path, href: str, site: Path) -> Path:
    path = unquote(urlsplit(href).path)
    # The 404 page links from the site's root path, as it may be served at any depth.
    root = urlsplit(SITE_URL).path
    target = site.resolve() / path.removeprefix(root) if path.startswith(root) else (page.parent / path).resolve()
    return target / "index.html" if target.is_dir() else target


def broken_links(site: Path) -> tuple[int, list[str]]:
    """How many local links (href and src) the site's pages hold, and those that name no file of the site or no anchor on it."""
    parsed = {page.resolve(): parse(page) for page in sorted(site.rglob("*.html"))}
    checked = 0
    broken = []
    for page, links in parsed.items():
        where = page.relative_to(site.resolve())
        for href in links.links:
            if _EXTERNAL.match(href):
                continue
            path, anchor = urldefrag(href)
            target = target_of(page, path, site) if path else page
            checked += 1
            if not target.is_file() or not target.is_relative_to(site.resolve()):
                broken.append(f"{where}: broken link {href}")
            elif anchor and target.suffix == ".html" and anchor not in parsed[target].ids:
                broken.append(f"{where}: no #{anchor} in {href}")
    return checked, broken


@pytest.mark.site
def test_every_internal_link_and_anchor_resolves(site):
    checked, broken = broken_links(site)
    assert broken == []
    assert checked > 1000


@pytest.mark.site
def test_every_link_of_a_site_with_sub_themes_resolves(two_level_site):
    assert list(two_level_site.glob("themes/*/*/index.html")), "no sub-theme pages"
    checked, broken = broken_links(two_level_site)
    assert broken == []
    assert checked > 500
    # Each feed sits beside the page that links to it: none in a folder of its own.
    assert [feed.parent for feed in two_level_site.rglob("feed.xml") if not (feed.parent / "index.html").is_file()] == []


@pytest.mark.site
def test_pages_carry_canonical_links_and_open_graph_tags(site):
    paper = next(site.glob("papers/lapflow*/index.html"))
    head = paper.read_text(encoding="utf-8").split("</head>")[0]
    url = f"{SITE_URL}papers/{paper.parent.name}/"
    assert f'<link rel="canonical" href="{url}">' in head
    assert f'<meta property="og:url" content="{url}">' in head
    assert '<meta property="og:type" content="article">' in head
    assert re.search(r'<meta property="og:title" content="LapFlow[^"]*">', head)
    description = re.search(r'<meta name="description" content="([^"]+)">', head).group(1)
    assert re.search(rf'<meta property="og:description" content="{re.escape(description)}">', head)


@pytest.mark.site
def test_every_paper_page_has_a_meta_description(site):
    pages = [p for p in site.glob("papers/*/index.html") if 'http-equiv="refresh"' not in p.read_text(encoding="utf-8")]
    for page in pages:
        head = page.read_text(encoding="utf-8").split("</head>")[0]
        found = re.search(r'<meta name="description" content="([^"]+)">', head)
        assert found, f"{page.parent.name} has no description"
        assert len(html.unescape(found.group(1))) <= 220


def test_a_paper_without_a_summary_is_described_by_its_abstracts_first_sentence_as_plain_text():
    paper = make_paper(abstract="Policies with an $\\ell_1$ penalty stabilise. We report results.", summary="")
    assert paper_description(paper) == "Policies with an ℓ1 penalty stabilise."


def test_a_long_first_sentence_is_cut_at_a_word_boundary_within_160_characters():
    paper = make_paper(abstract=" ".join(["word"] * 60) + ". Then more.", summary="")
    description = paper_description(paper)
    assert len(description) <= 160 and description.endswith("word…")


def test_a_paper_with_a_summary_is_described_by_it():
    assert paper_description(make_paper(summary="It stabilises training.")) == "It stabilises training."


@pytest.mark.site
def test_the_sitemap_lists_every_paper(site):
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    for paper in site.glob("papers/*/index.html"):
        # A redirect left at the old URL of a changed derived title belongs in no sitemap.
        if 'http-equiv="refresh"' not in paper.read_text(encoding="utf-8"):
            assert f"<loc>{SITE_URL}papers/{paper.parent.name}/</loc>" in sitemap


@pytest.mark.site
def test_a_404_page_exists(site):
    assert "404" in (site / "404.html").read_text(encoding="utf-8")
