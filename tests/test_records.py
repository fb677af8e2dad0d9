"""Structured exports: JSONL, JSON, CSV and Mini-Conf's papers.csv."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import DEV_DATA, needs_dev

from generator.errors import InputError
from generator.read import read_papers


def write(tmp_path: Path, name: str, content: str) -> Path:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    return path


def test_jsonl_fields_are_used_as_given(tmp_path):
    record = {
        "id": "AbC123",
        "title": "Given title",
        "abstract": "An abstract.",
        "keywords": ["flow matching", "KV cache"],
        "authors": ["Ada Lovelace", "Alan Turing"],
        "status": "Oral",
        "url": "https://openreview.net/forum?id=AbC123",
        "primary_area": "generative models",
        "novelty": "high",
    }
    paper = read_papers([write(tmp_path, "x.jsonl", json.dumps(record) + "\n")]).papers[0]
    assert (paper.id, paper.slug, paper.title, paper.status) == ("AbC123", "AbC123", "Given title", "Oral")
    assert paper.keywords == ["flow matching", "KV cache"]
    assert paper.authors == ["Ada Lovelace", "Alan Turing"]
    assert paper.primary_area == "generative models"
    assert paper.extra == {"novelty": "high"}


def test_common_aliases_map_to_our_fields(tmp_path):
    record = {
        "UID": "p1",
        "Paper Title": "T",
        "Abstract": "A.",
        "TL;DR": "Short.",
        "keyword": "a; b",
        "link": "https://x.org",
        "decision": "Poster",
    }
    paper = read_papers([write(tmp_path, "x.jsonl", json.dumps(record))]).papers[0]
    assert (paper.id, paper.title, paper.summary, paper.url, paper.status) == ("p1", "T", "Short.", "https://x.org", "Poster")
    assert paper.keywords == ["a", "b"]


def test_json_array_and_object_with_papers_both_load(tmp_path):
    records = [{"abstract": "First."}, {"abstract": "Second."}]
    as_array = read_papers([write(tmp_path, "a.json", json.dumps(records))])
    as_object = read_papers([write(tmp_path, "b.json", json.dumps({"title": "My list", "papers": records}))])
    assert [p.abstract for p in as_array.papers] == [p.abstract for p in as_object.papers] == ["First.", "Second."]
    assert as_object.title == "My list"


def test_miniconf_papers_csv_splits_lists_on_bars(tmp_path):
    csv_text = 'UID,title,authors,abstract,keywords,sessions\nM1,"Title, with comma",Ann A|Bo B,"An abstract, quoted.",rl|agents,Session 1\n'
    paper = read_papers([write(tmp_path, "papers.csv", csv_text)]).papers[0]
    assert (paper.id, paper.title, paper.track) == ("M1", "Title, with comma", "Session 1")
    assert paper.authors == ["Ann A", "Bo B"]
    assert paper.keywords == ["rl", "agents"]


def test_structured_input_without_a_title_is_named_after_the_file(tmp_path):
    assert read_papers([write(tmp_path, "neurips-2026.jsonl", '{"abstract": "A."}')]).title == "neurips 2026"


def test_several_files_build_one_list(tmp_path):
    first = write(tmp_path, "a.txt", "Title A\n\nAbstract one.")
    second = write(tmp_path, "b.jsonl", '{"id": "x", "abstract": "Abstract two."}')
    reading_list = read_papers([first, second])
    assert reading_list.title == "Title A"
    assert [p.abstract for p in reading_list.papers] == ["Abstract one.", "Abstract two."]


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("x.jsonl", '{"abstract": "ok"}\n{"authors": ["A"]}\n', "x.jsonl:2: the record has neither a title nor an abstract"),
        (
            "x.jsonl",
            '{"abstract": "ok"}\n\n{"id": "q", "abstract": ""}\n',
            "x.jsonl:3: record 'q' has neither a title nor an abstract",
        ),
        ("x.jsonl", '{"abstract": "ok"}\n{"abstract": "broken\n', "x.jsonl:2: not valid JSON at column 14: Unterminated string"),
        ("x.jsonl", '{"abstract": "ok"}\n[1, 2]\n', "x.jsonl:2: expected an object, found list"),
        ("x.json", '[{"abstract": "ok"}, {"authors": "t"}]', "x.json: record 2: the record has neither a title nor an abstract"),
        (
            "x.json",
            '[{"venue": "V", "papers": [{"title": "ok"}]}, {"venue": "W", "submissions": [{"title": "ok"}, {"content": {}}]}]',
            "x.json: record 2, submission 2: the record has neither a title nor an abstract",
        ),
        (
            "x.jsonl",
            '{"abstract": "ok"}\n{"venue": "V", "notes": [{"id": "n1", "content": {"authors": ["A"]}}]}\n',
            "x.jsonl:2, note 1: record 'n1' has neither a title nor an abstract",
        ),
        ("x.csv", 'title,abstract,authors\nT,"ok",A\n,,B\n', "x.csv:3: the record has neither a title nor an abstract"),
        ("x.csv", 'title,abstract\nT,"unclosed quote\n', "x.csv:2: malformed CSV: unexpected end of data"),
        ("x.csv", 'title,abstract\nT,"a" b\n', "x.csv:2: malformed CSV: ',' expected after '\"'"),
        ("x.csv", "title,abstract\nT,a,extra\n", "x.csv:2: 3 cells where the header has 2"),
        ("x.csv", "title,abstract\n", "x.csv:2: no papers in the file"),
    ],
)
def test_malformed_records_are_named_by_file_and_line(tmp_path, name, content, message):
    with pytest.raises(InputError) as error:
        read_papers([write(tmp_path, name, content)])
    assert str(error.value).startswith(f"{tmp_path}/{message}")


def test_clashing_ids_name_both_places(tmp_path):
    first = write(tmp_path, "a.jsonl", '{"id": "same", "abstract": "One."}')
    second = write(tmp_path, "b.jsonl", '{"abstract": "x"}\n{"id": "same", "abstract": "Two."}')
    with pytest.raises(InputError) as error:
        read_papers([first, second])
    assert str(error.value).startswith(f"{second}:2: id 'same' is also used at {first}:1 for another paper")


@needs_dev
def test_openreview_dev_export_loads_as_it_is():
    reading_list = read_papers([DEV_DATA])
    assert len(reading_list.papers) == 9842
    assert all(p.title and p.keywords and p.url for p in reading_list.papers)


def test_a_record_with_a_title_and_no_abstract_is_a_paper(tmp_path):
    records = [{"title": "Program talk", "authors": "Ann A; Bo B", "session": "Tue 1"}, {"title": "Other", "abstract": ""}]
    papers = read_papers([write(tmp_path, "x.jsonl", "\n".join(map(json.dumps, records)))]).papers
    assert [(p.title, p.abstract, p.track) for p in papers] == [("Program talk", "", "Tue 1"), ("Other", "", "")]
    assert papers[0].authors == ["Ann A", "Bo B"]
    assert papers[0].id != papers[1].id


def test_title_only_papers_with_one_id_and_different_titles_clash(tmp_path):
    path = write(tmp_path, "x.jsonl", '{"id": "a", "title": "One"}\n{"id": "a", "title": "Two"}\n')
    with pytest.raises(InputError) as error:
        read_papers([path])
    assert str(error.value) == f"{path}:2: id 'a' is also used at {path}:1 for another paper (give every paper its own id)"


def test_skip_invalid_keeps_the_good_records(tmp_path, caplog):
    path = write(tmp_path, "x.jsonl", '{"abstract": "ok"}\n{"authors": ["A"]}\nnot json\n')
    papers = read_papers([path], skip_invalid=True).papers
    assert [p.abstract for p in papers] == ["ok"]
    assert (
        f"{path}:2: the record has neither a title nor an abstract (give every record a title or an abstract): skipped"
        in caplog.text
    )
    assert "Skipped 2 invalid records" in caplog.text


def test_nothing_left_after_skipping_is_an_error(tmp_path):
    path = write(tmp_path, "x.jsonl", '{"authors": ["A"]}\n')
    with pytest.raises(InputError) as error:
        read_papers([path], skip_invalid=True)
    assert str(error.value) == f"{path}: no papers in the input (give one record per paper)"


def test_group_by_names_resolve_to_where_the_reading_put_the_column(tmp_path):
    from generator.read.records import FieldMap, resolve_field

    miniconf = read_papers([write(tmp_path, "a.csv", "UID,title,sessions\nM1,T,Mon 1\n")]).papers
    assert resolve_field("sessions", miniconf) == "track"
    assert resolve_field("Sessions", miniconf) == "track"
    both = read_papers([write(tmp_path, "b.jsonl", '{"title": "T", "session": "Mon 1", "track": "Main"}\n')]).papers
    assert (both[0].track, both[0].extra) == ("Main", {"session": "Mon 1"})
    assert resolve_field("session", both) == "session"
    custom = read_papers([write(tmp_path, "c.csv", "Titel,Sitzung\nT,Mon 1\n")], fields=FieldMap({"title": "Titel"})).papers
    assert resolve_field("sitzung", custom) == "Sitzung"
    assert resolve_field("Sitzung", custom, FieldMap({"track": "Sitzung"})) == "Sitzung"
