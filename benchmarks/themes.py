"""Score the detected top-level themes against OpenReview's primary_area, with baselines and stability.

    python -m benchmarks.themes [--data ../shared/data/iclr2026-openreview.dev.jsonl] [--limit N]
    python -m benchmarks.themes --small [--sizes 19,50,150] [--subsets 60] [--half 0|1]
        [--k K] [--vectors FILE] [--ceiling]

For k = 21 (the number of primary areas) and the automatic k it prints NMI,
ARI, purity, the number of themes, the largest theme's share, seconds and peak
RSS of: the readinglist detector, the detector on sentence embeddings,
TF-IDF + KMeans, and TF-IDF + NMF. Each
run is a fresh process, so its peak RSS is its own. Then it prints every
top-level label beside its papers' most common primary_area, and how stable
the themes are: under a shuffled input, and when 2% more papers arrive (the
themes detected afresh, and continued from the theme memory).

With --small it scores short lists instead: seeded random subsets of the
papers, given as abstracts only (no title, keywords or authors, as in the
bundled list), enriched and detected as a build would, against primary_area
with AMI and NMI: the detector on its terms, on the sentence encoder (what
`embeddings: auto` runs for lists this short), and beside them TF-IDF + KMeans
and encoder + KMeans at the k the detector picks with the encoder. --half picks the papers whose id hashes
to that half, so that a recipe tuned on one half is checked on the other.
--k fixes the number of themes of every method. --vectors scores another
encoder: a pickle of {text: vector} (teacher_vectors.py wrote one: git show a48ae71:benchmarks/teacher_vectors.py)
used in place of the shipped model's vectors. --ceiling adds a supervised
reference: a logistic regression from the vectors to primary_area, trained
on every paper of the other half, its predicted area taken as each paper's
group. The shipped field model (generator/themes/fields.py) is such a model,
fitted on half 0; the detector adds to it the rules that make themes read
as sessions, which this reference lacks.

The detector never sees primary_area, status or track: they are removed from
the papers before detection, and only this script compares against them.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import pickle
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import adjusted_mutual_info_score, adjusted_rand_score, normalized_mutual_info_score
from sklearn.metrics.cluster import contingency_matrix

from benchmarks.common import DEV_DATA, REPO, in_half
from generator.analysis.embeddings import model_key, sentence_embeddings
from generator.cache import Cache, digest
from generator.config import ThemeSettings
from generator.enrich import enrich
from generator.model import Paper, ReadingList, Source
from generator.state.memory import update_memory
from generator.themes import detect_themes
from generator.themes.cut import automatic_k
from generator.themes.vectors import sentence_text

METHODS = ("readinglist", "readinglist-embeddings", "tfidf-kmeans", "tfidf-nmf")


def load(path: Path, limit: int | None) -> tuple[list[Paper], dict[str, str]]:
    """The papers with no primary_area, status or track, and the primary_area of each, kept aside."""
    papers, areas = [], {}
    with path.open(encoding="utf-8") as handle:
        for line_number, line in enumerate(handle, 1):
            record = json.loads(line)
            areas[record["id"]] = record["primary_area"]
            papers.append(
                Paper(
                    id=record["id"],
                    abstract=record["abstract"],
                    source=Source(str(path), line_number),
                    title=record["title"],
                    keywords=list(record.get("keywords") or []),
                )
            )
            if limit and len(papers) == limit:
                break
    return papers, areas


def run_one(method: str, k: int, path: Path, limit: int | None) -> dict[str, object]:
    """One method at one k: the top-level assignment of each paper, with its seconds and this process's peak RSS."""
    papers, _ = load(path, limit)
    started = time.perf_counter()
    cpu_started = time.process_time()
    labels: dict[str, str] = {}
    if method.startswith("readinglist"):
        reading_list = detect_themes(ReadingList("bench", papers), ThemeSettings(k=k), embeddings=method.endswith("embeddings"))
        labels = {p.id: p.theme for p in reading_list.papers}
        names = {t.slug: t.label for t in reading_list.themes}
    else:
        from sklearn.cluster import KMeans
        from sklearn.decomposition import NMF
        from sklearn.feature_extraction.text import TfidfVectorizer

        documents = [f"{p.title}. {p.abstract} {'; '.join(p.keywords)}" for p in papers]
        matrix = TfidfVectorizer(stop_words="english", min_df=2, max_df=0.5, sublinear_tf=True).fit_transform(documents)
        if method == "tfidf-kmeans":
            groups = KMeans(k, n_init=4, random_state=0).fit_predict(matrix)
        else:
            groups = NMF(k, init="nndsvda", random_state=0, max_iter=300).fit_transform(matrix).argmax(axis=1)
        labels = {p.id: str(g) for p, g in zip(papers, groups, strict=True)}
        names = {}
    seconds = time.perf_counter() - started
    cpu_seconds = time.process_time() - cpu_started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"labels": labels, "names": names, "seconds": seconds, "cpu_seconds": cpu_seconds, "peak_mb": peak}


def scores(labels: dict[str, str], areas: dict[str, str]) -> dict[str, float]:
    ids = sorted(labels)
    truth = [areas[i] for i in ids]
    found = [labels[i] for i in ids]
    table = contingency_matrix(truth, found)
    sizes = collections.Counter(found)
    return {
        "NMI": normalized_mutual_info_score(truth, found),
        "ARI": adjusted_rand_score(truth, found),
        "purity": table.max(axis=0).sum() / len(ids),
        "themes": len(sizes),
        "largest": max(sizes.values()) / len(ids),
    }


def in_subprocess(method: str, k: int, args: argparse.Namespace) -> dict[str, object]:
    command = [sys.executable, "-m", "benchmarks.themes", "--one", method, "--k", str(k), "--data", str(args.data)]
    if args.limit:
        command += ["--limit", str(args.limit)]
    output = subprocess.run(command, cwd=REPO, check=True, capture_output=True, text=True).stdout
    return json.loads(output)


def co_membership_kept(before: dict[str, str], after: dict[str, str]) -> float:
    """Of the pairs of papers that shared a theme before, the share that still do after (papers of before only)."""
    ids = sorted(before)
    table = contingency_matrix([before[i] for i in ids], [after[i] for i in ids]).astype(np.int64)
    pairs = lambda n: n * (n - 1) // 2  # noqa: E731
    together_before = pairs(table.sum(axis=1)).sum()
    return float(pairs(table).sum() / together_before) if together_before else 1.0


def stability(papers: list[Paper], areas: dict[str, str], seed: int = 0) -> dict[str, object]:
    """Shuffled input gives the same themes; 2% more papers keep co-memberships and unchanged themes' slugs.

    The 2% more papers are detected twice: afresh, and from the theme memory
    the build of the 98% left, as a curator's next build would.
    """

    def detect(chosen: list[Paper], memory: Path | None = None) -> ReadingList:
        fresh = [Paper(id=p.id, abstract=p.abstract, source=p.source, title=p.title, keywords=list(p.keywords)) for p in chosen]
        return detect_themes(ReadingList("bench", fresh), ThemeSettings(memory=memory))

    def view(reading_list: ReadingList) -> list[tuple[str, str, tuple[str, ...]]]:
        return [(t.slug, t.parent, t.paper_ids) for t in (*reading_list.themes, *reading_list.subthemes)]

    full = detect(papers)
    shuffled = list(papers)
    random.Random(seed).shuffle(shuffled)
    same_when_shuffled = view(detect(shuffled)) == view(full)

    held_out = set(random.Random(seed).sample([p.id for p in papers], max(1, round(0.02 * len(papers)))))
    part = detect([p for p in papers if p.id not in held_out])
    with tempfile.TemporaryDirectory() as folder:
        memory = Path(folder) / "theme-memory.json"
        update_memory(part, memory, group_by="")
        continued = detect(papers, memory)
    old_themes = {frozenset(t.paper_ids): t.slug for t in (*part.themes, *part.subthemes)}
    old_slugs = {t.slug for t in (*part.themes, *part.subthemes)}
    results = {}
    for start, after_list in (("afresh", full), ("from the memory", continued)):
        figures: dict[str, object] = {}
        for level in ("theme", "subtheme"):
            before = {p.id: getattr(p, level) for p in part.papers}
            after = {p.id: getattr(p, level) for p in after_list.papers if p.id in before}
            if any(before.values()):
                figures[level] = co_membership_kept(before, after)
        kept = changed = 0
        for theme in (*after_list.themes, *after_list.subthemes):
            members = frozenset(i for i in theme.paper_ids if i not in held_out)
            if members in old_themes:
                kept += old_themes[members] == theme.slug
                changed += old_themes[members] != theme.slug
        new_slugs = {t.slug for t in (*after_list.themes, *after_list.subthemes)}
        figures |= {
            "kept": kept,
            "changed": changed,
            "slugs_still_there": len(old_slugs & new_slugs),
            "NMI": scores({p.id: p.theme for p in after_list.papers}, areas)["NMI"],
        }
        results[start] = figures
    return {"shuffle": same_when_shuffled, "held_out": len(held_out), "themes": len(old_slugs), "runs": results}


SMALL_METHODS = ("readinglist, terms", "readinglist, encoder", "TF-IDF + KMeans", "encoder + KMeans")


def small_draws(path: Path, sizes: list[int], subsets: int, half: int | None) -> tuple[list[dict], dict[int, list[list[str]]]]:
    """The records of the half, and the ids of each seeded subset of each size: the lists --small scores."""
    records = [json.loads(line) for line in path.open(encoding="utf-8")]
    if half is not None:
        records = [r for r in records if in_half(r["id"], half)]
    ids = sorted(r["id"] for r in records)
    return records, {size: [random.Random(f"{size}-{s}").sample(ids, size) for s in range(subsets)] for size in sizes}


def small_texts(path: Path, sizes: list[int], subsets: int, half: int | None, *, ceiling: bool = False) -> list[str]:
    """What the encoder reads for --small: each drawn abstract (an untitled paper's sentence text), and with ceiling
    every abstract of the other half."""
    records, draws = small_draws(path, sizes, subsets, half)
    abstracts = {r["id"]: r["abstract"] for r in records}
    texts = {abstracts[i] for drawn in draws.values() for chosen in drawn for i in chosen}
    if ceiling and half is not None:
        texts |= {r["abstract"] for r in _other_half(path, half)}
    return sorted(texts)


def _other_half(path: Path, half: int) -> list[dict]:
    return [r for r in map(json.loads, path.open(encoding="utf-8")) if not in_half(r["id"], half)]


def _load_vectors(texts: list[str], vectors_file: Path | None) -> dict[str, np.ndarray]:
    if vectors_file is None:
        return dict(zip(texts, sentence_embeddings(texts), strict=True))
    known = pickle.loads(vectors_file.read_bytes())
    missing = [text for text in texts if text not in known]
    if missing:
        sys.exit(
            f"{vectors_file}: no vector for {len(missing)} of the {len(texts)} texts (made for other --sizes, --subsets or --half?)"
        )
    return {text: np.asarray(known[text], dtype=np.float32) for text in texts}


def _area_classifier(path: Path, half: int, vectors: dict[str, np.ndarray]) -> LogisticRegression:
    """primary_area from an abstract's vector, learnt on every paper of the other half: a ceiling, not a detector."""
    train = _other_half(path, half)
    return LogisticRegression(max_iter=2000, C=4.0).fit(
        np.array([vectors[r["abstract"]] for r in train]), [r["primary_area"] for r in train]
    )


def small_lists(
    path: Path,
    sizes: list[int],
    subsets: int,
    half: int | None,
    *,
    fixed_k: int | None = None,
    vectors_file: Path | None = None,
    ceiling: bool = False,
) -> None:
    """AMI and NMI against primary_area of each method on seeded random subsets of each size, abstracts only."""
    if ceiling and half is None:
        sys.exit("--ceiling needs --half: the classifier learns on the other half")
    records, draws = small_draws(path, sizes, subsets, half)
    areas = {r["id"]: r["primary_area"] for r in records}
    abstracts = {r["id"]: r["abstract"] for r in records}
    ids = sorted(abstracts)
    # Every text is encoded once, and each subset's build finds its vectors in the per-text cache.
    texts = small_texts(path, sizes, subsets, half, ceiling=ceiling)
    started = time.perf_counter()
    vectors = _load_vectors(texts, vectors_file)
    encoding = time.perf_counter() - started
    methods = SMALL_METHODS + (("area classifier (supervised)",) if ceiling else ())
    classifier = _area_classifier(path, half, vectors) if ceiling and half is not None else None
    print(f"# Short lists against primary_area: {path.name}{'' if half is None else f', half {half}'}, {len(ids)} papers\n")
    encoder = f"vectors from {vectors_file.name}" if vectors_file else f"{len(texts)} abstracts encoded in {encoding:.0f} s"
    print(f"{subsets} seeded subsets of each size, abstracts only; {encoder}.")
    print("Mean over the subsets, ± its standard error.\n")
    print("| papers | k | method | AMI | NMI | seconds per list |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        cache = Cache(Path(folder))
        for size in sizes:
            # The k the detector picks with the encoder; the terms-only detector picks its own (automatic_k(size)).
            k = fixed_k or automatic_k(size, sentences=True)
            figures: dict[str, list[tuple[float, float, float]]] = {m: [] for m in methods}
            for chosen in draws[size]:
                papers = [Paper(id=i, abstract=abstracts[i], source=Source(str(path), n)) for n, i in enumerate(chosen, 1)]
                enriched = enrich(ReadingList("bench", papers)).papers
                cache.put("embeddings", model_key(), {digest(sentence_text(p)): vectors[sentence_text(p)] for p in enriched})
                truth = [areas[p.id] for p in enriched]
                for method in methods:
                    started = time.perf_counter()
                    if classifier is not None and method.startswith("area classifier"):
                        found = list(classifier.predict(np.array([vectors[p.abstract] for p in enriched])))
                    else:
                        found = _small_method(method, enriched, k, cache, vectors, fixed=fixed_k is not None)
                    seconds = time.perf_counter() - started
                    figures[method].append(
                        (adjusted_mutual_info_score(truth, found), normalized_mutual_info_score(truth, found), seconds)
                    )
            for method, runs in figures.items():
                table = np.array(runs)
                error = table.std(axis=0, ddof=1) / np.sqrt(len(table)) if len(table) > 1 else np.zeros(3)
                mean = table.mean(axis=0)
                shown = automatic_k(size) if method == "readinglist, terms" and fixed_k is None else k
                print(
                    f"| {size} | {'areas' if method.startswith('area classifier') else shown} | {method} | {mean[0]:.3f} ± {error[0]:.3f} | {mean[1]:.3f} ± {error[1]:.3f} | {mean[2]:.2f} |",
                    flush=True,
                )


def _small_method(
    method: str, papers: list[Paper], k: int, cache: Cache, vectors: dict[str, np.ndarray], *, fixed: bool = False
) -> list[str]:
    """The group of each paper, in the order of papers, by one of SMALL_METHODS."""
    from sklearn.cluster import KMeans
    from sklearn.feature_extraction.text import TfidfVectorizer

    if method.startswith("readinglist"):
        # A fresh copy: the detector writes each paper's theme onto it.
        fresh = [
            Paper(
                id=p.id,
                abstract=p.abstract,
                source=p.source,
                title=p.title,
                title_derived=p.title_derived,
                keywords=list(p.keywords),
            )
            for p in papers
        ]
        settings = ThemeSettings(k=k) if fixed else ThemeSettings()
        found = detect_themes(ReadingList("bench", fresh), settings, cache, embeddings=method.endswith("encoder"))
        return [p.theme for p in found.papers]
    if method == "TF-IDF + KMeans":
        matrix = TfidfVectorizer(stop_words="english", sublinear_tf=True).fit_transform([p.abstract for p in papers])
    else:
        matrix = np.array([vectors[sentence_text(p)] for p in papers])
    return [str(g) for g in KMeans(k, n_init=10, random_state=0).fit_predict(matrix)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEV_DATA)
    parser.add_argument("--limit", type=int, help="only the first N papers")
    parser.add_argument("--small", action="store_true", help="score short lists of abstracts only")
    parser.add_argument("--sizes", default="19,50,150", help="with --small: the list sizes, comma-separated")
    parser.add_argument("--subsets", type=int, default=60, help="with --small: seeded subsets of each size")
    parser.add_argument("--half", type=int, choices=(0, 1), help="with --small: only the papers whose id hashes to this half")
    parser.add_argument("--k", type=int, help="with --small: this many themes for every method; without: run_one's k")
    parser.add_argument("--vectors", type=Path, help="with --small: a pickle of {text: vector} in place of the shipped encoder")
    parser.add_argument("--ceiling", action="store_true", help="with --small and --half: add a supervised area classifier")
    parser.add_argument("--one", choices=METHODS, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.small:
        sizes = [int(size) for size in args.sizes.split(",")]
        small_lists(args.data, sizes, args.subsets, args.half, fixed_k=args.k, vectors_file=args.vectors, ceiling=args.ceiling)
        return
    if args.one:
        print(json.dumps(run_one(args.one, args.k, args.data, args.limit)))
        return

    papers, areas = load(args.data, args.limit)
    auto = automatic_k(len(papers), two_level=len(papers) > 300)
    print(f"# Themes against primary_area: {args.data.name}, {len(papers)} papers, {len(set(areas.values()))} areas\n")
    print(
        f"Load average when starting: {' '.join(f'{x:.1f}' for x in os.getloadavg())} (seconds are wall clock; CPU s counts every thread)\n"
    )
    print("| method | k | NMI | ARI | purity | themes | largest | seconds | CPU s | peak RSS MB |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    named: dict[int, dict[str, object]] = {}
    for k in (21, auto):
        for method in METHODS:
            run = in_subprocess(method, k, args)
            s = scores(run["labels"], areas)  # type: ignore[arg-type]
            k_name = f"{k} (auto)" if k == auto else str(k)
            print(
                f"| {method} | {k_name} | {s['NMI']:.3f} | {s['ARI']:.3f} | {s['purity']:.3f} | {s['themes']} "
                f"| {s['largest']:.1%} | {run['seconds']:.1f} | {run['cpu_seconds']:.1f} | {run['peak_mb']:.0f} |",
                flush=True,
            )
            if method == "readinglist":
                named[k] = run
    for k, run in named.items():
        labels: dict[str, str] = run["labels"]  # type: ignore[assignment]
        names: dict[str, str] = run["names"]  # type: ignore[assignment]
        members = collections.defaultdict(list)
        for paper_id, slug in labels.items():
            members[slug].append(paper_id)
        print(f"\n## Top-level labels at k = {k}, beside their papers' most common primary_area\n")
        print("| papers | label | most common primary_area | share |")
        print("|---|---|---|---|")
        for slug in sorted(members, key=lambda s: (-len(members[s]), s)):
            area, count = collections.Counter(areas[i] for i in members[slug]).most_common(1)[0]
            print(f"| {len(members[slug])} | {names[slug]} | {area} | {count / len(members[slug]):.0%} |")
    started = time.perf_counter()
    figures = stability(papers, areas)
    print("\n## Stability (automatic k)\n")
    print(f"- shuffled input gives the same themes and sub-themes: {'yes' if figures['shuffle'] else 'no'}")
    print(
        f"- adding {figures['held_out']} papers (2%), detected afresh and from the theme memory of the 98% build; "
        f"co-memberships and slugs among the 98%, of {figures['themes']} themes and sub-themes:\n"
    )
    print(
        "| start | themes: co-memberships kept | sub-themes: co-memberships kept | unchanged themes that kept their slug | changed it | slugs still there | NMI |"
    )
    print("|---|---|---|---|---|---|---|")
    for start, run in figures["runs"].items():  # type: ignore[union-attr]
        print(
            f"| {start} | {run['theme']:.1%} | {run.get('subtheme', float('nan')):.1%} | {run['kept']} | {run['changed']} "
            f"| {run['slugs_still_there']} | {run['NMI']:.3f} |"
        )
    print(f"\n({time.perf_counter() - started:.0f} s for the stability runs)")


if __name__ == "__main__":
    main()
