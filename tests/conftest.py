from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from support import REPO, THREE_PAPERS, build_site

__all__ = ["build_site"]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the repo's site sources (mkdocs.yml, templates, docs) in tmp_path."""
    for name in ("mkdocs.yml", "templates", "docs"):
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name)
        else:
            shutil.copy(source, tmp_path / name)
    (tmp_path / "data").mkdir()
    return tmp_path


@pytest.fixture
def three_papers(project: Path) -> Path:
    path = project / "data" / "three.txt"
    path.write_text(THREE_PAPERS, encoding="utf-8")
    return path
