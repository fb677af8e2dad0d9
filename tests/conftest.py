from __future__ import annotations

from pathlib import Path

import pytest
from support import THREE_PAPERS, build_site, copy_project

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
