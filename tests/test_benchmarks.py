"""The benchmarks run: a smoke test at 1,000 papers, with no timing asserted."""

from __future__ import annotations

import pickle
import subprocess
import sys

import numpy as np
import pytest
from support import DEV_DATA, REPO, build_site, copy_project


@pytest.mark.skipif(not DEV_DATA.exists(), reason="needs ../shared/data")
def test_build_benchmark_prints_its_table_at_1000_papers():
    result = subprocess.run(
        [sys.executable, "benchmarks/build.py", "--sizes", "1000", "--no-baseline", "--serve-at", "1000"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    table, cpu_table = result.stdout.strip().split("\n\n")
    header, _, row = table.splitlines()
    assert header.startswith("| papers | themes | read | enrich | search | detect |")
    assert row.startswith("| 1000 |")
    cpu_header, _, cpu_row = cpu_table.splitlines()
    assert cpu_header.startswith("| papers | cpu_read | cpu_enrich | cpu_search | cpu_detect |")
    assert cpu_row.startswith("| 1000 |") and all(cell.strip() for cell in cpu_row.split("|")[1:-1])
    # The serve columns: an edit reached the served page.
    assert header.endswith("| serve_first_build | serve_edit | serve_edit_first |")
    assert all(cell.strip() for cell in row.split("|")[1:-1])


@pytest.mark.skipif(not DEV_DATA.exists(), reason="needs ../shared/data")
def test_themes_benchmark_scores_short_lists_of_each_method():
    result = subprocess.run(
        [sys.executable, "benchmarks/themes.py", "--small", "--sizes", "19", "--subsets", "2", "--data", str(DEV_DATA)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    rows = [line for line in result.stdout.splitlines() if line.startswith("| 19 |")]
    methods = ["readinglist, terms", "readinglist, encoder", "TF-IDF + KMeans", "encoder + KMeans"]
    assert [row.split(" | ")[2] for row in rows] == methods
    for row in rows:
        ami, nmi = (float(cell.split(" ± ")[0]) for cell in row.split(" | ")[3:5])
        assert -1 <= ami <= 1 and 0 <= nmi <= 1, row


@pytest.mark.skipif(not DEV_DATA.exists(), reason="needs ../shared/data")
def test_themes_benchmark_scores_another_encoders_vectors_at_a_fixed_k_beside_a_supervised_ceiling(tmp_path):
    # Stand-in vectors for every text the run reads, as teacher_vectors.py would write them for another model.
    sys.path.insert(0, str(REPO / "benchmarks"))
    from themes import small_texts

    texts = small_texts(DEV_DATA, [19], 2, 1, ceiling=True)
    random = np.random.default_rng(0)
    vectors = {text: random.normal(size=8).astype(np.float32) for text in texts}
    (tmp_path / "vectors.pickle").write_bytes(pickle.dumps(vectors))
    command = ["benchmarks/themes.py", "--small", "--sizes", "19", "--subsets", "2", "--half", "1", "--k", "3"]
    command += ["--vectors", str(tmp_path / "vectors.pickle"), "--ceiling", "--data", str(DEV_DATA)]
    result = subprocess.run([sys.executable, *command], cwd=REPO, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "vectors from vectors.pickle" in result.stdout
    rows = [line.split(" | ") for line in result.stdout.splitlines() if line.startswith("| 19 |")]
    assert [row[2] for row in rows][-1] == "area classifier (supervised)"
    assert [row[1] for row in rows] == ["3", "3", "3", "3", "areas"]


@pytest.mark.browser
def test_weight_benchmark_prints_what_the_bundled_sites_pages_download(tmp_path):
    site = build_site(copy_project(tmp_path))
    result = subprocess.run(
        [sys.executable, "benchmarks/weight.py", "--site", str(site), "--runs", "1"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    rows = {line.split(" | ")[0]: line for line in result.stdout.splitlines() if line.startswith("| ")}
    # Before the map and the filter work, the pages load points.js and not every record; a hover on the map does.
    for page in ("| home", "| theme"):
        assert "points.js" in rows[page].split(" | ")[2] and "papers.js" not in rows[page].split(" | ")[2]
        assert rows[page].split(" | ")[-1].startswith("papers.js")
    # An export of one paper loads less of the citation fields than one of all 19.
    loads = rows["| KB of citation fields loaded (raw / gzip)"].split(" | ")[1:]
    assert len(loads) == 4 and int(loads[0].split(" / ")[0]) < int(loads[-1].split(" / ")[0])
