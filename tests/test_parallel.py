"""Pages rendered on every core: the same site as one process, one error when a worker fails, and MkDocs pinned."""

from __future__ import annotations

import hashlib
import inspect
import logging
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import mkdocs
import pytest
from click.testing import CliRunner
from mkdocs.commands import build as mkdocs_build
from mkdocs.config import load_config
from mkdocs.plugins import PluginCollection
from mkdocs.structure import pages as mkdocs_pages
from mkdocs.structure.files import File, InclusionLevel
from mkdocs.structure.pages import Page
from support import DEV_DATA, build_site, copy_project, needs_dev

from generator.cli import main
from generator.errors import BuildError
from generator.paths import paper_path
from generator.pipeline import generate
from generator.site import workers as parallel
from generator.site.build import PLUGIN, BuildOptions, build, load_mkdocs_config
from generator.site.children import interrupts_held

# Enough pages that the build deals them to two processes (parallel.MIN_PAGES_PER_WORKER each).
PAPERS = 120


@pytest.fixture
def many_papers(project: Path) -> Path:
    lines = DEV_DATA.read_text(encoding="utf-8").splitlines(keepends=True)[:PAPERS]
    path = project / "data" / "many.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    return path


def nav_paths(nav: object) -> Iterator[str]:
    """The page paths a nav as mkdocs.yml writes it names."""
    if isinstance(nav, str):
        yield nav
    elif isinstance(nav, dict):
        for value in nav.values():
            yield from nav_paths(value)
    elif isinstance(nav, list):
        for item in nav:
            yield from nav_paths(item)


def files_of(site: Path) -> dict[Path, bytes]:
    return {p.relative_to(site): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


@needs_dev
@pytest.mark.site
def test_a_build_on_two_processes_is_byte_identical_to_one_on_one(project, many_papers, caplog):
    build(BuildOptions(project / "mkdocs.yml", project / "one", (many_papers,), {"jobs": 1}))
    with caplog.at_level(logging.DEBUG, logger="generator.site.workers"):
        build(BuildOptions(project / "mkdocs.yml", project / "two", (many_papers,), {"jobs": 2}))

    assert any("in 1 worker processes" in r.getMessage() for r in caplog.records), "no worker rendered pages"
    one, two = files_of(project / "one"), files_of(project / "two")
    assert len(one) > PAPERS
    assert one.keys() == two.keys()
    assert [path for path in one if one[path] != two[path]] == []


@needs_dev
@pytest.mark.site
def test_a_page_that_fails_in_a_worker_is_one_error_and_leaves_the_previous_site(project, many_papers, monkeypatch):
    site = build_site(project, many_papers)
    before = {path: (data, (site / path).stat().st_mtime_ns) for path, data in files_of(site).items()}

    # The pages outside the nav are dealt out and the second share goes to the worker:
    # make one paper page of it fail in Material's template.
    config = load_mkdocs_config(project / "mkdocs.yml", (many_papers,))
    generated = generate(config.plugins[PLUGIN].settings(config))
    in_nav = set(nav_paths(generated.nav))
    markdown = {path: text for path, text in generated.pages.items() if path.endswith(".md")}
    worker_share = set(parallel.deal(markdown, in_nav, 2)[1])
    failing = next(paper for paper in generated.reading_list.papers if paper_path(paper) in worker_share)
    main_html = project / "templates" / "overrides" / "main.html"
    main_html.write_text(
        main_html.read_text(encoding="utf-8")
        + f'{{% block footer %}}{{% if page and page.meta.paper_id == "{failing.id}" %}}{{{{ page.meta.paper_id.explode() }}}}{{% endif %}}{{{{ super() }}}}{{% endblock %}}\n',
        encoding="utf-8",
    )
    monkeypatch.chdir(project)
    result = CliRunner().invoke(main, ["build", str(many_papers), "--out", "site", "--jobs", "2"], catch_exceptions=False)

    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if line.startswith("readinglist: error:")]
    assert errors == [
        f"readinglist: error: cannot render the page {paper_path(failing)}: 'str object' has no attribute 'explode'"
    ]
    assert {path: (data, (site / path).stat().st_mtime_ns) for path, data in files_of(site).items()} == before
    assert not list(project.glob(".site.new-*"))


def _interrupt_when(project: Path, many_papers: Path, tmp: Path, prefix: str, signum: int) -> subprocess.CompletedProcess[str]:
    """Run `readinglist build --jobs 2` and send signum once a temp folder named prefix* appears: then its process is running."""
    command = [sys.executable, "-m", "generator", "build", str(many_papers), "--out", "site", "--jobs", "2"]
    # The build's temp folders in one place of the test's own, to watch and to find empty afterwards.
    env = {**os.environ, "TMPDIR": str(tmp)}
    process = subprocess.Popen(
        command,
        cwd=project,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        # Ctrl-C as at a terminal, even where pytest runs as a shell's background job, which ignores it.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 300
    while not any(tmp.glob(f"{prefix}*")):
        assert process.poll() is None, (
            f"the build ended before {prefix}* appeared:\n{process.stdout.read() if process.stdout else ''}"
        )
        assert time.monotonic() < deadline, f"no {prefix}* after 300 s"
        time.sleep(0.01)
    process.send_signal(signum)
    output, _ = process.communicate(timeout=120)
    return subprocess.CompletedProcess(command, process.returncode, output)


@needs_dev
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds stray processes in /proc")
@pytest.mark.parametrize(
    ("prefix", "running"),
    [("readinglist-search-", "Pagefind, started after the themes"), ("readinglist-pages-", "the page workers")],
)
# SIGTERM is what `kill`, `timeout` and a cancelled CI job send.
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
@pytest.mark.site
def test_ctrl_c_or_sigterm_stops_every_process_and_leaves_the_previous_site(
    project, many_papers, tmp_path, prefix, running, signum
):
    site = build_site(project, many_papers)
    before = {path: (data, (site / path).stat().st_mtime_ns) for path, data in files_of(site).items()}
    # A cold build, so that the stages Pagefind runs beside take long enough for the signal to find it running.
    shutil.rmtree(project / ".cache")
    tmp = tmp_path / "tmp"
    tmp.mkdir()

    result = _interrupt_when(project, many_papers, tmp, prefix, signum)

    assert result.returncode != 0, f"the build was not interrupted while {running} ran:\n{result.stdout}"
    assert {path: (data, (site / path).stat().st_mtime_ns) for path, data in files_of(site).items()} == before
    assert not list(project.glob(".site.new-*"))
    assert list(tmp.iterdir()) == [], f"left behind after signal {signum} while {running} ran"
    assert _running_in(tmp) == [], f"still running after signal {signum} while {running} ran"


def _running_in(folder: Path) -> list[str]:
    """The command lines of processes that name folder: Pagefind and the page workers name their work folders."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            command = cmdline.read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if str(folder) in command:
            found.append(command)
    return found


@needs_dev
@pytest.mark.site
def test_a_warning_in_a_worker_stops_a_strict_build_as_in_one_process(project, many_papers):
    paper_template = project / "templates" / "pages" / "paper.md.j2"
    paper_template.write_text(paper_template.read_text(encoding="utf-8") + "\n[gone](no-such-page.md)\n", encoding="utf-8")
    errors = []
    for jobs in (1, 2):
        with pytest.raises(BuildError) as error:
            build(BuildOptions(project / "mkdocs.yml", project / "site", (many_papers,), {"jobs": jobs}))
        errors.append(str(error.value))

    assert errors[0] == errors[1]
    assert f"Aborted with {PAPERS} warnings in strict mode" in errors[0]
    assert not (project / "site").exists()


@needs_dev
@pytest.mark.site
def test_mkdocs_build_through_the_plugin_renders_on_its_jobs_and_writes_the_site_of_one_process(
    tmp_path, many_papers, monkeypatch, caplog
):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    sites = {}
    for jobs in (1, 2):
        (tmp_path / f"jobs{jobs}").mkdir()
        project = copy_project(tmp_path / f"jobs{jobs}", data=False)
        (project / "data").mkdir()
        shutil.copy(many_papers, project / "data" / "many.jsonl")
        config_file = project / "mkdocs.yml"
        config_file.write_text(
            config_file.read_text(encoding="utf-8").replace("- data/iclr2026.txt", f"- data/many.jsonl\n      jobs: {jobs}"),
            encoding="utf-8",
        )
        # What `mkdocs build --strict` runs.
        config = load_config(str(config_file), site_dir=str(project / "site"), strict=True)
        config.plugins.on_startup(command="build", dirty=False)
        caplog.clear()
        with caplog.at_level(logging.DEBUG):
            try:
                mkdocs_build.build(config)
            finally:
                config.plugins.on_shutdown()
        sites[jobs] = (files_of(project / "site"), [r.getMessage() for r in caplog.records])

    (one, _), (two, log) = sites[1], sites[2]
    assert any("in 1 worker processes" in line for line in log), "no worker rendered pages"
    assert not [line for line in log if "excluded from the built site" in line]
    assert len(one) > PAPERS
    assert one.keys() == two.keys()
    assert [path for path in one if one[path] != two[path]] == []


def test_mkdocs_is_the_version_parallel_build_mirrors():
    """PageWorkers steps into MkDocs' build() between its events: an upgrade must be read against it, not trusted."""
    assert mkdocs.__version__ == parallel.MKDOCS_VERSION
    source = "".join(inspect.getsource(getattr(mkdocs_build, name)) for name in ("build", "_populate_page", "_build_page"))
    assert hashlib.sha256(source.encode()).hexdigest()[:16] == "69b9419e22e9bedb"


def test_the_mkdocs_internals_parallel_uses_are_still_there():
    signatures = {
        name: list(inspect.signature(getattr(mkdocs_build, name)).parameters)
        for name in ("_populate_page", "_build_page", "_build_theme_template")
    }
    assert signatures == {
        "_populate_page": ["page", "config", "files", "dirty"],
        "_build_page": ["page", "config", "doc_files", "nav", "env", "dirty", "excluded"],
        "_build_theme_template": ["template_name", "env", "files", "config", "nav"],
    }
    # An excluded page is passed over by build() and mkdocs serve alike, and links to it are only noted.
    assert InclusionLevel.EXCLUDED.is_excluded() and not InclusionLevel.EXCLUDED.is_in_serve()
    assert InclusionLevel.NOT_IN_NAV.is_included() and InclusionLevel.NOT_IN_NAV.is_not_in_nav()
    assert "which is excluded from the built site." in inspect.getsource(mkdocs_pages._RelativePathTreeprocessor)
    # What page.render() leaves for validate_anchor_links, which workers report back.
    assert {"present_anchor_ids", "links_to_anchors"} <= set(Page.__annotations__)
    assert "generated_by" in File.__annotations__
    plugins = PluginCollection()
    assert hasattr(plugins, "_event_origins")
    assert plugins.run_event("page_markdown", "x") == "x" and plugins._current_plugin is None


@pytest.fixture
def ctrl_c_raises() -> Iterator[None]:
    """Python's own Ctrl-C handler, which a shell's background job (SIGINT ignored) starts without."""
    default = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, default)


@pytest.mark.parametrize("receiver", ["the main thread", "another thread"])
def test_an_interrupt_while_held_comes_when_the_block_ends_so_a_started_child_is_recorded_first(ctrl_c_raises, receiver):
    # The OS hands a process's signal to any thread that takes it; NumPy's BLAS runs several.
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    recorded = []
    try:
        with pytest.raises(KeyboardInterrupt), interrupts_held():
            signal.pthread_kill(threading.main_thread().ident if receiver == "the main thread" else other.ident, signal.SIGINT)
            # Time for the main thread to run the handler, as it does between any two steps.
            time.sleep(0.1)
            recorded.append("the child")
    finally:
        stop.set()
        other.join()
    assert recorded == ["the child"]


def test_a_child_started_while_interrupts_are_held_is_interrupted_as_usual():
    script = "print('ready', flush=True); input()"
    with interrupts_held():
        child = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
        child.send_signal(signal.SIGTERM)
        assert child.wait(timeout=30) == -signal.SIGTERM
    finally:
        child.kill()
        child.wait()
