"""The grammar gate: what is wrong with a candidate title, if anything.

A title opens on no subordinator, pronoun, wh-word or preposition and ends on no function word, adjective,
participle or bare infinitive; it has three content words, spells its gerunds right and makes none of a word that is
no verb, says no word twice in a row, is no sentence ("... has emerged as ..."), leaves no verb without its object, reports no finding ("Showing that ..."),
points back at no sentence it does not have ("such") and is more than its name spelled out ("SkillEvo: Skill
Evolution").
"""

from __future__ import annotations

import itertools
import re

from .lexicon import (
    CONJUNCTIONS,
    FUNCTION_WORDS,
    NAME_SEPARATOR,
    PLURAL,
    POINTERS,
    PREPOSITIONS,
    PRONOUNS,
    SHORTEST,
    SUBORDINATORS,
    VAGUE_REFERENT,
    WH_WORDS,
    bad_end,
)

_AUTHORS = {"we", "our", "us", "ours"}
_POINTING_BACK = {"such", "aforementioned", "above-mentioned", "resulting"}
_COPULAS = {"is", "are", "was", "were"}
_RUNS_EXPERIMENTS = re.compile(
    r"(?i)(?:^|\band\s+)(?:conduct|perform|run|carry out)(?:s|ing)?\s+(?:[\w-]+\s+){0,4}?experiments\b"
)
_QUESTION_GOES_ON = re.compile(r"\?\s+[a-z]")
_ARTICLE_PLURAL = re.compile(r"(?i)\ban?\s+[a-z]+(?:tions|sions|ments|ities)\b")
# English doubles no c, g, h, j, k, q, v, w, x, y or z before -ing (buzz and its kin aside): "optimizzing".
_MISSPELT_GERUND = re.compile(
    r"(?i)\b(?!(?:grokk|trekk|buzz|fizz|jazz|fuzz|whizz|razz|frizz|egg|dogg|bugg|logg|hugg|jogg|tagg|bagg|flagg|plugg|drugg|rigg|digg|begg|shrugg|debugg|trekk|revv|chugg|snugg|hogg|pegg|lagg|dragg|mugg|wagg|zigzagg)ing\b)\w*([cghjkqvwxyz])\1ing\b"
)
# A gerund made of a noun, an adjective or a participle: "Explanationing" (from "Explanations are ..."), "Dynamicking"
# (from "an approach to dynamic routing"), "Balanceding". Only a handful of verbs end in -ation, -ic or -ed.
_NOT_A_VERB_GERUND = re.compile(
    r"(?i)\b(?!(?:r|st)ationing\b)\w+ations?ing\b|\b(?!(?:(?:re|pre|con|se|inter|ac)?c|imp|stamp|supers)eding\b)\w+[^e\W]eding\b|\b(?!(?:mim|pan|traff|frol|picn|polit|nitp|handp|bootl|unst)icking\b)\w*[aeiouy]\w*icking\b"
)
_UNDOUBLED_QU = re.compile(r"(?i)\b(?:e|ac|s)?qui[pt]ing\b")
# A gerund made of an adverb or a word that is never a verb, where a rule took it for the clause's verb: "Alsoing
# utilize" (from "we also utilize"), "Automaticallying enhance", "Cannoting inspect", "Fromming the limits".
_NON_VERB_GERUND = re.compile(
    r"(?i)\b(?:\w{2,}(?:al|ive|ent|ant|ous|ful|ect|ly|ate)ly|also|cannot|only|then|thus|hence|still|often|always|never|"
    r"further|first|from|here|there|very|much|more|most|larg|best|probably|likely)(?:\w)?ing\b"
)
# A gerund of a noun in -ment: "Assessmenting" (the verbs in -ment, "implementing", "segmenting", are not these).
_NOUN_GERUND = re.compile(
    r"(?i)\b(?:assess|develop|improve|manage|treat|align|require|measure|achieve|deploy|enhance|refine|adjust|engage|"
    r"move|place|agree|employ|enrich|establish|involve|advance|attain|judge|arrange|encourage|enforce|reinforce)menting\b"
)
# "Graph anomaly detection has emerged as a technique", "Differential privacy is widely employed": a finite verb
# in the perfect or the passive makes a sentence (13 of the dev export's 9,842 real titles have one, 26 of 4,921
# derived ones had).
_FINITE_VERB = re.compile(
    r"(?i)\b(?:has|have|had)\s+(?:\w+ly\s+)?(?:been\s+)?[a-z]+(?:ed|en|wn|un|ne)\b|\b(?:is|are|was|were)\s+(?:\w+ly\s+)?[a-z]+ed\b"
)
_REPEATED_WORD = re.compile(r"(?i)(?<![\w-])([^\W\d_][\w']*)\s+\1(?![\w-])")
# The first letters of a word of an expansion that its name spells: "Skill", "Evolution" in "SkillEvo".
_SYLLABLE = 3
_CLAUSE_BEFORE_TASK = re.compile(r"(?i)\b(?:how|where|when|why|whether)\s+(?:[\w'-]+\s+){1,3}for\b")
# "Studying how functional MRI activity": a clause that ends before any word could be its verb (no -s, -ed,
# auxiliary or "to"); "Learning when to stop" and "Knowing what matters" have one.
_VERBLESS_CLAUSE = re.compile(
    r"(?i)\b(?:how|why|whether|when|where)(?:\s+(?!(?:to|can|could|will|would|may|might|must|should|do|does|did)\b)"
    r"[\w'-]*[^\W\d_](?<![sd]))+\s*$"
)
_DUE_WITHOUT_TO = re.compile(r"(?i)\bdue\b(?!\s+to\b)")
_COUNT_AT_END = re.compile(r"(?i)\b(?:over|than|of|about|nearly|approximately|around|to|from|with|up)\s+\d[\d,.]*[km]?\s*$")
_MODALS = {"must", "should", "can", "could", "may", "might", "will", "would", "shall"}
_SUSPECT_GERUNDS = ("ationing", "ationsing", "eding", "icking")
_GERUND = re.compile(r"[a-z]{3,}ing")
_INTRANSITIVE = {"learning", "reasoning", "planning", "searching", "testing", "accounting", "computing", "training",
                 "thinking", "acting", "caring", "refocusing", "upcycling", "forecasting", "pretraining", "voting", "prompting"}  # fmt: skip
_NEEDS_OBJECT = {"leveraging", "combining", "using", "integrating", "exploiting", "employing", "utilizing", "enabling",
                 "incorporating", "introducing", "applying", "highlighting", "addressing", "harnessing", "proposing",
                 "providing", "achieving", "establishing", "constructing", "developing", "designing"}  # fmt: skip
_BARE_AFTER = {"for", "to", "in", "on", "with", "by", "from", "via", "of", "and"}
_REPORTING = {"showing", "demonstrating", "proving", "finding", "revealing", "arguing", "observing", "noting",
              "conjecturing", "hypothesizing", "suggesting", "claiming", "confirming", "positing"}  # fmt: skip
# "A theoretical analysis of how a common workaround": a clause opened this near the end was cut.
_CLAUSE_TAIL = 4


def title_defects(title: str) -> list[str]:
    """What the grammar gate finds wrong with a title; empty for one a researcher could accept."""
    name, _, description = title.rpartition(NAME_SEPARATOR) if NAME_SEPARATOR in title else ("", "", title)
    words = [w.lower() for w in re.findall(r"[\w][\w'-]*", description)]
    found = []
    if not words:
        return ["empty"]
    if words[0] in SUBORDINATORS | PRONOUNS | WH_WORDS | PREPOSITIONS:
        found.append(f"starts with {words[0]!r}")
    if len(words) > 1 and words[0] in ("a", "an", "the") and words[1] in PREPOSITIONS:
        found.append(f"an article without its noun: {words[0]!r} {words[1]!r}")
    ending = "function word" if words[-1] in FUNCTION_WORDS else bad_end(words[-1])
    if len(words) > 2 and words[-2] == "to" and not words[-1].endswith("ing"):
        ending = ending or "infinitive"
    # "latent coefficients evolving": an -ing word after a plural noun is a participle, not a noun.
    # An acronym is no plural: "IMTS forecasting" is a task.
    last_two = re.findall(r"[\w][\w'-]*", description)[-2:]
    plural = len(last_two) == 2 and PLURAL.search(words[-2]) and not last_two[0].isupper()
    if not ending and words[-1].endswith("ing") and plural:
        ending = "participle"
    if ending:
        found.append(f"ends on {ending} {words[-1]!r}")
    content = [w for w in words if w not in FUNCTION_WORDS] + ([name] if name else [])
    if len(content) < 3:
        found.append("fewer than three content words")
    found += [f"misspelt gerund {m[0]!r}" for m in _MISSPELT_GERUND.finditer(title)]
    found += [f"misspelt gerund {w!r}" for w in words if w.endswith("ing") and w[:-3] in CONJUNCTIONS | _MODALS]
    found += [
        f"misspelt gerund {w!r}"
        for w in re.findall(r"\w+", title)
        if w.lower().endswith(_SUSPECT_GERUNDS) and _NOT_A_VERB_GERUND.fullmatch(w)
    ]
    # "Equiping": after "qu" the vowel is the next letter, and a stressed short vowel doubles the consonant.
    found += [f"misspelt gerund {m[0]!r}" for m in _UNDOUBLED_QU.finditer(title)]
    found += [f"a gerund of no verb {m[0]!r}" for m in (*_NON_VERB_GERUND.finditer(title), *_NOUN_GERUND.finditer(title))]
    # "Edge Edge Computing": a word said twice in a row.
    found += [f"a repeated word {m[1]!r}" for m in _REPEATED_WORD.finditer(title)]
    sentence = _FINITE_VERB.search(description)
    if sentence:
        found.append(f"a whole sentence: {sentence[0]!r}")
    if restates_name(title):
        found.append("the name spelled out and nothing else")
    # "WaveTS: Practically, we embed the WDT": the abstract's voice, not a title's.
    found += [f"the authors' {w!r}" for w in words[1:] if w in _AUTHORS]
    # "A formalism for evaluating such evaluations": such what? The sentence before it is not in the title.
    found += [f"points back with {w!r}" for w in words if w in _POINTING_BACK]
    found += [
        f"points back with {a!r} {b!r}" for a, b in itertools.pairwise(words) if a in POINTERS and VAGUE_REFERENT.fullmatch(b)
    ]
    # "Synthesizing for training tool-use behaviors": a verb whose object was cut away. A few gerunds
    # name an activity and take "for" well ("Learning for ...", "Accounting for ...").
    if len(words) > 1 and words[1] == "for" and _GERUND.fullmatch(words[0]) and words[0] not in _INTRANSITIVE:
        found.append(f"a verb without its object: {words[0]!r} {words[1]!r}")
    # "A latent flow model leveraging for FNO error": mid-title too, a verb that must take an object.
    found += [
        f"a verb without its object: {a!r} {b!r}"
        for a, b in itertools.pairwise(words[1:])
        if a in _NEEDS_OBJECT and b in _BARE_AFTER
    ]
    # "Showing that a pure LLM for geometry": the report of a finding, not a title; the finding itself is one.
    if len(words) > 1 and words[0] in _REPORTING and words[1] in ("that", "how", "why", "whether"):
        found.append(f"reports a finding: {words[0]!r} {words[1]!r}")
    if "_" in title:
        found.append("a fragment of math")
    # "Uncovering a regime where learning for MCQA": a task added to a clause that lost its verb.
    cut_tail = len(words) > SHORTEST and set(words[-_CLAUSE_TAIL:]) & (WH_WORDS | {"that", "whether"})
    # "... a challenge due for pointwise estimator", "... for feature space due": "due" without its "to".
    due = _DUE_WITHOUT_TO.search(description)
    if cut_tail or due or _CLAUSE_BEFORE_TASK.search(description) or _VERBLESS_CLAUSE.search(description):
        found.append("a clause cut short")
    # "A dataset of over 24,000": 24,000 what?
    count = _COUNT_AT_END.search(description)
    if count:
        found.append(f"a count without its noun: {count[0].strip()!r}")
    # "Jailbreaking aligned LMs by appending": by doing what?
    if len(words) > 2 and words[-2] == "by" and _GERUND.fullmatch(words[-1]) and words[-1] not in _INTRANSITIVE:
        found.append(f"a verb without its object: {words[-2]!r} {words[-1]!r}")
    # "Proving is fundamentally oblivious to ...": a relative clause ("that we prove is ...") lost its subject.
    if len(words) > 1 and words[0] in _REPORTING and words[1] in _COPULAS:
        found.append(f"a verb without its subject: {words[0]!r} {words[1]!r}")
    # "Using Apple Vision Pro for imitation learning for manipulation": a task tacked onto a purpose.
    if words.count("for") > 1:
        found.append("'for' twice")
    # "Conducting extensive experiments for safety taxonomies": how the paper checks its claim, not what it is.
    if _RUNS_EXPERIMENTS.search(description):
        found.append("the experiments, not the contribution")
    # "Predicting how many tokens a task will require? for AI agents": a question the title goes on after.
    if _QUESTION_GOES_ON.search(title):
        found.append("a question inside")
    # "A modifications for ...": the abstract's own slip, an article before a plural.
    found += [f"an article before a plural: {m[0]!r}" for m in _ARTICLE_PLURAL.finditer(description)]
    return found


def restates_name(title: str) -> bool:
    """Whether a title is only its name and the words the name is made of: "SkillEvo: Skill Evolution".

    An acronym's expansion says more than its letters ("ICW: In-context watermarking" tells what ICW is), and blind
    readers scored such titles as well as those that go on to the task; a name spelled out in its own syllables
    says nothing the name did not.
    """
    name, separator, description = title.partition(NAME_SEPARATOR)
    words = [w.lower() for w in re.findall(r"[^\W\d_]+", description) if w.lower() not in FUNCTION_WORDS]
    folded = name.lower()
    return bool(separator and words) and len(words) <= 4 and all(w[:_SYLLABLE] in folded for w in words)
