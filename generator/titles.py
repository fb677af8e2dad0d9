"""Paper-like titles for abstracts that come without one.

Rules, not a generative model: a title must come out the same on every
machine, and cost next to nothing across a 20,000-paper build.

Most abstracts name what they introduce, and real titles lead with that name,
so the name comes first ("LapFlow: ..."), then what the abstract says the
method is and, where that leaves it out, the task. Several candidates are
made from the name's long form, its apposition, what it does and the
sentences stating the contribution, also recast in a real title's order
("X for doing Y", "Doing Y via X"); a grammar gate (title_defects) drops the
ungrammatical and cut-off ones, and the rest are scored by a linear model over
a few features of each (FEATURES: how much of the abstract's weightiest terms
and task it covers, its length, the rule that made it, ...). Given a sentence
model, their closeness to the abstract counts too. Only when no contribution
passes is the opening clause taken.

The word lists below are general English and field vocabulary. The weights
(WEIGHTS) were fitted on one half of the ICLR 2026 dev file by
benchmarks/fit_titles.py and belong to the features: nothing derived from a
single paper is kept.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import operator
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

import numpy as np

# A sentence model: texts in, unit-length rows out.
Embed = Callable[[Sequence[str]], np.ndarray]

# Real abstracts stay under 5,000 characters; the cap bounds the work done on
# pathological input without changing the title of any real one.
_MAX_CHARS = 20_000
# Names are looked for in the first sentences only; real abstracts have fewer.
_MAX_SENTENCES = 30
# A name the abstract only uses, never introduces, must be used this often.
_MIN_USES = 3
# Contribution sentences offered as candidates.
_MAX_CONTRIBUTIONS = 4
# Real titles run to about a dozen words.
_MAX_WORDS = 13
# After a method's name the rest should stay short: "Name: what it is".
_MAX_DESCRIPTION_WORDS = 10
_LONGER = 3
# Garbage input can hold "words" thousands of characters long.
_MAX_TITLE_CHARS = 160

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
_GENERIC_NOUN = (
    r"(?:framework|approach|method|model|technique|strategy|algorithm|paradigm|system|pipeline|architecture"
    r"|solution|scheme|procedure|mechanism|formalism)"
)
_GENERIC = set(_GENERIC_NOUN[3:-1].split("|"))
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
_BEFORE_OUR_NAME = _GENERIC | {"proposed", "new", "novel", "model", "system", "pipeline", "architecture", "agent",
                               "benchmark", "dataset", "algorithm", "called", "named", "termed", "dubbed"}  # fmt: skip
# "(Johnson et al., 2017)", "(SFBD; Lu et al., 2025)" right after a name: others' work (see _cited).
_CITATION = re.compile(r"(?:[\s-]+[\w-]+){0,2}?\s*\((?:[^()]{0,60}?[;,]\s*)?[A-Z][^()]{0,60}?(?:et al\.|\b(?:19|20)\d\d[a-z]?)\)")
# "we leverage NatureLM, an autoregressive model", "we focus on ResNets, a widely adopted architecture": used, not made.
_USED_BEFORE = re.compile(r"\b(?:leverag\w*|us(?:e|es|ed|ing)|adopt\w*|employ\w*|utiliz\w*|on|to|from|of|like)\s+$", re.I)
# "0.5B-parameter", "SO-equivariance": a modifier or a quantity, not a name, when its last part is a plain word.
_PLAIN_LAST_PART = re.compile(r".*-[a-z]{4,}")
_CAPITAL_NEXT = re.compile(r"\s+[A-Z]")

# Who does what: "we propose", "this paper introduces", "we analyze X and introduce".
_SUBJECT = (
    r"(?i:\b(?:we|(?:this|our) (?:paper|work|study|article|research))(?:\s[^.;]{0,100}?\sand)?)"
    r"\s+(?:(?:first|also|further|then|now|here|therefore|thus|hence|instead|\w+ly)\s+)?"
)
# "we fill this gap by introducing VideoMind"
_SUBJECT_BY = r"(?i:\bwe\s[^.;]{0,100}?\sby)\s+"
# "we address this gap with ROVER, a benchmark ...": what the gap is closed with is the contribution.
_SUBJECT_WITH = (
    r"(?i:\bwe\s+(?:address|bridge|close|fill|tackle|overcome|resolve|solve|answer)\w*\s+(?:this|these|the|such)"
    r"(?:\s+[\w-]+){1,2}?\s+(?:with|through|via))\b"
)
_INTRO = re.compile(
    _SUBJECT + r"(?i:propose|present|introduce|develop|design|devise|build|construct|release|create|curate|unveil"
    r"|puts? forward)(?:s|d|ed)?(?:\s+and\s+[a-z]+)?\b|" + _SUBJECT_BY + r"(?:[a-z]+ing\b[^.;]{0,120}?\band\s+)?"
    r"(?i:propos|present|introduc|develop|design|build|construct|creat)ing\b|" + _SUBJECT_WITH
)
_OBJECT = re.compile(
    _SUBJECT + r"(?i:propose|present|introduce|develop|design|identify|advocate for|argue for|study|studie"
    r"|investigate|analy[sz]e|examine|explore|revisit|formali[sz]e|characteri[sz]e|formulate|tackle)(?:s|d|ed)?"
    r"(?:\s+and\s+[a-z]+)?\s+(.*)"
)
_CLAIM = re.compile(_SUBJECT + r"(?i:show|demonstrate|prove|find|reveal|argue)s?\s+that\b,?\s*(?:\w+ly,\s*)?(.*)")
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
_WE = re.compile(r"(?i)\b(?:we|our)\b")
_LIGHT_VERBS = {"make", "provide", "undertake", "give", "offer"}

# How a method is named: "called X", "X (Long Form)", "Long Form (X)", "X, a ...", "X—a ...".
_NAME_RUN = r"((?:" + _TOKEN + r"\s+){0,6}?" + _TOKEN + r")"
_CALLED = re.compile(
    r"\b(?:called|termed|named|namely|dubbed|coined|abbreviated as|short as|referred to as|(?i:we) (?:term|call|name|dub))\s+(?:the\s+(?=\w+[A-Z0-9-]))?" + _NAME_RUN
    + r"\s*(?:\((" + _TOKEN + r")\)|\([^()]{2,80}\))?(?=\s*[,.;:)]|\s+(?:that|which|to|and|for|with|based|built|in|on|as|is|from|by|via)\b|$)"
)  # fmt: skip
_TITLED_NAME = re.compile(r"\s+((?:[A-Z][\w-]*\s+){0,2}[A-Z][\w-]*)(?=,\s+(?:an?|the)\s|\s+\()")
_NAME_CONTEXT = re.compile(r"\s*(?:[,(:;.\u2014\u2013-]|$)|\s+(?:that|which|to|for)\b")
_NAME_BEFORE_KIND = re.compile(r"\s+(?:[a-z][\w-]*\s+)?(?:" + _GENERIC_NOUN + r"|benchmark|dataset)s?\b")
_ACRONYM = re.compile(r"\s*\((" + _TOKEN + r")\)\s*(?:([a-z][\w-]*)(?=[,\u2014\u2013:]|\s+(?:that|which)\b))?")
_RELATIVE_AFTER = re.compile(r",\s+(?:which|that)\b")
_APPOSITION = re.compile(r",\s+(?:an?|the)\s|\s*[\u2014\u2013:]")
_ASIDE = re.compile(r"\s*(?:\(([^()]{2,80})\)|[\u2014\u2013]\s*([^,;()]{3,80}?)(?=,))")
_INSIDE_PHRASE = re.compile(r"\b(?:for|with|to|in|on|by|via|from|that|which)\b")
_PREPOSITION = re.compile(r"(?i)\b(?:for|of|with|to|in|on|by|via|from|that|which)\b")
_URL = re.compile(r"(?:https?://|www\.)\S*|\b[\w-]+\.github\.io\S*", re.I)
_PROJECT_URL = re.compile(
    r"([\w-]+)\.github\.io(?:/([\w-][\w.-]*))?|github\.com/[\w.-]+/([\w.-]+)|4open\.science/r/([\w.-]+)", re.I
)

# Bold initials: "**Mo**tion **Re**construction", "\\textbf{S}parse \\textbf{A}ttention".
_BOLD_INITIAL = re.compile(r"\*\*([A-Z0-9][A-Za-z0-9]{0,3})\*\*|\\textbf\{([A-Z0-9][A-Za-z0-9]{0,3})\}")
_BOLD_RUN = re.compile(
    r"(?:" + _BOLD_INITIAL.pattern + r")[\w-]*(?:[\s-]+(?:[a-z]+[\s-]+){0,2}?(?:" + _BOLD_INITIAL.pattern + r")[\w-]*)+"
)
_MARKED_INITIAL = re.compile(r"\b(?:[A-Z]{2,}[a-z]{2,}|[A-Za-z][a-z]{2,}[A-Z][a-z]?)\b")

# Markup and typography.
_MARKDOWN_LINK = re.compile(r"\[([^\]]{0,300})\]\(([^)\s]{0,300})\)")
_MARKDOWN = re.compile(r"\*\*([^*]*)\*\*|\*([^*\s][^*]*)\*|`([^`]*)`|(?<!\w)_([^_]+)_(?!\w)")
_LATEX_URL = re.compile(r"\\url\{([^{}]*)\}")
_LATEX_DASH = re.compile(r"\$?\\text(?:em|en)dash(?:\{\})?\$?")
_LATEX_DROPPED = re.compile(r"\\(?:cite\w*|ref|eqref|label|footnote)\{[^{}]*\}")
_LATEX_ESCAPE = re.compile(r"\\([%&_#])")
_LATEX_WRAPPER = re.compile(r"\\[A-Za-z]+\*?\{([^{}]*)\}")
_LATEX_COMMAND = re.compile(r"\\[A-Za-z]+|[\\{}]")
_GREEK = re.compile(
    r"\\(alpha|beta|gamma|delta|epsilon|zeta|eta|theta|kappa|lambda|mu|nu|xi|pi|rho|sigma|tau|phi|chi|psi|omega)\b", re.I
)
_MATH = re.compile(r"\$([^$]{0,300})\$")
_LEFTOVER = re.compile(r"\\[A-Za-z]+\*?|[\\{}$*~`]")
_ENUMERATOR = re.compile(r"\((?:[ivx]{1,4}|\d|[a-e])\)\s*")
# An en dash between letters joins a compound ("vision-language-action"), it does not end a phrase.
_COMPOUND_DASH = re.compile(r"(?<=\w)\u2013(?=\w)")
_BROKEN_WORD = re.compile(r"([\w-]*[a-z])-\s+(?!(?:and|or|to|as|vs)\b)([a-z][\w-]*)")
# A gerund before a verb joined by "and" (see _polish).
_GERUND_BEFORE = re.compile(r"(?:^|: |\bfor )[A-Za-z][a-z]+ing\b")
# Verbs a method's description joins with "and"; a plural noun there ("queries and images") is no verb.
_JOINED_VERB = re.compile(
    r"\band\s+(\w+ly\s+)?((?:improv|reduc|enabl|integrat|refin|merg|appli|generaliz|mitigat|deploy|achiev|learn"
    r"|leverag|combin|captur|generat|predict|outperform|yield|provid|allow|adapt|align|extend|introduc|incorporat"
    r"|maintain|preserv|remov|select|updat|avoid|train|perform|produc|eliminat|enhanc|exploit|identifi|optimiz"
    r"|construct|estimat|fus|guid|infer|inject|reconstruct|transfer|unifi|recover|boost|encourag)e?s)\b"
)
# Asides such as "(TTA)" or "(see Fig. 2)" have no place in a title.
_COMMA_BEFORE_PURPOSE = re.compile(r",\s+(?=for\s)")
_ASIDE_IN_TEXT = re.compile(r"\s\([^()]{0,60}\)")

# Sentences, clauses and phrases. CJK punctuation ends a clause with no space after it.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(\[])|(?<=[\u3002\uff01\uff1f])")
_FIRST_CLAUSE = re.compile(r"[.!?,;:]\s|[\u3001\u3002\uff01\uff0c\uff1a\uff1b\uff1f]")
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
_PURPOSE = re.compile(r"\bfor\s+(?!(?:short|it|itself|them|this|that|these|each|the first time)\b)([^,;]+)")
_PURPOSE_END = re.compile(r"\s+(?:that|which|with|by|via|through|using|and|while|where|to|is|are|was|were)\b|\s+\(")
# "to our knowledge" and "to the ..." are not infinitives.
_TO_VERB = r"to\s+(?:[a-z]+ly\s+)?(?!(?:our|the|an?|this|these|its|their|be|date)\b)([a-z]+)"
_CLAUSE = re.compile(r"(?:(?:that|which)\s+(?:\w+ly\s+)?([a-z]+[^s\W]s)|" + _TO_VERB + r")\b([^,;]*)")
_INFINITIVE = re.compile(_TO_VERB + r"\b([^,;]*)")
_SUBJECT_VERB = re.compile(r"\s+(can\s+)?([a-z]+)\b([^,;]*)")
# Heads that only say a method exists; "model" and "system" end terms of art ("latent diffusion model"),
# "pipeline" and "architecture" say what it is ("a hybrid human-machine pipeline").
_SAYS_IT_EXISTS = {"framework", "approach", "method", "technique", "strategy", "paradigm", "scheme"}
_BARE = re.compile(
    r"(?i)(?:an?|the)\s+((?:[\w-]+\s+){1,4}?[\w-]+)\s+(?:"
    + "|".join(sorted(_SAYS_IT_EXISTS))
    + r")s?\b(?!\s+(?:that|which|to)\b)(.*)"
)
_GENERIC_PURPOSE = re.compile(r"(?i)(?:an?|the)\s+(?:[\w-]+\s+){0,3}?" + _GENERIC_NOUN + r"\s+to\s+([a-z]+)\b(\s+\S.*)")
# "An approach to dynamic routing" says only that a method exists; what it is for is the title.
_EXISTS_HEADS = _SAYS_IT_EXISTS | {"tool", "solution"}
_VAGUE_HEAD = re.compile(
    r"(?i)(?:an?|the)\s+(?:(?:new|novel|general|simple|unified|principled|generic|flexible)\s+)?(?:"
    + "|".join(sorted(_EXISTS_HEADS))
    + r")s?\s+(to|for)\s+(?!(?:the|an?|this|these|its|our|their|each|all|any)\b)(([a-z][\w-]*)\s+\S.*)"
)
_PURPOSE_ALONE = 3
_SAID_KEPT = 256  # one abstract's descriptions: each is checked against every task
_ACRONYM_IN = re.compile(r"\b[A-Z][A-Za-z]*[A-Z]s?\b")
_VAGUE_HEADS = _EXISTS_HEADS | {"model", "system", "mechanism", "pipeline", "algorithm"}
_HEAD_WINDOW = 4
_MIN_USES_CENTRAL = 2
_CENTRAL_USES = 5
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
_PROBLEM_OF = re.compile(r"\b(?:problem|task) of ([^,.;]{3,60})")
_THIS_PROBLEM = re.compile(r"\b(?:this|the) (?:problem|task)\b")
_HYPE = re.compile(
    r"\b(?:novel|new|simple|first|first-of-its-kind|fundamental|innovative|dramatic|significant|substantial"
    r"|seamlessly|effectively|surgically|successfully|surprisingly|conclusively|significantly)(?:,?\s+and|,|\s+yet)?\s+",
    re.I,
)
_LEADING_ARTICLE = re.compile(r"^(?:(?:a|an|the|as|and)\s+)+", re.I)
_INDEFINITE = re.compile(r"(?i)an?\b|the\s+(?:first|novel|new)\b")
_DEMONSTRATIVE = re.compile(r"\b(?:this|these|those|such)\s+(?=\w)", re.I)
_VOWEL_SOUND = re.compile(r"[aeiouAEIOU](?!ni|se|sa)|[AEFHILMNORSX][A-Z0-9]")
# Stressed last syllables double their consonant: mapping, admitting, inferring, embedding.
_DOUBLES_LAST = re.compile(r"(?:^[^aeiou]*[aeiou]|(?<!li)mi|cu(?=r)|tro|be|(?<!f)fe|^(?:e|s|ac)?qu[aio])[^aeiouwxychkqjvz]$")
_UNDOUBLED_QU = re.compile(r"(?i)\b(?:e|ac|s)?qui[pt]ing\b")
_POINTERS = ("this", "these")
_CUT_BEFORE = {"by", "via", "through", "using", "while", "to", "with", "in", "on", "across", "and", "from", "for"}
_NO_LAST = {"a", "an", "the", "of", "for", "to", "in", "on", "with", "by", "via", "and", "or", "as", "from", "at",
            "under", "over", "into", "between", "within", "without", "across", "through", "using", "than", "whether",
            "designed", "tailored", "built", "based", "used", "aimed", "intended", "dedicated"}  # fmt: skip
_NOT_ACTIONS = {"is", "has", "was", "does", "be", "models", "outputs", "results", "values", "tasks", "methods"}
_AUXILIARIES = {"are", "were", "have", "had", "can", "could", "will", "would", "may", "might", "also", "then", "did",
                "term", "call", "name", "refer", "here", "now", "first", "thus", "therefore", "instead", "further",
                "additionally", "finally", "consider", "introduce", "propose", "present", "moreover", "furthermore", "next", "again", "still", "subsequently"}  # fmt: skip
_RELATIVE = {"that", "which", "who", "where", "whereby", "while", "whereas", "thereby", "and"}


# The grammar gate. A title never opens on these...
_SUBORDINATORS = {"while", "although", "though", "because", "since", "if", "whereas", "unless", "as", "whether", "once",
                  "after", "before", "until", "so", "but", "and", "or", "yet", "thus", "hence", "therefore", "despite",
                  "both", "either", "neither"}  # fmt: skip
_PRONOUNS = {"it", "its", "they", "them", "their", "we", "our", "us", "this", "these", "those", "that", "he", "she",
             "his", "her", "you", "your", "i", "one", "such", "there"}  # fmt: skip
_OBJECT_PRONOUNS = {"it", "them", "us"}
_WH_WORDS = {"how", "what", "why", "which", "who", "whom", "whose", "where", "when"}
_PREPOSITIONS = {"of", "for", "to", "in", "on", "with", "by", "via", "from", "at", "into", "onto", "under", "over",
                 "between", "through", "across", "without", "within", "about", "among", "towards", "toward", "against",
                 "beyond", "upon", "during", "than", "like", "unlike", "per", "along", "behind", "around", "throughout"}  # fmt: skip
_DETERMINERS = {"a", "an", "the", "each", "every", "all", "any", "some", "no", "both", "either", "neither", "more", "most",
                "less", "many", "much", "few", "several", "other", "another", "own", "not", "only", "also", "very"}  # fmt: skip
_AUXILIARY_VERBS = {"is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "do", "does", "did", "can",
                    "could", "will", "would", "may", "might", "must", "should", "shall"}  # fmt: skip
_FUNCTION_WORDS = _SUBORDINATORS | _PRONOUNS | _WH_WORDS | _PREPOSITIONS | _DETERMINERS | _AUXILIARY_VERBS
# ...and never ends on a function word, an adjective or a participle. Without a tagger, adjectives are
# told by their endings, less the nouns that share them.
_ADJECTIVE_END = re.compile(r"(?:al|ive|ous|ic|able|ible|ful|less|ary|(?<!m)ent|ant|ular|ile|ish|free|aware|wise|like|based)$")
_NOUNS_LIKE_ADJECTIVES = {
    "retrieval", "signal", "interval", "potential", "proposal", "rival", "arrival", "journal", "animal", "manual",
    "approval", "removal", "survival", "renewal", "tutorial", "trial", "material", "terminal", "portal", "total",
    "capital", "principal", "chemical", "individual", "original", "objective", "directive", "primitive", "alternative",
    "incentive", "narrative", "perspective", "derivative", "representative", "initiative", "adhesive", "explosive",
    "music", "logic", "topic", "metric", "arithmetic", "heuristic", "rhetoric", "mechanic", "dynamic", "graphic",
    "clinic", "critic", "epidemic", "logistic", "characteristic", "statistic", "magic", "traffic", "panic", "mosaic",
    "agent", "gradient", "student", "patient", "client", "component", "content", "element", "environment", "event",
    "experiment", "intent", "moment", "segment", "agreement", "alignment", "assessment", "deployment", "embodiment",
    "improvement", "management", "measurement", "movement", "requirement", "treatment", "document", "argument",
    "coefficient", "ingredient", "percent", "parent", "talent", "tangent", "torrent", "accent", "descent", "latent",
    "variant", "constant", "assistant", "participant", "quadrant", "tenant", "giant", "plant", "grant", "implant",
    "library", "boundary", "dictionary", "summary", "vocabulary", "memory", "diary", "glossary", "anniversary",
    "adversary", "salary", "secretary", "commentary", "inventory", "trajectory", "history", "category", "theory",
    "profile", "tile", "file", "mobile", "textile", "percentile", "quantile", "missile", "projectile", "fish",
    "database", "knowledge-based", "baseline", "codebase", "base", "pipeline", "principle",
}  # fmt: skip
_ADJECTIVES = {"low", "high", "large", "small", "long", "short", "deep", "wide", "fast", "slow", "new", "old", "good",
               "better", "best", "worse", "strong", "weak", "open", "real", "full", "sparse", "dense", "hard", "easy",
               "same", "different", "various", "multiple", "diverse", "robust", "accurate", "complex", "simple",
               "general", "specific", "unified", "novel", "lightweight", "scalable", "efficient", "effective",
               "inspired", "key", "main", "certain", "like", "free", "random", "benign", "discrete", "noisy", "harmful",
               "online", "offline", "implicit", "explicit", "joint", "single", "dual", "safe", "unsafe", "soft",
               "smooth", "rich", "poor", "higher", "lower", "larger", "smaller", "deeper", "fewer", "static"}  # fmt: skip
# "long-term", "large-scale", "fine-grained": compounds that modify a noun still to come.
_COMPOUND_ADJECTIVE = re.compile(
    r"(?:long|short|large|small|high|low|fine|coarse|mid|full|multi|cross)-(?:term|scale|range|level|order|grained|resolution|size|sized|length|horizon|rank|modal)$"
    r"|(?:multi|cross|single|real)-(?:turn|layer|world|step|stage|view|hop|round|shot|lingual)$"
)
_NOUNS_IN_LY = {"family", "anomaly", "anomalies", "assembly", "supply", "monopoly", "ally", "rally", "reply", "poly",
                "italy", "july", "fly", "butterfly", "firefly", "jelly", "belly", "homily"}  # fmt: skip
_AUTHORS = {"we", "our", "us", "ours"}
_POINTING_BACK = {"such", "aforementioned", "above-mentioned", "resulting"}
# What "this" or "these" points back at when the noun alone says nothing: "bridge this gap", "apply this framework".
_VAGUE_REFERENT = re.compile(
    r"(?:gap|challenge|limitation|question|problem|issue|phenomenon|setting|assumption|trade-?off|dilemma|trilemma"
    r"|bottleneck|need|barrier|idea|lens|perspective|principle|notion|hypothesis|difficulty|inefficiency|tension"
    r"|dichotomy|concern|requirement|shortcoming|deficiency|discrepancy|mismatch|disconnect|observation|insight"
    r"|finding|view|goal|paradigm|" + _GENERIC_NOUN[3:-1] + r")s?"
)
_COPULAS = {"is", "are", "was", "were"}
_RUNS_EXPERIMENTS = re.compile(
    r"(?i)(?:^|\band\s+)(?:conduct|perform|run|carry out)(?:s|ing)?\s+(?:[\w-]+\s+){0,4}?experiments\b"
)
_QUESTION_GOES_ON = re.compile(r"\?\s+[a-z]")
_ARTICLE_PLURAL = re.compile(r"(?i)\ban?\s+[a-z]+(?:tions|sions|ments|ities)\b")
_PARTICIPLE_END = re.compile(r"(?:[^e]ed|[^aeiou]ied|(?:driv|giv|chos|hidd|writt|tak|brok|prov|bitt|draw|grow|know|shown|se)en)$")
_NOT_PARTICIPLES = {"need", "seed", "speed", "feed", "embed", "bed", "red", "shed", "breed", "weed", "hundred", "proceed",
                    "exceed", "succeed", "bleed", "creed", "greed", "deed", "reed", "tweed", "indeed", "kindred",
                    "token", "open", "seen", "unseen", "screen", "green", "queen", "even", "heaven", "oven", "linen"}  # fmt: skip
# English doubles no c, g, h, j, k, q, v, w, x, y or z before -ing (buzz and its kin aside): "optimizzing".
_MISSPELT_GERUND = re.compile(
    r"(?i)\b(?!(?:grokk|trekk|buzz|fizz|jazz|fuzz|whizz|razz|frizz|egg|dogg|bugg|logg|hugg|jogg|tagg|bagg|flagg|plugg|drugg|rigg|digg|begg|shrugg|debugg|trekk|revv|chugg|snugg|hogg|pegg|lagg|dragg|mugg|wagg|zigzagg)ing\b)\w*([cghjkqvwxyz])\1ing\b"
)
# A gerund made of a noun, an adjective or a participle: "Explanationing" (from "Explanations are ..."), "Dynamicking"
# (from "an approach to dynamic routing"), "Balanceding". Only a handful of verbs end in -ation, -ic or -ed.
_NOT_A_VERB_GERUND = re.compile(
    r"(?i)\b(?!(?:r|st)ationing\b)\w+ations?ing\b|\b(?!(?:(?:re|pre|con|se|inter|ac)?c|imp|stamp|supers)eding\b)\w+[^e\W]eding\b|\b(?!(?:mim|pan|traff|frol|picn|polit|nitp|handp|bootl|unst)icking\b)\w*[aeiouy]\w*icking\b"
)
_CLAUSE_BEFORE_TASK = re.compile(r"(?i)\b(?:how|where|when|why|whether)\s+(?:[\w'-]+\s+){1,3}for\b")
# "Studying how functional MRI activity": a clause that ends before any word could be its verb (no -s, -ed,
# auxiliary or "to"); "Learning when to stop" and "Knowing what matters" have one.
_VERBLESS_CLAUSE = re.compile(
    r"(?i)\b(?:how|why|whether|when|where)(?:\s+(?!(?:to|can|could|will|would|may|might|must|should|do|does|did)\b)"
    r"[\w'-]*[^\W\d_](?<![sd]))+\s*$"
)
_DUE_WITHOUT_TO = re.compile(r"(?i)\bdue\b(?!\s+to\b)")
_COUNT_AT_END = re.compile(r"(?i)\b(?:over|than|of|about|nearly|approximately|around|to|from|with|up)\s+\d[\d,.]*[km]?\s*$")
_CONJUNCTIONS = {"and", "or", "but", "nor", "yet", "so"}
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
_EVALUATION_AID = re.compile(r"(?i)\s*(?:to|for)\s+(?:evaluat|assess|benchmark|validat|test|measur)\w*\b")
_NAME_SEPARATOR = ": "
# "A theoretical analysis of how a common workaround": a clause opened this near the end was cut.
_CLAUSE_TAIL = 4
_PLURAL = re.compile(r"(?<!ic)[^siu]s$")
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

# Scoring the candidates.
_WORD = re.compile(r"[^\W_][\w'-]*")
_SHORTEST, _LONGEST = 6, 12
# With a sentence model, closeness to the abstract counts this much beside WEIGHTS (set by hand: the held-out
# half's ROUGE-L goes from 0.353 to 0.360 with it, `benchmarks/titles.py --embeddings`).
_SIMILARITY_WEIGHT = 2.0
_LEAST_SAID = 2
_OPENING_SENTENCES = 2
_TOP_COVERED = 3
_REAL_LENGTH = 10
_TOP_TERMS = 12
_TWO_CAPITALS = re.compile(r"[A-Z].*[A-Z]")
_DIGIT = re.compile(r"\d")
_SUFFIX = re.compile(r"(?:ing|ed|es|s)$")
# A conference's vocabulary, with room to spare.
_STEMS_KEPT = 1 << 16
_TASK_WORDS = 4
_TASKS = 2
_FOR = re.compile(r"(?i)\bfor\b")
# "for two correlation geometries" counts things; it names no task.
_NUMBERS = {"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "multiple", "many", "various"}
_TASK_MIN_WEIGHT = 0.08
# The abstract's opening subject often names its field: "Sparse autoencoders are ...", "Prompt compression has
# ...". Half its words are in the real title; offered as a task of its own, numbered after the others.
_TOPIC = re.compile(
    r"((?:[\w-]+\s+){0,4}?[\w-]+)(?:\s+\([^()]{1,30}\))?\s+(?:is|are|has|have|remains?|plays?|offers?|enables?"
    r"|achieves?|struggles?|suffers?|faces?|relies|rely|lacks?|requires?|poses?|holds?|presents?|represents?|provides?"
    r"|involves?|depends?|demands?|underpins?|drives?|hinges?|can|often|typically|increasingly|still|promises?)\b"
)
_TOPIC_TASK = _TASKS + 1
_JOINING = {"in", "of", "for"}
# "Recent advances in diffusion models have ...": a trend, not the paper's field.
_TREND = {"advances", "advancements", "progress", "success", "successes", "developments", "rise", "emergence", "growth",
          "breakthroughs", "popularity", "adoption"}  # fmt: skip
_TASK_MIN_WORDS = 2
# The phrase an abstract keeps repeating ("prompt compression", "few-shot text classification") is in a third
# of real titles; offered as a task too.
_REPEATED_TASK = _TOPIC_TASK + 1
_PHRASE_TOKEN = re.compile(r"[^\W_][\w'-]*|[^\w\s]")
_MIN_REPEATS = 2
_MODEL_NOUNS = re.compile(r"(?:models?|networks?|transformers?|llms?|agents?)")
# Words that say a paper exists, not what it is about.
_VAGUE = _GENERIC | {"novel", "new", "simple", "lightweight", "efficient", "effective", "generic", "general", "powerful",
                     "paper", "work", "study", "results", "experiments", "performance", "state-of-the-art", "existing",
                     "baselines", "extensive", "proposed", "tool", "toolkit", "thing", "way", "ways", "various", "several",
                     "show", "shows", "achieve", "achieves", "demonstrate", "outperforms", "significantly", "yet",
                     "presenting", "proposing", "introducing", "considering", "performing", "conducting", "achieving",
                     "providing", "furthering", "making", "using", "doing", "having", "getting", "taking"}  # fmt: skip
# Where a task is tried, not the task: "protein design benchmarks" is protein design.
_EVALUATION = {"benchmark", "benchmarks", "dataset", "datasets", "task", "tasks", "setting", "settings", "experiments",
               "scenarios", "domains", "problems"}  # fmt: skip
# "Camouflaged Object Detection (COD)": a task the abstract names, spelled out before its acronym.
_PAREN_ACRONYM = re.compile(r"\s\(([a-z]?[A-Z][\w-]{1,20})\)")
_SPELLED_WORDS = 5
# The nouns tasks end in; a phrase that ends in one is likelier the task.
_MEASURES = {"rate", "rates", "quality", "accuracy", "score", "scores", "metric", "metrics", "cost", "costs", "process",
             "processes", "efficiency", "error", "errors", "gains", "improvement", "improvements", "speed", "speedup",
             "overhead", "latency", "throughput", "budget", "ratio", "loss", "losses"}  # fmt: skip
_TASK_HEADS = {
    "detection", "estimation", "generation", "recognition", "segmentation", "learning", "adaptation", "recommendation",
    "classification", "prediction", "forecasting", "reasoning", "retrieval", "translation", "understanding",
    "synthesis", "reconstruction", "tracking", "navigation", "manipulation", "planning", "control", "discovery",
    "design", "editing", "captioning", "answering", "summarization", "alignment", "inference", "optimization",
    "compression", "localization", "matching", "completion", "modeling", "regression", "clustering", "verification",
    "diagnosis", "screening", "simulation", "transfer", "distillation", "quantization", "pruning", "unlearning",
}  # fmt: skip
_TASK_HEAD_BONUS = 0.15
# What kind of thing a paper offers, which says nothing of what it is about: "TPRU: A large-scale dataset".
_KINDS = {"dataset", "datasets", "benchmark", "benchmarks", "large-scale", "comprehensive", "unified", "module",
          "suite", "collection", "corpus", "library", "platform"}  # fmt: skip
_SAYS_NOTHING = _FUNCTION_WORDS | _VAGUE | _KINDS
# "for X" or "in X" where X is a short noun phrase of the abstract.
_TASK = re.compile(
    r"\b(?:for|in|on)\s+((?:[\w-]+\s+){0,4}?[\w-]+)(?=\s*[,.;:()]|\s+(?:and|via|by|with|through|using|that|which|where|while|under|from|to|as|is|are|without|across|of)\b)"
)


def title_defects(title: str) -> list[str]:
    """What the grammar gate finds wrong with a title; empty for one a researcher could accept."""
    name, _, description = title.rpartition(_NAME_SEPARATOR) if _NAME_SEPARATOR in title else ("", "", title)
    words = [w.lower() for w in re.findall(r"[\w][\w'-]*", description)]
    found = []
    if not words:
        return ["empty"]
    if words[0] in _SUBORDINATORS | _PRONOUNS | _WH_WORDS | _PREPOSITIONS:
        found.append(f"starts with {words[0]!r}")
    if len(words) > 1 and words[0] in ("a", "an", "the") and words[1] in _PREPOSITIONS:
        found.append(f"an article without its noun: {words[0]!r} {words[1]!r}")
    ending = "function word" if words[-1] in _FUNCTION_WORDS else _bad_end(words[-1])
    if len(words) > 2 and words[-2] == "to" and not words[-1].endswith("ing"):
        ending = ending or "infinitive"
    # "latent coefficients evolving": an -ing word after a plural noun is a participle, not a noun.
    # An acronym is no plural: "IMTS forecasting" is a task.
    last_two = re.findall(r"[\w][\w'-]*", description)[-2:]
    plural = len(last_two) == 2 and _PLURAL.search(words[-2]) and not last_two[0].isupper()
    if not ending and words[-1].endswith("ing") and plural:
        ending = "participle"
    if ending:
        found.append(f"ends on {ending} {words[-1]!r}")
    content = [w for w in words if w not in _FUNCTION_WORDS] + ([name] if name else [])
    if len(content) < 3:
        found.append("fewer than three content words")
    found += [f"misspelt gerund {m[0]!r}" for m in _MISSPELT_GERUND.finditer(title)]
    found += [f"misspelt gerund {w!r}" for w in words if w.endswith("ing") and w[:-3] in _CONJUNCTIONS | _MODALS]
    found += [
        f"misspelt gerund {w!r}"
        for w in re.findall(r"\w+", title)
        if w.lower().endswith(_SUSPECT_GERUNDS) and _NOT_A_VERB_GERUND.fullmatch(w)
    ]
    # "Equiping": after "qu" the vowel is the next letter, and a stressed short vowel doubles the consonant.
    found += [f"misspelt gerund {m[0]!r}" for m in _UNDOUBLED_QU.finditer(title)]
    # "WaveTS: Practically, we embed the WDT": the abstract's voice, not a title's.
    found += [f"the authors' {w!r}" for w in words[1:] if w in _AUTHORS]
    # "A formalism for evaluating such evaluations": such what? The sentence before it is not in the title.
    found += [f"points back with {w!r}" for w in words if w in _POINTING_BACK]
    found += [
        f"points back with {a!r} {b!r}" for a, b in itertools.pairwise(words) if a in _POINTERS and _VAGUE_REFERENT.fullmatch(b)
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
    cut_tail = len(words) > _SHORTEST and set(words[-_CLAUSE_TAIL:]) & (_WH_WORDS | {"that", "whether"})
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


@functools.lru_cache(maxsize=_STEMS_KEPT)
def _bad_end(word: str) -> str:
    """Whether a lowercase word cannot end a title: "adjective", "participle", "adverb", or "" when it can."""
    if word.endswith("ly") and word not in _NOUNS_IN_LY:
        return "adverb"
    if (
        word in _ADJECTIVES
        or (_ADJECTIVE_END.search(word) and word not in _NOUNS_LIKE_ADJECTIVES)
        or _COMPOUND_ADJECTIVE.match(word)
    ):
        return "adjective"
    if _PARTICIPLE_END.search(word) and word not in _NOT_PARTICIPLES:
        return "participle"
    return ""


def derive_titles(abstracts: Sequence[str], embed: Embed | None = None) -> list[str]:
    """A title for each abstract: of several candidate titles, the gated one that covers the abstract best.

    With embed (texts in, unit rows out: a sentence model), a candidate also scores by its cosine with
    its abstract; all abstracts and candidates go to the model in one call.
    """
    candidates = [_candidates(abstract) for abstract in abstracts]
    if embed is None or not candidates:
        return [_choose(c) for c in candidates]
    titles = [candidate.title for c in candidates for candidate in c.titles]
    vectors = embed([*abstracts, *titles])
    abstract_rows, title_rows = vectors[: len(abstracts)], vectors[len(abstracts) :]
    chosen, start = [], 0
    for row, c in enumerate(candidates):
        cosines = title_rows[start : start + len(c.titles)] @ abstract_rows[row]
        chosen.append(_choose(c, [float(x) for x in cosines]))
        start += len(c.titles)
    return chosen


def derive_title(abstract: str) -> str:
    """A paper-like title for an abstract that has none."""
    return derive_titles([abstract])[0]


@dataclasses.dataclass(frozen=True)
class _Candidate:
    """One candidate title and how it was made, which the choice weighs."""

    title: str
    source: str  # the rule that made it: one of _SOURCES
    order: int  # how many candidates of the same source came before it
    place: float  # where its sentence stands in the abstract: 0 first, 1 last
    task: int  # which of the abstract's likely tasks was added to it: 1 the likeliest, 0 none


# "name": what the introducing sentence says the named method is; "subject": what a later sentence
# says it does; "stated": a contribution "we" state; "claim": a finding "we" show; "action": anything
# else "we" do; "purpose": what the introduced method is and what it is for, in a real title's order
# ("X for doing Y", "Doing Y via X"); "opening": the abstract's first clause.
_SOURCES = ("name", "subject", "stated", "claim", "action", "purpose", "opening")
# A finding is a sentence: "Both perspectives are partially valid for prolonging training" is no title.
_TASKED = tuple(source for source in _SOURCES if source != "claim")


@dataclasses.dataclass(frozen=True)
class _Candidates:
    """The candidate titles of one abstract, the weight of each of its terms, and the name found."""

    titles: list[_Candidate]
    weights: dict[str, float]
    name: str
    task: str
    opening: frozenset[str]  # the stems of the abstract's first sentences
    top: frozenset[str]  # its weightiest terms
    counts: Counter[str]  # how often the abstract uses each stem

    @functools.cached_property
    def task_terms(self) -> frozenset[str]:
        return frozenset(_stem(w) for w in _WORD.findall(self.task.lower()))


def _candidates(abstract: str) -> _Candidates:
    text, urls = _clean(abstract[:_MAX_CHARS])
    sentences = [s for s in _SENTENCE_END.split(text) if s.strip()]
    last = max(len(sentences) - 1, 1)
    tokens = _PHRASE_TOKEN.findall(text)
    lowered = [token.lower() for token in tokens]
    weights = _term_weights(lowered)
    # A name the abstract only uses competes too, and wins only by being used more.
    bold = _bold_initials(abstract[:_MAX_CHARS])
    found = [*_named_methods(sentences, text), bold, _frequent_name(sentences, text), _owned_name(text)]
    named = _chosen_name(found, text, bold) or _url_name(urls, text)
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
    tasks = _tasks(text, weights, name)
    topic = _topic(sentences[0] if sentences else "", weights, name)
    numbered = list(enumerate(tasks, 1))
    if topic and all(not _covers(topic, task) for task in tasks):
        numbered.append((_TOPIC_TASK, topic))
    repeated = _repeated_phrase(tokens, lowered)
    if repeated and all(not _covers(repeated, task) for _, task in numbered):
        numbered.append((_REPEATED_TASK, repeated))
    titles: list[_Candidate] = []
    made: Counter[str] = Counter()
    for source, place, description in ((s, p, d.strip(" .")) for s, p, d in sources if d.strip(" .")):
        shortened = _shorten(description, budget)
        variants = [(shortened, 0)]
        longer = _shorten(description, budget + _LONGER)
        if longer != shortened:
            variants.append((longer, 0))
        # "A tool-augmented intelligent agent" says what, not for what: the abstract's task completes it.
        for number, task in numbered if source in _TASKED else []:
            head = _shorten(description, budget - len(task.split()) - 1)
            # "A framework for MHQA for single-pass LLMs": a description that has its purpose keeps it.
            if not _repeats(f"{name} {shortened}", task) and not _FOR.search(head):
                variants.append((f"{head} for {task}", number))
        # "A tractable method to learn the causal structure" reads as a title as "Learning the causal structure".
        recast = _GENERIC_PURPOSE.match(shortened)
        # "An approach to balanced partitioning": after "to" a participle or an adjective is no verb, and
        # "an approach to point cloud registration" leads into a task, not a verb.
        noun = recast and (
            _bad_end(recast[1].lower()) in ("participle", "adjective")
            or recast[1].lower().endswith("ic")
            or any(f"{recast[1]}{recast[2]}".lower().startswith(task.lower()) for _, task in numbered)
        )
        if recast and not noun:
            variants.insert(1, (_gerund(recast[1].lower()) + recast[2], 0))
        variants += _purpose_only(shortened, name, numbered, text)
        variants += [(bare, tasked) for variant, tasked in variants if (bare := _bare(variant, name))]
        for variant, tasked in variants:
            title = _polish(f"{name}: {variant}" if name else variant)
            if all(title != other.title for other in titles):
                titles.append(_Candidate(title, source, made[source], place, tasked))
        made[source] += 1
    # After a name too, lest it stand alone when nothing else passes the gate.
    if not titles or name:
        titles.append(_Candidate(_polish(f"{name}: {_prefix(text)}" if name else _prefix(text)), "opening", 0, 0.0, 0))
    opening = frozenset(_stem(w) for w in _WORD.findall(" ".join(sentences[:_OPENING_SENTENCES]).lower()))
    top = frozenset(sorted(weights, key=lambda term: -weights[term])[:_TOP_COVERED])
    counts: Counter[str] = Counter()
    for word, count in Counter(lowered).items():
        for part in word.split("-"):
            counts[_stem(part)] += count
    return _Candidates(titles, weights, name, tasks[0] if tasks else "", opening, top, counts)


def _choose(candidates: _Candidates, cosines: list[float] | None = None) -> str:
    """The admissible candidate that scores best; failing any, the first."""
    similar = cosines or [0.0] * len(candidates.titles)
    admissible = _admissible(candidates)
    if not admissible:
        return candidates.titles[0].title
    scores = [_score(candidates.titles[i], candidates) + _SIMILARITY_WEIGHT * similar[i] for i in admissible]
    return candidates.titles[admissible[scores.index(max(scores))]].title


def _admissible(candidates: _Candidates) -> list[int]:
    """The candidates the grammar gate passes, less those that only say a method exists, if others say more."""
    gated = [i for i, c in enumerate(candidates.titles) if not title_defects(c.title)]
    # "RouteKit: A lightweight yet efficient approach" says nothing of what RouteKit is, and the opening
    # clause ("Temporal point processes have emerged as powerful tools") only sets the scene.
    informative = [i for i in gated if not _filler(candidates.titles[i].title, candidates.name)]
    contributed = [i for i in informative if candidates.titles[i].source != "opening"]
    return contributed or informative or gated


def _filler(title: str, name: str) -> bool:
    described = _WORD.findall((title.rpartition(_NAME_SEPARATOR)[2] if name else title).lower())
    return sum(1 for w in described if w not in _SAYS_NOTHING) < _LEAST_SAID


def _score(candidate: _Candidate, candidates: _Candidates) -> float:
    """How likely the candidate is the abstract's title, by the learned weights of its features."""
    return sum(map(operator.mul, WEIGHTS, features(candidate, candidates)))


def features(candidate: _Candidate, candidates: _Candidates) -> tuple[float, ...]:
    """What the choice knows of a candidate, in the order of FEATURES."""
    title = candidate.title
    words = _WORD.findall(title.lower())
    described = _WORD.findall(title.rpartition(_NAME_SEPARATOR)[2].lower()) if candidates.name else words
    content = [w for w in described if w not in _SAYS_NOTHING]
    terms = {_stem(w) for w in words}
    weights = candidates.weights
    first = described[0] if described else ""
    said = " ".join(title.rpartition(_NAME_SEPARATOR)[2].split()[:_SPELLED_WORDS])
    length = len(title.split())
    task = candidates.task_terms
    stems = [_stem(w) for w in content]
    # "ICRL prompting: Multi-round prompting", "GNN training for graph networks": a word said twice.
    parts = [_stem(p) for w in words if w not in _SAYS_NOTHING for p in w.split("-") if len(p) > 2]
    return (
        sum(weights.get(term, 0.0) for term in terms),
        sum(1 for w in content if _stem(w) in weights) / max(len(content), 1),
        float(length),
        float(max(0, _SHORTEST - length)),
        float(max(0, length - _LONGEST)),
        float(sum(1 for w in words if w in _VAGUE)),
        float(sum(1 for w in words if w in _AUXILIARY_VERBS)),
        float(bool(candidates.name) and _spells(said, candidates.name)),
        # Opening clauses compete only among themselves (see _admissible): their source tells them nothing.
        *(float(candidate.source == source) for source in _SOURCES[:-1]),
        float(min(candidate.order, 3)),
        candidate.place,
        *(float(candidate.task > 0 and candidate.source == source) for source in _TASKED),
        float(candidate.task > 1),
        float(candidate.task == _TOPIC_TASK),
        float(candidate.task == _REPEATED_TASK),
        len(task & terms) / max(len(task), 1),
        float(len(candidates.top & terms)),
        sum(1 for stem in stems if stem in candidates.opening) / max(len(stems), 1),
        float(abs(length - _REAL_LENGTH)),
        float(sum(1 for w in title.rpartition(_NAME_SEPARATOR)[2].split()[1:] if _TWO_CAPITALS.search(w))),
        float(first.endswith("ing")),
        float(first in ("a", "an", "the")),
        float(sum(1 for w in described if _DIGIT.search(w))),
        float(sum(1 for w in described if w in _RELATIVE or w in _WH_WORDS)),
        float(_vague_head(described)),
        float(sum(1 for count in Counter(parts).values() if count > 1)),
        _task_weight(title, candidate, weights),
        # A word the abstract says once is a detail: "for optimal rank-k", "for target scenes".
        sum(1 for p in parts if candidates.counts[p] < _MIN_USES_CENTRAL) / max(len(parts), 1),
        sum(min(candidates.counts[p], _CENTRAL_USES) for p in parts) / max(len(parts), 1),
    )


def _vague_head(described: list[str]) -> bool:
    """Whether the description opens on a head that only says a method exists: "An effective model for ..."."""
    for word in described[:_HEAD_WINDOW]:
        if word in _VAGUE_HEADS:
            return True
        if word not in _SAYS_NOTHING:
            return False
    return False


def _task_weight(title: str, candidate: _Candidate, weights: dict[str, float]) -> float:
    """How much of the abstract the added task is about: "for questions" or "for target scenes" is little."""
    if not candidate.task:
        return 0.0
    task = [_stem(w) for w in _WORD.findall(title.rpartition(" for ")[2].lower()) if w not in _SAYS_NOTHING]
    return sum(weights.get(stem, 0.0) for stem in task)


FEATURES = (
    "coverage", "focus", "words", "too short", "too long", "vague words", "auxiliary verbs", "spelled out",
    *(f"from {source}" for source in _SOURCES[:-1]), "order", "place",
    *(f"task added to {source}" for source in _TASKED), "second task", "opening topic", "repeated phrase", "task words", "top terms",
    "in the first sentences", "off length", "acronyms", "gerund first", "article first", "numbers", "clause words",
    "vague head", "repeated words", "task weight", "said once", "uses",
)  # fmt: skip
# Fitted by benchmarks/fit_titles.py on the tune half of the dev file, which prints them again.
WEIGHTS = (1.778, -0.684, -0.077, -0.065, 0.067, -0.016, 0.030, 0.549, 0.458, -0.412, -0.077, -0.480, -0.109, -0.106, 0.046, -0.864, -0.290, 0.233, -0.141, 0.095, 0.066, 0.297, 0.158, 0.337, -0.248, 0.452, 0.025, 0.796, -0.028, 0.052, -0.495, -0.183, -0.192, -0.060, -0.366, -0.155, -0.220, -1.037, 0.271)  # fmt: skip


def candidate_features(abstract: str) -> list[tuple[str, bool, tuple[float, ...]]]:
    """Each candidate title of an abstract, whether the choice may take it, and its features.

    benchmarks/fit_titles.py fits WEIGHTS to these.
    """
    candidates = _candidates(abstract)
    admissible = set(_admissible(candidates))
    return [(c.title, i in admissible, features(c, candidates)) for i, c in enumerate(candidates.titles)]


def _term_weights(lowered: list[str]) -> dict[str, float]:
    """Each content term's share of the abstract's top terms: what the abstract is about."""
    counts: Counter[str] = Counter()
    for word, count in Counter(lowered).items():
        if word not in _FUNCTION_WORDS and word not in _VAGUE and len(word) > 2:
            counts[_stem(word)] += count
    top = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:_TOP_TERMS]
    total = sum(count for _, count in top) or 1
    return {term: count / total for term, count in top}


def _tasks(text: str, weights: dict[str, float], name: str) -> list[str]:
    """The tasks the abstract may address, the likeliest first: the weightiest phrases after "for" or "in"."""
    scored: dict[str, float] = {}
    # The background names the field's old tasks; the task is what the paper takes on. A task the
    # abstract names by an acronym ("camouflaged object detection (COD)") is its own, wherever it stands.
    ours = _WE.search(text)
    phrases = [m[1] for m in _TASK.finditer(text, ours.start() if ours else 0)]
    phrases += [spelled for m in _PAREN_ACRONYM.finditer(text) if (spelled := _spelled_before(text, m))]
    for found in phrases:
        words = found.split()
        # "models ranging from ...": an -ing word after a plural starts a participle clause, not the task.
        cut = next((i for i in range(1, len(words)) if words[i].endswith("ing") and _PLURAL.search(words[i - 1])), None)
        words = words[:cut] if words[0].lower() not in _NUMBERS and not words[0][0].isdigit() else []
        while words and (words[-1].lower() in _FUNCTION_WORDS | _VAGUE | _EVALUATION or _bad_end(words[-1].lower())):
            words.pop()
        phrase = " ".join(words)
        # A lone word is a task only when it names one ("segmentation"); "for questions" names none.
        single = len(words) == 1 and words[0].lower() not in _TASK_HEADS and not words[0].isupper()
        if not 1 <= len(words) <= _TASK_WORDS or single or (name and name in phrase):
            continue
        if any(w.lower() in _VAGUE or w.lower() in _FUNCTION_WORDS for w in words):
            continue
        # "for attack success rate", "for reconstruction quality": what a method is measured by, not its task.
        if words[-1].lower() in _MEASURES:
            continue
        score = sum(weights.get(_stem(w.lower()), 0.0) for w in words)
        score += _TASK_HEAD_BONUS * (words[-1].lower() in _TASK_HEADS)
        if score >= _TASK_MIN_WEIGHT and score > scored.get(phrase.lower(), 0.0):
            scored[phrase.lower()] = score
            scored[phrase] = scored.pop(phrase.lower()) if phrase != phrase.lower() else score
    ranked = sorted(scored, key=lambda phrase: -scored[phrase])
    kept: list[str] = []
    for phrase in ranked:
        if all(not _covers(phrase, other) for other in kept):
            kept.append(phrase)
    return kept[:_TASKS]


def _topic(sentence: str, weights: dict[str, float], name: str) -> str:
    """The field the opening sentence is about, when its subject is a short noun phrase: "Sparse autoencoders"."""
    subject = _TOPIC.match(sentence)
    if not subject:
        return ""
    words = _strip_lead(subject[1]).split()
    lowered = [w.lower() for w in words]
    # A single word ("Reasoning is ...") names a whole field, not the paper's task.
    if (
        len(words) < _TASK_MIN_WORDS
        # "Reasoning in language models": a preposition may join the subject's nouns, not end or start it.
        or any(w in _FUNCTION_WORDS and not (w in _JOINING and 0 < i < len(lowered) - 1) for i, w in enumerate(lowered))
        or any(w in _VAGUE or w in _EVALUATION or w in _TREND for w in lowered)
        or _bad_end(lowered[-1])
        or (name and name in words)
        or sum(weights.get(_stem(w), 0.0) for w in lowered) < _TASK_MIN_WEIGHT
    ):
        return ""
    return _midsentence(words)


def _midsentence(words: list[str]) -> str:
    """A phrase as it reads inside a title: "Graph transformers" was capitalised only because it opened the
    sentence, "Large Language Models" chose its capitals."""
    if words[0][1:].islower() and all(not w[:1].isupper() for w in words[1:]):
        words = [words[0].lower(), *words[1:]]
    return " ".join(words)


def _repeated_phrase(tokens: list[str], lowered: list[str]) -> str:
    """The two- or three-word phrase of content words the abstract repeats most, longer ones first on a tie."""
    # Counting every pair and triple first is cheap; only the repeated ones are checked for content words.
    pairs = itertools.pairwise(lowered)
    counts = Counter(pairs) + Counter(zip(lowered, lowered[1:], lowered[2:], strict=False))
    repeated = [
        (words, count)
        for words, count in counts.items()
        if count >= _MIN_REPEATS
        and all(w[:1].isalnum() and w not in _SAYS_NOTHING for w in words)
        and not _bad_end(words[-1])
        # "for reasoning models" says what a method is tried on, not what it is for.
        and not _MODEL_NOUNS.fullmatch(words[-1])
    ]
    best = max(repeated, key=lambda item: (item[1] * len(item[0]), len(item[0])), default=None)
    if best is None:
        return ""
    # As the abstract first writes it: "Vision-Language Models" keeps its capitals.
    start = next(i for i in range(len(tokens)) if tuple(lowered[i : i + len(best[0])]) == best[0])
    return _midsentence(tokens[start : start + len(best[0])])


def _spelled_before(text: str, acronym: re.Match[str]) -> str:
    """The fewest words before an acronym in parentheses whose initials spell it, or ""."""
    words = text[max(0, acronym.start() - _MAX_TITLE_CHARS) : acronym.start()].split()[-_SPELLED_WORDS:]
    for count in range(2, len(words) + 1):
        phrase = " ".join(words[-count:])
        if _spells(phrase, acronym[1]):
            return phrase
    return ""


def _covers(description: str, task: str) -> bool:
    said = {_stem(w) for w in _WORD.findall(description.lower())}
    return any(_stem(w) in said for w in _WORD.findall(task.lower()) if w not in _FUNCTION_WORDS)


def _purpose_only(description: str, name: str, tasks: list[tuple[int, str]], text: str) -> list[tuple[str, int]]:
    """ "An approach to dynamic routing" as what it is for, alone and with each task: "Dynamic routing for LLMs".

    After "to" only a noun phrase ("to dynamic routing", "to routing"); a verb ("to learn") is recast elsewhere.
    """
    vague = _VAGUE_HEAD.fullmatch(description)
    if not vague or not name:
        return []
    first = vague[3].lower()
    if vague[1].lower() == "to" and not (first.endswith(_NOT_VERB_ENDS) or _bad_end(first) in ("adjective", "participle")):
        return []
    purpose = vague[2]
    tasked = [(f"{purpose} for {task}", n) for n, task in tasks if not _repeats(f"{name} {purpose}", task)]
    if len(purpose.split()) >= _PURPOSE_ALONE:
        return [(purpose, 0), *tasked]
    # "UniRoute: Dynamic routing" is too terse; the kind of model the abstract keeps naming completes it.
    models = Counter(m[0] for m in _MODEL_ACRONYM.finditer(text) if m[1] in _MODEL_ACRONYMS)
    if tasked or not models:
        return tasked
    return [(f"{purpose} for {models.most_common(1)[0][0]}", 1)]


@functools.lru_cache(maxsize=_SAID_KEPT)
def _said(said: str) -> tuple[frozenset[str], frozenset[str]]:
    """The stems of a name and description, and its acronyms in lowercase without a plural "s"."""
    stems = frozenset(_stem(p) for w in _WORD.findall(said.lower()) for p in w.split("-") if p)
    # Only a lowercase "s" is a plural: "GNNs" is GNN, "LNS" stays LNS.
    return stems, frozenset(a.removesuffix("s").lower() for a in _ACRONYM_IN.findall(said))


def _repeats(said: str, task: str) -> bool:
    """Whether a task only says again what the name and description say: "AC-ODM: Online data-mixing method for
    data mixing", "TurboBoA: A backpropagation-free PTQ algorithm for post-training quantization"."""
    stems, acronyms = _said(said)
    whole = [w for w in _WORD.findall(task.lower()) if w not in _FUNCTION_WORDS]
    content = [p for w in whole for p in w.split("-") if p]
    if any(_stem(p) in stems for p in content):
        return True
    # A task spelled out is repeated by its acronym: "PTQ", "GNNs".
    return any("".join(w[0] for w in words) in acronyms for words in (content, whole) if len(words) > 1)


@functools.lru_cache(maxsize=_STEMS_KEPT)
def _stem(word: str) -> str:
    """A crude stem, enough to count "models" with "model" and "learning" with "learned"."""
    return _SUFFIX.sub("", word) if len(word) > 4 else word


def _clean(raw: str) -> tuple[str, list[str]]:
    """Plain text, plus the URLs taken out of it (they may name the project)."""
    text, urls = raw, []
    # Most abstracts have no markup at all; the checks skip passes that would find nothing.
    if "](" in text:
        text = _MARKDOWN_LINK.sub(r"\1 \2", text)
    if "://" in text or "www." in text or ".github.io" in text:
        text = _LATEX_URL.sub(r" \1 ", text)
        urls = [url.rstrip(".,;:)") for url in _URL.findall(text)]
        text = _URL.sub(" ", text)
    if "(" in text:  # "(i) ... and (ii) ..." enumerates; its labels are not words
        text = _ENUMERATOR.sub("", text)
    if "\\" in text:
        text = _LATEX_DASH.sub(" \u2014 ", text)
        text = _LATEX_DROPPED.sub("", text)
        text = _GREEK.sub(r"\1", text)  # "$\pi^3$" names a method "pi^3", not "^3"
        text = _LATEX_ESCAPE.sub(r"\1", text)
        for _ in range(3):  # unwraps nested formatting from the inside out
            text = _LATEX_WRAPPER.sub(r"\1", text)
    if "$" in text:
        text = _MATH.sub(lambda m: _LATEX_COMMAND.sub("", m.group(1)), text)
    text = text.replace("``", '"').replace("''", '"').replace("---", "\u2014")
    # "a method--Drop-Muon--a framework": in abstracts a double hyphen is a dash, not a compound's joint.
    text = text.replace("--", "\u2014")
    if "*" in text or "`" in text or "_" in text:
        text = _MARKDOWN.sub(lambda m: m.group(m.lastindex or 0), text)
    if any(c in text for c in "\\{}$*~`"):
        text = _LEFTOVER.sub(" ", text)
    text = text.replace("\u2010", "-").replace("\u2011", "-")
    if "\u2013" in text:
        text = _COMPOUND_DASH.sub("-", text)
    if "- " in text or "-\n" in text:  # words hyphenated across a line break: "distribu- tions"
        text = _BROKEN_WORD.sub(lambda m: _rejoin(m[1], m[2], text), text)
    return " ".join(text.split()), urls


def _rejoin(left: str, right: str, text: str) -> str:
    """A word broken across a line, joined as the abstract writes it elsewhere: "representa- tions" is
    "representations", "off-the- shelf" is "off-the-shelf" (a compound keeps its hyphen)."""
    hyphenated = f"{left}-{right}"
    if hyphenated in text or (left + right not in text and "-" in left):
        return hyphenated
    return left + right


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
    ours = _WE.search(text)
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
    for at, sentence in enumerate(sentences[:_MAX_SENTENCES]):
        named = _name_in(sentence)
        if named and all(named[0] != other[0] for other in found):
            name, expansion, app = named
            found.append((name, _describe(expansion, app, " ".join(sentences[:at])), at))
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
    intros = list(_INTRO.finditer(sentence))
    start = intros[0].end() if intros else 0
    called = _CALLED.search(sentence, start) if intros or _WE.search(sentence) else None
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
            return found[0], _plain_case(found[1]), found[2]
    return None


def _acronym_after(sentence: str, start: int) -> tuple[str, str, str] | None:
    """An acronym in parentheses after its long form: "we present Laplacian flow matching (LapFlow)"."""
    for acronym in _ACRONYM.finditer(sentence, start, start + _MAX_TITLE_CHARS * 2):
        segment = re.split(r"[,;:]\s|[\u2014\u2013]", sentence[start : acronym.start()])[-1]
        name, leading, rest = acronym[1], _strip_lead(segment), sentence[acronym.end() :]
        if re.fullmatch(r"[A-Z]+s", name):  # "(LLMs)" abbreviates the field's jargon, not a method
            continue
        # Right after the verb any expansion will do ("Stimulus-Evoked Evolution Recurrent dynamics
        # (STEER)"); further away only a true acronym that is then described, lest "(FSNC)" name a method.
        if len(segment.split()) <= 8 and _expands(leading, name) and not _INSIDE_PHRASE.search(leading):
            noun = acronym[2] or ""
            # "(DOC) fine-tuning" names the method; "(STEER) framework" only says what kind it is.
            return name, leading + (f" {noun}" if noun and noun not in _GENERIC else ""), rest.lstrip(" ,\u2014\u2013:")
        words = segment.split()[-8:]
        # "a new unsupervised approach (Patch2Loc) that learns ...": a coined name given to what was just described.
        if words and words[-1] in _GENERIC and coined(name) and not _INSIDE_PHRASE.search(leading):
            return name, leading, rest.lstrip(" ,\u2014\u2013:")
        spelled = [" ".join(words[i:]) for i in range(len(words) - 1) if _spells(" ".join(words[i:]), name)]
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
        named = not before.strip() or before.endswith(", ") or before.split()[-1] in _GENERIC
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
        rest = re.sub(r"^\s*(?:[a-z][\w-]*\s+)?" + _GENERIC_NOUN + r"\b", "", rest).lstrip(" ,\u2014\u2013:-")
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
            return "".join(initials), _plain_case(" ".join(expansion.split())), -1
    return None


def _plain_case(expansion: str) -> str:
    """An expansion without the capitals that only marked initials: "VersatilE" is "Versatile"."""
    return _MARKED_INITIAL.sub(lambda m: m[0][0] + m[0][1:].lower(), expansion)


def _frequent_name(sentences: list[str], text: str) -> tuple[str, str, int] | None:
    """A coined name the abstract never introduces but keeps using as a subject: "HELIOS achieves ..."."""
    counts: dict[str, int] = {}
    ours = _WE.search(text)
    background = text[: ours.start()] if ours else text
    for sentence in sentences[:_MAX_SENTENCES]:
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


def _describe(expansion: str, app: str, before: str) -> str:
    """What the method is, from its expansion and the phrase in apposition to it."""
    problem = _PROBLEM_OF.findall(before)
    if problem:
        app = _THIS_PROBLEM.sub(problem[-1], app)
    app = _ASIDE_IN_TEXT.sub("", app).strip(" .")
    article = _article(_plain_case(_strip_lead(app))) if _INDEFINITE.match(app) else ""
    app = _HYPE.sub("", app)
    purpose = _PURPOSE.search(app)
    if expansion and purpose:
        return f"{expansion} for {_PURPOSE_END.split(purpose.group(1), maxsplit=1)[0]}"
    if expansion:
        return expansion
    # A leading infinitive is a clause, but "to" inside a noun phrase is not: "an approach to routing".
    head_end = re.match(r"to\b", app) or _cut(app, _HEAD_END)
    head = _strip_lead(app[: head_end.start()] if head_end else app)
    words = head.lower().split()
    if len(words) > 4 or (len(words) > 1 and words[-1] not in _GENERIC and not _DEMONSTRATIVE.search(head)):
        # Two words say little on their own: "a hypernetwork-based modulation that conditions the operator".
        if len(words) == 2 and head_end and head_end[0].split()[-1:] in (["that"], ["which"]):
            return f"{article} {head} that {_until(app[head_end.end() :].strip())}"
        return f"{article} {head}"
    clause = _CLAUSE.match(app[head_end.start() :].lstrip(" ,")) if head_end else None
    verb = (clause[1] or clause[2]) if clause else ""
    # "a solution that this error needs": "this" is no verb.
    if clause and verb not in _FUNCTION_WORDS and not (len(clause[3].split()) < 4 and _DEMONSTRATIVE.search(clause[3])):
        return _gerund(verb) + _until(clause[3])
    return f"{article} {head}" if words and " ".join(words) not in _GENERIC else ""


def _cut(text: str, ends: re.Pattern[str]) -> re.Match[str] | None:
    """Where the phrase at the start of text ends."""
    for cut in ends.finditer(text):
        # Past a title's length nothing is gained by looking further, and input stays linear.
        if cut.start() > _MAX_TITLE_CHARS:
            return cut
        head = _strip_lead(text[: cut.start()]).split()
        short = 1 <= len(head) <= 2 or (0 < len(head) <= 4 and head[-1] in _GENERIC)
        # "a self-correcting, training-free framework": the comma sits inside the noun phrase.
        listed = short or _LISTED_ADJECTIVE.search(text, 0, cut.start())
        if listed and _NEXT_IS_WORD.match(text, cut.start()):
            continue
        # "accuracy, robustness, and fairness": a list of words goes on past its commas.
        if _LIST_GOES_ON.match(text, cut.start()):
            continue
        # "a benchmark derived from 340 law exams": too little is said before the participle.
        word = cut[0].split()[0] if cut[0].strip()[:1].isalpha() else ""
        if not (short and word and word not in _RELATIVE):
            return cut
    return None


def _until(text: str) -> str:
    """The first clause of text."""
    cut = _cut(text, _CLAUSE_END)
    return text[: cut.start()] if cut else text


def _subject_clause(name: str, sentences: list[str]) -> tuple[str, int]:
    """What a later sentence says the method does ("X improves Y" gives "Improving Y"), and which sentence."""
    for i, sentence in enumerate(sentences):
        at = sentence.find(name)
        match = _SUBJECT_VERB.match(sentence, at + len(name)) if at >= 0 else None
        acts = match and (match[1] or re.fullmatch(r"[a-z]+[^s]s", match[2])) and match[2] not in _NOT_ACTIONS
        if match and acts and len(match[3].split()) >= 2:
            return _gerund(match[2]) + _until(match[3]), i
    return "", 0


def _contributions(sentences: list[str], skip: int) -> list[tuple[str, int, str]]:
    """The paper's contribution as titles, the likeliest first, each with its source and sentence."""
    ranked = [i for i in sorted(range(len(sentences)), key=lambda i: "in this" not in sentences[i].lower()) if i != skip]
    # "To evaluate our method, we propose the OVGO benchmark": beside a named method, an aid to its evaluation.
    if skip >= 0:
        ranked = [i for i in ranked if not _EVALUATION_AID.match(sentences[i])]
    found: list[tuple[str, int, str]] = []
    for i in ranked[:_MAX_SENTENCES]:
        # A finding ("RL emerges in LLMs at inference time") is offered too, marked as what it is.
        claimed = _claimed(sentences, i)
        source, said = ("claim", claimed) if claimed else ("stated", _stated(sentences, i))
        if said:
            found.append((source, i, said))
    # Failing a stated contribution, what "we" do at all says more than the background does.
    for i in ranked[:_MAX_SENTENCES]:
        if len(found) >= _MAX_CONTRIBUTIONS:
            break
        action = _ANY_ACTION.search(_ASIDE_IN_TEXT.sub("", sentences[i]))
        # "we theoretically and empirically reveal": a conjunction is no verb.
        if action and action[1].lower() not in _AUXILIARIES | _CONJUNCTIONS and not _EMPTY_OBJECT.match(action[2]):
            verb = action[1].lower()
            # "we make the first systematic investigation into X": the object says it, the verb adds nothing.
            said = _strip_lead(_until(action[2])) if verb in _LIGHT_VERBS else f"{_gerund(verb)} {_until(action[2])}"
            # "we bridge this critical gap by establishing X": what is done is "Establishing X".
            by_doing = _BY_DOING.match(action[2].strip())
            if by_doing:
                said = _until(by_doing[1])
            found.append(("action", i, said))
    return found[:_MAX_CONTRIBUTIONS]


def _purposes(sentences: list[str], name: str) -> list[tuple[int, str]]:
    """What the introduced method is and what it is for, from the sentences that introduce it."""
    found: list[tuple[int, str]] = []
    for i, sentence in enumerate(sentences[:_MAX_SENTENCES]):
        intro = _INTRO.search(sentence)
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
    phrase = _HYPE.sub("", _ASIDE_IN_TEXT.sub("", phrase)).strip(" ,")
    clause = _PURPOSE_CLAUSE.search(phrase, 0, _MAX_TITLE_CHARS)
    head = _strip_lead(phrase[: clause.start()]) if clause else ""
    words = head.split()
    if not clause or not 1 <= len(words) <= _MAX_HEAD_WORDS or _ends_badly(words[-1]) or re.search(r"[,;:(]", head):
        return []
    verb = next(g for g in clause.groups()[:-1] if g)
    purpose = (verb if verb.endswith("ing") else _gerund(verb)) + _until(clause[clause.lastindex or 0]).rstrip(" .")
    # "a solution that this ...": "this" is no verb.
    if verb in _FUNCTION_WORDS or verb in _NOT_ACTIONS or len(purpose.split()) < _LEAST_SAID:
        return []
    made = [f"{head} for {purpose}"]
    # "via a hybrid reinforcement learning framework" reads as "via hybrid reinforcement learning".
    method = words[:-1] if words[-1].lower() in _SAYS_IT_EXISTS else words
    said = _shorten(purpose, _MAX_DESCRIPTION_WORDS - len(method) - 1)
    if len(method) >= _LEAST_SAID and len(said.split()) > _LEAST_SAID and not _INSIDE_PHRASE.search(" ".join(method)):
        made.append(f"{said} via {' '.join(method)}")
    return made


def _claimed(sentences: list[str], i: int) -> str:
    """The finding sentence i claims ("we show that X"), if it claims one."""
    claim = _CLAIM.search(_ASIDE_IN_TEXT.sub("", sentences[i]))
    if not claim:
        return ""
    # "under mild assumptions, the iterates converge": the finding is the main clause after the condition.
    said = _CONDITION.sub("", claim[1], count=1)
    if re.match(r"(?i)(?:our|the proposed|this|these|it|they|we|such)\b", said):
        return ""
    return _until(said)


def _stated(sentences: list[str], i: int) -> str:
    """The contribution sentence i states, if it states one."""
    sentence = _ASIDE_IN_TEXT.sub("", sentences[i])
    stated = _OBJECT.search(sentence)
    if not stated or _EMPTY_OBJECT.match(stated[1]):
        return ""
    # "we introduce \\ourmethod, a ...": the unknown macro is gone, its apposition stays.
    obj = _HYPE.sub("", stated[1]).lstrip(" ,")
    # "we identify a mechanism: MoEs can outperform ..."; "we address this gap by adding ..."
    labelled = _LABEL.match(obj) or _BY_DOING.match(obj)
    if labelled:
        return _until(labelled[1])
    to = _INFINITIVE.match(obj)
    if to:
        return _gerund(to[1]) + _until(to[2])
    return _describe("", obj, " ".join(sentences[:i])) or _until(obj)


def _bare(description: str, name: str) -> str:
    """A description without its article and generic head: "An efficient data selection framework for X" is
    "Efficient data selection for X", as real titles write it; "" when nothing would be left to name it."""
    bare = _BARE.match(description)
    last = bare[1].split()[-1] if bare else ""
    # "ICRL prompting: Multi-round prompting for ..." stutters; the generic head keeps it apart from the name.
    if not bare or _ends_badly(last) or last.lower() in name.lower().split():
        return ""
    return bare[1] + bare[2]


def _prefix(text: str) -> str:
    """The opening clause, for abstracts too short or too odd to state a contribution."""
    clause = _FIRST_CLAUSE.split(text + " ", maxsplit=1)[0].strip() or text
    if " " not in clause:
        return clause[:40]
    return _shorten(clause, _MAX_WORDS)


def _shorten(text: str, limit: int) -> str:
    """At most limit words, cut before a preposition so that the rest still reads as a phrase."""
    # "analyzing these explanations" reads as "analyzing explanations" out of context.
    words = _HYPE.sub("", text).split()
    # "instability in this setting" points back at a sentence the title does not have: the phrase goes.
    pointing = [i for i in range(3, len(words) - 1) if words[i].lower() in _PREPOSITIONS and words[i + 1].lower() in _POINTERS]
    words = words[: pointing[0]] if pointing else words
    # "analyzing these explanations" reads as "analyzing explanations", but "resolves this gap" says nothing
    # without the sentence before it ("resolving gap"): the gate faults it.
    words = words[:1] + [
        word
        for word, following in itertools.pairwise([*words[1:], ""])
        if word.lower() not in _POINTERS or _VAGUE_REFERENT.fullmatch(following.lower().strip(",.;:"))
    ]
    if len(words) > limit:
        cuts = [i for i in range(3, limit + 1) if words[i].lower() in _CUT_BEFORE]
        words = words[: cuts[-1] if cuts else limit]
    while len(words) > 1 and (words[-1].lower() in _NO_LAST or _ends_badly(words[-1])):
        # "and replays them" without its object ends on a verb that reads as a plural noun: the verb goes too.
        if words.pop().lower().strip(",;:.") in _OBJECT_PRONOUNS and len(words) > 1:
            words.pop()
    return " ".join(words)


def _ends_badly(word: str) -> bool:
    word = word.lower().strip(",;:.")
    return word in _FUNCTION_WORDS or bool(_bad_end(word))


def _polish(title: str) -> str:
    if len(title) > _MAX_TITLE_CHARS:
        title = title[:_MAX_TITLE_CHARS].rpartition(" ")[0] or title[:_MAX_TITLE_CHARS]
    title = re.sub(r"\s+", " ", title).strip(" ,;:.\u2013\u2014-_\"'\u201c\u201d\u2018\u2019")
    if title.count("(") != title.count(")"):
        title = re.sub(r"\s*[()]\s*", " ", title).strip()
    if title.count("\u201c") != title.count("\u201d") or title.count('"') % 2:
        title = re.sub(r"[\u201c\u201d\"]", "", title)
    # A name keeps the capitals it was given ("EFDiff"); only what follows it may have marked its initials.
    name, separator, rest = title.rpartition(_NAME_SEPARATOR)
    title = name + separator + _plain_case(rest)
    # ", for policy fine-tuning": a comma the sentence needed, the title does not.
    title = _COMMA_BEFORE_PURPOSE.sub(" ", title)
    # "Optimizing one layer and merges coefficients": a verb joined to a gerund is a gerund too.
    title = _JOINED_VERB.sub(
        lambda m: f"and {m[1] or ''}{_gerund(m[2])}" if _GERUND_BEFORE.search(title, 0, m.start()) else m[0], title
    )
    # Sentence case, but a word with capitals inside (iPhone, t-SNE) keeps its own.
    title = re.sub(r"(?:^|: )[a-z](?=[^\sA-Z]*(?:\s|$))", lambda m: m.group(0).upper(), title)
    return title or "Untitled"


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


@functools.lru_cache(maxsize=_STEMS_KEPT)
def _spells(expansion: str, name: str) -> bool:
    """Whether the name's capitals are initials of the expansion's words, in order."""
    initials = iter(part[0].lower() for part in re.split(r"[\s-]+", expansion) if part)
    return _expands(expansion, name) and all(c.lower() in initials for c in name if c.isupper() or c.isdigit())


def _strip_lead(phrase: str) -> str:
    return _LEADING_ARTICLE.sub("", _HYPE.sub("", phrase.strip()))


def _article(phrase: str) -> str:
    return "an" if _VOWEL_SOUND.match(phrase) else "a"


def _gerund(verb: str) -> str:
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
