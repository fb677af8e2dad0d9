"""A Paper Copilot paperlists export as ECCV 2022's is shaped: quoted fields, spaced DOIs, site, pdf and supp links, PDF residue."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support import DEV_DATA, REPO, build_site, copy_project, needs_dev

from generator.enrich import enrich
from generator.model import LinkKind
from generator.read import read_papers
from generator.text.residue import tidy

ECCV = REPO / "tests" / "data" / "eccv-paperlists.json"


@pytest.fixture(scope="module")
def eccv():
    return {paper.title: paper for paper in enrich(read_papers([ECCV])).papers}


def test_the_quotes_a_spreadsheet_wrapped_a_field_in_are_gone(eccv):
    assert "A Simple Approach and Benchmark for 21,000-Category Object Detection" in eccv
    for paper in eccv.values():
        assert not paper.title.startswith('"') and not paper.abstract.startswith('"') and not paper.abstract.endswith('"')
    # The doubled quotes inside the cell are single again.
    assert 'their "noise events" swamp optical flow' in eccv["Event-Based Optical Flow in Low Light"].abstract


def test_quotes_that_are_the_texts_own_stay():
    assert tidy('"Hello" said the "world"') == '"Hello" said the "world"'
    assert tidy('We call it "the end."') == 'We call it "the end."'
    assert (
        tidy("\u201cWhy Should I Trust You?\u201d: Explaining Classifiers")
        == "\u201cWhy Should I Trust You?\u201d: Explaining Classifiers"
    )
    # A lone closing quote after the last sentence is the cell's (ECCV 2020's abstracts end so).
    assert tidy('We detect birds."') == "We detect birds."


def test_a_doi_cut_by_a_space_is_read_whole(eccv):
    dois = {paper.doi for paper in eccv.values()}
    assert dois == {"10.1007/978-3-031-19830-4_21", "10.1007/978-3-031-20077-9_1", "10.1007/978-3-031-20077-9_2"}
    paper = eccv["A Simple Approach and Benchmark for 21,000-Category Object Detection"]
    assert "https://doi.org/10.1007/978-3-031-19830-4_21" in [link.url for link in paper.links]


@pytest.mark.parametrize(
    ("given", "doi"),
    [
        ("10.1007/978-3-031-19830-4_ 21", "10.1007/978-3-031-19830-4_21"),
        ("10.1145/3580305 (preprint)", "10.1145/3580305"),
        # Two DOIs stay two: the first is the paper's.
        ("10.1145/123 - 10.1145/456", "10.1145/123"),
    ],
)
def test_a_spaced_doi_is_joined_only_inside_itself(tmp_path, given, doi):
    path = tmp_path / "x.jsonl"
    path.write_text(json.dumps({"title": "T", "doi": given}) + "\n", encoding="utf-8")
    assert read_papers([path]).papers[0].doi == doi


def test_each_link_of_a_paperlists_record_has_its_own_kind(eccv):
    paper = eccv["Self-Supervised Depth Completion with State-of-the-Art Sparse Priors"]
    assert [link.kind for link in paper.links] == [
        LinkKind.PAGE,
        LinkKind.PDF,
        LinkKind.SUPPLEMENT,
        LinkKind.PROJECT,
        LinkKind.DOI,
    ]
    assert paper.links[2].url.endswith("136690002-supp.pdf")
    # An empty supp is no link.
    assert LinkKind.SUPPLEMENT not in [link.kind for link in eccv["Event-Based Optical Flow in Low Light"].links]


def test_pdf_residue_in_an_abstract_is_repaired(eccv):
    abstract = eccv["A Simple Approach and Benchmark for 21,000-Category Object Detection"].abstract
    assert "addresses the scale gap" in abstract
    assert "constructs a strong baseline" in abstract
    assert "a translation of the label space" in abstract
    assert "classification vocabulary" in abstract
    for residue in ("addressesthe", "constructsa", "transla-tion", "\ufb01"):
        assert residue not in abstract


def test_real_compounds_names_math_and_links_are_left_as_they_are():
    clean = (
        "A state-of-the-art self-supervised multi-task pre-training, pre- and post-processing, trade-off and "
        "re-identification. Maxima, persona and inpainting stay; so does $x_{a-b}$, "
        "**Syn**thesize, \\thecode{} and https://example.org/transla-tion."
    )
    assert tidy(clean) == clean


def test_line_break_hyphens_and_glued_words_as_pdfs_leave_them():
    assert tidy("a transla- tion of demon-strated results ofthe model") == "a translation of demonstrated results of the model"
    assert tidy("It presentsthe method and usea prior.") == "It presents the method and use a prior."


@needs_dev
def test_few_abstracts_of_the_dev_export_change_and_each_for_residue():
    """113 of 9,842 ICLR 2026 titles and abstracts hold residue (read by eye); the rest must come out as they went in."""
    changed = []
    for line in DEV_DATA.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        for field in ("title", "abstract"):
            text = " ".join(record[field].split())
            if tidy(text) != text:
                changed.append((text, tidy(text)))
    assert len(changed) == 113
    for before, after in changed:
        # Only joins at a hyphen, spaces after a glued word, and ligatures: never another letter.
        assert re.sub(r"[\s-]", "", before) == re.sub(r"[\s-]", "", after)


@pytest.fixture(scope="module")
def eccv_site(tmp_path_factory):
    project = copy_project(tmp_path_factory.mktemp("eccv"), data=False)
    (project / "data").mkdir()
    path = project / "data" / "eccv2022.json"
    path.write_bytes(ECCV.read_bytes())
    return build_site(project, path)


def _page(site: Path, title: str) -> str:
    record = next(r for r in json.loads((site / "papers.json").read_text(encoding="utf-8")) if r["title"] == title)
    return (site / record["url"] / "index.html").read_text(encoding="utf-8")


@pytest.mark.site
def test_a_paper_page_shows_clean_fields_and_a_button_per_link(eccv_site):
    page = _page(eccv_site, "A Simple Approach and Benchmark for 21,000-Category Object Detection")
    assert '<meta name="citation_title" content="A Simple Approach and Benchmark for 21,000-Category Object Detection">' in page
    assert '<meta name="citation_doi" content="10.1007/978-3-031-19830-4_21">' in page
    buttons = re.findall(r'<a class="md-button[^"]*" href="([^"]+)"[^>]*>([^<]+)</a>', page)
    assert [label for _, label in buttons] == ["Paper page", "PDF", "Supplementary", "Code", "DOI"]
    assert buttons[2][0].endswith("136690001-supp.pdf")
    # Every field a reader sees is clean: no cell quotes left in the records the exports read.
    records = json.loads((eccv_site / "papers.json").read_text(encoding="utf-8"))
    assert not [r["title"] for r in records if r["title"].startswith('"')]
    cites = "".join(path.read_text(encoding="utf-8") for path in (eccv_site / "citations").glob("*.js"))
    assert '"abstract":"\\"' not in cites and "addressesthe" not in cites
