"""The candidate titles of an abstract, and what the choice needs to know of each.

Each comes from one rule (SOURCES): what the sentence introducing the named method says it is, what a later
sentence says it does, a contribution or a finding "we" state, anything else "we" do, what the introduced method
is for in a real title's order, or the opening clause. Each is offered a few words longer too, with each likely
task added, recast ("a method to learn X" as "Learning X") and without its article and generic head.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections import Counter

from .clean import clean
from .lexicon import (
    ASIDE_IN_TEXT,
    CONJUNCTIONS,
    EXISTS_HEADS,
    FUNCTION_WORDS,
    GENERIC_NOUN,
    HYPE,
    INSIDE_PHRASE,
    INTRO,
    LEAST_SAID,
    MAX_SENTENCES,
    MAX_TITLE_CHARS,
    SAYS_IT_EXISTS,
    SUBJECT,
    TO_VERB,
    WORD,
    bad_end,
    stem,
)
from .names import method_name
from .phrases import describe, ends_badly, gerund, polish, shorten, strip_lead, until
from .tasks import numbered_tasks, repeats, term_weights

# Real abstracts stay under 5,000 characters; the cap bounds the work done on
# pathological input without changing the title of any real one.
_MAX_CHARS = 20_000
# Contribution sentences offered as candidates.
_MAX_CONTRIBUTIONS = 4
# Real titles run to about a dozen words.
_MAX_WORDS = 13
# After a method's name the rest should stay short: "Name: what it is".
_MAX_DESCRIPTION_WORDS = 10
_LONGER = 3
_OBJECT = re.compile(
    SUBJECT + r"(?i:propose|present|introduce|develop|design|identify|advocate for|argue for|study|studie"
    r"|investigate|analy[sz]e|examine|explore|revisit|formali[sz]e|characteri[sz]e|formulate|tackle)(?:s|d|ed)?"
    r"(?:\s+and\s+[a-z]+)?\s+(.*)"
)
_CLAIM = re.compile(SUBJECT + r"(?i:show|demonstrate|prove|find|reveal|argue)s?\s+that\b,?\s*(?:\w+ly,\s*)?(.*)")
# "we directly compared": the adverb is no verb; "we apply this": nor is "apply" an adverb.
_ADVERB = r"(?!(?:(?:ap|sup|re|multi|com|im)ply|rely)\b)\w+ly\b"
# "a framework that learns ...", "a method to route ...", "an agent for designing ...", "which can learn ...".
_PURPOSE_CLAUSE = re.compile(
    r"(?:,\s*|\s+)(?:(?:that|which)\s+(?:\w+ly\s+)?(?:can\s+)?(?:(?<=can )([a-z]{3,})|([a-z]+[^s\W]s))"
    r"|(?:designed\s+|aimed\s+|able\s+|used\s+)?to\s+(?:\w+ly\s+)?([a-z]{3,})|for\s+([a-z]{3,}ing))\b(\s[^,;]*)"
)
# After a name, what describes it: "X, a ...", "X (Long Form), which", "X that ...".
_AFTER_NAME = re.compile(r"\s*(?:\([^()]{0,80}\))?\s*(?:[,:\u2014\u2013]\s*)?(?=(?:an?|the|that|which|to)\b)")
_MAX_PURPOSES = 2
_MAX_HEAD_WORDS = 6
_CONDITION = re.compile(
    r"(?i)^(?:under|for|in|with|when|if|once|after|as|at|given|without|despite|unlike|beyond|while)\b[^,;]{0,80},\s*"
)
_ANY_ACTION = re.compile(
    r"(?i:\bwe)\s+(?:" + _ADVERB + r"\s+)?(?!" + _ADVERB + r"|(?:this|these|the|that|its|their|our)\b)([a-z]{3,}(?<!ed))\s+(.*)"
)
_LIGHT_VERBS = {"make", "provide", "undertake", "give", "offer"}

# Sentences, clauses and phrases. CJK punctuation ends a clause with no space after it.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(\[])|(?<=[\u3002\uff01\uff1f])")
_FIRST_CLAUSE = re.compile(r"[.!?,;:]\s|[\u3001\u3002\uff01\uff0c\uff1a\uff1b\uff1f]")
_INFINITIVE = re.compile(TO_VERB + r"\b([^,;]*)")
_SUBJECT_VERB = re.compile(r"\s+(can\s+)?([a-z]+)\b([^,;]*)")
_BARE = re.compile(
    r"(?i)(?:an?|the)\s+((?:[\w-]+\s+){1,4}?[\w-]+)\s+(?:"
    + "|".join(sorted(SAYS_IT_EXISTS))
    + r")s?\b(?!\s+(?:that|which|to)\b)(.*)"
)
_GENERIC_PURPOSE = re.compile(r"(?i)(?:an?|the)\s+(?:[\w-]+\s+){0,3}?" + GENERIC_NOUN + r"\s+to\s+([a-z]+)\b(\s+\S.*)")
_VAGUE_HEAD = re.compile(
    r"(?i)(?:an?|the)\s+(?:(?:new|novel|general|simple|unified|principled|generic|flexible)\s+)?(?:"
    + "|".join(sorted(EXISTS_HEADS))
    + r")s?\s+(to|for)\s+(?!(?:the|an?|this|these|its|our|their|each|all|any)\b)(([a-z][\w-]*)\s+\S.*)"
)
_PURPOSE_ALONE = 3
# Field acronyms that name a kind of model, which a title may say a method is for ("... for LLMs").
_MODEL_ACRONYMS = {"LLM", "LM", "PLM", "SLM", "MLLM", "VLM", "LVLM", "LMM", "VLA", "RNN", "CNN", "GNN", "GCN", "GAN",
                   "VAE", "SSM", "SNN", "DNN", "PINN", "LRM", "SAE"}  # fmt: skip
_MODEL_ACRONYM = re.compile(r"\b([A-Z]+)s?\b")
_NOT_VERB_ENDS = ("ing", "tion", "sion", "ment", "ity", "ic", "ive", "ous")
_LABEL = re.compile(r"(?i)(?:(?:an?|the)\s+)?(?:[\w-]+\s+){0,2}[\w-]+:\s+(.+)")
_BY_DOING = re.compile(r"(?i)(?:this|these|the|such|both)\s+(?:[\w-]+\s+){1,2}?by\s+([a-z]+ing\b.*)")
_EMPTY_OBJECT = re.compile(
    r"(?i)(?:it|them|this|these|that)\s+(?:through|by|with|in|via|using|from|on|as|to)\b|(?:with|by|in|on|instead)\b"
)
_NOT_ACTIONS = {"is", "has", "was", "does", "be", "models", "outputs", "results", "values", "tasks", "methods"}
_AUXILIARIES = {"are", "were", "have", "had", "can", "could", "will", "would", "may", "might", "also", "then", "did",
                "term", "call", "name", "refer", "here", "now", "first", "thus", "therefore", "instead", "further",
                "additionally", "finally", "consider", "introduce", "propose", "present", "moreover", "furthermore", "next", "again", "still", "subsequently"}  # fmt: skip
_EVALUATION_AID = re.compile(r"(?i)\s*(?:to|for)\s+(?:evaluat|assess|benchmark|validat|test|measur)\w*\b")
_OPENING_SENTENCES = 2
_TOP_COVERED = 3
_FOR = re.compile(r"(?i)\bfor\b")
_PHRASE_TOKEN = re.compile(r"[^\W_][\w'-]*|[^\w\s]")


@dataclasses.dataclass(frozen=True)
class Candidate:
    """One candidate title and how it was made, which the choice weighs."""

    title: str
    source: str  # the rule that made it: one of SOURCES
    order: int  # how many candidates of the same source came before it
    place: float  # where its sentence stands in the abstract: 0 first, 1 last
    task: int  # which of the abstract's likely tasks was added to it: 1 the likeliest, 0 none


# "name": what the introducing sentence says the named method is; "subject": what a later sentence
# says it does; "stated": a contribution "we" state; "claim": a finding "we" show; "action": anything
# else "we" do; "purpose": what the introduced method is and what it is for, in a real title's order
# ("X for doing Y", "Doing Y via X"); "opening": the abstract's first clause.
SOURCES = ("name", "subject", "stated", "claim", "action", "purpose", "opening")
# A finding is a sentence: "Both perspectives are partially valid for prolonging training" is no title.
TASKED = tuple(source for source in SOURCES if source != "claim")


@dataclasses.dataclass(frozen=True)
class Candidates:
    """The candidate titles of one abstract, the weight of each of its terms, and the name found."""

    titles: list[Candidate]
    weights: dict[str, float]
    name: str
    task: str
    opening: frozenset[str]  # the stems of the abstract's first sentences
    top: frozenset[str]  # its weightiest terms
    counts: Counter[str]  # how often the abstract uses each stem

    @functools.cached_property
    def task_terms(self) -> frozenset[str]:
        return frozenset(stem(w) for w in WORD.findall(self.task.lower()))


def make_candidates(abstract: str) -> Candidates:
    """The candidate titles of an abstract, and what the choice weighs them by."""
    text, urls = clean(abstract[:_MAX_CHARS])
    sentences = [s for s in _SENTENCE_END.split(text) if s.strip()]
    last = max(len(sentences) - 1, 1)
    tokens = _PHRASE_TOKEN.findall(text)
    lowered = [token.lower() for token in tokens]
    weights = term_weights(lowered)
    named = method_name(abstract[:_MAX_CHARS], sentences, text, urls)
    sources: list[tuple[str, float, str]]
    if named is None:
        name, budget, skip = "", _MAX_WORDS, -1
        sources = []
    else:
        name, description, at = named
        budget, skip = _MAX_DESCRIPTION_WORDS, at
        subject, where = _subject_clause(name, sentences[at + 1 :])
        sources = [("name", max(at, 0) / last, description), ("subject", (at + 1 + where) / last, subject)]
    sources += [(source, i / last, said) for source, i, said in _contributions(sentences, skip)]
    sources += [("purpose", i / last, said) for i, said in _purposes(sentences, name)]
    if named is None:
        sources.append(("opening", 0.0, _prefix(text)))
    numbered = numbered_tasks(text, sentences[0] if sentences else "", tokens, lowered, weights, name)
    titles: list[Candidate] = []
    made: Counter[str] = Counter()
    for source, place, description in ((s, p, d.strip(" .")) for s, p, d in sources if d.strip(" .")):
        shortened = shorten(description, budget)
        variants = [(shortened, 0)]
        longer = shorten(description, budget + _LONGER)
        if longer != shortened:
            variants.append((longer, 0))
        # "A tool-augmented intelligent agent" says what, not for what: the abstract's task completes it.
        for number, task in numbered if source in TASKED else []:
            head = shorten(description, budget - len(task.split()) - 1)
            # "A framework for MHQA for single-pass LLMs": a description that has its purpose keeps it.
            if not repeats(f"{name} {shortened}", task) and not _FOR.search(head):
                variants.append((f"{head} for {task}", number))
        # "A tractable method to learn the causal structure" reads as a title as "Learning the causal structure".
        recast = _GENERIC_PURPOSE.match(shortened)
        # "An approach to balanced partitioning": after "to" a participle or an adjective is no verb, and
        # "an approach to point cloud registration" leads into a task, not a verb.
        noun = recast and (
            bad_end(recast[1].lower()) in ("participle", "adjective")
            or recast[1].lower().endswith("ic")
            or any(f"{recast[1]}{recast[2]}".lower().startswith(task.lower()) for _, task in numbered)
        )
        if recast and not noun:
            variants.insert(1, (gerund(recast[1].lower()) + recast[2], 0))
        variants += _purpose_only(shortened, name, numbered, text)
        variants += [(bare, tasked) for variant, tasked in variants if (bare := _bare(variant, name))]
        for variant, tasked in variants:
            title = polish(f"{name}: {variant}" if name else variant)
            if all(title != other.title for other in titles):
                titles.append(Candidate(title, source, made[source], place, tasked))
        made[source] += 1
    # After a name too, lest it stand alone when nothing else passes the gate.
    if not titles or name:
        titles.append(Candidate(polish(f"{name}: {_prefix(text)}" if name else _prefix(text)), "opening", 0, 0.0, 0))
    opening = frozenset(stem(w) for w in WORD.findall(" ".join(sentences[:_OPENING_SENTENCES]).lower()))
    top = frozenset(sorted(weights, key=lambda term: -weights[term])[:_TOP_COVERED])
    counts: Counter[str] = Counter()
    for word, count in Counter(lowered).items():
        for part in word.split("-"):
            counts[stem(part)] += count
    likeliest = next((task for number, task in numbered if number == 1), "")
    return Candidates(titles, weights, name, likeliest, opening, top, counts)


def _purpose_only(description: str, name: str, tasks: list[tuple[int, str]], text: str) -> list[tuple[str, int]]:
    """ "An approach to dynamic routing" as what it is for, alone and with each task: "Dynamic routing for LLMs".

    After "to" only a noun phrase ("to dynamic routing", "to routing"); a verb ("to learn") is recast elsewhere.
    """
    vague = _VAGUE_HEAD.fullmatch(description)
    if not vague or not name:
        return []
    first = vague[3].lower()
    if vague[1].lower() == "to" and not (first.endswith(_NOT_VERB_ENDS) or bad_end(first) in ("adjective", "participle")):
        return []
    purpose = vague[2]
    tasked = [(f"{purpose} for {task}", n) for n, task in tasks if not repeats(f"{name} {purpose}", task)]
    if len(purpose.split()) >= _PURPOSE_ALONE:
        return [(purpose, 0), *tasked]
    # "UniRoute: Dynamic routing" is too terse; the kind of model the abstract keeps naming completes it.
    models = Counter(m[0] for m in _MODEL_ACRONYM.finditer(text) if m[1] in _MODEL_ACRONYMS)
    if tasked or not models:
        return tasked
    return [(f"{purpose} for {models.most_common(1)[0][0]}", 1)]


def _subject_clause(name: str, sentences: list[str]) -> tuple[str, int]:
    """What a later sentence says the method does ("X improves Y" gives "Improving Y"), and which sentence."""
    for i, sentence in enumerate(sentences):
        at = sentence.find(name)
        match = _SUBJECT_VERB.match(sentence, at + len(name)) if at >= 0 else None
        acts = match and (match[1] or re.fullmatch(r"[a-z]+[^s]s", match[2])) and match[2] not in _NOT_ACTIONS
        if match and acts and len(match[3].split()) >= 2:
            return gerund(match[2]) + until(match[3]), i
    return "", 0


def _contributions(sentences: list[str], skip: int) -> list[tuple[str, int, str]]:
    """The paper's contribution as titles, the likeliest first, each with its source and sentence."""
    ranked = [i for i in sorted(range(len(sentences)), key=lambda i: "in this" not in sentences[i].lower()) if i != skip]
    # "To evaluate our method, we propose the OVGO benchmark": beside a named method, an aid to its evaluation.
    if skip >= 0:
        ranked = [i for i in ranked if not _EVALUATION_AID.match(sentences[i])]
    found: list[tuple[str, int, str]] = []
    for i in ranked[:MAX_SENTENCES]:
        # A finding ("RL emerges in LLMs at inference time") is offered too, marked as what it is.
        claimed = _claimed(sentences, i)
        source, said = ("claim", claimed) if claimed else ("stated", _stated(sentences, i))
        if said:
            found.append((source, i, said))
    # Failing a stated contribution, what "we" do at all says more than the background does.
    for i in ranked[:MAX_SENTENCES]:
        if len(found) >= _MAX_CONTRIBUTIONS:
            break
        action = _ANY_ACTION.search(ASIDE_IN_TEXT.sub("", sentences[i]))
        # "we theoretically and empirically reveal": a conjunction is no verb.
        if action and action[1].lower() not in _AUXILIARIES | CONJUNCTIONS and not _EMPTY_OBJECT.match(action[2]):
            verb = action[1].lower()
            # "we make the first systematic investigation into X": the object says it, the verb adds nothing.
            said = strip_lead(until(action[2])) if verb in _LIGHT_VERBS else f"{gerund(verb)} {until(action[2])}"
            # "we bridge this critical gap by establishing X": what is done is "Establishing X".
            by_doing = _BY_DOING.match(action[2].strip())
            if by_doing:
                said = until(by_doing[1])
            found.append(("action", i, said))
    return found[:_MAX_CONTRIBUTIONS]


def _purposes(sentences: list[str], name: str) -> list[tuple[int, str]]:
    """What the introduced method is and what it is for, from the sentences that introduce it."""
    found: list[tuple[int, str]] = []
    for i, sentence in enumerate(sentences[:MAX_SENTENCES]):
        intro = INTRO.search(sentence)
        if not intro:
            continue
        phrase = sentence[intro.end() :]
        at = phrase.find(name) if name else -1
        if at >= 0:
            # "we propose RouteKit (Routing Kit), a framework that ...": what follows the name describes it.
            after = _AFTER_NAME.match(phrase, at + len(name))
            if not after:
                continue
            phrase = phrase[after.end() :]
        found += [(i, said) for said in _purposed(phrase)]
        if len(found) >= _MAX_PURPOSES:
            break
    return found[:_MAX_PURPOSES]


def _purposed(phrase: str) -> list[str]:
    """A noun phrase with the clause that says what it does, as "X for doing Y" and "Doing Y via X"."""
    phrase = HYPE.sub("", ASIDE_IN_TEXT.sub("", phrase)).strip(" ,")
    clause = _PURPOSE_CLAUSE.search(phrase, 0, MAX_TITLE_CHARS)
    head = strip_lead(phrase[: clause.start()]) if clause else ""
    words = head.split()
    if not clause or not 1 <= len(words) <= _MAX_HEAD_WORDS or ends_badly(words[-1]) or re.search(r"[,;:(]", head):
        return []
    verb = next(g for g in clause.groups()[:-1] if g)
    purpose = (verb if verb.endswith("ing") else gerund(verb)) + until(clause[clause.lastindex or 0]).rstrip(" .")
    # "a solution that this ...": "this" is no verb.
    if verb in FUNCTION_WORDS or verb in _NOT_ACTIONS or len(purpose.split()) < LEAST_SAID:
        return []
    made = [f"{head} for {purpose}"]
    # "via a hybrid reinforcement learning framework" reads as "via hybrid reinforcement learning".
    method = words[:-1] if words[-1].lower() in SAYS_IT_EXISTS else words
    said = shorten(purpose, _MAX_DESCRIPTION_WORDS - len(method) - 1)
    if len(method) >= LEAST_SAID and len(said.split()) > LEAST_SAID and not INSIDE_PHRASE.search(" ".join(method)):
        made.append(f"{said} via {' '.join(method)}")
    return made


def _claimed(sentences: list[str], i: int) -> str:
    """The finding sentence i claims ("we show that X"), if it claims one."""
    claim = _CLAIM.search(ASIDE_IN_TEXT.sub("", sentences[i]))
    if not claim:
        return ""
    # "under mild assumptions, the iterates converge": the finding is the main clause after the condition.
    said = _CONDITION.sub("", claim[1], count=1)
    if re.match(r"(?i)(?:our|the proposed|this|these|it|they|we|such)\b", said):
        return ""
    return until(said)


def _stated(sentences: list[str], i: int) -> str:
    """The contribution sentence i states, if it states one."""
    sentence = ASIDE_IN_TEXT.sub("", sentences[i])
    stated = _OBJECT.search(sentence)
    if not stated or _EMPTY_OBJECT.match(stated[1]):
        return ""
    # "we introduce \\ourmethod, a ...": the unknown macro is gone, its apposition stays.
    obj = HYPE.sub("", stated[1]).lstrip(" ,")
    # "we identify a mechanism: MoEs can outperform ..."; "we address this gap by adding ..."
    labelled = _LABEL.match(obj) or _BY_DOING.match(obj)
    if labelled:
        return until(labelled[1])
    to = _INFINITIVE.match(obj)
    if to:
        return gerund(to[1]) + until(to[2])
    return describe("", obj, " ".join(sentences[:i])) or until(obj)


def _bare(description: str, name: str) -> str:
    """A description without its article and generic head: "An efficient data selection framework for X" is
    "Efficient data selection for X", as real titles write it; "" when nothing would be left to name it."""
    bare = _BARE.match(description)
    last = bare[1].split()[-1] if bare else ""
    # "ICRL prompting: Multi-round prompting for ..." stutters; the generic head keeps it apart from the name.
    if not bare or ends_badly(last) or last.lower() in name.lower().split():
        return ""
    return bare[1] + bare[2]


def _prefix(text: str) -> str:
    """The opening clause, for abstracts too short or too odd to state a contribution."""
    clause = _FIRST_CLAUSE.split(text + " ", maxsplit=1)[0].strip() or text
    if " " not in clause:
        return clause[:40]
    return shorten(clause, _MAX_WORDS)
