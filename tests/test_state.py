"""The build's state files (urls.json, first-seen.json, theme-memory.json): where they go, how they are written, and that
the committed ones are current."""

from __future__ import annotations

import builtins
import errno
import io
import json
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from support import REPO, THREE_PAPERS, build_site, copy_project, make_paper

from generator.model import ReadingList, Theme
from generator.site.build import PLUGIN, load_mkdocs_config
from generator.state.first_seen import update_first_seen
from generator.state.memory import update_memory
from generator.state.urls import update_map


def _project(tmp_path: Path, data_dir: str | None) -> tuple[Path, Path]:
    (tmp_path / "project").mkdir()
    project = copy_project(tmp_path / "project", data=False)
    config = (project / "mkdocs.yml").read_text(encoding="utf-8")
    config = config.replace("      data_dir: data\n", "" if data_dir is None else f"      data_dir: {data_dir}\n")
    (project / "mkdocs.yml").write_text(config, encoding="utf-8")
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    (downloads / "list.txt").write_text(THREE_PAPERS, encoding="utf-8")
    return project, downloads / "list.txt"


@pytest.mark.site
def test_state_files_go_beside_mkdocs_yml_by_default_not_beside_the_input(tmp_path):
    project, source = _project(tmp_path, None)
    build_site(project, source)
    assert sorted(p.name for p in source.parent.iterdir()) == ["list.txt"]
    assert (project / "urls.json").is_file()
    assert (project / "theme-memory.json").is_file()


@pytest.mark.site
def test_data_dir_puts_them_where_the_curator_says(tmp_path):
    project, source = _project(tmp_path, "state/iclr")
    build_site(project, source)
    assert sorted(p.name for p in (project / "state" / "iclr").iterdir()) == ["first-seen.json", "theme-memory.json", "urls.json"]
    assert sorted(p.name for p in source.parent.iterdir()) == ["list.txt"]


@pytest.mark.site
def test_a_data_dir_that_cannot_be_written_is_a_warning_not_a_failure(tmp_path, caplog):
    project, source = _project(tmp_path, "blocked/state")
    (project / "blocked").write_text("a file where the folder would go", encoding="utf-8")
    site = build_site(project, source)
    assert len(list((site / "papers").glob("*/index.html"))) == 3
    warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert warnings == [
        f"{project / 'blocked' / 'state'}: cannot write the build's state there: Not a directory "
        "(set data_dir under the plugin to a folder you can write)"
    ]


def _state(project: Path, *inputs: Path, **overrides: object) -> tuple[Path | None, Path | None, Path | None, Path | None]:
    """Where a build of these inputs (mkdocs.yml's own when none) keeps its URL map, first-seen dates, memory and cache."""
    config = load_mkdocs_config(project / "mkdocs.yml", inputs or None, overrides)
    settings = config.plugins[PLUGIN].settings(config)
    return settings.url_map, settings.first_seen, settings.themes.memory, settings.cache_dir


def test_a_list_other_than_mkdocs_ymls_own_keeps_its_state_and_cache_in_a_folder_of_its_own(tmp_path, monkeypatch):
    """`readinglist build ../cvpr.jsonl` in a clone must not rewrite the clone's data/, nor share a folder with another list."""
    (tmp_path / "project").mkdir()
    project = copy_project(tmp_path / "project")
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    for name in ("cvpr.jsonl", "eccv.jsonl"):
        (downloads / name).write_text('{"title": "T", "abstract": "A."}\n', encoding="utf-8")
    monkeypatch.chdir(project)
    data, cache = Path("data"), project / ".cache" / "readinglist"
    own = (data / "urls.json", data / "first-seen.json", data / "theme-memory.json", cache)
    assert _state(project) == own
    # mkdocs.yml's own list named on the command line, by any path, is still the project's.
    assert _state(project, Path("data/iclr2026.txt")) == own
    assert _state(project, project / "data" / ".." / "data" / "iclr2026.txt") == own

    cvpr = _state(project, downloads / "cvpr.jsonl")
    folder = cvpr[3]
    assert folder is not None and folder.parent == cache / "lists" and folder.name.startswith("cvpr-")
    # Named from the project's folder, as the log names them.
    state = folder.relative_to(project)
    assert cvpr == (state / "urls.json", state / "first-seen.json", state / "theme-memory.json", folder)
    # The same list by another path is the same list; another list, or one more file, is another.
    monkeypatch.chdir(downloads)
    assert _state(project, Path("cvpr.jsonl"))[3] == folder
    eccv = _state(project, downloads / "eccv.jsonl")[3]
    both = _state(project, downloads / "cvpr.jsonl", downloads / "eccv.jsonl")[3]
    assert len({folder, eccv, both}) == 3
    # Without a cache, a one-off keeps nothing, and still leaves data/ alone.
    assert _state(project, downloads / "cvpr.jsonl", cache_dir="") == (None, None, None, None)


def test_a_project_whose_own_list_is_not_there_keeps_the_state_of_the_list_it_builds_in_data_dir(project, three_papers):
    # The tests' projects, and a mkdocs.yml copied without its list: there is no committed state of another list to keep.
    assert _state(project, three_papers) == (
        project / "data" / "urls.json",
        project / "data" / "first-seen.json",
        project / "data" / "theme-memory.json",
        project / ".cache" / "readinglist",
    )


class _FullDisk:
    """A file whose disk fills halfway through the first write: half the data lands, then ENOSPC."""

    def __init__(self, handle: io.IOBase) -> None:
        self._handle = handle

    def write(self, data: str | bytes) -> int:
        self._handle.write(data[: len(data) // 2])
        self._handle.flush()
        raise OSError(errno.ENOSPC, "No space left on device")

    def __getattr__(self, name: str) -> object:
        return getattr(self._handle, name)

    def __enter__(self) -> _FullDisk:
        return self

    def __exit__(self, *exc: object) -> None:
        self._handle.close()


@pytest.fixture
def full_disk(monkeypatch):
    """Every file opened for writing from here on fills the disk halfway (Path.write_text, open() and os.fdopen alike)."""
    real_open = io.open

    def opening(file, mode="r", *args, **kwargs):
        handle = real_open(file, mode, *args, **kwargs)
        return _FullDisk(handle) if any(flag in mode for flag in "wxa") else handle

    monkeypatch.setattr(io, "open", opening)
    monkeypatch.setattr(builtins, "open", opening)


_NOW = datetime(2026, 4, 1, tzinfo=UTC)
_STATE_WRITERS = {
    "urls.json": lambda reading_list, path: update_map(reading_list, path),
    "first-seen.json": lambda reading_list, path: update_first_seen({p.id: _NOW for p in reading_list.papers}, path),
    "theme-memory.json": lambda reading_list, path: update_memory(reading_list, path, group_by=""),
}


@pytest.mark.parametrize("name", list(_STATE_WRITERS))
def test_a_state_file_is_whole_when_the_disk_fills_mid_write(tmp_path, name, request):
    """The curator's committed history survives a build that dies while writing it: the old bytes stay, no temporary is left."""
    papers = [make_paper(id="p1", slug="p1"), make_paper(id="p2", slug="p2", abstract="Another paper about other things.")]
    reading_list = ReadingList(title="T", papers=papers)
    reading_list.detected = ((Theme("t", "T", paper_ids=("p1", "p2")),), ())
    path = tmp_path / name
    # What an earlier build wrote, knowing only p1 (and no themes): this build has more to say.
    _STATE_WRITERS[name](ReadingList(title="T", papers=papers[:1]), path)
    before = path.read_bytes()
    request.getfixturevalue("full_disk")
    with pytest.raises(OSError, match="No space left on device"):
        _STATE_WRITERS[name](reading_list, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [name]


def _git(folder: Path, *args: str) -> str:
    # An identity, no hooks and no line-end rewriting, whatever the machine's git config says.
    config = ["-c", "user.name=readinglist tests", "-c", "user.email=tests@example.org", "-c", "core.autocrlf=false"]
    command = ["git", "-C", str(folder), *config, *args]
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def _checkout(tmp_path: Path) -> Path:
    """A clone of the repo in tmp_path/clone: the working tree's files as `git add -A` would commit them, not HEAD's,
    so that a test checks the change under test, whether or not it is committed yet."""
    try:
        files = _git(REPO, "ls-files", "-z", "--cached", "--others", "--exclude-standard").split("\0")
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("needs git and the repo's history (not an unpacked sdist)")
    clone = tmp_path / "clone"
    for name in filter(None, files):
        source = REPO / name
        # A file deleted in the working tree but not yet in the index is not in the commit either.
        if source.is_file():
            (clone / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, clone / name)
    _git(clone, "init", "-q")
    _git(clone, "add", "-A")
    _git(clone, "commit", "-q", "--no-verify", "--no-gpg-sign", "-m", "the working tree")
    return clone


@pytest.mark.slow
@pytest.mark.site
def test_a_fresh_checkouts_first_build_leaves_the_repo_as_committed(tmp_path):
    """`git clone`, then `readinglist build`: the committed state files are current, and whatever else it writes is ignored."""
    clone = _checkout(tmp_path)
    # `python -m generator` from the checkout runs the checkout's own package, as `pip install .` there would.
    built = subprocess.run([sys.executable, "-m", "generator", "build"], cwd=clone, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    assert (clone / "site" / "index.html").is_file()
    assert _git(clone, "status", "--porcelain", "--untracked-files=all") == ""


@pytest.mark.slow
@pytest.mark.site
def test_a_one_off_build_of_another_list_in_a_checkout_leaves_the_repo_as_committed(tmp_path):
    """`readinglist build ../cvpr.jsonl --out ../x` in a clone had rewritten data/'s three state files with that list's."""
    clone = _checkout(tmp_path)
    records = [{"title": f"Paper {i}", "abstract": abstract} for i, abstract in enumerate(THREE_PAPERS.split("\n\n")[1:])]
    (tmp_path / "cvpr.jsonl").write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    command = [sys.executable, "-m", "generator", "build", "../cvpr.jsonl", "--out", "../x"]
    built = subprocess.run(command, cwd=clone, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    assert len(list((tmp_path / "x" / "papers").glob("*/index.html"))) == 3
    assert _git(clone, "status", "--porcelain", "--untracked-files=all") == ""
    # Its state is kept for its next build, in its own folder of the (ignored) cache.
    (folder,) = (clone / ".cache" / "readinglist" / "lists").iterdir()
    assert {"urls.json", "first-seen.json", "theme-memory.json"} <= {p.name for p in folder.iterdir()}
    assert len(json.loads((folder / "urls.json").read_text(encoding="utf-8"))) == 3
