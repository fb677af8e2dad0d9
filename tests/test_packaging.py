"""A plain `pip install .` works anywhere: the wheel carries the site's sources."""

from __future__ import annotations

import subprocess
import sys
import zipfile

from support import REPO


def test_the_wheel_carries_templates_config_docs_and_the_bundled_list(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(tmp_path), str(REPO)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("readinglist-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    bundled = "generator/_site/"
    assert {f"{bundled}mkdocs.yml", f"{bundled}data/iclr2026.txt", f"{bundled}docs/about.md"} <= names
    assert {f"{bundled}templates/pages/{page}.md.j2" for page in ("index", "theme", "paper")} <= names
    assert f"{bundled}docs/assets/katex/katex.min.js" in names
    model = "generator/models/all-MiniLM-L6-v2/"
    assert {f"{model}{name}" for name in ("model.onnx", "tokenizer.json", "LICENSE", "NOTICE")} <= names
    # The int8 model is most of the wheel: a stray fp32 export or a second copy would double it.
    assert wheel.stat().st_size < 30_000_000
    entry_points = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("entry_points.txt"))).decode()
    assert "readinglist = generator.cli:main" in entry_points
    assert "readinglist = generator.plugin:ReadingListPlugin" in entry_points


def test_python_dash_m_generator_runs_the_cli():
    result = subprocess.run([sys.executable, "-m", "generator", "--version"], capture_output=True, text=True, check=True)
    assert result.stdout.startswith("readinglist, version ")
