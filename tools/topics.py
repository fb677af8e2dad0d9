"""Write the topic vocabulary that theme labels are drawn from (generator/themes/topics.tsv).

    python -m tools.topics [--data DEV.jsonl] [--half 0|1] [--out FILE]

The vocabulary is the author keywords of a public conference export: by
default the ICLR 2026 submissions on OpenReview (CC BY 4.0, credit
"OpenReview, ICLR 2026 submissions"). A keyword becomes a topic when enough
papers give it and the abstracts of enough of them say it, so that it names
what papers are about in the words abstracts use. For each topic the file
keeps how many papers give it as a keyword and how many abstracts say it:
their ratio is how much a phrase is a topic rather than a turn of phrase
("diffusion model" is a keyword of many papers that say it, "neural
network" of few). It also keeps how concentrated in some of the export's
areas (OpenReview's primary_area) the papers that say a phrase are: a
phrase all areas say alike ("benchmark", "robustness") names no session. Acronyms that abstracts define the same way nearly every
time ("LLM" for "large language model") are kept beside their topic, so
that a paper that only writes "LLMs" says it too.

--half keeps only the papers whose id hashes to that half (benchmarks/labels.py
--topics checks a vocabulary of one half on lists of the other).
"""

from __future__ import annotations

import argparse
import collections
import json
import math
from pathlib import Path

from benchmarks.common import DEV_DATA, in_half
from generator.text.keyphrases import acronyms_defined, normalise, said
from generator.themes.topics import TOPICS_FILE

# A topic is a keyword of at least this many papers...
MIN_PAPERS = 5
# ...and said by the abstracts of at least this share of them.
MIN_BACKED = 0.25
# The field's own names name no session of it.
FIELD = {"machine learning", "deep learning", "artificial intelligence", "neural network", "deep neural network", "large model"}
# A phrase of two or more words that this share of abstracts says is kept whatever its keywords.
MIN_EVERYDAY = 0.0015
# An acronym joins its topic when at least this many abstracts define it, this share of them the same way.
MIN_DEFINED = 5
SAME_WAY = 0.8
SETTLED = 30
SETTLED_WAY = 0.9


def concentration(areas: collections.Counter[str], overall: collections.Counter[str]) -> float:
    """How far the areas of the papers that say a phrase are from all papers' (KL divergence, nats).

    A phrase every field says ("benchmark", "robustness", "fine-tuning") sits near 0: it names no session.
    """
    said_by, papers = sum(areas.values()), sum(overall.values())
    return sum(n / said_by * math.log((n / said_by) / (overall[area] / papers)) for area, n in areas.items() if n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEV_DATA)
    parser.add_argument("--half", type=int, choices=(0, 1))
    parser.add_argument("--out", type=Path, default=TOPICS_FILE)
    args = parser.parse_args()
    records = [json.loads(line) for line in args.data.open(encoding="utf-8")]
    if args.half is not None:
        records = [r for r in records if in_half(r["id"], args.half)]
    given: collections.Counter[str] = collections.Counter()
    spellings: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    definitions: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    sayings = []
    for record in records:
        abstract = record.get("abstract") or ""
        for acronym, expansion in acronyms_defined(abstract).items():
            definitions[acronym][expansion] += 1
        sayings.append(said(abstract, {}))
        keys = set()
        for keyword in record.get("keywords") or []:
            key, spelled = normalise(keyword)
            if key and len(key.split()) <= 4:
                keys.add(key)
                spellings[key][spelled.lower() if spelled[:1].isupper() and spelled[1:2].islower() else spelled] += 1
        given.update(keys)
    acronyms = {}
    for acronym, expansions in definitions.items():
        expansion, times = expansions.most_common(1)[0]
        defined = sum(expansions.values())
        # Two letters stand for many things ("CL", "SD"): only the most settled of them are kept.
        settled = len(acronym) > 2 or (defined >= SETTLED and times >= SETTLED_WAY * defined)
        if defined >= MIN_DEFINED and times >= SAME_WAY * defined and settled:
            acronyms[acronym] = expansion
    expanded = [said(r.get("abstract") or "", acronyms) for r in records]
    backed_by: collections.Counter[str] = collections.Counter()
    abstracts: collections.Counter[str] = collections.Counter()
    areas: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for record, says in zip(records, expanded, strict=True):
        abstracts.update(key for key in says if key in given)
        for key in says:
            areas[key][record.get("primary_area") or ""] += 1
        keys = {normalise(k)[0] for k in record.get("keywords") or []}
        backed_by.update(key for key in keys if key in says)
    # A keyword that is an acronym counts for its expansion: "LLM" is "large language model".
    for acronym, expansion in acronyms.items():
        if acronym in given:
            given[expansion] += given.pop(acronym)
            spellings[expansion][expansion] += 0
            backed_by[expansion] += backed_by.pop(acronym, 0)
    overall = collections.Counter(record.get("primary_area") or "" for record in records)
    rows = []
    for key, papers in given.items():
        if papers >= MIN_PAPERS and backed_by[key] >= MIN_BACKED * papers and key not in FIELD:
            acronym = ",".join(sorted(a for a, e in acronyms.items() if e == key))
            spelled = spellings[key].most_common(1)[0][0] if spellings[key] else key
            rows.append((key, spelled, papers, abstracts[key], f"{concentration(areas[key], overall):.2f}", acronym))
    # Phrases many abstracts say and few papers give as a keyword are kept too, so that their
    # topicality, near nothing, tells the generator they name no topic ("future work").
    kept = {row[0] for row in rows}
    everyday: collections.Counter[str] = collections.Counter(key for says in sayings for key in says if " " in key)
    # The field's own names are written as named by no paper, however many do.
    everyday.update(dict.fromkeys(FIELD, len(records)))
    for key, times in everyday.items():
        if times >= MIN_EVERYDAY * len(records) and key not in kept:
            papers = 0 if key in FIELD else given.get(key, 0)
            said_by = max(1, sum(areas[key].values()))
            rows.append((key, key, papers, said_by, f"{concentration(areas[key], overall):.2f}", ""))
    rows.sort()
    lines = [
        f"# papers {len(records)}",
        "# key\tspelling\tkeyword papers\tabstracts that say it\tconcentration\tacronyms",
        *("\t".join(map(str, row)) for row in rows),
    ]
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(
        f"{len(rows)} phrases ({len(kept)} topics) from {len(records)} papers, {sum(bool(r[5]) for r in rows)} with acronyms: {args.out}"
    )


if __name__ == "__main__":
    main()
