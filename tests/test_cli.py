"""The command line: exit codes, one-line errors, and an untouched site on failure."""

from __future__ import annotations

import importlib.util
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main


def run(project: Path, *args: str, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(project)
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.mark.site
def test_build_writes_the_site_and_a_one_line_summary(project, three_papers, monkeypatch):
    result = run(project, "build", str(three_papers), "--out", "out", monkeypatch=monkeypatch)
    assert result.exit_code == 0, result.output
    assert (project / "out" / "index.html").is_file()
    assert len(list((project / "out" / "papers").glob("*/index.html"))) == 3
    assert "readinglist: built 3 papers in" in result.output
    assert result.output.rstrip().endswith(": out")


@pytest.fixture
def umask_022():
    before = os.umask(0o022)
    yield
    os.umask(before)


@pytest.mark.site
def test_the_site_and_its_folders_get_the_umasks_mode_as_any_folder_the_user_makes(project, three_papers, monkeypatch, umask_022):
    """rsync -a to a web server that runs as another user keeps the modes: a private (0700) site gives it 403s."""
    assert run(project, "build", str(three_papers), "--out", "out", monkeypatch=monkeypatch).exit_code == 0
    # A rebuild swaps a new folder in: it too is made as the user would make it.
    assert run(project, "build", str(three_papers), "--out", "out", monkeypatch=monkeypatch).exit_code == 0
    assert run(project, "generate", str(three_papers), "--docs", "md", monkeypatch=monkeypatch).exit_code == 0
    for top in (project / "out", project / "md"):
        modes = {stat.S_IMODE(p.stat().st_mode) for p in [top, *top.rglob("*")] if p.is_dir()}
        assert modes == {0o755}, top
    assert {stat.S_IMODE(p.stat().st_mode) for p in (project / "out").rglob("*") if p.is_file()} == {0o644}


def test_generate_writes_markdown_only(project, three_papers, monkeypatch):
    result = run(project, "generate", str(three_papers), "--docs", "md", monkeypatch=monkeypatch)
    assert result.exit_code == 0, result.output
    assert (project / "md" / "index.md").is_file()
    assert len(list((project / "md" / "papers").glob("*.md"))) == 3
    assert not (project / "site").exists()


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("bad.txt", b"", "{path}:1: the file is empty (the first line is the list's title, then abstracts)"),
        (
            "bad.txt",
            b"Title only\n",
            "{path}:2: no abstracts after the title (put one abstract per blank-line-separated block after the title line)",
        ),
        ("bad.txt", b"T\n\nok \x81 bad\n", "{path}:3: not valid UTF-8 at byte 6 (save the file as UTF-8)"),
        (
            "bad.txt",
            b"T\n\n\x00\x01\x02",
            "{path}: binary data at byte 3, not a text file (give a plain list (.txt), JSONL, JSON, CSV/TSV, BibTeX (.bib) or RIS (.ris), as text)",
        ),
        (
            "bad.jsonl",
            b'{"abstract": "fine"}\n{"keywords": ["no title", "no abstract"]}\n',
            "{path}:2: the record has neither a title nor an abstract (give every record a title or an abstract)",
        ),
        (
            "bad.jsonl",
            b'{"abstract": "fine"}\n{"abstract": "cut off\n',
            "{path}:2: not valid JSON at column 14: Unterminated string (each record is a JSON object with a title or an abstract)",
        ),
        (
            "bad.csv",
            b'id,title,abstract\n1,A,"fine"\n2,,\n',
            "{path}:3: record '2' has neither a title nor an abstract (give every record a title or an abstract)",
        ),
        (
            "bad.csv",
            b'title,abstract\nA,"never closed\n',
            "{path}:2: malformed CSV: unexpected end of data (check the quotes on this row)",
        ),
        (
            "refs.bib",
            b"% nothing but a comment\n",
            "{path}:1: no BibTeX entries in the file (each paper is an entry like @inproceedings{{key, title = {{...}}}})",
        ),
        (
            "list.xml",
            b"<?xml version='1.0'?><papers/>",
            "{path}: this is HTML or XML, not a reading list (give a plain list (.txt), JSONL, JSON, CSV/TSV, BibTeX (.bib) or RIS (.ris))",
        ),
        (
            "list.yaml",
            b"papers:\n  - title: x\n",
            "{path}: cannot tell the format of a .yaml file (give a plain list (.txt), JSONL, JSON, CSV/TSV, BibTeX (.bib) or RIS (.ris))",
        ),
    ],
)
@pytest.mark.site
def test_bad_input_is_one_line_exit_one_and_leaves_the_site(project, three_papers, monkeypatch, name, content, expected):
    assert run(project, "build", str(three_papers), monkeypatch=monkeypatch).exit_code == 0
    before = {p: p.read_bytes() for p in (project / "site").rglob("*") if p.is_file()}

    (project / "data" / name).write_bytes(content)
    result = run(project, "build", f"data/{name}", monkeypatch=monkeypatch)

    assert result.exit_code == 1
    assert result.output == "readinglist: error: " + expected.format(path=f"data/{name}") + "\n"
    after = {p: p.read_bytes() for p in (project / "site").rglob("*") if p.is_file()}
    assert after == before
    # No half-built site is left beside the old one (the cache is kept on purpose).
    assert sorted(p.name for p in project.iterdir() if p.name.startswith(".")) == [".cache"]


def test_missing_input_file_is_an_error_not_a_traceback(project, monkeypatch):
    result = run(project, "build", "data/nope.txt", monkeypatch=monkeypatch)
    assert result.exit_code == 1
    assert (
        result.output == "readinglist: error: data/nope.txt: cannot read the file: No such file or directory (check the path)\n"
    )


def test_the_zensical_engine_without_zensical_is_one_line_before_any_work(project, three_papers, monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *rest: None if name == "zensical" else real(name, *rest))
    result = run(project, "build", str(three_papers), "--engine", "zensical", monkeypatch=monkeypatch)
    assert result.exit_code == 1
    assert result.output == "readinglist: error: Zensical is not installed (pip install zensical)\n"
    # Nothing was generated: no cache, no site.
    assert not (project / ".cache").exists()
    assert not (project / "site").exists()


@pytest.mark.site
def test_plain_mkdocs_build_runs_the_generator(project, three_papers):
    config = (project / "mkdocs.yml").read_text(encoding="utf-8")
    (project / "mkdocs.yml").write_text(config.replace("data/iclr2026.txt", "data/three.txt"), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(project / "mkdocs.yml"), "-d", str(project / "plain")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert len(list((project / "plain" / "papers").glob("*/index.html"))) == 3
    assert (project / "plain" / "papers.json").is_file()


def test_an_override_that_names_no_theme_is_one_line_with_its_line(project, three_papers, monkeypatch):
    (project / "data" / "themes.yml").write_text("# curator's choices\nk: 2\n\nrename:\n  foo: Bar\n", encoding="utf-8")
    result = run(project, "-q", "build", str(three_papers), monkeypatch=monkeypatch)
    assert result.exit_code == 1
    assert result.output == (
        "readinglist: error: data/themes.yml:5: no theme 'foo' to rename (theme slugs are listed in papers.json)\n"
    )


def test_an_unknown_key_in_the_overrides_is_one_line_with_its_line(project, three_papers, monkeypatch):
    (project / "data" / "themes.yml").write_text("k: 2\nrenames:\n  foo: Bar\n", encoding="utf-8")
    result = run(project, "-q", "generate", str(three_papers), monkeypatch=monkeypatch)
    assert result.exit_code == 1
    assert result.output == "readinglist: error: data/themes.yml:2: unknown key 'renames' (use k, rename, pin or merge)\n"


@pytest.mark.site
def test_themes_option_sets_the_number_of_themes(project, three_papers, monkeypatch):
    result = run(project, "build", str(three_papers), "--out", "out", "--themes", "2", monkeypatch=monkeypatch)
    assert result.exit_code == 0, result.output
    assert "readinglist: built 3 papers in 2 themes in" in result.output


def test_group_by_an_unknown_field_is_one_line(project, three_papers, monkeypatch):
    result = run(project, "-q", "generate", str(three_papers), "--group-by", "venue", monkeypatch=monkeypatch)
    assert result.exit_code == 1
    assert result.output == (
        "readinglist: error: no paper has a field 'venue' to group by "
        "(group by a field the input has, e.g. track or primary_area)\n"
    )


def _records_with_bad_ones(path: Path, bad: int) -> None:
    good = [
        {"id": f"g{n}", "title": f"Good paper {n}", "abstract": f"We propose method {n} for graph learning."} for n in range(3)
    ]
    lines = [json.dumps(record) for record in good]
    lines += [json.dumps({"id": f"b{n}", "authors": ["Ann A"]}) for n in range(bad)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_every_bad_record_is_reported_up_to_twenty_then_counted(project, monkeypatch):
    _records_with_bad_ones(project / "data" / "list.jsonl", 23)
    result = run(project, "build", "data/list.jsonl", monkeypatch=monkeypatch)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == "readinglist: error: 23 records cannot be read (fix them, or pass --skip-invalid to leave them out):"
    assert (
        lines[1]
        == "  data/list.jsonl:4: record 'b0' has neither a title nor an abstract (give every record a title or an abstract)"
    )
    assert (
        lines[20]
        == "  data/list.jsonl:23: record 'b19' has neither a title nor an abstract (give every record a title or an abstract)"
    )
    assert lines[21:] == ["  … and 3 more"]


@pytest.mark.site
def test_skip_invalid_leaves_bad_records_out_with_a_warning_each(project, monkeypatch):
    _records_with_bad_ones(project / "data" / "list.jsonl", 2)
    result = run(project, "-q", "build", "data/list.jsonl", "--skip-invalid", monkeypatch=monkeypatch)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:3] == [
        "WARNING  data/list.jsonl:4: record 'b0' has neither a title nor an abstract (give every record a title or an abstract): skipped",
        "WARNING  data/list.jsonl:5: record 'b1' has neither a title nor an abstract (give every record a title or an abstract): skipped",
        "WARNING  Skipped 2 invalid records",
    ]
    assert len(list((project / "site" / "papers").glob("*/index.html"))) == 3


@pytest.mark.site
def test_title_option_names_the_site(project, three_papers, monkeypatch):
    result = run(project, "generate", str(three_papers), "--docs", "md", "--title", "My <b>own</b> list", monkeypatch=monkeypatch)
    assert result.exit_code == 0, result.output
    result = run(project, "build", str(three_papers), "--title", "Workshop 2026", monkeypatch=monkeypatch)
    assert result.exit_code == 0, result.output
    assert "<title>Workshop 2026</title>" in (project / "site" / "index.html").read_text(encoding="utf-8")


def test_field_option_maps_a_column(project, monkeypatch):
    (project / "data" / "list.csv").write_text(
        "Paper,Summary text,Where\nP1,We propose a graph method.,https://example.org/p1\nP2,We study flow matching.,https://example.org/p2\n"
        "P3,We distill diffusion models.,https://example.org/p3\n",
        encoding="utf-8",
    )
    args = [
        "generate",
        "data/list.csv",
        "--docs",
        "md",
        "--field",
        "abstract=Summary text",
        "--field",
        "url=Where",
        "--field",
        "title=Paper",
    ]
    result = run(project, *args, monkeypatch=monkeypatch)
    assert result.exit_code == 0, result.output
    page = next((project / "md" / "papers").glob("p1-*.md")).read_text(encoding="utf-8")
    assert "# P1" in page
    assert 'href="https://example.org/p1"' in page


def test_field_option_must_be_name_equals_column(project, three_papers, monkeypatch):
    result = run(project, "generate", str(three_papers), "--field", "abstract", monkeypatch=monkeypatch)
    assert result.exit_code == 2
    assert "Invalid value for '--field': 'abstract' is not NAME=COLUMN, e.g. abstract=Summary" in result.output
    result = run(project, "generate", str(three_papers), "--field", "summery=x", monkeypatch=monkeypatch)
    assert result.exit_code == 1
    assert result.output.startswith("readinglist: error: fields: no field 'summery'; map one of id, title, abstract,")
