"""The words every part of title making shares: the authors' verbs, the heads and hype that say nothing, the
function words, and what a word's ending says of its class.

The lists are general English and the field's vocabulary, never a word of a single paper.
"""

from __future__ import annotations

import functools
import re

# Names are looked for in the first sentences only; real abstracts have fewer.
MAX_SENTENCES = 30
# Garbage input can hold "words" thousands of characters long.
MAX_TITLE_CHARS = 160
# The length of most real titles, in words.
SHORTEST, LONGEST = 6, 12
# Fewer words than this say too little.
LEAST_SAID = 2
# How many words may spell out an acronym.
SPELLED_WORDS = 5
# A conference's vocabulary, with room to spare.
STEMS_KEPT = 1 << 16
NAME_SEPARATOR = ": "
WORD = re.compile(r"[^\W_][\w'-]*")

# Who does what: "we propose", "this paper introduces", "we analyze X and introduce".
SUBJECT = (
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
INTRO = re.compile(
    SUBJECT + r"(?i:propose|present|introduce|develop|design|devise|build|construct|release|create|curate|unveil"
    r"|puts? forward)(?:s|d|ed)?(?:\s+and\s+[a-z]+)?\b|" + _SUBJECT_BY + r"(?:[a-z]+ing\b[^.;]{0,120}?\band\s+)?"
    r"(?i:propos|present|introduc|develop|design|build|construct|creat)ing\b|" + _SUBJECT_WITH
)
WE = re.compile(r"(?i)\b(?:we|our)\b")
# "to our knowledge" and "to the ..." are not infinitives.
TO_VERB = r"to\s+(?:[a-z]+ly\s+)?(?!(?:our|the|an?|this|these|its|their|be|date)\b)([a-z]+)"

# The grammar gate lets no title open on a subordinator, a pronoun, a wh-word or a preposition, nor end on any of
# these function words.
SUBORDINATORS = {"while", "although", "though", "because", "since", "if", "whereas", "unless", "as", "whether", "once",
                 "after", "before", "until", "so", "but", "and", "or", "yet", "thus", "hence", "therefore", "despite",
                 "both", "either", "neither"}  # fmt: skip
PRONOUNS = {"it", "its", "they", "them", "their", "we", "our", "us", "this", "these", "those", "that", "he", "she",
            "his", "her", "you", "your", "i", "one", "such", "there"}  # fmt: skip
WH_WORDS = {"how", "what", "why", "which", "who", "whom", "whose", "where", "when"}
PREPOSITIONS = {"of", "for", "to", "in", "on", "with", "by", "via", "from", "at", "into", "onto", "under", "over",
                "between", "through", "across", "without", "within", "about", "among", "towards", "toward", "against",
                "beyond", "upon", "during", "than", "like", "unlike", "per", "along", "behind", "around", "throughout"}  # fmt: skip
_DETERMINERS = {"a", "an", "the", "each", "every", "all", "any", "some", "no", "both", "either", "neither", "more", "most",
                "less", "many", "much", "few", "several", "other", "another", "own", "not", "only", "also", "very"}  # fmt: skip
AUXILIARY_VERBS = {"is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "do", "does", "did", "can",
                   "could", "will", "would", "may", "might", "must", "should", "shall"}  # fmt: skip
FUNCTION_WORDS = SUBORDINATORS | PRONOUNS | WH_WORDS | PREPOSITIONS | _DETERMINERS | AUXILIARY_VERBS
CONJUNCTIONS = {"and", "or", "but", "nor", "yet", "so"}
RELATIVE = {"that", "which", "who", "where", "whereby", "while", "whereas", "thereby", "and"}
POINTERS = ("this", "these")
INSIDE_PHRASE = re.compile(r"\b(?:for|with|to|in|on|by|via|from|that|which)\b")
# Asides such as "(TTA)" or "(see Fig. 2)" have no place in a title.
ASIDE_IN_TEXT = re.compile(r"\s\([^()]{0,60}\)")

# What a method is called when the abstract says only that there is one: "a novel framework".
GENERIC_NOUN = (
    r"(?:framework|approach|method|model|technique|strategy|algorithm|paradigm|system|pipeline|architecture"
    r"|solution|scheme|procedure|mechanism|formalism)"
)
GENERIC = set(GENERIC_NOUN[3:-1].split("|"))
# Heads that only say a method exists; "model" and "system" end terms of art ("latent diffusion model"),
# "pipeline" and "architecture" say what it is ("a hybrid human-machine pipeline").
SAYS_IT_EXISTS = {"framework", "approach", "method", "technique", "strategy", "paradigm", "scheme"}
# "An approach to dynamic routing" says only that a method exists; what it is for is the title.
EXISTS_HEADS = SAYS_IT_EXISTS | {"tool", "solution"}
HYPE = re.compile(
    r"\b(?:novel|new|simple|first|first-of-its-kind|fundamental|innovative|dramatic|significant|substantial"
    r"|seamlessly|effectively|surgically|successfully|surprisingly|conclusively|significantly)(?:,?\s+and|,|\s+yet)?\s+",
    re.I,
)
# Words that say a paper exists, not what it is about.
VAGUE = GENERIC | {"novel", "new", "simple", "lightweight", "efficient", "effective", "generic", "general", "powerful",
                   "paper", "work", "study", "results", "experiments", "performance", "state-of-the-art", "existing",
                   "baselines", "extensive", "proposed", "tool", "toolkit", "thing", "way", "ways", "various", "several",
                   "show", "shows", "achieve", "achieves", "demonstrate", "outperforms", "significantly", "yet",
                   "presenting", "proposing", "introducing", "considering", "performing", "conducting", "achieving",
                   "providing", "furthering", "making", "using", "doing", "having", "getting", "taking"}  # fmt: skip
# What kind of thing a paper offers, which says nothing of what it is about: "TPRU: A large-scale dataset".
_KINDS = {"dataset", "datasets", "benchmark", "benchmarks", "large-scale", "comprehensive", "unified", "module",
          "suite", "collection", "corpus", "library", "platform"}  # fmt: skip
SAYS_NOTHING = FUNCTION_WORDS | VAGUE | _KINDS
# What "this" or "these" points back at when the noun alone says nothing: "bridge this gap", "apply this framework".
VAGUE_REFERENT = re.compile(
    r"(?:gap|challenge|limitation|question|problem|issue|phenomenon|setting|assumption|trade-?off|dilemma|trilemma"
    r"|bottleneck|need|barrier|idea|lens|perspective|principle|notion|hypothesis|difficulty|inefficiency|tension"
    r"|dichotomy|concern|requirement|shortcoming|deficiency|discrepancy|mismatch|disconnect|observation|insight"
    r"|finding|view|goal|paradigm|" + GENERIC_NOUN[3:-1] + r")s?"
)

# Nor does a title end on an adjective or a participle. Without a tagger, adjectives are told by their
# endings, less the nouns that share them.
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
_PARTICIPLE_END = re.compile(r"(?:[^e]ed|[^aeiou]ied|(?:driv|giv|chos|hidd|writt|tak|brok|prov|bitt|draw|grow|know|shown|se)en)$")
_NOT_PARTICIPLES = {"need", "seed", "speed", "feed", "embed", "bed", "red", "shed", "breed", "weed", "hundred", "proceed",
                    "exceed", "succeed", "bleed", "creed", "greed", "deed", "reed", "tweed", "indeed", "kindred",
                    "token", "open", "seen", "unseen", "screen", "green", "queen", "even", "heaven", "oven", "linen"}  # fmt: skip
PLURAL = re.compile(r"(?<!ic)[^siu]s$")
_SUFFIX = re.compile(r"(?:ing|ed|es|s)$")


@functools.lru_cache(maxsize=STEMS_KEPT)
def bad_end(word: str) -> str:
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


@functools.lru_cache(maxsize=STEMS_KEPT)
def stem(word: str) -> str:
    """A crude stem, enough to count "models" with "model" and "learning" with "learned"."""
    return _SUFFIX.sub("", word) if len(word) > 4 else word
