"""Material's sidebars rendered once for the pages outside the nav, into a script they share: once the script has put
them in place, the same bytes as rendering them on every page."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest
from jinja2 import Environment
from support import BUNDLED, copy_project, with_sidebars

from generator.site import sidebars
from generator.site.build import BuildOptions, build

pytestmark = pytest.mark.site


def files_of(site: Path) -> dict[Path, bytes]:
    return {p.relative_to(site): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def test_a_site_with_sidebars_rendered_once_is_byte_identical_to_one_rendering_them_on_every_page(tmp_path, monkeypatch):
    project = copy_project(tmp_path)
    caches: list[sidebars.Sidebars] = []
    real_install = sidebars.install

    def keeping(env: Environment) -> Environment:
        env = real_install(env)
        caches.append(env.globals[sidebars.GLOBAL])
        return env

    monkeypatch.setattr(sidebars, "install", keeping)
    build(BuildOptions(project / "mkdocs.yml", project / "once", (BUNDLED,), {"jobs": 1}))
    # Without the global, main.html falls back to Material's block on every page.
    monkeypatch.setattr(sidebars, "install", lambda env: env)
    build(BuildOptions(project / "mkdocs.yml", project / "every", (BUNDLED,), {"jobs": 1}))

    # 19 paper pages share their sidebars: a kind or two (with and without a Links section), not one each.
    [cache] = caches
    kinds = [key for key in cache._rendered if key[0] != "everywhere"]
    assert 1 <= len(kinds) <= 3
    # The search box and Material's configuration: one script for all the pages at one depth.
    depths = {page.relative_to(project / "every").as_posix().count("/") for page in (project / "every").rglob("index.html")}
    everywhere = [key for key in cache._rendered if key[0] == "everywhere"]
    assert {key[1] for key in everywhere} == {"search", "config"} and len(everywhere) <= 2 * len(depths)
    once, every = files_of(project / "once"), files_of(project / "every")
    shared = {path for path in once if path.parts[:2] == ("assets", "sidebars")}
    assert {Path(name) for _, name, _ in cache._rendered.values()} == shared
    assert once.keys() - shared == every.keys()
    placed = {
        path: with_sidebars(project / "once", project / "once" / path).encode("utf-8") if path.suffix == ".html" else body
        for path, body in once.items()
        if path not in shared
    }
    assert [path for path in placed if placed[path] != every[path]] == []
    # The pages that share them carry a script tag in their place, not the nav.
    papers = [path for path in once if path.parts[0] == "papers" and b"<article" in once[path]]
    assert papers and all(b"md-nav--primary" not in once[path] and b"assets/sidebars/" in once[path] for path in papers)


def test_pages_in_the_nav_mark_themselves_active_and_paper_pages_mark_nothing(tmp_path, caplog):
    project = copy_project(tmp_path)
    with caplog.at_level(logging.WARNING):
        build(BuildOptions(project / "mkdocs.yml", project / "site", (BUNDLED,), {"jobs": 1}))
    site = project / "site"
    theme = next(p for p in sorted((site / "themes").glob("*/index.html")))
    # Not the stubs that send an old title's URL on: they have no page around them.
    pages = sorted((site / "papers").glob("*/index.html"))
    papers = [p for p in pages if 'http-equiv="refresh"' not in p.read_text(encoding="utf-8")][:2]

    assert "md-nav__link--active" in theme.read_text(encoding="utf-8")
    navs = [re.search(r'<nav class="md-nav md-nav--primary".*?</nav>', with_sidebars(site, p), re.S) for p in papers]
    assert all(navs)
    assert navs[0].group(0) == navs[1].group(0)  # type: ignore[union-attr]
    assert "md-nav__link--active" not in navs[0].group(0)  # type: ignore[union-attr]
