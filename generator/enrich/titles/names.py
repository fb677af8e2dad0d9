"""The method an abstract names: found where it is introduced, presented as the whole method, kept as a
subject, spelled in bold initials or named only by its project page; never a field's acronym nor others' work."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from .lexicon import GENERIC, GENERIC_NOUN, INSIDE_PHRASE, INTRO, MAX_SENTENCES, MAX_TITLE_CHARS, STEMS_KEPT, WE
from .phrases import describe, plain_case, strip_lead

# A name the abstract only uses, never introduces, must be used this often.
_MIN_USES = 3

# Words and names. A name token may hold "-", "." or "^" inside and end in "+": C-voting, ItrSA++.
_TOKEN = r"[^\W_](?:[^\W_+]|[-.^](?=[^\W_])|\+)*"
_NAME_WORD = re.compile(_TOKEN)
# "HELIOS achieves ...", "Our method, 3DSPA, is ..."
# A name right after the verb, then its apposition: "we propose ChemHGNN, a ...".
_DIRECT_NAME = re.compile(r"\s+(" + _TOKEN + r")(?=\s*[,\u2014\u2013:])")
# "our PromptArmor can ...", "the proposed method MMTok is ...", "our proposed system, OmniReset, ..."
_OUR_NAME = re.compile(r"(?i:\bour|\bthe proposed)\s+(?:[a-z-]+\s+){0,2}?(?:[a-z-]+,\s+)?(" + _TOKEN + r")\b")
# "Specifically, PASTEL first aligns ...", "results show that CLAA robustly aggregates ...": a subject mid-sentence.
# The lookahead skips plain lowercase words early: names have a capital or a digit.
_NAME_ACTS = re.compile(
    r"(?<![\w-])(?=[\w.^+-]*[A-Z0-9])("
    + _TOKEN
    + r")\s+(?:(?:\w+ly|can|also|further|first|then|consistently)\s+)?(?:[a-z]+[^su\W]s|is|are)\b"
)
_SHORT_ACRONYM = re.compile(r"[A-Z]{2,3}")
_SUBJECT_NAME = re.compile(r"(?:(?:our|the)\s+(?:[\w-]+,?\s+){0,2}?)?(" + _TOKEN + r")(?:,|\s+(?:is|are|can|[a-z]+s)\b)", re.I)
# What a paper's whole contribution is called, unlike a part of it (module, loss, prompt encoder): "Fed-DIP, a
# novel framework", "BEAR, a fine-grained benchmark".
_WHOLE_NOUN = r"(?:framework|approach|method|model|paradigm|system|pipeline|architecture|agent|algorithm|benchmark|dataset)"
_WHOLE = _WHOLE_NOUN + r"s?\b"
# "our proposed X", "a framework called X", "the Fed-GRIP framework" before a name; after it "X, a novel
# framework", "(X), a unified framework", "X model".
_OWN_BEFORE = re.compile(
    r"(?:(?i:\bour|\bthe proposed)\s+(?:[\w-]+,?\s+){0,2}|" + _WHOLE + r",?\s+(?:(?:called|named|termed|dubbed|coined)\s+)?)$"
)
_OWN_AFTER = re.compile(r"\)?\s*(?:\([^()]{0,80}\))?,\s+(?:an?|the)\s+(?:[\w-]+,?\s+){0,5}?" + _WHOLE + r"|\s+" + _WHOLE)
_OWN_WINDOW = 40
# The same, to find such names: "Our method, QuestA, ...", "STAR, a novel deep learning framework", "a new
# method, SHANG++, ...", "a novel benchmark—MIRAGE—the first ...". A plural ("benchmark datasets, TSU,
# Charades") lists examples.
_OWN_NAMES = re.compile(
    r"(?i:\bour|\bthe proposed)((?:[\s,]+" + _TOKEN + r"){1,3})"
    + r"|(?<![\w-])(" + _TOKEN + r")(?:\)|\s*\((?:(" + _TOKEN + r")\)|[^()]{0,80}\)))?,\s+(?:an?|the)\s+(?:[\w-]+,?\s+){0,5}?"
    + _WHOLE
    + r"|" + _WHOLE_NOUN + r"\b\s*(?:[,\u2014\u2013]\s*|\s+(?:called|named|termed|dubbed|coined)\s+)(" + _TOKEN + r")"
    + r"(?=\s*[,\u2014\u2013(.;:)]|\s+(?:that|which|is|was|can)\b)"
)  # fmt: skip
# "our proposed method, X": the words "our" may take before the name.
_BEFORE_OUR_NAME = GENERIC | {"proposed", "new", "novel", "model", "system", "pipeline", "architecture", "agent",
                               "benchmark", "dataset", "algorithm", "called", "named", "termed", "dubbed"}  # fmt: skip
# "(Johnson et al., 2017)", "(SFBD; Lu et al., 2025)" right after a name: others' work (see _cited).
_CITATION = re.compile(r"(?:[\s-]+[\w-]+){0,2}?\s*\((?:[^()]{0,60}?[;,]\s*)?[A-Z][^()]{0,60}?(?:et al\.|\b(?:19|20)\d\d[a-z]?)\)")
# "we leverage NatureLM, an autoregressive model", "we focus on ResNets, a widely adopted architecture": used, not made.
_USED_BEFORE = re.compile(r"\b(?:leverag\w*|us(?:e|es|ed|ing)|adopt\w*|employ\w*|utiliz\w*|on|to|from|of|like)\s+$", re.I)
# "0.5B-parameter", "SO-equivariance": a modifier or a quantity, not a name, when its last part is a plain word.
_PLAIN_LAST_PART = re.compile(r".*-[a-z]{4,}")
_CAPITAL_NEXT = re.compile(r"\s+[A-Z]")

# How a method is named: "called X", "X (Long Form)", "Long Form (X)", "X, a ...", "X—a ...".
_NAME_RUN = r"((?:" + _TOKEN + r"\s+){0,6}?" + _TOKEN + r")"
_CALLED = re.compile(
    r"\b(?:called|termed|named|namely|dubbed|coined|abbreviated as|short as|referred to as|(?i:we) (?:term|call|name|dub))\s+(?:the\s+(?=\w+[A-Z0-9-]))?" + _NAME_RUN
    + r"\s*(?:\((" + _TOKEN + r")\)|\([^()]{2,80}\))?(?=\s*[,.;:)]|\s+(?:that|which|to|and|for|with|based|built|in|on|as|is|from|by|via)\b|$)"
)  # fmt: skip
_TITLED_NAME = re.compile(r"\s+((?:[A-Z][\w-]*\s+){0,2}[A-Z][\w-]*)(?=,\s+(?:an?|the)\s|\s+\()")
_NAME_CONTEXT = re.compile(r"\s*(?:[,(:;.\u2014\u2013-]|$)|\s+(?:that|which|to|for)\b")
_NAME_BEFORE_KIND = re.compile(r"\s+(?:[a-z][\w-]*\s+)?(?:" + GENERIC_NOUN + r"|benchmark|dataset)s?\b")
_ACRONYM = re.compile(r"\s*\((" + _TOKEN + r")\)\s*(?:([a-z][\w-]*)(?=[,\u2014\u2013:]|\s+(?:that|which)\b))?")
_RELATIVE_AFTER = re.compile(r",\s+(?:which|that)\b")
_APPOSITION = re.compile(r",\s+(?:an?|the)\s|\s*[\u2014\u2013:]")
_ASIDE = re.compile(r"\s*(?:\(([^()]{2,80})\)|[\u2014\u2013]\s*([^,;()]{3,80}?)(?=,))")
_PREPOSITION = re.compile(r"(?i)\b(?:for|of|with|to|in|on|by|via|from|that|which)\b")
_PROJECT_URL = re.compile(
    r"([\w-]+)\.github\.io(?:/([\w-][\w.-]*))?|github\.com/[\w.-]+/([\w.-]+)|4open\.science/r/([\w.-]+)", re.I
)

# Bold initials: "**Mo**tion **Re**construction", "\\textbf{S}parse \\textbf{A}ttention".
_BOLD_INITIAL = re.compile(r"\*\*([A-Z0-9][A-Za-z0-9]{0,3})\*\*|\\textbf\{([A-Z0-9][A-Za-z0-9]{0,3})\}")
_BOLD_RUN = re.compile(
    r"(?:" + _BOLD_INITIAL.pattern + r")[\w-]*(?:[\s-]+(?:[a-z]+[\s-]+){0,2}?(?:" + _BOLD_INITIAL.pattern + r")[\w-]*)+"
)
# The field's own acronyms name what a paper builds on, never what it coined.
_FIELD_ACRONYMS = {
    "AI", "AGI", "ML", "DL", "RL", "IL", "NLP", "CV", "LLM", "LM", "PLM", "SLM", "MLLM", "VLM", "LVLM", "LMM", "VLA",
    "RNN", "CNN", "GNN", "GCN", "GAN", "VAE", "MLP", "LSTM", "GRU", "SSM", "MOE", "VIT", "NERF", "3DGS", "KV", "SDE",
    "ODE", "PDE", "TDA", "SAE", "RAG", "COT", "ICL", "SFT", "RLHF", "RLVR", "DPO", "PPO", "GRPO", "SGD", "ADAM",
    "LORA", "PEFT", "OOD", "QA", "VQA", "ASR", "TTS", "OCR", "NER", "KG", "MDP", "POMDP", "MARL", "GP", "BO", "NAS",
    "FL", "DP", "SOTA", "API", "GPU", "CPU", "TPU", "FLOPS", "IOU", "MSE", "KL", "MCMC", "EM", "PCA", "SVD", "KNN",
    "T2I", "T2V", "I2V", "3D", "2D", "4D", "LRM", "MCTS", "ADMM", "PINN", "FNO", "CLIP", "BERT", "GPT",
    "SSL", "CL", "KD", "DA", "UDA", "TTA", "MAS", "HRL", "FSL", "ZSL", "IRL", "OPE", "SNN", "DNN", "PTQ", "QAT",
}  # fmt: skip


def method_name(raw: str, sentences: list[str], text: str, urls: list[str]) -> tuple[str, str, int] | None:
    """The method the abstract names, what the abstract says it is, and the sentence that says so (-1: none).

    raw is the abstract as written (bold initials may spell the name), text the cleaned abstract, urls those
    cleaning took out of it.
    """
    # A name the abstract only uses competes too, and wins only by being used more.
    bold = _bold_initials(raw)
    found = [*_named_methods(sentences, text), bold, _frequent_name(sentences, text), _owned_name(text)]
    return _chosen_name(found, text, bold) or _url_name(urls, text)


def _chosen_name(
    names: list[tuple[str, str, int] | None], text: str, bold: tuple[str, str, int] | None
) -> tuple[str, str, int] | None:
    """Of the names found, the one the abstract uses most, the first found on a tie. Being presented as the
    whole method (or spelled in bold initials) counts as one use more: a module or side benchmark is often
    named more often than the method it belongs to. The bonus goes to the name, whichever finder found it: the
    one that found it first (an introduction, with what the method is) keeps it on a tie."""
    found = [named for named in names if named and not _cited(named[0], text)]
    bold_name = bold[0] if bold else None
    return max(found, key=lambda named: (named[0] == bold_name or _own(named[0], text)) + _uses(named[0], text), default=None)


def _cited(name: str, text: str) -> bool:
    """Whether the text cites the name as others' work: "a controlled CLEVR setting (Johnson et al., 2017)",
    "Stochastic Forward-Backward Deconvolution (SFBD; Lu et al., 2025)"."""
    return any(_CITATION.match(text, at + len(name)) for at in _occurrences(name, text))


def _own(name: str, text: str) -> bool:
    """Whether the text presents the name as its whole method: "our X", "X, a novel framework", "a framework
    called X", "our X model"."""
    return any(
        _OWN_BEFORE.search(text, max(0, at - _OWN_WINDOW), at) or _OWN_AFTER.match(text, at + len(name))
        for at in _occurrences(name, text)
    )


def _owned_name(text: str) -> tuple[str, str, int] | None:
    """The first coined name the text presents as its whole method, however seldom it uses it: "Our method,
    QuestA, ...", "our proposed Med-K2N outperforms ...", "STAR, a novel deep learning framework"."""
    # An acronym used before the authors speak ("Video Class-Incremental Learning (VCIL) seeks ...") is the field's.
    ours = WE.search(text)
    background = text[: ours.start()] if ours else ""
    for match in _OWN_NAMES.finditer(text, len(background)):
        if match[1]:
            name, at = _our_name(match[1], match.start(1))
        else:
            # "Image-Only Training for UMMs (IOMM), a ... framework": the acronym is the name.
            group = 3 if match[3] else 2 if match[2] else 4
            name, at = match[group], match.start(group)
        # "our Any-Subset Speculative Decoding (ASSD)": the first word of a long form, whose acronym is the name.
        long_form = _CAPITAL_NEXT.match(text, at + len(name))
        used = match[2] and _USED_BEFORE.search(text, max(0, match.start(2) - _OWN_WINDOW), match.start(2))
        if not name or long_form or used or _PLAIN_LAST_PART.fullmatch(name) or name in background:
            continue
        if coined(name) and not _field_acronym(name):
            return name, "", -1
    return None


def _our_name(words: str, start: int) -> tuple[str, int]:
    """The name in "our proposed method, X" or "our X", and where it starts; "" when other words come first."""
    for word in _NAME_WORD.finditer(words):
        if word[0] not in _BEFORE_OUR_NAME:
            return word[0], start + word.start()
    return "", start


def _uses(name: str, text: str) -> int:
    """How often the text uses the name as a word of its own, not inside another ("SAM" in "SAM-2" is not)."""
    return sum(1 for _ in _occurrences(name, text))


def _occurrences(name: str, text: str) -> Iterator[int]:
    """Where the text uses the name as a word of its own."""
    # A scan rather than a pattern per name: compiling one for every name found cost more than the rest.
    at = text.find(name) if name else -1
    while at >= 0:
        end = at + len(name)
        if not _joined(text, at - 1) and not _joined(text, end):
            yield at
            at = text.find(name, end)
        else:
            at = text.find(name, at + 1)


def _joined(text: str, at: int) -> bool:
    """Whether the character at ties a word to its neighbour (a letter, digit, "_" or "-"); False off the text."""
    return 0 <= at < len(text) and (text[at].isalnum() or text[at] in "_-")


def _named_methods(sentences: list[str], text: str) -> list[tuple[str, str, int]]:
    """The methods the abstract introduces, what each is, and which sentence says so."""
    found: list[tuple[str, str, int]] = []
    for at, sentence in enumerate(sentences[:MAX_SENTENCES]):
        named = _name_in(sentence)
        if named and all(named[0] != other[0] for other in found):
            name, expansion, app = named
            found.append((name, describe(expansion, app, " ".join(sentences[:at])), at))
    return found


def _name_in(sentence: str) -> tuple[str, str, str] | None:
    """A method's name, its expansion, and the phrase in apposition to it; never a field's acronym."""
    found = _any_name_in(sentence)
    if found and _field_acronym(found[0]):
        return None
    return found


def _field_acronym(name: str) -> bool:
    """Whether a name is the field's jargon (RL, LLMs, GNN) rather than something the paper coined."""
    return re.sub(r"(?<=[A-Z])s$", "", name).upper() in _FIELD_ACRONYMS


def _any_name_in(sentence: str) -> tuple[str, str, str] | None:
    intros = list(INTRO.finditer(sentence))
    start = intros[0].end() if intros else 0
    called = _CALLED.search(sentence, start) if intros or WE.search(sentence) else None
    if called:
        phrase, paren = called[1], called[2]
        expansion, _, name = phrase.rpartition(" or ")
        if paren:
            expansion, name = phrase, paren
        # "a method called Elsa": named so, a plain capitalised word is a name too.
        plain = " " not in name and name[:1].isupper() and name[1:].islower() and len(name) > 2
        # "called Soft QD": a word of the name may be the coined one.
        if (any(coined(word) for word in name.split()) or plain) and len(name.split()) <= 3:
            app = sentence[start : called.start()].rpartition(" that ")[2]
            return name, expansion, app.strip(" ,")
    # "we introduce, we propose X": a later verb may be the one that names it. Real sentences have
    # one or two such verbs; the cap keeps pathological input linear.
    for intro in intros[:3]:
        # "we propose ChemHGNN, a hypergraph neural network (HGNN) framework": the name comes first.
        first = _DIRECT_NAME.match(sentence, intro.end())
        direct = _name_after(sentence, intro.end()) if first and coined(first[1]) else None
        found = direct or _acronym_after(sentence, intro.end()) or _name_after(sentence, intro.end())
        if found:
            return found[0], plain_case(found[1]), found[2]
    return None


def _acronym_after(sentence: str, start: int) -> tuple[str, str, str] | None:
    """An acronym in parentheses after its long form: "we present Laplacian flow matching (LapFlow)"."""
    for acronym in _ACRONYM.finditer(sentence, start, start + MAX_TITLE_CHARS * 2):
        segment = re.split(r"[,;:]\s|[\u2014\u2013]", sentence[start : acronym.start()])[-1]
        name, leading, rest = acronym[1], strip_lead(segment), sentence[acronym.end() :]
        if re.fullmatch(r"[A-Z]+s", name):  # "(LLMs)" abbreviates the field's jargon, not a method
            continue
        # Right after the verb any expansion will do ("Stimulus-Evoked Evolution Recurrent dynamics
        # (STEER)"); further away only a true acronym that is then described, lest "(FSNC)" name a method.
        if len(segment.split()) <= 8 and _expands(leading, name) and not INSIDE_PHRASE.search(leading):
            noun = acronym[2] or ""
            # "(DOC) fine-tuning" names the method; "(STEER) framework" only says what kind it is.
            return name, leading + (f" {noun}" if noun and noun not in GENERIC else ""), rest.lstrip(" ,\u2014\u2013:")
        words = segment.split()[-8:]
        # "a new unsupervised approach (Patch2Loc) that learns ...": a coined name given to what was just described.
        if words and words[-1] in GENERIC and coined(name) and not INSIDE_PHRASE.search(leading):
            return name, leading, rest.lstrip(" ,\u2014\u2013:")
        spelled = [" ".join(words[i:]) for i in range(len(words) - 1) if spells(" ".join(words[i:]), name)]
        # "a decoding mechanism, Decoding with ... Aggregation (DCLA), which ...": spelled out, then described.
        if spelled and (_APPOSITION.match(rest) or _RELATIVE_AFTER.match(rest)):
            return name, spelled[0], rest.lstrip(" ,\u2014\u2013:")
    return None


def _name_after(sentence: str, start: int) -> tuple[str, str, str] | None:
    """A name as the object of the verb: "we propose ChainGPT, a dual-reasoning model"."""
    titled = _TITLED_NAME.match(sentence, start)
    spans = [(titled[1], titled.start(1), titled.end(1))] if titled else []
    spans += [(m[0], m.start(), m.end()) for m in _NAME_WORD.finditer(sentence, start, start + 80)]
    for name, begin, end in spans:
        before, after = sentence[start:begin], sentence[end:]
        if _PREPOSITION.search(before):
            return None
        aside = _ASIDE.match(after)
        expansion = next((g for g in aside.groups() if g), "") if aside else ""
        expands = _expands(expansion, name)
        named = not before.strip() or before.endswith(", ") or before.split()[-1] in GENERIC
        if coined(name):
            # As a mere modifier ("a novel SMARAN optimization method") a short acronym is a field's
            # jargon, not a name: "a novel RL algorithm".
            modifier = len(name) >= 5 and not re.search(r"(?:ian|ic|al|ive|ed)$", name)
            if not ((named and _NAME_CONTEXT.match(after)) or (modifier and _NAME_BEFORE_KIND.match(after))):
                continue
        # Plain capitalised words name a method only when spelled out or described: "Prism, a model".
        elif not (name[:1].isupper() and named and (expands or _APPOSITION.match(after))):
            continue
        # A parenthesis is skipped whatever it holds; a dash only when an expansion follows it.
        rest = after[aside.end() :] if aside and (aside[1] or expands) else after
        rest = re.sub(r"^\s*(?:[a-z][\w-]*\s+)?" + GENERIC_NOUN + r"\b", "", rest).lstrip(" ,\u2014\u2013:-")
        # With nothing said after the name, what came before it says what it is.
        return name, expansion if expands else "", rest if re.search(r"\w", rest) else before.strip(" ,")
    return None


def _bold_initials(raw: str) -> tuple[str, str, int] | None:
    """A name spelled out in bold initials: "**Mo**tion **Re**construction in **4D**" names MoRe4D."""
    if "**" not in raw and "textbf" not in raw:
        return None
    # "$\\textbf{Co}$mpositional $\\textbf{La}$tent": the math signs only wrap the bold letters.
    for run in _BOLD_RUN.finditer(raw.replace("$", "")):
        initials = [m[1] or m[2] for m in _BOLD_INITIAL.finditer(run[0])]
        if len(initials) >= 2:
            expansion = _BOLD_INITIAL.sub(lambda m: m[1] or m[2], run[0])
            return "".join(initials), plain_case(" ".join(expansion.split())), -1
    return None


def _frequent_name(sentences: list[str], text: str) -> tuple[str, str, int] | None:
    """A coined name the abstract never introduces but keeps using as a subject: "HELIOS achieves ..."."""
    counts: dict[str, int] = {}
    ours = WE.search(text)
    background = text[: ours.start()] if ours else text
    for sentence in sentences[:MAX_SENTENCES]:
        subject = _SUBJECT_NAME.match(sentence)
        found = [subject[1]] if subject else []
        found += [m[1] for m in _OUR_NAME.finditer(sentence)]
        # Mid-sentence subjects count only once the authors speak (before, "EEG is ..." names the field), and
        # not as a short acronym, which is likelier jargon ("OSR", "RFT") than the paper's coinage.
        found += [
            m[1]
            for m in _NAME_ACTS.finditer(sentence, subject.end() if subject else 0)
            if m[1] not in background and not _SHORT_ACRONYM.fullmatch(m[1])
        ]
        for name in found:
            if coined(name) and not _field_acronym(name):
                counts[name] = counts.get(name, 0) + 1
    used = [(_uses(name, text), name) for name in counts]
    best = max(used, key=lambda pair: (pair[0], -text.find(pair[1])), default=None)
    if best is None or best[0] < _MIN_USES:
        return None
    # What it does comes from the sentences it is the subject of, the first among them.
    return best[1], "", -1


def _url_name(urls: list[str], text: str) -> tuple[str, str, int] | None:
    """A project named only by its page, e.g. g4splat.github.io, cased as the text writes it."""
    for url in urls:
        match = _PROJECT_URL.search(url)
        if not match:
            continue
        name = next(g for g in (match[2], match[1], match[3], match[4]) if g)
        written = re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text, re.I)
        if written:
            return written.group(0), "", -1
        # A bare github.io host is the project's own page only when it is not a plain user name.
        if not match[2] and match[1] and re.search(r"[a-z]\d|\d[a-z]", name, re.I):
            return "".join(part.capitalize() for part in re.findall(r"[A-Za-z]+|\d+|\W+", name)), "", -1
    return None


def coined(word: str) -> bool:
    """Whether a word looks like a made-up name (LapFlow, G4Splat, C-voting), not a plural acronym nor a
    compound adjective (LLM-based, DPO-inducing)."""
    if word.lower() == word or re.fullmatch(
        r"[A-Z]+s|.*-(?:based|like|style|driven|aware|guided|free|level|wise|[a-z]+ed)|.{2,}-[a-z]+ing", word
    ):
        return False
    return any(c.isupper() or c.isdigit() for c in word[1:]) or word[1:2] == "-"


def _expands(expansion: str, name: str) -> bool:
    return len(re.split(r"[\s-]+", expansion.strip())) >= 2 and expansion[:1].lower() == name[:1].lower()


@functools.lru_cache(maxsize=STEMS_KEPT)
def spells(expansion: str, name: str) -> bool:
    """Whether the name's capitals are initials of the expansion's words, in order."""
    initials = iter(part[0].lower() for part in re.split(r"[\s-]+", expansion) if part)
    return _expands(expansion, name) and all(c.lower() in initials for c in name if c.isupper() or c.isdigit())
