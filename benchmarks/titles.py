"""Score derived titles against the real ones of the OpenReview export, with the titles removed.

    python -m benchmarks.titles [--data ../shared/data/iclr2026-openreview.dev.jsonl] [--n 1000] [--half held-out]
    python -m benchmarks.titles --ceiling        # also how far a perfect choice, or deleting words, could reach
    python -m benchmarks.titles --judge 60 --judge-seed 7 --judge-dir J [--judge-titles other.json]
    python -m benchmarks.titles --tally J        # the judges' scores of J/scores*.tsv, by where each title came from
    python -m benchmarks.titles --model FILE.gguf [--model-cache DIR]   # a local model's titles beside the derived
    python -m benchmarks.titles --model FILE.gguf --judge 60 --judge-dir J   # a sheet of derived, model and real titles

The export is split in two seeded halves: rules are tuned on `tune` and
checked on `held-out`. From the chosen half it draws n seeded abstracts,
derives a title from each abstract alone, and prints one table row:

- name leads: of the papers whose real title opens with a coined name the
  abstract uses ("LapFlow: ..."), the share whose derived title opens with it
  (or with its acronym, then it: "RAQ: Rate-Adaptive Quantization ...");
- ROUGE-L F1 of the derived title against the real one, over lowercase words;
- defects: the share of titles the grammar gate of generator.enrich.titles faults,
  misspelt gerunds included (the real titles' own rate is printed beside it);
- mean length in words, and the seconds the derivation took (with --embeddings,
  the sentence model's too).

Then 20 seeded random derived titles beside the real ones.

With --model, a second row gives the titles a local model writes
(generator.enrich.titles.model) for the same abstracts, with the check's
fallback to the derived title, and a third the model's raw titles before the
check. Both rows then say, as does the derived one:

- invented: the share of a title's content words its abstract does not say in
  any form (the check's own test), over all titles;
- check failures: the share of the model's titles the check turns down;
- s/title: seconds a title (the model's only for titles it had to write; a
  title kept in --model-cache costs nothing).

With --ceiling it also prints what no choice among our candidates can beat:
the ROUGE-L of the candidate closest to the real title, and the share of real
titles that are one sentence of their abstract with words deleted (after a
leading "Name: "), the most any extractive title could match.

Judging by hand is blind: --judge writes J/sheet.md, where each of the drawn
abstracts comes with its titles in a seeded shuffle and in one sentence case
(the derived one, the candidate closest to the real title, the real one, and
one from each --judge-titles file, a JSON object from paper id to title; with
--judge-candidates every candidate the gate passes, scored as the best of
them: the ceiling of any choice), and
J/key.json, which says which is which. A judge who has not seen the key writes
J/scores*.tsv (item, label, score 1-5, note; the header `item label score
note`); --tally prints each source's mean and share of 4 or more per judge.
The real titles calibrate the judge: they are what 5 means.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import re
import time
from pathlib import Path

from benchmarks.common import DEV_DATA
from generator.analysis.embeddings import sentence_embeddings
from generator.enrich.titles import Embed, candidate_features, coined, derive_titles, title_defects
from generator.enrich.titles.model import faults, invented, runtime, written_titles

SPLIT_SEED = 16
SAMPLE_SEED = 2026
SHOWN = 20
JUDGED = ("derived", "best candidate", "real")


def halves(records: list[dict]) -> dict[str, list[dict]]:
    """The export in two fixed halves, whatever order the file lists it in."""
    ordered = sorted(records, key=lambda r: r["id"])
    random.Random(SPLIT_SEED).shuffle(ordered)
    middle = len(ordered) // 2
    return {"tune": ordered[:middle], "held-out": ordered[middle:]}


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def rouge_l(candidate: str, reference: str) -> float:
    """ROUGE-L F1: the longest common subsequence of words, as precision and recall."""
    a, b = words(candidate), words(reference)
    if not a or not b:
        return 0.0
    previous = [0] * (len(b) + 1)
    for x in a:
        current = [0]
        for j, y in enumerate(b):
            current.append(previous[j] + 1 if x == y else max(previous[j + 1], current[j]))
        previous = current
    lcs = previous[-1]
    if lcs == 0:
        return 0.0
    precision, recall = lcs / len(a), lcs / len(b)
    return 2 * precision * recall / (precision + recall)


def leading_name(title: str, abstract: str) -> str | None:
    """The coined name a real title opens with, when the abstract uses it too."""
    name, colon, _ = title.partition(": ")
    if not colon or len(name.split()) > 3:
        return None
    first = name.split()[0]
    if not (coined(first) or re.fullmatch(r"[A-Z][A-Z0-9-]+", first)):
        return None
    return name if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", abstract) else None


def plain(text: str) -> str:
    return re.sub(r"[$\\{}]", "", text).lower()


def leads_with(name: str, title: str) -> bool:
    """Whether the title opens with the name, or with a short name whose long form it is: "RAQ: Rate-Adaptive ..."."""
    head, _, description = plain(title).partition(": ")
    return head == plain(name) or (len(head.split()) == 1 and description.startswith(plain(name)))


def score(records: list[dict], embed: Embed | None = None) -> tuple[dict[str, float], list[str]]:
    start = time.perf_counter()
    derived = derive_titles([r["abstract"] for r in records], embed)
    seconds = time.perf_counter() - start
    named = [(r, d) for r, d in zip(records, derived, strict=True) if leading_name(r["title"], r["abstract"])]
    leads = sum(leads_with(leading_name(r["title"], r["abstract"]) or "", d) for r, d in named)
    row = {
        "papers": len(records),
        "name leads": leads / max(len(named), 1),
        "named": len(named),
        "ROUGE-L F1": sum(rouge_l(d, r["title"]) for r, d in zip(records, derived, strict=True)) / len(records),
        "defects": sum(bool(title_defects(d)) for d in derived) / len(records),
        "real defects": sum(bool(title_defects(r["title"])) for r in records) / len(records),
        "mean words": sum(len(d.split()) for d in derived) / len(records),
        "seconds": seconds,
    }
    return row, derived


def invention_row(name: str, records: list[dict], titles: list[str]) -> dict[str, object]:
    """ROUGE-L, invented words, defects and length of titles for the records."""
    content = [invented(t, r["abstract"]) for r, t in zip(records, titles, strict=True)]
    return {
        "titles": name,
        "papers": len(records),
        "ROUGE-L F1": sum(rouge_l(t, r["title"]) for r, t in zip(records, titles, strict=True)) / len(records),
        "invented": sum(len(unsaid) for unsaid, _ in content) / max(sum(total for _, total in content), 1),
        "defects": sum(bool(title_defects(t)) for t in titles) / len(records),
        "mean words": sum(len(t.split()) for t in titles) / len(records),
    }


def model_rows(records: list[dict], model: Path, cache: Path | None) -> tuple[list[dict[str, object]], list[str]]:
    """The rows of a model's titles, checked (the derived title where the check fails) and raw, and the checked titles."""
    abstracts = [r["abstract"] for r in records]
    derived = derive_titles(abstracts)
    asked: list[str] = []
    loaded = []  # the model, loaded for the first title it has to write

    def write(abstract: str) -> str:
        if not loaded:
            loaded.append(runtime(model))
        asked.append(abstract)
        return loaded[0](abstract)

    start = time.perf_counter()
    raw = written_titles(abstracts, model, cache, writer=write)
    seconds = time.perf_counter() - start
    passed = [not faults(title, abstract) for title, abstract in zip(raw, abstracts, strict=True)]
    checked = [title if ok else fallback for title, ok, fallback in zip(raw, passed, derived, strict=True)]
    common = {"check failures": 1 - sum(passed) / len(records), **({"s/title": seconds / len(asked)} if asked else {})}
    rows = [
        {**invention_row(f"{model.stem}, checked", records, checked), **common},
        {**invention_row(f"{model.stem}, raw", records, raw), **common},
    ]
    return rows, checked


def best_candidate(abstract: str, real: str) -> str:
    """The candidate a perfect choice would take: the admissible one closest to the real title."""
    candidates = candidate_features(abstract)
    admissible = [title for title, ok, _ in candidates if ok] or [candidates[0][0]]
    return max(admissible, key=lambda title: rouge_l(title, real))


def extractable(title: str, abstract: str) -> bool:
    """Whether the title, less a leading short name, is one sentence of the abstract with words deleted."""
    name, colon, rest = title.partition(": ")
    wanted = words(rest if colon and len(name.split()) <= 4 else title)
    for sentence in re.split(r"(?<=[.!?])\s+", abstract):
        found = iter(words(sentence))
        if wanted and all(word in found for word in wanted):
            return True
    return False


def ceiling(records: list[dict]) -> dict[str, float]:
    return {
        "best candidate": sum(rouge_l(best_candidate(r["abstract"], r["title"]), r["title"]) for r in records) / len(records),
        "extractable": sum(extractable(r["title"], r["abstract"]) for r in records) / len(records),
    }


def sentence_case(title: str) -> str:
    """One casing for every title, so that "Title Case" tells no judge which title is the real one."""
    cased: list[str] = []
    for word in title.split(" "):
        if re.fullmatch(r"[A-Z][a-z]+(?:-[A-Za-z][a-z]+)*[:,;]?", word):
            first = not cased or cased[-1].endswith(":")
            word = word[0] + word[1:].lower() if first else word.lower()
        cased.append(word)
    return " ".join(cased)


def write_judge_sheet(
    records: list[dict],
    others: dict[str, dict[str, str]],
    seed: int,
    folder: Path,
    every_candidate: bool = False,
    best: bool = True,
) -> None:
    """A blind sheet of the records' titles by source, and the key to it.

    With every_candidate, each admissible candidate is shown too, and the source "best for the judge" stands for
    all of them: the title a perfect choice by the reader would take. Without best, the candidate closest to the
    real title is left out: the derived, the others' and the real titles alone.
    """
    derived = derive_titles([r["abstract"] for r in records])
    shuffle = random.Random(seed)
    sheet, key = [], []
    for item, (record, title) in enumerate(zip(records, derived, strict=True), 1):
        by_source = {
            "derived": [title],
            **({"best candidate": [best_candidate(record["abstract"], record["title"])]} if best else {}),
            "real": [record["title"]],
            **{source: [titles[record["id"]]] for source, titles in others.items()},
        }
        if every_candidate:
            by_source["best for the judge"] = [t for t, ok, _ in candidate_features(record["abstract"]) if ok] or [title]
        shown = list(dict.fromkeys(sentence_case(t) for titles in by_source.values() for t in titles))
        shuffle.shuffle(shown)
        labels = {t: _label(i) for i, t in enumerate(shown)}
        sources = {source: sorted({labels[sentence_case(t)] for t in titles}) for source, titles in by_source.items()}
        key.append({"item": item, "id": record["id"], "sources": sources})
        listed = "\n".join(f"{label}. {t}" for t, label in labels.items())
        sheet.append(f"## {item}\n\n{listed}\n\n{record['abstract'].strip()}\n")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sheet.md").write_text("\n".join(sheet), encoding="utf-8")
    (folder / "key.json").write_text(json.dumps(key, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _label(i: int) -> str:
    return chr(ord("A") + i) if i < 26 else f"A{i - 25}"


def tally(folder: Path) -> list[tuple[str, str, float, float, int]]:
    """(source, judge, mean score, share of 4 or more, abstracts scored) for each source and judge, then all judges.

    A source that stands for several titles of an abstract scores as the best of them.
    """
    key = json.loads((folder / "key.json").read_text(encoding="utf-8"))
    judges = {}
    for path in sorted(folder.glob("scores*.tsv")):
        with path.open(encoding="utf-8", newline="") as lines:
            judges[path.stem] = {
                (int(row["item"]), row["label"].strip()): int(row["score"]) for row in csv.DictReader(lines, delimiter="\t")
            }
    rows = []
    for source in key[0]["sources"]:
        every: list[int] = []
        for judge, scores in judges.items():
            given = []
            for entry in key:
                found = [scores[entry["item"], label] for label in entry["sources"][source] if (entry["item"], label) in scores]
                given += [max(found)] if found else []
            every += given
            rows.append(
                (source, judge, sum(given) / max(len(given), 1), sum(s >= 4 for s in given) / max(len(given), 1), len(given))
            )
        if len(judges) > 1:
            rows.append(
                (source, "all", sum(every) / max(len(every), 1), sum(s >= 4 for s in every) / max(len(every), 1), len(every))
            )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DEV_DATA)
    parser.add_argument("--n", type=int, default=1000, help="abstracts drawn from the half (0: all of it)")
    parser.add_argument("--half", choices=["tune", "held-out", "all"], default="held-out")
    parser.add_argument(
        "--judge", type=int, default=0, help="write a blind sheet of this many abstracts and titles to --judge-dir"
    )
    parser.add_argument("--judge-seed", type=int, default=SAMPLE_SEED + 1, help="which abstracts --judge draws")
    parser.add_argument("--judge-dir", type=Path, default=Path("judge"), help="where --judge writes sheet.md and key.json")
    parser.add_argument(
        "--judge-titles", type=Path, nargs="*", default=[], help="JSON files of other titles by paper id, judged beside ours"
    )
    parser.add_argument("--judge-candidates", action="store_true", help="show every admissible candidate on the sheet too")
    parser.add_argument("--tally", type=Path, help="print the judges' scores in this folder by source, and stop")
    parser.add_argument("--ceiling", action="store_true", help="also print what a perfect choice or deleting words could reach")
    parser.add_argument("--embeddings", action="store_true", help="let the sentence model help choose the titles")
    parser.add_argument("--defects", action="store_true", help="list every faulted title and what is wrong with it")
    parser.add_argument("--model", type=Path, help="a GGUF file whose titles are scored beside the derived ones")
    parser.add_argument("--model-cache", type=Path, help="where the model's titles are kept between runs (default: none)")
    args = parser.parse_args()
    if args.tally:
        print("| source | judge | mean | 4 or more | abstracts |\n|---|---|---|---|---|")
        for source, judge, mean, good, count in tally(args.tally):
            print(f"| {source} | {judge} | {mean:.2f} | {good:.0%} | {count} |")
        return

    records = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines() if line.strip()]
    pool = records if args.half == "all" else halves(records)[args.half]
    sample = random.Random(SAMPLE_SEED).sample(pool, args.n) if 0 < args.n < len(pool) else pool
    if args.judge:
        chosen = random.Random(args.judge_seed).sample(sample, args.judge)
        others = {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in args.judge_titles}
        if args.model:
            # Three titles an abstract: derived, the model's (checked, so where it fails the derived stands twice), real.
            written = model_rows(chosen, args.model, args.model_cache)[1]
            others[args.model.stem] = {r["id"]: t for r, t in zip(chosen, written, strict=True)}
        write_judge_sheet(chosen, others, args.judge_seed, args.judge_dir, args.judge_candidates, best=not args.model)
        print(
            f"{args.judge} abstracts and their titles in {args.judge_dir / 'sheet.md'}, the key in {args.judge_dir / 'key.json'}"
        )
        return

    row, derived = score(sample, sentence_embeddings if args.embeddings else None)
    print(f"{len(sample)} abstracts from the {args.half} half, {row['named']} of them with a named real title\n")
    print("| half | model | papers | name leads | ROUGE-L F1 | defects | real titles' defects | mean words | seconds |")
    print("|---|---|---|---|---|---|---|---|---|")
    print(
        f"| {args.half} | {'sentence model' if args.embeddings else 'rules'} | {row['papers']} | {row['name leads']:.1%} | {row['ROUGE-L F1']:.3f} | {row['defects']:.1%}"
        f" | {row['real defects']:.1%} | {row['mean words']:.1f} | {row['seconds']:.2f} |"
    )
    if args.model:
        print("\n| titles | papers | ROUGE-L F1 | invented | check failures | defects | mean words | s/title |")
        print("|---|---|---|---|---|---|---|---|")
        rows = [
            {**invention_row("derived", sample, derived), "s/title": row["seconds"] / len(sample)},
            *model_rows(sample, args.model, args.model_cache)[0],
            invention_row("real", sample, [r["title"] for r in sample]),
        ]
        for r in rows:
            print(
                f"| {r['titles']} | {r['papers']} | {r['ROUGE-L F1']:.3f} | {r['invented']:.1%} | {r.get('check failures', 0):.1%}"
                f" | {r['defects']:.1%} | {r['mean words']:.1f} | {r.get('s/title', float('nan')):.3f} |"
            )
    if args.ceiling:
        reach = ceiling(sample)
        print(
            "\n| half | papers | ROUGE-L F1, derived | ROUGE-L F1, best candidate | real titles that are one sentence with words deleted |"
        )
        print("|---|---|---|---|---|")
        print(
            f"| {args.half} | {row['papers']} | {row['ROUGE-L F1']:.3f} | {reach['best candidate']:.3f} | {reach['extractable']:.1%} |"
        )
    print("\n| derived | real |\n|---|---|")
    for i in random.Random(SAMPLE_SEED).sample(range(len(sample)), min(SHOWN, len(sample))):
        print(f"| {derived[i]} | {sample[i]['title']} |")
    if args.defects:
        print()
        for title in derived:
            if title_defects(title):
                print(f"{'; '.join(title_defects(title))}: {title}")


if __name__ == "__main__":
    main()
