"""Score derived titles against the real ones of the OpenReview export, with the titles removed.

    python benchmarks/titles.py [--data ../shared/data/iclr2026-openreview.dev.jsonl] [--n 1000] [--half held-out]
    python benchmarks/titles.py --judge 60 [--judge-seed 7] > judge.md   # abstracts and derived titles, to judge by hand

The export is split in two seeded halves: rules are tuned on `tune` and
checked on `held-out`. From the chosen half it draws n seeded abstracts,
derives a title from each abstract alone, and prints one table row:

- name leads: of the papers whose real title opens with a coined name the
  abstract uses ("LapFlow: ..."), the share whose derived title opens with it
  (or with its acronym, then it: "RAQ: Rate-Adaptive Quantization ...");
- ROUGE-L F1 of the derived title against the real one, over lowercase words;
- defects: the share of titles the grammar gate of generator.titles faults,
  misspelt gerunds included (the real titles' own rate is printed beside it);
- mean length in words, and the seconds the derivation took (with --embeddings,
  the sentence model's too).

Then 20 seeded random derived titles beside the real ones.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from generator.embeddings import sentence_embeddings  # noqa: E402
from generator.titles import Embed, coined, derive_titles, title_defects  # noqa: E402

DEV_DATA = REPO.parent / "shared" / "data" / "iclr2026-openreview.dev.jsonl"
SPLIT_SEED = 16
SAMPLE_SEED = 2026
SHOWN = 20


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DEV_DATA)
    parser.add_argument("--n", type=int, default=1000, help="abstracts drawn from the half (0: all of it)")
    parser.add_argument("--half", choices=["tune", "held-out", "all"], default="held-out")
    parser.add_argument("--judge", type=int, default=0, help="print this many abstracts and titles to judge by hand")
    parser.add_argument("--judge-seed", type=int, default=SAMPLE_SEED + 1, help="which abstracts --judge draws")
    parser.add_argument("--embeddings", action="store_true", help="let the sentence model help choose the titles")
    parser.add_argument("--defects", action="store_true", help="list every faulted title and what is wrong with it")
    args = parser.parse_args()

    records = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines() if line.strip()]
    pool = records if args.half == "all" else halves(records)[args.half]
    sample = random.Random(SAMPLE_SEED).sample(pool, args.n) if 0 < args.n < len(pool) else pool
    if args.judge:
        chosen = random.Random(args.judge_seed).sample(sample, args.judge)
        for i, (record, title) in enumerate(zip(chosen, derive_titles([r["abstract"] for r in chosen]), strict=True), 1):
            print(f"## {i}. {record['id']}\n\nderived: {title}\nreal:    {record['title']}\n\n{record['abstract']}\n")
        return

    row, derived = score(sample, sentence_embeddings if args.embeddings else None)
    print(f"{len(sample)} abstracts from the {args.half} half, {row['named']} of them with a named real title\n")
    print("| half | model | papers | name leads | ROUGE-L F1 | defects | real titles' defects | mean words | seconds |")
    print("|---|---|---|---|---|---|---|---|---|")
    print(
        f"| {args.half} | {'sentence model' if args.embeddings else 'rules'} | {row['papers']} | {row['name leads']:.1%} | {row['ROUGE-L F1']:.3f} | {row['defects']:.1%}"
        f" | {row['real defects']:.1%} | {row['mean words']:.1f} | {row['seconds']:.2f} |"
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
