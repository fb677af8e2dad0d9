"""Properties over any text the reader accepts: nothing lost, nothing injected."""

from __future__ import annotations

import re
import tempfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from support import build_site, copy_project

from generator.errors import InputError
from generator.read import read_papers
from generator.text.markup import abstract_html

# The tags an abstract may come out as: our own typography, links and math.
ALLOWED = {"p", "strong", "em", "code", "a", "span"}

any_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=300)


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def tags_in(fragment: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = Tags()
    parser.feed(fragment)
    return parser.tags


def assert_only_our_markup(fragment: str) -> None:
    for tag, attrs in tags_in(fragment):
        assert tag in ALLOWED, tag
        if tag == "a":
            assert set(attrs) == {"href"} and re.match(r"https?://", attrs["href"] or ""), attrs
        elif tag == "span":
            assert attrs == {"class": "arithmatex"}, attrs
        else:
            assert attrs == {}, (tag, attrs)


@given(any_text)
@settings(max_examples=500)
def test_any_abstract_renders_to_our_markup_only(raw):
    assert_only_our_markup(abstract_html(raw))


@pytest.mark.site
@given(title=any_text, abstracts=st.lists(any_text, min_size=1, max_size=4))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_accepted_list_builds_with_every_abstract_once(title, abstracts):
    # A marker per abstract, so each can be found on the built pages whatever else it holds.
    blocks = [f"zqmarker{i} {' '.join(a.split())}" for i, a in enumerate(abstracts)]
    content = f"{title}\n\n" + "\n\n".join(blocks)
    with tempfile.TemporaryDirectory() as folder:
        project = copy_project(Path(folder), data=False)
        (project / "data").mkdir()
        source = project / "data" / "list.txt"
        source.write_text(content, encoding="utf-8")
        try:
            papers = read_papers([source]).papers
        except InputError:
            assume(False)
        site = build_site(project, source)

        divs = [
            div
            for page in site.glob("papers/*/index.html")
            for div in re.findall(r'<div class="rl-abstract"[^>]*>(.*?)</div>', page.read_text(encoding="utf-8"), re.S)
        ]
        assert len(divs) == len(papers)
        # The reader decides what is an abstract: a blank title makes the first
        # block the title, and lines right under the title are an abstract of their own.
        markers = [m.group(0) for paper in papers if (m := re.match(r"zqmarker\d+", paper.abstract))]
        for marker in markers:
            holders = [div for div in divs if re.search(rf"{marker}(?!\d)", div)]
            assert len(holders) == 1
        for div in divs:
            assert_only_our_markup(div)
