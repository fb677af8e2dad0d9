"""A plain `pip install .` works anywhere: the wheel carries the site's sources and the sentence model."""

from __future__ import annotations

import importlib
import site
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest
from support import REPO

from generator.config import ThemeSettings
from generator.enrich import enrich
from generator.read import read_papers
from generator.themes import detect_themes

# A wheel built and installed in a fresh venv, and Python started anew for each check.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(folder), str(REPO)],
        check=True,
        capture_output=True,
    )
    (built,) = folder.glob("readinglist-*.whl")
    return built


def test_the_wheel_carries_templates_config_docs_and_the_bundled_list(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    bundled = "generator/_site/"
    assert {f"{bundled}mkdocs.yml", f"{bundled}data/iclr2026.txt", f"{bundled}templates/about/en.md"} <= names
    assert {f"{bundled}templates/pages/{page}.md.j2" for page in ("index", "theme", "paper", "reading-list")} <= names
    assert f"{bundled}docs/assets/katex/katex.min.js" in names
    entry_points = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("entry_points.txt"))).decode()
    assert "readinglist = generator.cli:main" in entry_points
    assert "readinglist = generator.site.plugin:ReadingListPlugin" in entry_points


def test_the_wheel_carries_the_data_theme_detection_reads(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {f"generator/themes/{name}" for name in ("fields.npz", "topic_vectors.npz", "topics.tsv")} <= names


def test_the_wheel_carries_the_sentence_model_with_its_licence(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    model = "generator/analysis/models/all-MiniLM-L6-v2/"
    assert {f"{model}{name}" for name in ("model.safetensors", "tokenizer.json", "LICENSE", "NOTICE")} <= names
    # The int8 model is most of the wheel: a stray fp32 export or a second copy would double it.
    assert wheel.stat().st_size < 30_000_000


_PURELIB = "import sysconfig; print(sysconfig.get_paths()['purelib'])"


def _site_folders() -> list[str]:
    """Where this interpreter finds its packages: its venv's site-packages, or the system's, and the user's if it reads it."""
    folders = site.getsitepackages()
    if site.ENABLE_USER_SITE:
        folders.append(site.getusersitepackages())
    return folders


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The python of a fresh venv with the wheel installed."""
    venv = tmp_path_factory.mktemp("installed") / "venv"
    # The dependencies come from this interpreter's site-packages; only the wheel is installed, from disk. Not
    # --system-site-packages: run from a venv, that gives the base interpreter's, where they are not (#46). Listed in a
    # .pth, the folders come after the venv's own, so the wheel's generator is found before any other; their own .pth
    # files, this checkout's editable install among them, are not read.
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run([python, "-c", _PURELIB], capture_output=True, text=True, check=True).stdout.strip()
    (Path(purelib) / "_test_dependencies.pth").write_text("\n".join(_site_folders()) + "\n", encoding="utf-8")
    subprocess.run([python, "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)], check=True, capture_output=True)
    return python


def test_the_installed_wheel_takes_its_dependencies_from_where_this_interpreter_does(installed, tmp_path):
    """Run from a venv (as the README says), the tests' venv sees the venv's packages, not the base interpreter's."""
    names = ("pylatexenc", "bibtexparser", "mkdocs", "numpy")
    script = f"import importlib; print('|'.join(importlib.import_module(name).__file__ for name in {names!r}))"
    result = subprocess.run([installed, "-c", script], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().split("|") == [importlib.import_module(name).__file__ for name in names]


def test_the_installed_wheel_encodes_with_every_socket_refused(installed, tmp_path):
    """Installed, not run from the repo: the model is found inside the package and nothing is fetched."""
    script = textwrap.dedent(
        """
        import socket

        def refuse(*args, **kwargs):
            raise OSError("network use during encoding")

        socket.socket = refuse
        socket.create_connection = refuse
        import generator
        from generator.analysis.embeddings import sentence_embeddings

        print(generator.__file__)
        print(sentence_embeddings(["A flow matching model for image generation."]).shape)
        """
    )
    result = subprocess.run([installed, "-c", script], capture_output=True, text=True, cwd=tmp_path, check=True)
    package, shape = result.stdout.strip().split("\n")
    assert Path(package).is_relative_to(installed.parent.parent)
    assert shape == "(1, 384)"


def test_the_installed_wheel_detects_themes_and_encodes_without_scikit_learn_or_scipy(installed, tmp_path):
    """Neither is a dependency: imports of them fail here, as test_cjk.py's without_cjk_extra makes jieba's fail.

    The bundled list is cut with its sentence embeddings (the short list's
    dense spectra), and by field as a build cuts it (the field model and the
    topics near by meaning, from the wheel's data), and 600 papers made of
    its sentences are cut on their words alone, in two levels (the long
    list's LSA and sparse spectra).
    """
    script = textwrap.dedent(
        f"""
        import sys

        sys.modules.update(dict.fromkeys(["scipy", "sklearn"]))
        from pathlib import Path

        from generator.config import ThemeSettings
        from generator.enrich import enrich
        from generator.model import Paper, ReadingList, Source
        from generator.read import read_papers
        from generator.themes import detect_themes

        bundled = enrich(read_papers([Path({str(REPO / "data" / "iclr2026.txt")!r})]))
        short = detect_themes(bundled, ThemeSettings(k=4), embeddings=True)
        fielded = detect_themes(enrich(read_papers([Path({str(REPO / "data" / "iclr2026.txt")!r})])), ThemeSettings(), embeddings=True)
        sentences = [s for p in bundled.papers for s in p.abstract.split(". ")]
        papers = [
            Paper(id=f"p{{i}}", abstract=". ".join(sentences[(i * 7 + j * 13) % len(sentences)] for j in range(4)), source=Source("made", i))
            for i in range(600)
        ]
        long = detect_themes(enrich(ReadingList("long", papers)), ThemeSettings())
        for found in (short, fielded, long):
            assert sorted(i for t in found.themes for i in t.paper_ids) == sorted(p.id for p in found.papers)
        print(len(short.themes), len(long.themes), bool(long.subthemes))
        print("|".join(t.label for t in fielded.themes))
        print(sorted(name for name, module in sys.modules.items() if name.split(".")[0] in ("scipy", "sklearn") and module))
        """
    )
    result = subprocess.run([installed, "-c", script], capture_output=True, text=True, cwd=tmp_path, check=True)
    themes, fielded, imported = result.stdout.strip().split("\n")
    assert themes.split()[0] == "4"
    assert themes.split()[2] == "True"
    assert imported == "[]"
    # The wheel's field model and topic vectors cut the bundled list as the repo's do.
    bundled = enrich(read_papers([REPO / "data" / "iclr2026.txt"]))
    assert fielded.split("|") == [t.label for t in detect_themes(bundled, ThemeSettings(), embeddings=True).themes]


def test_the_installed_wheel_tells_math_from_what_its_katex_cannot_typeset(installed, tmp_path):
    """Which commands KaTeX knows is read off the KaTeX the wheel carries."""
    script = "from generator.text.latex import math_tex; print(math_tex('$\\\\lambda$-GRPO and $\\\\textlangle x$'))"
    result = subprocess.run([installed, "-c", script], capture_output=True, text=True, cwd=tmp_path, check=True)
    assert result.stdout.strip() == "$\\lambda$-GRPO and \u2329x"


def test_python_dash_m_generator_runs_the_cli():
    result = subprocess.run([sys.executable, "-m", "generator", "--version"], capture_output=True, text=True, check=True)
    assert result.stdout.startswith("readinglist, version ")
