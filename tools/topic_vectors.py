"""Write the sentence vectors of the topics a theme may be named by (generator/themes/topic_vectors.npz).

    python -m tools.topic_vectors [--data DEV.jsonl] [--half 0|1|all] [--vectors STORE.pickle] [--out FILE]

A paper is also about the topics its abstract is nearest by meaning, though
it may not name them (generator/themes/nearness.py): "Extrapolating Large
Models from the Small" and "Model Utility Law" never say "large language
model evaluation", and are both about it. The file holds each topic of the
vocabulary (topics.tsv) that may name a theme, its name's vector by the
package's own sentence model (all-MiniLM-L6-v2), and its mean cosine with
the export's abstracts: what every abstract comes to near a broad topic
("large language model fine-tuning" at ICLR 2026), which a paper must be
nearer by far. The abstracts are the dev export's (OpenReview, ICLR 2026
submissions, CC BY 4.0), by default only half of them (--half 0, by the
hash of each id), so that benchmarks/labels.py --half 1 scores themes on
papers the file has never seen.
"""

from __future__ import annotations

import numpy as np

from generator.analysis.embeddings import model_key, sentence_embeddings
from generator.themes.naming import names_a_theme
from generator.themes.nearness import NEAR_FILE
from generator.themes.topics import BROADEST, vocabulary

from .dev_export import abstract_vectors, parser, records


def main() -> None:
    args = parser(__doc__, NEAR_FILE).parse_args()
    chosen = records(args, lambda _: True)
    abstracts = abstract_vectors(chosen, args.vectors).astype(np.float64)
    topics, _ = vocabulary()
    keys = sorted(key for key, topic in topics.items() if names_a_theme(key, topic) and topic.share <= BROADEST)
    vectors = sentence_embeddings([topics[key].spelling for key in keys])
    background = (abstracts @ vectors.T.astype(np.float64)).mean(axis=0)
    np.savez_compressed(
        args.out,
        keys=np.array(keys),
        vectors=vectors.astype(np.float32),
        background=background.astype(np.float32),
        model=np.array(model_key()),
        abstracts=np.array(len(chosen)),
    )
    print(f"{len(keys)} topics, background of {len(chosen)} abstracts -> {args.out}")


if __name__ == "__main__":
    main()
