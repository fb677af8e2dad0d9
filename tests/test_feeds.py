"""Atom feeds of the list and of each theme: valid, newest first, and a paper added in a rebuild on top."""

from __future__ import annotations

import json
import os
from pathlib import Path

import feedparser
import pytest
from support import THREE_PAPERS, build_site

from generator.errors import InputError
from generator.site.build import BuildOptions, build

pytestmark = pytest.mark.site

NEW_PAPER = (
    "We present QuietNet, a speech enhancement network that removes background noise from phone calls "
    "in real time, and evaluate it on noisy conversational speech."
)


def read_feed(path: Path) -> feedparser.FeedParserDict:
    feed = feedparser.parse(path.read_bytes())
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.version == "atom10"
    return feed


@pytest.fixture
def dated(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")  # 2026-01-01


def test_the_list_and_every_theme_have_a_feed_that_a_feed_reader_reads(project, three_papers, dated):
    site = build_site(project, three_papers)
    feed = read_feed(site / "feed.xml")
    assert feed.feed.title == "A tiny reading list"
    titles = [entry.title for entry in feed.entries]
    assert len(titles) == 3
    # One build saw them all at once: they keep the list's order.
    assert titles[0].startswith("SMR")
    for entry in feed.entries:
        assert (site / entry.link / "index.html").is_file()
        assert entry.updated == "2026-01-01T00:00:00Z"
    assert len({entry.id for entry in feed.entries}) == 3
    papers = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    for slug in {paper["theme_slug"] for paper in papers}:
        theme_feed = read_feed(site / "themes" / slug / "feed.xml")
        assert theme_feed.entries
        for entry in theme_feed.entries:
            assert (site / "themes" / slug / entry.link / "index.html").resolve().is_file()
    home = (site / "index.html").read_text(encoding="utf-8")
    assert '<link rel="alternate feed" type="application/atom+xml" href="feed.xml"' in home
    theme = (site / "themes" / slug / "index.html").read_text(encoding="utf-8")
    assert '<link rel="alternate feed" type="application/atom+xml" href="feed.xml"' in theme


def test_only_the_lists_feed_carries_the_abstracts_a_themes_feed_gives_summaries_and_links(project, three_papers, dated):
    site = build_site(project, three_papers)
    abstracts = {entry.link: entry.content[0].value for entry in read_feed(site / "feed.xml").entries}
    assert len(abstracts) == 3 and all(len(abstract) > 100 for abstract in abstracts.values())
    theme_feeds = sorted((site / "themes").rglob("feed.xml"))
    assert theme_feeds
    for path in theme_feeds:
        up = "../" * (len(path.relative_to(site).parts) - 1)
        for entry in read_feed(path).entries:
            assert "content" not in entry
            assert entry.summary and entry.summary in abstracts[entry.link.removeprefix(up)]


def test_a_paper_added_in_a_rebuild_tops_the_feed_and_the_others_keep_their_dates(project, three_papers, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    build_site(project, three_papers)
    seen = json.loads((project / "data" / "first-seen.json").read_text(encoding="utf-8"))
    assert sorted(set(seen.values())) == ["2026-01-01T00:00:00+00:00"]

    three_papers.write_text(f"{THREE_PAPERS}\n{NEW_PAPER}\n", encoding="utf-8")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1769904000")  # 2026-02-01
    site = build_site(project, three_papers)
    entries = read_feed(site / "feed.xml").entries
    assert [entry.title.startswith("QuietNet") for entry in entries] == [True, False, False, False]
    assert entries[0].updated == "2026-02-01T00:00:00Z"
    assert {entry.updated for entry in entries[1:]} == {"2026-01-01T00:00:00Z"}
    after = json.loads((project / "data" / "first-seen.json").read_text(encoding="utf-8"))
    assert len(after) == 4
    assert {key: after[key] for key in seen} == seen


def test_dates_the_input_gives_order_the_feed_newest_first(project, dated):
    records = [
        {"id": "old", "title": "An older paper on graphs", "abstract": "We study graph neural networks.", "date": "2024-05-01"},
        {"id": "new", "title": "A newer paper on graphs", "abstract": "We study graph transformers.", "date": "2025-11-20"},
        {"id": "mid", "title": "A paper from the middle", "abstract": "We study graph pooling.", "year": "2025"},
    ]
    path = project / "data" / "dated.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    entries = read_feed(build_site(project, path) / "feed.xml").entries
    assert [entry.title for entry in entries] == [
        "A newer paper on graphs",
        "A paper from the middle",
        "An older paper on graphs",
    ]
    assert entries[0].updated == "2025-11-20T00:00:00Z"


def test_markup_in_an_abstract_stays_text_in_the_feed(project, dated):
    hostile = "We show <script>alert(1)</script> and ]]> and &amp; survive as text in feeds of reading lists."
    path = project / "data" / "hostile.txt"
    path.write_text(f"Hostile list\n\n{hostile}\n", encoding="utf-8")
    site = build_site(project, path)
    raw = (site / "feed.xml").read_text(encoding="utf-8")
    assert "<script>" not in raw
    entry = read_feed(site / "feed.xml").entries[0]
    assert entry.content[0].value == hostile
    assert entry.content[0].type == "text/plain"


def test_a_broken_first_seen_file_is_a_one_line_error_that_leaves_the_site(project, three_papers, dated):
    site = build_site(project, three_papers)
    before = (site / "index.html").read_bytes()
    state = project / "data" / "first-seen.json"
    state.write_text("{not json", encoding="utf-8")
    with pytest.raises(InputError) as error:
        build(BuildOptions(project / "mkdocs.yml", site, (three_papers,)))
    assert str(error.value).startswith(f"{state}: cannot read the first-seen dates:")
    assert "\n" not in str(error.value)
    assert (site / "index.html").read_bytes() == before


def test_without_source_date_epoch_the_newest_input_dates_the_build(project, three_papers):
    os.utime(three_papers, (1767225600, 1767225600))
    entries = read_feed(build_site(project, three_papers) / "feed.xml").entries
    assert {entry.updated for entry in entries} == {"2026-01-01T00:00:00Z"}
