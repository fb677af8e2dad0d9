"""The sentence model in the browser: download size, and how soon a query by meaning is answered, in headless Chromium.

    python -m benchmarks.semantic

It serves semantic.js and the model's files as a build writes them
(site/sentence_model.py) beside a bare page, and drives one Chromium profile
with its disk cache, as a reader's browser would be. It prints the files'
sizes (raw and gzipped, as a server sends them), then the milliseconds of:
the first query on a cold cache (download, decode, first answer); the first
query on a new page once the model is cached, and what the server was asked
for then; later queries, short, two sentences, and a whole abstract. Beside
the scripts it times the alternative, one binary file read by fetch(), which
would not load from file://.
"""

from __future__ import annotations

import gzip
import re
import shutil
import statistics
import tempfile
from pathlib import Path

from benchmarks.browser import CHROMIUM, CHROMIUM_ARGS, serve
from benchmarks.common import REPO
from generator.analysis.embeddings import MODEL_DIR
from generator.paths import MODEL_FOLDER
from generator.site.sentence_model import write_model

SEMANTIC_JS = REPO / "docs" / "assets" / "javascripts" / "semantic.js"
QUERIES = {
    "short question": [
        "diffusion models that sample in few steps",
        "how do language models evaluate games",
        "protein design with agents",
        "robust reinforcement learning from human feedback",
        "sparse attention for long context",
    ],
}


def model_page(root: Path) -> None:
    """A bare page that loads semantic.js, with the model's files as a build writes them, in root."""
    (root / "assets" / "javascripts").mkdir(parents=True, exist_ok=True)
    shutil.copy(SEMANTIC_JS, root / "assets" / "javascripts" / "semantic.js")
    write_model(root)
    (root / "index.html").write_text('<!doctype html><title>model</title><script src="assets/javascripts/semantic.js"></script>')


def kb(data: bytes) -> str:
    return f"{len(data) / 1024:,.0f} KB ({len(gzip.compress(data, 6)) / 1024:,.0f} KB gzipped)"


def sizes(root: Path) -> None:
    folder = root / MODEL_FOLDER
    parts = b"".join(p.read_bytes() for p in sorted(folder.glob("weights-*.js")))
    print("| file | size |\n|---|---|")
    print(f"| semantic.js (tokenizer, encoder) | {kb(SEMANTIC_JS.read_bytes())} |")
    print(f"| manifest.js (vocabulary) | {kb((folder / 'manifest.js').read_bytes())} |")
    print(f"| weights-*.js, {len(list(folder.glob('weights-*.js')))} parts (base64) | {kb(parts)} |")
    print(f"| model.safetensors, for fetch() (not shipped) | {kb((MODEL_DIR / 'model.safetensors').read_bytes())} |")


ENCODE = "text => { const t = performance.now(); return RLSemantic.encode(text).then(() => performance.now() - t); }"


def main() -> None:
    from playwright.sync_api import sync_playwright

    abstracts = [p for p in (REPO / "data" / "iclr2026.txt").read_text(encoding="utf-8").split("\n\n")[1:] if p.strip()]
    QUERIES["two sentences"] = [" ".join(re.split(r"(?<=[.!?])\s+", a)[:2]) for a in abstracts[:5]]
    QUERIES["whole abstract (128 pieces)"] = abstracts[5:10]
    with tempfile.TemporaryDirectory() as work:
        root = Path(work) / "site"
        model_page(root)
        shutil.copy(MODEL_DIR / "model.safetensors", root / "model.safetensors")
        sizes(root)
        requests: list[tuple[str, int]] = []
        with serve(root, requests) as url, sync_playwright() as playwright:
            profile = playwright.chromium.launch_persistent_context(
                Path(work) / "profile", executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
            )
            page = profile.new_page()
            page.goto(url)
            cold = page.evaluate(ENCODE, "warm up")
            fetch_cold = page.evaluate(
                "u => { const t = performance.now(); return fetch(u).then(r => r.arrayBuffer()).then(() => performance.now() - t); }",
                url + "model.safetensors",
            )
            page.close()
            requests.clear()
            page = profile.new_page()
            page.goto(url)
            cached = page.evaluate(ENCODE, QUERIES["short question"][0])
            model_requests = [(path, status) for path, status in requests if MODEL_FOLDER in path]
            fetch_cached = page.evaluate(
                "u => { const t = performance.now(); return fetch(u).then(r => r.arrayBuffer()).then(() => performance.now() - t); }",
                url + "model.safetensors",
            )
            later = {kind: [page.evaluate(ENCODE, text) for text in texts] for kind, texts in QUERIES.items()}
            profile.close()
    print("\n| measure | ms |\n|---|---|")
    print(f"| first query, cold cache (download, decode, encode) | {cold:,.0f} |")
    print(f"| first query on a new page, model cached | {cached:,.0f} |")
    for kind, times in later.items():
        print(f"| later query, {kind} (median of {len(times)}; max) | {statistics.median(times):,.0f}; {max(times):,.0f} |")
    print(f"| fetch() of model.safetensors, cold; cached | {fetch_cold:,.0f}; {fetch_cached:,.0f} |")
    asked = ", ".join(f"{Path(path).name} {status}" for path, status in model_requests) or "nothing"
    print(f"\nThe model's files the server was asked for on the second page: {asked}.")


if __name__ == "__main__":
    main()
