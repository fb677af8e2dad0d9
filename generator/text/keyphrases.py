"""Keyphrases: the few multi-word terms that say what each paper is about.

Candidates are the last one to three words of each run of content words
between stopwords, verbs and punctuation, so a phrase never straddles "of" or
a comma and always ends in its noun. Each candidate is scored TF-IDF style
against the other texts given, so the phrases that survive are the ones that
set a paper apart from its neighbours, not the ones every abstract shares.
Without a part-of-speech tagger, word lists stand in for grammar.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from . import segment, wordlists

MAX_WORDS = 3
# Topic names run to four words: "large language model agent".
MAX_SAID = 4


# Masked before tokenising: math, links and markup carry no keyphrases.
_NOISE = re.compile(
    r"\$\$.*?\$\$|\$[^$]*\$|\\\(.*?\\\)|\\\[.*?\\\]"  # math
    r"|\\(?:cite[a-z]*|ref|eqref|label|footnote|url|href)\{[^{}]*\}"  # references
    r"|https?://\S+|www\.\S+"  # links
    r"|<[^>]*>|\\[A-Za-z]+|`[^`]*`"  # HTML, stray LaTeX commands, code
    # Idioms whose noun is no topic: "on the other hand" gave ECCV 2022 papers the keyword "hand".
    r"|\b(?:on the other|on the one|at|by) hand\b",
    re.DOTALL | re.IGNORECASE,
)
# A thousands separator is part of its number: a comma there would leave "000-category" of "21,000-category".
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")
# Punctuation ends a phrase. A token with no Latin letter or CJK word, such
# as a number or a stray symbol, ends one too (see _token).
_PUNCTUATION = re.compile(r"[!\"#$%&'()*+,./:;<=>?@\[\\\]^_`{|}~\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u00d7\u00b7]+|--+")
_LETTER = re.compile(r"[A-Za-z\u00C0-\u024F]")
# Parts of a word that keep their capitals: "LLMs", "KV", "3D", "LoRA", "ViT".
_CASED = re.compile(r"[A-Z0-9]*[A-Z][A-Z0-9]*s?|\w*[A-Z]\w*[A-Z]\w*")

_Chunk = list[tuple[str, str]]


def keyphrases(texts: Sequence[str], *, per_text: int = 6) -> list[list[str]]:
    """For each text, its per_text most distinctive phrases, best first.

    Phrases are lower-case except acronyms, which keep their capitals. A
    phrase's last word is spelled the way the texts most often end a phrase
    with it, so "diffusion models" reads the same on every paper. A text with
    no usable words gets no phrases.
    """
    chunked = [_chunks(t, shown=True) for t in texts]
    phrases = [_phrase_counts(chunks) for chunks in chunked]
    document_frequency = Counter(key for p in phrases for key in p)
    heads = head_spellings(chunk[-1] for chunks in chunked for chunk in chunks)
    chosen = []
    for chunks, p in zip(chunked, phrases, strict=True):
        words = Counter(key for chunk in chunks for key, _ in chunk)
        scores = {key: _score(key, f, words) * _idf(document_frequency[key], len(texts)) for key, f in p.items()}
        ranked = sorted(scores, key=lambda key: (-scores[key], key))
        chosen.append([spell(key, heads) for key in distinct(ranked, per_text)])
    return chosen


def terms(raw: str) -> list[str]:
    """A text's words and phrases as normalised keys, one per occurrence.

    The shared vocabulary of keyphrases, themes and related papers: a key is
    lower-case and singular, with acronyms in capitals ("LLM", "diffusion model").
    Phrases are the tails of each run of words, which end in its noun: "large
    language model" and "language model", never the fragment "large language".
    """
    found = []
    for chunk in _chunks(raw):
        found += [key for key, _ in chunk]
        found += _tails(chunk)[1:]
    return [key for key in found if _is_candidate(key)]


def said(raw: str, acronyms: Mapping[str, str]) -> Counter[str]:
    """How often the text says each run of up to MAX_SAID words, as keys, an acronym also as its expansion.

    What a theme's label is checked against: "LLM agents" says "large
    language model agent" where the text defines LLM, or acronyms does.
    """
    chunks = _chunks(raw)
    defined = {**acronyms, **_aliases(chunks)}
    found: Counter[str] = Counter()
    for chunk in chunks:
        keys = [key for key, _ in chunk]
        expanded = [word for key in keys for word in defined.get(key, key).split()]
        found.update(
            {
                " ".join(words[start:end])
                for words in (keys, expanded)
                for start in range(len(words))
                for end in range(start + 1, min(len(words), start + MAX_SAID) + 1)
            }
        )
    return found


def normalise(phrase: str) -> tuple[str, str]:
    """A keyword as given, as (key, spelling): "Large Language Models" is ("large language model", "large language models").

    The key matches the keyword against other keywords and against terms. A
    keyword that is not one phrase, such as "Heterophily and Homophily", has
    the empty key: only its terms count.
    """
    chunks = _chunks(phrase)
    if len(chunks) != 1:
        return "", ""
    return " ".join(key for key, _ in chunks[0]), " ".join(spelled for _, spelled in chunks[0])


def distinct(ranked: Iterable[str], limit: int) -> list[str]:
    """The best keys that do not repeat a word of a better one.

    "flow matching" then "flow matching method" says the same thing twice,
    and so do "large language model" and "LLM"; sharing a vague word
    ("model") is fine.
    """
    chosen: list[str] = []
    used_words: set[str] = set()
    used_acronyms: set[str] = set()
    used_spelled: set[str] = set()
    for key in ranked:
        if len(chosen) == limit:
            break
        content, acronyms, spelled = _key_parts(key)
        # An acronym that holds a phrase's initials names that phrase too: DPO and "preference optimization", 3DGS and "Gaussian splatting".
        if content & used_words or _spells_any(acronyms, used_spelled) or _spells_any(used_acronyms, spelled):
            continue
        chosen.append(key)
        used_words |= content
        used_acronyms |= acronyms
        used_spelled |= spelled
    return chosen


# Keys recur across a list's papers and pairs of papers; the bound keeps a conference's vocabulary from growing without end.
@functools.lru_cache(maxsize=1 << 16)
def _key_parts(key: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """A key's content words, the acronyms it holds, and the initials its runs of words spell."""
    words = key.split()
    content = frozenset(w for w in words if w not in wordlists.GENERIC)
    # "LoRA" and "MoE" may be spelled by their capitals or by all their letters.
    acronyms = frozenset(form for w in words if w != w.lower() for form in (w.upper(), "".join(filter(str.isupper, w))))
    # "large language model" spells LLM, and within it LM; "mixture-of-experts" spells MOE.
    parts = [p for w in words for p in w.split("-") if p]
    spelled = frozenset(
        "".join(p[0] for p in parts[i:j]).upper() for i in range(len(parts)) for j in range(i + 2, len(parts) + 1)
    )
    return content, acronyms, spelled


def _spells_any(acronyms: set[str], initials: set[str]) -> bool:
    """Whether some acronym holds some phrase's initials (two letters or more)."""
    return any(letters in acronym for acronym in acronyms for letters in initials)


def _chunks(raw: str, *, shown: bool = False) -> list[_Chunk]:
    """Runs of content words as (key, spelling) pairs, split at stopwords and punctuation.

    Phrases to be shown (keyphrases) split at a verb the lists do not name
    too (see _verb_here). The terms that themes are cut by keep the plain
    split, whose themes were measured: changing it moves their NMI on the
    ICLR 2026 papers by a few thousandths either way.
    """
    chunks: list[_Chunk] = []
    chunk: _Chunk = []
    # Markdown bold can split a word: "**S**elf-supervised".
    # Chinese and Japanese runs become their compound nouns, one phrase each (see segment.py).
    tokens = _PUNCTUATION.sub(" | ", segment.phrases(_NOISE.sub(" | ", _THOUSANDS.sub("", raw))).replace("**", "")).split()
    for token, following in itertools.zip_longest(tokens, tokens[1:], fillvalue=""):
        word, ends = _token(token)
        if shown and _verb_here(token, following):
            word, ends = None, True
        if word is not None:
            chunk.append(word)
        if ends and chunk:
            chunks.append(chunk)
            chunk = []
    if chunk:
        chunks.append(chunk)
    return chunks


def acronyms_defined(raw: str) -> dict[str, str]:
    """The acronyms a text defines ("large language models (LLMs)"), each with the key of its expansion."""
    return _aliases(_chunks(raw))


def _aliases(chunks: list[_Chunk]) -> dict[str, str]:
    """Acronyms the text defines, as in "reinforcement learning (RL)", to their expansion."""
    found = {}
    for before, (acronym, *rest) in itertools.pairwise(chunks):
        letters = acronym[0].lower()
        if rest or acronym[0] == letters:
            continue
        for size in range(2, min(len(before), len(letters)) + 1):
            words = [key for key, _ in before[-size:]]
            if "".join(part[0] for word in words for part in word.lower().split("-") if part) == letters:
                found[acronym[0]] = " ".join(words)
    return found


def _phrase_counts(chunks: list[_Chunk]) -> Counter[str]:
    """How often each candidate phrase ends a run of words, an acronym counting as its expansion.

    Only tails count: "multiscale flow" inside "multiscale flow matching" is
    a fragment, while "flow matching" and "graph diffusion model" inside "few-shot
    graph diffusion model" stand for the whole.
    """
    phrases = Counter(key for chunk in chunks for key in _tails(chunk) if _is_candidate(key))
    for acronym, expansion in _aliases(chunks).items():
        # Less the parenthesis that defines it.
        uses = phrases.pop(acronym, 0) - 1
        if uses > 0 and expansion in phrases:
            phrases[expansion] += uses
    return phrases


def _score(key: str, f: int, counts: Counter[str]) -> float:
    """How much a phrase is about its text, before its rarity across texts counts."""
    words = key.split()
    if len(words) == 1:
        return 1 + math.log(f)
    # A text that keeps coming back to a phrase's words is about it: "KV cache
    # compression" said once, in a text full of "KV" and "cache", counts.
    recurrence = sum(1 + math.log(counts[w]) for w in words) / len(words)
    # Multi-word phrases name a topic; single words rarely do.
    return (1 + math.log(f)) * recurrence * (1.6 if len(words) == 2 else 1.8)


def _idf(document_frequency: int, documents: int) -> float:
    return math.log((1 + documents) / (1 + document_frequency)) + 1


@functools.lru_cache(maxsize=1 << 18)
def _token(token: str) -> tuple[tuple[str, str] | None, bool]:
    """A token's (key, spelling), or None if it is no word; and whether it ends a phrase."""
    token = token.strip("-")
    lower = token.lower()
    if len(token) < 2 or _ends_phrase(lower) or not (_LETTER.search(token) or segment.CJK.search(token)):
        return None, True
    parts = [part if _CASED.fullmatch(part) else part.lower() for part in token.split("-")]
    spelled = "-".join(parts)
    last = parts[-1]
    if last != last.lower():
        # A plural acronym: "LLMs" is the key "LLM".
        parts[-1] = last[:-1] if re.fullmatch(r".*[A-Z0-9]s", last) else last
    else:
        parts[-1] = _singular(last)
    key = "-".join(parts)
    # A plural ends a phrase: "models" in "models dominate" is the subject of
    # a verb, not a modifier.
    return (key, spelled), key != spelled


def _ends_phrase(word: str) -> bool:
    if word in wordlists.STOP or word in wordlists.VERBS:
        return True
    if word.endswith("ly") and word not in wordlists.NOT_ADVERBS:
        return True
    # "first-of-its-kind" is as empty as its parts.
    parts = word.split("-")
    return len(parts) > 2 and sum(part in wordlists.STOP for part in parts) * 2 > len(parts)


def _verb_here(token: str, following: str) -> bool:
    """Whether a token is a verb: the third person of a listed verb ("reduces", "possesses"), or a lower-case word
    in -s before "the" or "a", whatever the lists know ("TruthRL arises from the"). A plural of a gerund
    ("recordings") is a noun.
    """
    word = token.lower()
    if word in wordlists.SHOWN_STOP:
        return True
    if not word.endswith("s") or word.endswith("ss") or word in wordlists.IRREGULAR:
        return False
    verbs = wordlists.VERBS | wordlists.SHOWN_STOP
    if (word[:-1] in verbs and not word.endswith("ings")) or (word.endswith("es") and word[:-2] in verbs):
        return True
    return following.lower() in wordlists.DETERMINERS and token.islower()


def _singular(word: str) -> str:
    if word in wordlists.IRREGULAR:
        return wordlists.IRREGULAR[word]
    if len(word) <= 3 or word.endswith(wordlists.NOT_PLURAL) or not word.endswith("s"):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zzes")):
        return word[:-2]
    return word[:-1]


def _tails(chunk: _Chunk) -> list[str]:
    """The keys of the last one, two, ... MAX_WORDS words of a run, which end in its noun."""
    words = [key for key, _ in chunk[-MAX_WORDS:]]
    return [" ".join(words[start:]) for start in range(len(words) - 1, -1, -1)]


@functools.lru_cache(maxsize=1 << 18)
def _is_candidate(key: str) -> bool:
    words = key.split()
    # A phrase ends in its noun: "evaluations produced" is a clause and
    # "task amenable" a fragment.
    last = words[-1]
    if last.endswith(wordlists.NOT_HEADS) and last not in wordlists.HEADS:
        return False
    return any(w not in wordlists.GENERIC for w in words)


def head_spellings(heads: Iterable[tuple[str, str]]) -> dict[str, str]:
    """From (key, spelling) pairs of the words that end phrases, each key's most common spelling.

    Ties go to the first spelling alphabetically.
    """
    best: dict[str, tuple[int, str]] = {}
    for (key, spelled), f in Counter(heads).items():
        if key not in best or (-f, spelled) < (-best[key][0], best[key][1]):
            best[key] = (f, spelled)
    return {key: spelled for key, (_, spelled) in best.items()}


def spell(key: str, heads: Mapping[str, str]) -> str:
    """A key as it reads: only its last word may differ, as in "diffusion models"."""
    *first, last = key.split()
    return " ".join([*first, heads.get(last, last)])
