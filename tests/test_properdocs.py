"""ProperDocs, the drop-in fork of MkDocs 1.6, builds our site as MkDocs does, byte for byte; MkDocs 2 never comes in."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib

import pytest
from packaging.requirements import Requirement
from support import REPO, build_site, copy_project

from benchmarks.engines import files

# The one line a build may differ in: each engine names itself in the page's <meta name="generator">.
GENERATOR = '<meta name="generator" content="'


def test_no_mkdocs_2_can_reach_an_install():
    # MkDocs 2.0 drops plugins, and Material needs 1.x: an install that resolved to 2 would build no site.
    dependencies = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    (mkdocs,) = [Requirement(line) for line in dependencies if Requirement(line).name == "mkdocs"]
    assert mkdocs.specifier.contains("1.6.1")
    for version in ("2.0.0.dev0", "2.0.0.dev6", "2.0.0", "2.1"):
        assert not mkdocs.specifier.contains(version, prereleases=True), version


@pytest.mark.site
def test_properdocs_builds_the_bundled_site_as_mkdocs_does(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    (tmp_path / "mkdocs").mkdir()
    (tmp_path / "properdocs").mkdir()
    ours = files(build_site(copy_project(tmp_path / "mkdocs")))
    project = copy_project(tmp_path / "properdocs")
    subprocess.run(
        [sys.executable, "-m", "properdocs", "build", "--strict", "-f", project / "mkdocs.yml", "-d", project / "site"],
        check=True,
        capture_output=True,
    )
    theirs = files(project / "site")
    assert sorted(theirs) == sorted(ours)
    papers = json.loads(theirs["papers.json"])
    assert len(papers) == 19
    assert all(f"{paper['url']}index.html" in theirs for paper in papers)
    differing = [name for name in ours if ours[name] != theirs[name]]
    for name in differing:
        mine = [line for line in ours[name].splitlines() if GENERATOR.encode() not in line]
        other = [line for line in theirs[name].splitlines() if GENERATOR.encode() not in line]
        assert mine == other, name
    assert all(name.endswith(".html") for name in differing)
    assert b"ProperDocs 1.6.7" in theirs["index.html"]
