"""Sessions with times: read from the input's shapes, shown on paper pages, carried to the exports' scripts."""

from __future__ import annotations

import html
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from support import build_site, make_paper

from generator.errors import InputError
from generator.model import ReadingList, Session, Source
from generator.read.records import paper_from_record
from generator.read.sessions import describe
from generator.render.citations import chunk_of, citation_scripts

SOURCE = Source("papers.jsonl", 7)
DATA = Path(__file__).parent / "data"


def sessions_of(**record: object):
    return paper_from_record({"abstract": "An abstract.", **record}, SOURCE).sessions


def test_a_record_with_start_end_and_timezone_gives_one_session_in_that_zone():
    (session,) = sessions_of(session="Poster 3", start="2026-04-24T10:30", end="12:30", timezone="America/Sao_Paulo")
    assert session.name == "Poster 3"
    assert session.start.astimezone(UTC) == datetime(2026, 4, 24, 13, 30, tzinfo=UTC)
    assert session.end is not None and session.end.astimezone(UTC) == datetime(2026, 4, 24, 15, 30, tzinfo=UTC)
    assert describe(session) == "Poster 3 · Fri 24 Apr 2026, 10:30\u201312:30 (America/Sao_Paulo)"


def test_a_list_of_session_objects_gives_each_in_time_order_and_names_the_track():
    paper = paper_from_record(
        {
            "abstract": "An abstract.",
            "sessions": [
                {"name": "Oral 2A", "start": "2026-04-25T09:00-03:00", "end": "2026-04-25T09:15-03:00"},
                {"name": "Poster 1", "time": "2026-04-23 15:00Z"},
            ],
        },
        SOURCE,
    )
    assert [(s.name, s.zone) for s in paper.sessions] == [("Poster 1", "UTC"), ("Oral 2A", "UTC-03:00")]
    assert paper.sessions[0].end is None
    assert paper.track == "Oral 2A; Poster 1"
    assert describe(paper.sessions[0]) == "Poster 1 · Thu 23 Apr 2026, 15:00 (UTC)"


def test_a_session_over_midnight_names_both_days():
    (session,) = sessions_of(start="2026-04-24T23:00", end="2026-04-25T01:00", timezone="Asia/Tokyo")
    assert describe(session) == "Session · Fri 24 Apr 2026, 23:00 \u2013 Sat 25 Apr 2026, 01:00 (Asia/Tokyo)"


def test_sessions_named_without_times_are_sessions_without_a_start_and_stay_the_track():
    paper = paper_from_record({"abstract": "An abstract.", "sessions": "Session 1|Session 3; Session 1"}, SOURCE)
    assert paper.sessions == [Session("Session 1", None, None, ""), Session("Session 3", None, None, "")]
    assert paper.track == "Session 1|Session 3; Session 1"
    assert describe(paper.sessions[0]) == "Session 1"
    # A comma stays in the name: programmes write "Poster 2, Hall B".
    assert [s.name for s in sessions_of(session="Poster 2, Hall B")] == ["Poster 2, Hall B"]
    assert [s.name for s in sessions_of(sessions=["A1", "B2"])] == ["A1", "B2"]


def test_a_track_alone_names_no_session():
    assert sessions_of(track="Main track") == []


def test_a_programme_lists_its_timed_sessions_in_time_order_then_the_untimed_in_its_own():
    paper = paper_from_record(
        {
            "abstract": "An abstract.",
            "sessions": [
                {"name": "Demo"},
                {"name": "Oral 2A", "start": "2026-04-25T09:00Z"},
                {"start": ""},
                {"name": "Poster 1", "start": "2026-04-23T15:00Z"},
                {"name": "Birds of a feather"},
            ],
        },
        SOURCE,
    )
    assert [(s.name, s.start is not None) for s in paper.sessions] == [
        ("Poster 1", True),
        ("Oral 2A", True),
        ("Demo", False),
        ("Birds of a feather", False),
    ]


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"start": "2026-04-24T10:30"}, "papers.jsonl:7: the session time '2026-04-24T10:30' has no time zone"),
        ({"start": "2026-04-24T10:30", "timezone": "Mars/Olympus"}, "papers.jsonl:7: unknown time zone 'Mars/Olympus'"),
        ({"start": "next Tuesday", "timezone": "UTC"}, "papers.jsonl:7: cannot read the session time 'next Tuesday'"),
        ({"start": "2026-04-24T10:30Z", "end": "09:00"}, "papers.jsonl:7: the session ends (09:00) before it starts"),
    ],
)
def test_a_time_that_cannot_be_placed_is_an_error_naming_the_record(record, message):
    with pytest.raises(InputError) as error:
        sessions_of(**record)
    assert str(error.value).startswith(message)
    assert "timezone" in str(error.value) or "IANA" in str(error.value)


def test_the_scripts_carry_every_field_and_the_sessions_in_utc():
    paper = paper_from_record(
        {
            "id": "x1",
            "abstract": "An abstract.",
            "title": "A title",
            "authors": ["Ann Lee"],
            "date": "2026-01",
            "doi": "10.1145/3580305",
            "start": "2026-04-24T10:30",
            "timezone": "America/Sao_Paulo",
        },
        SOURCE,
    )
    plain = make_paper(id="y2", title="Plain")
    scripts = citation_scripts(ReadingList("List", [paper, plain]))
    citations = {}
    for name, script in scripts.items():
        if name.startswith("citations/"):
            prefix = f"window.RL_CITATIONS_{name.removeprefix('citations/').removesuffix('.js')} = "
            citations.update(json.loads(script.removeprefix(prefix).removesuffix(";\n")))
    assert citations["x1"]["authors"] == ["Ann Lee"]
    assert citations["x1"]["date"] == [2026, 1]
    assert citations["x1"]["abstract"] == "An abstract."
    assert citations["x1"]["doi"] == "10.1145/3580305"
    assert citations["x1"]["extra"] == {
        "date": "2026-01",
        "start": "2026-04-24T10:30",
        "timezone": "America/Sao_Paulo",
    }
    assert citations["y2"] == {"title": "Plain", "abstract": plain.abstract}
    sessions = json.loads(scripts["sessions.js"].removeprefix("window.RL_SESSIONS = ").removesuffix(";\n"))
    assert sessions == {
        "x1": [
            {
                "name": "Session",
                "start": "2026-04-24T13:30:00Z",
                "end": None,
                "zone": "America/Sao_Paulo",
                "when": "Session · Fri 24 Apr 2026, 10:30 (America/Sao_Paulo)",
            }
        ]
    }


@pytest.mark.site
def test_a_paper_page_shows_its_sessions_and_a_page_without_times_shows_none(project: Path):
    records = [
        {
            "id": "s1",
            "abstract": "We propose sparse attention for long documents, with a kernel that scales.",
            "session": "Oral <b>1</b>",
            "start": "2026-04-24T10:30",
            "end": "10:45",
            "timezone": "America/Sao_Paulo",
        },
        {"id": "s2", "abstract": "We introduce a flow matching model for image generation with straight paths."},
        {"id": "s3", "abstract": "Diffusion models distilled to four steps keep their quality on ImageNet."},
    ]
    data = project / "data" / "papers.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    site = build_site(project, data)
    timed = (site / "papers" / "s1" / "index.html").read_text(encoding="utf-8")
    assert '<ul class="rl-sessions" aria-label="Sessions">' in timed
    # The session's name is input: shown as written, never as markup.
    assert "Oral <b>1</b> · Fri 24 Apr 2026, 10:30–10:45 (America/Sao_Paulo)" in html.unescape(timed)
    assert "<b>1</b>" not in timed
    assert '<time datetime="2026-04-24T10:30:00-03:00">' in html.unescape(timed)
    assert "rl-sessions" not in (site / "papers" / "s2" / "index.html").read_text(encoding="utf-8")
    assert (site / "sessions.js").read_text(encoding="utf-8").startswith('window.RL_SESSIONS = {"s1":')


@pytest.mark.site
def test_a_miniconf_csvs_sessions_show_on_the_paper_pages_and_in_sessions_js(project: Path):
    """Mini-Conf's papers.csv names each paper's sessions in a `sessions` cell, its times kept in another file."""
    site = build_site(project, DATA / "miniconf-papers.csv")
    page = html.unescape((site / "papers" / "A1-2" / "index.html").read_text(encoding="utf-8"))
    shown = page[page.index('<ul class="rl-sessions"') : page.index("</ul>", page.index('<ul class="rl-sessions"'))]
    assert "<li>A1:言語生成技術の応用</li>" in shown
    assert "<li>P3:ポスター</li>" in shown
    assert "<time" not in shown
    # The paper whose cell is empty has no session, and no list of them.
    assert "rl-sessions" not in (site / "papers" / "C3-1" / "index.html").read_text(encoding="utf-8")
    script = (site / "sessions.js").read_text(encoding="utf-8")
    sessions = json.loads(script.removeprefix("window.RL_SESSIONS = ").removesuffix(";\n"))
    assert sorted(sessions) == ["A1-1", "A1-2", "B2-1", "B2-2", "C3-2"]
    assert sessions["A1-1"] == [
        {"name": "A1:言語生成技術の応用", "start": None, "end": None, "zone": "", "when": "A1:言語生成技術の応用"}
    ]
    assert [s["name"] for s in sessions["A1-2"]] == ["A1:言語生成技術の応用", "P3:ポスター"]


def test_citations_go_in_chunks_by_a_hash_of_the_id_that_the_scripts_compute_alike():
    papers = [make_paper(id=f"id{i}", title=f"Paper {i}") for i in range(40)]
    scripts = citation_scripts(ReadingList("List", papers))
    chunks = {name: script for name, script in scripts.items() if name.startswith("citations/")}
    for paper in papers:
        name = f"citations/{chunk_of(paper.id)}.js"
        assert f'"{paper.id}":' in chunks[name]
        assert sum(f'"{paper.id}":' in script for script in chunks.values()) == 1
    # FNV-1a of the UTF-8: pinned, since frontend/src/hash.js computes it too.
    assert [chunk_of(i) for i in ("", "a", "zh4", "论文")] == ["c5", "2c", "b1", "34"]
