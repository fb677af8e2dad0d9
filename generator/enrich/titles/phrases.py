"""Phrases as a title needs them: where a phrase ends, what an apposition says a method is, a phrase cut to a
title's length and read as one, a verb made a gerund, and the last polish."""

from __future__ import annotations

import itertools
import re

from .lexicon import (
    ASIDE_IN_TEXT,
    FUNCTION_WORDS,
    GENERIC,
    HYPE,
    MAX_TITLE_CHARS,
    NAME_SEPARATOR,
    POINTERS,
    PREPOSITIONS,
    RELATIVE,
    TO_VERB,
    VAGUE_REFERENT,
    bad_end,
)

# Where a phrase ends.
_CLAUSE_END = re.compile(
    r"[,;:](?=\s|$)|\s+\(|\s*[\u2014\u2013]|\s+(?:while|whereas|thereby|which|and (?:is|are|has|can|also|then))\b"
)
# Where a noun phrase ends and what is said about it begins.
_HEAD_END = re.compile(
    r"[,;:](?=\s|$)|\s+\(|\s*[\u2014\u2013]|(?:^|\s+)(?:that|which|who|where|whereby|designed|built|constructed"
    r"|derived|based on|capable|able|while|[a-z]+ed (?:by|on|with|to|for|from|in))\b"
)
_LISTED_ADJECTIVE = re.compile(r"(?:\w(?:ing|ed|ive|ic|ous|able|ible)|free|aware|agnostic|efficient|centric)$")
_NOT_LISTED = r"(?!(?:we|it|they|this|these|those|is|are|was|were|has|have|can|also|then|thus|so)\b)"
_LIST_GOES_ON = re.compile(
    r",\s+(?:"
    + _NOT_LISTED
    + r"[\w-]+(?:\s+[\w-]+)?,?\s+|)(?:and|or)\s+"
    + _NOT_LISTED
    + r"[\w-]+\b(?!\s+(?:is|are|was|were|can|has|have)\b)"
)
_NEXT_IS_WORD = re.compile(r",\s+(?!(?:that|which|who|where|and|or|but|an?|the)\b)[a-z]")

# What an apposition says a method is.
_PROBLEM_OF = re.compile(r"\b(?:problem|task) of ([^,.;]{3,60})")
_THIS_PROBLEM = re.compile(r"\b(?:this|the) (?:problem|task)\b")
_PURPOSE = re.compile(r"\bfor\s+(?!(?:short|it|itself|them|this|that|these|each|the first time)\b)([^,;]+)")
_PURPOSE_END = re.compile(r"\s+(?:that|which|with|by|via|through|using|and|while|where|to|is|are|was|were)\b|\s+\(")
_CLAUSE = re.compile(r"(?:(?:that|which)\s+(?:\w+ly\s+)?([a-z]+[^s\W]s)|" + TO_VERB + r")\b([^,;]*)")
_INDEFINITE = re.compile(r"(?i)an?\b|the\s+(?:first|novel|new)\b")
_DEMONSTRATIVE = re.compile(r"\b(?:this|these|those|such)\s+(?=\w)", re.I)

# A phrase cut to a title's length.
_CUT_BEFORE = {"by", "via", "through", "using", "while", "to", "with", "in", "on", "across", "and", "from", "for"}
_NO_LAST = {"a", "an", "the", "of", "for", "to", "in", "on", "with", "by", "via", "and", "or", "as", "from", "at",
            "under", "over", "into", "between", "within", "without", "across", "through", "using", "than", "whether",
            "designed", "tailored", "built", "based", "used", "aimed", "intended", "dedicated"}  # fmt: skip
_OBJECT_PRONOUNS = {"it", "them", "us"}

# The last polish. A gerund before a verb joined by "and" (see polish):
_GERUND_BEFORE = re.compile(r"(?:^|: |\bfor )[A-Za-z][a-z]+ing\b")
# Verbs a method's description joins with "and"; a plural noun there ("queries and images") is no verb.
_JOINED_VERB = re.compile(
    r"\band\s+(\w+ly\s+)?((?:improv|reduc|enabl|integrat|refin|merg|appli|generaliz|mitigat|deploy|achiev|learn"
    r"|leverag|combin|captur|generat|predict|outperform|yield|provid|allow|adapt|align|extend|introduc|incorporat"
    r"|maintain|preserv|remov|select|updat|avoid|train|perform|produc|eliminat|enhanc|exploit|identifi|optimiz"
    r"|construct|estimat|fus|guid|infer|inject|reconstruct|transfer|unifi|recover|boost|encourag)e?s)\b"
)
_COMMA_BEFORE_PURPOSE = re.compile(r",\s+(?=for\s)")

# Single words: initials marked by capitals, articles, gerunds.
_MARKED_INITIAL = re.compile(r"\b(?:[A-Z]{2,}[a-z]{2,}|[A-Za-z][a-z]{2,}[A-Z][a-z]?)\b")
_LEADING_ARTICLE = re.compile(r"^(?:(?:a|an|the|as|and)\s+)+", re.I)
_VOWEL_SOUND = re.compile(r"[aeiouAEIOU](?!ni|se|sa)|[AEFHILMNORSX][A-Z0-9]")
# Stressed last syllables double their consonant: mapping, admitting, inferring, embedding.
_DOUBLES_LAST = re.compile(r"(?:^[^aeiou]*[aeiou]|(?<!li)mi|cu(?=r)|tro|be|(?<!f)fe|^(?:e|s|ac)?qu[aio])[^aeiouwxychkqjvz]$")


def describe(expansion: str, app: str, before: str) -> str:
    """What the method is, from its expansion and the phrase in apposition to it."""
    problem = _PROBLEM_OF.findall(before)
    if problem:
        app = _THIS_PROBLEM.sub(problem[-1], app)
    app = ASIDE_IN_TEXT.sub("", app).strip(" .")
    article = _article(plain_case(strip_lead(app))) if _INDEFINITE.match(app) else ""
    app = HYPE.sub("", app)
    purpose = _PURPOSE.search(app)
    if expansion and purpose:
        return f"{expansion} for {_PURPOSE_END.split(purpose.group(1), maxsplit=1)[0]}"
    if expansion:
        return expansion
    # A leading infinitive is a clause, but "to" inside a noun phrase is not: "an approach to routing".
    head_end = re.match(r"to\b", app) or _cut(app, _HEAD_END)
    head = strip_lead(app[: head_end.start()] if head_end else app)
    words = head.lower().split()
    if len(words) > 4 or (len(words) > 1 and words[-1] not in GENERIC and not _DEMONSTRATIVE.search(head)):
        # Two words say little on their own: "a hypernetwork-based modulation that conditions the operator".
        if len(words) == 2 and head_end and head_end[0].split()[-1:] in (["that"], ["which"]):
            return f"{article} {head} that {until(app[head_end.end() :].strip())}"
        return f"{article} {head}"
    clause = _CLAUSE.match(app[head_end.start() :].lstrip(" ,")) if head_end else None
    verb = (clause[1] or clause[2]) if clause else ""
    # "a solution that this error needs": "this" is no verb.
    if clause and verb not in FUNCTION_WORDS and not (len(clause[3].split()) < 4 and _DEMONSTRATIVE.search(clause[3])):
        return gerund(verb) + until(clause[3])
    return f"{article} {head}" if words and " ".join(words) not in GENERIC else ""


def _cut(text: str, ends: re.Pattern[str]) -> re.Match[str] | None:
    """Where the phrase at the start of text ends."""
    for cut in ends.finditer(text):
        # Past a title's length nothing is gained by looking further, and input stays linear.
        if cut.start() > MAX_TITLE_CHARS:
            return cut
        head = strip_lead(text[: cut.start()]).split()
        short = 1 <= len(head) <= 2 or (0 < len(head) <= 4 and head[-1] in GENERIC)
        # "a self-correcting, training-free framework": the comma sits inside the noun phrase.
        listed = short or _LISTED_ADJECTIVE.search(text, 0, cut.start())
        if listed and _NEXT_IS_WORD.match(text, cut.start()):
            continue
        # "accuracy, robustness, and fairness": a list of words goes on past its commas.
        if _LIST_GOES_ON.match(text, cut.start()):
            continue
        # "a benchmark derived from 340 law exams": too little is said before the participle.
        word = cut[0].split()[0] if cut[0].strip()[:1].isalpha() else ""
        if not (short and word and word not in RELATIVE):
            return cut
    return None


def until(text: str) -> str:
    """The first clause of text."""
    cut = _cut(text, _CLAUSE_END)
    return text[: cut.start()] if cut else text


def shorten(text: str, limit: int) -> str:
    """At most limit words, cut before a preposition so that the rest still reads as a phrase."""
    # "analyzing these explanations" reads as "analyzing explanations" out of context.
    words = HYPE.sub("", text).split()
    # "instability in this setting" points back at a sentence the title does not have: the phrase goes.
    pointing = [i for i in range(3, len(words) - 1) if words[i].lower() in PREPOSITIONS and words[i + 1].lower() in POINTERS]
    words = words[: pointing[0]] if pointing else words
    # "analyzing these explanations" reads as "analyzing explanations", but "resolves this gap" says nothing
    # without the sentence before it ("resolving gap"): the gate faults it.
    words = words[:1] + [
        word
        for word, following in itertools.pairwise([*words[1:], ""])
        if word.lower() not in POINTERS or VAGUE_REFERENT.fullmatch(following.lower().strip(",.;:"))
    ]
    if len(words) > limit:
        cuts = [i for i in range(3, limit + 1) if words[i].lower() in _CUT_BEFORE]
        words = words[: cuts[-1] if cuts else limit]
    while len(words) > 1 and (words[-1].lower() in _NO_LAST or ends_badly(words[-1])):
        # "and replays them" without its object ends on a verb that reads as a plural noun: the verb goes too.
        if words.pop().lower().strip(",;:.") in _OBJECT_PRONOUNS and len(words) > 1:
            words.pop()
    return " ".join(words)


def ends_badly(word: str) -> bool:
    word = word.lower().strip(",;:.")
    return word in FUNCTION_WORDS or bool(bad_end(word))


def polish(title: str) -> str:
    if len(title) > MAX_TITLE_CHARS:
        title = title[:MAX_TITLE_CHARS].rpartition(" ")[0] or title[:MAX_TITLE_CHARS]
    title = re.sub(r"\s+", " ", title).strip(" ,;:.\u2013\u2014-_\"'\u201c\u201d\u2018\u2019")
    if title.count("(") != title.count(")"):
        title = re.sub(r"\s*[()]\s*", " ", title).strip()
    if title.count("\u201c") != title.count("\u201d") or title.count('"') % 2:
        title = re.sub(r"[\u201c\u201d\"]", "", title)
    # A name keeps the capitals it was given ("EFDiff"); only what follows it may have marked its initials.
    name, separator, rest = title.rpartition(NAME_SEPARATOR)
    title = name + separator + plain_case(rest)
    # ", for policy fine-tuning": a comma the sentence needed, the title does not.
    title = _COMMA_BEFORE_PURPOSE.sub(" ", title)
    # "Optimizing one layer and merges coefficients": a verb joined to a gerund is a gerund too.
    title = _JOINED_VERB.sub(
        lambda m: f"and {m[1] or ''}{gerund(m[2])}" if _GERUND_BEFORE.search(title, 0, m.start()) else m[0], title
    )
    # Sentence case, but a word with capitals inside (iPhone, t-SNE) keeps its own.
    title = re.sub(r"(?:^|: )[a-z](?=[^\sA-Z]*(?:\s|$))", lambda m: m.group(0).upper(), title)
    return title or "Untitled"


def plain_case(expansion: str) -> str:
    """An expansion without the capitals that only marked initials: "VersatilE" is "Versatile"."""
    return _MARKED_INITIAL.sub(lambda m: m[0][0] + m[0][1:].lower(), expansion)


def strip_lead(phrase: str) -> str:
    return _LEADING_ARTICLE.sub("", HYPE.sub("", phrase.strip()))


def _article(phrase: str) -> str:
    return "an" if _VOWEL_SOUND.match(phrase) else "a"


def gerund(verb: str) -> str:
    stem = re.sub(r"ies$", "y", verb) if len(verb) > 4 else verb
    # "optimizes" is "optimize" + s, "fixes" is "fix" + es.
    stem = re.sub(r"(ss|sh|ch|x|zz)es$|(?<![su])s$", r"\1", stem)
    if stem.endswith("ic"):  # mimic, panic: mimicking
        return stem + "king"
    if stem.endswith("ie"):
        return stem[:-2] + "ying"
    if stem.endswith("e") and not stem.endswith(("ee", "ye", "oe")) and stem != "be":
        return stem[:-1] + "ing"
    if _DOUBLES_LAST.search(stem):
        return stem + stem[-1] + "ing"
    return stem + "ing"
