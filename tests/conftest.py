from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from mkdocs.plugins import PluginCollection
from support import DEV_DATA, THREE_PAPERS, build_site, copy_project

from generator.site.build import MKDOCS

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

__all__ = ["build_site"]

# The markers (pyproject.toml) give the fast lane, -m "not site and not browser and not slow".
# A test is marked where it is written (pytestmark or a decorator), not here from
# the fixtures it uses: most tests build through a helper (build_site) or a
# module fixture, and neither can mark the tests that call it, nor can a list of
# fixture names here see a build in a test's body. So that a new test cannot
# slip a build into the fast lane unmarked, a build in this process fails the
# test that runs it unless it is marked site; a build in a child process
# (`readinglist build`, a benchmark) cannot be seen, and is marked by hand.

_running: pytest.Item | None = None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    # Module fixtures are set up inside their first test's protocol, so their builds are caught too.
    global _running
    _running = item
    try:
        return (yield)
    finally:
        _running = None


@pytest.fixture(scope="session", autouse=True)
def _builds_are_marked_site() -> Iterator[None]:
    on_pre_build = PluginCollection.on_pre_build

    def checked(self: PluginCollection, *, config: object) -> None:
        if _running is not None and _running.get_closest_marker("site") is None:
            pytest.fail(f"{_running.nodeid} runs mkdocs build: mark it @pytest.mark.site", pytrace=False)
        on_pre_build(self, config=config)

    PluginCollection.on_pre_build = checked
    yield
    PluginCollection.on_pre_build = on_pre_build


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if DEV_DATA.is_file():
        return
    for item in items:
        if item.get_closest_marker("dev_data"):
            item.add_marker(pytest.mark.skip(reason="../shared/data is not here"))


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the repo's site sources in tmp_path, with an empty data folder."""
    copy_project(tmp_path, data=False)
    (tmp_path / "data").mkdir()
    return tmp_path


@pytest.fixture
def three_papers(project: Path) -> Path:
    path = project / "data" / "three.txt"
    path.write_text(THREE_PAPERS, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def engine() -> str:
    """What builds the browser tests' sites: test_zensical.py runs those tests again on sites Zensical builds."""
    return MKDOCS


# The browser tests' fixtures: one Chromium per module, a fresh context (so an
# empty localStorage) per test, and a test failed by any console error,
# uncaught exception or alert on its pages.


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    # Imported here: only the browser tests need Playwright.
    from playwright.sync_api import sync_playwright

    from benchmarks.browser import launch

    with sync_playwright() as playwright:
        browser = launch(playwright)
        yield browser
        browser.close()


@pytest.fixture
def errors() -> Iterator[list[str]]:
    found: list[str] = []
    yield found
    assert not found, "\n".join(found)


@pytest.fixture
def context(browser: Browser, errors: list[str]) -> Iterator[BrowserContext]:
    from browser_helpers import new_context

    context = new_context(browser, errors)
    yield context
    context.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()
