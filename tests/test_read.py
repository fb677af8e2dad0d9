from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import InputError
from generator.read import read_papers

ABSTRACT_A = "First abstract about flow matching."
ABSTRACT_B = "Second abstract about KV cache compression."


def read_bytes(tmp_path: Path, data: bytes):
    path = tmp_path / "list.txt"
    path.write_bytes(data)
    return read_papers([path])


def test_first_line_is_title_and_blocks_are_abstracts(tmp_path):
    reading_list = read_bytes(tmp_path, f"My list\n\n{ABSTRACT_A}\n\n{ABSTRACT_B}".encode())
    assert reading_list.title == "My list"
    assert [p.abstract for p in reading_list.papers] == [ABSTRACT_A, ABSTRACT_B]


def test_byte_order_mark_is_not_part_of_the_title(tmp_path):
    reading_list = read_bytes(tmp_path, f"\ufeffMy list\n\n{ABSTRACT_A}".encode())
    assert reading_list.title == "My list"


def test_crlf_line_ends_read_like_lf(tmp_path):
    lf = read_bytes(tmp_path, f"My list\n\n{ABSTRACT_A}\nsecond line\n\n{ABSTRACT_B}\n".encode())
    crlf = read_bytes(tmp_path, f"My list\r\n\r\n{ABSTRACT_A}\r\nsecond line\r\n\r\n{ABSTRACT_B}\r\n".encode())
    assert [p.abstract for p in crlf.papers] == [p.abstract for p in lf.papers]
    assert crlf.papers[0].abstract == f"{ABSTRACT_A} second line"


def test_whitespace_only_and_repeated_blank_lines_separate_blocks(tmp_path):
    reading_list = read_bytes(tmp_path, f"\n\n  \nMy list\n \t \n\n\n{ABSTRACT_A}\n   \n{ABSTRACT_B}\n\n".encode())
    assert reading_list.title == "My list"
    assert [p.abstract for p in reading_list.papers] == [ABSTRACT_A, ABSTRACT_B]


def test_lines_inside_a_block_are_joined_with_one_space(tmp_path):
    reading_list = read_bytes(tmp_path, b"My list\n\n  line one  \nline two\n")
    assert reading_list.papers[0].abstract == "line one line two"


def test_papers_remember_the_line_they_start_on(tmp_path):
    reading_list = read_bytes(tmp_path, f"My list\n\n{ABSTRACT_A}\n\n\n{ABSTRACT_B}".encode())
    assert [p.source.line for p in reading_list.papers] == [3, 6]


def test_bundled_list_has_nineteen_abstracts():
    reading_list = read_papers([Path(__file__).parent.parent / "data" / "iclr2026.txt"])
    assert reading_list.title == "ICLR 2026 论文列表"
    assert len(reading_list.papers) == 19
    assert len({p.id for p in reading_list.papers}) == 19


def test_exact_duplicates_are_merged_with_a_warning_naming_both(tmp_path, caplog):
    reading_list = read_bytes(tmp_path, f"My list\n\n{ABSTRACT_A}\n\n{ABSTRACT_A}".encode())
    assert len(reading_list.papers) == 1
    assert f"{tmp_path / 'list.txt'}:5: duplicate of the paper at {tmp_path / 'list.txt'}:3" in caplog.text


def test_near_duplicates_are_kept_and_reported(tmp_path, caplog):
    reading_list = read_bytes(tmp_path, f"My list\n\n{ABSTRACT_A}\n\n{ABSTRACT_A.upper()}".encode())
    assert len(reading_list.papers) == 2
    assert "same abstract as" in caplog.text


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "list.txt:1: the file is empty"),
        (b"\n \n", "list.txt:1: the file is empty"),
        (b"Only a title\n\n", "no abstracts after the title"),
        # 0x81 and 0x8D are undefined in Windows-1252 too.
        (b"My list\n\nabc \x81\x8d def\n", "list.txt:3: not valid UTF-8 at byte 13"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary data at byte 8"),
    ],
)
def test_unreadable_input_names_the_file_and_place(tmp_path, data, message):
    with pytest.raises(InputError) as error:
        read_bytes(tmp_path, data)
    assert message in str(error.value)
    assert str(tmp_path / "list.txt") in str(error.value)


def test_windows_1252_is_read_with_a_warning(tmp_path, caplog):
    reading_list = read_bytes(tmp_path, "My list\n\nNa\u00efve caf\u00e9 \u2013 results.\n".encode("cp1252"))
    assert reading_list.papers[0].abstract == "Na\u00efve caf\u00e9 \u2013 results."
    assert (
        f"{tmp_path / 'list.txt'}:3: not UTF-8 (byte 11); read as Windows-1252 (save the file as UTF-8 to be sure)" in caplog.text
    )
