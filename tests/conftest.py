from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from support import THREE_PAPERS, build_site, copy_project

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

# The browser tests' fixtures: one Chromium per module, a fresh context (so an
# empty localStorage) per test, and a test failed by any console error,
# uncaught exception or alert on its pages.

__all__ = ["build_site"]


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
def browser() -> Iterator[Browser]:
    # Imported here: only the browser tests need Playwright.
    from browser_helpers import launch
    from playwright.sync_api import sync_playwright

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
