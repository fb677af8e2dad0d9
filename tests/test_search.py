"""The search stage on its own: Pagefind runs in a child process and leaves nothing behind."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest
from support import make_paper, search_index

from generator.errors import BuildError
from generator.model import ReadingList
from generator.site import search
from generator.site.search import SearchIndex


def _papers() -> ReadingList:
    papers = [
        make_paper(id="a", slug="a", title="Sparse routing", abstract="Tokens go to experts."),
        make_paper(id="b", slug="b", title="扩散模型", abstract="我们提出一种分子生成方法。"),
    ]
    return ReadingList("A list", papers)


@pytest.fixture(autouse=True)
def _own_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A temp folder of the test's own, so that other builds' work files do not count."""
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))


def _leftovers() -> list[Path]:
    return sorted(Path(tempfile.gettempdir()).iterdir())


def test_index_holds_every_paper_and_the_home_page_and_leaves_no_work_files(tmp_path: Path) -> None:
    index = SearchIndex(_papers(), use_directory_urls=True)
    index.start()
    assert _leftovers()
    index.finish(tmp_path / "site")

    urls = sorted(page["url"] for page in search_index(tmp_path / "site"))
    assert urls == ["/", "/papers/a/", "/papers/b/"]
    assert not (tmp_path / "site" / "pagefind" / "pagefind-ui.js").exists()
    assert _leftovers() == []


def test_closing_an_unfinished_index_stops_pagefind_and_removes_its_files() -> None:
    index = SearchIndex(_papers(), use_directory_urls=True)
    index.start()
    process = index._process
    assert process is not None
    index.close()

    assert process.poll() is not None
    assert _leftovers() == []


def test_a_failing_pagefind_is_a_build_error_naming_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "get_executable", lambda: Path("/bin/false"))
    index = SearchIndex(_papers(), use_directory_urls=True)
    index.start()
    with pytest.raises(BuildError, match="Pagefind could not index the papers: exit code 1"):
        index.finish(tmp_path)
    assert not (tmp_path / "pagefind").exists()


def test_a_pagefind_that_breaks_its_protocol_is_a_build_error_not_a_hang(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    garbling = tmp_path / "pagefind"
    # Prints what is no base64 message, then stays (as one process, which the build can stop): the build must not wait for it.
    garbling.write_text("#!/bin/sh\nprintf 'not a message!,'\nexec sleep 60\n", encoding="utf-8")
    garbling.chmod(0o755)
    monkeypatch.setattr(search, "get_executable", lambda: garbling)
    index = SearchIndex(_papers(), use_directory_urls=True)
    index.start()
    errors: list[BuildError] = []

    def finish() -> None:
        try:
            index.finish(tmp_path / "site")
        except BuildError as error:
            errors.append(error)

    waiting = threading.Thread(target=finish)
    waiting.start()
    waiting.join(30)
    hung = waiting.is_alive()
    index.close()
    assert not hung, "the build still waits for a Pagefind that broke its protocol"
    assert len(errors) == 1
    assert "Pagefind could not index the papers: Pagefind said something unexpected" in str(errors[0])


_KILLED_BUILD = """
import os, sys
sys.path[:0] = {paths!r}
from support import make_paper
from generator.model import ReadingList
from generator.site.search import SearchIndex
papers = [make_paper(id=str(i), slug=str(i), title=f"Paper {{i}}", abstract="Tokens go to experts.") for i in range(200)]
index = SearchIndex(ReadingList("A list", papers), use_directory_urls=True)
index.start()
print(index._work.name, flush=True)
os._exit(0)  # as SIGKILL would: no close(), no cleanup
"""


def test_pagefind_outliving_a_killed_build_stops_and_removes_its_work_folder(tmp_path: Path) -> None:
    temp = Path(tempfile.gettempdir())
    paths = [str(Path(__file__).parent), str(Path(__file__).parent.parent)]
    killed = subprocess.run(
        [sys.executable, "-c", _KILLED_BUILD.format(paths=paths)],
        env={**os.environ, "TMPDIR": str(temp)},
        capture_output=True,
        text=True,
        check=True,
    )
    work = Path(killed.stdout.strip())
    assert work.parent == temp

    deadline = time.monotonic() + 60
    while work.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not work.exists()
    assert _leftovers() == []
