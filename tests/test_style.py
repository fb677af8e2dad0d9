"""The code stays ruff-clean and formatted, so CI catches what review might not."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from support import REPO


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is installed with the test extra")
@pytest.mark.parametrize("command", [["ruff", "check", "--quiet"], ["ruff", "format", "--check", "--quiet"]])
def test_code_is_ruff_clean(command):
    result = subprocess.run(
        [*command, "generator", "tests", "benchmarks", "tools"], cwd=REPO, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
