"""Nothing lost: every paper on exactly one page, whatever its size or script."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from html import unescape

import pytest
from support import DEV_DATA, build_site, needs_dev

from generator.errors import BuildError
from generator.site.build import verify_site

pytestmark = pytest.mark.site

SCRIPTS = {
    "cjk": "本文提出一种长文本键值缓存压缩方法，在多个基准上取得了最好的结果。日本語のテキストと한국어 텍스트도 있습니다。",
    "rtl": "نقترح طريقة جديدة لضغط ذاكرة التخزين المؤقت. אנו מציעים שיטה חדשה.",
    "emoji": "We propose 🚀 rocket-fast caching 👩🏽‍🔬 with flags 🇫🇷 and keycaps 1️⃣.",
    "combining": "Cafe\u0301 na\u0308ive Z\u0351\u0334a\u0336l\u0337g\u0335o text and Hangul \u1100\u1161 jamo.",
}


def abstract_text(page) -> str:
    div = re.search(r'<div class="rl-abstract"[^>]*>(.*?)</div>', page.read_text(encoding="utf-8"), re.S).group(1)
    return unescape(re.sub(r"<[^>]+>", "", div))


def test_text_in_any_script_survives_unchanged(project):
    records = project / "data" / "scripts.jsonl"
    records.write_text("".join(json.dumps({"id": k, "abstract": v}) + "\n" for k, v in SCRIPTS.items()), encoding="utf-8")
    site = build_site(project, records)
    for paper_id, abstract in SCRIPTS.items():
        assert abstract_text(site / "papers" / paper_id / "index.html") == abstract


def test_a_two_megabyte_abstract_renders_whole(project):
    words = ["flow", "matching", "diffusion", "attention", "cache", "token", "graph", "reinforcement"]
    abstract = " ".join(words[i % len(words)] + str(i) for i in range(230_000))
    assert len(abstract.encode()) > 2_000_000
    records = project / "data" / "big.jsonl"
    records.write_text(
        json.dumps({"id": "big", "abstract": abstract}) + "\n" + json.dumps({"id": "small", "abstract": "A small one."}),
        encoding="utf-8",
    )
    site = build_site(project, records)
    assert abstract_text(site / "papers" / "big" / "index.html") == abstract


def test_the_build_fails_loudly_when_a_paper_page_is_missing(project, three_papers):
    from generator.pipeline import generate
    from generator.site.build import load_mkdocs_config

    site_dir = build_site(project, three_papers)
    config = load_mkdocs_config(project / "mkdocs.yml", (three_papers,))
    site = generate(config.plugins["readinglist"].settings(config))
    verify_site(site, site_dir, use_directory_urls=True)

    missing = next(site_dir.glob("papers/*/index.html"))
    missing.write_text(missing.read_text(encoding="utf-8").replace('class="rl-abstract"', 'class="gone"'), encoding="utf-8")
    with pytest.raises(BuildError, match="1 papers are not on exactly one page"):
        verify_site(site, site_dir, use_directory_urls=True)
    missing.unlink()
    with pytest.raises(BuildError, match="was not written"):
        verify_site(site, site_dir, use_directory_urls=True)


@needs_dev
def test_ctrl_c_during_the_build_leaves_the_previous_site(project, three_papers):
    site = build_site(project, three_papers)
    before = {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}

    # Enough papers that MkDocs is still writing when the interrupt comes.
    records = project / "data" / "many.jsonl"
    records.write_text("".join(DEV_DATA.read_text(encoding="utf-8").splitlines(keepends=True)[:600]), encoding="utf-8")
    build = subprocess.Popen(
        [sys.executable, "-m", "generator", "build", str(records), "--out", str(site)],
        cwd=project,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        # As from a terminal: a test run started in the background (`cmd &`)
        # passes SIGINT on ignored, and Python then never raises KeyboardInterrupt.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 120
    while not list(project.glob(".site.new-*/papers")) and build.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    build.send_signal(signal.SIGINT)
    build.communicate(timeout=120)

    assert build.returncode != 0, "the build finished before the interrupt: use more papers"
    assert {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()} == before
    # No half-built site is left beside the old one (the cache is kept on purpose).
    assert [p.name for p in project.iterdir() if p.name.startswith(".")] == [".cache"]


def test_a_rebuild_leaves_unchanged_files_bytes_and_times_alone(project, three_papers):
    site = build_site(project, three_papers)
    before = {p.relative_to(site): (p.read_bytes(), p.stat().st_mtime_ns) for p in site.rglob("*") if p.is_file()}
    time.sleep(0.05)
    after = build_site(project, three_papers)
    assert {p.relative_to(after): (p.read_bytes(), p.stat().st_mtime_ns) for p in after.rglob("*") if p.is_file()} == before
