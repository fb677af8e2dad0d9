"""Notes, RIS and CSL-JSON exports, share links and the calendar, in headless Chromium against a real built site.

The fixture has what a conference export gives: authors, dates, a DOI, a PDF,
sessions with times in two zones (one an IANA name, one an offset) and one
without a time, extra
metadata, a hostile title and a Chinese paper. Every page of a test fails it
on a console error, an uncaught exception or an alert.
"""

from __future__ import annotations

import base64
import csv
import io
import json
from datetime import UTC, datetime
from pathlib import Path

import icalendar
import pytest
import rispy
from browser_helpers import new_context
from citeproc import Citation, CitationItem, CitationStylesBibliography, CitationStylesStyle, formatter
from citeproc.source.json import CiteProcJSON
from playwright.sync_api import expect
from support import build_site, copy_project

from benchmarks.browser import CHROMIUM, serve
from generator.render.citations import chunk_of

pytestmark = [
    pytest.mark.browser,
    pytest.mark.site,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium (apt-get install chromium)"),
]

HOSTILE = "<img src=x onerror=alert(1)> Evil {title & 100% #1"
SESSION = 'Oral 1A, Hall; "A"'
FIXTURE = [
    {
        "id": "evil1",
        "title": HOSTILE,
        "authors": ["Ann Lee", "Bo Chen"],
        "status": "Oral",
        "keywords": ["sparse attention", "robustness"],
        "date": "2026-01-26",
        "doi": "10.1234/evil.1",
        "pdf": "https://example.org/evil.pdf",
        "url": "https://openreview.net/forum?id=evil1",
        "abstract": "We propose a hostile title test for sparse attention in transformers, measuring the robustness of rendering.",
        "sessions": [
            {"name": SESSION, "start": "2026-04-24T10:30", "end": "10:45", "timezone": "America/Sao_Paulo"},
            {"name": "Poster 2", "start": "2026-04-25T15:00", "end": "17:00", "timezone": "America/Sao_Paulo"},
        ],
    },
    {
        "id": "flow2",
        "title": "FlowCat",
        "authors": "Cy Dee|Eve Fox",
        "keywords": ["flow matching", "image generation"],
        "session": "Poster 1",
        "start": "2026-04-23T10:00:00+09:00",
        "end": "2026-04-23T12:00:00+09:00",
        "abstract": "We introduce FlowCat, a flow matching model for image generation that learns straight transport paths.",
    },
    {
        "id": "diff3",
        "title": "Four-step diffusion distillation",
        "year": "2025",
        "keywords": ["diffusion models", "image generation"],
        # A session named without a time: shown on its page, in no calendar.
        "session": "Poster 9",
        "abstract": "We propose a distillation method for diffusion models that samples images in four steps.",
    },
    {
        "id": "zh4",
        "title": "基于图神经网络的分子性质预测",
        "authors": ["张三"],
        "keywords": ["图神经网络"],
        "abstract": "本文提出一种基于图神经网络的分子性质预测方法，在多个化学数据集上取得了最好的结果。",
    },
    {
        "id": "moe5",
        "title": "Routing tokens to experts",
        "keywords": ["mixture of experts"],
        "lab": "Example Lab",
        "abstract": "In this paper, we present Sparse Mixture Routing (SMR), a method that routes tokens to experts in large language models.",
    },
]
NOTE = 'Read §3 first; compare with "FlowCat", 2 < 3 & {braces}'


@pytest.fixture(scope="module")
def built(tmp_path_factory, engine) -> Path:
    project = copy_project(tmp_path_factory.mktemp("tools"), data=False)
    data = project / "data"
    data.mkdir()
    (data / "fixture.jsonl").write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in FIXTURE), encoding="utf-8")
    return build_site(project, data / "fixture.jsonl", engine=engine)


@pytest.fixture(scope="module")
def site(built):
    records = {r["id"]: r for r in json.loads((built / "papers.json").read_text(encoding="utf-8"))}
    with serve(built) as base:
        yield base, records


def star(page, base: str, records: dict, *ids: str) -> None:
    for paper_id in ids:
        page.goto(base + records[paper_id]["url"])
        page.click(".rl-actions .rl-toggle--star")
        expect(page.locator(".rl-actions .rl-toggle--star")).to_have_attribute("aria-pressed", "true")


def download(page, selector: str) -> tuple[str, str]:
    with page.expect_download() as info:
        page.click(selector)
    got = info.value
    # newline="": the formats' own line ends (CRLF in RIS, CSV and iCalendar) stay as written.
    with Path(got.path()).open(encoding="utf-8-sig", newline="") as handle:
        return got.suggested_filename, handle.read()


def open_reading_list(page, base: str, url: str = "reading-list/") -> None:
    page.goto(base + url)
    page.wait_for_selector(".rl-list__toolbar")


def test_a_note_survives_a_reload_and_goes_out_and_back_in_with_the_list(browser, page, site, errors, tmp_path):
    base, records = site
    page.goto(base + records["diff3"]["url"])
    page.fill(".rl-note__text", NOTE)
    page.reload()
    expect(page.locator(".rl-note__text")).to_have_value(NOTE)
    # A note puts the paper on the list that carries it.
    expect(page.locator(".rl-actions .rl-toggle--star")).to_have_attribute("aria-pressed", "true")

    open_reading_list(page, base)
    expect(page.locator('li[data-rl-paper="diff3"] .rl-note__text')).to_have_value(NOTE)
    _, markdown = download(page, '[data-rl-action="export-markdown"]')
    assert '  > Read §3 first; compare with "FlowCat", 2 \\< 3 & {braces}' in markdown
    _, bib = download(page, '[data-rl-action="export-bibtex"]')
    assert "note = {Theme: " in bib and 'Note: Read §3 first; compare with "FlowCat", 2 < 3 \\& {braces}}' in bib
    _, table = download(page, '[data-rl-action="export-csv"]')
    rows = list(csv.DictReader(io.StringIO(table)))
    assert [(r["id"], r["note"]) for r in rows] == [("diff3", NOTE)]

    # The CSV carries the note into another browser.
    exported = tmp_path / "list.csv"
    exported.write_text(table, encoding="utf-8")
    other_context = new_context(browser, errors)
    other = other_context.new_page()
    open_reading_list(other, base)
    other.set_input_files(".rl-reading-list input[type=file]", exported)
    expect(other.locator('li[data-rl-paper="diff3"] .rl-note__text')).to_have_value(NOTE)
    other.goto(base + records["diff3"]["url"])
    expect(other.locator(".rl-note__text")).to_have_value(NOTE)
    other_context.close()


def test_a_note_edited_in_the_reading_list_keeps_its_field_while_typing(page, site):
    base, records = site
    star(page, base, records, "moe5")
    open_reading_list(page, base)
    field = page.locator('li[data-rl-paper="moe5"] .rl-note__text')
    field.click()
    page.keyboard.type("first line")
    # Typing must not redraw the list from under the reader's cursor.
    expect(field).to_be_focused()
    page.goto(base + records["moe5"]["url"])
    expect(page.locator(".rl-note__text")).to_have_value("first line")


def test_ris_export_parses_back_with_every_field_the_input_gives(page, site):
    base, records = site
    star(page, base, records, "evil1", "zh4", "moe5")
    page.evaluate("RL.store.setNote('evil1', 'check the proofs')")
    open_reading_list(page, base)
    name, body = download(page, '[data-rl-action="export-ris"]')
    assert name == "reading-list.ris"
    assert body.endswith("ER  - \r\n")
    entries = {entry["id"]: entry for entry in rispy.loads(body)}
    assert set(entries) == {"evil1", "zh4", "moe5"}
    evil = entries["evil1"]
    assert evil["type_of_reference"] == "CPAPER"
    assert evil["title"] == HOSTILE
    assert evil["authors"] == ["Ann Lee", "Bo Chen"]
    assert evil["abstract"] == FIXTURE[0]["abstract"]
    assert evil["keywords"] == ["sparse attention", "robustness"]
    assert (evil["year"], evil["date"]) == ("2026", "2026/01/26/")
    assert evil["doi"] == "10.1234/evil.1"
    assert evil["file_attachments1"] == "https://example.org/evil.pdf"
    assert evil["urls"] == ["https://openreview.net/forum?id=evil1", base + records["evil1"]["url"]]
    notes = evil["notes"]
    assert notes[0] == "check the proofs"
    assert "Oral" in notes and f"Theme: {records['evil1']['theme']}" in notes
    assert any(SESSION in n and "10:30–10:45 (America/Sao_Paulo)" in n for n in notes)
    assert entries["zh4"]["title"] == "基于图神经网络的分子性质预测"
    assert entries["zh4"]["authors"] == ["张三"]
    assert "lab: Example Lab" in entries["moe5"]["notes"]


def test_the_reading_lists_bibtex_is_the_entry_the_papers_page_copies(context, page, site):
    """Authors, DOI, PDF and URL alike (#46): the list's export had only the title and the site's page."""
    base, records = site
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base.rstrip("/"))
    star(page, base, records, "evil1")
    page.get_by_role("button", name="Copy citation").click()
    expect(page.locator(".rl-actions__status")).to_have_text("Citation copied")
    copied = page.evaluate("navigator.clipboard.readText()")
    open_reading_list(page, base)
    _, exported = download(page, '[data-rl-action="export-bibtex"]')

    def cited(entry: str) -> list[str]:
        # The note alone may differ: the list's says whether the reader has read the paper.
        return [line for line in entry.splitlines() if not line.startswith("  note = ")]

    assert cited(exported) == cited(copied)
    assert "  author = {Ann Lee and Bo Chen},\n" in exported
    assert "  doi = {10.1234/evil.1},\n" in exported
    assert "  pdf = {https://example.org/evil.pdf},\n" in exported


def test_an_export_loads_only_the_citation_chunks_of_its_papers(page, site):
    base, records = site
    star(page, base, records, "zh4")
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url.removeprefix(base)))
    open_reading_list(page, base)
    _, body = download(page, '[data-rl-action="export-ris"]')
    # The script's hash of the id names the chunk the generator wrote it in.
    assert [url for url in requested if url.startswith("citations/")] == [f"citations/{chunk_of('zh4')}.js"]
    assert "AU  - 张三" in body


def test_csl_json_export_parses_back_and_formats_as_a_bibliography(page, site):
    base, records = site
    star(page, base, records, "evil1", "flow2", "zh4")
    open_reading_list(page, base)
    name, body = download(page, '[data-rl-action="export-csl"]')
    assert name == "reading-list.json"
    items = {item["id"]: item for item in json.loads(body)}
    evil = items["evil1"]
    assert evil["type"] == "paper-conference"
    assert evil["title"] == HOSTILE
    assert evil["author"] == [{"family": "Lee", "given": "Ann"}, {"family": "Chen", "given": "Bo"}]
    assert evil["issued"] == {"date-parts": [[2026, 1, 26]]}
    assert (evil["DOI"], evil["URL"]) == ("10.1234/evil.1", "https://openreview.net/forum?id=evil1")
    assert evil["abstract"] == FIXTURE[0]["abstract"]
    assert "PDF: https://example.org/evil.pdf" in evil["note"]
    assert items["flow2"]["author"] == [{"family": "Dee", "given": "Cy"}, {"family": "Fox", "given": "Eve"}]
    assert items["flow2"]["URL"] == base + records["flow2"]["url"]
    assert items["zh4"]["author"] == [{"literal": "张三"}]

    # A CSL processor reads it: citeproc-py formats the items with a bundled style.
    source = CiteProcJSON(json.loads(body))
    bibliography = CitationStylesBibliography(
        CitationStylesStyle("harvard-cite-them-right", validate=False), source, formatter.plain
    )
    for item_id in ("evil1", "flow2"):
        bibliography.register(Citation([CitationItem(item_id)]))
    formatted = [str(entry) for entry in bibliography.bibliography()]
    assert any("Lee, A." in entry and "2026" in entry for entry in formatted), formatted


def test_the_filtered_view_of_a_page_exports_only_the_papers_it_shows(page, site):
    base, _ = site
    page.goto(base)
    page.wait_for_selector(".rl-export")
    # The keyword's chip, not its words typed: typed words match theme labels too, and a theme of this
    # short list is named "Image generation".
    page.click('.rl-chip[data-key="image generation"]')
    expect(page.locator(".rl-filter")).to_have_attribute("data-shown", "2")
    page.select_option(".rl-export__format", "csl")
    name, body = download(page, '[data-rl-action="export-shown"]')
    assert name == "papers.json"
    assert sorted(item["id"] for item in json.loads(body)) == ["diff3", "flow2"]

    page.click('.rl-chip[data-key="image generation"]')
    page.click('.rl-chip[data-key="robustness"]')
    expect(page.locator(".rl-filter")).to_have_attribute("data-shown", "1")
    page.select_option(".rl-export__format", "ris")
    name, body = download(page, '[data-rl-action="export-shown"]')
    assert name == "papers.ris"
    assert [(entry["id"], entry["title"]) for entry in rispy.loads(body)] == [("evil1", HOSTILE)]


def test_a_share_link_shows_the_list_in_a_fresh_browser_which_can_save_it(browser, page, site, errors):
    base, records = site
    star(page, base, records, "evil1", "zh4", "moe5")
    open_reading_list(page, base)
    page.click('[data-rl-action="share-link"]')
    link = page.input_value(".rl-share__link")
    fragment = link.split("#", 1)[1]
    assert link.startswith(base + "reading-list/#share=1")
    assert len(fragment) == len("share=1") + 3 * 5

    other_context = new_context(browser, errors)
    other = other_context.new_page()
    # A code no paper of this list has (one removed in a rebuild, say) is counted, not guessed.
    other.goto(link + "AAAAA")
    panel = other.locator(".rl-shared")
    expect(panel.locator("li")).to_have_count(3)
    expect(panel.locator(".rl-shared__summary")).to_have_text("3 papers. 1 paper of the link is not in this list.")
    assert sorted(panel.locator("li").evaluate_all("els => els.map(e => e.dataset.rlShared)")) == ["evil1", "moe5", "zh4"]
    expect(panel.locator('li[data-rl-shared="evil1"] a')).to_have_text(HOSTILE)
    # The reader's own list is still empty until they save the shared one.
    expect(other.locator(".rl-list__content li")).to_have_count(0)
    other.click('[data-rl-action="save-shared"]')
    expect(other.locator(".rl-list__content li")).to_have_count(3)
    other.reload()
    expect(other.locator(".rl-list__content li")).to_have_count(3)
    other_context.close()


def fnv30(paper_id: str) -> str:
    """share.js's code for an id, written again here to find ids whose codes collide."""
    h = 0x811C9DC5
    for byte in paper_id.encode():
        h = ((h ^ byte) * 0x01000193) & 0xFFFFFFFF
    h >>= 2
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    return "".join(alphabet[(h >> (6 * i)) & 63] for i in range(4, -1, -1))


def colliding_ids() -> tuple[str, str]:
    seen: dict[str, str] = {}
    n = 0
    while True:
        paper_id = f"p{n:07d}"
        code = fnv30(paper_id)
        if code in seen:
            return seen[code], paper_id
        seen[code] = paper_id
        n += 1


def test_share_links_stay_short_at_200_papers_and_spell_out_ids_whose_codes_collide(page, site):
    base, _ = site
    page.goto(base + "reading-list/")
    page.wait_for_selector(".rl-list__toolbar")
    first, second = colliding_ids()
    assert page.evaluate("id => RL.share.code(id)", first) == fnv30(first)
    # 20,000 papers of OpenReview-like ids, two of them with the same code; 200 starred.
    result = page.evaluate(
        """([first, second]) => {
          const ids = Array.from({length: 19998}, (_, i) => "Or" + String(i * 7919).padStart(8, "x")).concat([first, second]);
          const idx = RL.indexPapers(ids.map(id => ({id: id, url: "papers/" + id + "/", theme_slug: "t"})));
          const starred = ids.slice(0, 198).concat([first, second]);
          const link = RL.share.link(starred, idx);
          return {link: link, length: link.length, fragment: link.split("#")[1].length};
        }""",
        [first, second],
    )
    link = result["link"]
    b64 = [base64.urlsafe_b64encode(i.encode()).decode().rstrip("=") for i in (first, second)]
    assert link.endswith("." + ".".join(sorted(b64)))
    assert result["fragment"] == len("share=1") + 198 * 5 + sum(len(b) + 1 for b in b64)
    assert result["length"] < 1100


def test_the_calendar_export_parses_back_with_the_sessions_times(page, site):
    base, records = site
    star(page, base, records, "evil1", "flow2", "diff3")
    page.evaluate("RL.store.setNote('flow2', 'bring questions')")
    open_reading_list(page, base)
    name, body = download(page, '[data-rl-action="export-ics"]')
    assert name == "reading-list.ics"
    assert all(len(line.encode()) <= 75 for line in body.split("\r\n"))
    calendar = icalendar.Calendar.from_ical(body)
    events = {(str(e["UID"]), e.decoded("DTSTART"), e.decoded("DTEND")): e for e in calendar.walk("VEVENT")}
    assert sorted(events) == [
        (
            "evil1-20260424T133000Z@readinglist",
            datetime(2026, 4, 24, 13, 30, tzinfo=UTC),
            datetime(2026, 4, 24, 13, 45, tzinfo=UTC),
        ),
        (
            "evil1-20260425T180000Z@readinglist",
            datetime(2026, 4, 25, 18, 0, tzinfo=UTC),
            datetime(2026, 4, 25, 20, 0, tzinfo=UTC),
        ),
        ("flow2-20260423T010000Z@readinglist", datetime(2026, 4, 23, 1, 0, tzinfo=UTC), datetime(2026, 4, 23, 3, 0, tzinfo=UTC)),
    ]
    oral = next(e for (uid, *_), e in events.items() if uid.startswith("evil1-20260424"))
    assert str(oral["SUMMARY"]) == HOSTILE
    assert str(oral["LOCATION"]) == SESSION
    assert "Fri 24 Apr 2026, 10:30–10:45 (America/Sao_Paulo)" in str(oral["DESCRIPTION"])
    assert str(calendar["X-WR-TIMEZONE"]) == "America/Sao_Paulo"
    flow = next(e for (uid, *_), e in events.items() if uid.startswith("flow2"))
    assert str(flow["DESCRIPTION"]).endswith("bring questions")
    assert str(flow["URL"]) == base + records["flow2"]["url"]


def test_without_starred_sessions_the_calendar_export_is_disabled(page, site):
    base, records = site
    star(page, base, records, "diff3")
    open_reading_list(page, base)
    expect(page.locator('[data-rl-action="export-ics"]')).to_be_disabled()


def test_notes_exports_share_links_and_the_calendar_work_from_file_urls(browser, built):
    """Opened from disk, with no server: citations.js and sessions.js load as scripts, where fetch() cannot."""
    context = browser.new_context(accept_downloads=True)
    try:
        page = context.new_page()
        crashes: list[str] = []
        page.on("pageerror", lambda exc: crashes.append(str(exc)))
        page.goto((built / "papers" / "flow2" / "index.html").as_uri())
        page.fill(".rl-note__text", "from disk")
        reading_list = (built / "reading-list" / "index.html").as_uri()
        page.goto(reading_list)
        expect(page.locator('li[data-rl-paper="flow2"] .rl-note__text')).to_have_value("from disk")
        _, body = download(page, '[data-rl-action="export-ris"]')
        assert [(entry["id"], entry["notes"][0]) for entry in rispy.loads(body)] == [("flow2", "from disk")]
        _, ics = download(page, '[data-rl-action="export-ics"]')
        assert len(icalendar.Calendar.from_ical(ics).walk("VEVENT")) == 1
        page.click('[data-rl-action="share-link"]')
        assert page.input_value(".rl-share__link").startswith(reading_list + "#share=1")
        assert crashes == []
    finally:
        context.close()
