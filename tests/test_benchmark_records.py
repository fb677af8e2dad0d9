"""The records benchmarks/build.py builds its lists from: the export, the venues, then altered copies, alike each run."""

from __future__ import annotations

import json

from support import DEV_DATA, needs_dev

from benchmarks.build import VENUES, write_records


def records(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@needs_dev
def test_past_the_export_and_the_venues_come_copies_with_new_ids_and_changed_text_the_same_each_time(tmp_path):
    exported = len(DEV_DATA.read_text(encoding="utf-8").splitlines())
    venues = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in VENUES.glob("*.jsonl"))
    size = exported + venues + 500
    first = records(write_records(tmp_path / "a.jsonl", (DEV_DATA, VENUES), size))
    again = records(write_records(tmp_path / "b.jsonl", (DEV_DATA, VENUES), size))

    assert first == again
    assert len({r["id"] for r in first}) == size
    originals = first[: exported + venues]
    assert [r["id"] for r in originals[:3]] == [r["id"] for r in records(DEV_DATA)[:3]]
    first_venue = records(sorted(VENUES.glob("*.jsonl"))[0])
    assert originals[exported : exported + len(first_venue)] == first_venue
    copies = first[exported + venues :]
    for copy, original in zip(copies, originals, strict=False):
        assert copy["id"] == f"{original['id']}-2"
        assert copy["title"] != original["title"] and copy["abstract"] != original["abstract"]
        # Changed, not replaced: most of the copy's words are the original's.
        words, own = copy["abstract"].split(), set(original["abstract"].split())
        assert sum(word in own for word in words) > len(words) / 2
    assert len({r["abstract"] for r in first}) == size
