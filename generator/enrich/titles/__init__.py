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

One module per part, in the order a title is made: clean (the abstract as
plain text) → names (the method it names) → tasks (what it is about) →
candidates (the titles offered, made with phrases) → gate (what is wrong with
one) → choose (the choice, and derive_titles, the entry point). lexicon holds
the words they share.

The word lists are general English and field vocabulary. The weights
(WEIGHTS) were fitted on one half of the ICLR 2026 dev file by
tools/fit_titles.py and belong to the features: nothing derived from a
single paper is kept.
"""

from .choose import FEATURES, WEIGHTS, Embed, candidate_features, derive_title, derive_titles
from .gate import title_defects
from .names import coined

__all__ = [
    "FEATURES",
    "WEIGHTS",
    "Embed",
    "candidate_features",
    "coined",
    "derive_title",
    "derive_titles",
    "title_defects",
]
