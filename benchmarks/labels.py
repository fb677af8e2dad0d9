"""Score theme labels on untitled lists of real abstracts, and make a blind sheet for a reader to judge them.

    python -m benchmarks.labels [--data DEV.jsonl] [--half 0|1] [--lists 19:10,50:10,150:10,1000:2]
        [--cache DIR] [--dump THEMES.json] [--show] [--venues DIR [--venue-lists 19:2,50:2,150:1] [--venues-only]]
    python -m benchmarks.labels --judge DIR --dumps A.json [B.json ...] [--judge-lists 19:2,50:2,150:1] [--judge-seed S]
        [--judge-venues acl2022,icra2023] [--key KEY.json]
    python -m benchmarks.labels --tally DIR [--key KEY.json]

Each list is a seeded draw of the dev file's abstracts, given as an untitled
plain list would give them (no title, keywords, authors or area), enriched
and grouped as a build does (the sentence model for lists up to 2,000
papers). For each size it prints, over the lists' detected themes:

- boilerplate: the share of labels with a half that names nothing a
  session could be about ("project website", "downstream performance"),
  judged by this script's own word list, not the generator's;
- coverage: the share of a theme's papers whose abstract says its label (a
  label "X and Y" is said by a paper that says X or Y);
- lift: coverage less the share of the list's other papers that say it;
- names hold: the share of labels the generator's own check finds true of
  their themes (themes/truth.py: most papers say a part of the name or are
  near it by meaning, and each part is true of one paper at least), and
  true of papers: the share of the themes' papers their label is true of;
- sibling overlaps: labels that name a sibling's topic at another grain;
- other: the share of papers in the closing "Other topics" section, and
  most other: the most any one list's closing section holds;
- AMI and NMI of the top-level themes against primary_area (Other topics
  counts as one group), where the lists' papers have one.

--venues draws lists from each JSONL file of a folder as well (such as
../shared/data/venues/, which has no areas, so no AMI), a row per venue and
size, and closing rows with the mean over venues.

Lists over 300 papers get sub-themes; their labels are scored on a row of
their own, lift against the rest of the parent theme.

--dump writes every list's themes with their papers' real titles. --judge
takes one or more dumps (from this code and, say, an older commit's) and
writes DIR/sheet.md, every theme of the chosen lists under a number with its
label and its papers' real titles, the closing section too, shuffled so that
nothing says which dump it came from (a theme two dumps share is read once),
and the key apart (--key). The reader scores each numbered theme in
DIR/scores.tsv (number, label 1-5, coherence 1-5, one line each) with the
scale on the sheet; --tally prints each dump's means by list size, over
themes and over papers (a theme weighs its papers), and over named themes.
"""

from __future__ import annotations

import argparse
import collections
import json
import pickle
import random
import re
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

import numpy as np
from sklearn.metrics import adjusted_mutual_info_score, normalized_mutual_info_score

from benchmarks.common import DEV_DATA, in_half
from generator.analysis.embeddings import model_key, sentence_embeddings
from generator.cache import Cache, digest
from generator.config import AUTO_EMBEDDINGS, ThemeSettings
from generator.enrich import enrich
from generator.model import Paper, ReadingList, Source
from generator.text.keyphrases import said
from generator.themes import detect_themes
from generator.themes.topics import vocabulary
from generator.themes.truth import Truth, same_topic
from generator.themes.vectors import sentence_text

OTHER = ("Other topics", "其他主题")


def _set(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words that say how a paper was done or how well, never what it is about. A
# label half made of these alone (after function words) names no session.
BOILERPLATE = _set(
    """
    ability abilities accuracy advance advances analysis application applications approach approaches aspect baseline
    baselines benchmark benchmarks capability capabilities case challenge challenges code component components core
    datasets demo discussion downstream effectiveness efficiency empirical evaluation evaluations evidence experiment
    experiments extensive future gain gains github impressive improvement improvements insight insights issue issues
    key limitation limitations method methods novel outcome outcomes page performance practice practical problem
    problems project promising property properties quality research result results robust scenario scenarios setting
    settings significant solution solutions state-of-the-art strong study studies superior task tasks technique
    techniques website work works world real-world art state various wide range broad variety new existing prior
    recent current further effective efficient comprehensive direction directions
    """
)
FUNCTION = _set("a an and the of for in on with to from by via its their as at into over under")
SIZES = "19:10,50:10,150:10,1000:2"


def words(text: str) -> list[str]:
    """Lower-case word tokens with plural endings folded, hyphens split: what 'says' compares."""
    tokens = re.findall(r"[a-z0-9]+", text.lower().replace("-", " "))
    return [_singular(t) for t in tokens]


def _singular(word: str) -> str:
    if len(word) > 3 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def halves(label: str) -> list[str]:
    """The topics a label names: "X and Y" names two, "Papers on X" names X."""
    label = re.sub(r"^papers on ", "", label, flags=re.IGNORECASE)
    return [part for part in re.split(r" and |、|和|与", label) if part.strip()]


def says(abstract_words: list[str], abstract: str, label: str) -> bool:
    """Whether the abstract says one of the label's halves, as a run of words (CJK: as a substring)."""
    for half in halves(label):
        if re.search(r"[\u3040-\u30ff\u3400-\u9fff]", half):
            if half.strip() in abstract:
                return True
            continue
        wanted = words(half)
        if wanted and any(abstract_words[i : i + len(wanted)] == wanted for i in range(len(abstract_words) - len(wanted) + 1)):
            return True
    return False


def boilerplate(label: str) -> bool:
    """Whether a half of the label is made of boilerplate and function words alone."""
    for half in halves(label):
        content = [w for w in re.findall(r"[a-z0-9-]+", half.lower()) if w not in FUNCTION]
        if not content or all(w in BOILERPLATE or _singular(w) in BOILERPLATE for w in content):
            return True
    return False


def parse_lists(spec: str) -> list[tuple[int, int]]:
    return [(int(size), int(count)) for size, count in (part.split(":") for part in spec.split(","))]


def draws(records: list[dict], lists: list[tuple[int, int]]) -> list[tuple[str, list[str]]]:
    """(name, ids) of each seeded list: "19-3" is the fourth list of 19 papers."""
    ids = sorted(r["id"] for r in records)
    return [(f"{size}-{n}", random.Random(f"labels-{size}-{n}").sample(ids, size)) for size, count in lists for n in range(count)]


def detect(chosen: list[str], records: dict[str, dict], vectors: dict[str, np.ndarray], cache: Cache) -> ReadingList:
    """The list's themes as a build finds them for an untitled plain list."""
    papers = [Paper(id=i, abstract=records[i]["abstract"], source=Source("list.txt", n)) for n, i in enumerate(chosen, 1)]
    reading_list = enrich(ReadingList("bench", papers))
    embeddings = len(papers) <= AUTO_EMBEDDINGS
    if embeddings:
        cache.put("embeddings", model_key(), {digest(sentence_text(p)): vectors[sentence_text(p)] for p in reading_list.papers})
    return detect_themes(reading_list, ThemeSettings(), cache, embeddings=embeddings)


def encode_all(texts: Iterable[str], store: Path | None) -> dict[str, np.ndarray]:
    """Every text's sentence vector, encoded once and kept in store (a pickle) between runs."""
    known: dict[str, np.ndarray] = pickle.loads(store.read_bytes()) if store and store.exists() else {}
    missing = sorted(set(texts) - set(known))
    if missing:
        known.update(zip(missing, sentence_embeddings(missing), strict=True))
        if store:
            store.write_bytes(pickle.dumps(known))
    return known


def theme_rows(reading_list: ReadingList) -> list[dict]:
    """Each theme's label, level and papers, with what the scores need."""
    rows = []
    for level, themes in (("top", reading_list.themes), ("sub", reading_list.subthemes)):
        for theme in themes:
            rows.append(
                {
                    "level": level,
                    "label": theme.label,
                    "slug": theme.slug,
                    "parent": theme.parent,
                    "papers": list(theme.paper_ids),
                }
            )
    return rows


def truth_of(reading_list: ReadingList, vectors: dict[str, np.ndarray]) -> tuple[Truth, dict[str, int]]:
    """The generator's own check of names (themes/truth.py) over the list's papers as a build sees them, and each id's row."""
    _, acronyms = vocabulary()
    papers = reading_list.papers
    mentions = [
        frozenset(said(" . ".join([p.title, *p.keywords]), acronyms)) | frozenset(said(p.abstract, acronyms)) for p in papers
    ]
    embedded = len(papers) <= AUTO_EMBEDDINGS
    embedding = np.array([vectors[sentence_text(p)] for p in papers]) if embedded else None
    return Truth(mentions, embedding), {p.id: row for row, p in enumerate(papers)}


def score_list(
    rows: list[dict], records: dict[str, dict], tokens: dict[str, list[str]], truth: Truth, row_of: dict[str, int]
) -> list[dict]:
    """Per theme: boilerplate, coverage and lift (Other topics is left out), whether its name holds (truth.py) and the
    share of its papers it is true of, and whether a sibling names the same topic."""
    everyone = [p for row in rows if row["level"] == "top" for p in row["papers"]]
    scored = []
    for row in rows:
        if row["label"] in OTHER:
            continue
        if row["level"] == "top":
            pool = everyone
        else:
            pool = next(r["papers"] for r in rows if r["level"] == "top" and r["slug"] == row["parent"])
        inside = set(row["papers"])
        said = {p: says(tokens[p], records[p]["abstract"], row["label"]) for p in pool}
        coverage = np.mean([said[p] for p in row["papers"]])
        rest = [said[p] for p in pool if p not in inside]
        members = np.array([row_of[p] for p in row["papers"]])
        siblings = [r["label"] for r in rows if r is not row and r["level"] == row["level"] and r["parent"] == row["parent"]]
        scored.append(
            {
                "level": row["level"],
                "papers": len(row["papers"]),
                "boilerplate": boilerplate(row["label"]),
                "coverage": float(coverage),
                "lift": float(coverage - (np.mean(rest) if rest else 0.0)),
                "holds": truth.holds(row["label"], members),
                "true": truth.share(row["label"], members),
                "overlap": any(same_topic(row["label"], other) for other in siblings if other not in OTHER),
            }
        )
    return scored


def measure(
    records: dict[str, dict], lists: list[tuple[str, list[str]]], vectors: dict[str, np.ndarray], *, show: bool = False
) -> tuple[dict[str, list[dict]], list[dict]]:
    """Each list's themes with their real titles (the dump), and one row of figures per list size and level.

    Lists of a venue with no primary_area have no AMI or NMI.
    """
    tokens = {i: words(records[i]["abstract"]) for _, chosen in lists for i in chosen}
    dump: dict[str, list[dict]] = {}
    by_size: dict[tuple[int, str], list[dict]] = collections.defaultdict(list)
    grouping: dict[int, list[tuple[float, float, float, int, int]]] = collections.defaultdict(list)
    with tempfile.TemporaryDirectory() as folder:
        cache = Cache(Path(folder))
        for name, chosen in lists:
            size = len(chosen)
            found = detect(chosen, records, vectors, cache)
            rows = theme_rows(found)
            dump[name] = [{**row, "titles": [records[p]["title"] for p in row["papers"]]} for row in rows]
            truth, row_of = truth_of(found, vectors)
            for row in score_list(rows, records, tokens, truth, row_of):
                by_size[(size, row["level"])].append(row)
            theme_of = {p.id: p.theme for p in found.papers}
            other = {t.slug for t in found.themes if t.label in OTHER}
            closing = sum(theme_of[i] in other for i in chosen)
            areas = [records[i].get("primary_area") for i in chosen]
            groups = [theme_of[i] for i in chosen]
            known = all(areas)
            grouping[size].append(
                (
                    adjusted_mutual_info_score(areas, groups) if known else np.nan,
                    normalized_mutual_info_score(areas, groups) if known else np.nan,
                    closing / size,
                    len(found.themes),
                    closing,
                )
            )
            if show:
                print(f"\n## {name}")
                for row in dump[name]:
                    held = collections.Counter(str(records[p].get("primary_area", "")).split(" (")[0] for p in row["papers"])
                    print(f"- [{row['level']}] {row['label']} ({len(row['papers'])}): {dict(held.most_common(3))}")
    table = []
    for size in sorted(grouping):
        figures = np.array(grouping[size])
        for level in ("top", "sub"):
            scored = by_size.get((size, level))
            if not scored:
                continue
            weights = np.array([r["papers"] for r in scored], dtype=float)
            table.append(
                {
                    "size": size,
                    "lists": len(figures),
                    "themes": figures[:, 3].mean(),
                    "level": level,
                    "labels": len(scored),
                    "boilerplate": np.mean([r["boilerplate"] for r in scored]),
                    "coverage": np.mean([r["coverage"] for r in scored]),
                    "lift": np.mean([r["lift"] for r in scored]),
                    "holds": np.mean([r["holds"] for r in scored]),
                    "true": np.average([r["true"] for r in scored], weights=weights),
                    "overlaps": sum(r["overlap"] for r in scored),
                    "other": figures[:, 2].mean() if level == "top" else np.nan,
                    "most_other": figures[:, 4].max() if level == "top" else np.nan,
                    "ami": figures[:, 0].mean() if level == "top" else np.nan,
                    "nmi": figures[:, 1].mean() if level == "top" else np.nan,
                }
            )
    return dump, table


def print_table(title: str, table: list[dict], first: str = "papers") -> None:
    """The figures of measure(), one row each; first names the first column (the list size, or the venue and size)."""

    def figure(value: float, form: str) -> str:
        return "-" if np.isnan(value) else format(value, form)

    print(f"\n# {title}\n")
    print(
        f"| {first} | lists | themes per list | level | labels | boilerplate | coverage | lift | names hold | true of papers "
        "| sibling overlaps | other | most other | AMI | NMI |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for row in table:
        print(
            f"| {row.get('venue', row['size'])} | {row['lists']} | {row['themes']:.1f} | {row['level']} | {row['labels']} "
            f"| {row['boilerplate']:.1%} | {row['coverage']:.2f} | {row['lift']:.2f} | {row['holds']:.0%} | {row['true']:.0%} "
            f"| {row['overlaps']} | {figure(row['other'], '.1%')} | {figure(row['most_other'], '.0f')} "
            f"| {figure(row['ami'], '.3f')} | {figure(row['nmi'], '.3f')} |"
        )


# The figures a venue's rows are averaged by in the table's closing rows.
_MEANS = ("themes", "boilerplate", "coverage", "lift", "holds", "true", "other", "ami", "nmi")


def run(args: argparse.Namespace) -> None:
    args.cache.mkdir(parents=True, exist_ok=True)
    dump: dict[str, list[dict]] = {}
    if not args.venues_only:
        records = {r["id"]: r for r in map(json.loads, args.data.open(encoding="utf-8"))}
        if args.half is not None:
            records = {i: r for i, r in records.items() if in_half(i, args.half)}
        lists = draws(list(records.values()), parse_lists(args.lists))
        vectors = _vectors(records, lists, args.cache)
        dump, table = measure(records, lists, vectors, show=args.show)
        print_table(
            f"Theme labels on untitled lists: {args.data.name}{'' if args.half is None else f', half {args.half}'}", table
        )
    if args.venues:
        every = []
        for path in sorted(args.venues.glob("*.jsonl")):
            records = {r["id"]: r for r in map(json.loads, path.open(encoding="utf-8"))}
            sizes = [(size, count) for size, count in parse_lists(args.venue_lists) if size <= len(records)]
            lists = [(f"{path.stem}/{name}", chosen) for name, chosen in draws(list(records.values()), sizes)]
            vectors = _vectors(records, lists, args.cache)
            found, table = measure(records, lists, vectors, show=args.show)
            dump.update(found)
            every += [{**row, "venue": f"{path.stem} {row['size']}"} for row in table]
        for size in sorted({row["size"] for row in every if row["level"] == "top"}):
            rows = [row for row in every if row["size"] == size and row["level"] == "top"]
            every.append(
                {
                    **{k: float(np.mean([r[k] for r in rows])) for k in _MEANS},
                    "venue": f"**every venue, {size}**",
                    "size": size,
                    "level": "top",
                    "lists": sum(r["lists"] for r in rows),
                    "labels": sum(r["labels"] for r in rows),
                    "overlaps": sum(r["overlaps"] for r in rows),
                    "most_other": max(r["most_other"] for r in rows),
                }
            )
        print_table(f"Theme labels on untitled lists of other venues: {args.venues}", every, "venue")
    if args.dump:
        args.dump.write_text(json.dumps(dump, ensure_ascii=False, indent=1), encoding="utf-8")


def _vectors(records: dict[str, dict], lists: list[tuple[str, list[str]]], store: Path) -> dict[str, np.ndarray]:
    """The sentence vectors of the abstracts of the lists a build would embed, kept in store between runs."""
    texts = {records[i]["abstract"] for _, chosen in lists if len(chosen) <= AUTO_EMBEDDINGS for i in chosen}
    return encode_all(texts, store / "vectors.pickle")


SCALE = """Score each numbered theme twice, 1 to 5, one line per theme in scores.tsv: `number<TAB>label<TAB>coherence`.

- Label: 5 = a clear topic name covering most of the papers ("Federated learning", "Diffusion models for video");
  3 = a real topic that covers only some of them, or is too narrow or odd; 1 = not a topic name (a fragment,
  one paper's jargon, boilerplate).
- Coherence: 5 = clearly one topic; 3 = loosely related; 1 = unrelated papers.

Judge each theme on its own: the label as a session name a program committee would give these papers.
"""


def judge(args: argparse.Namespace) -> None:
    dumps = {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in args.dumps}
    wanted = {f"{size}-{n}" for size, count in parse_lists(args.judge_lists) for n in range(count)}
    venues = {"", *filter(None, args.judge_venues.split(","))}
    items = []
    for source, lists in sorted(dumps.items()):
        # A venue's lists are "venue/19-0": each list size is drawn from every venue.
        for name in sorted(name for name in lists if name.rsplit("/", 1)[-1] in wanted and _venue(name) in venues):
            # Every theme is read, the closing section too: a reader meets it like any other.
            for row in lists[name]:
                items.append(
                    {"source": source, "list": name, "level": row["level"], "label": row["label"], "titles": row["titles"]}
                )
    # A theme two dumps share (its label and papers alike) is read once and scored for both.
    shared: dict[tuple, dict] = {}
    for item in items:
        same = shared.setdefault((item["list"], item["level"], item["label"], tuple(item["titles"])), {**item, "sources": []})
        same["sources"].append(item["source"])
    items = list(shared.values())
    random.Random(args.judge_seed).shuffle(items)
    args.judge.mkdir(parents=True, exist_ok=True)
    lines = ["# Theme labels: a blind reading", "", SCALE]
    for number, item in enumerate(items, 1):
        lines += [f"## {number}. {item['label']}", ""] + [f"- {title}" for title in item["titles"]] + [""]
    (args.judge / "sheet.md").write_text("\n".join(lines), encoding="utf-8")
    key = {
        str(n): {**{k: item[k] for k in ("sources", "list", "level", "label")}, "papers": len(item["titles"])}
        for n, item in enumerate(items, 1)
    }
    (args.key or args.judge / "key.json").write_text(json.dumps(key, indent=1, ensure_ascii=False), encoding="utf-8")
    print(f"{len(items)} themes on {args.judge / 'sheet.md'}; key in {args.key or args.judge / 'key.json'}")


def _venue(name: str) -> str:
    """The venue of a list's name ("acl2022/19-0"), "" for one of --data's."""
    return name.rsplit("/", 1)[0] if "/" in name else ""


def tally(args: argparse.Namespace) -> None:
    """Each source's means by list size, over themes and over papers (a theme weighs its papers), the closing section
    scored like any theme; and its means without the closing section."""
    key = json.loads((args.key or args.tally / "key.json").read_text(encoding="utf-8"))
    scores: dict[tuple[str, int], list[tuple[float, float, int, bool]]] = collections.defaultdict(list)
    for line in (args.tally / "scores.tsv").read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if len(parts) < 3 or not parts[0].strip().isdigit():
            continue
        item = key[parts[0].strip()]
        size = int(item["list"].rsplit("/", 1)[-1].split("-")[0])
        closing = item.get("label") in OTHER
        for source in item.get("sources", [item.get("source")]):
            scores[(source, size)].append((float(parts[1]), float(parts[2]), item.get("papers", 1), closing))
    print(
        "| source | papers | themes | label | coherence | label, per paper | coherence, per paper | named only: label | coherence |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for source in sorted({s for s, _ in scores}):
        every = []
        for size in sorted(size for s, size in scores if s == source):
            got = np.array(scores[(source, size)], dtype=float)
            named = got[got[:, 3] == 0]
            row = [*got[:, :2].mean(axis=0), *np.average(got[:, :2], axis=0, weights=got[:, 2]), *named[:, :2].mean(axis=0)]
            every.append(row)
            print(f"| {source} | {size} | {len(got)} | " + " | ".join(f"{x:.2f}" for x in row) + " |")
        means = np.mean(every, axis=0)
        print(f"| {source} | mean of sizes | | " + " | ".join(f"**{x:.2f}**" for x in means) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEV_DATA)
    parser.add_argument("--half", type=int, choices=(0, 1), help="only the papers whose id hashes to this half")
    parser.add_argument("--lists", default=SIZES, help="size:count of the seeded lists, comma-separated")
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "readinglist-labels")
    parser.add_argument("--dump", type=Path, help="write every list's themes and real titles here (JSON)")
    parser.add_argument("--show", action="store_true", help="print each list's labels with their papers' areas")
    parser.add_argument("--venues", type=Path, help="also draw lists from each venue's JSONL file in this folder")
    parser.add_argument("--venue-lists", default="19:2,50:2,150:1", help="size:count of each venue's lists")
    parser.add_argument("--venues-only", action="store_true", help="only the venues' lists, not --data's")
    parser.add_argument("--judge", type=Path, help="write a blind sheet in this folder from --dumps")
    parser.add_argument("--dumps", type=Path, nargs="+", default=[])
    parser.add_argument("--judge-lists", default="19:2,50:2,150:1")
    parser.add_argument("--judge-seed", type=int, default=0)
    parser.add_argument("--judge-venues", default="", help="the venues whose lists the sheet holds, comma-separated")
    parser.add_argument("--key", type=Path, help="where the key is kept (default: beside the sheet)")
    parser.add_argument("--tally", type=Path, help="score the folder's scores.tsv with its key")
    args = parser.parse_args()
    if args.tally:
        tally(args)
    elif args.judge:
        judge(args)
    else:
        run(args)


if __name__ == "__main__":
    sys.exit(main())
