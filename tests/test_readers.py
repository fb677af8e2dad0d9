"""Each export format, from a small fixture shaped like the real thing (tests/data/readers/)."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

import pytest
from support import build_site, copy_project, search_index

from generator.errors import InputError
from generator.model import Link, LinkKind
from generator.read import read_file, read_papers

DATA = Path(__file__).parent / "data" / "readers"


def papers(name: str, **options: object):
    return {paper.id: paper for paper in read_papers([DATA / name], **options).papers}  # type: ignore[arg-type]


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    return path


@pytest.mark.parametrize(
    ("name", "kind", "count"),
    [
        ("openreview-v1.json", "openreview-v1", 3),
        ("openreview-v2.json", "openreview-v2", 4),
        ("openreview-crawler.json", "openreview-v1", 3),
        ("paperlists.json", "json", 4),
        ("zotero.csl.json", "csl-json", 3),
        ("acl.bib", "bibtex", 3),
        ("refs.ris", "ris", 3),
        ("miniconf-papers.csv", "csv", 4),
        ("excel-semicolon.csv", "csv (semicolons)", 2),
    ],
)
def test_every_fixture_is_read_whole_in_its_format(name, kind, count):
    parsed = read_file(DATA / name)
    assert (parsed.format, len(parsed.records), parsed.problems) == (kind, count, [])
    assert len(read_papers([DATA / name]).papers) == count


def test_openreview_api_v1_notes_are_flattened():
    paper = papers("openreview-v1.json")["rJl5MeHKvB"]
    assert paper.authors == ["Maria Nosé", "Tomasz Kowalski"]
    assert paper.keywords == ["policy gradient", "regularisation", "reinforcement learning"]
    assert paper.summary == "An $\\ell_1$ penalty on policy logits stabilises on-policy training."
    assert paper.year == "2019"
    assert paper.links == [
        Link("https://openreview.net/forum?id=rJl5MeHKvB", LinkKind.OPENREVIEW),
        Link("https://openreview.net/pdf/6c1b0a9e2f.pdf", LinkKind.PDF),
        Link("https://github.com/example/l1-pg", LinkKind.CODE),
    ]


def test_openreview_api_v2_values_are_unwrapped():
    by_id = papers("openreview-v2.json")
    paper = by_id["zK8fT2qLx1"]
    assert paper.title == "$\\lambda$-GRPO: Length-Aware Group Relative Policy Optimisation"
    assert paper.abstract.startswith("Group relative policy optimisation (GRPO) favours long responses")
    assert (paper.primary_area, paper.venue, paper.year) == ("reinforcement learning", "ICLR 2025 Poster", "2025")
    assert paper.pdf == "https://openreview.net/pdf/1a2b3c4d5e6f.pdf"
    assert paper.extra == {"authorids": "~Jin_Park1; ~Sofia_Rossi2", "venueid": "ICLR.cc/2025/Conference"}
    # A withdrawn note has a title and nothing else: still a paper.
    assert (by_id["Wd5tY6uI7o"].title, by_id["Wd5tY6uI7o"].abstract) == ("Withdrawn Submission", "")


def test_a_crawlers_venue_objects_give_their_notes_with_the_venue_and_year():
    by_id = papers("openreview-crawler.json")
    paper = by_id["SkeZisA5t7"]
    assert (paper.title, paper.venue, paper.year) == ("Curiosity-Driven Exploration with Learned Count Models", "NIPS.cc", "2018")
    assert paper.authors == ["Ines Duarte", "Mehmet Yilmaz"]
    assert (paper.url, paper.pdf) == ("https://openreview.net/forum?id=SkeZisA5t7", "https://openreview.net/pdf/3e4f5a6b7c.pdf")
    assert str(paper.source) == f"{DATA / 'openreview-crawler.json'}: record 1, submission 1"
    # A note's own venue stays; the wrapper fills only what the note lacks.
    assert (by_id["HkgTkhRcKQ"].venue, by_id["HkgTkhRcKQ"].year) == ("NeurIPS 2018 Spotlight", "2018")
    # Under "notes", and the wrapper's year before the note's creation date (September 2018).
    assert (by_id["r1gNni0qtm"].venue, by_id["r1gNni0qtm"].year) == ("ICLR.cc", "2019")
    assert str(by_id["r1gNni0qtm"].source).endswith(": record 2, note 1")


def test_a_list_of_words_under_notes_is_a_field_not_papers(tmp_path):
    path = write(tmp_path, "x.jsonl", '{"title": "T", "venue": "V", "notes": ["oral", "best paper"]}\n')
    [paper] = read_papers([path]).papers
    assert (paper.title, paper.extra) == ("T", {"notes": "oral; best paper"})


def test_paperlists_links_are_all_kept_in_order():
    by_id = papers("paperlists.json")
    assert [link.url for link in by_id["aB3dE5fG7h"].links] == [
        "https://icml.cc/virtual/2025/poster/40101",
        "https://openreview.net/forum?id=aB3dE5fG7h",
        "https://openreview.net/pdf?id=aB3dE5fG7h",
        "https://github.com/example/consistency-policy",
    ]
    assert by_id["cD4eF6gH8i"].links[-1] == Link("https://example.org/sae-proteins", LinkKind.PROJECT)
    assert by_id["gH6iJ8kL0m"].links[-1] == Link("https://raw.githubusercontent.com/example/papers/main/route.pdf", LinkKind.PDF)
    assert by_id["aB3dE5fG7h"].authors == ["Lena Vogel", "Kwame Mensah", "Yuki Tanaka"]
    assert by_id["eF5gH7iJ9k"].abstract == ""


def test_csl_json_names_dates_and_containers():
    paper = papers("zotero.csl.json")["http://zotero.org/users/123/items/ABCD1234"]
    assert paper.authors == ["Anna Müller", "Chidi Okafor"]
    assert (paper.year, paper.doi) == ("2025", "10.48550/arXiv.2501.01234")
    assert paper.venue == "Proceedings of the 42nd International Conference on Machine Learning"
    assert paper.keywords == ["neural fields", "weather", "downscaling"]
    assert paper.extra["csl_type"] == "paper-conference"
    literal = papers("zotero.csl.json")["http://zotero.org/users/123/items/EFGH5678"]
    assert literal.authors == ["Daria Ivanova", "ECMWF Forecast Team"]


def test_bibtex_entries_with_strings_names_and_arxiv_ids():
    by_id = papers("acl.bib")
    paper = by_id["C16-2019"]
    assert paper.venue.startswith("Proceedings of COLING 2016")
    assert paper.title == "A Web Tool for Naïve Readers of Parallel Corpora"
    assert (paper.year, paper.url, paper.extra["bibtex_type"]) == ("2016", "https://aclanthology.org/C16-2019", "inproceedings")
    assert paper.authors == ["Hans Müller", "Shuichi Nosé", "Jan van der Berg"]
    assert "It shows \\emph{word-level} alignments computed by \\texttt{fast\\_align}" in paper.abstract
    assert by_id["C16-2020"].doi == "10.18653/v1/C16-2020"
    assert by_id["C16-2020"].abstract == ""
    assert by_id["smith2019sparse"].links == [Link("https://arxiv.org/abs/1904.01234", LinkKind.ARXIV)]
    assert by_id["smith2019sparse"].source.line == 26


def test_ris_records_with_continued_lines():
    by_title = {paper.title: paper for paper in papers("refs.ris").values()}
    paper = by_title["Federated Learning with Noisy Clients"]
    assert paper.authors == ["Lucía García", "Petr Novak"]
    assert (paper.year, paper.doi, paper.pdf) == ("2024", "10.5555/neurips.2024.1234", "https://example.org/fl-noisy.pdf")
    assert paper.keywords == ["federated learning", "label noise"]
    assert by_title["Differential Privacy for Gradient Boosted Trees"].year == "2023"
    assert by_title["Program Session: Privacy Posters"].source.line == 24


def test_miniconf_sessions_stay_whole_on_the_paper():
    paper = papers("miniconf-papers.csv")["B1xSperKvH"]
    assert paper.track == "Tues Session 1|Mon Session 1"
    assert paper.pdf == "https://openreview.net/pdf?id=B1xSperKvH"


def test_windows_1252_semicolon_csv_from_excel(caplog):
    by_title = {paper.title: paper for paper in papers("excel-semicolon.csv").values()}
    paper = by_title["Schätzung der Unsicherheit in Sprachmodellen"]
    assert paper.authors == ["Jörg Weiß", "Zoë Faure"]
    assert paper.abstract.endswith("Köpfe; die Kalibrierung steigt um 30 %.")
    assert paper.track == "Poster – Dienstag"
    assert f"{DATA / 'excel-semicolon.csv'}:2: not UTF-8 (byte 44); read as Windows-1252" in caplog.text


@pytest.mark.parametrize("delimiter", [",", ";", "\t", "|"])
def test_csv_delimiters_are_sniffed_from_the_header(tmp_path, delimiter):
    rows = [["title", "abstract", "keywords"], ["T1", "First, with a comma; and a semicolon.", "a"], ["T2", "Second.", "b"]]
    text = "\n".join(delimiter.join(f'"{cell}"' if "," in cell or ";" in cell else cell for cell in row) for row in rows)
    by_title = {p.title: p for p in read_papers([write(tmp_path, "x.csv", "\ufeff" + text)]).papers}
    assert by_title["T1"].abstract == "First, with a comma; and a semicolon."


def test_a_bibtex_file_named_txt_is_read_as_bibtex(tmp_path):
    path = write(tmp_path, "export.txt", (DATA / "acl.bib").read_text(encoding="utf-8"))
    reading_list = read_papers([path])
    assert len(reading_list.papers) == 3
    assert reading_list.title == "export"


def test_csv_named_txt_is_read_as_csv_but_a_title_line_is_not(tmp_path):
    csv_file = write(tmp_path, "export.txt", "Title;Abstract\nT1;First.\nT2;Second.\n")
    assert [p.title for p in read_papers([csv_file]).papers] == ["T1", "T2"]
    plain = write(tmp_path, "list.txt", "Title\n\nAn abstract, with a comma.\n")
    assert [p.abstract for p in read_papers([plain]).papers] == ["An abstract, with a comma."]


def test_jsonl_named_json_is_read_line_by_line(tmp_path):
    path = write(tmp_path, "x.json", '{"title": "One"}\n{"title": "Two"}\n')
    assert [p.title for p in read_papers([path]).papers] == ["One", "Two"]


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        (
            "x.bib",
            "@article{a, title = {Fine}}\n@article{b, title = {Broken}\n@article{c, title = {Fine too}}\n",
            "{path}:2: this BibTeX entry cannot be parsed (check the entry's braces and the commas between its fields)",
        ),
        (
            "x.bib",
            "@article{a, title = {One}}\n@article{a, title = {Two}}\n",
            "{path}:2: the key 'a' is used by an earlier entry (give every entry its own key)",
        ),
        (
            "x.bib",
            "Just some text.\n",
            "{path}:1: no BibTeX entries in the file (each paper is an entry like @inproceedings{key, title = {...}})",
        ),
        ("x.ris", "TY  - JOUR\nTI  - Open\n", "{path}:1: the last record has no end (end each record with ER  -)"),
        ("x.ris", "TI  - Stray\nTY  - JOUR\nTI  - x\nER  - \n", "{path}:1: TI outside a record (start each record with TY  -)"),
        ("x.ris", "Nothing tagged\n", "{path}:1: no RIS records in the file (each paper starts with TY  - and ends with ER  -)"),
        (
            "x.json",
            '{"title": "A list", "count": 3}',
            '{path}:1: expected a list of papers, or an object with a "papers" list (each record is a JSON object with a title or an abstract)',
        ),
        (
            "x.csv",
            b"title,abstract\nT,caf\x81\n",
            "{path}:2: not valid UTF-8 at byte 20 (save the file as UTF-8)",
        ),
    ],
)
def test_broken_exports_are_named_exactly(tmp_path, name, content, message):
    path = write(tmp_path, name, content)
    with pytest.raises(InputError) as error:
        read_papers([path])
    assert str(error.value) == message.replace("{path}", str(path))


def test_the_title_comes_from_the_json_export_or_a_venue_most_papers_share(tmp_path):
    named = write(tmp_path, "a.json", '{"name": "NeurIPS 2026 orals", "papers": [{"title": "T"}]}')
    assert read_papers([named]).title == "NeurIPS 2026 orals"
    shared = write(tmp_path, "b.jsonl", '{"title": "T1", "venue": "ACL 2026"}\n{"title": "T2", "venue": "ACL 2026"}\n')
    assert read_papers([shared]).title == "ACL 2026"
    assert read_papers([shared], title="Mine").title == "Mine"
    assert read_papers([DATA / "openreview-v2.json"]).title == "ICLR 2025"
    assert read_papers([DATA / "zotero.csl.json"]).title == "zotero"


def test_a_title_taken_from_the_file_name_is_said_with_the_option_that_sets_one(tmp_path, caplog):
    untitled = write(tmp_path, "paperlists_eccv2022.jsonl", '{"title": "T1"}\n{"title": "T2"}\n')
    with caplog.at_level(logging.INFO, logger="generator.read"):
        assert read_papers([untitled]).title == "paperlists eccv2022"
    assert caplog.messages[-1] == (
        "Named the site 'paperlists eccv2022' after the file paperlists_eccv2022.jsonl, which carries no title "
        "(--title, or title: under the plugin, names it)"
    )
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="generator.read"):
        read_papers([untitled], title="ECCV 2022")
        read_papers([DATA / "openreview-v2.json"])
    assert not [message for message in caplog.messages if "Named the site" in message]


@pytest.fixture(scope="module")
def every_format(tmp_path_factory):
    project = copy_project(tmp_path_factory.mktemp("formats"), data=False)
    (project / "data").mkdir()
    inputs = []
    for source in sorted(DATA.iterdir()):
        inputs.append(project / "data" / source.name)
        inputs[-1].write_bytes(source.read_bytes())
    return build_site(project, *inputs)


@pytest.mark.site
def test_every_format_builds_one_site_and_loses_nothing(every_format):
    records = json.loads((every_format / "papers.json").read_text(encoding="utf-8"))
    expected = sum(len(read_file(path).records) for path in DATA.iterdir())
    assert len(records) == expected == 29
    titles = {page["meta"]["title"] for page in search_index(every_format)}
    assert "Position: Benchmarks Should Report Compute" in titles


@pytest.mark.site
def test_a_paper_without_an_abstract_has_a_page_that_says_so(every_format):
    page = (every_format / "papers" / "eF5gH7iJ9k" / "index.html").read_text(encoding="utf-8")
    assert '<p class="rl-no-abstract">No abstract in the list.</p>' in page
    assert "min read" not in page
    assert '<a class="md-button" href="https://icml.cc/virtual/2025/poster/40103"' in page
    record = next(r for r in json.loads((every_format / "papers.json").read_text(encoding="utf-8")) if r["id"] == "eF5gH7iJ9k")
    assert record["theme"]


@pytest.mark.site
def test_links_from_every_alias_are_shown(every_format):
    page = (every_format / "papers" / "gH6iJ8kL0m" / "index.html").read_text(encoding="utf-8")
    assert 'href="https://icml.cc/virtual/2025/poster/40104"' in page
    assert 'href="https://raw.githubusercontent.com/example/papers/main/route.pdf"' in page
    arxiv = (every_format / "papers" / "smith2019sparse" / "index.html").read_text(encoding="utf-8")
    assert 'href="https://arxiv.org/abs/1904.01234"' in arxiv


@pytest.mark.site
def test_paper_pages_carry_highwire_citation_tags(every_format):
    page = (every_format / "papers" / "C16-2019" / "index.html").read_text(encoding="utf-8")
    tags = re.findall(r'<meta name="(citation_\w+)" content="([^"]*)">', page)
    assert tags == [
        ("citation_title", "A Web Tool for Naïve Readers of Parallel Corpora"),
        ("citation_author", "Hans Müller"),
        ("citation_author", "Shuichi Nosé"),
        ("citation_author", "Jan van der Berg"),
        ("citation_publication_date", "2016"),
        (
            "citation_conference_title",
            "Proceedings of COLING 2016, the 26th International Conference on Computational Linguistics: System Demonstrations",
        ),
        ("citation_abstract_html_url", "https://aclanthology.org/C16-2019"),
    ]
    # Every paper page has at least its title.
    for paper_page in (every_format / "papers").glob("*/index.html"):
        assert '<meta name="citation_title"' in paper_page.read_text(encoding="utf-8")


@pytest.mark.site
def test_math_and_latex_show_typeset_and_descriptions_spell_it_out(every_format):
    page = (every_format / "papers" / "zK8fT2qLx1" / "index.html").read_text(encoding="utf-8")
    assert (
        '<h1 id="lambda-grpo-length-aware-group-relative-policy-optimisation"><span class="arithmatex">&#92;&#40;&#92;lambda&#92;&#41;</span>'
        in page
    )
    assert '<meta property="og:title" content="λ-GRPO: Length-Aware Group Relative Policy Optimisation">' in page
    robust = (every_format / "papers" / "BkxSmlBFvr" / "index.html").read_text(encoding="utf-8")
    assert '<span class="arithmatex">\\(\\sim\\)</span>20 minutes' in robust
    # Its only summary would repeat the abstract's first sentence (issue 16): the description's math is checked on another paper.
    penalty = (every_format / "papers" / "rJl5MeHKvB" / "index.html").read_text(encoding="utf-8")
    assert '<meta name="description" content="An ℓ1 penalty on policy logits stabilises on-policy training.">' in penalty
    records = {r["id"]: r for r in json.loads((every_format / "papers.json").read_text(encoding="utf-8"))}
    assert records["zK8fT2qLx1"]["title"].startswith("λ-GRPO")
    assert records["zK8fT2qLx1"]["title_math"].startswith("$\\lambda$-GRPO")
    assert records["C16-2019"]["title_math"] is None
